"""Action logs, replay and state hashes: a game is its seed, options, seats and actions.

Every replay goes through ``replay_entry``, so a logged action means the same everywhere (the
bot's history and undo, ``python -m db check``, ``python -m rules replay``). A game replays
under the rules version it recorded (``rules.core.versions``). A few log entries written by
releases older than rules versions are refused by today's engine although they were legal
when written (a step the engine now takes by itself, a decision it now asks); for those, the
game's ``upcast`` gives the steps that mean today what the entry meant then.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from rules.core.errors import RuleViolation
from rules.core.models import Event, GameState, Result
from rules.core.spec import Campaign, GameSpec


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


def set_up_again(
    spec: GameSpec[Any, Any, Any, Any],
    seats: Sequence[str],
    options: dict[str, Any],
    seed: int,
    campaign: Campaign | None,
    rules_version: int,
) -> Any:
    """The state a game started from, on the rules version it recorded."""
    parsed = spec.options_from(options)
    return spec.new_game(list(seats), parsed, seed, campaign, rules_version=rules_version)


def replay_entry(
    spec: GameSpec[Any, Any, Any, Any], state: Any, seat: str, action: str | dict[str, Any]
) -> Result[Any]:
    """Apply one logged action as it was meant when it was logged.

    Raises ``RuleViolation`` (or pydantic's ``ValidationError``) when the entry means nothing
    here: a damaged or forged log."""
    raw = json.loads(action) if isinstance(action, str) else action
    try:
        return spec.apply(state, seat, spec.parse_action(raw))
    except (RuleViolation, ValidationError):
        steps = spec.upcast(state, seat, raw) if state.rules_version == 1 else None
        if steps is None:
            raise
    events: list[Event] = []
    for step_seat, step in steps:
        result = spec.apply(state, step_seat, spec.parse_action(step))
        state = result.state
        events.extend(result.events)
    return Result(state=state, events=events)


def replay(spec: GameSpec[Any, Any, Any, Any], log: GameLog) -> Any:
    """Rebuild the state a log leads to; raises ``RuleViolation`` if a logged action is illegal."""
    state = set_up_again(spec, log.seats, log.options, log.seed, None, log.rules_version)
    for entry in log.actions:
        state = replay_entry(spec, state, entry.seat, entry.action).state
    return state
