"""How an Endeavor AI judges a position (rules.ai.hooks): the glory it would score now
(END-R89..R95, track values unsnapped so every step counts), plus workers and supply."""

from __future__ import annotations

from rules.core import Action
from rules.endeavor.actions import Activate, Cancel, EndeavorAction, Payment, SpendToken
from rules.endeavor.components import ATTRIBUTES, ActionKind, data
from rules.endeavor.legal import payment_slots
from rules.endeavor.model import EndeavorState
from rules.endeavor.query import track_value
from rules.endeavor.scoring import breakdown

SCALE = 5.0
"""A few glory points make a clear lead."""

TRACK_STEP = 0.5
"""Each step up an attribute track (scored by snapping to honour spaces at the end)."""
WORKER = 0.3
"""Each population cube in the harbour or the supply (future actions)."""


def evaluate(state: EndeavorState) -> dict[str, float]:
    out: dict[str, float] = {}
    for seat in state.seats:
        parts = breakdown(state, seat)
        value = float(sum(parts.values()))
        if not state.over:
            p = state.players[seat]
            value += TRACK_STEP * sum(track_value(p, a) for a in ATTRIBUTES)
            value += WORKER * (p.harbour + p.supply)
        out[seat] = value
    return out


def considered(
    state: EndeavorState, seat: str, actions: list[EndeavorAction]
) -> list[EndeavorAction]:
    """What the AI weighs (rules.ai.hooks): never taking back an activation or a token
    (``Cancel``), which only returns to the position before it. Weighing it, a strong seat
    against random play activated a building and cancelled it again for hundreds of moves, its
    search seeing the same value both ways; the engine always offers something else with it.

    Nor an idle Payment (``idle_payment``), the same loop in another form: with Market and
    Bank on its shore, a strong seat paid one with the other and back again, 547 decisions in
    one game at 3 s against random play (seeds 3, 60 and 67 of its 2-seat bar). A turn
    already opened with only idle payments left pays one: it ends the turn without undoing
    it, and the loop is not opened again."""
    kept: list[EndeavorAction] = [a for a in actions if not isinstance(a, Cancel)]
    if any(isinstance(a, Activate | SpendToken | Payment) for a in kept):
        return [a for a in kept if not idle_payment(state, seat, a)] or kept
    return kept


def idle_payment(state: EndeavorState, seat: str, action: Action) -> bool:
    """Whether ``action`` is a Payment (END-R70a) that achieves nothing a direct one would
    not: one made by a building or token whose only action is Payment (Market, Bank, the blue
    Payment token) to free the disc of another such building, or the use of a payment-only
    building or token whose only payable discs are on such buildings.

    Freeing a payment-only building only lets it pay another disc, which the first payment
    could have freed itself (or, paying back the first building, restores the position it
    started from): the payments end where a direct one would, turns later. A payment from a
    building with another action too (the Exchange's draw) is weighed whatever it frees: a
    freed Market may pay the Exchange back (A9 forbids it paying itself), a card a round."""
    p = state.players[seat]
    if isinstance(action, Payment):
        if state.turn is None or not _pays_only(_source_actions(state, seat)):
            return False
        return _pays_only(_building_actions(p.buildings[action.slot].kind))
    if isinstance(action, Activate):
        if not _pays_only(_building_actions(p.buildings[action.slot].kind)):
            return False
        exclude: int | None = action.slot
    elif isinstance(action, SpendToken):
        if not _pays_only(data().tokens[action.token].actions):
            return False
        exclude = None
    else:
        return False
    return all(
        _pays_only(_building_actions(p.buildings[i].kind)) for i in payment_slots(p, exclude)
    )


def _pays_only(actions: list[ActionKind]) -> bool:
    return bool(actions) and all(kind == "payment" for kind in actions)


def _building_actions(kind: str) -> list[ActionKind]:
    return data().buildings[kind].actions


def _source_actions(state: EndeavorState, seat: str) -> list[ActionKind]:
    """The actions of the building or token the turn in progress was opened with."""
    turn = state.turn
    assert turn is not None
    if turn.source == "building" and turn.slot is not None:
        return _building_actions(state.players[seat].buildings[turn.slot].kind)
    if turn.token is not None:
        return data().tokens[turn.token].actions
    return []
