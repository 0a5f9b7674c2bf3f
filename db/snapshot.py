"""Every row of a store's database as plain values, for ``python -m db copy`` and ``check``.

A ``Snapshot`` holds the tables as they are stored: JSON columns as their exact text (a state
is copied byte for byte), times as timezone-aware datetimes, flags as booleans. Reading is
one consistent view of committed data on both backends (SQLite: one read transaction;
PostgreSQL: one ``REPEATABLE READ`` transaction). Writing into PostgreSQL keeps every id,
version, sequence number and undone flag, in one transaction.
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from db.rows import decode_text
from db.store import ActionRecord, GameRecord, SeatRecord, StoreError


@dataclass(frozen=True)
class GameRow:
    id: int
    channel_id: int
    guild_id: int | None
    kind: str
    status: str
    creator_id: int
    options_json: str
    seed: str
    seats_json: str
    state_json: str | None
    version: int
    created_at: datetime
    updated_at: datetime
    campaign_json: str | None
    initial_hash: str | None = None
    started_at: datetime | None = None
    absent_ai: str = ""

    def record(self) -> GameRecord:
        campaign = self.campaign_json
        return GameRecord(
            id=self.id,
            channel_id=self.channel_id,
            guild_id=self.guild_id,
            kind=self.kind,
            status=self.status,  # type: ignore[arg-type]  # checked by the schema
            creator_id=self.creator_id,
            options=json.loads(self.options_json),
            seed=int(self.seed),
            seats=[SeatRecord.from_json(s) for s in json.loads(self.seats_json)],
            state_json=self.state_json,
            version=self.version,
            created_at=self.created_at,
            updated_at=self.updated_at,
            campaign=json.loads(campaign) if campaign is not None else None,
            initial_hash=self.initial_hash,
            absent_ai=self.absent_ai,
        )


@dataclass(frozen=True)
class ActionRow:
    game_id: int
    seq: int
    seat: str
    user_id: int | None
    action_json: str
    interaction_id: int | None
    reveals: bool
    undone: bool
    created_at: datetime
    state_hash: str | None
    chain_hash: str | None = None
    stand_in: str | None = None

    def record(self) -> ActionRecord:
        return ActionRecord(**{f.name: getattr(self, f.name) for f in fields(self)})


@dataclass(frozen=True)
class CampaignRow:
    channel_id: int
    kind: str
    data_json: str
    updated_at: datetime


@dataclass(frozen=True)
class UndoRequestRow:
    id: int
    game_id: int
    version: int
    requester_id: int
    keep_through_seq: int
    created_at: datetime
    closed_at: datetime | None


@dataclass(frozen=True)
class UndoApprovalRow:
    request_id: int
    user_id: int
    created_at: datetime


@dataclass(frozen=True)
class ReminderRow:
    game_id: int
    version: int
    claimed_at: datetime


@dataclass(frozen=True)
class DataSetRow:
    hash: str
    kind: str
    files_json: str
    created_at: datetime


@dataclass(frozen=True)
class SeatOfferRow:
    id: int
    game_id: int
    holder_id: int
    taker_id: int
    taker_name: str | None
    taken_at: datetime | None
    given_at: datetime | None
    given_by: int | None
    created_at: datetime
    closed_at: datetime | None
    taker_level: str | None = None


@dataclass(frozen=True)
class PlayerDmRow:
    game_id: int
    user_id: int
    dm_channel_id: int | None
    dm_message_id: int | None
    closed_told_at: datetime | None


@dataclass(frozen=True)
class ArchiveRow:
    game_id: int
    guild_id: int | None
    channel_id: int
    kind: str
    outcome: str
    options_json: str
    scores_json: str | None
    rated: bool
    started_at: datetime
    ended_at: datetime


@dataclass(frozen=True)
class ArchiveSeatRow:
    game_id: int
    seat: str
    player: str
    user_id: int | None
    name: str
    score: int | None
    rank: int | None
    winner: bool
    mu_before: float | None
    sigma_before: float | None
    mu_after: float | None
    sigma_after: float | None


@dataclass(frozen=True)
class RatingRow:
    guild_id: int
    kind: str
    player: str
    user_id: int | None
    name: str
    mu: float
    sigma: float
    games: int
    wins: int
    updated_at: datetime


@dataclass
class Snapshot:
    games: list[GameRow] = field(default_factory=list)
    actions: list[ActionRow] = field(default_factory=list)
    campaigns: list[CampaignRow] = field(default_factory=list)
    undo_requests: list[UndoRequestRow] = field(default_factory=list)
    undo_approvals: list[UndoApprovalRow] = field(default_factory=list)
    reminders: list[ReminderRow] = field(default_factory=list)
    data_sets: list[DataSetRow] = field(default_factory=list)
    seat_offers: list[SeatOfferRow] = field(default_factory=list)
    player_dms: list[PlayerDmRow] = field(default_factory=list)
    game_records: list[ArchiveRow] = field(default_factory=list)
    record_seats: list[ArchiveSeatRow] = field(default_factory=list)
    ratings: list[RatingRow] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        return {f.name: len(getattr(self, f.name)) for f in fields(self)}

    def logs(self) -> dict[int, list[ActionRow]]:
        """Each game's log in order (undone rows included)."""
        out: dict[int, list[ActionRow]] = {g.id: [] for g in self.games}
        for row in sorted(self.actions, key=lambda a: (a.game_id, a.seq)):
            out.setdefault(row.game_id, []).append(row)
        return out


# Table name -> (row type, ORDER BY); the order the rows are written in (foreign keys).
TABLES: dict[str, tuple[type[Any], str]] = {
    "games": (GameRow, "id"),
    "actions": (ActionRow, "game_id, seq"),
    "campaigns": (CampaignRow, "channel_id, kind"),
    "undo_requests": (UndoRequestRow, "id"),
    "undo_approvals": (UndoApprovalRow, "request_id, user_id"),
    "reminders": (ReminderRow, "game_id, version"),
    "data_sets": (DataSetRow, "hash"),
    "seat_offers": (SeatOfferRow, "id"),
    "player_dms": (PlayerDmRow, "game_id, user_id"),
    "game_records": (ArchiveRow, "game_id"),
    "record_seats": (ArchiveSeatRow, "game_id, seat"),
    "ratings": (RatingRow, "guild_id, kind, player"),
}
_TIMES = {
    "created_at",
    "updated_at",
    "closed_at",
    "claimed_at",
    "taken_at",
    "given_at",
    "closed_told_at",
    "started_at",
    "ended_at",
}
_FLAGS = {"reveals", "undone", "rated", "winner"}
_EMPTY_TEXT = {"absent_ai"}
"""Text columns that are never NULL (a schema from before them reads as ``""``)."""


def _sqlite_value(name: str, value: Any) -> Any:
    if name in _EMPTY_TEXT and value is None:
        return ""
    if name in _TIMES and value is not None:
        moment = datetime.fromisoformat(value)
        return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    if name in _FLAGS:
        return bool(value)
    return value


def read_sqlite(path: str | Path, *, lenient: bool = False) -> Snapshot:
    """Every row of a SQLite database file, read-only, in one read transaction. Tables and
    columns that an older schema lacks are read as empty (the file is never changed).
    ``lenient`` reads text that is not UTF-8 as ``Undecodable`` (replacement characters)
    instead of failing (``check``: the damaged game is then reported, and the others are
    still checked)."""
    source = Path(path)
    if not source.is_file():
        raise StoreError(f"no database at {source}")
    snapshot = Snapshot()
    uri = f"{source.resolve().as_uri()}?mode=ro"
    try:
        with closing(sqlite3.connect(uri, uri=True, isolation_level=None)) as conn:
            conn.row_factory = sqlite3.Row
            if lenient:
                conn.text_factory = decode_text
            conn.execute("PRAGMA busy_timeout = 5000")
            conn.execute("BEGIN")
            present = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
            for table, (row_type, order) in TABLES.items():
                if table not in present:
                    continue
                names = [f.name for f in fields(row_type)]
                for row in conn.execute(f"SELECT * FROM {table} ORDER BY {order}"):
                    keys = set(row.keys())
                    values = {n: _sqlite_value(n, row[n] if n in keys else None) for n in names}
                    getattr(snapshot, table).append(row_type(**values))
            conn.execute("COMMIT")
    except sqlite3.Error as exc:
        raise StoreError(f"cannot read {source}: {exc}") from exc
    return snapshot


async def read_postgres(conn: Any) -> Snapshot:
    """Every row of the store's schema through ``conn`` (an asyncpg connection). Run it in
    one transaction (``REPEATABLE READ`` for a consistent view of a database in use)."""
    snapshot = Snapshot()
    for table, (row_type, order) in TABLES.items():
        names = [f.name for f in fields(row_type)]
        # json columns as their exact text
        columns = ", ".join(f"{n}::text" if n.endswith("_json") else n for n in names)
        for row in await conn.fetch(f"SELECT {columns} FROM {table} ORDER BY {order}"):
            values = {
                n: (v.astimezone(UTC) if isinstance(v, datetime) else v)
                for n, v in zip(names, row, strict=True)
            }
            getattr(snapshot, table).append(row_type(**values))
    return snapshot


async def write_postgres(conn: Any, snapshot: Snapshot) -> None:
    """Insert every row into the store's (empty) schema through ``conn``, keeping ids,
    versions and sequence numbers; refuses a schema that holds any row. Run it inside a
    transaction (the caller's), so a refusal or a failure leaves nothing behind."""
    for table in TABLES:
        # Taken before looking, so nothing can be written between the check and the copy.
        await conn.execute(f"LOCK TABLE {table} IN EXCLUSIVE MODE")
    for table in TABLES:
        if await conn.fetchval(f"SELECT EXISTS (SELECT 1 FROM {table})"):
            raise StoreError(
                f"the target database is not empty (table {table} has rows); "
                "copy only into a new, empty database"
            )
    for table, (row_type, _) in TABLES.items():
        rows = getattr(snapshot, table)
        if not rows:
            continue
        names = [f.name for f in fields(row_type)]
        await conn.copy_records_to_table(
            table,
            records=[tuple(getattr(r, n) for n in names) for r in rows],
            columns=names,
        )
    for table in ("games", "undo_requests", "seat_offers"):
        await conn.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
            f"COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
        )
