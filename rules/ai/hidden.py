"""Helpers the games' determinizations share: the secret generator and pools of unknowns."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from rules.core.models import GameState
from rules.core.rng import Rng

T = TypeVar("T")
S = TypeVar("S", bound=GameState)

CANONICAL_SEED = 0


def forget_secret(state: S) -> None:
    """Replace the game's secret and generator (every future draw is hidden information) by
    a fixed stand-in; ``state`` is a copy the caller owns."""
    state.seed = CANONICAL_SEED
    state.rng = Rng.from_seed(CANONICAL_SEED)


def new_secret(state: S, rnd: random.Random) -> None:
    """A generator of the determinization's own (future draws drawn from ``rnd``)."""
    seed = rnd.getrandbits(63)
    state.seed = seed
    state.rng = Rng.from_seed(seed)


def split(pool: Sequence[T], sizes: Sequence[int]) -> list[list[T]]:
    """``pool`` cut into consecutive parts of ``sizes`` (which must add up to its length)."""
    parts: list[list[T]] = []
    start = 0
    for size in sizes:
        parts.append(list(pool[start : start + size]))
        start += size
    if start != len(pool):
        raise ValueError("the parts do not cover the pool")
    return parts


def canonical(pool: Sequence[T], sizes: Sequence[int]) -> list[list[T]]:
    """The unknowns in a fixed order (sorted), cut back into parts of the same sizes."""
    return split(sorted(pool), sizes)  # type: ignore[type-var]


def shuffled(pool: Sequence[T], sizes: Sequence[int], rnd: random.Random) -> list[list[T]]:
    """The unknowns dealt at random into parts of the same sizes."""
    items = list(pool)
    rnd.shuffle(items)
    return split(items, sizes)
