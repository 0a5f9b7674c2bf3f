"""Age of Renaissance games started on rules version 1 keep version 1's rules (rules versions,
``rules/core/versions.py``): whole seeded games logged by the version-1 engine (made by
make_renaissance_v1_logs.py before the version-2 changes of issue 21: ship capacity per
fleet, own capital, time limit, War! cession, first attempt, phase-7 Renaissance swap,
everyone in chaos, Rebellion targets) replay to the same final state under today's engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.registry import GAMES
from rules.renaissance.versions import VERSIONS
from tests.upgrade.v1_logs import fixtures, replay_fixture, rules_hash

LOGS = fixtures("renaissance")


def test_renaissance_v1_fixtures_exist() -> None:
    assert len(LOGS) >= 4


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.stem)
def test_renaissance_v1_log_replays_to_its_recorded_state(path: Path) -> None:
    state, recorded = replay_fixture(path)
    assert state.rules_version == 1
    assert GAMES["renaissance"].is_over(state)
    assert rules_hash(state) == recorded


def test_renaissance_new_games_start_on_the_newest_version() -> None:
    spec = GAMES["renaissance"]
    state = spec.new_game(["p1", "p2", "p3"], spec.Options.model_validate({"players": 3}), 1)
    assert state.rules_version == VERSIONS[-1].number >= 2
