"""The ``GameStore`` written once, in SQL both databases run, over a small dialect layer.

Every statement is written here with PostgreSQL's ``$n`` placeholders (SQLite reads them as
``?n``); booleans as ``TRUE``/``FALSE``/``NOT``, which SQLite reads as 1/0. What differs
between the databases is the dialect's (``db.sqlite.SqliteStore``, ``db.postgres.PostgresStore``):

- ``_transact(body)``: one write transaction running ``body``. PostgreSQL runs it on a
  pooled connection's transaction (``_write()``) and locks a game's row (``_for_update``)
  before changing it; SQLite runs it whole on its connection's thread, inside a ``BEGIN
  IMMEDIATE`` transaction that commits every write queued meanwhile together, each in a
  savepoint of its own (group commit: one sync of the disk for many writes). Writers on one
  game run one after the other on both.
- ``_read()``: a connection to read on.
- ``_time()`` / ``_when()``: how a time is stored (SQLite: ISO text in UTC; PostgreSQL:
  ``timestamptz``) and read back as an aware UTC datetime.
- ``_unique_violation()``: which unique index a driver error broke, if any.
- ``_open_in_channel``: the clause picking a channel's open game, spelled so the database
  uses its index of open games.
- ``_snapshot()``: a read that sees one state of the database across its statements;
  ``_lock_ratings()``: keep every other transaction from rating a server's game kind until
  this one ends; ``_same`` and ``_json_cast``: null-safe equality and a JSON parameter.
- ``channel_lock`` and the life cycle (``open``/``close``), which are the dialect's own.

Every write names the version it read (``VersionConflict`` otherwise); state and log change
in one transaction; a repeated interaction is a ``DuplicateInteraction`` even when the
version moved meanwhile (that check comes first).
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Callable, Coroutine, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime
from types import TracebackType
from typing import Any, Literal, Protocol, Self, TypeVar

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
from db.rows import (
    CLAIM_DM_CLOSED_SQL,
    FORGET_OWN_DM_SQL,
    KEEP_OWN_DM_SQL,
    OWN_DM_SQL,
    SEAT_CONSENT_SQL,
    STATUSES,
    KnownRecords,
    action_record,
    chained,
    check_status,
    dumps,
    game_changes,
    game_columns,
    recorded,
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
    UndoRequest,
    VersionConflict,
    state_digest,
)


def status_literals(statuses: Sequence[str]) -> str:
    for status in statuses:
        if status not in STATUSES:
            raise ValueError(f"unknown game status {status!r}")
    return "(" + ", ".join(f"'{status}'" for status in statuses) + ")"


OPEN_SQL = status_literals(OPEN_STATUSES)
"""The open statuses as SQL literals, exactly as the partial index of open games spells them."""
GAME_COLUMNS = game_columns("NOT a.undone")
ACTION_COLUMNS = (
    "game_id, seq, seat, user_id, action_json, interaction_id, reveals, undone, created_at, "
    "state_hash, chain_hash, stand_in"
)

Clock = Callable[[], datetime]
T = TypeVar("T")


def utc_now() -> datetime:
    return datetime.now(UTC)


# Test-only crash hook: when this variable names a point, the process SIGKILLs itself there
# (inside the open transaction), so a test can prove a crash leaves the last committed state.
CRASH_POINT_ENV = "REFEREE_DB_CRASH_POINT"


def test_crash_point(name: str) -> None:
    if os.environ.get(CRASH_POINT_ENV) == name:
        os.kill(os.getpid(), signal.SIGKILL)


class Tx(Protocol):
    """One connection of a store, inside a transaction or not."""

    async def rows(self, sql: str, *args: Any) -> list[Any]:
        """The rows a statement returns (each indexed by column name and by position)."""
        ...

    async def run(self, sql: str, *args: Any) -> int:
        """Run a statement; how many rows it changed."""
        ...

    async def run_many(self, sql: str, args: Sequence[tuple[Any, ...]]) -> None: ...


async def first(tx: Tx, sql: str, *args: Any) -> Any:
    """The first row a statement returns, or None."""
    rows = await tx.rows(sql, *args)
    return rows[0] if rows else None


class SqlStore:
    """What both stores share; a dialect subclass supplies the members named above."""

    _for_update = ""
    _open_in_channel: str
    _same = "IS NOT DISTINCT FROM"
    _json_cast = ""
    _clock: Clock
    _known: KnownRecords
    """The records of the game rows read lately (set by the dialect's ``__init__``)."""

    async def open(self) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    async def __aenter__(self) -> Self:
        await self.open()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    def _now(self) -> datetime:
        moment = self._clock()
        if moment.tzinfo is None:
            raise ValueError("the store's clock must return timezone-aware datetimes")
        return moment.astimezone(UTC)

    def _write(self) -> AbstractAsyncContextManager[Tx]:
        raise NotImplementedError

    def _read(self) -> AbstractAsyncContextManager[Tx]:
        raise NotImplementedError

    async def _transact(self, body: Callable[[Tx], Coroutine[Any, Any, T]]) -> T:
        """``body`` in one write transaction (``_write``): committed if it returns, rolled
        back if it raises. Every write goes through here; ``body`` awaits nothing but its
        ``tx`` (and coroutines that await nothing else), so a dialect may run it whole where
        its connection lives (``db.sqlite``)."""
        async with self._write() as tx:
            return await body(tx)

    def _time(self, moment: datetime) -> Any:
        raise NotImplementedError

    def _when(self, stored: Any) -> datetime:
        raise NotImplementedError

    def _snapshot(self) -> AbstractAsyncContextManager[Tx]:
        return self._read()

    async def _lock_ratings(self, tx: Tx, guild_id: int, kind: str) -> None:
        """Nothing to do where a write transaction already keeps every other writer out."""

    def _unique_violation(self, error: Exception) -> tuple[str, str] | None:
        """(index name, detail) when ``error`` is the driver's unique violation, else None."""
        return None

    async def schema_version(self) -> int:
        """The newest migration applied to the database."""
        async with self._read() as tx:
            return int((await first(tx, "SELECT COALESCE(MAX(version), 0) FROM schema_version"))[0])

    # -- plumbing -----------------------------------------------------------------------

    async def _fetch_game(self, tx: Tx, game_id: int, *, lock: bool = False) -> GameRecord:
        sql = f"SELECT {GAME_COLUMNS} FROM games WHERE id = $1"
        row = await first(tx, sql + (self._for_update if lock else ""), game_id)
        if row is None:
            raise GameNotFound(f"no game with id {game_id}")
        return self._known.record(row, self._when)

    async def _games(self, where: str, *args: Any) -> list[GameRecord]:
        async with self._read() as tx:
            rows = await tx.rows(f"SELECT {GAME_COLUMNS} FROM games {where}", *args)
        return [self._known.record(row, self._when) for row in rows]

    async def _check_version(self, tx: Tx, game_id: int, expected_version: int) -> GameRecord:
        game = await self._fetch_game(tx, game_id, lock=True)
        if game.version != expected_version:
            raise VersionConflict(
                f"game {game_id} is at version {game.version}, not {expected_version}"
            )
        return game

    async def _check_channel_free(
        self, tx: Tx, channel_id: int, *, other_than: int | None = None
    ) -> None:
        for row in await tx.rows(f"SELECT id FROM games {self._open_in_channel}", channel_id):
            if row["id"] != other_than:
                raise ChannelBusy(f"channel {channel_id} already has open game {row['id']}")

    async def _bump(
        self, tx: Tx, game_id: int, expected_version: int, changes: dict[str, Any]
    ) -> None:
        """``UPDATE games`` guarded by the optimistic version check; version + 1."""
        assignments = "".join(f"{column} = ${i}, " for i, column in enumerate(changes, start=3))
        sql = f"UPDATE games SET {assignments}version = version + 1 WHERE id = $1 AND version = $2"
        try:
            changed = await tx.run(sql, game_id, expected_version, *changes.values())
        except Exception as exc:
            unique = self._unique_violation(exc)
            if unique is not None and unique[0] == "games_one_open_per_channel":
                raise ChannelBusy(f"game {game_id}'s channel already has an open game") from exc
            raise
        if changed != 1:
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
        absent_ai: str = "",
    ) -> GameRecord:
        options_json, seats_text = dumps(options), seats_json(seats)
        now = self._time(self._now())

        async def body(tx: Tx) -> GameRecord:
            await self._check_channel_free(tx, channel_id)
            try:
                row = await first(
                    tx,
                    "INSERT INTO games (channel_id, guild_id, kind, status, creator_id, "
                    "options_json, seed, seats_json, state_json, version, created_at, "
                    "updated_at, absent_ai) "
                    "VALUES ($1, $2, $3, 'lobby', $4, $5, $6, $7, NULL, 0, $8, $8, $9) "
                    "RETURNING id",
                    *(channel_id, guild_id, kind, creator_id, options_json, str(seed)),
                    *(seats_text, now, absent_ai),
                )
            except Exception as exc:
                if self._unique_violation(exc) is not None:
                    raise ChannelBusy(f"channel {channel_id} already has an open game") from exc
                raise
            return await self._fetch_game(tx, int(row["id"]))

        return await self._transact(body)

    async def current_game(self, channel_id: int) -> GameRecord | None:
        games = await self._games(self._open_in_channel, channel_id)
        return games[0] if games else None

    async def get_game(self, game_id: int) -> GameRecord | None:
        games = await self._games("WHERE id = $1", game_id)
        return games[0] if games else None

    async def finished_games(self, channel_id: int, limit: int = 25) -> list[GameRecord]:
        return await self._games(
            "WHERE channel_id = $1 AND status = 'finished' "
            "ORDER BY updated_at DESC, id DESC LIMIT $2",
            channel_id,
            max(0, limit),
        )

    async def open_games(self) -> list[GameRecord]:
        return await self._games(f"WHERE status IN {OPEN_SQL} ORDER BY id")

    async def idle_games(self, unchanged_since: datetime) -> list[GameRecord]:
        return await self._games(
            "WHERE status = 'active' AND updated_at <= $1 ORDER BY id", self._time(unchanged_since)
        )

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
        absent_ai: str | None = None,
    ) -> GameRecord:
        changes = game_changes(
            seats=seats,
            options=options,
            status=status,
            state_json=state_json,
            campaign=campaign,
            creator_id=creator_id,
            now=self._time(self._now()),
            absent_ai=absent_ai,
        )

        async def body(tx: Tx) -> GameRecord:
            game = await self._check_version(tx, game_id, expected_version)
            if status in OPEN_STATUSES and game.status not in OPEN_STATUSES:
                await self._check_channel_free(tx, game.channel_id, other_than=game_id)
            if state_json is not None and not await tx.rows(
                "SELECT 1 FROM actions WHERE game_id = $1 LIMIT 1", game_id
            ):  # the state the game starts with: the chain's first link
                changes["initial_hash"] = state_digest(state_json)
            await self._bump(tx, game_id, expected_version, changes)
            if archive is not None:
                await self._archive(tx, game, archive, changes["updated_at"])
            return await self._fetch_game(tx, game_id)

        return await self._transact(body)

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
        seats: list[SeatRecord] | None = None,
    ) -> GameRecord:
        """Append ``actions`` and store the state they lead to, in one transaction.

        ``campaign``, when given, replaces the channel's campaign state for this game kind in
        the same transaction (a game that ends writes what persists with its final state);
        ``archive`` archives the game that ends and rates its players there too.

        A repeated interaction is reported as ``DuplicateInteraction`` even when the version
        has moved meanwhile (a retry of an interaction that already succeeded), so the
        duplicate check comes before the version check.
        """
        check_status(status)
        interaction_ids = [a.interaction_id for a in actions if a.interaction_id is not None]
        if len(set(interaction_ids)) != len(interaction_ids):
            raise DuplicateInteraction("the same interaction id appears twice in one write")
        now = self._time(self._now())

        async def body(tx: Tx) -> GameRecord:
            game = await self._fetch_game(tx, game_id, lock=True)
            if interaction_ids:
                seen = await tx.rows(
                    "SELECT interaction_id FROM actions "
                    f"WHERE game_id = $1 AND interaction_id IN ({_numbered(interaction_ids, 2)})",
                    game_id,
                    *interaction_ids,
                )
                if seen:
                    ids = sorted(row[0] for row in seen)
                    raise DuplicateInteraction(f"game {game_id} already recorded {ids}")
            if game.version != expected_version:
                raise VersionConflict(
                    f"game {game_id} is at version {game.version}, not {expected_version}"
                )
            if status in OPEN_STATUSES and game.status not in OPEN_STATUSES:
                await self._check_channel_free(tx, game.channel_id, other_than=game_id)
            changes: dict[str, Any] = {"state_json": state_json, "status": status}
            if seats is not None:
                changes["seats_json"] = seats_json(seats)
            await self._bump(tx, game_id, expected_version, {**changes, "updated_at": now})
            last = await first(
                tx, "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = $1", game_id
            )
            links = chained(game, int(last[0]), actions, state_json)
            rows = [
                (
                    *(game_id, seq, a.seat, a.user_id, a.action_json, a.interaction_id),
                    *(a.reveals, now, state_hash, chain, a.stand_in),
                )
                for seq, a, state_hash, chain in links
            ]
            try:
                await tx.run_many(
                    f"INSERT INTO actions ({ACTION_COLUMNS}) "
                    "VALUES ($1, $2, $3, $4, $5, $6, $7, FALSE, $8, $9, $10, $11)",
                    rows,
                )
            except Exception as exc:
                unique = self._unique_violation(exc)
                if unique is not None and unique[0] == "actions_one_per_interaction":
                    raise DuplicateInteraction(f"game {game_id}: {unique[1]}") from exc
                raise
            if campaign is not None:
                await self._put_campaign(tx, game.channel_id, game.kind, campaign, now)
            if archive is not None:
                await self._archive(tx, game, archive, now)
            test_crash_point("after_log_write")
            if game.damage is not None or not links:
                return await self._fetch_game(tx, game_id)
            return recorded(game, links, state_json, status, seats, self._when(now))

        return await self._transact(body)

    async def actions(self, game_id: int, *, include_undone: bool = False) -> list[ActionRecord]:
        where = "game_id = $1" if include_undone else "game_id = $1 AND NOT undone"
        async with self._read() as tx:
            rows = await tx.rows(
                f"SELECT {ACTION_COLUMNS} FROM actions WHERE {where} ORDER BY seq", game_id
            )
        return [action_record(row, self._when) for row in rows]

    async def undo_to(
        self, game_id: int, expected_version: int, keep_through_seq: int, state_json: str
    ) -> GameRecord:
        if keep_through_seq < 0:
            raise ValueError("keep_through_seq must be 0 or more")
        now = self._time(self._now())

        async def body(tx: Tx) -> GameRecord:
            await self._check_version(tx, game_id, expected_version)
            await tx.run(
                "UPDATE actions SET undone = TRUE WHERE game_id = $1 AND seq > $2 AND NOT undone",
                game_id,
                keep_through_seq,
            )
            await self._bump(
                tx, game_id, expected_version, {"state_json": state_json, "updated_at": now}
            )
            return await self._fetch_game(tx, game_id)

        return await self._transact(body)

    # -- takeback votes and reminders ----------------------------------------------------

    async def request_undo(
        self, game_id: int, version: int, requester_id: int, keep_through_seq: int
    ) -> UndoRequest:
        if keep_through_seq < 0:
            raise ValueError("keep_through_seq must be 0 or more")
        now = self._time(self._now())

        async def body(tx: Tx) -> UndoRequest | None:
            await self._check_version(tx, game_id, version)
            await tx.run(
                "INSERT INTO undo_requests (game_id, version, requester_id, keep_through_seq, "
                "created_at) VALUES ($1, $2, $3, $4, $5) "
                "ON CONFLICT (game_id, version) WHERE closed_at IS NULL DO NOTHING",
                *(game_id, version, requester_id, keep_through_seq, now),
            )
            return await self._open_request(tx, game_id, version)

        request = await self._transact(body)
        assert request is not None
        return request

    async def undo_request(self, game_id: int, version: int) -> UndoRequest | None:
        async with self._read() as tx:
            return await self._open_request(tx, game_id, version)

    async def approve_undo(self, game_id: int, version: int, user_id: int) -> UndoRequest | None:
        now = self._time(self._now())

        async def body(tx: Tx) -> UndoRequest | None:
            await tx.run(
                "INSERT INTO undo_approvals (request_id, user_id, created_at) "
                "SELECT id, $1, $2 FROM undo_requests "
                "WHERE game_id = $3 AND version = $4 AND closed_at IS NULL "
                "ON CONFLICT (request_id, user_id) DO NOTHING",
                *(user_id, now, game_id, version),
            )
            return await self._open_request(tx, game_id, version)

        return await self._transact(body)

    async def close_undo_request(self, game_id: int, version: int) -> bool:
        return await self._changed_one(
            "UPDATE undo_requests SET closed_at = $1 "
            "WHERE game_id = $2 AND version = $3 AND closed_at IS NULL",
            *(self._time(self._now()), game_id, version),
        )

    async def claim_reminder(self, game_id: int, version: int) -> bool:
        return await self._changed_one(
            "INSERT INTO reminders (game_id, version, claimed_at) VALUES ($1, $2, $3) "
            "ON CONFLICT (game_id, version) DO NOTHING",
            *(game_id, version, self._time(self._now())),
        )

    async def _changed_one(self, sql: str, *args: Any) -> bool:
        """Run one statement in its own transaction: did it change exactly one row?"""

        async def body(tx: Tx) -> bool:
            return await tx.run(sql, *args) == 1

        return await self._transact(body)

    async def _open_request(self, tx: Tx, game_id: int, version: int) -> UndoRequest | None:
        row = await first(
            tx,
            "SELECT id, requester_id, keep_through_seq, created_at FROM undo_requests "
            "WHERE game_id = $1 AND version = $2 AND closed_at IS NULL",
            game_id,
            version,
        )
        if row is None:
            return None
        approvals = await tx.rows(
            "SELECT user_id FROM undo_approvals WHERE request_id = $1", row["id"]
        )
        return UndoRequest(
            game_id=game_id,
            version=version,
            requester_id=int(row["requester_id"]),
            keep_through_seq=int(row["keep_through_seq"]),
            approvals=frozenset(int(a[0]) for a in approvals),
            created_at=self._when(row["created_at"]),
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
        taker_level: str | None = None,
    ) -> SeatConsent:
        now = self._time(self._now())
        given = seat_consent_params(consent, user_id, taker_name, now)

        async def body(tx: Tx) -> Any:
            return await first(
                tx, SEAT_CONSENT_SQL, game_id, holder_id, taker_id, *given, now, taker_level
            )

        row = await self._transact(body)
        given_by = row["given_by"]
        return SeatConsent(
            row["taker_name"],
            None if given_by is None else int(given_by),
            bool(row["complete"]),
            row["taker_level"],
        )

    async def take_own_dm(self, game_id: int, user_id: int) -> DirectMessage | None:
        async def body(tx: Tx) -> DirectMessage | None:
            row = await first(tx, OWN_DM_SQL + self._for_update, game_id, user_id)
            if row is None:
                return None
            await tx.run(FORGET_OWN_DM_SQL, game_id, user_id)
            return DirectMessage(int(row["dm_channel_id"]), int(row["dm_message_id"]))

        return await self._transact(body)

    async def keep_own_dm(self, game_id: int, user_id: int, dm: DirectMessage) -> None:
        async def body(tx: Tx) -> None:
            await tx.run(KEEP_OWN_DM_SQL, game_id, user_id, dm.channel_id, dm.message_id)

        return await self._transact(body)

    async def claim_dm_closed_notice(self, game_id: int, user_id: int) -> bool:
        return await self._changed_one(
            CLAIM_DM_CLOSED_SQL, game_id, user_id, self._time(self._now())
        )

    # -- campaigns ----------------------------------------------------------------------

    async def get_campaign(self, channel_id: int, kind: str) -> dict[str, Any] | None:
        async with self._read() as tx:
            row = await first(
                tx,
                "SELECT data_json FROM campaigns WHERE channel_id = $1 AND kind = $2",
                channel_id,
                kind,
            )
        if row is None:
            return None
        data: dict[str, Any] = json.loads(row["data_json"])
        return data

    async def put_campaign(self, channel_id: int, kind: str, data: dict[str, Any]) -> None:
        now = self._time(self._now())

        async def body(tx: Tx) -> None:
            await self._put_campaign(tx, channel_id, kind, data, now)

        return await self._transact(body)

    @staticmethod
    async def _put_campaign(
        tx: Tx, channel_id: int, kind: str, data: dict[str, Any], now: Any
    ) -> None:
        await tx.run(
            "INSERT INTO campaigns (channel_id, kind, data_json, updated_at) "
            "VALUES ($1, $2, $3, $4) ON CONFLICT (channel_id, kind) "
            "DO UPDATE SET data_json = excluded.data_json, updated_at = excluded.updated_at",
            *(channel_id, kind, dumps(data), now),
        )

    # -- data sets ----------------------------------------------------------------------

    async def put_data_set(self, hash: str, kind: str, files_json: str) -> bool:
        return await self._changed_one(
            "INSERT INTO data_sets (hash, kind, files_json, created_at) "
            "VALUES ($1, $2, $3, $4) ON CONFLICT (hash) DO NOTHING",
            *(hash, kind, files_json, self._time(self._now())),
        )

    async def get_data_set(self, hash: str) -> str | None:
        async with self._read() as tx:
            row = await first(tx, "SELECT files_json FROM data_sets WHERE hash = $1", hash)
        return None if row is None else str(row["files_json"])

    # -- the club's record (db.club_record) ----------------------------------------------

    async def _archive(self, tx: Tx, game: GameRecord, archive: GameArchive, ended: Any) -> bool:
        writer = _ArchiveWriter(self, tx)
        return await write_archive(
            writer, game.id, game.guild_id, game.kind, archive, ended_at=ended, now=ended
        )

    async def archive_game(self, game_id: int, archive: GameArchive) -> bool:
        now = self._time(self._now())

        async def body(tx: Tx) -> bool:
            game = await self._fetch_game(tx, game_id, lock=True)
            return await write_archive(
                _ArchiveWriter(self, tx),
                game.id,
                game.guild_id,
                game.kind,
                archive,
                ended_at=self._time(game.updated_at),
                now=now,
            )

        return await self._transact(body)

    async def unarchived_games(self) -> list[GameRecord]:
        return await self._games(
            "WHERE status IN ('finished', 'abandoned') "
            "AND NOT EXISTS (SELECT 1 FROM game_records AS r WHERE r.game_id = games.id) "
            "ORDER BY updated_at, id"
        )

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
        where: list[str] = [f"guild_id {self._same} $1"]
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
        async with self._snapshot() as tx:
            records = await tx.rows(
                f"SELECT {RECORD_COLUMNS} FROM game_records WHERE {' AND '.join(where)} "
                f"ORDER BY ended_at DESC, game_id DESC LIMIT ${len(params)}",
                *params,
            )
            ids = [row["game_id"] for row in records]
            seats = (
                await tx.rows(
                    f"SELECT {SEAT_COLUMNS} FROM record_seats WHERE game_id IN ({_numbered(ids)})",
                    *ids,
                )
                if ids
                else []
            )
        return [
            archived_game(row, [s for s in seats if s["game_id"] == row["game_id"]], self._when)
            for row in records
        ]

    async def ratings(self, guild_id: int | None, kind: str, limit: int = 25) -> list[Rating]:
        async with self._read() as tx:
            rows = await tx.rows(
                f"SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = $1 AND kind = $2 "
                "ORDER BY mu - 3 * sigma DESC, games DESC, player LIMIT $3",
                guild_id if guild_id is not None else 0,
                kind,
                max(0, limit),
            )
        return [rating_of(row, self._when) for row in rows]


def _numbered(values: Sequence[Any], start: int = 1) -> str:
    """Placeholders for ``values`` from ``$start`` on (``$1, $2, ...``)."""
    return ", ".join(f"${i}" for i in range(start, start + len(values)))


class _ArchiveWriter:
    """``db.club_record.ArchiveWriter`` on the transaction that ends a game."""

    def __init__(self, store: SqlStore, tx: Tx) -> None:
        self.store, self.tx = store, tx

    async def archived(self, game_id: int) -> bool:
        sql = "SELECT 1 FROM game_records WHERE game_id = $1"
        return bool(await self.tx.rows(sql, game_id))

    async def insert_record(
        self, game_id: int, archive: GameArchive, rated: bool, ended_at: Any
    ) -> None:
        await self.tx.run(
            f"INSERT INTO game_records ({RECORD_COLUMNS}) "
            f"SELECT id, guild_id, channel_id, kind, $2, options_json, $3{self.store._json_cast}, "
            "$4, COALESCE(started_at, (SELECT MIN(a.created_at) FROM actions AS a "
            "WHERE a.game_id = games.id), created_at), $5 FROM games WHERE id = $1",
            *(game_id, archive.outcome, archive.scores_json, rated, ended_at),
        )

    async def current_ratings(
        self, guild_id: int, kind: str, players: Sequence[str]
    ) -> dict[str, tuple[float, float]]:
        await self.store._lock_ratings(self.tx, guild_id, kind)
        rows = await self.tx.rows(
            "SELECT player, mu, sigma FROM ratings WHERE guild_id = $1 AND kind = $2 "
            f"AND player IN ({_numbered(players, 3)})",
            *(guild_id, kind, *players),
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
        await self.tx.run(
            f"INSERT INTO ratings ({RATING_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $9) "
            "ON CONFLICT (guild_id, kind, player) DO UPDATE SET user_id = excluded.user_id, "
            "name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, "
            "games = ratings.games + 1, wins = ratings.wins + excluded.wins, "
            "updated_at = excluded.updated_at",
            *(guild_id, kind, seat.player, seat.user_id, seat.name, mu, sigma, int(won), now),
        )

    async def insert_seats(
        self, game_id: int, seats: Sequence[ArchiveSeat], ratings: Sequence[SeatRating]
    ) -> None:
        await self.tx.run_many(
            f"INSERT INTO record_seats ({SEAT_COLUMNS}) VALUES ({_numbered(range(12))})",
            seat_rows(game_id, seats, ratings),
        )


async def seal_chains(tx: Tx) -> None:
    """Give the games logged before the hash chain existed their chain (``seal_chain``); the
    caller holds the transaction (and its lock). Nothing to do once every row has one."""
    games = await tx.rows(
        "SELECT id, state_json, initial_hash FROM games AS g WHERE "
        "EXISTS (SELECT 1 FROM actions AS a WHERE a.game_id = g.id AND a.chain_hash IS NULL)"
        " OR (g.state_json IS NOT NULL AND g.initial_hash IS NULL AND NOT EXISTS "
        "(SELECT 1 FROM actions AS a WHERE a.game_id = g.id AND NOT a.undone))"
    )
    for game in games:
        rows = await tx.rows(
            "SELECT seq, seat, action_json, state_hash, chain_hash, undone FROM actions "
            "WHERE game_id = $1 ORDER BY seq",
            game["id"],
        )
        initial, updates = seal_chain(game["state_json"], game["initial_hash"], list(rows))
        if initial is not None:
            await tx.run("UPDATE games SET initial_hash = $1 WHERE id = $2", initial, game["id"])
        await tx.run_many(
            "UPDATE actions SET state_hash = $1, chain_hash = $2 WHERE game_id = $3 AND seq = $4",
            [(state, chain, game["id"], seq) for seq, state, chain in updates],
        )
