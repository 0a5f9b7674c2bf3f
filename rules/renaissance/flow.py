"""Turn order and phase flow: who acts, and moving on when nobody has to (AOR-R2, R16-R27).

Who acts is the decision on top of the state's stack (``rules.core.decisions``): the
phase's own order at the bottom (``RenaissanceState.order_of_play``), the decisions
interrupting it above. ``advance`` moves the order on (skipping steps without a real choice,
closing finished phases) and ``follow_order`` keeps the bottom of the stack at it."""

from __future__ import annotations

from rules.core import Event, term
from rules.core.engine import quiet
from rules.core.models import event
from rules.renaissance.cards import next_war_round, play_options
from rules.renaissance.components import data
from rules.renaissance.deck import discard_card, draw
from rules.renaissance.economy import pay_bank
from rules.renaissance.effects import has
from rules.renaissance.endturn import end_of_turn
from rules.renaissance.expansion import can_buy_card, start_phase
from rules.renaissance.model import Phase, RenaissanceState
from rules.renaissance.purchase import relief_options, stabilization_cost
from rules.renaissance.versions import V2

SEQUENCE: tuple[Phase, ...] = ("buyoff", "buy_cards", "play", "purchase", "expansion")


def available_capitals(state: RenaissanceState) -> list[str]:
    return state.capitals()


def setup_done(state: RenaissanceState, seat: str) -> bool:
    return state.setup_done(seat)


def to_act(state: RenaissanceState) -> frozenset[str]:
    """The deciders of the decision on top of the stack (``rules.core.decisions.deciding``;
    nobody once the game is over)."""
    stack = state.decisions
    if state.phase == "over" or not stack:
        return frozenset()
    return stack[-1].deciders()


current = RenaissanceState.in_turn
"""The seat acting in a sequential phase, or ``None`` when the phase is finished."""


def _q_eligible(state: RenaissanceState, seat: str) -> bool:
    return state.may_swap(seat)


def playable(state: RenaissanceState, seat: str) -> bool:
    final = state.phase == "final_play"
    return any(play_options(state, seat, c, final) for c in state.players[seat].hand)


def _auto_skip(state: RenaissanceState, seat: str, events: list[Event]) -> bool:
    """Mark the step of ``seat`` (in turn) done when it offers no real choice; True when
    something changed."""
    p = state.players[seat]  # read here; changed through state.player
    if state.phase in ("play", "final_play") and not playable(state, seat):
        state.player(seat).play_done = True
        next_war_round(state, events)
        return True
    if state.phase == "purchase":
        if p.purchase_step == "stabilize" and stabilization_cost(state, seat) == 0:
            state.player(seat).purchase_step = "relief"
            return True
        if p.purchase_step == "relief" and relief_options(state, seat) == [0]:
            state.player(seat).purchase_step = "done"
            return True
    if state.phase == "expansion" and p.expansion == 0 and not can_buy_card(state, seat):
        state.player(seat).expansion_done = True
        return True
    return False


def advance(state: RenaissanceState, events: list[Event]) -> None:
    """Move the game on until someone has a decision (or the game is over); a seat whose
    turn it is in the phase's order goes on the stack (``turn_of``)."""
    for _ in range(10_000):
        if state.phase in ("over", "setup", "bid") or state.interrupting() is not None:
            if state.phase == "bid" and _bids_made(state):
                reveal_bids(state, events)
                continue
            return
        if not state.active():
            state.phase = "over"
            return
        seat = current(state)
        if seat is not None:
            if _auto_skip(state, seat, events):
                continue
            state.turn_of(seat)
            return
        _finish_phase(state, events)
    raise RuntimeError("renaissance: the flow did not settle")


def _bids_made(state: RenaissanceState) -> bool:
    """AOR-R20: every player still in the game has sealed a bid."""
    return state.interrupting() is None and all(
        state.players[s].token_bid is not None for s in state.active()
    )


def enter(state: RenaissanceState, phase: Phase, events: list[Event]) -> None:
    """Open ``phase``, after a Renaissance [Q] swap window when one is possible."""
    if phase == "expansion":
        start_phase_order(state, events)
    state.next_phase = phase
    if any(_q_eligible(state, s) for s in state.active()):
        state.phase = "q_swap"
        return
    _open(state, phase, events)


def start_phase_order(state: RenaissanceState, events: list[Event]) -> None:
    from rules.renaissance.expansion import civil_war_last

    civil_war_last(state, events)


def _open(state: RenaissanceState, phase: Phase, events: list[Event]) -> None:
    state.phase = phase
    state.cursor = 0
    if not quiet(events):
        events.append(
            event(key="renaissance.event.phase", args={"phase": term(f"renaissance.phase.{phase}")})
        )
    holders = [s for s in state.active() if has(state, s, "wind_watermill")]
    if phase == "buyoff" and state.options.euro_watermill and holders:
        state.phase = "watermill"
    if phase == "expansion":
        start_phase(state, events)


def _finish_phase(state: RenaissanceState, events: list[Event]) -> None:
    phase = state.phase
    if phase == "q_swap":
        _open(state, state.next_phase, events)
    elif phase == "watermill":
        state.phase = "buyoff"
        state.cursor = 0
    elif phase == "buyoff":
        _draw_phase(state, events)
        enter(state, "buy_cards", events)
    elif phase == "buy_cards":
        enter(state, "play", events)
    elif phase == "play":
        state.wars = []
        enter(state, "purchase", events)
    elif phase == "purchase":
        state.bank_net -= state.on_leaders  # AOR-R49: money left on leaders to the bank
        state.on_leaders = 0
        for play in state.leaders:
            play.protection = 0
        enter(state, "expansion", events)
    elif phase == "expansion":
        if state.rules_version >= V2:
            # AOR-R26: "플레이어가 고른 단계가 시작될 때" - phase 7 opens with a swap window too
            enter(state, "end_turn", events)
        else:
            _end_turn(state, events)
    elif phase == "end_turn":
        _end_turn(state, events)
    elif phase == "final_play":
        state.wars = []
        state.phase = "over"
        events.append(event(key="renaissance.event.game_over", args={}))


def _end_turn(state: RenaissanceState, events: list[Event]) -> None:
    """Phase 7 (AOR-R110-R116), then the final card play or the next turn (AOR-R117)."""
    end_of_turn(state, events)
    if state.end_triggered or any(len(p.advances) == 26 for p in state.players.values()):
        state.phase = "final_play"
        for seat in list(state.players):
            state.player(seat).play_done = False
        events.append(event(key="renaissance.event.final_play", args={}))
    else:
        start_turn(state, events)


def _draw_phase(state: RenaissanceState, events: list[Event]) -> None:
    """AOR-R31 (and AOR-A21): each player draws one card in order of play."""
    if state.options.skip_turn1_draw and state.turn == 1:
        return
    for s in state.active():
        draw(state, s, events)


def start_turn(state: RenaissanceState, events: list[Event]) -> None:
    """Reset the turn and open phase 1 (secret order-of-play bids)."""
    state.turn += 1
    if state.turn == 2 and state.held_aside:  # AOR-R11 step 6, 5-6 players
        pile = state.draw_pile + state.held_aside
        pile.sort()
        state.rng.shuffle(pile)
        state.draw_pile = pile
        state.held_aside = []
        events.append(event(key="renaissance.event.held_cards", args={}))
    for seat in list(state.players):
        p = state.player(seat)
        p.token_bid = None
        p.upgraded_ship = False
        p.purchase_step = "buy"
        p.bought_this_turn = []
        p.v_decided = p.p_decided = p.play_done = p.expansion_done = False
        p.expansion_card = p.q_used = p.enlightened_ruler = p.watermill_used = False
        p.q_passed = None
        p.cathedral_against = []
    for play in state.leaders:
        discard_card(state, play.card)
    state.leaders = []
    state.military = []
    state.papal_ban = None
    state.crusades_this_turn = state.strife_this_turn = False
    state.civil_war_victim = None
    state.shipped = {}
    state.attempted = []
    state.cards_bought_expansion = 0
    state.phase = "bid"
    if not quiet(events):
        events.append(event(key="renaissance.event.turn", args={"turn": state.turn}))
    if state.time_up:  # v1 AOR-A12: the limit passed at a turn start; this turn is the last
        state.end_triggered = True
        events.append(event(key="renaissance.event.last_turn", args={}))


def time_agreed(state: RenaissanceState, events: list[Event]) -> None:
    """v2, AOR-R117 (3) "플레이하기로 한 시간이 다 되었다", "마지막은 턴 종료 단계(5.7)로 끝납니다":
    once every player still in the game has agreed the time is up, the current turn is the
    last and ends with phase 7 (a player who fell into chaos meanwhile is not asked)."""
    if state.rules_version < V2 or state.time_up or not state.time_votes:
        return
    active = state.active()
    if not active or any(s not in state.time_votes for s in active):
        return
    state.time_up = True
    state.end_triggered = True
    events.append(event(key="renaissance.event.time_agreed", args={}))


def reveal_bids(state: RenaissanceState, events: list[Event]) -> None:
    """AOR-R20-R25: reveal every bid at once, pay, take tokens, set the order of play."""
    active = state.active()
    for s in active:
        p = state.player(s)
        bid = p.token_bid or 0
        pay_bank(state, s, abs(bid))
        tokens = min(max(bid, 0), p.stock)
        p.stock -= tokens
        p.expansion += tokens
        p.written_cash = p.cash
        p.last_token_bid = bid
    order = sorted(
        active, key=lambda s: (state.players[s].last_token_bid, -state.players[s].pick_rank)
    )
    state.order = order + [s for s in state.order if s not in order]
    used = data().oop.boxes[str(state.options.players)]
    state.boxes = {s: used[i] for i, s in enumerate(order)}
    if not quiet(events):
        events.append(
            event(
                key="renaissance.event.bids_revealed",
                args={
                    "seats": order,
                    "bids": [state.players[s].last_token_bid for s in order],
                },
                reveals=True,
            )
        )
    for seat in list(state.players):
        player = state.player(seat)
        player.start_advances = list(player.advances)
    enter(state, "buyoff", events)
