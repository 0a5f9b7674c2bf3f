"""Issue 24: a change to an AI is tried against the bar's record seed by seed
(``python -m rules compare``), and the base's luck on the seeds compared is shown beside it."""

from __future__ import annotations

import json
import math
import statistics
from pathlib import Path

import pytest

from rules.ai.compare import compare, outcomes, spans
from terminal.cli import main

SETUP = {"game": "g", "bots": ["strong", "easy"], "ai": "new"}


def line(seed: int, strong: int, easy: int, *, first: str = "strong", ai: str = "new") -> str:
    """A record line (``rules.ai.arena.Record``) of a two-seat game."""
    levels = {"p1": first, "p2": "easy" if first == "strong" else "strong"}
    seat = {level: seat for seat, level in levels.items()}
    scores = {seat["strong"]: strong, seat["easy"]: easy}
    best = max(scores.values())
    record = {
        "seed": seed,
        "levels": levels,
        "finished": True,
        "steps": 10,
        "scores": scores,
        "breakdown": {},
        "winners": [s for s, v in scores.items() if v == best],
        "out": None,
    }
    return json.dumps({"setup": {**SETUP, "ai": ai}, "record": record, "times": {}})


def write(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_variant_and_base_are_compared_seed_by_seed(tmp_path: Path) -> None:
    """Issue 24: the lead over the best other seat, the variant's less the base's on each
    seed both played at the same seats, with the base's other games beside it."""
    base = write(
        tmp_path / "base.jsonl",
        [
            line(1, 30, 20),  # lead +10, won
            line(2, 20, 20),  # lead 0, shared win
            line(3, 10, 30),  # lead -20
            line(4, 10, 40),  # not in the variant: the base's other games
            line(5, 25, 20, first="easy"),
        ],
    )
    variant = write(
        tmp_path / "variant.jsonl",
        [
            line(1, 24, 20),  # lead +4: -6 on the base
            line(2, 30, 20),  # +10: +10
            line(3, 26, 30),  # -4 (lost): +16
            line(5, 25, 20),  # strong at the other seat: left out
        ],
    )
    found = compare(outcomes(base, "strong"), outcomes(variant, "strong"))
    assert found.seeds == [1, 2, 3]
    assert found.other_seats == [5]
    assert found.base.wins == 1.5 and found.variant.wins == 2.0
    assert found.lead_difference.mean == pytest.approx(20 / 3)
    assert found.lead_difference.error == pytest.approx(
        statistics.stdev([-6, 10, 16]) / math.sqrt(3)
    )
    assert found.score_difference.mean == pytest.approx(20 / 3)
    assert found.base_elsewhere.games == 2  # seeds 4 and 5
    assert found.base_elsewhere.lead.mean == pytest.approx((-30 + 5) / 2)


def test_only_the_games_of_the_ai_on_record_now_count(tmp_path: Path) -> None:
    """Issue 24: a bar's file keeps the games of earlier AIs (``rules.ai.fingerprint``);
    only those of the setup of its last line count, and a half-written line is passed over."""
    path = write(
        tmp_path / "bar.jsonl",
        [line(1, 99, 0, ai="old"), line(1, 10, 20), '{"setup": {"game"', line(2, 20, 10)],
    )
    found = outcomes(path, "strong")
    assert sorted(found) == [1, 2]
    assert found[1].lead == -10 and found[1].won == 0.0
    assert found[2].won == 1.0


def test_a_level_must_hold_one_seat(tmp_path: Path) -> None:
    """Issue 24: the comparison is of one seat a game; a table of two easy seats is refused
    for ``easy`` with the seed named."""
    path = write(tmp_path / "bar.jsonl", [line(7, 10, 20)])
    record = json.loads(path.read_text())
    record["record"]["levels"] = {"p1": "easy", "p2": "easy"}
    path.write_text(json.dumps(record) + "\n")
    with pytest.raises(ValueError, match="seed 7: easy holds 2 seats"):
        outcomes(path, "easy")


def test_seeds_are_written_as_runs() -> None:
    """Issue 24: the report names the seeds compared as runs, not one by one."""
    assert spans([1, 2, 3, 7, 9, 10]) == "1-3, 7, 9-10"
    assert spans([]) == ""


def test_the_command_prints_the_comparison_and_refuses_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 24: ``python -m rules compare BASE VARIANT``; a missing file or records with no
    seed in common give a short message and exit 1."""
    base = write(tmp_path / "base.jsonl", [line(1, 30, 20), line(2, 10, 20), line(3, 5, 20)])
    variant = write(tmp_path / "variant.jsonl", [line(1, 30, 25), line(2, 20, 10)])
    assert main(["compare", str(base), str(variant)]) == 0
    out = capsys.readouterr().out
    assert "seeds 1-2" in out
    assert "variant less base, seed by seed: lead +7.5 ± 12.5" in out
    assert "base, its other games  0 of 1 won (0%), lead -15.0 ± nan" in out

    other = write(tmp_path / "other.jsonl", [line(9, 1, 2)])
    assert main(["compare", str(base), str(other)]) == 1
    assert "share no seed" in capsys.readouterr().out
    assert main(["compare", str(base), str(tmp_path / "missing.jsonl")]) == 1
    assert "cannot compare" in capsys.readouterr().out
