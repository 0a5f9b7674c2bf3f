"""Action logs, replay and state hashes: a game is its seed, options, seats and actions."""

from __future__ import annotations

import hashlib
from typing import Any

from pydantic import BaseModel, Field

from rules.core.models import GameState
from rules.core.spec import GameSpec


class LoggedAction(BaseModel):
    seat: str
    action: dict[str, Any]


class GameLog(BaseModel):
    """Everything needed to rebuild a game exactly (the JSON written by ``python -m rules``)."""

    game: str
    seats: list[str]
    seed: int
    options: dict[str, Any]
    rules_version: int = 1
    actions: list[LoggedAction] = Field(default_factory=list)


def state_hash(state: GameState) -> str:
    """SHA-256 of the canonical JSON of a state."""
    return hashlib.sha256(state.model_dump_json().encode()).hexdigest()


def replay(spec: GameSpec[Any, Any, Any, Any], log: GameLog) -> Any:
    """Rebuild the state a log leads to; raises ``RuleViolation`` if a logged action is illegal."""
    options = spec.options_from(log.options)
    state = spec.new_game(log.seats, options, log.seed, rules_version=log.rules_version)
    for entry in log.actions:
        state = spec.apply(state, entry.seat, spec.parse_action(entry.action)).state
    return state
