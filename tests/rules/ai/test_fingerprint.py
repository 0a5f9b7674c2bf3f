"""Issue 24 "done when" (100 games a bar, gathered over many runs): a game on record counts
only for the AI that played it. The AI is named by a fingerprint of what its levels make of
fixed positions (``rules.ai.fingerprint``); the arena passes over games of another AI."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules.ai.arena import run
from rules.ai.budget import Budget
from rules.ai.fingerprint import fingerprint
from rules.ai.hooks import GameAI, game_ai, register_ai, unregister_ai
from rules.registry import GAMES

SPEC = GAMES["endeavor"]


@pytest.fixture
def changed_ai() -> Iterator[None]:
    """Endeavor's AI with its evaluation turned around (each competitor's value negated),
    registered over the shipped one for the test."""
    shipped = game_ai(SPEC)

    def evaluate(state: object) -> dict[str, float]:
        return {key: -value for key, value in shipped.evaluate(state).items()}

    register_ai(SPEC.key, dataclasses.replace(shipped, evaluate=evaluate))
    yield
    unregister_ai(SPEC.key)


def _with(ai: GameAI) -> str:
    register_ai(SPEC.key, ai)
    try:
        return fingerprint(SPEC, SPEC.Options(players=2))
    finally:
        unregister_ai(SPEC.key)


def test_issue24_the_same_ai_has_the_same_fingerprint_and_another_ai_another() -> None:
    """Issue 24: the fingerprint is the same each time for the same AI and table, and differs
    for another table size, another evaluation or another search setting."""
    two = fingerprint(SPEC, SPEC.Options(players=2))
    assert fingerprint(SPEC, SPEC.Options(players=2)) == two
    assert fingerprint(SPEC, SPEC.Options(players=4)) != two
    shipped = game_ai(SPEC)
    doubled = dataclasses.replace(
        shipped, evaluate=lambda s: {k: 2 * v for k, v in shipped.evaluate(s).items()}
    )
    assert _with(doubled) != two
    assert _with(dataclasses.replace(shipped, exploration=shipped.exploration * 2)) != two
    assert _with(dataclasses.replace(shipped, widening=1.0)) != two
    assert _with(dataclasses.replace(shipped, decided=0.001)) != two
    assert _with(shipped) == two


def test_issue24_a_setting_added_later_keeps_the_records_of_games_that_leave_it_unset() -> None:
    """Issue 24: a search setting added after records were kept (``ADDED_LATER``) leaves the
    fingerprint of a game that does not use it as it was, so its records still count: the
    digest of Age of Renaissance's 4-seat table is the one its records carry, its games
    played before ``decided`` was added. (Endeavor's records started afresh when its AI left
    out idle payments, Ilos's when it took up ``decided``; should this game's AI change too,
    point this at a record whose games predate the newest of ``ADDED_LATER``.)"""
    renaissance = GAMES["renaissance"]
    ai = game_ai(renaissance)
    assert ai.widening == 0.0 and ai.decided == 0.0
    record = Path(__file__).parents[3] / "records/strength/renaissance-strong-3-easy-4-seats.jsonl"
    first = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
    assert first["setup"]["ai"] == fingerprint(renaissance, renaissance.Options(players=4))


def test_issue24_a_table_s_own_rollout_horizon_changes_its_fingerprint_alone() -> None:
    """Issue 24 (``GameAI.rollout_horizon``): a game whose rollouts end otherwise at some
    tables gets another fingerprint there, even where the digest's few positions decide the
    same (Maracaibo at four seats, whose earlier records are then left out), and keeps it
    at the tables whose horizon is the settings' (Maracaibo at two seats: the records of its
    met bars still count)."""
    maracaibo = GAMES["maracaibo"]
    shipped = game_ai(maracaibo)
    record = Path(__file__).parents[3] / "records/strength/maracaibo-strong-v-easy-2-seats.jsonl"
    last = json.loads(record.read_text(encoding="utf-8").splitlines()[-1])
    assert last["setup"]["ai"] == fingerprint(maracaibo, maracaibo.Options(players=2))
    four = fingerprint(maracaibo, maracaibo.Options(players=4))
    register_ai(maracaibo.key, dataclasses.replace(shipped, rollout_horizon=None))
    try:
        assert fingerprint(maracaibo, maracaibo.Options(players=4)) != four
    finally:
        unregister_ai(maracaibo.key)


def test_issue24_another_process_finds_the_same_fingerprint() -> None:
    """Issue 24: records gather over runs on other machines, so the fingerprint must not hang
    on anything one process has and another not (string hashing's random seed, say)."""
    code = (
        "from rules.registry import GAMES; from rules.ai.fingerprint import fingerprint; "
        "s = GAMES['endeavor']; print(fingerprint(s, s.Options(players=2)))"
    )
    env = {**os.environ, "PYTHONHASHSEED": "7"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == fingerprint(SPEC, SPEC.Options(players=2))


def test_issue24_games_of_another_ai_on_record_are_played_again(
    tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Issue 24: an arena taken up by a changed AI plays again the games the earlier AI left
    on record, and says how many of those it left out; the earlier AI still finds its own."""
    record = tmp_path / "arena.jsonl"
    args = (SPEC, SPEC.Options(players=2), ["strong", "random"], 1, Budget(iterations=1))
    first = run(*args, record_file=record)
    assert (first["resumed"], first["passed_over"]) == (0, 0)
    request.getfixturevalue("changed_ai")
    changed = run(*args, record_file=record)
    assert (changed["resumed"], changed["passed_over"]) == (0, 1)
    assert len(record.read_text().splitlines()) == 2
    unregister_ai(SPEC.key)
    again = run(*args, record_file=record)
    assert (again["resumed"], again["passed_over"]) == (1, 1)
    assert again["records"] == first["records"]
