"""``python -m db copy`` (SQLite to PostgreSQL) and ``python -m db check`` (both backends).

The source is a SQLite file with finished, running, undone-into, lobby and abandoned games of
every registered game kind, played by random legal moves (tests/db/populate.py).
"""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from db.__main__ import main as db_main
from db.postgres import PostgresStore
from db.snapshot import read_sqlite
from db.sqlite import SqliteStore
from db.store import DirectMessage, GameStore, StoreError, StoreInUse
from db.tools import CopyRefused, copy_sqlite_to_postgres
from rules.registry import GAMES
from tests.db.conftest import Backend
from tests.db.populate import Populated, edit_a_hand, play, populate

REPO = Path(__file__).resolve().parents[2]


async def run_db(*args: str) -> int:
    """``python -m db ARGS`` in this process (off the event loop: it runs its own)."""
    return await asyncio.to_thread(db_main, list(args))


@pytest.fixture
async def source(tmp_path: Path) -> tuple[str, Populated]:
    path = str(tmp_path / "club.sqlite3")
    async with SqliteStore(path) as store:
        made = await populate(store)
    return path, made


async def same_everywhere(a: GameStore, b: GameStore, made: Populated) -> None:
    for game_id in made.all_ids():
        game = await a.get_game(game_id)
        assert game is not None and await b.get_game(game_id) == game
        assert await b.actions(game_id, include_undone=True) == await a.actions(
            game_id, include_undone=True
        )
        request = await a.undo_request(game_id, game.version)
        assert await b.undo_request(game_id, game.version) == request
    assert await b.open_games() == await a.open_games()
    for kind, game_id in made.running.items():
        game = await a.get_game(game_id)
        assert game is not None
        assert await b.get_campaign(game.channel_id, kind) == await a.get_campaign(
            game.channel_id, kind
        )


def test_the_source_holds_every_kind_of_game(source: tuple[str, Populated]) -> None:
    path, made = source
    kinds = set(GAMES)
    for group in (made.finished, made.running, made.with_undo, made.lobby, made.abandoned):
        assert set(group) == kinds
    snapshot = read_sqlite(path)
    assert any(a.undone for a in snapshot.actions) and any(a.reveals for a in snapshot.actions)
    assert any(a.interaction_id is not None for a in snapshot.actions)
    assert {g.status for g in snapshot.games} == {"lobby", "active", "finished", "abandoned"}
    assert snapshot.campaigns and snapshot.undo_approvals and snapshot.reminders
    assert snapshot.seat_offers and snapshot.player_dms


async def test_copy_moves_everything_and_the_games_continue_on_postgres(
    source: tuple[str, Populated],
    postgres_backend: Backend,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path, made = source
    assert await run_db("copy", path, postgres_backend.target) == 0
    out = capsys.readouterr().out
    assert f"all {len(made.all_ids())} games replay to their stored state" in out
    assert read_sqlite(path).counts()["actions"] > 0

    async with SqliteStore(path) as old, PostgresStore(postgres_backend.target) as new:
        await same_everywhere(old, new, made)
        # A copied reminder is not sent again; a copied vote is still open.
        game = await new.get_game(made.running["ilos"])
        assert game is not None
        assert await new.claim_reminder(game.id, game.version) is False
        request = await new.approve_undo(game.id, game.version, 1001)
        assert request is not None and request.approvals == frozenset({1000, 1001})
        # A copied seat offer keeps its consent; a copied DM is still the one to edit, and
        # the closed-DM notice is not given again (issue 18 point 8).
        consent = await new.consent_to_seat(game.id, 1000, 1002, "give", 1000)
        assert consent.complete and consent.taker_name == "새 선수"
        assert await new.take_own_dm(game.id, 1001) == DirectMessage(77, 78)
        assert await new.claim_dm_closed_notice(game.id, 1000) is False
        # Every running game continues on PostgreSQL from where it stood.
        for game_id in (*made.running.values(), *made.with_undo.values()):
            game = await new.get_game(game_id)
            assert game is not None and game.state_json is not None
            spec = GAMES[game.kind]
            moved, _ = await play(
                new, game, spec.load_state(game.state_json), 3, random.Random(game_id)
            )
            assert moved.version > game.version
        # New games get new ids after the copied ones.
        fresh = await new.create_game(
            channel_id=1, guild_id=None, kind="ilos", creator_id=1, options={}, seed=1, seats=[]
        )
        assert fresh.id > max(made.all_ids())
    assert await run_db("check", "--db", postgres_backend.target) == 0
    assert "all is well" in capsys.readouterr().out


async def test_copy_refuses_a_target_that_is_not_empty(
    source: tuple[str, Populated], postgres_backend: Backend, tmp_path: Path
) -> None:
    path, _ = source
    await copy_sqlite_to_postgres(path, postgres_backend.target)
    before = await postgres_backend.raw("SELECT COUNT(*) FROM actions")
    other = str(tmp_path / "other.sqlite3")
    async with SqliteStore(other) as store:
        await store.put_campaign(1, "ilos", {"x": 1})
    with pytest.raises(StoreError, match="not empty"):
        await copy_sqlite_to_postgres(other, postgres_backend.target)
    assert await postgres_backend.raw("SELECT COUNT(*) FROM actions") == before
    assert await postgres_backend.raw("SELECT COUNT(*) FROM campaigns WHERE channel_id = 1") == [
        (0,)
    ]
    assert await run_db("copy", other, postgres_backend.target) == 1


async def test_copy_of_a_game_that_does_not_replay_copies_nothing(
    source: tuple[str, Populated], postgres_backend: Backend
) -> None:
    path, made = source
    bad = made.running["ilos"]
    with sqlite3.connect(path) as conn:
        (state,) = conn.execute("SELECT state_json FROM games WHERE id = ?", (bad,)).fetchone()
        conn.execute("UPDATE games SET state_json = ? WHERE id = ?", (edit_a_hand(state), bad))
    with pytest.raises(CopyRefused, match=rf"game {bad} \(channel \d+, ilos, active\)"):
        await copy_sqlite_to_postgres(path, postgres_backend.target)
    assert await postgres_backend.raw("SELECT COUNT(*) FROM games") == [(0,)]


async def test_copy_refuses_sources_that_are_not_there(
    tmp_path: Path, postgres_backend: Backend
) -> None:
    with pytest.raises(StoreError, match="no database"):
        await copy_sqlite_to_postgres(str(tmp_path / "absent.sqlite3"), postgres_backend.target)
    assert not (tmp_path / "absent.sqlite3").exists()
    (tmp_path / "a.sqlite3").touch()
    with pytest.raises(StoreError, match="postgresql:// URL"):
        await copy_sqlite_to_postgres(str(tmp_path / "a.sqlite3"), str(tmp_path / "b.sqlite3"))


async def test_check_passes_a_healthy_database_and_names_an_edited_game(
    source: tuple[str, Populated],
    backend: Backend,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path, made = source
    if backend.name == "sqlite":
        shutil.copy(path, backend.target)
    else:
        await copy_sqlite_to_postgres(path, backend.target)
    capsys.readouterr()
    assert await run_db("check", "--db", backend.target) == 0
    out = capsys.readouterr().out
    total = len(made.all_ids())
    assert f"{total} games checked, every log replays to its stored state; all is well" in out
    if backend.name == "sqlite":
        assert "integrity check ok" in out
    else:
        assert "integrity check skipped (PostgreSQL" in out

    bad = made.finished[sorted(GAMES)[0]]
    (state,) = (await backend.raw("SELECT state_json FROM games WHERE id = ?", bad))[0]
    await backend.raw("UPDATE games SET state_json = ? WHERE id = ?", edit_a_hand(state), bad)
    assert await run_db("check", "--db", backend.target) == 1
    out = capsys.readouterr().out
    problems = [line for line in out.splitlines() if line.startswith("problem:")]
    assert len(problems) == 1, out
    assert f"game {bad} (channel " in problems[0]
    # the head of its hash chain (the hash of the state the last action produced) or the
    # replay, whichever looks first: either way the edited game is named
    assert (
        "stored state does not match" in problems[0]
        or "stored state differs from its log replayed" in problems[0]
    )
    assert f"{total} games checked, 1 problem(s)" in out


async def test_check_finds_a_log_row_that_does_not_replay(
    source: tuple[str, Populated], capsys: pytest.CaptureFixture[str]
) -> None:
    path, made = source
    game_id = made.running[sorted(GAMES)[-1]]
    conn = sqlite3.connect(path)
    try:
        # Marking an action undone is the one change the log allows; the state then no
        # longer matches what the log replays to.
        conn.execute("UPDATE actions SET undone = 1 WHERE game_id = ? AND seq = 1", (game_id,))
        conn.commit()
    finally:
        conn.close()
    assert await run_db("check", "--db", path) == 1
    assert f"game {game_id} (channel" in capsys.readouterr().out


def test_check_reports_a_damaged_file(source: tuple[str, Populated], tmp_path: Path) -> None:
    """A damaged index page: SQLite's integrity check fails, and the games are still
    replayed (the tables themselves are readable)."""
    path, made = source
    damaged = tmp_path / "damaged.sqlite3"
    shutil.copy(path, damaged)
    with closing(sqlite3.connect(damaged)) as conn:
        (page_size,) = conn.execute("PRAGMA page_size").fetchone()
        (root,) = conn.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'games_by_status'"
        ).fetchone()
    data = bytearray(damaged.read_bytes())
    header = (root - 1) * page_size  # a leaf page: the cell count is at bytes 3-4
    data[header + 3 : header + 5] = (64).to_bytes(2, "big")
    damaged.write_bytes(bytes(data))
    run = subprocess.run(
        [sys.executable, "-m", "db", "check", "--db", str(damaged)],
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 1, run.stdout + run.stderr
    assert "problem: integrity: " in run.stdout and f"tree page {root}" in run.stdout
    assert f"{len(made.all_ids())} games checked" in run.stdout
    assert "problem: game " not in run.stdout


def test_check_of_a_missing_file_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert db_main(["check", "--db", str(tmp_path / "nope.sqlite3")]) == 1
    assert "no database" in capsys.readouterr().err
    assert not (tmp_path / "nope.sqlite3").exists()


def test_backup_of_postgres_prints_the_pg_dump_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    url = "postgresql://referee:secret@db:5432/referee"
    assert db_main(["backup", "nightly.dump", "--db", url]) == 1
    err = capsys.readouterr().err.strip()
    assert err == (
        "PostgreSQL is backed up with pg_dump, not here: "
        "pg_dump --format=custom --file=nightly.dump 'postgresql://referee@db:5432/referee'"
    )


HOLDER = """
import asyncio, sys
from db.sqlite import SqliteStore

async def main() -> None:
    await SqliteStore(sys.argv[1]).open()
    print("SERVING", flush=True)
    await asyncio.sleep(120)

asyncio.run(main())
"""


async def test_copy_refuses_a_file_a_bot_still_serves(
    source: tuple[str, Populated], postgres_backend: Backend
) -> None:
    path, _ = source
    bot = subprocess.Popen(
        [sys.executable, "-c", HOLDER, path],
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert bot.stdout is not None and bot.stdout.readline().strip() == "SERVING"
        with pytest.raises(StoreInUse, match="one bot process per SQLite file"):
            await copy_sqlite_to_postgres(path, postgres_backend.target)
    finally:
        bot.kill()
        bot.wait(timeout=30)
    # Nothing was written: with the bot stopped the target is still empty and takes the copy.
    await copy_sqlite_to_postgres(path, postgres_backend.target)
