"""``apply``: check an action against the legal list, resolve it, move the flow on."""

from __future__ import annotations

from typing import Literal

from rules.core import Event, RuleViolation, term
from rules.core.engine import Engine, Refusal, quiet, refusal
from rules.core.models import event
from rules.renaissance.actions import (
    Attack,
    BuyAdvance,
    BuyCard,
    BuyOff,
    CapitalBid,
    CathedralDefence,
    Cede,
    CivilWarLoss,
    DiscardCard,
    EndStep,
    ExpansionCard,
    GiveCard,
    PirateTarget,
    Place,
    PlayCard,
    QSwap,
    RankCapital,
    Relief,
    RemovalSource,
    RenaissanceAction,
    ReturnCard,
    Stabilize,
    TimeUp,
    TokenBid,
    UpgradeShip,
    Watermill,
    WatermillSwap,
)
from rules.renaissance.cards import next_war_round, reduce_dm, resolve
from rules.renaissance.components import data
from rules.renaissance.deck import card_term, discard_card, draw
from rules.renaissance.economy import pay_bank
from rules.renaissance.expansion import (
    attack,
    buy_card,
    place,
    renumber,
    resolve_attack,
    watermill_roll,
)
from rules.renaissance.flow import advance, setup_done, start_turn, time_agreed, to_act
from rules.renaissance.legal import _pending, is_legal, legal_actions
from rules.renaissance.model import Choice, Pending, RenaissanceState
from rules.renaissance.purchase import buy, relieve, stabilize, upgrade
from rules.renaissance.setup import finish_setup
from rules.renaissance.versions import V2


def is_over(state: RenaissanceState) -> bool:
    return state.phase == "over"


def _refuse(
    code: Refusal, state: RenaissanceState, seat: str, action: RenaissanceAction
) -> RuleViolation:
    if code in ("game_over", "not_your_turn"):
        return refusal("renaissance.error", code)
    return refusal("renaissance.error", "illegal_action", "illegal")


def _time_up(
    state: RenaissanceState, seat: str, action: RenaissanceAction, events: list[Event]
) -> None:
    """The anytime action (AOR-R10, R117 (3), A12): the agreed playing time is over."""
    if state.rules_version < V2:
        state.time_up = True
        events.append(event(key="renaissance.event.time_up", args={"seat": seat}, seat=seat))
        return
    state.time_votes.append(seat)
    events.append(
        event(
            key="renaissance.event.time_vote",
            args={
                "seat": seat,
                "count": len(state.time_votes),
                "total": len(state.active()),
            },
            seat=seat,
        )
    )
    time_agreed(state, events)


def _dispatch_any(
    state: RenaissanceState, seat: str, action: RenaissanceAction, events: list[Event]
) -> None:
    if state.interrupting() is not None:
        _resolve_pending(state, seat, action, events)
    else:
        _dispatch(state, seat, action, events)


def _settle(state: RenaissanceState, events: list[Event]) -> None:
    settle(state, events)
    if state.rules_version >= V2:
        _mark_chaos(state)


def _is_time_up(action: RenaissanceAction) -> bool:
    return isinstance(action, TimeUp)


def _mark_chaos(state: RenaissanceState) -> None:
    """v2: record when players fell into chaos (those of one action share a place), for the
    ranking when no one is left (AOR-R116: "'1000'이 표시된 칸을 넘어선 플레이어는 즉시 게임에서
    탈락합니다")."""
    new = [s for s, p in state.players.items() if p.eliminated and not p.out_order]
    if new:
        mark = 1 + max(p.out_order for p in state.players.values())
        for seat in new:
            state.player(seat).out_order = mark


def anytime_actions(state: RenaissanceState, seat: str) -> list[RenaissanceAction]:
    """AOR-R10, R117 (3), A12: with a time limit, a seated player may say the agreed time is
    over. Version 1: one player's word ends the game after the next turn. Version 2: each
    player still in the game agrees once; with everyone's agreement the current turn is the
    last (the rules never read a clock; the players agreed the time, so they agree it is up).
    """
    if state.options.time_limit_minutes <= 0 or state.time_up or seat not in state.seats:
        return []
    if state.phase in ("setup", "final_play", "over"):
        return []
    if state.rules_version >= V2 and (state.players[seat].eliminated or seat in state.time_votes):
        return []
    return [TimeUp()]


ENGINE: Engine[RenaissanceState, RenaissanceAction] = Engine(
    is_over=is_over,
    to_act=to_act,
    legal_actions=legal_actions,
    refuse=_refuse,
    dispatch=_dispatch_any,
    settle=_settle,
    is_anytime=_is_time_up,
    anytime_actions=anytime_actions,
    anytime=_time_up,
    seat_check=False,
    is_legal=is_legal,
    copy=RenaissanceState.step_copy,
)
apply = ENGINE.apply
apply_trusted = ENGINE.apply_trusted
step = ENGINE.step
"""``apply_trusted``'s new state alone, no events kept or built (an AI's search)."""


def settle(state: RenaissanceState, events: list[Event]) -> None:
    """Drop pending decisions without any option, run the flow on, and bring the bottom of
    the decision stack up to the phase's order."""
    time_agreed(state, events)  # v2: a player who had not agreed may have fallen into chaos
    for _ in range(1000):
        while (item := state.interrupting()) is not None and not _pending(state, item.seat):
            state.decisions.pop()
        advance(state, events)
        item = state.interrupting()
        if item is None or _pending(state, item.seat):
            if item is not None or state.phase in ("setup", "bid", "over"):
                state.follow_order()  # else advance has put the seat in turn on the stack
            return
    state.follow_order()


def _secret(seat: str, key: str, amount: int) -> list[Event]:
    """Own confirmation (only the chooser sees it) and a public 'has chosen' line."""
    return [
        event(key=key, args={"amount": amount}, seat=seat, visible_to=[seat]),
        event(key="renaissance.event.submitted", args={"seat": seat}, seat=seat),
    ]


def _dispatch(
    state: RenaissanceState, seat: str, action: RenaissanceAction, events: list[Event]
) -> None:
    player = state.player(seat)
    if isinstance(action, ReturnCard):
        player.returned = action.card
        if not quiet(events):
            events.append(
                event(
                    key="renaissance.event.returned",
                    args={"card": card_term(action.card)},
                    seat=seat,
                    visible_to=[seat],
                )
            )
    elif isinstance(action, RankCapital):
        player.ranking.append(action.capital)
        if not quiet(events):
            events.append(
                event(
                    key="renaissance.event.ranked",
                    args={"capital": term(f"renaissance.province.{action.capital}")},
                    seat=seat,
                    visible_to=[seat],
                )
            )
    elif isinstance(action, CapitalBid):
        player.capital_bid = action.amount
        if not quiet(events):
            events.extend(_secret(seat, "renaissance.event.capital_bid", amount=action.amount))
        choice = state.decisions[-1] if state.decisions else None
        if isinstance(choice, Choice) and setup_done(state, seat):
            state.decisions[-1] = choice = choice.answered(seat)
        if all(setup_done(state, s) for s in state.seats):
            if isinstance(choice, Choice):
                state.decisions.pop()
            finish_setup(state, events)
            start_turn(state, events)
    elif isinstance(action, TokenBid):
        player.token_bid = action.amount
        choice = state.decisions[-1] if state.decisions else None
        if isinstance(choice, Choice):
            state.decisions[-1] = choice.answered(seat)
        if not quiet(events):
            events.extend(_secret(seat, "renaissance.event.token_bid", amount=action.amount))
    elif isinstance(action, QSwap):
        if action.direction == "none":
            player.q_passed = state.next_phase  # may still swap at a later phase this turn
        else:
            player.q_used = True
            active = state.active()
            i = active.index(seat)
            j = i - 1 if action.direction == "before" else i + 1
            other = active[j]
            a, b = state.order.index(seat), state.order.index(other)
            state.order[a], state.order[b] = other, seat
            renumber(state)
            events.append(
                event(key="renaissance.event.q_swap", args={"seat": seat, "other": other})
            )
    elif isinstance(action, Watermill):
        state.cursor = 1
        if action.commodity is not None and action.change != "none":
            n = state.markers.get(action.commodity, 0)
            if action.change == "remove":
                n -= 1 if n > 0 else -1
            else:
                n += 1 if action.change == "shortage" else -1
            state.markers[action.commodity] = n
            state.markers = {c: v for c, v in state.markers.items() if v}
            events.append(
                event(
                    key="renaissance.event.watermill_marker",
                    args={
                        "seat": seat,
                        "commodity": term(f"renaissance.commodity.{action.commodity}"),
                        "change": term(f"renaissance.change.{action.change}"),
                    },
                )
            )
    elif isinstance(action, BuyOff):
        pay_bank(state, seat, data().commodities[action.commodity].value)
        n = state.markers[action.commodity]
        state.markers[action.commodity] = n - (1 if n > 0 else -1)
        state.markers = {c: v for c, v in state.markers.items() if v}
        events.append(
            event(
                key="renaissance.event.buy_off",
                args={"seat": seat, "commodity": term(f"renaissance.commodity.{action.commodity}")},
            )
        )
    elif isinstance(action, EndStep):
        _end_step(state, seat, events)
    elif isinstance(action, BuyCard):
        player.v_decided = True
        if action.buy:
            pay_bank(state, seat, 10)
            events.append(event(key="renaissance.event.bought_card", args={"seat": seat}))
            draw(state, seat, events)
    elif isinstance(action, DiscardCard):
        player.p_decided = True
        if action.card is not None:
            player.hand.remove(action.card)
            discard_card(state, action.card)
            events.append(event(key="renaissance.event.discarded", args={"seat": seat}))
    elif isinstance(action, PlayCard):
        resolve(state, seat, action, events)
    elif isinstance(action, UpgradeShip):
        upgrade(state, seat, events)
    elif isinstance(action, BuyAdvance):
        buy(state, seat, action.letter, action.claims, events)
    elif isinstance(action, Stabilize):
        stabilize(state, seat, action.pay, events)
        player.purchase_step = "relief"
    elif isinstance(action, Relief):
        relieve(state, seat, action.boxes, events)
        player.purchase_step = "done"
    elif isinstance(action, Place):
        place(state, seat, action.province, events)
    elif isinstance(action, Attack):
        attack(state, seat, action.province, action.cathedral, events)
    elif isinstance(action, ExpansionCard):
        buy_card(state, seat, events)


def _end_step(state: RenaissanceState, seat: str, events: list[Event]) -> None:
    player = state.player(seat)
    if state.phase == "buyoff":
        state.cursor = 1
    elif state.phase == "play":
        player.play_done = True
        if not quiet(events):
            events.append(event(key="renaissance.event.passed", args={"seat": seat}))
        next_war_round(state, events)
    elif state.phase == "purchase":
        player.purchase_step = "stabilize"
    elif state.phase == "expansion":
        player.expansion_done = True


def _resolve_pending(
    state: RenaissanceState, seat: str, action: RenaissanceAction, events: list[Event]
) -> None:
    item = state.decisions.pop()
    assert isinstance(item, Pending)
    player = state.player(seat)
    if isinstance(action, CivilWarLoss):
        if action.lose == "cash":
            loss = min(-(-player.written_cash // 2), player.cash)
            pay_bank(state, seat, loss)
            if loss:  # nothing lost is not news
                events.append(
                    event(key="renaissance.event.cash_lost", args={"seat": seat, "amount": loss})
                )
        else:
            loss = -(-player.expansion // 2)
            player.expansion -= loss
            player.stock += loss
            if loss:
                events.append(
                    event(key="renaissance.event.tokens_lost", args={"seat": seat, "count": loss})
                )
    elif isinstance(action, RemovalSource):
        if action.source == "expansion" and item.province is not None:
            player.expansion -= 1
            prov = state.province(item.province)
            prov.tokens[seat] = prov.tokens.get(seat, 0) + 1
    elif isinstance(action, Cede):
        assert item.other is not None
        prov = state.province(action.province)
        prov.dm = item.other
        events.append(
            event(
                key="renaissance.event.ceded",
                args={
                    "seat": seat,
                    "other": item.other,
                    "province": term(f"renaissance.province.{action.province}"),
                },
            )
        )
        if item.count > 1:
            state.decisions.append(item.model_copy(update={"count": item.count - 1}))
    elif isinstance(action, PirateTarget):
        reduce_dm(state, action.province, events)
        if item.count > 1:
            state.decisions.append(item.model_copy(update={"count": item.count - 1}))
    elif isinstance(action, WatermillSwap):
        assert item.province is not None and item.other is not None
        if action.attempt and watermill_roll(state, seat, item.province, item.other, events):
            state.decisions.append(Pending(seat=seat, kind="watermill_give", other=item.other))
    elif isinstance(action, CathedralDefence):
        assert item.province is not None and item.other is not None
        if action.declare:
            player.cathedral_against.append(item.other)
        mode: Literal["defender", "dice"] = "defender" if action.declare else "dice"
        resolve_attack(state, item.other, item.province, item.count, mode, events)
    elif isinstance(action, GiveCard):
        assert item.other is not None
        loser = state.player(item.other)
        taken = loser.hand[state.rng.randbelow(len(loser.hand))]
        loser.hand.remove(taken)
        player.hand.remove(action.card)
        loser.hand.append(action.card)
        player.hand.append(taken)
        both = [seat, item.other]
        events.append(
            event(key="renaissance.event.swapped", args={"seat": seat, "other": item.other})
        )
        events.append(
            event(
                key="renaissance.event.swapped_cards",
                args={"given": card_term(action.card), "taken": card_term(taken)},
                visible_to=both,
                reveals=True,
            )
        )


__all__ = ["apply", "apply_trusted", "is_over", "legal_actions", "step"]
