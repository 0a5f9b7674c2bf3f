"""Which store serves ``REFEREE_DB``: a ``postgresql://`` URL means PostgreSQL, anything else
is a SQLite file path."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from db.store import GameStore


def is_postgres(target: str) -> bool:
    return target.startswith(("postgresql://", "postgres://"))


def store_for(target: str, *, now: Callable[[], datetime] | None = None) -> GameStore:
    """The store for ``target`` (not opened yet: call ``await store.open()``).

    ``postgresql://user@host/db`` (optionally ``?schema=name``) gives a ``PostgresStore``;
    anything else is a SQLite file path and gives a ``SqliteStore``. ``now`` replaces the
    clock (tests); by default the stores use the system clock in UTC.
    """
    if is_postgres(target):
        from db.postgres import PostgresStore

        return PostgresStore(target) if now is None else PostgresStore(target, now=now)
    from db.sqlite import SqliteStore

    return SqliteStore(target) if now is None else SqliteStore(target, now=now)
