"""Turn reminders: which games have waited too long for their acting players."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from db.store import GameRecord


def due(
    games: Iterable[GameRecord], now: datetime, after: timedelta, reminded: set[tuple[int, int]]
) -> list[GameRecord]:
    """Active games unchanged for ``after`` whose current version has not been reminded yet."""
    return [
        g
        for g in games
        if g.status == "active"
        and now - g.updated_at >= after
        and (g.id, g.version) not in reminded
    ]
