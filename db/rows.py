"""What both stores share: how rows become records, and which columns a change writes.

The SQL differs per backend (placeholders, types, locking); the meaning of a row does not.
Each store passes its own ``when`` to turn a stored time into an aware UTC datetime; a row is
anything indexed by column name (``sqlite3.Row``, ``asyncpg.Record``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, get_args

from db.store import ActionRecord, GameRecord, GameStatus, SeatRecord

STATUSES: frozenset[str] = frozenset(get_args(GameStatus))


def dumps(value: Any) -> str:
    """Compact JSON as stored (non-ASCII kept: names may be Hangul)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def check_status(status: str) -> None:
    if status not in STATUSES:
        raise ValueError(f"unknown game status {status!r}")


def seats_json(seats: Sequence[SeatRecord]) -> str:
    return dumps([{"seat": s.seat, "user_id": s.user_id, "name": s.name} for s in seats])


def game_changes(
    *,
    seats: list[SeatRecord] | None,
    options: dict[str, Any] | None,
    status: GameStatus | None,
    state_json: str | None,
    campaign: dict[str, Any] | None,
    creator_id: int | None,
    now: Any,
) -> dict[str, Any]:
    """The columns ``update_game`` writes for the given fields (others stay as they are)."""
    changes: dict[str, Any] = {}
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
    if state_json is not None:
        changes["state_json"] = state_json
    changes["updated_at"] = now
    return changes


def game_record(row: Any, when: Callable[[Any], datetime]) -> GameRecord:
    seats = [
        SeatRecord(seat=str(s["seat"]), user_id=s["user_id"], name=str(s["name"]))
        for s in json.loads(row["seats_json"])
    ]
    campaign = row["campaign_json"]
    return GameRecord(
        id=int(row["id"]),
        channel_id=int(row["channel_id"]),
        guild_id=row["guild_id"],
        kind=str(row["kind"]),
        status=row["status"],
        creator_id=int(row["creator_id"]),
        options=json.loads(row["options_json"]),
        seed=int(row["seed"]),
        seats=seats,
        state_json=row["state_json"],
        version=int(row["version"]),
        created_at=when(row["created_at"]),
        updated_at=when(row["updated_at"]),
        campaign=json.loads(campaign) if campaign is not None else None,
        last_state_hash=row["last_state_hash"],
    )


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
    )
