"""Two writers that read the same version: exactly one wins, the other gets VersionConflict."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable

import pytest

from db.sqlite import SqliteStore
from db.store import GameRecord, NewAction, VersionConflict

NewGame = Callable[..., Awaitable[GameRecord]]  # the new_game fixture


ROUNDS = 10


async def race(
    writers: list[SqliteStore], game_id: int, version: int, round_no: int
) -> list[GameRecord | BaseException]:
    async def write(i: int, store: SqliteStore) -> GameRecord:
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
    writers: list[SqliteStore], reader: SqliteStore, game: GameRecord, first_round: int = 1
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


async def test_two_tasks_on_one_store_exactly_one_wins(
    store: SqliteStore, new_game: NewGame
) -> None:
    game = await new_game()
    await check_exactly_one_wins([store, store], store, game)


async def test_two_connections_to_one_file_exactly_one_wins(
    store: SqliteStore, new_game: NewGame, db_path: str
) -> None:
    """Two stores (two connections, as two bot processes would have) race on the file:
    BEGIN IMMEDIATE makes the second wait for the first, then see the moved version."""
    game = await new_game()
    other = SqliteStore(db_path)
    await other.open()
    try:
        await check_exactly_one_wins([store, other], store, game)
        now = await store.get_game(game.id)
        assert now is not None
        await check_exactly_one_wins([other, store, other], other, now, first_round=ROUNDS + 1)
    finally:
        await other.close()


async def test_a_write_cancelled_while_waiting_for_the_lock_leaves_no_transaction(
    store: SqliteStore, new_game: NewGame, db_path: str
) -> None:
    game = await new_game()
    other_process = sqlite3.connect(db_path, isolation_level=None)
    try:
        other_process.execute("BEGIN IMMEDIATE")  # holds SQLite's write lock
        task = asyncio.create_task(
            store.record_actions(
                game.id, game.version, [NewAction("p1", 1, "{}", 5)], "{}", "active"
            )
        )
        await asyncio.sleep(0.2)  # let the task reach BEGIN IMMEDIATE and wait there
        task.cancel()
        other_process.execute("ROLLBACK")
        with pytest.raises(asyncio.CancelledError):
            await task
    finally:
        other_process.close()
    assert await store.get_game(game.id) == game
    after = await store.record_actions(
        game.id, game.version, [NewAction("p1", 1, "{}", 5)], '"next"', "active"
    )
    assert after.version == game.version + 1
    assert len(await store.actions(game.id)) == 1
