"""Garbage-collector settings for a long-running bot process.

CPython's automatic full (generation-2) collections walk every tracked object. After start-up
the process holds ~110k long-lived objects (modules, catalogs, component data, pydantic
schemas, discord.py's state) that never become garbage, and each full collection walked them
all, stopping the event loop for 55-77 ms (issue 23). ``freeze_start_up`` moves everything
alive once start-up is done into the permanent generation, which the collector no longer
walks; later garbage is collected as before.

Under many channels at once the same happened with the objects of the presses in flight
(parsed states, views, posts: 40-75k objects at 50 channels) that survive a young collection:
a young, middle or full collection walked them all, 25-60 ms of the event loop's CPU each, and
found nothing to free (reference counting frees them). ``Ageing`` therefore freezes what is
alive every ``AGE_EVERY`` seconds as well (``gc.freeze`` only joins lists: it costs nothing),
so a collection walks only what was made since the last tick. Frozen objects are still freed
by reference counting when they die; only cyclic garbage that was alive at a tick stays until
a sweep (50 channels x 60 presses left a few thousand objects at most). A sweep (one whole
collection, the frozen objects too: a stall of its own, ~100 ms) runs only when the process's
memory blocks have grown by ``SWEEP_GROWTH`` since the last.
"""

from __future__ import annotations

import gc
import sys
import threading

YOUNG_THRESHOLD = 10_000
"""Allocations minus deallocations before a generation-0 collection (CPython's default: 700)."""
AGE_EVERY = 0.02
"""Seconds between two freezes of what is alive (``Ageing``). At 0.1 s a young collection
still walked up to 28k objects (7.6 ms) at 50 channels, at 0.02 s up to 16k (2.6 ms)."""
SWEEP_EVERY = 3000
"""Ticks between two looks at how much memory the process holds (a minute)."""
SWEEP_GROWTH = 2_000_000
"""Growth of the process's memory blocks (``sys.getallocatedblocks``, mostly 16-512 bytes
each) since the last sweep that makes the next look sweep."""


def freeze_start_up() -> int:
    """Collect once, then freeze what survived; returns how many objects were frozen."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)
    return gc.get_freeze_count()


def sweep() -> int:
    """Collect everything once (the frozen objects too), then freeze what survived; returns
    how many unreachable objects were found."""
    gc.unfreeze()
    found = gc.collect()
    gc.freeze()
    return found


class Ageing:
    """Freezes what is alive every ``every`` seconds, and sweeps when the memory blocks have
    grown by ``growth`` (see the module's docstring). It ticks in a thread of its own, not on
    the event loop (whose timers a test harness may run in virtual time); the collector's
    state is the process's, whichever thread changes it."""

    def __init__(
        self, every: float = AGE_EVERY, looks: int = SWEEP_EVERY, growth: int = SWEEP_GROWTH
    ) -> None:
        self.every = every
        self.looks = looks
        self.growth = growth
        self.ticks = 0
        self.sweeps = 0
        self._swept = sys.getallocatedblocks()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is not None:
            return
        self._swept = sys.getallocatedblocks()
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="gc-ageing", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            self.tick()

    def tick(self) -> None:
        gc.freeze()
        self.ticks += 1
        if self.ticks % self.looks == 0 and sys.getallocatedblocks() - self._swept > self.growth:
            sweep()
            self._swept = sys.getallocatedblocks()
            self.sweeps += 1

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None


def thaw() -> None:
    """Give the frozen objects back to the collector (the bot is closing)."""
    gc.unfreeze()
    gc.set_threshold(700, *gc.get_threshold()[1:])
