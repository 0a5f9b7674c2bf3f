"""Final score: advance points + cash - misery, with a breakdown and shared ties (R120, A18)."""

from __future__ import annotations

from rules.core import Scores, SeatScore, Text, rank_scores
from rules.renaissance.components import data
from rules.renaissance.economy import misery_value
from rules.renaissance.model import RenaissanceState
from rules.renaissance.versions import V2


def scores(state: RenaissanceState) -> Scores:
    v2 = state.rules_version >= V2
    rows = []
    for seat in state.seats:
        p = state.players[seat]
        advances = sum(data().advances[a].cost for a in p.advances)
        misery = misery_value(p.misery)
        # AOR-R116: a player in chaos is out of the game and keeps nothing but the misery.
        chaos = -(advances + p.cash) if p.eliminated else 0
        breakdown = {"advances": advances, "cash": p.cash, "misery": -misery, "chaos": chaos}
        tiebreak = [0 if p.eliminated else 1]
        if v2:  # among those in chaos, who held out longer ranks higher
            tiebreak.append(p.out_order if p.eliminated else 0)
        rows.append(
            SeatScore(
                seat=seat, total=sum(breakdown.values()), breakdown=breakdown, tiebreak=tiebreak
            )
        )
    result = rank_scores(rows)
    if v2 and all(state.players[s].eliminated for s in state.seats):
        # The book is silent; everyone in chaos means no one won (ranked by elimination order).
        return result.model_copy(
            update={"winners": [], "notes": [Text(key="renaissance.note.no_winner")]}
        )
    return result


def round_of(state: RenaissanceState) -> int:
    """The game turn the game is in (the chart of how a game went samples scores per turn)."""
    return state.turn
