"""PostgresStore only: advisory channel locks across processes, migrations, the index that
``current_game`` uses, a crash inside a transaction, URLs and backups. Skipped with the reason
when ``REFEREE_TEST_POSTGRES_URL`` is unset or its server does not answer."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import asyncpg  # type: ignore[import-untyped]
import pytest

from db import store_for
from db.migrate import MigrationError
from db.postgres import CRASH_POINT_ENV, ChannelLockTimeout, PostgresStore
from db.postgres_url import pg_dump_command, redact, split_schema
from db.sqlite import SqliteStore
from db.store import GameRecord, NewAction, StoreError
from tests.db.conftest import Backend

REPO = Path(__file__).resolve().parents[2]
NewGame = Callable[..., Awaitable[GameRecord]]  # the new_game fixture


@pytest.fixture
def backend(postgres_backend: Backend) -> Backend:
    return postgres_backend


def child_env(**extra: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(REPO), **extra}


async def test_current_game_searches_the_partial_index(
    store: PostgresStore, new_game: NewGame, backend: Backend
) -> None:
    for channel in range(20):
        await new_game(channel)
    await backend.raw("SET enable_seqscan = off")  # a tiny table would be scanned anyway
    await backend.raw("SET plan_cache_mode = force_generic_plan")  # as with a bound $1
    await backend.raw(
        "PREPARE current_game (bigint) AS SELECT id FROM games "
        "WHERE channel_id = $1 AND status IN ('lobby', 'active')"
    )
    plan = " ".join(r[0] for r in await backend.raw("EXPLAIN EXECUTE current_game (5)"))
    assert "games_one_open_per_channel" in plan, plan


async def test_channel_lock_holds_across_processes(store: PostgresStore, backend: Backend) -> None:
    """Two stores have their own connections, as two processes do: one channel at a time."""
    other = backend.store()
    await other.open()
    try:
        async with store.channel_lock(1):
            waiting = asyncio.create_task(hold(other, 1))
            await asyncio.sleep(0.3)
            assert not waiting.done()  # the other process waits for channel 1 ...
            async with asyncio.timeout(5), other.channel_lock(2):
                pass  # ... but not for channel 2
        async with asyncio.timeout(5):
            await waiting
    finally:
        await other.close()


async def hold(store: PostgresStore, channel_id: int) -> None:
    async with store.channel_lock(channel_id):
        pass


LOCK_HOLDER = """
import asyncio, sys
from db.postgres import PostgresStore

async def main() -> None:
    store = PostgresStore(sys.argv[1])
    await store.open()
    async with store.channel_lock(1):
        print("HELD", flush=True)
        await asyncio.sleep(120)

asyncio.run(main())
"""


async def test_a_killed_process_drops_its_channel_locks(
    store: PostgresStore, backend: Backend
) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c", LOCK_HOLDER, backend.target],
        env=child_env(),
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "HELD"
        waiting = asyncio.create_task(hold(store, 1))
        await asyncio.sleep(0.3)
        assert not waiting.done()
        holder.send_signal(signal.SIGKILL)
        async with asyncio.timeout(10):
            await waiting
    finally:
        holder.kill()
        holder.wait(timeout=30)


async def test_a_lock_held_too_long_times_out(store: PostgresStore, backend: Backend) -> None:
    impatient = backend.store(lock_timeout=0.3)
    await impatient.open()
    try:
        async with store.channel_lock(9):
            with pytest.raises(ChannelLockTimeout, match="channel 9"):
                await hold(impatient, 9)
        await hold(impatient, 9)  # free again
    finally:
        await impatient.close()


async def test_stores_in_different_schemas_do_not_share_locks(
    store: PostgresStore, backend: Backend
) -> None:
    plain, _ = split_schema(backend.target)
    assert store.lock_key(1) != PostgresStore(f"{plain}?schema=elsewhere").lock_key(1)
    assert PostgresStore(plain).lock_key(1) == 1  # the default schema: the channel id itself


async def test_migrations_run_once_and_are_recorded(backend: Backend) -> None:
    stores = [backend.store() for _ in range(3)]
    await asyncio.gather(*(s.open() for s in stores))  # three processes starting together
    try:
        applied = sorted(v for s in stores for v in s.migrations_applied)
        assert applied == list(range(1, backend.migrations + 1))
        assert await stores[0].schema_version() == backend.migrations
    finally:
        for s in stores:
            await s.close()
    rows = await backend.raw("SELECT version, name FROM schema_version ORDER BY version")
    assert rows[0] == (1, "initial")
    again = backend.store()
    await again.open()
    await again.close()
    assert again.migrations_applied == []


async def test_a_schema_newer_than_the_code_is_refused(backend: Backend) -> None:
    async with backend.store():
        pass
    await backend.raw("INSERT INTO schema_version VALUES (999, 'from_the_future', now())")
    newer = backend.store()
    with pytest.raises(MigrationError, match="newer than this code"):
        await newer.open()
    with pytest.raises(StoreError, match="not open"):
        await newer.current_game(1)


async def test_truncate_is_refused_too(store: PostgresStore, backend: Backend) -> None:
    for table in ("actions", "games", "campaigns", "reminders"):
        with pytest.raises(asyncpg.IntegrityConstraintViolationError):
            await backend.raw(f"TRUNCATE {table} CASCADE")


CRASHER = """
import asyncio, sys
from db.postgres import PostgresStore
from db.store import NewAction

async def main() -> None:
    store = PostgresStore(sys.argv[1])
    await store.open()
    await store.record_actions(
        int(sys.argv[2]), int(sys.argv[3]), [NewAction("p2", 102, '{"type": "crash"}', 777)],
        '{"turn": 2}', "finished",
    )
    print("COMMITTED", flush=True)

asyncio.run(main())
"""


async def test_a_crash_inside_record_actions_keeps_the_last_committed_state(
    store: PostgresStore, new_game: NewGame, backend: Backend
) -> None:
    game = await new_game()
    committed = await store.record_actions(
        game.id, game.version, [NewAction("p1", 101, '{"type": "a"}', 776)], '{"t": 1}', "active"
    )
    log = await store.actions(game.id, include_undone=True)
    child = subprocess.run(
        [sys.executable, "-c", CRASHER, backend.target, str(game.id), str(committed.version)],
        env=child_env(**{CRASH_POINT_ENV: "after_log_write"}),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert child.returncode == -signal.SIGKILL, child.stderr
    assert "COMMITTED" not in child.stdout
    assert await store.get_game(game.id) == committed
    assert await store.actions(game.id, include_undone=True) == log
    after = await store.record_actions(
        game.id, committed.version, [NewAction("p2", 102, "{}", 777)], "{}", "active"
    )
    assert after.version == committed.version + 1


def test_urls_schemas_and_the_backup_advice() -> None:
    url, schema = split_schema("postgresql://bot:s3cret@db.example:5432/referee?schema=club_a")
    assert (url, schema) == ("postgresql://bot:s3cret@db.example:5432/referee", "club_a")
    assert split_schema("postgresql://h/db?sslmode=require") == (
        "postgresql://h/db?sslmode=require",
        None,
    )
    with pytest.raises(StoreError, match="schema name"):
        split_schema("postgresql://h/db?schema=Robert');DROP")
    assert redact("postgresql://bot:s3cret@h/db") == "postgresql://bot@h/db"
    assert redact("postgresql://bot@h/db") == "postgresql://bot@h/db"
    assert pg_dump_command("postgresql://bot:s3cret@h/db?schema=club_a", "x.dump") == (
        "pg_dump --format=custom --schema=club_a --file=x.dump 'postgresql://bot@h/db'"
    )
    assert isinstance(store_for("postgresql://h/db"), PostgresStore)
    assert isinstance(store_for("postgres://h/db"), PostgresStore)
    assert isinstance(store_for("referee.sqlite3"), SqliteStore)
    with pytest.raises(StoreError, match="not a PostgreSQL URL"):
        PostgresStore("referee.sqlite3")


async def test_backup_says_to_use_pg_dump(store: PostgresStore) -> None:
    with pytest.raises(StoreError, match=r"pg_dump --format=custom --schema=referee_test_\w+"):
        await store.backup("nightly.dump")


async def test_an_unreachable_server_is_a_one_line_store_error() -> None:
    dead = PostgresStore("postgresql://nobody@127.0.0.1:1/none")
    with pytest.raises(StoreError, match="cannot connect to postgresql://nobody@"):
        await dead.open()


async def test_many_channels_at_once_never_starve_for_connections(
    backend: Backend, game_args: Callable[..., dict[str, object]]
) -> None:
    """More channels busy at once than either pool has connections: lock holders wait for a
    lock connection, the work inside uses the other pool, so everything finishes."""
    store = backend.store(pool_size=2, lock_pool_size=3)
    await store.open()
    try:
        games = [await store.create_game(**game_args(channel)) for channel in range(30)]

        async def change(game: GameRecord, n: int) -> None:
            async with store.channel_lock(game.channel_id):
                current = await store.get_game(game.id)
                assert current is not None
                await store.update_game(current.id, current.version, state_json=f'{{"n": {n}}}')

        async with asyncio.timeout(60):
            await asyncio.gather(*(change(g, n) for g in games for n in range(3)))
        for g in games:
            stored = await store.get_game(g.id)
            assert stored is not None and stored.version == g.version + 3
    finally:
        await store.close()


async def test_migrate_and_check_commands_on_a_postgres_url(
    backend: Backend, capsys: pytest.CaptureFixture[str]
) -> None:
    from db.__main__ import main as db_main

    assert await asyncio.to_thread(db_main, ["migrate", "--db", backend.target]) == 0
    out = capsys.readouterr().out
    from db.migrate import load_migrations
    from db.migrate_postgres import MIGRATIONS_DIR

    shipped = [m.version for m in load_migrations(MIGRATIONS_DIR)]
    done = ", ".join(f"{v:04d}" for v in shipped)
    assert f"schema version {shipped[-1]} (applied: {done})" in out
    assert await asyncio.to_thread(db_main, ["--db", backend.target, "migrate"]) == 0
    assert "nothing to do" in capsys.readouterr().out
    assert await asyncio.to_thread(db_main, ["check", "--db", backend.target]) == 0
    assert "0 games checked, every log replays" in capsys.readouterr().out
