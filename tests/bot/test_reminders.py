"""Reminders use the injected clock, so they are testable with virtual time."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.reminders import due
from db.store import GameRecord


def _game(gid: int, status: str, updated: datetime, version: int = 3) -> GameRecord:
    return GameRecord(
        id=gid,
        channel_id=gid,
        guild_id=1,
        kind="ilos",
        status=status,  # type: ignore[arg-type]
        creator_id=1,
        options={},
        seed=1,
        seats=[],
        state_json="{}",
        version=version,
        created_at=updated,
        updated_at=updated,
        campaign=None,
    )


def test_only_active_games_waiting_long_enough() -> None:
    now = datetime(2026, 1, 2, tzinfo=UTC)
    games = [
        _game(1, "active", now - timedelta(hours=30)),
        _game(2, "active", now - timedelta(hours=2)),
        _game(3, "lobby", now - timedelta(hours=30)),
    ]
    assert [g.id for g in due(games, now, timedelta(hours=24))] == [1]
