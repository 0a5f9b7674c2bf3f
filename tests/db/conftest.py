"""Fixtures for the SQLite store tests: real database files under ``tmp_path``."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from db.sqlite import SqliteStore
from db.store import GameRecord, SeatRecord

Clock = Callable[[], datetime]
NewGame = Callable[..., Awaitable[GameRecord]]
"""``await new_game(channel_id=5000, *, start=True, **create_game_overrides)``"""
GameArgs = Callable[..., dict[str, Any]]
"""``game_args(channel_id=5000, **overrides)``: keyword arguments for ``create_game``."""


class StepClock:
    """A clock that moves one second per reading, so every write gets a distinct time."""

    def __init__(self, start: datetime) -> None:
        self.current = start

    def __call__(self) -> datetime:
        self.current += timedelta(seconds=1)
        return self.current


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "referee.sqlite3")


@pytest.fixture
def clock() -> StepClock:
    return StepClock(datetime(2026, 1, 1, 12, 0, tzinfo=UTC))


@pytest.fixture
async def store(db_path: str, clock: StepClock) -> AsyncIterator[SqliteStore]:
    s = SqliteStore(db_path, now=clock)
    await s.open()
    try:
        yield s
    finally:
        await s.close()


SEATS = [SeatRecord("p1", 101, "Ana"), SeatRecord("p2", 102, "민준")]


def _game_args(channel_id: int = 5000, **overrides: Any) -> dict[str, Any]:
    args: dict[str, Any] = {
        "channel_id": channel_id,
        "guild_id": 77,
        "kind": "ilos",
        "creator_id": 101,
        "options": {"players": 2, "variant": "base"},
        "seed": 12345,
        "seats": list(SEATS),
    }
    args.update(overrides)
    return args


@pytest.fixture
def game_args() -> GameArgs:
    return _game_args


@pytest.fixture
def seats() -> list[SeatRecord]:
    return list(SEATS)


@pytest.fixture
def new_game(store: SqliteStore) -> NewGame:
    async def make(channel_id: int = 5000, *, start: bool = True, **kw: Any) -> GameRecord:
        game = await store.create_game(**_game_args(channel_id, **kw))
        if start:
            game = await store.update_game(
                game.id, game.version, status="active", state_json='{"turn": 0}'
            )
        return game

    return make
