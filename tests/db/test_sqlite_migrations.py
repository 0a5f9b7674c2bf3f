"""The migration runner: order, recording, idempotence, atomicity, refusal of newer schemas."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from db.migrate import (
    MIGRATIONS_DIR,
    MigrationError,
    load_migrations,
    migrate,
    split_statements,
)
from db.sqlite import SqliteStore

GameArgs = Callable[..., dict[str, Any]]  # the game_args fixture


def fixed_now() -> datetime:
    return datetime(2026, 5, 5, tzinfo=UTC)


def schema_rows(db_path: str) -> list[tuple[int, str]]:
    with sqlite3.connect(db_path) as conn:
        return conn.execute("SELECT version, name FROM schema_version ORDER BY version").fetchall()


def table_names(db_path: str) -> set[str]:
    with sqlite3.connect(db_path) as conn:
        rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {r[0] for r in rows}


def test_shipped_migrations_are_numbered_from_one_without_gaps() -> None:
    shipped = load_migrations()
    files = sorted(p.name for p in MIGRATIONS_DIR.glob("*.sql"))
    assert files[0] == "0001_initial.sql"
    assert [m.version for m in shipped] == list(range(1, len(files) + 1))
    assert [f"{m.version:04d}_{m.name}.sql" for m in shipped] == files


async def test_open_applies_every_migration_and_records_it(db_path: str) -> None:
    store = SqliteStore(db_path)
    await store.open()
    try:
        shipped = load_migrations()
        assert store.migrations_applied == [m.version for m in shipped]
        assert await store.schema_version() == shipped[-1].version
    finally:
        await store.close()
    assert schema_rows(db_path) == [(m.version, m.name) for m in shipped]
    assert {"games", "actions", "campaigns", "schema_version"} <= table_names(db_path)


async def test_migrations_are_idempotent_across_reopen(db_path: str, game_args: GameArgs) -> None:
    store = SqliteStore(db_path)
    await store.open()
    game = await store.create_game(**game_args())
    await store.close()
    rows_before = schema_rows(db_path)

    for _ in range(2):
        again = SqliteStore(db_path)
        await again.open()
        try:
            assert again.migrations_applied == []
            assert await again.get_game(game.id) == game
        finally:
            await again.close()
    assert schema_rows(db_path) == rows_before


def write_migrations(directory: Path, files: dict[str, str]) -> Path:
    directory.mkdir()
    for name, sql in files.items():
        (directory / name).write_text(sql, encoding="utf-8")
    return directory


async def connect(db_path: str) -> aiosqlite.Connection:
    conn = await aiosqlite.connect(db_path, isolation_level=None)
    await conn.execute("PRAGMA foreign_keys = ON")
    return conn


async def test_failed_migration_is_rolled_back_whole_and_not_recorded(
    tmp_path: Path, db_path: str
) -> None:
    folder = write_migrations(
        tmp_path / "m",
        {
            "0001_first.sql": "CREATE TABLE a (x INTEGER);",
            "0002_broken.sql": (
                "CREATE TABLE b (y INTEGER);\nINSERT INTO a VALUES (1);\nINSERT INTO nowhere VALUES (2);"
            ),
            "0003_later.sql": "CREATE TABLE c (z INTEGER);",
        },
    )
    conn = await connect(db_path)
    try:
        with pytest.raises(MigrationError, match="0002_broken"):
            await migrate(conn, now=fixed_now, migrations=load_migrations(folder))
        assert not conn.in_transaction
    finally:
        await conn.close()
    assert schema_rows(db_path) == [(1, "first")]
    assert table_names(db_path) == {"schema_version", "a"}  # no b, no c
    with sqlite3.connect(db_path) as plain:
        assert plain.execute("SELECT COUNT(*) FROM a").fetchone() == (0,)

    # Fixed, the runner carries on from where it stopped.
    (folder / "0002_broken.sql").write_text("CREATE TABLE b (y INTEGER);", encoding="utf-8")
    conn = await connect(db_path)
    try:
        assert await migrate(conn, now=fixed_now, migrations=load_migrations(folder)) == [2, 3]
    finally:
        await conn.close()
    assert [v for v, _ in schema_rows(db_path)] == [1, 2, 3]


async def test_migrations_run_in_number_order(tmp_path: Path, db_path: str) -> None:
    folder = write_migrations(
        tmp_path / "m",
        {
            "0002_fill.sql": "INSERT INTO t VALUES ('second');",
            "0001_make.sql": "CREATE TABLE t (v TEXT);",
            "README.txt": "not a migration",
        },
    )
    conn = await connect(db_path)
    try:
        assert await migrate(conn, now=fixed_now, migrations=load_migrations(folder)) == [1, 2]
    finally:
        await conn.close()
    with sqlite3.connect(db_path) as plain:
        assert plain.execute("SELECT v FROM t").fetchall() == [("second",)]
        assert (
            plain.execute("SELECT applied_at FROM schema_version").fetchall()
            == [(fixed_now().isoformat(),)] * 2
        )


async def test_a_database_newer_than_the_code_is_refused(db_path: str) -> None:
    store = SqliteStore(db_path)
    await store.open()
    await store.close()
    with sqlite3.connect(db_path) as plain:
        plain.execute("INSERT INTO schema_version VALUES (999, 'from_the_future', 'x')")
    newer = SqliteStore(db_path)
    with pytest.raises(MigrationError, match="newer than this code"):
        await newer.open()
    with pytest.raises(Exception, match="not open"):
        await newer.current_game(1)


@pytest.mark.parametrize(
    ("files", "message"),
    [
        ({"0001_a.sql": "", "0003_c.sql": ""}, "expected 0002"),
        ({"0001_a.sql": "", "0001_b.sql": ""}, "expected 0002"),
        ({"0002_a.sql": ""}, "expected 0001"),
        ({"1_a.sql": ""}, "NNNN_name"),
        ({"0001_Bad-Name.sql": ""}, "NNNN_name"),
    ],
)
def test_malformed_migration_sets_are_refused(
    tmp_path: Path, files: dict[str, str], message: str
) -> None:
    folder = write_migrations(tmp_path / "m", files)
    with pytest.raises(MigrationError, match=message):
        load_migrations(folder)


def test_split_statements_respects_strings_comments_and_triggers() -> None:
    script = """
    -- a comment; with a semicolon
    CREATE TABLE t (v TEXT DEFAULT 'a;b');
    CREATE TRIGGER g BEFORE DELETE ON t BEGIN SELECT RAISE(ABORT, 'no; never'); END;
    /* block; comment */ INSERT INTO t VALUES ('x;y');
    -- trailing comment
    """
    statements = split_statements(script)
    assert len(statements) == 3
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")
    assert statements[2].endswith("INSERT INTO t VALUES ('x;y');")
    with pytest.raises(MigrationError, match="incomplete"):
        split_statements("CREATE TABLE t (v TEXT);\nCREATE TABLE u (w TEXT)")


async def test_every_object_of_the_shipped_migrations_exists(db_path: str) -> None:
    """No statement is lost by the splitter: every CREATE in the files made its object."""
    created = {
        name
        for m in load_migrations()
        for name in re.findall(r"CREATE\s+(?:UNIQUE\s+)?(?:TABLE|INDEX|TRIGGER)\s+(\w+)", m.sql)
    }
    assert {"games", "actions", "campaigns", "games_one_open_per_channel"} <= created
    store = SqliteStore(db_path)
    await store.open()
    await store.close()
    with sqlite3.connect(db_path) as plain:
        names = {r[0] for r in plain.execute("SELECT name FROM sqlite_master")}
    assert created | {"schema_version"} <= names


async def test_two_stores_opening_a_fresh_file_at_once_migrate_it_once(db_path: str) -> None:
    """Two processes starting together: the runner re-checks under the write lock."""
    stores = [SqliteStore(db_path) for _ in range(3)]
    await asyncio.gather(*(s.open() for s in stores))
    try:
        applied = sorted(v for s in stores for v in s.migrations_applied)
        assert applied == [m.version for m in load_migrations()]
    finally:
        for s in stores:
            await s.close()
    assert [v for v, _ in schema_rows(db_path)] == [m.version for m in load_migrations()]
