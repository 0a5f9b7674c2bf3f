"""Final valuation (ILOS-R123) and the winner with tie-breaks (ILOS-R124)."""

from __future__ import annotations

from rules.core import Scores, SeatScore, Text, rank_scores
from rules.ilos.components import RESOURCES, components
from rules.ilos.model import IlosState


def scores(state: IlosState) -> Scores:
    """Screen tokens x chart prices per resource; ties go to most colonists used, then shared."""
    comp = components()
    rows: list[SeatScore] = []
    for player in state.players:
        breakdown = {
            res: player.screen[res] * comp.price(res, state.price_step[res]) for res in RESOURCES
        }
        rows.append(
            SeatScore(
                seat=player.seat,
                total=sum(breakdown.values()),
                breakdown=breakdown,
                tiebreak=[player.colonists_used],
            )
        )
    result = rank_scores(rows)
    prices = {res: comp.price(res, state.price_step[res]) for res in RESOURCES}
    result.notes.append(Text(key="ilos.score_prices", args=dict(prices)))
    result.notes.append(Text(key="ilos.score_tiebreak"))
    return result


def round_of(state: IlosState) -> int:
    """The round the game is in (the chart of how a game went samples scores per round)."""
    return state.round
