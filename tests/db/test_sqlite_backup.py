"""Online backup (``GameStore.backup`` and ``python -m db backup``) and ``python -m db migrate``."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from db.__main__ import main as db_main
from db.backup import BackupError, backup_database
from db.sqlite import SqliteStore
from db.store import GameRecord, NewAction
from tests.db.conftest import Backend

NewGame = Callable[..., Awaitable[GameRecord]]  # the new_game fixture


REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def backend(sqlite_backend: Backend) -> Backend:
    """SQLite's online backup: these tests are about SQLite only."""
    return sqlite_backend


TABLES = ("games", "actions", "campaigns", "schema_version")


def dump(db_path: str | Path) -> dict[str, list[tuple[object, ...]]]:
    with sqlite3.connect(db_path) as conn:
        return {t: conn.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in TABLES}


async def populate(store: SqliteStore, new_game: NewGame) -> int:
    game = await new_game(5000)
    g = await store.record_actions(
        game.id,
        game.version,
        [
            NewAction("p1", 101, '{"type": "a"}', interaction_id=1),
            NewAction("p2", 102, '{"type": "b"}'),
        ],
        '{"turn": 2}',
        "active",
    )
    await store.undo_to(game.id, g.version, 1, '{"turn": 1}')
    await new_game(6000, start=False)
    await store.put_campaign(5000, "maracaibo", {"round": 1, "이름": "항구"})
    return game.id


async def test_store_backup_is_a_readable_copy_with_the_same_rows(
    store: SqliteStore, new_game: NewGame, tmp_path: Path, db_path: str
) -> None:
    game_id = await populate(store, new_game)
    copy = tmp_path / "backups" / "copy.sqlite3"
    copy.parent.mkdir()
    await store.backup(str(copy))

    # The copy is one self-contained file that passes an integrity check ...
    assert not Path(f"{copy}-wal").exists()
    with sqlite3.connect(copy) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    # ... with exactly the rows of the live database (read through a second connection).
    original = dump(db_path)
    assert dump(copy) == original
    assert len(original["games"]) == 2 and len(original["actions"]) == 2

    # Later writes to the live database do not reach the copy.
    game = await store.get_game(game_id)
    assert game is not None
    await store.record_actions(
        game_id, game.version, [NewAction("p1", 101, '{"type": "c"}')], "{}", "active"
    )
    assert dump(copy) == original

    # The copy opens as a store and shows the same game.
    restored = SqliteStore(str(copy))
    await restored.open()
    try:
        assert restored.migrations_applied == []
        assert await restored.get_game(game_id) == game
        assert await restored.get_campaign(5000, "maracaibo") == {"round": 1, "이름": "항구"}
        assert [a.seq for a in await restored.actions(game_id, include_undone=True)] == [1, 2]
    finally:
        await restored.close()


async def test_backup_while_a_write_is_in_progress_copies_committed_data_only(
    store: SqliteStore, new_game: NewGame, tmp_path: Path, db_path: str
) -> None:
    await populate(store, new_game)
    committed = dump(db_path)
    writer = sqlite3.connect(db_path, isolation_level=None)
    try:
        writer.execute("BEGIN IMMEDIATE")  # another process holding the write lock
        writer.execute(
            "UPDATE games SET state_json = '\"uncommitted\"', version = version + 1 WHERE id = 1"
        )
        await store.backup(str(tmp_path / "during.sqlite3"))  # neither waits nor fails
        backup_database(db_path, tmp_path / "during2.sqlite3")
        writer.execute("COMMIT")
    finally:
        writer.close()
    assert dump(tmp_path / "during.sqlite3") == committed
    assert dump(tmp_path / "during2.sqlite3") == committed
    assert dump(db_path) != committed


async def test_backup_overwrites_an_older_backup(
    store: SqliteStore, new_game: NewGame, tmp_path: Path, db_path: str
) -> None:
    target = tmp_path / "nightly.sqlite3"
    await store.backup(str(target))
    assert dump(target)["games"] == []
    await populate(store, new_game)
    await store.backup(str(target))
    assert dump(target) == dump(db_path)
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_backup_refuses_bad_sources_and_destinations(tmp_path: Path) -> None:
    missing = tmp_path / "missing.sqlite3"
    with pytest.raises(BackupError, match="no database"):
        backup_database(missing, tmp_path / "out.sqlite3")
    assert not missing.exists()  # never created by trying

    live = tmp_path / "live.sqlite3"
    with sqlite3.connect(live) as conn:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("CREATE TABLE t (x INTEGER)")
        with pytest.raises(BackupError, match="the database itself"):
            backup_database(live, tmp_path / "." / "live.sqlite3")
        other = tmp_path / "other.sqlite3"
        other_conn = sqlite3.connect(other)
        other_conn.execute("PRAGMA journal_mode = WAL")
        other_conn.execute("CREATE TABLE u (y INTEGER)")
        try:
            with pytest.raises(BackupError, match="in use"):
                backup_database(live, other)  # would clobber a database with its own WAL
        finally:
            other_conn.close()
    with pytest.raises(BackupError, match="directory"):
        backup_database(live, tmp_path)


async def test_memory_store_cannot_back_up(tmp_path: Path) -> None:
    async with SqliteStore(":memory:") as store:
        with pytest.raises(Exception, match="database file"):
            await store.backup(str(tmp_path / "x.sqlite3"))


def test_cli_migrate_then_backup_with_db_option_and_env(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "bot.sqlite3"
    assert db_main(["migrate", "--db", str(db)]) == 0
    assert "applied: 0001" in capsys.readouterr().out
    assert db_main(["--db", str(db), "migrate"]) == 0
    assert "nothing to do" in capsys.readouterr().out

    with sqlite3.connect(db) as conn:
        conn.execute("INSERT INTO campaigns VALUES (1, 'maracaibo', '{\"a\": 1}', 't')")
    assert db_main(["backup", str(tmp_path / "b1.sqlite3"), "--db", str(db)]) == 0
    monkeypatch.setenv("REFEREE_DB", str(db))
    assert db_main(["backup", str(tmp_path / "b2.sqlite3")]) == 0
    for copy in ("b1.sqlite3", "b2.sqlite3"):
        assert dump(tmp_path / copy) == dump(db)
    assert "backed up" in capsys.readouterr().out

    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "absent.sqlite3"))
    assert db_main(["backup", str(tmp_path / "b3.sqlite3")]) == 1
    assert "no database" in capsys.readouterr().err
    assert not (tmp_path / "absent.sqlite3").exists()


def test_python_dash_m_db_backup_runs_as_a_command(tmp_path: Path) -> None:
    db = tmp_path / "cmd.sqlite3"
    env = {**os.environ, "PYTHONPATH": str(REPO), "REFEREE_DB": str(db)}
    run = subprocess.run(
        [sys.executable, "-m", "db", "migrate"], env=env, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    run = subprocess.run(
        [sys.executable, "-m", "db", "backup", str(tmp_path / "copy.sqlite3")],
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert dump(tmp_path / "copy.sqlite3") == dump(db)


@pytest.mark.parametrize("side", ["", "-wal", "-shm", "-journal", "-lock"])
@pytest.mark.parametrize("how", ["path", "symlink", "hardlink", "other name"])
async def test_backup_never_writes_over_the_live_database_or_its_side_files(
    store: SqliteStore, new_game: NewGame, db_path: str, tmp_path: Path, side: str, how: str
) -> None:
    """Issue 18 point 3: ``python -m db backup referee.sqlite3-wal`` was accepted while the
    bot ran and destroyed acknowledged moves. The destination is refused when it is the
    database or one of its side files, by resolved path and by the file's identity."""
    await populate(store, new_game)
    target = Path(f"{db_path}{side}")
    if not target.exists():
        target.write_bytes(b"")  # -journal and -lock are not there in WAL mode
    before = target.read_bytes()
    if how == "path":
        dest = str(tmp_path / "." / target.name)
    elif how == "symlink":
        dest = str(tmp_path / "pointer")
        os.symlink(target, dest)
    elif how == "hardlink":
        dest = str(tmp_path / "second-name")
        os.link(target, dest)
    else:  # the side file another name of the database would have (a bot on that name)
        os.link(db_path, tmp_path / "alias.sqlite3")
        dest = str(tmp_path / f"alias.sqlite3{side}")
    with pytest.raises(BackupError, match="would destroy the live database"):
        backup_database(db_path, dest)
    assert db_main(["backup", dest, "--db", db_path]) == 1
    assert target.read_bytes() == before
    assert await store.current_game(5000) is not None  # the bot's store still works
