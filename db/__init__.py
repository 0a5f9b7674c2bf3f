"""Persistence: the ``GameStore`` interface and its SQLite implementation."""

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
    VersionConflict,
)

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
    "VersionConflict",
]
