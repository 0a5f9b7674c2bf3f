"""``GameStore`` on PostgreSQL through asyncpg, for several bot processes on one database.

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
import json
import os
import re
import signal
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from types import TracebackType
from typing import Any, Literal
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg  # type: ignore[import-untyped]

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
from db.migrate_postgres import MIGRATION_LOCK, ensure_schema, migrate_postgres
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
    dumps,
    game_changes,
    game_columns,
    game_record,
    seal_chain,
    seat_consent_params,
    seats_json,
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
from db.targets import is_postgres

Clock = Callable[[], datetime]
Row = Any  # asyncpg.Record
Conn = Any  # asyncpg.Connection

_OPEN_SQL = "(" + ", ".join(f"'{s}'" for s in OPEN_STATUSES if s in STATUSES) + ")"

_GAME_COLUMNS = game_columns("NOT a.undone")
_ACTION_COLUMNS = (
    "game_id, seq, seat, user_id, action_json, interaction_id, reveals, undone, created_at, "
    "state_hash, chain_hash"
)
_SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")

CRASH_POINT_ENV = "REFEREE_DB_CRASH_POINT"  # the same test-only hook as db.sqlite


class ChannelLockTimeout(StoreError):
    """Another process held the channel's lock for longer than the store's ``lock_timeout``."""


def split_schema(url: str) -> tuple[str, str | None]:
    """The URL without its ``schema`` query parameter, and that schema (None if absent)."""
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    schemas = [v for k, v in query if k == "schema"]
    rest = [(k, v) for k, v in query if k != "schema"]
    schema = schemas[-1] if schemas else None
    if schema is not None and not _SCHEMA_NAME.match(schema):
        raise StoreError(f"schema name {schema!r}: use lower-case letters, digits and _")
    return urlunsplit(parts._replace(query=urlencode(rest))), schema


def redact(url: str) -> str:
    """The URL without its password (for messages and logs)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)
    user = netloc[0].split(":", 1)[0]
    return urlunsplit(parts._replace(netloc=f"{user}@{netloc[1]}"))


def pg_dump_command(url: str, dest: str = "referee.dump") -> str:
    """The command that backs up a PostgreSQL store (``pg_dump``'s custom format)."""
    plain, schema = split_schema(redact(url))
    only = f" --schema={schema}" if schema else ""
    return f"pg_dump --format=custom{only} --file={dest} '{plain}'"


def utc_now() -> datetime:
    return datetime.now(UTC)


def _utc(moment: datetime) -> datetime:
    return moment.astimezone(UTC)


def _game_from_row(row: Row) -> GameRecord:
    return game_record(row, _utc)


def _action_from_row(row: Row) -> ActionRecord:
    return action_record(row, _utc)


class PostgresStore:
    """The PostgreSQL ``GameStore``. ``now`` must return timezone-aware datetimes."""

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
        self.schema = schema or url_schema
        if self.schema is not None and not _SCHEMA_NAME.match(self.schema):
            raise StoreError(f"schema name {self.schema!r}: use lower-case letters, digits and _")
        self._clock = now
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
            await _seal_chains(conn)
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

    async def __aenter__(self) -> PostgresStore:
        await self.open()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    async def schema_version(self) -> int:
        """The newest migration applied to the database."""
        return int(await self._db.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))

    # -- plumbing -----------------------------------------------------------------------

    @property
    def _db(self) -> Any:
        if self._pool is None:
            raise StoreError("store is not open")
        return self._pool

    def _now(self) -> datetime:
        moment = self._clock()
        if moment.tzinfo is None:
            raise ValueError("the store's clock must return timezone-aware datetimes")
        return moment.astimezone(UTC)

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[Conn]:
        """A connection of the store's pool, set to its schema (for ``python -m db`` tools)."""
        async with self._db.acquire() as conn:
            yield conn

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[Conn]:
        """One transaction: committed if the body returns, rolled back if it raises."""
        async with self._db.acquire() as conn, conn.transaction():
            yield conn

    @staticmethod
    async def _fetch_game(conn: Conn, game_id: int, *, lock: bool = False) -> GameRecord:
        sql = f"SELECT {_GAME_COLUMNS} FROM games WHERE id = $1"
        row = await conn.fetchrow(sql + (" FOR UPDATE" if lock else ""), game_id)
        if row is None:
            raise GameNotFound(f"no game with id {game_id}")
        return _game_from_row(row)

    @staticmethod
    async def _check_version(conn: Conn, game_id: int, expected_version: int) -> GameRecord:
        game = await PostgresStore._fetch_game(conn, game_id, lock=True)
        if game.version != expected_version:
            raise VersionConflict(
                f"game {game_id} is at version {game.version}, not {expected_version}"
            )
        return game

    @staticmethod
    async def _check_channel_free(
        conn: Conn, channel_id: int, *, other_than: int | None = None
    ) -> None:
        rows = await conn.fetch(
            f"SELECT id FROM games WHERE channel_id = $1 AND status IN {_OPEN_SQL}", channel_id
        )
        for row in rows:
            if row["id"] != other_than:
                raise ChannelBusy(f"channel {channel_id} already has open game {row['id']}")

    @staticmethod
    async def _bump(
        conn: Conn, game_id: int, expected_version: int, changes: dict[str, Any]
    ) -> None:
        """``UPDATE games`` guarded by the optimistic version check; version + 1."""
        assignments = "".join(f"{column} = ${i}, " for i, column in enumerate(changes, start=3))
        try:
            status = await conn.execute(
                f"UPDATE games SET {assignments}version = version + 1 "
                "WHERE id = $1 AND version = $2",
                game_id,
                expected_version,
                *changes.values(),
            )
        except asyncpg.UniqueViolationError as exc:
            if exc.constraint_name == "games_one_open_per_channel":
                raise ChannelBusy(f"game {game_id}'s channel already has an open game") from exc
            raise
        if status != "UPDATE 1":
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
        now = self._now()
        async with self._write() as conn:
            await self._check_channel_free(conn, channel_id)
            try:
                row = await conn.fetchrow(
                    "INSERT INTO games (channel_id, guild_id, kind, status, creator_id, "
                    "options_json, seed, seats_json, state_json, version, created_at, "
                    "updated_at) VALUES ($1, $2, $3, 'lobby', $4, $5, $6, $7, NULL, 0, $8, $8) "
                    f"RETURNING {_GAME_COLUMNS}",
                    channel_id,
                    guild_id,
                    kind,
                    creator_id,
                    options_json,
                    str(seed),
                    seats_text,
                    now,
                )
            except asyncpg.UniqueViolationError as exc:
                raise ChannelBusy(f"channel {channel_id} already has an open game") from exc
            return _game_from_row(row)

    async def current_game(self, channel_id: int) -> GameRecord | None:
        row = await self._db.fetchrow(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = $1 AND status IN {_OPEN_SQL}",
            channel_id,
        )
        return _game_from_row(row) if row is not None else None

    async def get_game(self, game_id: int) -> GameRecord | None:
        row = await self._db.fetchrow(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = $1", game_id)
        return _game_from_row(row) if row is not None else None

    async def finished_games(self, channel_id: int, limit: int = 25) -> list[GameRecord]:
        rows = await self._db.fetch(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = $1 AND status = 'finished' "
            "ORDER BY updated_at DESC, id DESC LIMIT $2",
            channel_id,
            max(0, limit),
        )
        return [_game_from_row(row) for row in rows]

    async def open_games(self) -> list[GameRecord]:
        rows = await self._db.fetch(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN {_OPEN_SQL} ORDER BY id"
        )
        return [_game_from_row(row) for row in rows]

    async def idle_games(self, unchanged_since: datetime) -> list[GameRecord]:
        rows = await self._db.fetch(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status = 'active' AND updated_at <= $1 "
            "ORDER BY id",
            unchanged_since,
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
            now=self._now(),
        )
        async with self._write() as conn:
            game = await self._check_version(conn, game_id, expected_version)
            if status in OPEN_STATUSES and game.status not in OPEN_STATUSES:
                await self._check_channel_free(conn, game.channel_id, other_than=game_id)
            if state_json is not None and not await conn.fetchval(
                "SELECT EXISTS (SELECT 1 FROM actions WHERE game_id = $1)", game_id
            ):  # the state the game starts with: the chain's first link
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
        """Append ``actions`` and store the state they lead to, in one transaction (see
        ``GameStore.record_actions``; the duplicate check comes before the version check)."""
        check_status(status)
        interaction_ids = [a.interaction_id for a in actions if a.interaction_id is not None]
        if len(set(interaction_ids)) != len(interaction_ids):
            raise DuplicateInteraction("the same interaction id appears twice in one write")
        now = self._now()
        async with self._write() as conn:
            game = await self._fetch_game(conn, game_id, lock=True)
            if interaction_ids:
                seen = await conn.fetch(
                    "SELECT interaction_id FROM actions "
                    "WHERE game_id = $1 AND interaction_id = ANY($2::bigint[])",
                    game_id,
                    interaction_ids,
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
            last_seq = int(
                await conn.fetchval(
                    "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = $1", game_id
                )
            )
            try:
                await conn.executemany(
                    f"INSERT INTO actions ({_ACTION_COLUMNS}) "
                    "VALUES ($1, $2, $3, $4, $5, $6, $7, FALSE, $8, $9, $10)",
                    [
                        (
                            game_id,
                            seq,
                            a.seat,
                            a.user_id,
                            a.action_json,
                            a.interaction_id,
                            a.reveals,
                            now,
                            state_hash,
                            chain,
                        )
                        for seq, a, state_hash, chain in chained(
                            game, last_seq, actions, state_json
                        )
                    ],
                )
            except asyncpg.UniqueViolationError as exc:
                if exc.constraint_name == "actions_one_per_interaction":
                    raise DuplicateInteraction(f"game {game_id}: {exc.detail}") from exc
                raise
            if campaign is not None:
                await self._put_campaign(conn, game.channel_id, game.kind, campaign, now)
            if archive is not None:
                await self._archive(conn, game, archive, now)
            if os.environ.get(CRASH_POINT_ENV) == "after_log_write":
                os.kill(os.getpid(), signal.SIGKILL)
            return await self._fetch_game(conn, game_id)

    async def actions(self, game_id: int, *, include_undone: bool = False) -> list[ActionRecord]:
        where = "game_id = $1" if include_undone else "game_id = $1 AND NOT undone"
        rows = await self._db.fetch(
            f"SELECT {_ACTION_COLUMNS} FROM actions WHERE {where} ORDER BY seq", game_id
        )
        return [_action_from_row(row) for row in rows]

    async def undo_to(
        self, game_id: int, expected_version: int, keep_through_seq: int, state_json: str
    ) -> GameRecord:
        if keep_through_seq < 0:
            raise ValueError("keep_through_seq must be 0 or more")
        now = self._now()
        async with self._write() as conn:
            await self._check_version(conn, game_id, expected_version)
            await conn.execute(
                "UPDATE actions SET undone = TRUE WHERE game_id = $1 AND seq > $2 AND NOT undone",
                game_id,
                keep_through_seq,
            )
            await self._bump(
                conn, game_id, expected_version, {"state_json": state_json, "updated_at": now}
            )
            return await self._fetch_game(conn, game_id)

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

    # -- takeback votes and reminders ----------------------------------------------------

    async def request_undo(
        self, game_id: int, version: int, requester_id: int, keep_through_seq: int
    ) -> UndoRequest:
        if keep_through_seq < 0:
            raise ValueError("keep_through_seq must be 0 or more")
        now = self._now()
        async with self._write() as conn:
            await self._check_version(conn, game_id, version)
            await conn.execute(
                "INSERT INTO undo_requests (game_id, version, requester_id, keep_through_seq, "
                "created_at) VALUES ($1, $2, $3, $4, $5) "
                "ON CONFLICT (game_id, version) WHERE closed_at IS NULL DO NOTHING",
                game_id,
                version,
                requester_id,
                keep_through_seq,
                now,
            )
            request = await self._open_request(conn, game_id, version)
        assert request is not None
        return request

    async def undo_request(self, game_id: int, version: int) -> UndoRequest | None:
        async with self._db.acquire() as conn:
            return await self._open_request(conn, game_id, version)

    async def approve_undo(self, game_id: int, version: int, user_id: int) -> UndoRequest | None:
        now = self._now()
        async with self._write() as conn:
            await conn.execute(
                "INSERT INTO undo_approvals (request_id, user_id, created_at) "
                "SELECT id, $1, $2 FROM undo_requests "
                "WHERE game_id = $3 AND version = $4 AND closed_at IS NULL "
                "ON CONFLICT (request_id, user_id) DO NOTHING",
                user_id,
                now,
                game_id,
                version,
            )
            return await self._open_request(conn, game_id, version)

    async def close_undo_request(self, game_id: int, version: int) -> bool:
        status = await self._db.execute(
            "UPDATE undo_requests SET closed_at = $1 "
            "WHERE game_id = $2 AND version = $3 AND closed_at IS NULL",
            self._now(),
            game_id,
            version,
        )
        return bool(status == "UPDATE 1")

    async def claim_reminder(self, game_id: int, version: int) -> bool:
        status = await self._db.execute(
            "INSERT INTO reminders (game_id, version, claimed_at) VALUES ($1, $2, $3) "
            "ON CONFLICT (game_id, version) DO NOTHING",
            game_id,
            version,
            self._now(),
        )
        return bool(status == "INSERT 0 1")

    @staticmethod
    async def _open_request(conn: Conn, game_id: int, version: int) -> UndoRequest | None:
        row = await conn.fetchrow(
            "SELECT id, requester_id, keep_through_seq, created_at FROM undo_requests "
            "WHERE game_id = $1 AND version = $2 AND closed_at IS NULL",
            game_id,
            version,
        )
        if row is None:
            return None
        approvals = await conn.fetch(
            "SELECT user_id FROM undo_approvals WHERE request_id = $1", row["id"]
        )
        return UndoRequest(
            game_id=game_id,
            version=version,
            requester_id=int(row["requester_id"]),
            keep_through_seq=int(row["keep_through_seq"]),
            approvals=frozenset(int(a[0]) for a in approvals),
            created_at=_utc(row["created_at"]),
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
        now = self._now()
        given = seat_consent_params(consent, user_id, taker_name, now)
        row = await self._db.fetchrow(SEAT_CONSENT_SQL, game_id, holder_id, taker_id, *given, now)
        given_by = row["given_by"]
        return SeatConsent(
            row["taker_name"], None if given_by is None else int(given_by), bool(row["complete"])
        )

    async def take_own_dm(self, game_id: int, user_id: int) -> DirectMessage | None:
        async with self._write() as conn:
            row = await conn.fetchrow(OWN_DM_SQL + " FOR UPDATE", game_id, user_id)
            if row is None:
                return None
            await conn.execute(FORGET_OWN_DM_SQL, game_id, user_id)
        return DirectMessage(int(row["dm_channel_id"]), int(row["dm_message_id"]))

    async def keep_own_dm(self, game_id: int, user_id: int, dm: DirectMessage) -> None:
        await self._db.execute(KEEP_OWN_DM_SQL, game_id, user_id, dm.channel_id, dm.message_id)

    async def claim_dm_closed_notice(self, game_id: int, user_id: int) -> bool:
        status = await self._db.execute(CLAIM_DM_CLOSED_SQL, game_id, user_id, self._now())
        return bool(status == "INSERT 0 1")

    # -- campaigns ----------------------------------------------------------------------

    async def get_campaign(self, channel_id: int, kind: str) -> dict[str, Any] | None:
        text = await self._db.fetchval(
            "SELECT data_json FROM campaigns WHERE channel_id = $1 AND kind = $2",
            channel_id,
            kind,
        )
        if text is None:
            return None
        data: dict[str, Any] = json.loads(text)
        return data

    async def put_campaign(self, channel_id: int, kind: str, data: dict[str, Any]) -> None:
        async with self._write() as conn:
            await self._put_campaign(conn, channel_id, kind, data, self._now())

    @staticmethod
    async def _put_campaign(
        conn: Conn, channel_id: int, kind: str, data: dict[str, Any], now: datetime
    ) -> None:
        await conn.execute(
            "INSERT INTO campaigns (channel_id, kind, data_json, updated_at) "
            "VALUES ($1, $2, $3, $4) ON CONFLICT (channel_id, kind) "
            "DO UPDATE SET data_json = excluded.data_json, updated_at = excluded.updated_at",
            channel_id,
            kind,
            dumps(data),
            now,
        )

    # -- data sets ----------------------------------------------------------------------

    async def put_data_set(self, hash: str, kind: str, files_json: str) -> bool:
        async with self._write() as conn:
            status = await conn.execute(
                "INSERT INTO data_sets (hash, kind, files_json, created_at) "
                "VALUES ($1, $2, $3, $4) ON CONFLICT (hash) DO NOTHING",
                hash,
                kind,
                files_json,
                self._now(),
            )
        return str(status).endswith(" 1")

    async def get_data_set(self, hash: str) -> str | None:
        text = await self._db.fetchval("SELECT files_json FROM data_sets WHERE hash = $1", hash)
        return None if text is None else str(text)

    # -- backup -------------------------------------------------------------------------

    # -- the club's record (db.club_record) ----------------------------------------------

    @staticmethod
    async def _archive(conn: Conn, game: GameRecord, archive: GameArchive, ended: Any) -> bool:
        writer = _ArchiveWriter(conn)
        return await write_archive(
            writer, game.id, game.guild_id, game.kind, archive, ended_at=ended, now=ended
        )

    async def archive_game(self, game_id: int, archive: GameArchive) -> bool:
        async with self._write() as conn:
            game = await self._fetch_game(conn, game_id, lock=True)
            writer = _ArchiveWriter(conn)
            return await write_archive(
                writer,
                game.id,
                game.guild_id,
                game.kind,
                archive,
                ended_at=game.updated_at,
                now=self._now(),
            )

    async def unarchived_games(self) -> list[GameRecord]:
        rows = await self._db.fetch(
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
        where: list[str] = ["guild_id IS NOT DISTINCT FROM $1"]
        params: list[Any] = [guild_id]
        for column, value in (("channel_id", channel_id), ("kind", kind), ("outcome", outcome)):
            if value is not None:
                params.append(value)
                where.append(f"{column} = ${len(params)}")
        if user_id is not None:
            params.append(user_id)
            where.append(
                f"game_id IN (SELECT game_id FROM record_seats WHERE user_id = ${len(params)})"
            )
        params.append(max(0, limit))
        columns = RECORD_COLUMNS.replace("options_json", "options_json::text AS options_json")
        columns = columns.replace("scores_json", "scores_json::text AS scores_json")
        async with self._db.acquire() as conn, conn.transaction(isolation="repeatable_read"):
            records = await conn.fetch(
                f"SELECT {columns} FROM game_records WHERE {' AND '.join(where)} "
                f"ORDER BY ended_at DESC, game_id DESC LIMIT ${len(params)}",
                *params,
            )
            seats = await conn.fetch(
                f"SELECT {SEAT_COLUMNS} FROM record_seats WHERE game_id = ANY($1::bigint[])",
                [row["game_id"] for row in records],
            )
        return [
            archived_game(row, [s for s in seats if s["game_id"] == row["game_id"]], _utc)
            for row in records
        ]

    async def ratings(self, guild_id: int | None, kind: str, limit: int = 25) -> list[Rating]:
        rows = await self._db.fetch(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = $1 AND kind = $2 "
            "ORDER BY mu - 3 * sigma DESC, games DESC, player LIMIT $3",
            guild_id if guild_id is not None else 0,
            kind,
            max(0, limit),
        )
        return [rating_of(row, _utc) for row in rows]

    async def backup(self, path: str) -> None:
        """PostgreSQL is backed up with its own tool; this says which command to run."""
        raise StoreError(
            f"back up PostgreSQL with pg_dump: {pg_dump_command(self.url_with_schema, path)}"
        )

    @property
    def url_with_schema(self) -> str:
        if self.schema is None:
            return self.url
        parts = urlsplit(self.url)
        query = [*parse_qsl(parts.query, keep_blank_values=True), ("schema", self.schema)]
        return urlunsplit(parts._replace(query=urlencode(query)))


# pg_advisory_xact_lock(int, int) key space of the ratings ("RFRF", hash of server and kind):
# two games of one kind ending in one server at once are rated one after the other.
RATINGS_LOCK = 0x52465246


class _ArchiveWriter:
    """``db.club_record.ArchiveWriter`` on the connection of an open transaction."""

    def __init__(self, conn: Conn) -> None:
        self.conn = conn

    async def archived(self, game_id: int) -> bool:
        found = await self.conn.fetchval(
            "SELECT EXISTS (SELECT 1 FROM game_records WHERE game_id = $1)", game_id
        )
        return bool(found)

    async def insert_record(
        self, game_id: int, archive: GameArchive, rated: bool, ended_at: Any
    ) -> None:
        await self.conn.execute(
            f"INSERT INTO game_records ({RECORD_COLUMNS}) "
            "SELECT id, guild_id, channel_id, kind, $2, options_json, $3::json, $4, "
            "COALESCE(started_at, (SELECT MIN(a.created_at) FROM actions AS a "
            "WHERE a.game_id = games.id), created_at), $5 FROM games WHERE id = $1",
            game_id,
            archive.outcome,
            archive.scores_json,
            rated,
            ended_at,
        )

    async def current_ratings(
        self, guild_id: int, kind: str, players: Sequence[str]
    ) -> dict[str, tuple[float, float]]:
        await self.conn.execute(
            "SELECT pg_advisory_xact_lock($1, hashtext($2))", RATINGS_LOCK, f"{guild_id}:{kind}"
        )
        rows = await self.conn.fetch(
            "SELECT player, mu, sigma FROM ratings "
            "WHERE guild_id = $1 AND kind = $2 AND player = ANY($3::text[])",
            guild_id,
            kind,
            list(players),
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
            f"INSERT INTO ratings ({RATING_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $9) "
            "ON CONFLICT (guild_id, kind, player) DO UPDATE SET user_id = excluded.user_id, "
            "name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, "
            "games = ratings.games + 1, wins = ratings.wins + excluded.wins, "
            "updated_at = excluded.updated_at",
            guild_id,
            kind,
            seat.player,
            seat.user_id,
            seat.name,
            mu,
            sigma,
            int(won),
            now,
        )

    async def insert_seats(
        self, game_id: int, seats: Sequence[ArchiveSeat], ratings: Sequence[SeatRating]
    ) -> None:
        await self.conn.executemany(
            f"INSERT INTO record_seats ({SEAT_COLUMNS}) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
            seat_rows(game_id, seats, ratings),
        )


async def _seal_chains(conn: Conn) -> None:
    """Give the games logged before the hash chain existed their chain (``seal_chain``), in
    one transaction under the migration lock; nothing to do once every row has one."""
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1, $2)", *MIGRATION_LOCK)
        games = await conn.fetch(
            "SELECT id, state_json::text AS state_json, initial_hash FROM games AS g WHERE "
            "EXISTS (SELECT 1 FROM actions AS a WHERE a.game_id = g.id AND a.chain_hash IS NULL)"
            " OR (g.state_json IS NOT NULL AND g.initial_hash IS NULL AND NOT EXISTS "
            "(SELECT 1 FROM actions AS a WHERE a.game_id = g.id AND NOT a.undone))"
        )
        for game in games:
            rows = await conn.fetch(
                "SELECT seq, seat, action_json::text AS action_json, state_hash, chain_hash, "
                "undone FROM actions WHERE game_id = $1 ORDER BY seq",
                game["id"],
            )
            initial, updates = seal_chain(game["state_json"], game["initial_hash"], list(rows))
            if initial is not None:
                await conn.execute(
                    "UPDATE games SET initial_hash = $1 WHERE id = $2", initial, game["id"]
                )
            await conn.executemany(
                "UPDATE actions SET state_hash = $1, chain_hash = $2 "
                "WHERE game_id = $3 AND seq = $4",
                [(state, chain, game["id"], seq) for seq, state, chain in updates],
            )
