"""Final result (10.2): VP with a per-category breakdown; ties share the victory (MAR-R1)."""

from __future__ import annotations

from rules.core import Scores, SeatScore, rank_scores
from rules.maracaibo.model import MaracaiboState

CATEGORIES = (
    "income",
    "homeward",
    "cards",
    "prestige",
    "majority",
    "nobility",
    "quests",
    "explorer",
    "upgrades",
    "combat",
    "career",
    "scoring",
    "assistants",
    "influence",
    "city",
    "village",
    "automa",
    "legacy",
    "other",
)


def scores(state: MaracaiboState) -> Scores:
    rows = [
        SeatScore(
            seat=seat,
            total=p.vp,
            breakdown={c: p.vp_by.get(c, 0) for c in CATEGORIES if p.vp_by.get(c, 0)},
        )
        for seat, p in state.players.items()
    ]
    jean = state.jean
    if jean is not None:
        # Solo: Jean is ranked like a player (seat id "jean").
        rows.append(
            SeatScore(
                seat="jean",
                total=jean.vp,
                breakdown={c: jean.vp_by.get(c, 0) for c in CATEGORIES if jean.vp_by.get(c, 0)},
            )
        )
    return rank_scores(rows)


def round_of(state: MaracaiboState) -> int:
    """The round the game is in (the chart of how a game went samples scores per round)."""
    return state.round
