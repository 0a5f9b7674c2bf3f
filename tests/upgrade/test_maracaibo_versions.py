"""Maracaibo games started on rules version 1 keep version 1's rules (rules versions,
``rules/core/versions.py``): whole seeded games logged by the version-1 engine (made by
make_maracaibo_endeavor_v1_logs.py before the version-2 changes of issue 21) replay to the
same final state under today's engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.maracaibo.versions import VERSIONS
from rules.registry import GAMES
from tests.upgrade.v1_logs import fixtures, replay_fixture, rules_hash

LOGS = fixtures("maracaibo")


def test_maracaibo_v1_fixtures_exist() -> None:
    assert len(LOGS) >= 4


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.stem)
def test_maracaibo_v1_log_replays_to_its_recorded_state(path: Path) -> None:
    state, recorded = replay_fixture(path)
    assert state.rules_version == 1
    assert GAMES["maracaibo"].is_over(state)
    assert rules_hash(state) == recorded


def test_maracaibo_new_games_start_on_the_newest_version() -> None:
    spec = GAMES["maracaibo"]
    state = spec.new_game(["p1", "p2"], spec.Options.model_validate({"players": 2}), 1)
    assert state.rules_version == VERSIONS[-1].number >= 2
