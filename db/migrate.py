"""Schema migrations: numbered SQL files in ``db/migrations/`` run in order, and the one
runner both databases use (``run_migrations``; PostgreSQL's files and steps are in
``db.migrate_postgres``).

Each file ``NNNN_name.sql`` runs once, in its own ``BEGIN IMMEDIATE`` transaction together
with the ``schema_version`` row that records it, so a migration is either wholly applied and
recorded or not at all. Two processes starting at once are safe: the runner re-checks
``schema_version`` after taking the write lock.

A migration runs inside a transaction, so it cannot change ``PRAGMA foreign_keys`` or run
``VACUUM``; a future table rebuild has to be written with that in mind.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import AsyncIterator, Callable, Collection, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Protocol

import aiosqlite

from db.store import StoreError

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"

_FILE_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")

_CREATE_VERSION_TABLE = """
CREATE TABLE IF NOT EXISTS schema_version (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL
) STRICT
"""


class MigrationError(StoreError):
    """A migration file is malformed or failed, or the database is newer than this code."""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def load_migrations(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    """The migration files in order; numbering must run 1, 2, 3, ... without gaps."""
    found: list[Migration] = []
    for path in sorted(directory.iterdir()):
        if path.suffix != ".sql":
            continue
        match = _FILE_NAME.match(path.name)
        if match is None:
            raise MigrationError(f"migration file name not NNNN_name.sql: {path.name}")
        found.append(
            Migration(int(match.group(1)), match.group(2), path.read_text(encoding="utf-8"))
        )
    found.sort(key=lambda m: m.version)
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise MigrationError(
                f"migrations must be numbered 1, 2, 3, ... without gaps or repeats; "
                f"expected {expected:04d}, found {migration.version:04d}_{migration.name}"
            )
    return found


def split_statements(sql: str) -> list[str]:
    """Split a script into complete statements (semicolons inside strings, comments and
    trigger bodies do not split). Trailing comments are dropped."""
    statements: list[str] = []
    *pieces, rest = sql.split(";")
    buffer = ""
    for piece in pieces:
        buffer += piece + ";"
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    rest = buffer + rest
    if any(line.strip() and not line.strip().startswith("--") for line in rest.splitlines()):
        raise MigrationError(f"incomplete SQL statement at the end: {rest.strip()[:80]!r}")
    return statements


async def applied_versions(conn: aiosqlite.Connection) -> list[int]:
    await conn.execute(_CREATE_VERSION_TABLE)
    rows = await conn.execute_fetchall("SELECT version FROM schema_version ORDER BY version")
    return [int(row[0]) for row in rows]


class Step(Protocol):
    """What the runner needs of one database to apply one migration."""

    def transaction(self) -> AbstractAsyncContextManager[None]:
        """One transaction holding the database's migration lock (its write lock)."""
        ...

    async def recorded(self, version: int) -> bool: ...

    async def apply(self, migration: Migration) -> None:
        """Run the migration's SQL (and check what it left)."""
        ...

    async def record(self, migration: Migration) -> None: ...


async def run_migrations(
    known: Sequence[Migration],
    applied: Collection[int],
    step: Step,
    errors: tuple[type[Exception], ...],
) -> list[int]:
    """The one migration runner: apply each of ``known`` not in ``applied``, each in its own
    transaction together with the ``schema_version`` row that records it, re-checked under
    the lock (another process may have applied it while this one waited). A database newer
    than ``known`` is refused. The database's ``errors`` become ``MigrationError``. Returns
    the versions applied now (empty if none)."""
    newest_known = max((m.version for m in known), default=0)
    if applied and max(applied) > newest_known:
        raise MigrationError(
            f"the database schema is at version {max(applied)}, newer than this code "
            f"knows ({newest_known}); run a newer Referee or restore a matching backup"
        )
    done: list[int] = []
    for migration in known:
        if migration.version in applied:
            continue
        try:
            async with step.transaction():
                if not await step.recorded(migration.version):
                    await step.apply(migration)
                    await step.record(migration)
                    done.append(migration.version)
        except errors as exc:
            label = f"{migration.version:04d}_{migration.name}"
            raise MigrationError(f"migration {label} failed: {exc}") from exc
    return done


@asynccontextmanager
async def immediate(conn: aiosqlite.Connection) -> AsyncIterator[None]:
    """One SQLite write transaction (``BEGIN IMMEDIATE`` takes the write lock up front):
    committed if the body returns, rolled back if it raises."""
    try:
        # Inside the try: if the task is cancelled while BEGIN waits for the lock, BEGIN
        # still runs on aiosqlite's thread and the queued rollback undoes it.
        await conn.execute("BEGIN IMMEDIATE")
        yield
        await conn.execute("COMMIT")
    except BaseException:
        await conn.rollback()
        raise


class _SqliteStep:
    def __init__(self, conn: aiosqlite.Connection, now: Callable[[], datetime]) -> None:
        self.conn, self.now = conn, now

    def transaction(self) -> AbstractAsyncContextManager[None]:
        return immediate(self.conn)

    async def recorded(self, version: int) -> bool:
        sql = "SELECT 1 FROM schema_version WHERE version = ?"
        return bool(await self.conn.execute_fetchall(sql, (version,)))

    async def apply(self, migration: Migration) -> None:
        for statement in split_statements(migration.sql):
            await self.conn.execute(statement)
        problems = await self.conn.execute_fetchall("PRAGMA foreign_key_check")
        if problems:
            label = f"{migration.version:04d}_{migration.name}"
            raise MigrationError(f"migration {label} broke foreign keys: {problems!r}")

    async def record(self, migration: Migration) -> None:
        await self.conn.execute(
            "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
            (migration.version, migration.name, self.now().isoformat()),
        )


async def migrate(
    conn: aiosqlite.Connection,
    *,
    now: Callable[[], datetime],
    migrations: Sequence[Migration] | None = None,
) -> list[int]:
    """Apply every pending migration; returns the versions applied now (empty if none).

    ``conn`` must be in autocommit mode (``isolation_level=None``) with no open transaction.
    """
    known = list(migrations) if migrations is not None else load_migrations()
    applied = set(await applied_versions(conn))
    return await run_migrations(known, applied, _SqliteStep(conn, now), (sqlite3.Error,))
