"""Which AI an arena's games were played by: a digest of what the levels make of fixed
positions, so that games on record count only for the AI that played them.

The strength bars of issue 24 take tens of CPU-hours, more than one sitting on one machine,
so their games are kept on record and gathered over many runs (``rules.ai.arena.Record``).
A game on record says something about today's AI only if today's AI would have played it
the same way. The digest (``fingerprint``) is taken over positions reached by seeded random
play: each competitor's evaluation there, the easy level's decision and the strong level's
decision at a fixed iteration count, and the game's AI settings; the positions spread over
one whole game. A change that shows on those positions (an evaluation weight, the search's
settings or its choices, the rollouts' horizon at the table, a rule that changes the
positions or their legal moves) changes the digest, and the arena then passes over the
games of the older AI. What it cannot see: a change that shows on none of them (a rare rule
case), and speed alone (the same AI searching faster thinks further within its seconds, so
its games at a time budget are, if anything, stronger than the record of the slower code).
Whoever changes such a thing should start the record of the bars it touches afresh (move
their files aside).

A tool beside the arena: it plays positions, never reads the clock.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from typing import Any

from rules.ai.budget import Budget
from rules.ai.hooks import game_ai
from rules.ai.levels import decide
from rules.ai.observe import observe
from rules.core.bots import random_action, seat_names
from rules.core.spec import GameSpec

POSITIONS = 8
"""How many positions the digest is taken over, spread evenly over one random game."""
SEARCH_ITERATIONS = 24
"""The strong level's iterations per position: enough that its search, not only its prior,
decides."""
MAX_STEPS = 20_000
ADDED_LATER = frozenset({"widening", "decided"})
"""``GameAI`` settings added after records were first kept: digested only when a game sets
them, so a game that leaves one at its default keeps its fingerprint and its records."""


def fingerprint(spec: GameSpec[Any, Any, Any, Any], options: Any) -> str:
    """A short digest of the AI of ``spec`` at a table of ``options``: the same whenever the
    levels evaluate and decide the same on the digest's positions."""
    ai = game_ai(spec)
    digest = hashlib.sha256()
    settings = {
        f.name: value
        for f in dataclasses.fields(ai)
        if isinstance(value := getattr(ai, f.name), int | float | bool)
        and not (f.name in ADDED_LATER and value == f.default)
    }
    digest.update(json.dumps(settings, sort_keys=True).encode())
    for i, (state, seat) in enumerate(_positions(spec, options)):
        values = sorted((key, round(value, 6)) for key, value in ai.evaluate(state).items())
        digest.update(json.dumps(values).encode())
        horizon = ai.horizon(state)
        if horizon != (ai.rollout_steps, ai.rollout_handovers):
            # added later (``GameAI.rollout_horizon``): digested only where a table departs
            # from the settings, so tables that keep them keep their records
            digest.update(json.dumps(horizon).encode())
        obs = observe(spec, state, seat)
        for level, budget in (("easy", Budget()), ("strong", Budget(SEARCH_ITERATIONS))):
            action = decide(level, spec, obs, random.Random(f"fingerprint/{i}/{level}"), budget)
            digest.update(spec.action_adapter.dump_json(action))
    return digest.hexdigest()[:16]


def _positions(spec: GameSpec[Any, Any, Any, Any], options: Any) -> list[tuple[Any, str]]:
    """``POSITIONS`` positions of one seeded random game played to its end, each with the
    seat to act, spread evenly over the decisions where that seat has a choice the AI weighs
    (so the opening, the middle and the last turns all count)."""
    ai = game_ai(spec)
    rnd = random.Random(f"fingerprint/{spec.key}")
    state = spec.new_game(seat_names(options.players), options, 1)
    choices: list[tuple[Any, str]] = []
    for _ in range(MAX_STEPS):
        if spec.is_over(state):
            break
        seat = min(spec.to_act(state))
        if len(ai.actions(spec, state, seat)) > 1:
            choices.append((state, seat))
        state = spec.apply(state, seat, random_action(spec, state, seat, rnd)).state
    if len(choices) <= POSITIONS:
        return choices
    return [choices[(2 * i + 1) * len(choices) // (2 * POSITIONS)] for i in range(POSITIONS)]
