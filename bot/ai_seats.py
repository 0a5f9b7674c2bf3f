"""Where AI seats think: worker processes, so a search never holds the bot's event loop nor
its other channels (issue 24 point 3).

``AiSeats.decide`` is called from the thread that plays the bot seats' moves
(``GameService._bot_moves``); it hands the seat's observation (``rules.ai.observe``: what
that seat may know, never the true state) to a process pool (``REFEREE_AI_PROCESSES``
workers, 0 means the calling thread, which the tests use) with the time budget
``REFEREE_AI_SECONDS``, and waits for the action there.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import random
import secrets
import time

from rules.ai import Budget, Observation, decide
from rules.core.data import DataSet, pinned_data_sets, using_data_sets
from rules.registry import get


def _warm_up() -> None:
    """Import every game once per worker."""
    from rules.registry import GAMES

    for spec in GAMES.values():
        __import__(f"{spec.package}")


def think(
    pins: dict[str, DataSet], key: str, level: str, obs: Observation, seconds: float, seed: int
) -> str:
    """One decision of ``level`` for ``obs.seat``, as the action's JSON (in a worker)."""
    spec = get(key)
    budget = Budget(seconds=seconds, clock=time.perf_counter)
    with using_data_sets(pins):
        action = decide(level, spec, obs, random.Random(seed), budget)
    return spec.dump_action(action)


class AiSeats:
    def __init__(self, processes: int, seconds: float) -> None:
        self.processes = processes
        self.seconds = seconds
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor | None:
        if self.processes <= 0:
            return None
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.processes, mp_context=context, initializer=_warm_up
            )
        return self._pool

    def decide(self, key: str, level: str, obs: Observation) -> str:
        """The action (JSON) ``level`` takes for ``obs.seat``; blocks the calling thread (never
        call it on the event loop). Its random stream is fresh: nothing of the game's secret
        goes into the search."""
        pins = pinned_data_sets()
        seed = secrets.randbits(64)
        executor = self._executor()
        if executor is None:
            return think(pins, key, level, obs, self.seconds, seed)
        return executor.submit(think, pins, key, level, obs, self.seconds, seed).result()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
