"""Turn reminders: which games have waited too long for their acting players."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from db.store import GameRecord


def due(games: Iterable[GameRecord], now: datetime, after: timedelta) -> list[GameRecord]:
    """Active games unchanged for ``after`` (the store's ``claim_reminder`` makes each version's
    reminder go out once, across restarts and processes)."""
    return [g for g in games if g.status == "active" and now - g.updated_at >= after]
