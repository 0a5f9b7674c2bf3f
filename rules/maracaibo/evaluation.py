"""How a Maracaibo AI judges a position (rules.ai.hooks): the victory points each competitor
would have if the final scoring (10.2 steps 2-5: income, cards, prestige, majorities,
nobility; Jean's too) were held now, plus a little for doubloons and cards in hand, which
turn into points later."""

from __future__ import annotations

from rules.maracaibo.flow import _final_steps
from rules.maracaibo.model import MaracaiboState

SCALE = 8.0
"""A few victory points make a clear lead."""

DOUBLOON = 0.25
CARD = 0.5


def evaluate(state: MaracaiboState) -> dict[str, float]:
    if state.phase == "over":
        projected = state
    else:
        projected = state.copied()
        _final_steps(projected, [])
    out: dict[str, float] = {}
    for seat, p in projected.players.items():
        value = float(p.vp)
        if state.phase != "over":
            now = state.players[seat]
            value += DOUBLOON * now.doubloons + CARD * len(now.hand)
        out[seat] = value
    if projected.jean is not None:
        out["jean"] = float(projected.jean.vp)
    return out
