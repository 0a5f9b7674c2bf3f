"""How long an AI may think: a number of search iterations, or seconds on a clock it is given.

The rules never read the wall clock: whoever runs an AI on a time budget (the arena, the
bot's worker process) passes its clock in; tests give an iteration count and no clock, so a
decision is a pure function of the observation and the random stream.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

DEFAULT_SECONDS = 3.0
"""Issue 24: at most 3 s per decision on one core."""

RESERVE = 0.02
"""The share of a decision's seconds the search leaves unused: the decision also takes the
seat's view before its search and picks its answer after, and its last iteration may run
slower than the pace so far. Without it, strong's decisions at 3 s measured p95 3.007 s and
up to 3.05 s over 2,963 decisions of a two-seat arena (two arenas on two cores)."""


@dataclass(frozen=True)
class Budget:
    """``iterations`` caps the search; ``seconds`` (with ``clock``) caps its time. Either or
    both; with neither, ``iterations`` defaults to ``DEFAULT_ITERATIONS``."""

    iterations: int | None = None
    seconds: float | None = None
    clock: Callable[[], float] | None = None

    DEFAULT_ITERATIONS = 200

    def __post_init__(self) -> None:
        if self.seconds is not None and self.clock is None:
            raise ValueError("a time budget needs the caller's clock")

    def start(self) -> Deadline:
        """The test for one decision, started now: ``done(iterations_so_far)``."""
        cap = self.iterations
        if cap is None and self.seconds is None:
            cap = self.DEFAULT_ITERATIONS
        clock = self.clock
        deadline = (
            None
            if self.seconds is None or clock is None
            else clock() + self.seconds * (1 - RESERVE)
        )
        return Deadline(cap, clock, deadline)


class Deadline:
    """When one decision's thinking must end: ``done(count)`` after ``count`` search
    iterations, and ``left(count)``, how many more iterations the budget still allows. On a
    clock both go by the pace of the iterations so far: the thinking ends when one more
    iteration would likely end past the deadline, so a decision keeps within its seconds."""

    def __init__(
        self, cap: int | None, clock: Callable[[], float] | None, deadline: float | None
    ) -> None:
        self._cap = cap
        self._clock = clock
        self._deadline = deadline
        self._pace_from: tuple[int, float] | None = None

    def __call__(self, count: int) -> bool:
        if self._cap is not None and count >= self._cap:
            return True
        if self._deadline is None or self._clock is None:
            return False
        now = self._clock()
        return now + self._pace(count, now) >= self._deadline

    def left(self, count: int) -> float:
        """Iterations still allowed after ``count``: exact for an iteration cap; on a clock,
        the time left at the pace so far (``inf`` before a pace is known)."""
        left = math.inf if self._cap is None else float(self._cap - count)
        if self._deadline is None or self._clock is None:
            return left
        now = self._clock()
        pace = self._pace(count, now)
        if pace <= 0:
            return left
        return min(left, (self._deadline - now) / pace)

    def _pace(self, count: int, now: float) -> float:
        """Seconds per iteration since the first count seen (0 while unknown)."""
        if self._pace_from is None:
            self._pace_from = (count, now)
        done_since = count - self._pace_from[0]
        spent = now - self._pace_from[1]
        return spent / done_since if done_since > 0 and spent > 0 else 0.0
