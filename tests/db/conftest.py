"""Fixtures for the store tests: every store test runs on SQLite and on PostgreSQL.

The ``backend`` fixture is parametrized over both. SQLite uses a fresh file under
``tmp_path``; PostgreSQL uses the server named by ``REFEREE_TEST_POSTGRES_URL`` (a real
server, never a mock) with a fresh schema per test, dropped afterwards, and is skipped with
the reason when the variable is unset or the server does not answer. A test module that is
about SQLite only overrides ``backend`` with ``sqlite_backend``.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import re
import sqlite3
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import asyncpg  # type: ignore[import-untyped]
import pytest

from db.migrate import MIGRATIONS_DIR as SQLITE_MIGRATIONS
from db.migrate import load_migrations
from db.migrate_postgres import MIGRATIONS_DIR as POSTGRES_MIGRATIONS
from db.postgres import PostgresStore
from db.sqlite import SqliteStore
from db.store import GameRecord, GameStore, SeatRecord

POSTGRES_ENV = "REFEREE_TEST_POSTGRES_URL"

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


@dataclass
class Backend:
    """One database to test a store on, and a way to look behind the store's back."""

    name: str
    target: str
    """What ``REFEREE_DB`` would hold: a file path or a ``postgresql://...?schema=`` URL."""
    integrity_errors: tuple[type[BaseException], ...]
    """What a refused delete, trigger or foreign key raises through a raw connection."""
    data_errors: tuple[type[BaseException], ...]
    """What invalid JSON raises when the store writes it."""
    migrations: int
    _raw: Any = field(default=None, repr=False)

    def store(self, now: Clock | None = None, **kw: Any) -> Any:
        """A new, unopened store on this database (a second one acts as a second process)."""
        if self.name == "sqlite":
            return (
                SqliteStore(self.target, **kw)
                if now is None
                else SqliteStore(self.target, now=now, **kw)
            )
        return (
            PostgresStore(self.target, **kw)
            if now is None
            else PostgresStore(self.target, now=now, **kw)
        )

    async def raw(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        """Run one statement on a plain connection (``?`` placeholders on both backends)."""
        if self.name == "sqlite":
            conn = sqlite3.connect(self.target, isolation_level=None)
            try:
                conn.execute("PRAGMA foreign_keys = ON")
                return conn.execute(sql, params).fetchall()
            finally:
                conn.close()
        if self._raw is None:
            plain, schema = self.target.split("?schema=")
            self._raw = await asyncpg.connect(plain, server_settings={"search_path": schema})
        numbered = iter(range(1, 1000))
        sql = re.sub(r"\?", lambda _: f"${next(numbered)}", sql)
        return [tuple(r) for r in await self._raw.fetch(sql, *params)]

    async def close(self) -> None:
        if self._raw is not None:
            await self._raw.close()
            self._raw = None


_probe: dict[str, str | None] = {}


def postgres_unavailable() -> str | None:
    """Why the PostgreSQL tests cannot run here (None: they can)."""
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        return (
            f"{POSTGRES_ENV} is not set: PostgreSQL store tests need a real server, e.g. "
            f"{POSTGRES_ENV}=postgresql://postgres@127.0.0.1/test"
        )
    if url not in _probe:

        async def probe() -> None:
            conn = await asyncpg.connect(url, timeout=5)
            await conn.close()

        try:
            with concurrent.futures.ThreadPoolExecutor(1) as pool:
                pool.submit(asyncio.run, probe()).result(timeout=10)
            _probe[url] = None
        except Exception as exc:
            _probe[url] = f"PostgreSQL at {url} ({POSTGRES_ENV}) does not answer: {exc!r}"
    return _probe[url]


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "referee.sqlite3")


@pytest.fixture
def sqlite_backend(db_path: str) -> Backend:
    return Backend(
        name="sqlite",
        target=db_path,
        integrity_errors=(sqlite3.IntegrityError,),
        data_errors=(sqlite3.IntegrityError,),
        migrations=len(load_migrations(SQLITE_MIGRATIONS)),
    )


@pytest.fixture
async def postgres_backend() -> AsyncIterator[Backend]:
    reason = postgres_unavailable()
    if reason is not None:
        pytest.skip(reason)
    url = os.environ[POSTGRES_ENV]
    schema = f"referee_test_{uuid.uuid4().hex[:12]}"
    backend = Backend(
        name="postgres",
        target=f"{url}{'&' if '?' in url else '?'}schema={schema}",
        integrity_errors=(asyncpg.IntegrityConstraintViolationError,),
        data_errors=(asyncpg.DataError,),
        migrations=len(load_migrations(POSTGRES_MIGRATIONS)),
    )
    try:
        yield backend
    finally:
        await backend.close()
        conn = await asyncpg.connect(url)
        try:
            await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        finally:
            await conn.close()


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest) -> Backend:
    chosen: Backend = request.getfixturevalue(f"{request.param}_backend")
    return chosen


@pytest.fixture
def clock() -> StepClock:
    return StepClock(datetime(2026, 1, 1, 12, 0, tzinfo=UTC))


@pytest.fixture
async def store(backend: Backend, clock: StepClock) -> AsyncIterator[Any]:
    s = backend.store(now=clock)
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
def new_game(store: GameStore) -> NewGame:
    async def make(channel_id: int = 5000, *, start: bool = True, **kw: Any) -> GameRecord:
        game = await store.create_game(**_game_args(channel_id, **kw))
        if start:
            game = await store.update_game(
                game.id, game.version, status="active", state_json='{"turn": 0}'
            )
        return game

    return make
