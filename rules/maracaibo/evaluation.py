"""How a Maracaibo AI judges a position (rules.ai.hooks): victory points now, plus
doubloons, cards, income and influence that turn into points later; Jean (solo) is judged
by her points."""

from __future__ import annotations

from rules.maracaibo.model import MaracaiboState

SCALE = 6.0
"""A few victory points make a clear lead."""

DOUBLOON = 0.25
CARD = 0.8
TABLEAU = 1.0
INCOME_VP = 1.5
INFLUENCE = 0.5
QUEST = 1.0


def evaluate(state: MaracaiboState) -> dict[str, float]:
    over = state.phase == "over"
    out: dict[str, float] = {}
    for seat, p in state.players.items():
        value = float(p.vp)
        if not over:
            value += DOUBLOON * p.doubloons + CARD * len(p.hand) + TABLEAU * len(p.tableau)
            value += INCOME_VP * p.inc_vp + INFLUENCE * sum(p.influence.values())
            value += QUEST * len(p.quests)
        out[seat] = value
    if state.jean is not None:
        out["jean"] = float(state.jean.vp)
    return out
