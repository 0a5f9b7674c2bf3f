"""Two writers that read the same version: exactly one wins, the other gets VersionConflict
(on both backends; a second store on the same database stands for a second process)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg  # type: ignore[import-untyped]
import pytest

from db.store import DuplicateInteraction, GameRecord, GameStore, NewAction, VersionConflict
from tests.db.conftest import Backend

NewGame = Callable[..., Awaitable[GameRecord]]  # the new_game fixture


ROUNDS = 10


async def race(
    writers: list[GameStore], game_id: int, version: int, round_no: int
) -> list[GameRecord | BaseException]:
    async def write(i: int, store: GameStore) -> GameRecord:
        return await store.record_actions(
            game_id,
            version,
            [
                NewAction(
                    f"p{i + 1}", 100 + i, f'{{"by": {i}, "round": {round_no}}}', 10 * round_no + i
                )
            ],
            f'{{"winner": {i}, "round": {round_no}}}',
            "active",
        )

    return await asyncio.gather(
        *(write(i, s) for i, s in enumerate(writers)), return_exceptions=True
    )


async def check_exactly_one_wins(
    writers: list[GameStore], reader: GameStore, game: GameRecord, first_round: int = 1
) -> None:
    version = game.version
    logged = len(await reader.actions(game.id))
    for round_no in range(first_round, first_round + ROUNDS):
        outcomes = await race(writers, game.id, version, round_no)
        wins = [o for o in outcomes if isinstance(o, GameRecord)]
        losses = [o for o in outcomes if isinstance(o, VersionConflict)]
        assert len(wins) == 1 and len(losses) == len(writers) - 1, outcomes
        winner = outcomes.index(wins[0])
        stored = await reader.get_game(game.id)
        assert stored == wins[0]
        assert stored.version == version + 1
        assert stored.state_json == f'{{"winner": {winner}, "round": {round_no}}}'
        log = await reader.actions(game.id)
        assert len(log) == logged + round_no - first_round + 1  # the winner's action only
        assert log[-1].action_json == f'{{"by": {winner}, "round": {round_no}}}'
        version = stored.version


async def test_two_tasks_on_one_store_exactly_one_wins(store: GameStore, new_game: NewGame) -> None:
    game = await new_game()
    await check_exactly_one_wins([store, store], store, game)


async def test_two_stores_on_one_database_exactly_one_wins(
    store: GameStore, new_game: NewGame, backend: Backend
) -> None:
    """Two stores (two connections, as two bot processes would have) race on the database:
    the second writer waits for the first (SQLite: BEGIN IMMEDIATE; PostgreSQL: the game's
    row lock), then sees the moved version."""
    game = await new_game()
    other = backend.store()
    await other.open()
    try:
        await check_exactly_one_wins([store, other], store, game)
        now = await store.get_game(game.id)
        assert now is not None
        await check_exactly_one_wins([other, store, other], other, now, first_round=ROUNDS + 1)
    finally:
        await other.close()


class OtherProcess:
    """A plain connection holding the lock a writer of ``game_id`` must wait for."""

    def __init__(self, backend: Backend, game_id: int) -> None:
        self.backend, self.game_id = backend, game_id
        self.sqlite: sqlite3.Connection | None = None
        self.pg: Any = None

    async def hold(self) -> None:
        if self.backend.name == "sqlite":
            self.sqlite = sqlite3.connect(self.backend.target, isolation_level=None)
            self.sqlite.execute("BEGIN IMMEDIATE")  # holds SQLite's write lock
        else:
            plain, schema = self.backend.target.split("?schema=")
            self.pg = await asyncpg.connect(plain, server_settings={"search_path": schema})
            await self.pg.execute("BEGIN")
            await self.pg.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", self.game_id)

    async def release(self) -> None:
        if self.sqlite is not None:
            self.sqlite.execute("ROLLBACK")
            self.sqlite.close()
        if self.pg is not None:
            await self.pg.execute("ROLLBACK")
            await self.pg.close()


async def test_a_write_cancelled_while_waiting_for_the_lock_leaves_no_transaction(
    store: GameStore, new_game: NewGame, backend: Backend
) -> None:
    game = await new_game()
    other_process = OtherProcess(backend, game.id)
    await other_process.hold()
    try:
        task = asyncio.create_task(
            store.record_actions(
                game.id, game.version, [NewAction("p1", 1, "{}", 5)], "{}", "active"
            )
        )
        await asyncio.sleep(0.2)  # let the task reach the lock and wait there
        assert not task.done()
        task.cancel()
    finally:
        await other_process.release()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await store.get_game(game.id) == game
    after = await store.record_actions(
        game.id, game.version, [NewAction("p1", 1, "{}", 5)], '"next"', "active"
    )
    assert after.version == game.version + 1
    assert len(await store.actions(game.id)) == 1


async def test_writes_that_waited_together_succeed_or_fail_each_on_its_own(
    store: GameStore, new_game: NewGame, backend: Backend
) -> None:
    """Issue 23: writes that queue up while another write waits (SQLite commits them in one
    transaction, each in a savepoint) each succeed or fail as if alone: a stale write and a
    repeated interaction change nothing, nor does a write the database refuses half-way
    through, and the writes beside them are all stored."""
    first, a, b, c = [await new_game(channel) for channel in (1, 2, 3, 4)]
    c = await store.record_actions(c.id, c.version, [NewAction("p1", 1, "{}", 7)], '"c1"', "active")
    other_process = OtherProcess(backend, first.id)
    await other_process.hold()
    try:
        blocked = asyncio.create_task(
            store.record_actions(
                first.id, first.version, [NewAction("p1", 1, "{}")], '"f"', "active"
            )
        )
        await asyncio.sleep(0.1)  # the first write waits for the lock: the others queue up
        writes = [
            store.record_actions(a.id, a.version, [NewAction("p1", 1, "{}", 8)], '"a"', "active"),
            store.record_actions(b.id, b.version + 5, [NewAction("p1", 1, "{}")], '"x"', "active"),
            store.record_actions(b.id, b.version, [NewAction("p1", 1, "nope")], '"x"', "active"),
            store.record_actions(c.id, c.version, [NewAction("p2", 2, "{}", 7)], '"x"', "active"),
            store.record_actions(c.id, c.version, [NewAction("p2", 2, "{}", 9)], '"c2"', "active"),
        ]
        queued = [asyncio.create_task(w) for w in writes]
        await asyncio.sleep(0.1)
    finally:
        await other_process.release()
    assert (await blocked).state_json == '"f"'
    done = await asyncio.gather(*queued, return_exceptions=True)
    assert isinstance(done[0], GameRecord) and done[0].state_json == '"a"'
    assert isinstance(done[1], VersionConflict)
    assert isinstance(done[2], backend.data_errors)  # refused after the row was updated
    assert isinstance(done[3], DuplicateInteraction)
    assert isinstance(done[4], GameRecord) and done[4].state_json == '"c2"'
    assert await store.get_game(a.id) == done[0]
    assert await store.get_game(b.id) == b and await store.actions(b.id) == []
    assert await store.get_game(c.id) == done[4]
    assert [x.interaction_id for x in await store.actions(c.id)] == [7, 9]
