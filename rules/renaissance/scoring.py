"""Final score: advance points + cash - misery, with a breakdown and shared ties (R120, A18)."""

from __future__ import annotations

from rules.core import Scores, SeatScore, rank_scores
from rules.renaissance.components import data
from rules.renaissance.economy import misery_value
from rules.renaissance.model import RenaissanceState


def scores(state: RenaissanceState) -> Scores:
    rows = []
    for seat in state.seats:
        p = state.players[seat]
        advances = sum(data().advances[a].cost for a in p.advances)
        misery = misery_value(p.misery)
        # AOR-R116: a player in chaos is out of the game and keeps nothing but the misery.
        chaos = -(advances + p.cash) if p.eliminated else 0
        breakdown = {"advances": advances, "cash": p.cash, "misery": -misery, "chaos": chaos}
        rows.append(
            SeatScore(
                seat=seat,
                total=sum(breakdown.values()),
                breakdown=breakdown,
                tiebreak=[0 if p.eliminated else 1],
            )
        )
    return rank_scores(rows)
