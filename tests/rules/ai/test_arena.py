"""Issue 24 point 4: the arena plays seat-rotated games and reports win rates with a 95 %
confidence interval, mean scores and decision times; issue 24 point 1: the levels' one
interface and its budget."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from rules.ai import LEVELS, Budget, decide, observe
from rules.ai.arena import GameRecord, Record, an_ai_fell_out, kept_log, play_one, run, wilson
from rules.core.replay import replay, state_hash
from rules.registry import GAMES
from terminal.cli import main


def test_wilson_interval_brackets_the_rate() -> None:
    """Issue 24 point 4: 95 % Wilson interval (known values for 8 of 10 and 0 of 10)."""
    low, high = wilson(8, 10)
    assert round(low, 3) == 0.490 and round(high, 3) == 0.943
    assert wilson(0, 10)[0] == 0.0


def test_arena_rotates_seats_and_counts_every_seat_game() -> None:
    """Issue 24 point 4: game g shifts the levels by g seats; every seat-game is counted."""
    summary = run(GAMES["endeavor"], GAMES["endeavor"].Options(players=2), ["random"], 2, Budget())
    assert summary["finished"] == 2
    row = summary["levels"]["random"]
    assert row["seat_games"] == 4 and row["decisions"] > 0
    assert row["ci95"][0] <= row["win_rate"] <= row["ci95"][1]
    summary = run(
        GAMES["endeavor"],
        GAMES["endeavor"].Options(players=2),
        ["random", "strong"],
        2,
        Budget(iterations=1),
    )
    firsts = [r["levels"]["p1"] for r in summary["records"]]
    assert firsts == ["random", "strong"]


def test_arena_games_in_worker_processes_give_the_same_results() -> None:
    """Issue 24 point 4 (--jobs): games played at once in worker processes are the same
    seeded games, tallied the same, as one by one; a line is reported as each ends."""
    spec = GAMES["endeavor"]
    lines: list[str] = []
    args = (spec, spec.Options(players=2), ["random", "easy"], 3, Budget(iterations=1))
    alone = run(*args)
    together = run(*args, jobs=2, progress=lines.append)
    assert together["records"] == alone["records"]
    for level in ("random", "easy"):
        a, b = alone["levels"][level], together["levels"][level]
        assert (a["seat_games"], a["wins"], a["decisions"]) == (
            b["seat_games"],
            b["wins"],
            b["decisions"],
        )
    assert len(lines) == 3 and all("won by" in line for line in lines)


def test_arena_command_writes_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 24 point 4: python -m rules arena prints each level's line and writes --json."""
    out = tmp_path / "arena.json"
    code = main(
        ["arena", "endeavor", "--players", "2", "--bots", "random", "--games", "1",
         "--iterations", "2", "--json", str(out)]
    )  # fmt: skip
    assert code == 0
    assert "random: win" in capsys.readouterr().out
    assert json.loads(out.read_text())["games"] == 1


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_returns_a_legal_action(level: str) -> None:
    """Issue 24 point 1: one decision function; each level picks one of the legal actions."""
    spec = GAMES["endeavor"]
    state = spec.new_game(["p1", "p2"], spec.Options(players=2), 5)
    seat = min(spec.to_act(state))
    action = decide(level, spec, observe(spec, state, seat), random.Random(1), Budget(iterations=3))
    assert action in spec.legal_actions(state, seat)


def test_a_time_budget_needs_the_callers_clock() -> None:
    """Issue 24 point 1: the rules read no clock; a time budget comes with one."""
    with pytest.raises(ValueError):
        Budget(seconds=1.0)
    ticks = iter(range(100))
    done = Budget(seconds=3.0, clock=lambda: float(next(ticks))).start()
    assert not done(0)  # at 1 s of 3, no pace known yet
    assert done(1)  # at 2 s, one more iteration at 1 s each would end on the deadline


def test_arena_counts_seats_knocked_out_of_the_game() -> None:
    """Issue 24 ("Age of Renaissance AIs reach the real end of the game, never chaos"), AOR-R116:
    the arena counts each level's seat-games that ended in chaos (random seats fall into it);
    a seat in chaos never wins. A game that cannot knock a seat out reports no count."""
    spec = GAMES["renaissance"]
    summary = run(spec, spec.Options(players=3), ["random"], 2, Budget())
    out = [(seat, record) for record in summary["records"] for seat in record["out"]]
    assert summary["levels"]["random"]["out_of_game"] == len(out) > 0
    assert all(seat not in record["winners"] for seat, record in out)
    endeavor = run(GAMES["endeavor"], GAMES["endeavor"].Options(players=2), ["random"], 1, Budget())
    assert endeavor["levels"]["random"]["out_of_game"] is None
    assert endeavor["records"][0]["out"] is None


def test_arena_mean_lead_is_the_score_less_the_best_other() -> None:
    """Issue 24 point 4: a level's mean lead over the best other seat; one level in both seats
    of a 2-player game leads by as much as it trails, so its mean lead is 0."""
    spec = GAMES["endeavor"]
    summary = run(spec, spec.Options(players=2), ["random", "easy"], 2, Budget(iterations=1))
    leads = {"random": 0, "easy": 0}
    for record in summary["records"]:
        (a, sa), (b, sb) = record["scores"].items()
        leads[record["levels"][a]] += sa - sb
        leads[record["levels"][b]] += sb - sa
    for level, total in leads.items():
        assert summary["levels"][level]["mean_lead"] == total / 2
    alone = run(spec, spec.Options(players=2), ["random"], 1, Budget())
    assert alone["levels"]["random"]["mean_lead"] == 0


def _record(levels: dict[str, str], out: list[str] | None) -> GameRecord:
    scores = {seat: 0 for seat in levels}
    return GameRecord(1, levels, True, 10, scores, {}, [], out)


def test_moves_are_kept_for_a_game_an_ai_seat_fell_out_of() -> None:
    """Issue 24 ("never chaos", AOR-R116): the arena keeps the moves of a game in which a
    seat played by a thinking level was knocked out, and of no other game."""
    levels = {"p1": "strong", "p2": "random", "p3": "easy"}
    assert an_ai_fell_out(_record(levels, ["p1"]))
    assert an_ai_fell_out(_record(levels, ["p2", "p3"]))
    assert not an_ai_fell_out(_record(levels, ["p2"]))
    assert not an_ai_fell_out(_record(levels, []))
    assert not an_ai_fell_out(_record(levels, None))


def test_kept_moves_replay_the_game_from_its_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 24: a kept game's moves, read back from the record file, replay to its scores,
    and ``python -m rules replay RECORD --seed N`` replays them; a game without kept moves is
    refused with a message."""
    spec = GAMES["endeavor"]
    options = spec.Options(players=2)
    levels = {"p1": "random", "p2": "random"}
    path = tmp_path / "bar.jsonl"
    kept = Record(path, spec, options, ["random"], Budget())
    kept.add(play_one(spec, options, levels, 7, Budget(), keep_log=lambda _: True))
    kept.add(play_one(spec, options, levels, 8, Budget()))
    found = Record(path, spec, options, ["random"], Budget()).game(7, levels)
    assert found is not None and found[0].log is not None
    record = found[0]
    assert '"log"' not in path.read_text().splitlines()[1]  # seed 8 kept no moves
    log = kept_log(path, 7)
    assert log is not None and len(log.actions) == record.steps
    state = replay(spec, log)
    assert {row.seat: row.total for row in spec.scores(state).seats} == record.scores
    assert main(["replay", str(path), "--seed", "7"]) == 0
    assert capsys.readouterr().out.strip() == state_hash(state)
    assert kept_log(path, 8) is None
    assert main(["replay", str(path), "--seed", "8"]) == 2
    assert "keeps no moves" in capsys.readouterr().err
