"""``GameStore`` on SQLite through aiosqlite: the dialect of ``db.sql.SqlStore``.

One connection does all the work, on aiosqlite's thread. Every write is a transaction body
run whole on that thread (``_transact``) inside a ``BEGIN IMMEDIATE`` transaction (it takes
SQLite's write lock up front, so a writer of another process waits for it through
``busy_timeout`` instead of failing half-way); the writes queued while the connection was
busy share the next transaction, each in a savepoint of its own, and its one ``COMMIT``
(group commit: one sync of the disk for all of them, each caller told only once it is
committed). No transaction stays open across awaits, so a read never sees an uncommitted
write; an asyncio lock keeps the statements of one read (``_read``) together. Optimistic
concurrency on ``games.version`` decides between writers that read the same version: the
second one gets ``VersionConflict``.

One process per file: ``open()`` takes an exclusive lock on the file itself (``db.filelock``)
and a second bot process gets ``StoreInUse`` at start-up; several processes need PostgreSQL.
Queries on open games spell the open statuses as literals (``_OPEN_SQL``) so that SQLite can
use the partial index ``games_one_open_per_channel``; bound parameters would hide it.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, cast

import aiosqlite

from db import filelock
from db.backup import backup_database
from db.migrate import immediate, migrate
from db.rows import KnownRecords, decode_text, sqlite_sql
from db.sql import CRASH_POINT_ENV as CRASH_POINT_ENV
from db.sql import OPEN_SQL as _OPEN_SQL
from db.sql import Clock, SqlStore, T, Tx, seal_chains, utc_now
from db.store import StoreError

# aiosqlite logs every statement with its parameters at DEBUG; the parameters carry stored
# states, and a state holds its game's secret (rules.core.rng), which no log line may show.
logging.getLogger("aiosqlite").setLevel(max(logging.INFO, logging.getLogger("aiosqlite").level))


class _Connection:
    """``db.sql.Tx`` on an aiosqlite connection: ``$n`` placeholders read as ``?n``."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def rows(self, sql: str, *args: Any) -> list[Any]:
        return list(await self.conn.execute_fetchall(sqlite_sql(sql), args))

    async def run(self, sql: str, *args: Any) -> int:
        async with self.conn.execute(sqlite_sql(sql), args) as cursor:
            return cursor.rowcount

    async def run_many(self, sql: str, args: Sequence[tuple[Any, ...]]) -> None:
        await self.conn.executemany(sqlite_sql(sql), args)


class _ThreadConnection:
    """``db.sql.Tx`` on the sqlite3 connection itself, for a transaction body running on the
    connection's own thread (``_run_whole``): each call runs at once, nothing is awaited."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    async def rows(self, sql: str, *args: Any) -> list[Any]:
        return self.conn.execute(sqlite_sql(sql), args).fetchall()

    async def run(self, sql: str, *args: Any) -> int:
        return self.conn.execute(sqlite_sql(sql), args).rowcount

    async def run_many(self, sql: str, args: Sequence[tuple[Any, ...]]) -> None:
        self.conn.executemany(sqlite_sql(sql), args)


def _run_whole(body: Coroutine[Any, Any, T]) -> T:
    """Run a transaction body on this thread to its end: it awaits only a
    ``_ThreadConnection``, whose calls never suspend, so one step finishes it."""
    try:
        body.send(None)
    except StopIteration as done:
        result: T = done.value
        return result
    body.close()
    raise StoreError("a transaction body waited for something other than its connection")


@dataclass(eq=False)
class _Write:
    """One write transaction body queued for the next group commit (``SqliteStore._transact``)."""

    body: Callable[[Tx], Coroutine[Any, Any, Any]]
    abandoned: bool = False
    """Its caller stopped waiting before it ran (cancelled): it is skipped, never written."""
    finished: bool = False
    result: Any = None
    error: BaseException | None = None


class SqliteStore(SqlStore):
    """The SQLite ``GameStore``. ``now`` must return timezone-aware datetimes (stored as UTC)."""

    _open_in_channel = f"WHERE channel_id = ? AND status IN {_OPEN_SQL}"
    _same = "IS"

    def __init__(self, path: str, *, now: Clock = utc_now) -> None:
        self.path = path
        self._clock = now
        self._known = KnownRecords()
        self._conn: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self._channel_locks: dict[int, asyncio.Lock] = {}
        self._writes: deque[_Write] = deque()
        """Writes waiting for the next group commit (appended on the event loop, taken on the
        connection's thread)."""
        self._file_lock: filelock.Key | None = None
        self.migrations_applied: list[int] = []
        """Migration versions applied by the last ``open()`` (empty if it was up to date)."""

    # -- life cycle ---------------------------------------------------------------------

    async def open(self) -> None:
        if self._conn is not None:
            raise StoreError("store is already open")
        file_lock = filelock.acquire(self.path)
        try:
            # isolation_level=None: autocommit; transactions are opened explicitly below.
            conn = await aiosqlite.connect(self.path, isolation_level=None)
        except BaseException:
            filelock.release(file_lock)
            raise
        try:
            conn.row_factory = sqlite3.Row
            # Damaged bytes in one row must not stop every game: read them as Undecodable.
            conn.text_factory = decode_text
            await conn.execute("PRAGMA busy_timeout = 5000")
            mode = await _switch_to_wal(conn)
            if mode not in ("wal", "memory"):
                raise StoreError(f"could not switch {self.path} to WAL (journal mode {mode})")
            # FULL, not NORMAL: in WAL mode NORMAL survives a process crash but a power cut
            # can lose the last commits; FULL syncs the WAL at every commit so the last move
            # players saw confirmed is never lost. One fsync per move costs nothing here.
            await conn.execute("PRAGMA synchronous = FULL")
            await conn.execute("PRAGMA foreign_keys = ON")
            self.migrations_applied = await migrate(conn, now=self._now)
            async with immediate(conn):
                await seal_chains(_Connection(conn))
        except BaseException:
            await conn.close()
            filelock.release(file_lock)
            raise
        self._conn, self._file_lock = conn, file_lock

    async def close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                async with self._lock:
                    await conn.close()
            finally:
                file_lock, self._file_lock = self._file_lock, None
                filelock.release(file_lock)

    async def pragmas(self) -> dict[str, int | str]:
        """The connection's durability settings (diagnostics and tests)."""
        result: dict[str, int | str] = {}
        async with self._lock:
            for name in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout"):
                rows = await self._db.execute_fetchall(f"PRAGMA {name}")
                result[name] = next(iter(rows))[0]
        return result

    # -- the dialect ----------------------------------------------------------------------

    @property
    def _db(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise StoreError("store is not open")
        return self._conn

    def _time(self, moment: datetime) -> str:
        return moment.astimezone(UTC).isoformat()

    def _when(self, stored: Any) -> datetime:
        return datetime.fromisoformat(stored)

    async def _transact(self, body: Callable[[Tx], Coroutine[Any, Any, T]]) -> T:
        """Run ``body`` in a write transaction on the connection's thread, committed (or, if
        it raises, rolled back) before this returns: group commit. Every write queued while
        the connection was busy goes into the next transaction, each in a savepoint of its
        own (one that raises is undone alone), so one ``COMMIT`` and one sync of the disk
        serve them all. The write is queued, then this waits for the connection's lock
        (held by no transaction across awaits any more, only by reads that want one state)
        and runs the queue unless an earlier turn of it already ran this write."""
        conn = self._db
        write = _Write(body)
        self._writes.append(write)
        try:
            async with self._lock:
                if not write.finished:
                    await _on_connection_thread(conn, self._commit_writes)
        except BaseException:
            write.abandoned = True  # not yet run: it never will be; already run: no matter
            raise
        if write.error is not None:
            raise write.error
        result: T = write.result
        return result

    def _commit_writes(self, conn: sqlite3.Connection) -> None:
        """Every queued write in one transaction (on the connection's thread)."""
        batch: list[_Write] = []
        while self._writes:
            batch.append(self._writes.popleft())
        try:
            _commit_together(conn, batch)
        finally:
            for write in batch:
                write.finished = True

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[Tx]:
        async with self._lock:
            yield _Connection(self._db)

    # -- channel locks ------------------------------------------------------------------

    @asynccontextmanager
    async def channel_lock(self, channel_id: int) -> AsyncIterator[None]:
        """Serialise changes to one channel's game. SQLite serves one process, so an
        in-process lock is enough; the version check still guards every write."""
        lock = self._channel_locks.setdefault(channel_id, asyncio.Lock())
        async with lock:
            yield

    # -- backup -------------------------------------------------------------------------

    async def backup(self, path: str) -> None:
        """Copy the database to ``path`` with SQLite's online backup API, from a separate
        read connection (committed data only; the bot's writes are not held up)."""
        self._db  # noqa: B018 -- raises StoreError if the store is not open
        if self.path in ("", ":memory:"):
            raise StoreError("backup needs the store to be opened on a database file")
        await asyncio.to_thread(backup_database, self.path, path)


async def _on_connection_thread(
    conn: aiosqlite.Connection, work: Callable[[sqlite3.Connection], None]
) -> None:
    """Run ``work`` on the connection's own thread, in the queue of its statements: through
    ``aiosqlite.Connection._execute``, the one call every public method of aiosqlite makes
    (private, so the dependency is pinned to the versions checked)."""
    queue = cast(Callable[..., Awaitable[None]], conn._execute)
    await queue(work, conn._conn)


def _commit_together(conn: sqlite3.Connection, batch: list[_Write]) -> None:
    """Run ``batch`` in one ``BEGIN IMMEDIATE`` transaction, each write in a savepoint; set
    each one's result or error. If the transaction as a whole fails (it cannot begin or
    commit, or an error made SQLite roll all of it back), every write that had not failed
    on its own gets that error: none of them was written."""
    if all(write.abandoned for write in batch):
        return
    tx = _ThreadConnection(conn)
    try:
        conn.execute("BEGIN IMMEDIATE")
        for write in batch:
            if write.abandoned:  # checked once the write lock is ours: BEGIN may wait long
                continue
            conn.execute("SAVEPOINT write")
            try:
                write.result = _run_whole(write.body(tx))
            except Exception as exc:
                if not conn.in_transaction:
                    raise  # SQLite rolled back the whole transaction
                conn.execute("ROLLBACK TO write")
                write.error = exc
            conn.execute("RELEASE write")
        conn.execute("COMMIT")
    except BaseException as exc:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        for write in batch:
            if write.error is None:
                write.result, write.error = None, exc
        if not isinstance(exc, Exception):
            raise


async def _switch_to_wal(conn: aiosqlite.Connection, attempts: int = 100) -> str:
    """Set WAL mode, retrying while another process holds the fresh file's lock.

    Changing the journal mode needs an exclusive lock, and SQLite reports "database is locked"
    for it without waiting on busy_timeout when several processes open a new file at once.
    """
    for attempt in range(attempts):
        try:
            rows = await conn.execute_fetchall("PRAGMA journal_mode = WAL")
            return str(next(iter(rows))[0])
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == attempts - 1:
                raise
            await asyncio.sleep(0.05)
    raise StoreError("could not switch to WAL")
