"""Buying project cards (MAR-K10 … K13, A1), investing in prestige buildings (9.2) and
expanding a card's effects into primitive operations (MAR-K15)."""

from __future__ import annotations

from rules.core import Event, term
from rules.core.engine import quiet
from rules.maracaibo import gains, payment
from rules.maracaibo import query as q
from rules.maracaibo.components import CardEffect, Op, data, substitute
from rules.maracaibo.model import Assistant, MaracaiboState, Pending


def effect_ops(card_id: str, index: int, effect: CardEffect) -> list[Op]:
    if effect.id == "INC_IF_SYNERGY":
        return [
            Op(
                op="income_if_synergy",
                synergy=effect.synergy or "",
                what=effect.track or "vp",
                n=effect.x,
                source=f"{card_id}:{index}",
            )
        ]
    macro = data().macros[effect.id]
    return substitute(list(macro.ops), effect.x, effect.nation or "", effect.synergy or "")


def price(s: MaracaiboState, seat: str, card_id: str) -> int:
    return max(0, q.card(card_id).cost.doubloons - q.discount(s.players[seat]))


def can_buy(s: MaracaiboState, seat: str, card_id: str) -> bool:
    """MAR-K11: every cost part must be payable (figures, CP, herbs, nation condition)."""
    p = s.players[seat]
    c = q.card(card_id)
    cost = c.cost
    if card_id not in p.hand and card_id not in p.plan:
        return False
    if p.doubloons < price(s, seat, card_id) or p.cp < cost.cp:
        return False
    figures = int(cost.return_figure) + int(cost.figure_on_card)
    figures += int(cost.assistant_location is not None)
    if p.personal < figures:
        return False
    if cost.herbs:
        herbs = q.perm_objects(p, "herbs") + sum(
            1 for h in p.hand if h != card_id and q.card(h).discard_as == "herbs"
        )
        if herbs < cost.herbs:
            return False
    return not (cost.nation_markers is not None and q.markers_on_map(s)[cost.nation_markers] < 3)


def start_buy(s: MaracaiboState, ev: list[Event], seat: str, card_id: str) -> None:
    """Pay a card's costs; the card enters the tableau once the herbs (if any) are paid."""
    p = s.player(seat)
    c = q.card(card_id)
    if card_id in p.hand:
        p.hand.remove(card_id)
    else:
        p.plan.remove(card_id)
    p.doubloons -= price(s, seat, card_id)
    p.cp -= c.cost.cp
    if c.cost.return_figure:
        p.personal -= 1
        p.general += 1
    if not quiet(ev):
        ev.append(gains.event("buy", seat, seat=seat, card=q.card_term(card_id)))
    s.stack.append(Pending(kind="acquire", seat=seat, card=card_id))
    herbs = payment.object_payment(seat, "herbs", c.cost.herbs)  # MAR-K11, D22
    if herbs is not None:
        s.stack.append(herbs)


def acquire(s: MaracaiboState, ev: list[Event], seat: str, card_id: str) -> None:
    """MAR-K12 / K13: the card's figure, assistant, synergy and effects apply at once."""
    p = s.player(seat)
    c = q.card(card_id)
    p.tableau.append(card_id)
    if c.cost.figure_on_card:
        p.personal -= 1
        p.card_figures[card_id] = p.card_figures.get(card_id, 0) + 1
    if c.cost.assistant_location is not None:
        p.personal -= 1
        s.board.assistants.append(
            Assistant(seat=seat, card=card_id, location=c.cost.assistant_location, placed=s.turn_no)
        )
        if not quiet(ev):
            ev.append(
                gains.event(
                    "assistant",
                    seat,
                    seat=seat,
                    location=term(f"maracaibo.loc.{c.cost.assistant_location}"),
                )
            )
    if c.synergy:
        gains.synergy(s, ev, seat, c.synergy)
    ops: list[Op] = []
    for i, effect in enumerate(c.effects):
        if effect.trigger in ("income", "immediate"):
            ops.extend(effect_ops(card_id, i, effect))
    if ops:
        s.stack.append(Pending(kind="ops", seat=seat, ops=ops, card=card_id, cat="cards"))


def assistant_ops(card_id: str) -> list[Op]:
    c = q.card(card_id)
    ops: list[Op] = []
    for i, effect in enumerate(c.effects):
        if effect.trigger == "assistant":
            ops.extend(effect_ops(card_id, i, effect))
    return ops


def can_invest(s: MaracaiboState, seat: str, building: str) -> bool:
    """9.2: revealed, not yet invested by this player, a figure and the doubloons at hand."""
    p = s.players[seat]
    for slot in s.board.prestige:
        if slot.building == building:
            cost = max(0, data().prestige[building].cost - q.discount(p))
            return (
                slot.revealed
                and seat not in slot.investors
                and p.personal > 0
                and p.doubloons >= cost
            )
    return False


def invest(s: MaracaiboState, ev: list[Event], seat: str, building: str) -> None:
    p = s.player(seat)
    b = data().prestige[building]
    slot = s.board.own_slot(
        next(i for i, x in enumerate(s.board.prestige) if x.building == building)
    )
    p.doubloons -= max(0, b.cost - q.discount(p))
    p.personal -= 1
    slot.investors.append(seat)
    if not quiet(ev):
        ev.append(
            gains.event("invest", seat, seat=seat, building=term(f"maracaibo.prestige.{building}"))
        )
    if b.synergy:
        gains.synergy(s, ev, seat, b.synergy)
    if len(slot.investors) == 1:
        gains.vp(s, ev, seat, data().prestige_file.first_investor_vp, "prestige")


def anything_to_buy(s: MaracaiboState, seat: str) -> bool:
    p = s.players[seat]
    return any(can_buy(s, seat, c) for c in p.hand + p.plan) or any(
        can_invest(s, seat, slot.building) for slot in s.board.prestige
    )
