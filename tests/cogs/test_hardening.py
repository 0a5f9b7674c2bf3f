"""Trust nothing that comes back from Discord or the disk (issue 9), through the harness.

Forged and malformed component ids, odd option values, a takeback surviving a restart,
the per-user cooldown, and a game whose component data changed under it.
"""

from __future__ import annotations

import sqlite3
from typing import Any

import discord

from tests.cogs.helpers import acting_member, open_id, open_table, press_first_choice, prompt
from tests.harness import Harness

KIND = "endeavor"


async def _forged(h: Harness, custom_id: str) -> Any:
    """A message carrying a button with ``custom_id`` (as a forged client could send it)."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="?", custom_id=custom_id))
    channel = h.bot.get_channel(h.channel().id)
    assert isinstance(channel, discord.TextChannel)
    return await channel.send("forged", view=view)


async def _moved_once(h: Harness, members: list[Any]) -> Any:
    actor = acting_member(h, members)
    menu = await h.click(actor, prompt(h), custom_id=open_id(prompt(h)))
    await press_first_choice(h, actor, menu)
    return actor


async def _snapshot(h: Harness) -> tuple[int, int]:
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None
    return game.version, len(await h.bot.store.actions(game.id, include_undone=True))


async def test_forged_undo_vote_cannot_rewind_without_a_stored_request(harness: Harness) -> None:
    """The old exploit: a forged "approve" naming a requester and a kept position. The button
    now names only game, version and answer; with no stored request nothing happens."""
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"])
    actor = await _moved_once(h, members)
    other = next(m for m in members if m is not actor)
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None
    before = await _snapshot(h)
    old_style = await _forged(h, f"rf:undo:{game.id}:{game.version}:0:{actor.id}:y")
    reply = await h.click(
        other, old_style, custom_id=f"rf:undo:{game.id}:{game.version}:0:{actor.id}:y"
    )
    assert "did not understand" in reply.content
    new_style = await _forged(h, f"rf:undo:{game.id}:{game.version}:y")
    reply = await h.click(other, new_style, custom_id=f"rf:undo:{game.id}:{game.version}:y")
    assert "out of date" in reply.content
    assert await _snapshot(h) == before


async def test_takeback_request_survives_a_restart(harness: Harness) -> None:
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"])
    actor = await _moved_once(h, members)
    other = next(m for m in members if m is not actor)
    ask = await h.slash(actor, "game undo")
    yes = next(i for i in ask.custom_ids if i.endswith(":y"))
    version, _ = await _snapshot(h)
    await h.restart()
    await h.click(other, ask, custom_id=yes)
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None and game.version == version + 1
    assert all(a.user_id != actor.id for a in await h.bot.store.actions(game.id))


async def test_malformed_values_get_a_short_answer_and_change_nothing(harness: Harness) -> None:
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"])
    actor = acting_member(h, members)
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None
    before = await _snapshot(h)
    for value in (f"{game.version}:²", f"{game.version}:" + "9" * 5000, "x" * 90, ":", ""):
        reply = await h.slash(actor, "endeavor start-building", choice=value)
        assert reply.ephemeral and "Pick one of the offered choices" in reply.content, value
    huge_select = await _forged(h, f"rf:act:{game.id}:{game.version}:" + "9" * 80)
    reply = await h.click(
        actor, huge_select, custom_id=f"rf:act:{game.id}:{game.version}:" + "9" * 80
    )
    assert "did not understand" in reply.content
    assert await _snapshot(h) == before
    assert not h.expect_logged_errors()


async def test_per_user_cooldown_refuses_a_flood_politely(harness: Harness) -> None:
    h = harness
    alice = h.member("alice")
    h.bot.cooldown.limit = 5
    replies = [await h.slash(alice, "game status") for _ in range(8)]
    assert all("no game" in r.content for r in replies[:5])
    assert all("Slow down" in r.content for r in replies[5:])
    await h.advance(11)
    later = h.bot.cooldown._clock() + 60.0  # a new window (the cooldown uses a real clock,
    h.bot.cooldown._clock = lambda: later  # whose reading depends on the machine's uptime)
    assert "no game" in (await h.slash(alice, "game status")).content


async def test_a_game_on_other_component_data_is_refused(harness: Harness) -> None:
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"])
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None and game.state_json is not None
    forged = game.state_json.replace('"data_hash":"', '"data_hash":"0', 1)
    await h.bot.store.update_game(game.id, game.version, state_json=forged)
    reply = await h.slash(members[0], "game status")
    assert "different component data" in reply.content
    assert h.expect_logged_errors(), "the operator log says which data sets differ"


async def test_a_hand_edited_state_stops_that_game_only(harness: Harness) -> None:
    """Issue 9: a hand-edited state_json was accepted and played on. Now the stored state is
    checked against the hash its last logged action recorded; other channels play on."""
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"])
    await _moved_once(h, members)
    other_table = h.channel("second-table")
    await h.slash(members[0], "game new", other_table, kind=KIND)
    await h.slash(members[1], "game join", other_table)
    await h.slash(members[0], "game start", other_table)
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None and game.state_json is not None
    edited = game.state_json.replace('"round":', '"round": ', 1)
    assert edited != game.state_json
    with sqlite3.connect(h.db_path) as conn:  # an operator editing the file by hand
        conn.execute("UPDATE games SET state_json = ? WHERE id = ?", (edited, game.id))
    stopped = await h.slash(members[0], "game status")
    assert "does not match its move log" in stopped.content
    logged = h.expect_logged_errors()
    assert any(f"game {game.id}" in line for line in logged), logged
    elsewhere = await h.slash(members[0], "game status", other_table)
    assert "does not match" not in elsewhere.content and "To act" in elsewhere.content


async def test_over_long_game_options_never_reach_the_bot_and_long_garbage_is_refused(
    harness: Harness,
) -> None:
    """Issue 9: /game new options of 5,000 characters crashed the handler. The option now has
    Discord's own length limit (300), and anything within it that is not name=value pairs is
    refused in one short line."""
    h = harness
    alice = h.member("alice")
    try:
        await h.slash(alice, "game new", kind=KIND, options="x" * 5000)
    except Exception as exc:  # Discord (and simcord) refuse an option over its max_length
        assert "300" in str(exc) or "length" in str(exc).lower()
    else:
        raise AssertionError("an option over its length limit reached the bot")
    reply = await h.slash(alice, "game new", kind=KIND, options="=" * 299)
    assert reply.ephemeral and len(reply.content) < 300, reply.content
    assert await h.bot.store.current_game(h.channel().id) is None
    assert not h.expect_logged_errors()
