"""Issue 24 "done when", in small: opt-in arenas (``REFEREE_AI_ARENA=1``; the sample is
``REFEREE_AI_ARENA_GAMES`` games, 4 by default, at ``REFEREE_AI_ARENA_ITERATIONS``
iterations per decision, 10 by default). The issue's own figures (100 games at 3 s) come
from ``python -m rules arena``; these only catch a level that stopped being better."""

from __future__ import annotations

import os

import pytest

from rules.ai import Budget
from rules.ai.arena import run
from rules.registry import GAMES

pytestmark = pytest.mark.skipif(
    os.environ.get("REFEREE_AI_ARENA") != "1", reason="opt-in: REFEREE_AI_ARENA=1"
)
GAMES_N = int(os.environ.get("REFEREE_AI_ARENA_GAMES", "4"))
BUDGET = Budget(iterations=int(os.environ.get("REFEREE_AI_ARENA_ITERATIONS", "10")))
TABLES = {"ilos": 2, "endeavor": 2, "maracaibo": 2, "renaissance": 3}


@pytest.mark.parametrize("key", sorted(TABLES))
def test_strong_beats_random(key: str) -> None:
    """Issue 24: strong beats random (the issue asks >= 95 % over 100 games; a small sample
    here asks more than half)."""
    players = TABLES[key]
    bots = ["strong"] + ["random"] * (players - 1)
    summary = run(GAMES[key], GAMES[key].Options(players=players), bots, GAMES_N, BUDGET)
    assert summary["levels"]["strong"]["win_rate"] > 0.5, summary["levels"]


def test_renaissance_ais_reach_the_real_end() -> None:
    """Issue 24: Age of Renaissance AIs reach the real end of the game, not chaos (AOR-R116),
    in >= 95 % of games; a small sample here asks 3 seats in 4."""
    spec = GAMES["renaissance"]
    summary = run(spec, spec.Options(players=3), ["strong", "easy", "easy"], GAMES_N, BUDGET)
    seats = [row for r in summary["records"] for row in r["breakdown"].values()]
    # In chaos: everything but the misery is lost, and the misery is the top of the track.
    in_chaos = sum(1 for row in seats if row.get("chaos") or row.get("misery", 0) <= -1000)
    assert in_chaos <= len(seats) // 4, f"{in_chaos} of {len(seats)} AI seats fell into chaos"


@pytest.mark.parametrize("players", [3, 4])
def test_renaissance_easy_tables_reach_the_real_end(players: int) -> None:
    """Issue 24: tables of easy AIs only reach the real end, not chaos (AOR-R116); they used
    to fall into chaos in most seats (no tokens bought, every domination lost). The issue
    asks >= 95 % of games; a small sample here allows one seat in chaos."""
    spec = GAMES["renaissance"]
    summary = run(spec, spec.Options(players=players), ["easy"], GAMES_N, BUDGET)
    seats = [row for r in summary["records"] for row in r["breakdown"].values()]
    in_chaos = sum(1 for row in seats if row.get("chaos") or row.get("misery", 0) <= -1000)
    assert summary["finished"] == GAMES_N
    assert in_chaos <= 1, f"{in_chaos} of {len(seats)} easy seats fell into chaos"
