"""How long an AI may think: a number of search iterations, or seconds on a clock it is given.

The rules never read the wall clock: whoever runs an AI on a time budget (the arena, the
bot's worker process) passes its clock in; tests give an iteration count and no clock, so a
decision is a pure function of the observation and the random stream.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

DEFAULT_SECONDS = 3.0
"""Issue 24: at most 3 s per decision on one core."""


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

    def start(self) -> Callable[[int], bool]:
        """A test ``done(iterations_so_far)`` for one decision, started now."""
        cap = self.iterations
        if cap is None and self.seconds is None:
            cap = self.DEFAULT_ITERATIONS
        clock = self.clock
        deadline = None if self.seconds is None or clock is None else clock() + self.seconds

        def done(count: int) -> bool:
            if cap is not None and count >= cap:
                return True
            return deadline is not None and clock is not None and clock() >= deadline

        return done
