"""``GameStore`` on SQLite through aiosqlite.

One connection does all the work. Every write is one ``BEGIN IMMEDIATE`` transaction (it
takes SQLite's write lock up front, so a second writer, in this process or another, waits
for it through ``busy_timeout`` instead of failing half-way); an asyncio lock keeps this
process's own reads and writes from interleaving on the shared connection, so a read never
sees another task's uncommitted transaction. Optimistic concurrency on ``games.version``
decides between writers that read the same version: the second one gets ``VersionConflict``.

One process per file: ``open()`` takes an exclusive lock on the file itself (``db.filelock``)
and a second bot process gets ``StoreInUse`` at start-up; several processes need PostgreSQL.
Queries on open games spell the open statuses as literals (``_OPEN_SQL``) so that SQLite can
use the partial index ``games_one_open_per_channel``; bound parameters would hide it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from types import TracebackType
from typing import Any, Literal

import aiosqlite

from db import filelock
from db.backup import backup_database
from db.club_record import (
    RATING_COLUMNS,
    RECORD_COLUMNS,
    SEAT_COLUMNS,
    ArchivedGame,
    ArchiveSeat,
    GameArchive,
    Rating,
    SeatRating,
    archived_game,
    rating_of,
    seat_rows,
    write_archive,
)
from db.migrate import migrate
from db.rows import (
    CLAIM_DM_CLOSED_SQL,
    FORGET_OWN_DM_SQL,
    KEEP_OWN_DM_SQL,
    OWN_DM_SQL,
    SEAT_CONSENT_SQL,
    STATUSES,
    action_record,
    chained,
    check_status,
    decode_text,
    dumps,
    game_changes,
    game_columns,
    game_record,
    seal_chain,
    seat_consent_params,
    seats_json,
    sqlite_sql,
)
from db.store import (
    OPEN_STATUSES,
    ActionRecord,
    ChannelBusy,
    DirectMessage,
    DuplicateInteraction,
    GameNotFound,
    GameRecord,
    GameStatus,
    NewAction,
    SeatConsent,
    SeatRecord,
    StoreError,
    UndoRequest,
    VersionConflict,
    state_digest,
)

Clock = Callable[[], datetime]

# aiosqlite logs every statement with its parameters at DEBUG; the parameters carry stored
# states, and a state holds its game's secret (rules.core.rng), which no log line may show.
logging.getLogger("aiosqlite").setLevel(max(logging.INFO, logging.getLogger("aiosqlite").level))


_GAME_COLUMNS = game_columns("a.undone = 0")
_ACTION_COLUMNS = (
    "game_id, seq, seat, user_id, action_json, interaction_id, reveals, undone, created_at, "
    "state_hash, chain_hash"
)


def _status_literals(statuses: Sequence[str]) -> str:
    for status in statuses:
        if status not in STATUSES:
            raise ValueError(f"unknown game status {status!r}")
    return "(" + ", ".join(f"'{status}'" for status in statuses) + ")"


# The open statuses as SQL literals, exactly as the partial index spells them.
_OPEN_SQL = _status_literals(OPEN_STATUSES)

# Test-only crash hook: when this variable names a point, the process SIGKILLs itself there
# (inside the open transaction), so a test can prove a crash leaves the last committed state.
CRASH_POINT_ENV = "REFEREE_DB_CRASH_POINT"


def _test_crash_point(name: str) -> None:
    if os.environ.get(CRASH_POINT_ENV) == name:
        os.kill(os.getpid(), signal.SIGKILL)


def utc_now() -> datetime:
    return datetime.now(UTC)


def _game_from_row(row: sqlite3.Row) -> GameRecord:
    return game_record(row, datetime.fromisoformat)


def _action_from_row(row: sqlite3.Row) -> ActionRecord:
    return action_record(row, datetime.fromisoformat)


class SqliteStore:
    """The SQLite ``GameStore``. ``now`` must return timezone-aware datetimes (stored as UTC)."""

    def __init__(self, path: str, *, now: Clock = utc_now) -> None:
        self.path = path
        self._clock = now
        self._conn: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self._channel_locks: dict[int, asyncio.Lock] = {}
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
            await _seal_chains(conn)
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

    async def __aenter__(self) -> SqliteStore:
        await self.open()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    async def pragmas(self) -> dict[str, int | str]:
        """The connection's durability settings (diagnostics and tests)."""
        result: dict[str, int | str] = {}
        async with self._lock:
            for name in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout"):
                rows = await self._db.execute_fetchall(f"PRAGMA {name}")
                result[name] = next(iter(rows))[0]
        return result

    async def schema_version(self) -> int:
        """The newest migration applied to the database."""
        rows = await self._read("SELECT COALESCE(MAX(version), 0) FROM schema_version")
        return int(rows[0][0])

    # -- plumbing -----------------------------------------------------------------------

    @property
    def _db(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise StoreError("store is not open")
        return self._conn

    def _now(self) -> datetime:
        moment = self._clock()
        if moment.tzinfo is None:
            raise ValueError("the store's clock must return timezone-aware datetimes")
        return moment.astimezone(UTC)

    def _now_text(self) -> str:
        return self._now().isoformat()

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction: committed if the body returns, rolled back if it raises."""
        conn = self._db
        async with self._lock:
            try:
                # Inside the try: if the task is cancelled while BEGIN waits for the lock,
                # BEGIN still runs on aiosqlite's thread and the queued rollback undoes it.
                await conn.execute("BEGIN IMMEDIATE")
                yield conn
                await conn.execute("COMMIT")
            except BaseException:
                await conn.rollback()
                raise

    async def _read(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        async with self._lock:
            return list(await self._db.execute_fetchall(sql, tuple(params)))

    @staticmethod
    async def _fetch_game(conn: aiosqlite.Connection, game_id: int) -> GameRecord:
        rows = await conn.execute_fetchall(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)
        )
        for row in rows:
            return _game_from_row(row)
        raise GameNotFound(f"no game with id {game_id}")

    @staticmethod
    async def _check_version(
        conn: aiosqlite.Connection, game_id: int, expected_version: int
    ) -> GameRecord:
        game = await SqliteStore._fetch_game(conn, game_id)
        if game.version != expected_version:
            raise VersionConflict(
                f"game {game_id} is at version {game.version}, not {expected_version}"
            )
        return game

    @staticmethod
    async def _check_channel_free(
        conn: aiosqlite.Connection, channel_id: int, *, other_than: int | None = None
    ) -> None:
        rows = await conn.execute_fetchall(
            f"SELECT id FROM games WHERE channel_id = ? AND status IN {_OPEN_SQL}", (channel_id,)
        )
        for row in rows:
            if row["id"] != other_than:
                raise ChannelBusy(f"channel {channel_id} already has open game {row['id']}")

    @staticmethod
    async def _bump(
        conn: aiosqlite.Connection,
        game_id: int,
        expected_version: int,
        changes: dict[str, Any],
    ) -> None:
        """``UPDATE games`` guarded by the optimistic version check; version + 1."""
        assignments = "".join(f"{column} = ?, " for column in changes)
        async with conn.execute(
            f"UPDATE games SET {assignments}version = version + 1 WHERE id = ? AND version = ?",
            (*changes.values(), game_id, expected_version),
        ) as cursor:
            if cursor.rowcount != 1:
                raise VersionConflict(f"game {game_id} changed since version {expected_version}")

    # -- games --------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        kind: str,
        creator_id: int,
        options: dict[str, Any],
        seed: int,
        seats: list[SeatRecord],
    ) -> GameRecord:
        options_json, seats_text = dumps(options), seats_json(seats)
        now = self._now_text()
        async with self._write() as conn:
            await self._check_channel_free(conn, channel_id)
            async with conn.execute(
                "INSERT INTO games (channel_id, guild_id, kind, status, creator_id, "
                "options_json, seed, seats_json, state_json, version, created_at, updated_at) "
                "VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, NULL, 0, ?, ?)",
                (
                    channel_id,
                    guild_id,
                    kind,
                    creator_id,
                    options_json,
                    str(seed),
                    seats_text,
                    now,
                    now,
                ),
            ) as cursor:
                game_id = cursor.lastrowid
            assert game_id is not None
            return await self._fetch_game(conn, game_id)

    async def current_game(self, channel_id: int) -> GameRecord | None:
        rows = await self._read(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND status IN {_OPEN_SQL}",
            (channel_id,),
        )
        return _game_from_row(rows[0]) if rows else None

    async def get_game(self, game_id: int) -> GameRecord | None:
        rows = await self._read(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return _game_from_row(rows[0]) if rows else None

    async def finished_games(self, channel_id: int, limit: int = 25) -> list[GameRecord]:
        rows = await self._read(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND status = 'finished' "
            "ORDER BY updated_at DESC, id DESC LIMIT ?",
            (channel_id, max(0, limit)),
        )
        return [_game_from_row(row) for row in rows]

    async def open_games(self) -> list[GameRecord]:
        rows = await self._read(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN {_OPEN_SQL} ORDER BY id"
        )
        return [_game_from_row(row) for row in rows]

    async def idle_games(self, unchanged_since: datetime) -> list[GameRecord]:
        rows = await self._read(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status = 'active' AND updated_at <= ? "
            "ORDER BY id",
            (unchanged_since.astimezone(UTC).isoformat(),),
        )
        return [_game_from_row(row) for row in rows]

    async def update_game(
        self,
        game_id: int,
        expected_version: int,
        *,
        seats: list[SeatRecord] | None = None,
        options: dict[str, Any] | None = None,
        status: GameStatus | None = None,
        state_json: str | None = None,
        campaign: dict[str, Any] | None = None,
        creator_id: int | None = None,
        archive: GameArchive | None = None,
    ) -> GameRecord:
        changes = game_changes(
            seats=seats,
            options=options,
            status=status,
            state_json=state_json,
            campaign=campaign,
            creator_id=creator_id,
            now=self._now_text(),
        )
        async with self._write() as conn:
            game = await self._check_version(conn, game_id, expected_version)
            if status in OPEN_STATUSES and game.status not in OPEN_STATUSES:
                await self._check_channel_free(conn, game.channel_id, other_than=game_id)
            if state_json is not None:
                logged = await conn.execute_fetchall(
                    "SELECT 1 FROM actions WHERE game_id = ? LIMIT 1", (game_id,)
                )
                if not logged:  # the state the game starts with: the chain's first link
                    changes["initial_hash"] = state_digest(state_json)
            await self._bump(conn, game_id, expected_version, changes)
            if archive is not None:
                await self._archive(conn, game, archive, changes["updated_at"])
            return await self._fetch_game(conn, game_id)

    # -- the action log -----------------------------------------------------------------

    async def record_actions(
        self,
        game_id: int,
        expected_version: int,
        actions: list[NewAction],
        state_json: str,
        status: GameStatus,
        *,
        campaign: dict[str, Any] | None = None,
        archive: GameArchive | None = None,
    ) -> GameRecord:
        """Append ``actions`` and store the state they lead to, in one transaction.

        ``campaign``, when given, replaces the channel's campaign state for this game kind in
        the same transaction (a game that ends writes what persists with its final state).

        A repeated interaction is reported as ``DuplicateInteraction`` even when the version
        has moved meanwhile (a retry of an interaction that already succeeded), so the
        duplicate check comes before the version check.
        """
        check_status(status)
        interaction_ids = [a.interaction_id for a in actions if a.interaction_id is not None]
        if len(set(interaction_ids)) != len(interaction_ids):
            raise DuplicateInteraction("the same interaction id appears twice in one write")
        now = self._now_text()
        async with self._write() as conn:
            game = await self._fetch_game(conn, game_id)
            if interaction_ids:
                placeholders = ", ".join("?" for _ in interaction_ids)
                seen = await conn.execute_fetchall(
                    "SELECT interaction_id FROM actions "
                    f"WHERE game_id = ? AND interaction_id IN ({placeholders})",
                    (game_id, *interaction_ids),
                )
                if seen:
                    ids = sorted(row[0] for row in seen)
                    raise DuplicateInteraction(f"game {game_id} already recorded {ids}")
            if game.version != expected_version:
                raise VersionConflict(
                    f"game {game_id} is at version {game.version}, not {expected_version}"
                )
            if status in OPEN_STATUSES and game.status not in OPEN_STATUSES:
                await self._check_channel_free(conn, game.channel_id, other_than=game_id)
            await self._bump(
                conn,
                game_id,
                expected_version,
                {"state_json": state_json, "status": status, "updated_at": now},
            )
            rows = await conn.execute_fetchall(
                "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?", (game_id,)
            )
            last_seq = int(next(iter(rows))[0])
            await conn.executemany(
                f"INSERT INTO actions ({_ACTION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)",
                [
                    (
                        game_id,
                        seq,
                        a.seat,
                        a.user_id,
                        a.action_json,
                        a.interaction_id,
                        int(a.reveals),
                        now,
                        state_hash,
                        chain,
                    )
                    for seq, a, state_hash, chain in chained(game, last_seq, actions, state_json)
                ],
            )
            if campaign is not None:
                await self._put_campaign(conn, game.channel_id, game.kind, campaign, now)
            if archive is not None:
                await self._archive(conn, game, archive, now)
            _test_crash_point("after_log_write")
            return await self._fetch_game(conn, game_id)

    async def actions(self, game_id: int, *, include_undone: bool = False) -> list[ActionRecord]:
        where = "game_id = ?" if include_undone else "game_id = ? AND undone = 0"
        rows = await self._read(
            f"SELECT {_ACTION_COLUMNS} FROM actions WHERE {where} ORDER BY seq", (game_id,)
        )
        return [_action_from_row(row) for row in rows]

    async def undo_to(
        self, game_id: int, expected_version: int, keep_through_seq: int, state_json: str
    ) -> GameRecord:
        if keep_through_seq < 0:
            raise ValueError("keep_through_seq must be 0 or more")
        now = self._now_text()
        async with self._write() as conn:
            await self._check_version(conn, game_id, expected_version)
            await conn.execute(
                "UPDATE actions SET undone = 1 WHERE game_id = ? AND seq > ? AND undone = 0",
                (game_id, keep_through_seq),
            )
            await self._bump(
                conn, game_id, expected_version, {"state_json": state_json, "updated_at": now}
            )
            return await self._fetch_game(conn, game_id)

    # -- channel locks ------------------------------------------------------------------

    @asynccontextmanager
    async def channel_lock(self, channel_id: int) -> AsyncIterator[None]:
        """Serialise changes to one channel's game. SQLite serves one process, so an
        in-process lock is enough; the version check still guards every write."""
        lock = self._channel_locks.setdefault(channel_id, asyncio.Lock())
        async with lock:
            yield

    # -- takeback votes and reminders ----------------------------------------------------

    async def request_undo(
        self, game_id: int, version: int, requester_id: int, keep_through_seq: int
    ) -> UndoRequest:
        if keep_through_seq < 0:
            raise ValueError("keep_through_seq must be 0 or more")
        now = self._now_text()
        async with self._write() as conn:
            await self._check_version(conn, game_id, version)
            await conn.execute(
                "INSERT INTO undo_requests (game_id, version, requester_id, keep_through_seq, "
                "created_at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (game_id, version) WHERE closed_at IS NULL DO NOTHING",
                (game_id, version, requester_id, keep_through_seq, now),
            )
            request = await self._open_request(conn, game_id, version)
        assert request is not None
        return request

    async def undo_request(self, game_id: int, version: int) -> UndoRequest | None:
        async with self._lock:
            return await self._open_request(self._db, game_id, version)

    async def approve_undo(self, game_id: int, version: int, user_id: int) -> UndoRequest | None:
        now = self._now_text()
        async with self._write() as conn:
            await conn.execute(
                "INSERT INTO undo_approvals (request_id, user_id, created_at) "
                "SELECT id, ?, ? FROM undo_requests "
                "WHERE game_id = ? AND version = ? AND closed_at IS NULL "
                "ON CONFLICT (request_id, user_id) DO NOTHING",
                (user_id, now, game_id, version),
            )
            return await self._open_request(conn, game_id, version)

    async def close_undo_request(self, game_id: int, version: int) -> bool:
        now = self._now_text()
        async with (
            self._write() as conn,
            conn.execute(
                "UPDATE undo_requests SET closed_at = ? "
                "WHERE game_id = ? AND version = ? AND closed_at IS NULL",
                (now, game_id, version),
            ) as cursor,
        ):
            return cursor.rowcount == 1

    async def claim_reminder(self, game_id: int, version: int) -> bool:
        now = self._now_text()
        async with (
            self._write() as conn,
            conn.execute(
                "INSERT INTO reminders (game_id, version, claimed_at) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id, version) DO NOTHING",
                (game_id, version, now),
            ) as cursor,
        ):
            return cursor.rowcount == 1

    @staticmethod
    async def _open_request(
        conn: aiosqlite.Connection, game_id: int, version: int
    ) -> UndoRequest | None:
        rows = list(
            await conn.execute_fetchall(
                "SELECT id, requester_id, keep_through_seq, created_at FROM undo_requests "
                "WHERE game_id = ? AND version = ? AND closed_at IS NULL",
                (game_id, version),
            )
        )
        if not rows:
            return None
        row = rows[0]
        approvals = await conn.execute_fetchall(
            "SELECT user_id FROM undo_approvals WHERE request_id = ?", (row["id"],)
        )
        return UndoRequest(
            game_id=game_id,
            version=version,
            requester_id=row["requester_id"],
            keep_through_seq=row["keep_through_seq"],
            approvals=frozenset(int(a[0]) for a in approvals),
            created_at=datetime.fromisoformat(row["created_at"]),
        )

    # -- seat offers and players' DMs ---------------------------------------------------

    async def consent_to_seat(
        self,
        game_id: int,
        holder_id: int,
        taker_id: int,
        consent: Literal["take", "give"],
        user_id: int,
        taker_name: str | None = None,
    ) -> SeatConsent:
        now = self._now_text()
        given = seat_consent_params(consent, user_id, taker_name, now)
        async with self._write() as conn:
            rows = await conn.execute_fetchall(
                sqlite_sql(SEAT_CONSENT_SQL), (game_id, holder_id, taker_id, *given, now)
            )
        row = next(iter(rows))
        return SeatConsent(row["taker_name"], row["given_by"], bool(row["complete"]))

    async def take_own_dm(self, game_id: int, user_id: int) -> DirectMessage | None:
        async with self._write() as conn:
            rows = list(await conn.execute_fetchall(sqlite_sql(OWN_DM_SQL), (game_id, user_id)))
            if not rows:
                return None
            await conn.execute(sqlite_sql(FORGET_OWN_DM_SQL), (game_id, user_id))
        return DirectMessage(rows[0]["dm_channel_id"], rows[0]["dm_message_id"])

    async def keep_own_dm(self, game_id: int, user_id: int, dm: DirectMessage) -> None:
        async with self._write() as conn:
            await conn.execute(
                sqlite_sql(KEEP_OWN_DM_SQL), (game_id, user_id, dm.channel_id, dm.message_id)
            )

    async def claim_dm_closed_notice(self, game_id: int, user_id: int) -> bool:
        async with (
            self._write() as conn,
            conn.execute(
                sqlite_sql(CLAIM_DM_CLOSED_SQL), (game_id, user_id, self._now_text())
            ) as cursor,
        ):
            return cursor.rowcount == 1

    # -- campaigns ----------------------------------------------------------------------

    async def get_campaign(self, channel_id: int, kind: str) -> dict[str, Any] | None:
        rows = await self._read(
            "SELECT data_json FROM campaigns WHERE channel_id = ? AND kind = ?",
            (channel_id, kind),
        )
        if not rows:
            return None
        data: dict[str, Any] = json.loads(rows[0]["data_json"])
        return data

    async def put_campaign(self, channel_id: int, kind: str, data: dict[str, Any]) -> None:
        async with self._write() as conn:
            await self._put_campaign(conn, channel_id, kind, data, self._now_text())

    @staticmethod
    async def _put_campaign(
        conn: aiosqlite.Connection, channel_id: int, kind: str, data: dict[str, Any], now: str
    ) -> None:
        await conn.execute(
            "INSERT INTO campaigns (channel_id, kind, data_json, updated_at) "
            "VALUES (?, ?, ?, ?) ON CONFLICT (channel_id, kind) "
            "DO UPDATE SET data_json = excluded.data_json, updated_at = excluded.updated_at",
            (channel_id, kind, dumps(data), now),
        )

    # -- data sets ----------------------------------------------------------------------

    async def put_data_set(self, hash: str, kind: str, files_json: str) -> bool:
        async with self._write() as conn:
            cursor = await conn.execute(
                "INSERT INTO data_sets (hash, kind, files_json, created_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (hash) DO NOTHING",
                (hash, kind, files_json, self._now_text()),
            )
            return cursor.rowcount == 1

    async def get_data_set(self, hash: str) -> str | None:
        rows = await self._read("SELECT files_json FROM data_sets WHERE hash = ?", (hash,))
        return str(rows[0]["files_json"]) if rows else None

    # -- the club's record (db.club_record) ----------------------------------------------

    async def _archive(
        self, conn: aiosqlite.Connection, game: GameRecord, archive: GameArchive, ended: str
    ) -> bool:
        writer = _ArchiveWriter(conn)
        return await write_archive(
            writer, game.id, game.guild_id, game.kind, archive, ended_at=ended, now=ended
        )

    async def archive_game(self, game_id: int, archive: GameArchive) -> bool:
        async with self._write() as conn:
            game = await self._fetch_game(conn, game_id)
            writer = _ArchiveWriter(conn)
            return await write_archive(
                writer,
                game.id,
                game.guild_id,
                game.kind,
                archive,
                ended_at=game.updated_at.isoformat(),
                now=self._now_text(),
            )

    async def unarchived_games(self) -> list[GameRecord]:
        rows = await self._read(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN ('finished', 'abandoned') "
            "AND NOT EXISTS (SELECT 1 FROM game_records AS r WHERE r.game_id = games.id) "
            "ORDER BY updated_at, id"
        )
        return [_game_from_row(row) for row in rows]

    async def archived_games(
        self,
        *,
        guild_id: int | None,
        channel_id: int | None = None,
        kind: str | None = None,
        user_id: int | None = None,
        outcome: str | None = "finished",
        limit: int = 25,
    ) -> list[ArchivedGame]:
        where: list[str] = ["guild_id IS ?"]
        params: list[Any] = [guild_id]
        for column, value in (("channel_id", channel_id), ("kind", kind), ("outcome", outcome)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        if user_id is not None:
            where.append("game_id IN (SELECT game_id FROM record_seats WHERE user_id = ?)")
            params.append(user_id)
        async with self._lock:
            records = list(
                await self._db.execute_fetchall(
                    f"SELECT {RECORD_COLUMNS} FROM game_records WHERE {' AND '.join(where)} "
                    "ORDER BY ended_at DESC, game_id DESC LIMIT ?",
                    (*params, max(0, limit)),
                )
            )
            ids = [row["game_id"] for row in records]
            seats = list(
                await self._db.execute_fetchall(
                    f"SELECT {SEAT_COLUMNS} FROM record_seats "
                    f"WHERE game_id IN ({', '.join('?' for _ in ids)})",
                    ids,
                )
            )
        return [
            archived_game(row, [s for s in seats if s["game_id"] == row["game_id"]], _when)
            for row in records
        ]

    async def ratings(self, guild_id: int | None, kind: str, limit: int = 25) -> list[Rating]:
        rows = await self._read(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND kind = ? "
            "ORDER BY mu - 3 * sigma DESC, games DESC, player LIMIT ?",
            (guild_id if guild_id is not None else 0, kind, max(0, limit)),
        )
        return [rating_of(row, _when) for row in rows]

    # -- backup -------------------------------------------------------------------------

    async def backup(self, path: str) -> None:
        """Copy the database to ``path`` with SQLite's online backup API, from a separate
        read connection (committed data only; the bot's writes are not held up)."""
        self._db  # noqa: B018 -- raises StoreError if the store is not open
        if self.path in ("", ":memory:"):
            raise StoreError("backup needs the store to be opened on a database file")
        await asyncio.to_thread(backup_database, self.path, path)


def _when(text: str) -> datetime:
    return datetime.fromisoformat(text)


class _ArchiveWriter:
    """``db.club_record.ArchiveWriter`` on the connection of an open write transaction
    (``BEGIN IMMEDIATE`` already keeps every other writer out while a game is rated)."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def archived(self, game_id: int) -> bool:
        rows = await self.conn.execute_fetchall(
            "SELECT 1 FROM game_records WHERE game_id = ?", (game_id,)
        )
        return bool(list(rows))

    async def insert_record(
        self, game_id: int, archive: GameArchive, rated: bool, ended_at: Any
    ) -> None:
        await self.conn.execute(
            f"INSERT INTO game_records ({RECORD_COLUMNS}) "
            "SELECT id, guild_id, channel_id, kind, ?, options_json, ?, ?, COALESCE(started_at, "
            "(SELECT MIN(a.created_at) FROM actions AS a WHERE a.game_id = games.id), "
            "created_at), ? FROM games WHERE id = ?",
            (archive.outcome, archive.scores_json, int(rated), ended_at, game_id),
        )

    async def current_ratings(
        self, guild_id: int, kind: str, players: Sequence[str]
    ) -> dict[str, tuple[float, float]]:
        rows = await self.conn.execute_fetchall(
            "SELECT player, mu, sigma FROM ratings WHERE guild_id = ? AND kind = ? "
            f"AND player IN ({', '.join('?' for _ in players)})",
            (guild_id, kind, *players),
        )
        return {row["player"]: (row["mu"], row["sigma"]) for row in rows}

    async def put_rating(
        self,
        guild_id: int,
        kind: str,
        seat: ArchiveSeat,
        mu: float,
        sigma: float,
        won: bool,
        now: Any,
    ) -> None:
        await self.conn.execute(
            f"INSERT INTO ratings ({RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?) "
            "ON CONFLICT (guild_id, kind, player) DO UPDATE SET user_id = excluded.user_id, "
            "name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, "
            "games = ratings.games + 1, wins = ratings.wins + excluded.wins, "
            "updated_at = excluded.updated_at",
            (guild_id, kind, seat.player, seat.user_id, seat.name, mu, sigma, int(won), now),
        )

    async def insert_seats(
        self, game_id: int, seats: Sequence[ArchiveSeat], ratings: Sequence[SeatRating]
    ) -> None:
        await self.conn.executemany(
            f"INSERT INTO record_seats ({SEAT_COLUMNS}) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(*row[:7], int(row[7]), *row[8:]) for row in seat_rows(game_id, seats, ratings)],
        )


async def _seal_chains(conn: aiosqlite.Connection) -> None:
    """Give the games logged before the hash chain existed their chain (``seal_chain``), in
    one transaction; nothing to do once every row has one."""
    await conn.execute("BEGIN IMMEDIATE")
    try:
        games = await conn.execute_fetchall(
            "SELECT id, state_json, initial_hash FROM games AS g WHERE "
            "EXISTS (SELECT 1 FROM actions AS a WHERE a.game_id = g.id AND a.chain_hash IS NULL)"
            " OR (g.state_json IS NOT NULL AND g.initial_hash IS NULL AND NOT EXISTS "
            "(SELECT 1 FROM actions AS a WHERE a.game_id = g.id AND a.undone = 0))"
        )
        for game in games:
            rows = await conn.execute_fetchall(
                "SELECT seq, seat, action_json, state_hash, chain_hash, undone FROM actions "
                "WHERE game_id = ? ORDER BY seq",
                (game["id"],),
            )
            initial, updates = seal_chain(game["state_json"], game["initial_hash"], list(rows))
            if initial is not None:
                await conn.execute(
                    "UPDATE games SET initial_hash = ? WHERE id = ?", (initial, game["id"])
                )
            await conn.executemany(
                "UPDATE actions SET state_hash = ?, chain_hash = ? WHERE game_id = ? AND seq = ?",
                [(state, chain, game["id"], seq) for seq, state, chain in updates],
            )
        await conn.execute("COMMIT")
    except BaseException:
        await conn.rollback()
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
