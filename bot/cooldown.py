"""Per-user cooldown: one user cannot flood a channel with commands or presses."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

WINDOW_S = 10.0


class Cooldown:
    """At most ``limit`` interactions per user in any ``WINDOW_S`` seconds (0: no limit)."""

    def __init__(self, limit: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self._clock = clock
        self._seen: dict[int, deque[float]] = {}

    def allow(self, user_id: int) -> bool:
        """Record one interaction of ``user_id``; False if it is one too many right now."""
        if self.limit <= 0:
            return True
        now = self._clock()
        seen = self._seen.setdefault(user_id, deque())
        while seen and now - seen[0] >= WINDOW_S:
            seen.popleft()
        if len(seen) >= self.limit:
            return False
        seen.append(now)
        if len(self._seen) > 10_000:  # forget idle users now and then
            self._seen = {u: d for u, d in self._seen.items() if d and now - d[-1] < WINDOW_S}
        return True
