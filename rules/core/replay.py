"""Action logs, replay and state hashes: a game is its setup, rules version and actions.

Every replay of a stored game goes through this module, so a logged action means the same
everywhere (the bot's history and undo, ``python -m db check``, ``python -m rules replay``).
A game replays under the rules version it recorded (``rules.core.versions``). A state written
before versions existed records none: its version is found by replaying its log under each
version it may have played (``pre_version_candidates``) and keeping the one that reproduces
the stored state.

Two states are the same game when the replayed state equals the stored one on every field the
stored JSON has: a field added to the engine since the state was written is not compared
(the stored state, loaded, reads it with its default; the replay may fill it in).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from rules.core.errors import RuleViolation
from rules.core.models import GameState, Result
from rules.core.spec import Campaign, GameSpec
from rules.core.versions import pre_version_candidates, recorded_version


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


def start_log(
    spec: GameSpec[Any, Any, Any, Any], seats: Sequence[str], options: Any, seed: int, state: Any
) -> GameLog:
    """The log of a game just begun as ``state`` (its setup and rules version, no action)."""
    return GameLog(
        game=spec.key,
        seats=list(seats),
        seed=seed,
        options=options.model_dump(mode="json"),
        rules_version=state.rules_version,
    )


def state_hash(state: GameState) -> str:
    """SHA-256 of the canonical JSON of a state."""
    return hashlib.sha256(state.model_dump_json().encode()).hexdigest()


@dataclass(frozen=True)
class GameSetup:
    """What a game started from: seats, options (as stored), seed and campaign."""

    seats: Sequence[str]
    options: dict[str, Any]
    seed: int
    campaign: Campaign | None = None

    def start(self, spec: GameSpec[Any, Any, Any, Any], rules_version: int) -> Any:
        parsed = spec.options_from(self.options)
        return spec.new_game(
            list(self.seats), parsed, self.seed, self.campaign, rules_version=rules_version
        )


Entry = tuple[str, str | dict[str, Any]]
"""One logged action: the seat and the action's JSON (text or parsed)."""


def replay_entry(
    spec: GameSpec[Any, Any, Any, Any], state: Any, seat: str, action: str | dict[str, Any]
) -> Result[Any]:
    """Apply one logged action. Raises ``RuleViolation`` (or pydantic's ``ValidationError``)
    when the entry means nothing here: a damaged or forged log."""
    parsed = spec.parse_action(action if isinstance(action, dict) else action.encode())
    return spec.apply(state, seat, parsed)


def replay_steps(
    spec: GameSpec[Any, Any, Any, Any], setup: GameSetup, version: int, entries: Iterable[Entry]
) -> Iterator[Result[Any]]:
    """Each logged action's result in order, from the game's setup on ``version``."""
    state = setup.start(spec, version)
    for seat, action in entries:
        result = replay_entry(spec, state, seat, action)
        state = result.state
        yield result


def final_state(
    spec: GameSpec[Any, Any, Any, Any], setup: GameSetup, version: int, entries: Iterable[Entry]
) -> Any:
    state = None
    for result in replay_steps(spec, setup, version, entries):
        state = result.state
    return state if state is not None else setup.start(spec, version)


def differences(stored_json: str, replayed: GameState) -> str | None:
    """Where the replayed state first differs from the stored one on the stored JSON's own
    fields (a dotted path), or None when they are the same game."""
    stored = json.loads(stored_json)
    canonical = json.loads(type(replayed).model_validate_json(stored_json).model_dump_json())
    return _first_difference(
        _known(stored, canonical), _known(stored, replayed.model_dump(mode="json"))
    )


def _known(shape: Any, value: Any) -> Any:
    """``value`` cut to the keys ``shape`` has (recursively), so fields added since compare
    equal."""
    if isinstance(shape, dict) and isinstance(value, dict):
        return {k: _known(shape[k], value[k]) for k in shape if k in value}
    if isinstance(shape, list) and isinstance(value, list) and len(shape) == len(value):
        return [_known(s, v) for s, v in zip(shape, value, strict=True)]
    return value


def _first_difference(a: Any, b: Any, path: str = "") -> str | None:
    if a == b:
        return None
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return f"{path}.{key}".lstrip(".")
            found = _first_difference(a[key], b[key], f"{path}.{key}")
            if found is not None:
                return found
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = _first_difference(x, y, f"{path}[{i}]")
            if found is not None:
                return found
    return path.lstrip(".") or "(root)"


@dataclass(frozen=True)
class Reconciled:
    """A state written before rules versions, matched to its log: the version it plays and
    the replayed state (equal to the stored one on every field that has, with the fields added
    since filled in by the replay), or ``state=None`` when no candidate reproduces it."""

    version: int
    state: Any | None


def reconcile(
    spec: GameSpec[Any, Any, Any, Any],
    setup: GameSetup,
    stored_json: str,
    entries: Sequence[Entry],
) -> Reconciled:
    """Replay a state from before versions under each candidate version, likeliest first."""
    candidates = pre_version_candidates(spec.versions)
    for version in candidates:
        try:
            replayed = final_state(spec, setup, version, entries)
        except (RuleViolation, ValidationError):
            continue
        if differences(stored_json, replayed) is None:
            return Reconciled(version=version, state=replayed)
    return Reconciled(version=candidates[0], state=None)


def version_of(
    spec: GameSpec[Any, Any, Any, Any],
    setup: GameSetup,
    stored_json: str,
    entries: Sequence[Entry],
) -> int:
    """The rules version a stored game plays: the one its state records or, for a state from
    before versions, the candidate whose replay reproduces it (``reconcile``)."""
    recorded = recorded_version(stored_json)
    if recorded is not None:
        return recorded
    if len(pre_version_candidates(spec.versions)) == 1:
        return 1
    return reconcile(spec, setup, stored_json, entries).version


def replay(spec: GameSpec[Any, Any, Any, Any], log: GameLog) -> Any:
    """Rebuild the state a log leads to; raises ``RuleViolation`` if a logged action is illegal."""
    setup = GameSetup(seats=log.seats, options=log.options, seed=log.seed)
    entries = [(e.seat, e.action) for e in log.actions]
    return final_state(spec, setup, log.rules_version, entries)
