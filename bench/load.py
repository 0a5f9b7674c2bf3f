"""The "loaded" case: figures taken beside CPU-burning processes that bench starts itself, as
on a small shared server where other programs want the same cores."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


def _burn(stop: Any) -> None:
    """Spin on the CPU until ``stop`` is set (pure Python: one core, all the time)."""
    n = 0
    while not stop.is_set():
        for i in range(200_000):
            n ^= i


@contextmanager
def cpu_load(processes: int) -> Iterator[dict[str, Any]]:
    """``processes`` CPU burners run while the block does (none: a quiet run); yields what to
    record about the load (burners, cores, the machine's load average before the block)."""
    context = multiprocessing.get_context("spawn")
    stop = context.Event()
    burners = [context.Process(target=_burn, args=(stop,), daemon=True) for _ in range(processes)]
    for burner in burners:
        burner.start()
    try:
        yield {
            "cpu_burners": processes,
            "cpus": os.cpu_count(),
            "load_average_1min_before": round(os.getloadavg()[0], 2),
        }
    finally:
        stop.set()
        for burner in burners:
            burner.join(timeout=5)
            if burner.is_alive():
                burner.terminate()
                burner.join()
