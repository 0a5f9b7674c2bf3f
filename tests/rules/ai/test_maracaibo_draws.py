"""Issue 24, Maracaibo's strong level at step C's draws (MAR-T14, D15): where the deck is
one of the options, strong takes its one-ply judgement's draw, as easy does, instead of a
search that overrates the face-up display (rules/maracaibo/evaluation.py ``searched``)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from rules.ai import Budget, game_ai, observe
from rules.ai.levels import LEVELS
from rules.core.bots import random_action, seat_names
from rules.maracaibo.actions import Draw
from rules.registry import GAMES

SPEC = GAMES["maracaibo"]


def _draw_positions(count: int) -> list[tuple[Any, str]]:
    """The first ``count`` positions of a seeded random game where the seat to act draws
    and may take the deck or a display card."""
    state = SPEC.new_game(seat_names(2), SPEC.Options(players=2), 7)
    rnd = random.Random(7)
    found: list[tuple[Any, str]] = []
    while len(found) < count and not SPEC.is_over(state):
        seat = min(SPEC.to_act(state))
        actions = SPEC.legal_actions(state, seat)
        slots = {a.slot for a in actions if isinstance(a, Draw)}
        if len(slots) == len(actions) > 1 and -1 in slots:
            found.append((state, seat))
        state = SPEC.apply(state, seat, random_action(SPEC, state, seat, rnd)).state
    return found


def test_strong_draws_as_its_one_ply_judgement_does_where_the_deck_is_an_option() -> None:
    """MAR-T14 / D15: at every such draw strong's choice is easy's under the same stream,
    while the same search without the rule chooses otherwise in some of them (4 of the 6
    when written), so the check can fail."""
    ai = game_ai(SPEC)
    unsearched = dataclasses.replace(ai, searched=None)
    budget = Budget(iterations=60)
    positions = _draw_positions(6)
    assert len(positions) == 6
    differed = 0
    for i, (state, seat) in enumerate(positions):
        obs = observe(SPEC, state, seat)
        easy = LEVELS["easy"](SPEC, ai, obs, random.Random(f"draw/{i}"), budget)
        assert LEVELS["strong"](SPEC, ai, obs, random.Random(f"draw/{i}"), budget) == easy
        differed += (
            LEVELS["strong"](SPEC, unsearched, obs, random.Random(f"draw/{i}"), budget) != easy
        )
    assert differed > 0
