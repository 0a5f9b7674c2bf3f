"""Issue 24 "done when": the strength runner (``python -m rules strength``) plays the arenas
the issue names, keeps their games on record so a long run can be stopped and taken up
again, and judges each bar and gives strong's decision time p95."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.ai.budget import Budget
from rules.ai.strength import STAYING_IN, Row, bars, long_games, measure, verdict
from rules.registry import GAMES
from terminal.cli import main


def test_bars_are_the_arenas_the_issue_names() -> None:
    """Issue 24: strong v random (95 %) and v easy (65 %) at two seats, or at the smallest
    table of a game seating three or more (v easy there without a bar); one strong and three
    easy (40 %) at four."""
    named = {key: [(b.players, b.bots, b.least) for b in bars(spec)] for key, spec in GAMES.items()}
    assert named["endeavor"] == [
        (2, ("strong", "random"), 0.95),
        (2, ("strong", "easy"), 0.65),
        (4, ("strong", "easy", "easy", "easy"), 0.40),
    ]
    assert named["renaissance"] == [
        (3, ("strong", "random", "random"), 0.95),
        (3, ("strong", "easy", "easy"), None),  # 65 % is a margin over two seats' even chance
        (4, ("strong", "easy", "easy", "easy"), 0.40),
    ]
    assert [b.kind for b in bars(GAMES["renaissance"])] == ["v-random", "v-easy", "3-easy"]
    assert [b.kind for b in bars(GAMES["endeavor"])] == ["v-random", "v-easy", "3-easy"]
    assert {b.slug for b in bars(GAMES["ilos"])} == {
        "strong-v-random-2-seats",
        "strong-v-easy-2-seats",
        "strong-3-easy-4-seats",
    }


def test_verdict_waits_for_the_games_unless_the_interval_decides() -> None:
    """Issue 24: a bar is met or not once its games are played; before that only an interval
    lying wholly on one side of it says anything."""
    assert verdict(96, 100, 100, 0.95) == "met"
    assert verdict(94, 100, 100, 0.95) == "not met"
    assert verdict(40, 40, 100, 0.65) == "above"
    assert verdict(0, 20, 100, 0.40) == "below"
    assert verdict(5, 10, 100, 0.40) == "undecided"
    assert verdict(0, 0, 100, 0.40) == "undecided"
    assert verdict(50, 100, 100, None) == "no bar"


def test_games_far_longer_than_the_rest_are_named_in_the_report() -> None:
    """Issue 24 (Endeavor's payment loop, END-R70a: games of 280 to 616 steps where about 100
    is usual): a bar's line names the seeds of games over twice its median length, once
    there are enough games for a median to say what is usual."""
    steps = [100, 104, 96, 280, 110, 616, 98]
    records = [{"seed": seed, "steps": n} for seed, n in enumerate(steps, start=1)]
    assert long_games(records) == (4, 6)
    assert long_games(records[:4]) == ()  # too few to judge
    assert long_games([{"seed": 1, "steps": 100}, *records[:4]]) == (4,)
    row = Row("endeavor", "strong v random, 2 seats", 7, 7, 0.95, 100, long=(4, 6))
    assert row.line().endswith("long games: seeds 4, 6")
    assert "long games" not in Row("endeavor", "strong v random", 7, 7, 0.95, 100).line()


def _lines(folder: Path) -> dict[str, int]:
    return {p.name: len(p.read_text().splitlines()) for p in sorted(folder.glob("*.jsonl"))}


def test_strength_run_is_taken_up_where_it_stopped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 24: each bar's games go to its record file as they end; a second run plays only
    the games not on record; ``--report`` plays nothing; a line half-written by a stop is
    passed over and its game played again."""
    record = tmp_path / "record"
    base = ["strength", "--game", "endeavor", "--iterations", "1", "--record", str(record)]
    assert main([*base, "--games", "1"]) == 0
    first = _lines(record)
    assert first == {
        "endeavor-strong-3-easy-4-seats.jsonl": 1,
        "endeavor-strong-v-easy-2-seats.jsonl": 1,
        "endeavor-strong-v-random-2-seats.jsonl": 1,
    }
    printed = capsys.readouterr().out
    assert "1/1 games" in printed
    assert printed.count("strong p95 ") == 3  # the issue's other bar: strong's decision time
    assert main([*base, "--games", "2"]) == 0
    assert set(_lines(record).values()) == {2}
    out = capsys.readouterr()
    assert out.err.count("won by") + out.err.count("nobody") == 3  # only game 2 of each bar
    assert main([*base, "--games", "3", "--report"]) == 0
    report = capsys.readouterr()
    assert set(_lines(record).values()) == {2} and not report.err
    assert report.out.count("2/3 games") == 3
    assert report.out.count("CPU-h left") == 3  # the third game of each bar, at the pace so far
    assert "CPU-hours of play left" in report.out
    random_file = record / "endeavor-strong-v-random-2-seats.jsonl"
    lines = random_file.read_text().splitlines()
    random_file.write_text(lines[0] + "\n" + lines[1][: len(lines[1]) // 2])
    assert main([*base, "--games", "2"]) == 0
    replayed = capsys.readouterr()
    assert replayed.err.count("endeavor game 2") == 1
    now = random_file.read_text().splitlines()
    assert len(now) == 3 and now[1] == lines[1][: len(lines[1]) // 2]  # left as it was
    assert json.loads(now[2])["record"] == json.loads(lines[1])["record"]  # the same game
    assert replayed.out.count("2/2 games") == 3


def test_strength_run_of_chosen_bars_plays_only_those(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 24: ``--bar`` plays and reports only the bars named (the doubtful one first,
    say), into the same record file the whole run uses."""
    record = tmp_path / "record"
    base = ["strength", "--game", "endeavor", "--iterations", "1", "--record", str(record)]
    assert main([*base, "--games", "1", "--bar", "3-easy"]) == 0
    assert _lines(record) == {"endeavor-strong-3-easy-4-seats.jsonl": 1}
    printed = capsys.readouterr().out
    assert "strong + 3 easy" in printed and "strong v " not in printed


def test_staying_in_is_judged_over_the_arenas_with_a_win_rate(tmp_path: Path) -> None:
    """Issue 24 ("Age of Renaissance AIs reach the real end of the game, never chaos, in 95 %
    of games"), AOR-R116: the row counts the games of the bars that set a win rate, so the
    three-seat strong v easy arena, played for its figures only, is not needed for it."""
    spec = GAMES["renaissance"]
    budget = Budget(iterations=1)

    def rows(*only: str) -> dict[str, Row]:
        found = measure(spec, 5, budget, 1, 1, tmp_path, play=False, only=only)
        return {row.title: row for row in found}

    every = rows()
    assert [row.least for row in every.values()] == [0.95, None, 0.40, STAYING_IN]
    assert every["AIs reach the real end"].target == 10  # 5 games of each of the two bars
    assert rows("v-random")["AIs reach the real end"].target == 5
    assert "AIs reach the real end" not in rows("v-easy")
    endeavor = measure(GAMES["endeavor"], 5, budget, 1, 1, tmp_path, play=False)
    assert [row.least for row in endeavor] == [0.95, 0.65, 0.40]  # no seat is knocked out
