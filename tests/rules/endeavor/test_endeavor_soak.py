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


@pytest.mark.skipif(SOAK <= 0, reason="set REFEREE_SOAK=<games per configuration> to run")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_soak_player_by_player_with_a_demand(players: int) -> None:
    """DP23 / END-R22: player-by-player games where a random seat demands the strict phase
    order at a random moment (an anytime action, whoever is to act)."""
    _soak(Options(players=players, player_by_player=True), demand=True)


def _soak(options: Options, demand: bool = False) -> None:
    players, side = options.players, options.board_side
    seats = [f"p{i + 1}" for i in range(players)]
    started = time.perf_counter()
    steps = 0
    demands = 0
    for seed in range(SOAK):
        state = SPEC.new_game(seats, options, 50_000 + seed)
        rnd = random.Random(seed)
        demand_at = rnd.randrange(1, 150) if demand else -1
        while not SPEC.is_over(state):
            if steps % 150 == demand_at:
                seat = seats[rnd.randrange(players)]
                for extra in SPEC.anytime_actions(state, seat):
                    state = SPEC.apply(state, seat, extra).state
                    demands += 1
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
        f"soak {players}p side {side} sf={options.silent_fleet} pbp={options.player_by_player}: "
        f"{SOAK} games, {steps} actions, {demands} phase-order demands, {elapsed:.1f}s"
    )
    assert demands > 0 or not demand
