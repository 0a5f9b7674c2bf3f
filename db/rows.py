"""What both stores share: how rows become records, and which columns a change writes.

The SQL differs per backend (placeholders, types, locking); the meaning of a row does not.
Each store passes its own ``when`` to turn a stored time into an aware UTC datetime; a row is
anything indexed by column name (``sqlite3.Row``, ``asyncpg.Record``).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any, get_args

from db.store import (
    ActionRecord,
    ChainHead,
    GameRecord,
    GameStatus,
    NewAction,
    SeatRecord,
    chain_link,
    state_digest,
)

STATUSES: frozenset[str] = frozenset(get_args(GameStatus))


def dumps(value: Any) -> str:
    """Compact JSON as stored (non-ASCII kept: names may be Hangul)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def check_status(status: str) -> None:
    if status not in STATUSES:
        raise ValueError(f"unknown game status {status!r}")


def seats_json(seats: Sequence[SeatRecord]) -> str:
    return dumps([s.as_json() for s in seats])


def game_changes(
    *,
    seats: list[SeatRecord] | None,
    options: dict[str, Any] | None,
    status: GameStatus | None,
    state_json: str | None,
    campaign: dict[str, Any] | None,
    creator_id: int | None,
    now: Any,
    absent_ai: str | None = None,
) -> dict[str, Any]:
    """The columns ``update_game`` writes for the given fields (others stay as they are)."""
    changes: dict[str, Any] = {}
    if absent_ai is not None:
        changes["absent_ai"] = absent_ai
    if creator_id is not None:
        changes["creator_id"] = creator_id
    if campaign is not None:
        changes["campaign_json"] = dumps(campaign)
    if seats is not None:
        changes["seats_json"] = seats_json(seats)
    if options is not None:
        changes["options_json"] = dumps(options)
    if status is not None:
        check_status(status)
        changes["status"] = status
        if status == "active":  # the lobby becomes a game (the archive's start time)
            changes["started_at"] = now
    if state_json is not None:
        changes["state_json"] = state_json
    changes["updated_at"] = now
    return changes


class Undecodable(str):
    """Text read from a column whose bytes are not UTF-8 (kept with replacement characters,
    so the rest of the row, and every other row, can still be read)."""

    __slots__ = ()


def decode_text(raw: bytes) -> str:
    """SQLite's text factory: UTF-8, or ``Undecodable`` text for damaged bytes."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return Undecodable(raw.decode("utf-8", errors="replace"))


def game_columns(live: str) -> str:
    """The columns a game row is read with: the row, and the head of its log (the last live
    row and the chain hash it links to). ``live`` is the backend's test for "not undone" on
    the alias ``a``."""

    def last(column: str, offset: int = 0) -> str:
        skip = f" OFFSET {offset}" if offset else ""
        return (
            f"(SELECT a.{column} FROM actions AS a WHERE a.game_id = games.id AND {live} "
            f"ORDER BY a.seq DESC LIMIT 1{skip})"
        )

    return (
        "id, channel_id, guild_id, kind, status, creator_id, options_json, seed, seats_json, "
        "state_json, version, created_at, updated_at, campaign_json, initial_hash, absent_ai, "
        f"{last('state_hash')} AS last_state_hash, {last('seq')} AS head_seq, "
        f"{last('seat')} AS head_seat, {last('action_json')} AS head_action, "
        f"{last('chain_hash')} AS head_chain, {last('seq', 1)} AS prev_seq, "
        f"{last('chain_hash', 1)} AS prev_chain"
    )


def _head(row: Any) -> ChainHead | None:
    if row["head_seq"] is None:
        return None
    first = row["prev_seq"] is None  # the head is the first live row: it links to the start
    previous: str | None = (row["initial_hash"] or "") if first else row["prev_chain"]
    return ChainHead(
        seq=int(row["head_seq"]),
        seat=str(row["head_seat"]),
        action_json=str(row["head_action"]),
        state_hash=row["last_state_hash"],
        chain_hash=row["head_chain"],
        previous=previous,
    )


def game_record(row: Any, when: Callable[[Any], datetime]) -> GameRecord:
    """The record of a game row. A row whose columns cannot be read as written (damaged
    bytes, text that is not JSON) still gives a record, with ``damage`` saying what is wrong
    (that game is stopped; every other game is read as usual)."""
    damage: list[str] = []

    def read(column: str, parse: Callable[[Any], Any], default: Any) -> Any:
        try:
            return parse(row[column])
        except (ValueError, TypeError, KeyError, AttributeError):
            damage.append(column)
            return default

    def seats_of(text: str) -> list[SeatRecord]:
        return [SeatRecord.from_json(s) for s in json.loads(text)]

    for column in row.keys():  # noqa: SIM118 -- sqlite3.Row iterates values, not keys
        if isinstance(row[column], Undecodable):
            damage.append(column)
    campaign = read(
        "campaign_json", lambda text: json.loads(text) if text is not None else None, None
    )
    record = GameRecord(
        id=int(row["id"]),
        channel_id=int(row["channel_id"]),
        guild_id=row["guild_id"],
        kind=str(row["kind"]),
        status=row["status"],
        creator_id=int(row["creator_id"]),
        options=read("options_json", json.loads, {}),
        seed=read("seed", int, 0),
        seats=read("seats_json", seats_of, []),
        state_json=row["state_json"],
        version=int(row["version"]),
        created_at=when(row["created_at"]),
        updated_at=when(row["updated_at"]),
        campaign=campaign,
        last_state_hash=row["last_state_hash"],
        initial_hash=row["initial_hash"],
        head=_head(row),
        absent_ai=str(row["absent_ai"] or ""),
        damage=(
            f"game row {row['id']} is damaged: {', '.join(damage)} cannot be read as written"
            if damage
            else None
        ),
    )
    return record


class KnownRecords:
    """The record last made of each game's row, with the row's values: the same row read
    again (by the same command, a button's several checks, the write that follows) gives the
    same record without parsing it again, and its integrity is checked once
    (``GameRecord.integrity_problem`` is kept by the record). A row that differs in any
    column, however it was changed, is parsed afresh. Shared by the event loop and a store's
    connection thread; the last ``size`` games are kept."""

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self._known: dict[Any, tuple[tuple[Any, ...], GameRecord]] = {}
        self._lock = threading.Lock()

    def record(self, row: Any, when: Callable[[Any], datetime]) -> GameRecord:
        values = tuple(row)
        if Undecodable in map(type, values):
            return game_record(row, when)  # damaged bytes: read as they are, every time
        key = row["id"]
        known = self._known.get(key)  # one dict read: safe without the lock
        if known is not None and known[0] == values:
            return known[1]
        made = game_record(row, when)
        if made.damage is not None:
            return made
        with self._lock:
            self._known.pop(key, None)
            self._known[key] = (values, made)
            while len(self._known) > self.size:
                del self._known[next(iter(self._known))]
        return made


def action_record(row: Any, when: Callable[[Any], datetime]) -> ActionRecord:
    return ActionRecord(
        game_id=int(row["game_id"]),
        seq=int(row["seq"]),
        seat=str(row["seat"]),
        user_id=row["user_id"],
        action_json=str(row["action_json"]),
        interaction_id=row["interaction_id"],
        reveals=bool(row["reveals"]),
        undone=bool(row["undone"]),
        created_at=when(row["created_at"]),
        state_hash=row["state_hash"],
        chain_hash=row["chain_hash"],
        stand_in=row["stand_in"],
    )


def seal_chain(
    state_json: str | None, initial_hash: str | None, rows: Sequence[Any]
) -> tuple[str | None, list[tuple[int, str | None, str]]]:
    """The chain of a game logged before the chain existed, computed from what is stored:
    ``rows`` are the game's log rows in order (``seq``, ``seat``, ``action_json``,
    ``state_hash``, ``chain_hash``, ``undone``). Returns the initial hash to record (None:
    keep what is there) and, for each row without a chain hash, ``(seq, state_hash,
    chain_hash)``. The initial state is known only for a game with no live row (its stored
    state); otherwise the chain starts from ``""`` and ``db check`` replays the start. The
    head row's missing state hash (rows logged before hashes were kept) is the stored
    state's."""
    live = [r for r in rows if not r["undone"]]
    initial = initial_hash
    new_initial = None
    if initial is None and not live and state_json is not None:
        initial = new_initial = state_digest(state_json)
    head = live[-1]["seq"] if live else None
    previous = initial or ""
    updates: list[tuple[int, str | None, str]] = []
    for row in rows:
        state_hash = row["state_hash"]
        if row["seq"] == head and state_hash is None and state_json is not None:
            state_hash = state_digest(state_json)
        chain = row["chain_hash"]
        if chain is None:
            chain = chain_link(previous, row["seq"], row["seat"], row["action_json"], state_hash)
            updates.append((row["seq"], state_hash, chain))
        if not row["undone"]:
            previous = chain
    return new_initial, updates


def chain_problem(
    initial_hash: str | None, rows: Sequence[Any], describe: Callable[[int], str]
) -> str | None:
    """Walk a game's whole chain (its live rows in order, each with the attributes ``seq``,
    ``seat``, ``action_json``, ``state_hash``, ``chain_hash``): where the first row whose
    chain hash is missing or does not follow from the row before is, else None."""
    previous = initial_hash or ""
    for row in rows:
        expected = chain_link(previous, row.seq, row.seat, row.action_json, row.state_hash)
        if row.chain_hash != expected:
            return describe(row.seq)
        previous = expected
    return None


def chained(
    game: GameRecord, last_seq: int, actions: Sequence[NewAction], state_json: str
) -> list[tuple[int, NewAction, str | None, str]]:
    """The rows ``record_actions`` appends: ``(seq, action, state_hash, chain_hash)``, each
    linked to the one before (the first to the game's current head). The last action's
    state hash is the stored state's when the caller left it out."""
    out: list[tuple[int, NewAction, str | None, str]] = []
    previous = game.chain_previous()
    for i, action in enumerate(actions, start=1):
        state_hash = action.state_hash
        if state_hash is None and i == len(actions):
            state_hash = state_digest(state_json)
        chain = chain_link(previous, last_seq + i, action.seat, action.action_json, state_hash)
        out.append((last_seq + i, action, state_hash, chain))
        previous = chain
    return out


def recorded(
    game: GameRecord,
    links: Sequence[tuple[int, NewAction, str | None, str]],
    state_json: str,
    status: GameStatus,
    seats: Sequence[SeatRecord] | None,
    updated_at: datetime,
) -> GameRecord:
    """The game's record after ``record_actions`` appended ``links`` (``chained``, at least
    one) to ``game`` as read at the start of its transaction: what reading the row back would
    give, without reading it (every column it changed is known, every other is as read)."""
    seq, action, state_hash, chain = links[-1]
    if len(links) > 1:
        previous: str | None = links[-2][3]
    elif game.head is None:
        previous = game.initial_hash or ""  # the first live row links to the start
    else:
        previous = game.head.chain_hash
    head = ChainHead(seq, action.seat, action.action_json, state_hash, chain, previous)
    return replace(
        game,
        status=status,
        seats=list(seats) if seats is not None else game.seats,
        state_json=state_json,
        version=game.version + 1,
        updated_at=updated_at,
        last_state_hash=state_hash,
        head=head,
    )


# -- seat offers and players' DMs (issue 18 point 8), in PostgreSQL's placeholders ($n);
# SQLite reads them as ?n (``sqlite_sql``).

SEAT_CONSENT_SQL = """
INSERT INTO seat_offers
    (game_id, holder_id, taker_id, taker_name, taken_at, given_at, given_by, created_at,
     taker_level)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
ON CONFLICT (game_id, holder_id, taker_id) WHERE closed_at IS NULL DO UPDATE SET
    taker_name = COALESCE(excluded.taker_name, seat_offers.taker_name),
    taker_level = COALESCE(seat_offers.taker_level, excluded.taker_level),
    taken_at = COALESCE(seat_offers.taken_at, excluded.taken_at),
    given_at = COALESCE(seat_offers.given_at, excluded.given_at),
    given_by = COALESCE(seat_offers.given_by, excluded.given_by),
    closed_at = CASE
        WHEN COALESCE(seat_offers.taken_at, excluded.taken_at) IS NOT NULL
         AND COALESCE(seat_offers.given_at, excluded.given_at) IS NOT NULL
        THEN excluded.created_at
    END
RETURNING taker_name, given_by, closed_at IS NOT NULL AS complete, taker_level
"""
"""One consent recorded, and the offer closed by the statement that completes it: the row
lock of the upsert orders two concurrent consents, so exactly one sees both. An AI taker's
level is the one the offer was opened with (a later consent never changes it)."""

KEEP_OWN_DM_SQL = """
INSERT INTO player_dms (game_id, user_id, dm_channel_id, dm_message_id) VALUES ($1, $2, $3, $4)
ON CONFLICT (game_id, user_id) DO UPDATE
    SET dm_channel_id = excluded.dm_channel_id, dm_message_id = excluded.dm_message_id
"""

OWN_DM_SQL = (
    "SELECT dm_channel_id, dm_message_id FROM player_dms "
    "WHERE game_id = $1 AND user_id = $2 AND dm_message_id IS NOT NULL"
)

FORGET_OWN_DM_SQL = (
    "UPDATE player_dms SET dm_channel_id = NULL, dm_message_id = NULL "
    "WHERE game_id = $1 AND user_id = $2"
)

CLAIM_DM_CLOSED_SQL = """
INSERT INTO player_dms (game_id, user_id, closed_told_at) VALUES ($1, $2, $3)
ON CONFLICT (game_id, user_id) DO UPDATE SET closed_told_at = excluded.closed_told_at
    WHERE player_dms.closed_told_at IS NULL
"""


def seat_consent_params(
    consent: str, user_id: int, taker_name: str | None, now: Any
) -> tuple[Any, Any, Any, Any]:
    """``SEAT_CONSENT_SQL``'s $4 to $7 (name, taken, given, given by) for one consent."""
    if consent == "take":
        return taker_name, now, None, None
    if consent == "give":
        return None, None, now, user_id
    raise ValueError(f"unknown seat consent {consent!r}")


def sqlite_sql(sql: str) -> str:
    """A statement written with PostgreSQL's ``$n`` placeholders, as SQLite's ``?n``."""
    return sql.replace("$", "?")
