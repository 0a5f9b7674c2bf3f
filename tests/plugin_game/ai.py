"""The test game's AI hooks (``rules.ai.hooks.register_ai``): what its seats cannot see is
the others' sealed bids (that they bid is public) and the generator."""

from __future__ import annotations

import random

from rules.ai.hidden import forget_secret, new_secret
from rules.ai.hooks import GameAI
from tests.plugin_game.rules import State


def evaluate(state: State) -> dict[str, float]:
    """Points, and a coin a quarter of a point."""
    return {s: state.points[s] + 0.25 * state.coins[s] for s in state.seats}


def mask(state: State, seat: str) -> State:
    masked = state.model_copy(deep=True)
    masked.bids = {s: (bid if s == seat else 0) for s, bid in state.bids.items()}
    forget_secret(masked)
    return masked


def sample(masked: State, seat: str, rnd: random.Random) -> State:
    world = masked.model_copy(deep=True)
    for s in world.bids:
        if s != seat:
            world.bids[s] = rnd.randint(0, world.coins[s])
    new_secret(world, rnd)
    return world


HOOKS = GameAI(evaluate=evaluate, scale=1.0, mask=mask, sample=sample)
