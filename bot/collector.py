"""Garbage-collector settings for a long-running bot process.

CPython's automatic full (generation-2) collections walk every tracked object. After start-up
the process holds ~110k long-lived objects (modules, catalogs, component data, pydantic
schemas, discord.py's state) that never become garbage, and each full collection walked them
all, stopping the event loop for 55-77 ms (issue 23). ``freeze_start_up`` moves everything
alive once start-up is done into the permanent generation, which the collector no longer
walks; later garbage is collected as before. The young-generation threshold is raised so the
frequent small collections run less often during a burst of presses (each is cheap, but
hundreds per second add up).
"""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 10_000
"""Allocations minus deallocations before a generation-0 collection (CPython's default: 700)."""


def freeze_start_up() -> int:
    """Collect once, then freeze what survived; returns how many objects were frozen."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)
    return gc.get_freeze_count()


def thaw() -> None:
    """Give the frozen objects back to the collector (the bot is closing)."""
    gc.unfreeze()
    gc.set_threshold(700, *gc.get_threshold()[1:])
