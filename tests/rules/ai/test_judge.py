"""Issue 24, the AI's development tools: ``python -m rules judge`` finds where two levels
disagree and judges both choices by paired playouts, from the deciding seat's own view."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.ai import Budget, game_ai
from rules.ai.judge import Verdict, compare, judge, summarize
from rules.core.bots import random_action, seat_names
from rules.registry import GAMES
from terminal.cli import main

SPEC = GAMES["endeavor"]


def _position(steps: int = 30) -> tuple[Any, str, list[Any]]:
    """A seeded random Endeavor game after ``steps`` steps: the state, the seat to act and
    two of its legal actions."""
    options = SPEC.Options(players=2)
    state = SPEC.new_game(seat_names(2), options, 3)
    rnd = random.Random(3)
    for _ in range(steps):
        state = SPEC.apply(
            state, min(SPEC.to_act(state)), random_action(SPEC, state, min(SPEC.to_act(state)), rnd)
        ).state
    while True:
        seat = min(SPEC.to_act(state))
        actions = SPEC.legal_actions(state, seat)
        if len(actions) > 1:
            return state, seat, actions
        state = SPEC.apply(state, seat, actions[0]).state


def _compare(
    state: Any, seat: str, first: Any, second: Any, handovers: int = 4
) -> tuple[float, ...]:
    return compare(
        SPEC, state, seat, first, second,
        level="easy", budget=Budget(iterations=2), playouts=3, handovers=handovers, seed="test",
    )  # fmt: skip


def test_a_choice_judged_against_itself_gains_nothing() -> None:
    """Issue 24 (judge): each pair of playouts shares its sampled world and its streams, so
    the same choice on both sides gains exactly 0 in every pair (the luck cancels)."""
    state, seat, actions = _position()
    assert _compare(state, seat, actions[0], actions[0]) == (0.0, 0.0, 0.0)
    assert _compare(state, seat, actions[0], actions[1]) == tuple(
        -gain for gain in _compare(state, seat, actions[1], actions[0])
    )


def test_judging_reads_only_what_the_deciding_seat_knows() -> None:
    """Issue 24 point 2 (judge): the playouts start from worlds sampled from the seat's own
    view, so a state that differs only in what the seat cannot see is judged the same."""
    state, seat, actions = _position()
    ai = game_ai(SPEC)
    twin = ai.sample(ai.mask(state, seat), seat, random.Random(99))
    assert twin != state
    judged = _compare(state, seat, actions[0], actions[1], handovers=40)
    assert _compare(twin, seat, actions[0], actions[1], handovers=40) == judged


def test_summary_gives_the_mean_gain_and_its_standard_error_per_kind() -> None:
    """Issue 24 (judge): per kind of action and over all, the mean of the disagreements'
    gains and its standard error (sample deviation over the square root of the count)."""
    verdicts = [
        Verdict(1, "p1", "Build", (1.0, 1.0)),
        Verdict(2, "p2", "Build", (3.0, 3.0)),
        Verdict(3, "p1", "Pass", (-3.0, 1.0)),
    ]
    rows = {row.label: row for row in summarize(verdicts)}
    assert (rows["Build"].count, rows["Build"].gain, rows["Build"].error) == (2, 2.0, 1.0)
    assert (rows["Pass"].count, rows["Pass"].gain, rows["Pass"].error) == (1, -1.0, 0.0)
    assert rows["all"].count == 3 and rows["all"].gain == pytest.approx(1.0)
    assert [row.label for row in summarize(verdicts)] == ["Build", "Pass", "all"]


def test_judge_command_prints_each_disagreement_and_the_summary(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 24 (judge): the command judges up to --limit disagreements of strong with easy
    in a reference game, a line each on standard error, and prints the summary."""
    code = main(
        ["judge", "endeavor", "--iterations", "4", "--playouts", "2", "--handovers", "2",
         "--limit", "3"]
    )  # fmt: skip
    assert code == 0
    out = capsys.readouterr()
    assert len(out.err.strip().splitlines()) == 3
    assert all(" / easy " in line and "gain" in line for line in out.err.splitlines())
    assert "  all " in out.out and "3 disagreements" in out.out


def test_judge_can_look_at_one_kind_of_choice_only() -> None:
    """Issue 24 (judge): with kinds, only choices where the reference level's choice is of
    those kinds are judged."""
    verdicts = judge(
        SPEC, SPEC.Options(players=2), "strong", "easy",
        games=1, budget=Budget(iterations=4), playouts=1, handovers=1, limit=2,
        kinds=frozenset({"Build"}),
    )  # fmt: skip
    assert [v.kind for v in verdicts] == ["Build", "Build"]
