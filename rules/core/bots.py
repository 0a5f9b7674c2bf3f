"""The random-move seat filler and whole random games (used by the CLI, tests and bench)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rules.core.replay import GameLog, LoggedAction, start_log
from rules.core.spec import GameSpec


def seat_names(players: int) -> list[str]:
    return [f"p{i + 1}" for i in range(players)]


def random_action(
    spec: GameSpec[Any, Any, Any, Any], state: Any, seat: str, rnd: random.Random
) -> Any:
    """A uniformly random legal action for ``seat``."""
    actions = spec.legal_actions(state, seat)
    if not actions:
        raise RuntimeError(f"{spec.key}: seat {seat} must act but has no legal action")
    return actions[rnd.randrange(len(actions))]


def play_random_game(
    spec: GameSpec[Any, Any, Any, Any],
    options: Any,
    seed: int,
    *,
    max_steps: int = 20_000,
    on_step: Callable[[Any, str, Any, Any], None] | None = None,
) -> tuple[Any, GameLog]:
    """Play a whole game with random legal moves; ``on_step(before, seat, action, after)``."""
    seats = seat_names(options.players)
    state = spec.new_game(seats, options, seed)
    log = start_log(spec, seats, options, seed, state)
    rnd = random.Random(seed)
    for _ in range(max_steps):
        if spec.is_over(state):
            return state, log
        seat = sorted(spec.to_act(state))[0]
        action = random_action(spec, state, seat, rnd)
        after = spec.apply_trusted(state, seat, action).state  # the action is legal here
        if on_step is not None:
            on_step(state, seat, action, after)
        log.actions.append(LoggedAction(seat=seat, action=action.model_dump(mode="json")))
        state = after
    raise RuntimeError(f"{spec.key}: random game with seed {seed} did not end in {max_steps} steps")
