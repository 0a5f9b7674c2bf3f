"""SqliteStore only: connection settings, the partial index in use, one process per file."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from db.sql import OPEN_SQL
from db.sqlite import SqliteStore
from db.store import StoreInUse
from tests.db.conftest import Backend

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def backend(sqlite_backend: Backend) -> Backend:
    return sqlite_backend


async def test_connection_pragmas(store: SqliteStore) -> None:
    assert await store.pragmas() == {
        "journal_mode": "wal",
        "synchronous": 2,  # FULL
        "foreign_keys": 1,
        "busy_timeout": 5000,
    }


async def test_current_game_searches_the_partial_index(store: SqliteStore, db_path: str) -> None:
    """The open statuses are literals in the query, as in the index's WHERE: with bound
    parameters instead SQLite cannot prove the query implies the index and skips it."""
    query = f"SELECT id FROM games WHERE channel_id = ? AND status IN {OPEN_SQL}"
    with sqlite3.connect(db_path) as conn:
        plan = " ".join(row[3] for row in conn.execute(f"EXPLAIN QUERY PLAN {query}", (5000,)))
        bound = " ".join(
            row[3]
            for row in conn.execute(
                "EXPLAIN QUERY PLAN SELECT id FROM games WHERE channel_id = ? AND status IN (?, ?)",
                (5000, "lobby", "active"),
            )
        )
    assert "USING INDEX games_one_open_per_channel (channel_id=?)" in plan
    assert "games_one_open_per_channel" not in bound  # why the literals matter
    # The store runs exactly that query.
    source = Path(sys.modules[SqliteStore.__module__].__file__ or "").read_text()
    assert "WHERE channel_id = ? AND status IN {_OPEN_SQL}" in source


async def test_several_stores_of_one_process_share_the_file(db_path: str) -> None:
    async with SqliteStore(db_path) as first, SqliteStore(db_path) as second:
        assert await first.current_game(1) is None and await second.current_game(1) is None
        link = f"{db_path}.link"
        os.symlink(db_path, link)
        async with SqliteStore(link) as third:  # the same file by another name: shared too
            assert await third.current_game(1) is None
    assert not Path(f"{db_path}-lock").exists()  # the lock is on the file, no side file


CHILD = """
import asyncio, sys
from db.sqlite import SqliteStore
from db.store import StoreInUse

async def main() -> int:
    try:
        async with SqliteStore(sys.argv[1]) as store:
            await store.current_game(1)
    except StoreInUse as exc:
        print(exc, file=sys.stderr)
        return 3
    print("OPENED")
    return 0

sys.exit(asyncio.run(main()))
"""


def second_process(db_path: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", CHILD, db_path],
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=60,
    )


async def test_a_second_process_is_refused_at_open_with_a_clear_error(db_path: str) -> None:
    async with SqliteStore(db_path):
        refused = second_process(db_path)
        assert refused.returncode == 3, refused.stderr
        message = refused.stderr.strip()
        assert "one bot process per SQLite file" in message
        assert "PostgreSQL" in message and f"pid {os.getpid()}" in message
        assert len(message.splitlines()) == 1
    allowed = second_process(db_path)  # the lock went with the store
    assert allowed.returncode == 0 and "OPENED" in allowed.stdout, allowed.stderr


@pytest.mark.parametrize("link", ["hardlink", "symlink", "symlinked folder"])
async def test_a_second_process_is_refused_through_another_name_of_the_file(
    db_path: str, tmp_path: Path, link: str
) -> None:
    """Issue 18 point 3: a hardlinked path (or a symlink) reached the same database file
    past the one-process lock, which was keyed by the path given."""
    if link == "hardlink":
        other = str(tmp_path / "hard.sqlite3")
    elif link == "symlink":
        other = str(tmp_path / "soft.sqlite3")
    else:
        other = str(tmp_path / "linked" / Path(db_path).name)
    async with SqliteStore(db_path):
        if link == "hardlink":
            os.link(db_path, other)
        elif link == "symlink":
            os.symlink(db_path, other)
        else:
            os.symlink(Path(db_path).parent, tmp_path / "linked")
        refused = second_process(other)
        assert refused.returncode == 3, refused.stdout + refused.stderr
        assert "one bot process per SQLite file" in refused.stderr
        assert f"pid {os.getpid()}" in refused.stderr


async def test_a_backup_written_over_a_side_file_does_not_open_the_lock(
    db_path: str, tmp_path: Path
) -> None:
    """Issue 18 point 3: ``db backup`` onto the old ``-lock`` side file replaced the lock's
    file, and a second process then got a lock of its own. The lock is on the database file
    now, and writing a backup over the database is refused."""
    from db.__main__ import main as db_main

    async with SqliteStore(db_path):
        source = str(tmp_path / "source.sqlite3")
        async with SqliteStore(source):
            pass
        assert db_main(["backup", f"{db_path}-lock", "--db", source]) == 0
        refused = second_process(db_path)
        assert refused.returncode == 3, refused.stdout + refused.stderr


async def test_the_lock_dies_with_its_process(db_path: str) -> None:
    """A killed bot leaves no stale lock: the kernel drops a flock with its process."""
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import asyncio, sys\n"
            "from db.sqlite import SqliteStore\n"
            "async def main():\n"
            "    await SqliteStore(sys.argv[1]).open()\n"
            "    print('HELD', flush=True)\n"
            "    await asyncio.sleep(60)\n"
            "asyncio.run(main())\n",
            db_path,
        ],
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "HELD"
        with pytest.raises(StoreInUse):
            await SqliteStore(db_path).open()
    finally:
        holder.kill()
        holder.wait(timeout=30)
    async with SqliteStore(db_path) as store:
        assert await store.current_game(1) is None


async def test_memory_databases_take_no_lock() -> None:
    async with SqliteStore(":memory:") as a, SqliteStore(":memory:") as b:
        assert await a.current_game(1) is None and await b.current_game(1) is None
