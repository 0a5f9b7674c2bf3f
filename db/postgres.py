"""``GameStore`` on PostgreSQL through asyncpg, for several bot processes on one database:
the dialect of ``db.sql.SqlStore``.

The guarantees are SQLite's (``db.sqlite``): state and log change in one transaction, every
write names the version it read (``VersionConflict`` otherwise), a repeated interaction is a
``DuplicateInteraction`` even when the version moved meanwhile, the log is append-only
(triggers refuse deletes and any change but marking an action undone), one open game per
channel (a partial unique index), numbered migrations at start-up (``db.migrate_postgres``).

Writers on one game take the game's row lock first (``SELECT ... FOR UPDATE``), so they run
one after the other exactly like SQLite's ``BEGIN IMMEDIATE``; every statement after the lock
sees what the previous writer committed.

``channel_lock`` is a session advisory lock (``pg_advisory_lock``) held on a connection of its
own for the whole ``async with``: two processes never change one channel at once, and a
process that dies drops its locks with its connections. Lock connections come from a pool
separate from the one that does the work, so holding many channel locks can never starve the
work inside them of connections. Waiting longer than ``lock_timeout`` seconds for a channel
raises ``ChannelLockTimeout`` (a hung process must not freeze a channel for ever).

The schema is the server's default (``public``) unless the URL names one with ``?schema=``
(or the ``schema`` argument): each store then works inside that schema, created if missing.
"""

from __future__ import annotations

import hashlib
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any

import asyncpg  # type: ignore[import-untyped]

from db.migrate_postgres import MIGRATION_LOCK, ensure_schema, migrate_postgres
from db.postgres_url import check_schema, pg_dump_command, redact, split_schema, with_schema
from db.rows import KnownRecords
from db.sql import CRASH_POINT_ENV as CRASH_POINT_ENV
from db.sql import OPEN_SQL, Clock, SqlStore, Tx, seal_chains, utc_now
from db.store import StoreError
from db.targets import is_postgres

Conn = Any  # asyncpg.Connection

# pg_advisory_xact_lock(int, int) key space of the ratings ("RFRF", hash of server and kind).
RATINGS_LOCK = 0x52465246


class ChannelLockTimeout(StoreError):
    """Another process held the channel's lock for longer than the store's ``lock_timeout``."""


class _Connection:
    """``db.sql.Tx`` on an asyncpg connection (or pool)."""

    def __init__(self, conn: Conn) -> None:
        self.conn = conn

    async def rows(self, sql: str, *args: Any) -> list[Any]:
        return list(await self.conn.fetch(sql, *args))

    async def run(self, sql: str, *args: Any) -> int:
        status = await self.conn.execute(sql, *args)  # "UPDATE 1", "INSERT 0 1", ...
        return int(str(status).rsplit(" ", 1)[-1])

    async def run_many(self, sql: str, args: Sequence[tuple[Any, ...]]) -> None:
        await self.conn.executemany(sql, args)


class PostgresStore(SqlStore):
    """The PostgreSQL ``GameStore``. ``now`` must return timezone-aware datetimes."""

    _for_update = " FOR UPDATE"
    _open_in_channel = f"WHERE channel_id = $1 AND status IN {OPEN_SQL}"
    _json_cast = "::json"  # a parameter in INSERT ... SELECT has no column type to take

    def __init__(
        self,
        url: str,
        *,
        now: Clock = utc_now,
        schema: str | None = None,
        pool_size: int = 5,
        lock_pool_size: int = 10,
        lock_timeout: float = 60.0,
    ) -> None:
        if not is_postgres(url):
            raise StoreError(f"not a PostgreSQL URL: {redact(url)}")
        self.url, url_schema = split_schema(url)
        self.schema = check_schema(schema) if schema is not None else url_schema
        self._clock = now
        self._known = KnownRecords()
        self._pool_size = pool_size
        self._lock_pool_size = lock_pool_size
        self._lock_timeout = lock_timeout
        self._pool: Any = None
        self._lock_pool: Any = None
        self.migrations_applied: list[int] = []
        """Migration versions applied by the last ``open()`` (empty if it was up to date)."""

    # -- life cycle ---------------------------------------------------------------------

    def _settings(self) -> dict[str, str]:
        settings = {"application_name": "referee"}
        if self.schema is not None:
            settings["search_path"] = f'"{self.schema}"'
        return settings

    async def open(self) -> None:
        if self._pool is not None:
            raise StoreError("store is already open")
        try:
            conn = await asyncpg.connect(self.url, server_settings=self._settings())
        except (OSError, asyncpg.PostgresError) as exc:
            raise StoreError(f"cannot connect to {redact(self.url)}: {exc}") from exc
        try:
            await ensure_schema(conn, self.schema)
            self.migrations_applied = await migrate_postgres(conn, now=self._now)
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock($1, $2)", *MIGRATION_LOCK)
                await seal_chains(_Connection(conn))
        finally:
            await conn.close()
        lock_settings = {
            **self._settings(),
            "lock_timeout": f"{int(self._lock_timeout * 1000)}ms",
        }
        pool = lock_pool = None
        try:
            pool = await asyncpg.create_pool(
                self.url, min_size=1, max_size=self._pool_size, server_settings=self._settings()
            )
            lock_pool = await asyncpg.create_pool(
                self.url, min_size=1, max_size=self._lock_pool_size, server_settings=lock_settings
            )
        except BaseException as exc:
            if pool is not None:
                await pool.close()
            if isinstance(exc, OSError | asyncpg.PostgresError):
                raise StoreError(f"cannot connect to {redact(self.url)}: {exc}") from exc
            raise
        self._pool, self._lock_pool = pool, lock_pool

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        lock_pool, self._lock_pool = self._lock_pool, None
        for p in (lock_pool, pool):
            if p is not None:
                await p.close()

    # -- the dialect ----------------------------------------------------------------------

    @property
    def _db(self) -> Any:
        if self._pool is None:
            raise StoreError("store is not open")
        return self._pool

    def _time(self, moment: datetime) -> datetime:
        return moment

    def _when(self, stored: Any) -> datetime:
        moment: datetime = stored.astimezone(UTC)
        return moment

    def _unique_violation(self, error: Exception) -> tuple[str, str] | None:
        if isinstance(error, asyncpg.UniqueViolationError):
            return str(error.constraint_name or ""), str(error.detail or "")
        return None

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[Conn]:
        """A connection of the store's pool, set to its schema (for ``python -m db`` tools)."""
        async with self._db.acquire() as conn:
            yield conn

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[Tx]:
        """One transaction: committed if the body returns, rolled back if it raises."""
        async with self._db.acquire() as conn, conn.transaction():
            yield _Connection(conn)

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[Tx]:
        async with self._db.acquire() as conn:
            yield _Connection(conn)

    @asynccontextmanager
    async def _snapshot(self) -> AsyncIterator[Tx]:
        async with self._db.acquire() as conn, conn.transaction(isolation="repeatable_read"):
            yield _Connection(conn)

    async def _lock_ratings(self, tx: Tx, guild_id: int, kind: str) -> None:
        """Two games of one kind ending in one server at once are rated one after the other
        (a transaction-scoped advisory lock in the ratings' key space)."""
        await tx.rows(
            "SELECT pg_advisory_xact_lock($1, hashtext($2))", RATINGS_LOCK, f"{guild_id}:{kind}"
        )

    # -- channel locks ------------------------------------------------------------------

    def lock_key(self, channel_id: int) -> int:
        """The advisory lock key of a channel: the channel id mixed with the schema, so two
        stores in different schemas of one database do not wait for each other."""
        if self.schema is None:
            return channel_id
        digest = hashlib.blake2b(f"{self.schema}:{channel_id}".encode(), digest_size=8).digest()
        return int.from_bytes(digest, "big", signed=True)

    @asynccontextmanager
    async def channel_lock(self, channel_id: int) -> AsyncIterator[None]:
        """Hold the channel's advisory lock on a dedicated connection for the whole block."""
        if self._lock_pool is None:
            raise StoreError("store is not open")
        key = self.lock_key(channel_id)
        async with self._lock_pool.acquire() as conn:
            try:
                await conn.execute("SELECT pg_advisory_lock($1)", key)
            except asyncpg.LockNotAvailableError as exc:
                raise ChannelLockTimeout(
                    f"channel {channel_id} stayed locked for {self._lock_timeout:g} s"
                ) from exc
            try:
                yield
            finally:
                # Also dropped when the connection goes back to the pool (asyncpg resets it
                # with pg_advisory_unlock_all) or dies with its process.
                await conn.execute("SELECT pg_advisory_unlock($1)", key)

    # -- backup -------------------------------------------------------------------------

    async def backup(self, path: str) -> None:
        """PostgreSQL is backed up with its own tool; this says which command to run."""
        raise StoreError(
            f"back up PostgreSQL with pg_dump: {pg_dump_command(self.url_with_schema, path)}"
        )

    @property
    def url_with_schema(self) -> str:
        return with_schema(self.url, self.schema)
