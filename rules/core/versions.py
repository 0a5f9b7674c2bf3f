"""Rules versions: a running game keeps the rules it started with.

Each game kind lists its versions in ``rules/<game>/versions.py`` (``VERSIONS``, oldest
first); the newest is the version new games start on. A game's state records the version it
started with (``GameState.rules_version``; states written before versions existed read as 1)
and every change that alters legal actions, automatic steps or outcomes adds a version and
keeps the old behaviour behind it in the engine::

    if state.rules_version >= 3:   # v3: ship capacity belongs to each player's fleet
        ...
    else:
        ...

So replaying a logged action always uses the behaviour of the version that wrote it, and a
release never changes the rules of a game under its players. ``/game rules`` says which
version a game plays and what each version changed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from rules.core.models import Text


@dataclass(frozen=True)
class RulesVersion:
    """One version of a game's rules and, for players, what it changed from the one before."""

    number: int
    changes: Text


FIRST = RulesVersion(1, Text(key="core.rules_version.first"))
"""The version of every game written before versions existed."""


def check_versions(key: str, versions: tuple[RulesVersion, ...]) -> None:
    """Versions are numbered 1, 2, 3 ... in order (a typo fails at import, not mid-game)."""
    numbers = [v.number for v in versions]
    if numbers != list(range(1, len(numbers) + 1)):
        raise ValueError(f"{key}: rules versions must be numbered 1, 2, 3 ... (got {numbers})")


def chosen_version(versions: tuple[RulesVersion, ...], requested: int | None) -> int:
    """The version a new game starts on: the requested one (a replay), else the newest."""
    newest = versions[-1].number
    if requested is None:
        return newest
    if not 1 <= requested <= newest:
        raise ValueError(f"unknown rules version {requested} (known: 1 to {newest})")
    return requested


def recorded_version(state_json: str | bytes | None) -> int:
    """The rules version a stored state records (1 when it predates versions or is absent)."""
    if state_json is None:
        return 1
    version = json.loads(state_json).get("rules_version", 1)
    return version if isinstance(version, int) else 1
