"""Issue 24, how the strong level's rollouts end (``GameAI.rollout_horizon``): a game may ask
for rollouts of another length at some tables. Maracaibo's end at the end of the turn being
played at three and four seats (every leaf scored between two turns, not in the middle of an
opponent's, MAR-R2's sails paying only once the ship's actions are taken) and play the
default 4 greedy steps at two seats and solo, where their bars were met."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from rules.ai import Budget, game_ai, observe
from rules.ai.levels import LEVELS
from rules.ai.search import mover, rollout
from rules.core.bots import random_action, seat_names
from rules.maracaibo.actions import Sail
from rules.registry import GAMES

SPEC = GAMES["maracaibo"]


def _sail(players: int, seed: int) -> tuple[Any, str]:
    """The first sail of a seeded random game of ``players`` with more than one choice."""
    state = SPEC.new_game(seat_names(players), SPEC.Options(players=players), seed)
    rnd = random.Random(seed)
    for _ in range(5000):
        seat = min(SPEC.to_act(state))
        actions = SPEC.legal_actions(state, seat)
        if len(actions) > 1 and any(isinstance(a, Sail) for a in actions):
            return state, seat
        state = SPEC.apply(state, seat, random_action(SPEC, state, seat, rnd)).state
    raise AssertionError("no sail reached")


def test_mar_r2_rollouts_end_with_the_turn_at_three_and_four_seats() -> None:
    """MAR-R2: at three and four seats Maracaibo's horizon is the turn's end (no fixed
    steps, one handover); at one and two seats the default steps, as before."""
    ai = game_ai(SPEC)
    for players in (1, 2):
        state, _seat = _sail(players, 3)
        assert ai.horizon(state) == (ai.rollout_steps, ai.rollout_handovers) == (4, 0)
    for players in (3, 4):
        state, _seat = _sail(players, 3)
        assert ai.horizon(state) == (0, 1)


def test_mar_r2_a_turn_end_rollout_stops_as_the_turn_passes() -> None:
    """MAR-R2: from the middle of a seat's turn at four seats, a rollout with the horizon
    plays that seat's choices only and stops at the first choice of another seat."""
    ai = game_ai(SPEC)
    state, seat = _sail(4, 5)
    state = SPEC.apply(state, seat, SPEC.legal_actions(state, seat)[0]).state
    assert mover(SPEC, state, seat)[0] == seat  # the sail's actions are still to take
    steps, handovers = ai.horizon(state)
    played = rollout(SPEC, ai, state, seat, random.Random(1), steps, None, handovers)
    assert seat not in SPEC.to_act(played)
    assert played.active != state.active


def test_the_strong_level_searches_with_the_game_s_horizon() -> None:
    """Issue 24: the strong level asks the game's ``rollout_horizon`` for the position it
    decides at (the seat's information state), and the search's choice depends on it: the
    same stream with the two-seat horizon forced decides otherwise in some positions."""
    ai = game_ai(SPEC)
    asked: list[Any] = []

    def spy(state: Any) -> tuple[int, int]:
        asked.append(state)
        return ai.horizon(state)

    budget = Budget(iterations=60)
    spied = dataclasses.replace(ai, rollout_horizon=spy)
    fixed = dataclasses.replace(ai, rollout_horizon=None)
    differs = []
    # a strong decision at four seats takes seconds: the positions are tried until one differs
    for seed in range(1, 5):
        state, seat = _sail(4, seed)
        obs = observe(SPEC, state, seat)
        asked.clear()
        chosen = LEVELS["strong"](SPEC, spied, obs, random.Random(seed), budget)
        assert asked == [obs.info]
        other = LEVELS["strong"](SPEC, fixed, obs, random.Random(seed), budget)
        differs.append(chosen != other)
        if differs[-1]:
            break
    assert any(differs)
