"""Age of Renaissance games started on rules version 1 keep version 1's rules (rules versions,
``rules/core/versions.py``): logs written by the version-1 engine replay to the same final
state under today's engine. The fixtures were made by make_renaissance_v1_logs.py before the
version-2 changes (ship capacity per fleet, own capital, time limit, War! cession, first
attempt, phase-7 Renaissance swap, everyone in chaos, Rebellion targets)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.core.replay import GameLog, replay, state_hash
from rules.renaissance.spec import SPEC
from rules.renaissance.versions import VERSIONS

LOGS = sorted((Path(__file__).parent / "logs").glob("renaissance_v1_*.json"))


def test_renaissance_v1_fixtures_exist() -> None:
    assert len(LOGS) >= 4


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.stem)
def test_renaissance_v1_log_replays_to_its_recorded_state(path: Path) -> None:
    fixture = json.loads(path.read_text())
    log = GameLog.model_validate(fixture["log"])
    assert log.rules_version == 1
    state = replay(SPEC, log)
    assert state.rules_version == 1
    assert SPEC.is_over(state)
    assert state_hash(state) == fixture["final_hash"]


def test_renaissance_new_games_start_on_the_newest_version() -> None:
    from rules.renaissance.model import Options

    state = SPEC.new_game(["p1", "p2", "p3"], Options(players=3), 1)
    assert state.rules_version == VERSIONS[-1].number >= 2
