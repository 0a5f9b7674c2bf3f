"""Which store serves ``REFEREE_DB`` (``db.targets``: a ``postgresql://`` URL or a SQLite file
path)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from db.store import GameStore
from db.targets import is_postgres


def store_for(target: str, *, now: Callable[[], datetime] | None = None) -> GameStore:
    """The store for ``target`` (not opened yet: call ``await store.open()``).

    ``postgresql://user@host/db`` (optionally ``?schema=name``) gives a ``PostgresStore``;
    anything else is a SQLite file path and gives a ``SqliteStore``. ``now`` replaces the
    clock (tests); by default the stores use the system clock in UTC.
    """
    # each store module loads only when its database is used (asyncpg only for PostgreSQL)
    if is_postgres(target):
        from db.postgres import PostgresStore

        return PostgresStore(target) if now is None else PostgresStore(target, now=now)
    from db.sqlite import SqliteStore

    return SqliteStore(target) if now is None else SqliteStore(target, now=now)
