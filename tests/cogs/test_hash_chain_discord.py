"""One edited or damaged game stops alone (issue 18 point 4), through the harness.

The log is a hash chain and each game's starting state is hashed at start; loading a game
checks the head of its chain. An edited last move, an edited starting state, garbage in a log
row or bytes that are not UTF-8 in a game row stop that game: its players are told (in their
language), the operator gets one log line, every other channel plays on, a restart still
starts, and ``python -m db check`` names the game.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from bot.service import new_secret
from db.tools import check
from tests.cogs.helpers import component_dicts, open_table, press_first_choice
from tests.db.populate import edit_a_hand
from tests.db.test_hash_chain import _another_legal_move
from tests.harness import Harness, custom_ids, running

KIND = "endeavor"
STOPPED_EN = "does not match its move log or is damaged"
STOPPED_KO = "행동 기록과 맞지 않거나 손상되어"


async def _table(h: Harness, channel: str, names: list[str]) -> tuple[Any, list[Any]]:
    table = h.channel(channel)
    members = [h.member(n) for n in names]
    await h.slash(members[0], "game new", table, kind=KIND)
    for m in members[1:]:
        await h.slash(m, "game join", table)
    await h.slash(members[0], "game start", table)
    return table, members


async def _move(h: Harness, table: Any, members: list[Any]) -> None:
    """The acting member opens the latest prompt in ``table`` and takes the first choice."""
    message = next(
        m
        for m in h.newest_first(table)
        if any(i.startswith("rf:open:") for i in custom_ids(component_dicts(m)))
    )
    open_button = next(i for i in custom_ids(component_dicts(message)) if i.startswith("rf:open:"))
    actor = next(m for m in members if f"<@{m.id}>" in message.content.split("To act:")[-1])
    versions = await _version(h, table)
    menu = await h.click(actor, message, custom_id=open_button)
    await press_first_choice(h, actor, menu)
    assert await _version(h, table) > versions, "the move was not taken"


async def _version(h: Harness, table: Any) -> int:
    game = await h.bot.store.current_game(table.id)
    assert game is not None
    return game.version


def _edit(h: Harness, sql: str, *params: Any) -> None:
    """Someone editing the database file by hand (the append-only trigger taken away)."""
    with sqlite3.connect(h.db_path) as conn:
        conn.execute("DROP TRIGGER IF EXISTS actions_only_marked_undone")
        conn.execute("PRAGMA ignore_check_constraints = ON")
        conn.execute(sql, params)


async def _problems(h: Harness) -> list[str]:
    return (await check(str(h.db_path))).problems


async def test_an_edited_last_move_stops_that_game_only(harness: Harness) -> None:
    """Issue 18: the last log row's action changed to another legal move was played on."""
    h = harness
    names = ["지우", "bob"]
    h.member(names[0], locale="ko")
    members = await open_table(h, KIND, names)
    table = h.channel()
    await _move(h, table, members)
    await _move(h, table, members)
    other, others = await _table(h, "second-table", ["cara", "dan"])
    game = await h.bot.store.current_game(table.id)
    assert game is not None
    log = await h.bot.store.actions(game.id)
    _edit(
        h,
        "UPDATE actions SET action_json = ? WHERE game_id = ? AND seq = ?",
        _another_legal_move(game, log),
        game.id,
        log[-1].seq,
    )
    korean = await h.slash(members[0], "game status")
    assert STOPPED_KO in korean.content and korean.ephemeral
    logged = h.expect_logged_errors()
    assert len(logged) == 1 and f"game {game.id} (channel {table.id}) stopped" in logged[0]
    assert "hash chain" in logged[0]
    english = await h.slash(members[1], "game board")
    assert STOPPED_EN in english.content
    h.expect_logged_errors()
    await _move(h, other, others)  # the other channel plays on
    assert "To act" in (await h.slash(others[0], "game status", other)).content
    problems = await _problems(h)
    assert len(problems) == 1 and f"game {game.id} (" in problems[0], problems


async def test_an_edited_starting_state_stops_that_game(harness: Harness) -> None:
    """Issue 18: a state edited before the first logged move (one player holding another's
    cards) played on; now it no longer matches the game's starting hash."""
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"])
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None and game.state_json is not None
    assert not await h.bot.store.actions(game.id)
    _edit(h, "UPDATE games SET state_json = ? WHERE id = ?", edit_a_hand(game.state_json), game.id)
    reply = await h.slash(members[0], "game hand")
    assert STOPPED_EN in reply.content
    logged = h.expect_logged_errors()
    assert len(logged) == 1 and "not the state the game started with" in logged[0]
    problems = await _problems(h)
    assert len(problems) == 1 and f"game {game.id} (" in problems[0], problems


async def test_damaged_bytes_stop_only_their_game_and_start_up_survives(harness: Harness) -> None:
    """Issue 18: bytes that are not UTF-8 in one game row (or garbage in a log row) made
    start-up die with a traceback and ``db check`` say all was well. Now start-up goes on,
    each damaged game is stopped alone, and check names both."""
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"])
    await _move(h, h.channel(), members)
    garbled, garbled_members = await _table(h, "garbled", ["cara", "dan"])
    await _move(h, garbled, garbled_members)
    healthy, healthy_members = await _table(h, "healthy", ["eve", "fay"])
    damaged = await h.bot.store.current_game(h.channel().id)
    other = await h.bot.store.current_game(garbled.id)
    assert damaged is not None and damaged.state_json is not None and other is not None
    raw = damaged.state_json.encode()
    at = raw.index(b'"seats":') + 10
    _edit(
        h,
        "UPDATE games SET state_json = CAST(? AS TEXT) WHERE id = ?",
        raw[:at] + b"\xff\xfe" + raw[at + 2 :],
        damaged.id,
    )
    last = (await h.bot.store.actions(other.id))[-1]
    _edit(
        h,
        "UPDATE actions SET action_json = ? WHERE game_id = ? AND seq = ?",
        '{"type": "�garbage"}',
        other.id,
        last.seq,
    )
    await h.restart()  # start-up reads every open game
    assert STOPPED_EN in (await h.slash(members[0], "game status")).content
    assert STOPPED_EN in (await h.slash(garbled_members[0], "game log", garbled)).content
    logged = h.expect_logged_errors()
    assert len(logged) == 2, logged
    assert "state_json cannot be read as written" in logged[0]
    await _move(h, healthy, healthy_members)  # every other channel plays on
    problems = await _problems(h)
    assert len(problems) == 2, problems
    assert f"game {damaged.id} (" in problems[0] and "not UTF-8 in state_json" in problems[0]
    assert f"game {other.id} (" in problems[1] and "hash chain" in problems[1]


async def test_a_takeback_to_the_start_keeps_the_chain_whole(tmp_path: Path) -> None:
    """A game on a 256-bit secret, one move taken back by vote: the state rebuilt from the
    secret is byte for byte the one the game started with (its initial hash), so the game
    plays on, and the chain from there on checks clean."""
    async with running(tmp_path / "referee.sqlite3", seed=new_secret()) as h:
        members = await open_table(h, KIND, ["alice", "bob"])
        await _move(h, h.channel(), members)
        game = await h.bot.store.current_game(h.channel().id)
        assert game is not None and game.head is not None
        mover = next(m for m in members if game.seat_of(m.id) == game.head.seat)
        other = next(m for m in members if m is not mover)
        ask = await h.slash(mover, "game undo")
        yes = next(i for i in ask.custom_ids if i.endswith(":y"))
        await h.click(other, ask, custom_id=yes)
        back = await h.bot.store.current_game(h.channel().id)
        assert back is not None and back.head is None and back.integrity_problem() is None
        assert "To act" in (await h.slash(members[0], "game status")).content
        await _move(h, h.channel(), members)
        await _move(h, h.channel(), members)
        assert await _problems(h) == []
