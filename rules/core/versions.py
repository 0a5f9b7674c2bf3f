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
"""The rules as of the first release that recorded versions (2026-11-25)."""

BEFORE = 0
"""A game kind may list a version 0: the behaviour of releases before 2026-11-23 where today's
engine could not replay their logs. States written before versions existed do not say which
they played; ``pre_version_candidates`` are tried in order by replaying the game's log, and the
one that reproduces the stored state is the game's version (``rules.core.replay``)."""


def check_versions(key: str, versions: tuple[RulesVersion, ...]) -> None:
    """Versions are numbered (0,) 1, 2, 3 ... in order (a typo fails at import, not mid-game)."""
    numbers = [v.number for v in versions]
    first = numbers[0] if numbers else 1
    if first not in (BEFORE, 1) or numbers != list(range(first, first + len(numbers))):
        raise ValueError(f"{key}: rules versions must be numbered (0,) 1, 2, 3 ... (got {numbers})")
    if 1 not in numbers:
        raise ValueError(f"{key}: rules versions must include version 1")


def chosen_version(versions: tuple[RulesVersion, ...], requested: int | None) -> int:
    """The version a new game starts on: the requested one (a replay), else the newest."""
    oldest, newest = versions[0].number, versions[-1].number
    if requested is None:
        return newest
    if not oldest <= requested <= newest:
        raise ValueError(f"unknown rules version {requested} (known: {oldest} to {newest})")
    return requested


def recorded_version(state_json: str | bytes | None) -> int | None:
    """The rules version a stored state records; None when it predates versions."""
    if state_json is None:
        return None
    version = json.loads(state_json).get("rules_version")
    return version if isinstance(version, int) else None


def pre_version_candidates(versions: tuple[RulesVersion, ...]) -> list[int]:
    """The versions a game written before versions existed may have played, likeliest first."""
    return [1, BEFORE] if versions[0].number == BEFORE else [1]
