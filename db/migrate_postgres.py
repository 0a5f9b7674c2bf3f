"""Schema migrations for PostgreSQL: numbered SQL files in ``db/migrations_postgres/``.

The PostgreSQL schema has its own migration history (its own files and its own
``schema_version`` table), separate from SQLite's. Each file runs once, in one transaction
together with the ``schema_version`` row that records it (PostgreSQL DDL is transactional,
so a failed migration leaves nothing behind). Every step first takes a transaction-scoped
advisory lock, so processes starting together apply each migration exactly once: the second
one waits, then sees the version recorded and skips it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import asyncpg  # type: ignore[import-untyped]

from db.migrate import Migration, load_migrations, run_migrations

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations_postgres"

# pg_advisory_xact_lock(int, int) key of the migration runner ("RFRE", 1); the two-int key
# space does not overlap the one-bigint space of the channel locks.
MIGRATION_LOCK = (0x52465245, 1)

_CREATE_VERSION_TABLE = """
CREATE TABLE IF NOT EXISTS schema_version (
    version    INTEGER PRIMARY KEY,
    name       TEXT        NOT NULL,
    applied_at timestamptz NOT NULL
)
"""


async def _lock(conn: Any) -> None:
    await conn.execute("SELECT pg_advisory_xact_lock($1, $2)", *MIGRATION_LOCK)


async def ensure_schema(conn: Any, schema: str | None) -> None:
    """Create the store's schema if it is missing (under the migration lock)."""
    if schema is None:
        return
    async with conn.transaction():
        await _lock(conn)
        await conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')


async def applied_versions(conn: Any) -> list[int]:
    async with conn.transaction():
        await _lock(conn)
        await conn.execute(_CREATE_VERSION_TABLE)
        rows = await conn.fetch("SELECT version FROM schema_version ORDER BY version")
    return [int(row[0]) for row in rows]


class _PostgresStep:
    def __init__(self, conn: Any, now: Callable[[], datetime]) -> None:
        self.conn, self.now = conn, now

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        async with self.conn.transaction():
            await _lock(self.conn)
            yield

    async def recorded(self, version: int) -> bool:
        sql = "SELECT 1 FROM schema_version WHERE version = $1"
        return bool(await self.conn.fetchval(sql, version))

    async def apply(self, migration: Migration) -> None:
        await self.conn.execute(migration.sql)

    async def record(self, migration: Migration) -> None:
        await self.conn.execute(
            "INSERT INTO schema_version (version, name, applied_at) VALUES ($1, $2, $3)",
            migration.version,
            migration.name,
            self.now(),
        )


async def migrate_postgres(
    conn: Any,
    *,
    now: Callable[[], datetime],
    migrations: Sequence[Migration] | None = None,
) -> list[int]:
    """Apply every pending migration; returns the versions applied now (empty if none)."""
    known = list(migrations) if migrations is not None else load_migrations(MIGRATIONS_DIR)
    applied = set(await applied_versions(conn))
    return await run_migrations(known, applied, _PostgresStep(conn, now), (asyncpg.PostgresError,))
