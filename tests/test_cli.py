"""``python -m rules``: whole random games, replay and the interactive terminal mode (issue 2, item 3)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "rules", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        cwd=ROOT,
    )


def test_play_prints_scores_and_replay_reproduces_the_hash(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    played = _run(
        "play", "ilos", "--players", "4", "--seed", "1", "--bots", "random", "--log", str(log)
    )
    assert played.returncode == 0, played.stderr
    assert "winner(s):" in played.stdout and "1. p" in played.stdout
    state_hash = played.stdout.split("state hash: ")[1].split()[0]
    replayed = _run("replay", str(log))
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.strip() == state_hash


def test_interactive_mode_shows_board_hand_and_numbered_choices(tmp_path: Path) -> None:
    boards = tmp_path / "boards"
    done = _run(
        "play",
        "ilos",
        "--players",
        "2",
        "--seed",
        "2",
        "--human",
        "1",
        "--png-dir",
        str(boards),
        stdin="x\n1\nq\n",
    )
    assert done.returncode == 0, done.stderr
    assert "=== board ===" in done.stdout and "=== your private view ===" in done.stdout
    assert "[1]" in done.stdout and "Please type one of the numbers shown." in done.stdout
    pngs = sorted(boards.glob("*.png"))
    assert pngs and pngs[0].read_bytes().startswith(b"\x89PNG")


def test_unknown_game_is_refused() -> None:
    done = _run("play", "chess")
    assert done.returncode != 0 and "invalid choice" in done.stderr


def test_issue19_6_play_in_korean() -> None:
    """``python -m rules play --lang ko``: scores, categories and the interactive mode's board,
    choices and prompts in Korean."""
    played = _run("play", "ilos", "--players", "2", "--seed", "3", "--lang", "ko")
    assert played.returncode == 0, played.stderr
    assert "승자:" in played.stdout and "상태 해시:" in played.stdout, played.stdout
    assert "winner" not in played.stdout
    shown = _run(
        "play", "ilos", "--players", "2", "--seed", "3", "--human", "1", "--lang", "ko", stdin="q\n"
    )
    assert shown.returncode == 0, shown.stderr
    assert "=== 보드 ===" in shown.stdout and "고르세요" in shown.stdout, shown.stdout[-500:]
