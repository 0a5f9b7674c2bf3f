"""Persistence: the ``GameStore`` interface, its SQLite and PostgreSQL implementations, and
``store_for(REFEREE_DB)`` choosing between them."""

from db.factory import store_for
from db.store import (
    ActionRecord,
    ChannelBusy,
    DuplicateInteraction,
    GameNotFound,
    GameRecord,
    GameStore,
    NewAction,
    SeatRecord,
    StoreError,
    StoreInUse,
    UndoRequest,
    VersionConflict,
)
from db.targets import is_postgres

__all__ = [
    "ActionRecord",
    "ChannelBusy",
    "DuplicateInteraction",
    "GameNotFound",
    "GameRecord",
    "GameStore",
    "NewAction",
    "SeatRecord",
    "StoreError",
    "StoreInUse",
    "UndoRequest",
    "VersionConflict",
    "is_postgres",
    "store_for",
]
