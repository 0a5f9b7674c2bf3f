"""How an Endeavor AI judges a position (rules.ai.hooks): the glory it would score now
(END-R89..R95, track values unsnapped so every step counts), plus workers and supply."""

from __future__ import annotations

from rules.endeavor.actions import Cancel, EndeavorAction
from rules.endeavor.components import ATTRIBUTES
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
    search seeing the same value both ways; the engine always offers something else with it."""
    return [a for a in actions if not isinstance(a, Cancel)]
