"""A process killed half-way through ``record_actions`` leaves the last committed game.

A child Python process opens the store and records an action with
``REFEREE_DB_CRASH_POINT=after_log_write``, which makes it SIGKILL itself after the action
row and the new state are written inside the transaction but before COMMIT. The parent then
reopens the file and checks that the committed state and log are intact, the half-written
action is absent, and the next write is accepted.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from db.sqlite import CRASH_POINT_ENV, SqliteStore
from db.store import NewAction

REPO = Path(__file__).resolve().parents[2]

CHILD = """
import asyncio, json, sys
from db.sqlite import SqliteStore
from db.store import NewAction

async def main() -> None:
    path, game_id, version, size = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    store = SqliteStore(path)
    await store.open()
    action = json.dumps({"type": "crash", "pad": "x" * size})
    await store.record_actions(
        game_id, version, [NewAction("p2", 102, action, interaction_id=777)],
        json.dumps({"turn": 2, "pad": "y" * size}), "finished",
    )
    print("COMMITTED", flush=True)

asyncio.run(main())
sys.exit(3)
"""


@pytest.mark.parametrize(
    "pad",
    [
        pytest.param(10, id="small"),
        # Larger than SQLite's default 2 MB page cache: the uncommitted pages spill into the
        # WAL file before the kill, so recovery must ignore frames already on disk.
        pytest.param(6_000_000, id="spilled-to-wal"),
    ],
)
async def test_crash_between_log_write_and_commit_keeps_last_committed_state(
    db_path: str, pad: int
) -> None:
    store = SqliteStore(db_path)
    await store.open()
    game = await store.create_game(
        channel_id=5000,
        guild_id=None,
        kind="ilos",
        creator_id=101,
        options={},
        seed=1,
        seats=[],
    )
    game = await store.update_game(game.id, game.version, status="active")
    committed = await store.record_actions(
        game.id,
        game.version,
        [NewAction("p1", 101, '{"type": "first"}', interaction_id=776)],
        '{"turn": 1}',
        "active",
    )
    committed_log = await store.actions(game.id, include_undone=True)
    await store.close()

    env = {**os.environ, "PYTHONPATH": str(REPO), CRASH_POINT_ENV: "after_log_write"}
    child = subprocess.run(
        [sys.executable, "-c", CHILD, db_path, str(game.id), str(committed.version), str(pad)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert child.returncode == -signal.SIGKILL, child.stderr
    assert "COMMITTED" not in child.stdout
    if pad > 1_000_000:
        # The transaction's pages really reached the disk before the kill.
        assert os.path.getsize(f"{db_path}-wal") > pad

    reopened = SqliteStore(db_path)
    await reopened.open()
    try:
        assert await reopened.get_game(game.id) == committed
        assert await reopened.current_game(5000) == committed  # still active, not finished
        assert await reopened.actions(game.id, include_undone=True) == committed_log
        # The interaction of the lost write is free, and the next seq follows the last commit.
        after = await reopened.record_actions(
            game.id,
            committed.version,
            [NewAction("p2", 102, '{"type": "retry"}', interaction_id=777)],
            '{"turn": 2}',
            "active",
        )
        assert after.version == committed.version + 1
        assert [a.seq for a in await reopened.actions(game.id)] == [1, 2]
    finally:
        await reopened.close()
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)


async def test_the_crash_hook_only_fires_at_its_named_point(
    db_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CRASH_POINT_ENV, "some_other_point")
    async with SqliteStore(db_path) as store:
        game = await store.create_game(
            channel_id=1, guild_id=None, kind="ilos", creator_id=1, options={}, seed=1, seats=[]
        )
        after = await store.record_actions(
            game.id, game.version, [NewAction("p1", 1, "{}")], "{}", "active"
        )
        assert after.version == 1
