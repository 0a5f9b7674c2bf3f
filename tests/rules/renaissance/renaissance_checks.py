"""Rule checks run after every action of the Age of Renaissance playouts, beyond the engine's
own invariants: what an action must have done (prices paid, payouts, relief) and what must
hold of any position (chaos, prerequisites, areas, the order-of-play display, the end)."""

from __future__ import annotations

from typing import Any

from rules.renaissance.actions import (
    BuyAdvance,
    BuyCard,
    BuyOff,
    ExpansionCard,
    Place,
    PlayCard,
    Relief,
    Stabilize,
    TokenBid,
    UpgradeShip,
)
from rules.renaissance.board import in_play
from rules.renaissance.cards import is_burden, markers_available, payout, play_options
from rules.renaissance.components import data
from rules.renaissance.economy import last_box
from rules.renaissance.effects import has
from rules.renaissance.expansion import card_price
from rules.renaissance.model import RenaissanceState
from rules.renaissance.purchase import price, relief_price, stabilization_cost


def action_problems(before: RenaissanceState, seat: str, action: Any, after: Any) -> list[str]:
    """What ``action`` by ``seat`` must have done, from ``before`` to ``after`` (only while the
    flow stays in the phase: moving on may pay income, indulgences and more)."""
    out: list[str] = []
    if after.turn > before.turn and (before.end_triggered or before.deck_exhausted):
        out.append("R117: a new turn after the end condition")
    if isinstance(action, TokenBid) and before.phase == "bid" and after.phase != "bid":
        out += _revealed(before, seat, action.amount, after)
    if isinstance(action, PlayCard) and is_burden(before, action.card):
        out.append(f"R45: the burden {action.card} was played")
    if after.phase != before.phase or after.turn != before.turn:
        return out
    me, was = after.players[seat], before.players[seat]
    if isinstance(action, BuyAdvance):  # AOR-R57: price (credits, leaders) plus fees
        cost, fees = price(before, seat, action.letter, action.claims)
        if was.cash - me.cash != cost + fees:
            out.append(
                f"R57: {seat} paid {was.cash - me.cash} for {action.letter}, not {cost}+{fees}"
            )
        if before.phase == "final_play":
            out.append("R119: an advance bought in the final card play")
    if isinstance(action, Stabilize):  # AOR-R60: the whole cost, or misery instead
        cost = stabilization_cost(before, seat)
        if action.pay and was.cash - me.cash != cost:
            out.append(f"R60: {seat} paid {was.cash - me.cash} to stabilize, not {cost}")
        if not action.pay and cost and me.misery <= was.misery and not me.eliminated:
            out.append(f"R60: {seat} did not pay and took no misery")
    if isinstance(action, Relief) and action.boxes and not me.eliminated:  # AOR-R61
        if was.misery - me.misery != action.boxes:
            out.append(f"R61: {seat} bought {action.boxes} boxes, moved {was.misery - me.misery}")
        if was.cash - me.cash != relief_price(before, seat, action.boxes):
            out.append(f"R61: {seat} paid {was.cash - me.cash} for relief")
    if isinstance(action, UpgradeShip) and was.cash - me.cash != data().ship_price:  # AOR-R55
        out.append(f"R55: {seat} paid {was.cash - me.cash} for a ship upgrade")
    if isinstance(action, BuyOff) and before.phase != "buyoff":  # AOR-R30, R118
        out.append("R30: a marker bought off outside the first player's buy-off")
    if isinstance(action, PlayCard) and data().cards[action.card].kind == "commodity":
        assert action.commodity is not None  # AOR-R41: every supplier paid value x index^2
        for s in before.active():
            due = payout(before, s, action.commodity)
            got = after.players[s].cash - before.players[s].cash
            if got != due:
                out.append(f"R41: {s} got {got} from {action.commodity}, not {due}")
    if isinstance(action, BuyCard) and action.buy and was.cash - me.cash != 10:  # AOR-R33
        out.append(f"R33: {seat} paid {was.cash - me.cash} for an extra card")
    if isinstance(action, ExpansionCard):  # AOR-R102, D13
        spent = was.expansion - me.expansion
        if spent != card_price(before) or len(me.hand) != len(was.hand) + 1:
            out.append(f"R102: {seat} spent {spent} tokens on an extra card")
    if isinstance(action, Place):  # AOR-R80: an uncontested market at its size is dominated
        prov, info = after.provinces[action.province], data().provinces[action.province]
        full = set(prov.tokens) == {seat} and prov.tokens[seat] >= info.size
        if info.kind != "satellite" and full and markers_available(after, seat):
            out.append(f"R80: {action.province} uncontested at its size without a DM")
    return out


def _revealed(
    before: RenaissanceState, seat: str, amount: int, after: RenaissanceState
) -> list[str]:
    """AOR-R21, R22: every bid paid at once; order ascending by bid, ties worse pick first."""
    out: list[str] = []
    active = before.active()
    for s in active:
        bid = amount if s == seat else before.players[s].token_bid
        assert bid is not None
        if after.players[s].last_token_bid != bid:
            out.append(f"R20: {s} bid {bid}, revealed {after.players[s].last_token_bid}")
        paid = before.players[s].cash - after.players[s].written_cash
        if paid != abs(bid):
            out.append(f"R21: {s} bid {bid} and paid {paid}")
    want = sorted(
        active, key=lambda s: (after.players[s].last_token_bid, -after.players[s].pick_rank)
    )
    if [s for s in after.order if s in active] != want:
        out.append(f"R22: order {after.order}, bids ranked {want}")
    return out


def state_problems(state: RenaissanceState) -> list[str]:
    """What must hold of any position of a game."""
    out: list[str] = []
    d = data()
    for seat, p in state.players.items():
        if p.eliminated:  # AOR-R116, A17: out of the game, nothing left on the map or in hand
            pieces = any(
                prov.dm == seat or prov.tokens.get(seat) for prov in state.provinces.values()
            )
            if pieces or p.hand or p.expansion:
                out.append(f"A17: {seat} in chaos still holds pieces or cards")
        elif not 0 <= p.misery <= last_box():
            out.append(f"R116: {seat} at misery box {p.misery} and still playing")
        for letter in p.advances:  # AOR-R56
            missing = [x for x in d.advances[letter].prerequisites if x not in p.advances]
            if missing:
                out.append(f"R56: {seat} holds {letter} without {missing}")
        if len(set(p.advances)) != len(p.advances):
            out.append(f"R56: {seat} holds an advance twice")
        if p.ship != "none" and not 0 <= p.ship_box < len(d.ships[p.ship].boxes):
            out.append(f"R55: {seat} ship box {p.ship_box} off the {p.ship} row")
    for pid, prov in state.provinces.items():
        info = d.provinces[pid]
        if not in_play(state, pid) and not prov.empty():  # AOR-R12
            out.append(f"R12: pieces in {pid}, out of play")
        if info.kind != "satellite" and prov.dm is None and prov.count() > info.size:
            out.append(f"R82: {prov.count()} tokens in {pid} of size {info.size}")
        owners = set(prov.tokens) | ({prov.dm} if prov.dm else set())
        if info.area == 5 and info.overseas is None:  # AOR-R71
            for s in owners:
                if not has(state, s, "overland_east"):
                    out.append(f"R71: {s} in area V without Overland East")
    active = state.active()
    used = d.oop.boxes[str(state.options.players)]
    if (
        state.phase not in ("setup", "bid", "over")
        and [state.boxes.get(s) for s in active] != used[: len(active)]
    ):
        out.append(f"R25: boxes {state.boxes} for the order {active}")
    if sorted(state.order) != sorted(state.seats):
        out.append("R25: the order of play lost a seat")
    if state.deck_exhausted and state.draw_pile:
        out.append("R32: deck exhausted with cards left in the draw pile")
    full = any(len(p.advances) == 26 for p in state.players.values())
    if state.phase == "final_play" and not (state.end_triggered or full):  # AOR-R117
        out.append("R117: final card play without an end condition")
    boxes = [lp.box for lp in state.leaders]  # AOR-R47: boxes 1-3 in play order, then none
    if boxes != [1, 2, 3, *[0] * len(boxes)][: len(boxes)]:
        out.append(f"R47: leader boxes {boxes}")
    for lp in state.leaders:  # AOR-R48: box 1 protected; Euro boxes 2 and 3 take 1 and 2
        limit = 0 if lp.box == 1 else lp.box - 1 if state.options.euro_leader_boxes else 99
        if (lp.box and len(lp.claims) > limit) or lp.seat in lp.claims:
            out.append(f"R48: {lp.card} in box {lp.box} claimed by {lp.claims}")
    if state.options.euro_auto_mr:  # AOR-R62: each automatic relief step once, when reached
        for seat, p in state.players.items():
            if p.auto_mr_steps != _auto_steps(p.advances):
                out.append(f"R62: {seat} at relief step {p.auto_mr_steps}")
    return out


def final_play_problems(
    before: RenaissanceState, after: RenaissanceState, keys: set[str]
) -> list[str]:
    """AOR-R118, "뽑았지만 내려놓지 않은 모든 카드를 마지막 턴과 동일한 순서로 내려놓아야
    합니다": one pass in the last turn's order of play, each seat judged when its turn comes.
    A seat's turn ends only when it holds no playable card; a card that another seat's later
    play makes playable (seed 641: The Crusades after Rebellion's holder was passed) is not
    asked for again. ``keys`` are the step's event keys: a step that rolled a war again
    (AOR-D8, between two turns) is not judged, as the position after it is not the one the
    turn ended on."""
    if after.phase not in ("final_play", "over") or before.phase == "over":
        return []
    fresh = before.phase != "final_play"
    if (
        fresh and "renaissance.event.final_play" not in keys
    ) or "renaissance.event.war_roll" in keys:
        return []
    out = []
    for s in after.active():
        ended = after.players[s].play_done and (fresh or not before.players[s].play_done)
        if ended and any(play_options(after, s, c, True) for c in after.players[s].hand):
            out.append(f"R118: {s}'s turn in the final play ended with a playable card")
    return out


def _auto_steps(advances: list[str]) -> int:
    d = data()
    cats = ("science", "commerce", "communication")
    held = [sum(1 for a in advances if d.advances[a].category == c) for c in cats]
    size = [sum(1 for a in d.advances.values() if a.category == c) for c in cats]
    if all(h == n for h, n in zip(held, size, strict=True)):
        return 3
    return 2 if min(held) >= 3 else 1 if min(held) >= 2 else 0
