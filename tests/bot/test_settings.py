"""Start-up without a token explains itself in one line (issue 2, item 5)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_missing_token_is_one_clear_line_and_nonzero_exit(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, done.stderr
    assert "DISCORD_TOKEN" in lines[0] and "python -m rules play" in lines[0]
    assert "Traceback" not in done.stderr


def _start(tmp_path: Path, *args: str, **env_vars: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("REFEREE_", "DEV_GUILD"))}
    env.update({"PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "not-a-real-token", **env_vars})
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def _one_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    return lines[0]


def test_bad_settings_stop_start_up_in_one_line(tmp_path: Path) -> None:
    """Issue 9: DEV_GUILD_ID=abc crashed start-up with a traceback."""
    assert "DEV_GUILD_ID" in _one_line(_start(tmp_path, DEV_GUILD_ID="abc"))
    assert "REFEREE_REMINDER_HOURS" in _one_line(_start(tmp_path, REFEREE_REMINDER_HOURS="-3"))
    assert "REFEREE_SHARD_IDS" in _one_line(
        _start(tmp_path, REFEREE_SHARD_COUNT="2", REFEREE_SHARD_IDS="0,5")
    )


def test_missing_or_misspelt_data_override_stops_start_up(tmp_path: Path) -> None:
    """Issue 9: a missing REFEREE_DATA_DIR or a misspelt game folder was silently ignored."""
    missing = _one_line(_start(tmp_path, REFEREE_DATA_DIR=str(tmp_path / "nonexistent")))
    assert "REFEREE_DATA_DIR" in missing and "not a folder" in missing
    (tmp_path / "data" / "ilso").mkdir(parents=True)
    misspelt = _one_line(_start(tmp_path, REFEREE_DATA_DIR=str(tmp_path / "data")))
    assert "'ilso'" in misspelt
    (tmp_path / "data" / "ilso").rmdir()
    (tmp_path / "data" / "ilos").mkdir()
    (tmp_path / "data" / "ilos" / "tile.json").write_text("{}")
    unknown = _one_line(_start(tmp_path, REFEREE_DATA_DIR=str(tmp_path / "data")))
    assert "tile.json replaces no shipped file" in unknown


def test_a_damaged_database_stops_start_up_in_one_line(tmp_path: Path) -> None:
    damaged = tmp_path / "referee.sqlite3"
    damaged.write_bytes(b"this is not a database" * 100)
    line = _one_line(_start(tmp_path, REFEREE_DB=str(damaged)))
    assert "damaged" in line and "backup" in line


def test_one_shard_id_and_lists_are_accepted(tmp_path: Path) -> None:
    """Issue 18 point 6: compose.yaml sets REFEREE_SHARD_IDS to "0" and "1", and a single id
    was refused ("Input should be a valid tuple"), so the shipped setup never started."""
    for ids, shown in (("1", "[1]"), ("0,1", "[0, 1]"), (" 0 , 1 ", "[0, 1]")):
        done = _start(tmp_path, "--check-settings", REFEREE_SHARD_COUNT="2", REFEREE_SHARD_IDS=ids)
        assert done.returncode == 0, done.stderr
        assert f"shards {shown} of 2" in done.stdout
    done = _start(tmp_path, "--check-settings", "--shards", "2", "--shard-ids", "1")
    assert done.returncode == 0 and "shards [1] of 2" in done.stdout, done.stderr
