"""The bot's garbage-collector settings (issue 23, event-loop stalls): what is alive at a tick
is frozen, so collections walk only what is new; objects still die by reference counting, and
a sweep frees cyclic garbage the ticks froze."""

from __future__ import annotations

import gc
import time
import weakref

from bot.collector import Ageing, sweep


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def _cycle() -> weakref.ref[Node]:
    a, b = Node(), Node()
    a.other, b.other = b, a
    return weakref.ref(a)


def _walked(thing: object) -> bool:
    """Whether the collector walks ``thing`` (it lists only what is not frozen)."""
    return any(o is thing for o in gc.get_objects())


def test_issue_23_a_tick_freezes_what_is_alive_and_refcounting_still_frees_it() -> None:
    ageing = Ageing()
    try:
        kept = [Node() for _ in range(1000)]
        assert _walked(kept)
        ageing.tick()
        assert not _walked(kept) and not _walked(kept[0])
        frozen = gc.get_freeze_count()
        probe = weakref.ref(kept[0])
        del kept
        assert probe() is None  # freed at once by reference counting, frozen or not
        assert gc.get_freeze_count() <= frozen - 1000
    finally:
        gc.unfreeze()


def test_issue_23_a_sweep_frees_cyclic_garbage_that_a_tick_froze() -> None:
    ageing = Ageing()
    try:
        probe = _cycle()
        ageing.tick()  # frozen while it was garbage already
        gc.collect()
        assert probe() is not None  # the collector no longer walks frozen objects
        assert sweep() >= 2
        assert probe() is None
    finally:
        gc.unfreeze()


def test_issue_23_ageing_sweeps_only_when_memory_grew() -> None:
    ageing = Ageing(looks=2, growth=10**9)
    try:
        for _ in range(4):
            ageing.tick()
        assert ageing.sweeps == 0
        ageing.growth = -(10**9)  # any memory at all counts as growth
        probe = _cycle()
        ageing.tick()
        assert ageing.sweeps == 0 and probe() is not None  # only every second tick looks
        ageing.tick()
        assert ageing.sweeps == 1 and probe() is None
    finally:
        gc.unfreeze()


def test_issue_23_ageing_ticks_in_its_own_thread_until_stopped() -> None:
    ageing = Ageing(every=0.001)
    try:
        ageing.start()
        deadline = time.monotonic() + 30
        while ageing.ticks < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert ageing.ticks >= 3
    finally:
        ageing.stop()
        gc.unfreeze()
    ticks = ageing.ticks
    time.sleep(0.01)
    assert ageing.ticks == ticks
