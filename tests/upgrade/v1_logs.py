"""Replaying rules-version-1 fixtures (``logs/<game>_v1_*.json``) under today's engine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rules.core.models import GameState
from rules.core.replay import GameLog, replay
from rules.registry import GAMES
from tests.upgrade.legacy_shapes import old_shape_hash

LOGS = Path(__file__).parent / "logs"


def rules_hash(state: GameState) -> str:
    """SHA-256 of the state's canonical JSON without its data-set hash: what the rules made of
    the game (a data file's descriptive fix changes the data hash, not the rules), in the
    shape the fixtures' engine stored it (``legacy_shapes``: decisions moved onto a stack)."""
    blank = state.model_copy(update={"data_hash": ""})
    return old_shape_hash(blank)


def fixtures(game: str) -> list[Path]:
    return sorted(LOGS.glob(f"{game}_v1_*.json"))


def replay_fixture(path: Path) -> tuple[Any, str]:
    """The final state a fixture's log leads to under today's engine, and its recorded hash."""
    fixture = json.loads(path.read_text())
    log = GameLog.model_validate(fixture["log"])
    assert log.rules_version == 1
    return replay(GAMES[log.game], log), str(fixture["final_hash"])
