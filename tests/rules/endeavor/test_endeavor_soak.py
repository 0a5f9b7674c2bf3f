"""Soak: many random games per player count and side (skipped unless REFEREE_SOAK is set).

``REFEREE_SOAK=300 pytest tests/rules/endeavor/test_endeavor_soak.py`` plays 300 games per
configuration, checking the invariants after every action and the scores at the end.
"""

from __future__ import annotations

import os
import random
import time

import pytest

from rules.endeavor import SPEC, Options

SOAK = int(os.environ.get("REFEREE_SOAK", "0"))


@pytest.mark.skipif(SOAK <= 0, reason="set REFEREE_SOAK=<games per configuration> to run")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("side", ["A", "B"])
def test_soak_random_games(players: int, side: str) -> None:
    _soak(Options(players=players, board_side=side))


@pytest.mark.skipif(SOAK <= 0, reason="set REFEREE_SOAK=<games per configuration> to run")
@pytest.mark.parametrize("side", ["A", "B"])
@pytest.mark.parametrize("optional", [False, True])
def test_soak_silent_fleet(side: str, optional: bool) -> None:
    _soak(
        Options(
            players=2,
            board_side=side,
            silent_fleet=True,
            sf_restricted_occupy=optional,
            sf_no_token_reactions=optional,
            sf_scarce_buildings=optional,
        )
    )


def _soak(options: Options) -> None:
    players, side = options.players, options.board_side
    seats = [f"p{i + 1}" for i in range(players)]
    started = time.perf_counter()
    steps = 0
    for seed in range(SOAK):
        state = SPEC.new_game(seats, options, 50_000 + seed)
        rnd = random.Random(seed)
        while not SPEC.is_over(state):
            seat = sorted(SPEC.to_act(state))[0]
            actions = SPEC.legal_actions(state, seat)
            state = SPEC.apply(state, seat, actions[rnd.randrange(len(actions))]).state
            problems = SPEC.invariants(state)
            assert not problems, (seed, problems)
            steps += 1
        scores = SPEC.scores(state)
        assert scores.winners
        assert all(r.total == sum(r.breakdown.values()) for r in scores.seats)
    elapsed = time.perf_counter() - started
    print(
        f"soak {players}p side {side} sf={options.silent_fleet}: {SOAK} games, {steps} actions, {elapsed:.1f}s"
    )
