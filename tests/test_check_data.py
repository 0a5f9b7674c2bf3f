"""``python -m rules check-data DIR``: a club checks its override folder as the bot's start-up
would, and sees per game which files it replaces and where each file's content comes from."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "rules"


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("REFEREE_", "DEV_GUILD"))}
    return {**env, "PYTHONPATH": str(ROOT), **extra}


def _check(folder: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules", "check-data", str(folder)],
        capture_output=True,
        text=True,
        env=_env(),
        timeout=120,
        cwd=ROOT,
    )


def _refused(folder: Path) -> str:
    """The one line a bad folder gives: nothing on stdout, exit code 2."""
    done = _check(folder)
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stdout == ""
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert lines[0].startswith("check-data: ")
    return lines[0]


def _copy(folder: Path, game: str, name: str) -> dict[str, object]:
    raw = json.loads((SHIPPED / game / "data" / name).read_text(encoding="utf-8"))
    assert isinstance(raw, dict)
    (folder / game).mkdir(parents=True, exist_ok=True)
    return raw


def _write(folder: Path, game: str, name: str, raw: object) -> None:
    (folder / game / name).write_text(json.dumps(raw), encoding="utf-8")


def test_a_good_folder_lists_overridden_and_shipped_files_with_provenance(tmp_path: Path) -> None:
    prices = _copy(tmp_path, "ilos", "prices.json")
    prices["markers_spare"] = 3
    _write(tmp_path, "ilos", "prices.json", prices)
    careers = _copy(tmp_path, "maracaibo", "careers.json")
    careers["note"] = "checked against our box"
    _write(tmp_path, "maracaibo", "careers.json", careers)

    done = _check(tmp_path)

    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout.splitlines()
    assert "ilos (Ilos): 4 files, 1 overridden" in out
    assert "  OVERRIDE  prices.json: not stated in the file (see docs/club-data.md)" in out
    assert "  shipped   tiles.json: not stated in the file (see docs/club-data.md)" in out
    assert "maracaibo (Maracaibo): 16 files, 1 overridden" in out
    # the provenance shown is the override's own, not the shipped file's
    at = out.index("  OVERRIDE  careers.json: designed")
    assert out[at + 1].strip() == "note: checked against our box"
    assert "  shipped   story_cards.json: rulebook" in out
    assert "  shipped   provinces.json: items: 107 fan, 1 source" in out
    assert "endeavor (Endeavor: Age of Sail): 6 files, 0 overridden" in out
    assert "renaissance (Age of Renaissance): 14 files, 0 overridden" in out
    assert out[-1].startswith(f"OK: {tmp_path} is valid; overridden files: 2.")


def test_a_typo_in_a_field_name_names_the_file_and_the_field(tmp_path: Path) -> None:
    story = _copy(tmp_path, "maracaibo", "story_cards.json")
    cards = story["cards"]
    assert isinstance(cards, list)
    cards[0]["standalne"] = cards[0].pop("standalone")
    _write(tmp_path, "maracaibo", "story_cards.json", story)

    line = _refused(tmp_path)

    assert line == (
        f"check-data: maracaibo/story_cards.json (override:{tmp_path}/maracaibo/story_cards.json)"
        " is invalid: field cards[0].standalne: unknown field (missing here: standalone)"
    )


def test_a_bad_value_names_the_field_and_what_was_found(tmp_path: Path) -> None:
    constants = _copy(tmp_path, "ilos", "constants.json")
    constants["start_hand"] = "five"
    _write(tmp_path, "ilos", "constants.json", constants)

    line = _refused(tmp_path)

    assert "ilos/constants.json" in line and "field start_hand: " in line
    assert line.endswith("(got 'five')")


def test_broken_json_names_the_file_and_the_place(tmp_path: Path) -> None:
    (tmp_path / "ilos").mkdir()
    (tmp_path / "ilos" / "prices.json").write_text('{"markers_total": 8,\n', encoding="utf-8")

    line = _refused(tmp_path)

    assert "ilos/prices.json" in line and "Invalid JSON" in line and "line 2" in line


def test_an_unknown_game_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "ilso").mkdir()

    line = _refused(tmp_path)

    assert line == (
        "check-data: REFEREE_DATA_DIR: no game called 'ilso' "
        "(games: endeavor, ilos, maracaibo, renaissance)"
    )


def test_a_file_that_replaces_nothing_is_refused(tmp_path: Path) -> None:
    (tmp_path / "ilos").mkdir()
    (tmp_path / "ilos" / "tile.json").write_text("{}", encoding="utf-8")

    line = _refused(tmp_path)

    assert line == (
        "check-data: REFEREE_DATA_DIR: ilos/tile.json replaces no shipped file "
        "(files: cards.json, constants.json, prices.json, tiles.json)"
    )


def test_a_missing_folder_is_refused(tmp_path: Path) -> None:
    line = _refused(tmp_path / "nowhere")

    assert "nowhere is not a folder" in line


def test_the_bot_refuses_to_start_with_the_same_line(tmp_path: Path) -> None:
    """check-data runs the bot's own start-up check, so both say the same thing."""
    data = tmp_path / "data"
    story = _copy(data, "maracaibo", "story_cards.json")
    story["provenance"] = "printed"
    _write(data, "maracaibo", "story_cards.json", story)
    checked = _refused(data)

    started = subprocess.run(
        [sys.executable, "-m", "bot"],
        capture_output=True,
        text=True,
        env=_env(
            DISCORD_TOKEN="not-a-real-token",
            REFEREE_DATA_DIR=str(data),
            REFEREE_DB=str(tmp_path / "referee.sqlite3"),
        ),
        timeout=120,
        cwd=tmp_path,
    )

    assert started.returncode == 2, started.stderr
    assert "field provenance: " in checked and "(got 'printed')" in checked
    assert started.stderr.strip() == "referee: " + checked.removeprefix("check-data: ")


def test_issue20_a_map_file_is_checked_like_every_data_file(tmp_path: Path) -> None:
    """Issue 20 point 4: ``geography.json`` (where the map draws each place; the rules never
    read it) is validated with the rest: an override that leaves a location out is refused
    before the bot starts, instead of a map that fails in the middle of a game."""
    geography = _copy(tmp_path, "maracaibo", "geography.json")
    places = geography["locations"]
    assert isinstance(places, list)
    geography["locations"] = places[:-1]
    _write(tmp_path, "maracaibo", "geography.json", geography)

    line = _refused(tmp_path)

    assert line == "check-data: maracaibo/geography.json: one place per board location needed"
