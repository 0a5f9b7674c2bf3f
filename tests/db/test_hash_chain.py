"""The action log is a hash chain (issue 18 point 4), on SQLite and PostgreSQL.

Each logged row's ``chain_hash`` covers the chain hash of the live row before it (the hash of
the state the game started with, ``games.initial_hash``, for the first), its position, seat,
action and the hash of the state it produced. Loading a game checks the head cheaply
(``GameRecord.integrity_problem``); ``python -m db check`` walks every chain.
"""

from __future__ import annotations

import random
from typing import Any

from db.store import GameRecord, GameStore, chain_link, state_digest
from db.tools import check
from rules.registry import GAMES
from tests.db.conftest import Backend
from tests.db.populate import edit_a_hand, play, start

KIND = "renaissance"


async def _game(store: GameStore, channel_id: int, steps: int, batch: int = 1) -> GameRecord:
    game, state = await start(store, KIND, channel_id, 4242 + channel_id)
    if steps:
        game, _ = await play(store, game, state, steps, random.Random(channel_id), batch=batch)
    return game


async def _forge(backend: Backend, sql: str, *params: Any) -> None:
    """Change the database behind the store's back, as someone editing it by hand would:
    the append-only trigger is taken out of the way first."""
    if backend.name == "sqlite":
        await backend.raw("DROP TRIGGER IF EXISTS actions_only_marked_undone")
    else:
        await backend.raw("ALTER TABLE actions DISABLE TRIGGER actions_only_marked_undone")
    await backend.raw(sql, *params)


async def _problems(backend: Backend) -> list[str]:
    return (await check(backend.target)).problems


def _another_legal_move(game: GameRecord, log: list[Any]) -> str:
    """A legal action for the last row's seat other than the one logged (same position)."""
    spec = GAMES[game.kind]
    state = spec.new_game(
        [s.seat for s in game.seats], spec.Options.model_validate(game.options), game.seed
    )
    for entry in log[:-1]:
        state = spec.apply(state, entry.seat, spec.parse_action(entry.action_json)).state
    last = log[-1]
    for action in spec.legal_actions(state, last.seat):
        text = spec.dump_action(action)
        if text != last.action_json:
            return str(text)
    raise AssertionError("the last move had no alternative")


async def _forge_last_action(backend: Backend, game: GameRecord, log: list[Any]) -> None:
    """Edit the last row's action to another legal move, behind the store's back."""
    await _forge(
        backend,
        "UPDATE actions SET action_json = ? WHERE game_id = ? AND seq = ?",
        _another_legal_move(game, log),
        game.id,
        log[-1].seq,
    )


async def test_every_row_links_to_the_one_before_and_to_the_start(
    store: GameStore, backend: Backend
) -> None:
    """Rows written one and several at a time, an undo and moves after it: every live row
    links to the live row before it, the first to the starting state's hash."""
    game = await _game(store, 6001, 6, batch=3)
    log = await store.actions(game.id)
    spec = GAMES[KIND]
    start_state = spec.new_game(
        [s.seat for s in game.seats], spec.Options.model_validate(game.options), game.seed
    )
    assert game.initial_hash == state_digest(start_state.model_dump_json())
    back = start_state
    for entry in log[:2]:
        back = spec.apply(back, entry.seat, spec.parse_action(entry.action_json)).state
    game = await store.undo_to(game.id, game.version, log[1].seq, back.model_dump_json())
    game, _ = await play(store, game, back, 2, random.Random(9), batch=1)
    previous = game.initial_hash
    assert previous is not None
    live = await store.actions(game.id)
    assert [a.seq for a in live] == [1, 2, 7, 8]
    for row in live:
        assert row.chain_hash == chain_link(
            previous, row.seq, row.seat, row.action_json, row.state_hash
        )
        previous = row.chain_hash
    assert game.head is not None and game.head.chain_hash == previous
    assert game.integrity_problem() is None
    assert await _problems(backend) == []


async def test_an_edited_last_action_stops_that_game_and_check_names_it(
    store: GameStore, backend: Backend
) -> None:
    """Issue 18: the last row's action changed to another legal move let play go on. The
    stored state still matches the row's state hash; the chain link does not."""
    game = await _game(store, 6002, 5)
    other = await _game(store, 6003, 5)
    log = await store.actions(game.id)
    await _forge_last_action(backend, game, log)
    loaded = await store.get_game(game.id)
    assert loaded is not None
    assert loaded.integrity_problem() == (
        f"the last logged action (seq {log[-1].seq}) does not match the log's hash chain"
    )
    other_again = await store.get_game(other.id)
    assert other_again is not None and other_again.integrity_problem() is None
    problems = await _problems(backend)
    assert len(problems) == 1 and f"game {game.id} (" in problems[0]
    assert f"logged action {log[-1].seq} does not match the log's hash chain" in problems[0]


async def test_an_edit_after_a_read_is_seen_by_the_next_read(
    store: GameStore, backend: Backend
) -> None:
    """Issue 23: the store keeps the record of each game row it read and gives it again for
    the same row; an edit behind its back that leaves the version as it was must still be
    read, and caught, on the next load (of the state, and of the log's head)."""
    game = await _game(store, 6004, 3)
    read = await store.get_game(game.id)
    assert read is not None and read.integrity_problem() is None
    assert await store.get_game(game.id) is read  # the same row: the same record
    assert read.state_json is not None
    edited = read.state_json.replace('"seed":', '"seed": ', 1)
    await _forge(backend, "UPDATE games SET state_json = ? WHERE id = ?", edited, game.id)
    loaded = await store.get_game(game.id)
    assert loaded is not None and loaded.version == read.version
    assert loaded.state_json == edited
    assert loaded.integrity_problem() == (
        f"the stored state does not match its last logged action (seq {read.head.seq})"
        if read.head is not None
        else "the stored state is not the state the game started with"
    )
    await _forge(backend, "UPDATE games SET state_json = ? WHERE id = ?", read.state_json, game.id)
    log = await store.actions(game.id)
    await _forge_last_action(backend, game, log)
    loaded = await store.get_game(game.id)
    assert loaded is not None and loaded.integrity_problem() == (
        f"the last logged action (seq {log[-1].seq}) does not match the log's hash chain"
    )


async def test_an_edited_middle_row_is_found_by_check(store: GameStore, backend: Backend) -> None:
    """Loading checks only the head; ``db check`` walks the whole chain."""
    game = await _game(store, 6004, 5)
    log = await store.actions(game.id)
    await _forge(
        backend,
        "UPDATE actions SET seat = ? WHERE game_id = ? AND seq = ?",
        "p9",
        game.id,
        log[1].seq,
    )
    problems = await _problems(backend)
    assert len(problems) == 1
    assert f"game {game.id} (" in problems[0] and f"logged action {log[1].seq}" in problems[0]


async def test_an_edited_starting_state_is_caught(store: GameStore, backend: Backend) -> None:
    """Issue 18: a state edited before the first move (p1 holding p2's cards) played on. The
    game's initial hash no longer matches it."""
    game = await _game(store, 6005, 0)
    assert game.state_json is not None and game.head is None
    await backend.raw(
        "UPDATE games SET state_json = ? WHERE id = ?", edit_a_hand(game.state_json), game.id
    )
    loaded = await store.get_game(game.id)
    assert loaded is not None
    assert loaded.integrity_problem() == "the stored state is not the state the game started with"
    problems = await _problems(backend)
    assert len(problems) == 1 and f"game {game.id} (" in problems[0]
    assert "not the state the game started with" in problems[0]


async def test_games_logged_before_the_chain_get_it_when_the_store_opens(
    store: GameStore, backend: Backend
) -> None:
    """Rows written before migration 0006 (PostgreSQL 0004) have no chain hash, and games
    no initial hash; the store computes them from what is stored when it next opens (the
    start is known only for a game with nothing played: its stored state)."""
    played = await _game(store, 6006, 4, batch=2)
    fresh = await _game(store, 6007, 0)
    await store.close()
    await _forge(backend, "UPDATE actions SET chain_hash = NULL, state_hash = NULL")
    await backend.raw("UPDATE games SET initial_hash = NULL")
    reopened = backend.store()
    await reopened.open()
    try:
        for game in (played, fresh):
            again = await reopened.get_game(game.id)
            assert again is not None and again.integrity_problem() is None
        log = await reopened.actions(played.id)
        assert all(a.chain_hash is not None for a in log)
        assert log[-1].state_hash == state_digest(str(played.state_json))
        fresh_again = await reopened.get_game(fresh.id)
        assert fresh_again is not None and fresh_again.initial_hash == fresh.initial_hash
        assert await _problems(backend) == []
    finally:
        await reopened.close()


async def test_garbage_in_a_log_row_stops_only_that_game(
    store: GameStore, backend: Backend
) -> None:
    """Garbage where the last move was (still JSON, so both databases take it): that game
    is refused on load, every other game reads as before, and check names it."""
    game = await _game(store, 6008, 3)
    other = await _game(store, 6009, 3)
    last = (await store.actions(game.id))[-1]
    await _forge(
        backend,
        "UPDATE actions SET action_json = ? WHERE game_id = ? AND seq = ?",
        '{"type": "\u00ff\u00fegarbage"}',
        game.id,
        last.seq,
    )
    games = {g.id: g for g in await store.open_games()}
    assert games[game.id].integrity_problem() is not None
    assert games[other.id].integrity_problem() is None
    problems = await _problems(backend)
    assert len(problems) == 1 and f"game {game.id} (" in problems[0]


async def test_bytes_that_are_not_utf8_stop_only_their_game(
    sqlite_backend: Backend, clock: Any
) -> None:
    """SQLite keeps whatever bytes a damaged file holds (PostgreSQL refuses text that is not
    UTF-8 on the way in): reading every open game no longer fails; the damaged one carries
    what is wrong, and check names it."""
    backend = sqlite_backend
    store = backend.store(now=clock)
    await store.open()
    try:
        game = await _game(store, 6010, 2)
        other = await _game(store, 6011, 2)
        await _forge(
            backend,
            "UPDATE games SET seats_json = CAST(? AS TEXT) WHERE id = ?",
            b'[{"seat": "p1", "user_id": 1, "name": "\xff\xfe"}]',
            game.id,
        )
        games = {g.id: g for g in await store.open_games()}
        assert games[game.id].integrity_problem() == (
            f"game row {game.id} is damaged: seats_json cannot be read as written"
        )
        assert games[other.id].integrity_problem() is None
    finally:
        await store.close()
    problems = await _problems(backend)
    assert len(problems) == 1 and "not UTF-8 in seats_json" in problems[0]
