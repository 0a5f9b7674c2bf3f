"""Lobby and table flows through the real discord.py client (issue 2, items 6-8)."""

from __future__ import annotations

import asyncio

from bot.errors import UserError
from bot.service import spec_of
from db.sqlite import SqliteStore
from tests.cogs.helpers import acting_member, open_id, open_table, press_first_choice, prompt
from tests.harness import Harness, Reply

KIND = "endeavor"


async def test_new_join_start_posts_board_and_mentions_first_player(harness: Harness) -> None:
    h = harness
    alice, bob = h.member("alice"), h.member("bob")
    lobby = await h.slash(alice, "game new", kind=KIND)
    assert not lobby.ephemeral
    assert "rf:lobby:1:join" in lobby.custom_ids
    joined = await h.click(bob, lobby, custom_id="rf:lobby:1:join")
    assert "bob" in joined.content
    started = await h.slash(alice, "game start")
    assert started.ephemeral
    last = prompt(h)
    assert last.attachments and last.attachments[0].filename.endswith(".png")
    assert (await last.attachments[0].read()).startswith(b"\x89PNG")
    mentioned = acting_member(h, [alice, bob])
    assert mentioned in (alice, bob)


async def test_one_game_per_channel_and_lobby_rules(harness: Harness) -> None:
    h = harness
    alice, bob, carol = h.member("alice"), h.member("bob"), h.member("carol")
    await h.slash(alice, "game new", kind=KIND)
    again = await h.slash(bob, "game new", kind=KIND)
    assert again.ephemeral and "already has a game" in again.content
    twice = await h.slash(alice, "game join")
    assert twice.ephemeral and "already" in twice.content
    early = await h.slash(alice, "game start")
    assert "At least 2 players" in early.content
    await h.slash(bob, "game join")
    not_creator = await h.slash(bob, "game start")
    assert not_creator.ephemeral and "Only the player who opened" in not_creator.content
    left = await h.slash(bob, "game leave")
    assert "bob" not in left.content.split("Players:")[-1]
    stranger = await h.slash(carol, "game leave")
    assert stranger.ephemeral and "not in this game" in stranger.content


async def test_malformed_and_unknown_options_are_refused_plainly(harness: Harness) -> None:
    h = harness
    alice = h.member("alice")
    bad = await h.slash(alice, "game new", kind=KIND, options="board_sid=B")
    assert bad.ephemeral and 'Unknown option "board_sid"' in bad.content
    worse = await h.slash(alice, "game new", kind=KIND, options="nonsense")
    assert worse.ephemeral and "name=value" in worse.content
    status = await h.slash(alice, "game status")
    assert "no game" in status.content


async def test_status_board_and_log(harness: Harness) -> None:
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"])
    status = await h.slash(members[0], "game status")
    assert status.ephemeral and "To act:" in status.content
    board = await h.slash(members[1], "game board")
    assert board.ephemeral and (await board.images())[0].width <= 1600
    empty = await h.slash(members[0], "game log")
    assert "Nothing has happened" in empty.content
    actor = acting_member(h, members)
    menu = await h.click(actor, prompt(h), custom_id=open_id(prompt(h)))
    await press_first_choice(h, actor, menu)
    log = await h.slash(members[0], "game log")
    assert "`   1`" in log.content


async def test_out_of_turn_and_unseated_presses_change_nothing(harness: Harness) -> None:
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"])
    outsider = h.member("mallory")
    before = len(h.messages())
    message = prompt(h)
    actor = acting_member(h, members)
    other = next(m for m in members if m is not actor)
    wrong = await h.click(other, message, custom_id=open_id(message))
    assert wrong.ephemeral and "not your turn" in wrong.content
    nobody = await h.click(outsider, message, custom_id=open_id(message))
    assert nobody.ephemeral and "do not have a seat" in nobody.content
    assert len(h.messages()) == before


async def test_stale_button_is_out_of_date_and_changes_nothing(harness: Harness) -> None:
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"])
    actor = acting_member(h, members)
    first_prompt = prompt(h)
    older_menu = await h.click(actor, first_prompt, custom_id=open_id(first_prompt))
    newer_menu = await h.click(actor, first_prompt, custom_id=open_id(first_prompt))
    await press_first_choice(h, actor, newer_menu)
    count = len(h.messages())
    again = await press_first_choice(h, actor, older_menu)
    assert "out of date" in again.content
    # An older channel prompt is still a way in: it opens the menu of the current state,
    # so for the player who just moved it says whose turn it is now.
    stale_open = await h.click(actor, first_prompt, custom_id=open_id(first_prompt))
    assert "not your turn" in stale_open.content
    assert len(h.messages()) == count


async def test_two_presses_of_the_same_button_apply_once(harness: Harness) -> None:
    """Two menus of the same version pressed one after the other: the second is out of date."""
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"])
    actor = acting_member(h, members)
    menu = await h.click(actor, prompt(h), custom_id=open_id(prompt(h)))
    twin = await h.click(actor, prompt(h), custom_id=open_id(prompt(h)))
    first = await press_first_choice(h, actor, menu)
    second = await press_first_choice(h, actor, twin)
    assert "out of date" not in first.content
    assert "out of date" in second.content
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None
    human = [a for a in await h.bot.store.actions(game.id) if a.user_id == actor.id]
    assert len(human) == 1, "the same button applied twice"


async def test_simultaneous_presses_reach_the_service_and_apply_once(harness: Harness) -> None:
    """The race itself: two handlers for one prompt enter the GameService at the same time."""
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"])
    actor = acting_member(h, members)
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None

    def first_action(state: object, seat: str) -> list[object]:
        return [spec_of(game).legal_actions(state, seat)[0]]

    results = await asyncio.gather(
        *[
            h.bot.service.act(
                h.channel().id,
                actor.id,
                first_action,
                interaction_id=900 + i,
                expected_version=game.version,
            )
            for i in range(2)
        ],
        return_exceptions=True,
    )
    failures = [r for r in results if isinstance(r, UserError)]
    assert len(failures) == 1 and failures[0].key == "error.stale_prompt"
    after = await h.bot.store.current_game(h.channel().id)
    assert after is not None
    human = [a for a in await h.bot.store.actions(after.id) if a.user_id == actor.id]
    assert len(human) == 1


async def test_undo_needs_every_other_players_approval(harness: Harness) -> None:
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"])
    actor = acting_member(h, members)
    other = next(m for m in members if m is not actor)
    nothing = await h.slash(other, "game undo")
    assert "no action to take back" in nothing.content
    menu = await h.click(actor, prompt(h), custom_id=open_id(prompt(h)))
    await press_first_choice(h, actor, menu)
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None
    version = game.version
    ask = await h.slash(actor, "game undo")
    assert not ask.ephemeral and f"<@{other.id}>" in ask.content
    yes = next(i for i in ask.custom_ids if i.endswith(":y"))
    self_vote = await h.click(actor, ask, custom_id=yes)
    assert "Only the other players" in self_vote.content
    await h.click(other, ask, custom_id=yes)
    after = await h.bot.store.current_game(h.channel().id)
    assert after is not None and after.version == version + 1
    log = await h.bot.store.actions(after.id)
    assert all(a.user_id != actor.id for a in log), "the undone action is still live"
    kept = await h.bot.store.actions(after.id, include_undone=True)
    assert any(a.undone for a in kept), "undone actions are kept, never deleted"


async def test_abandon_asks_for_confirmation_and_needs_rights(harness: Harness) -> None:
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"])
    refused = await h.slash(members[1], "game abandon")
    assert refused.ephemeral and "Only the game's creator" in refused.content
    mod = h.member("mod", manage_channels=True)
    confirm = await h.slash(mod, "game abandon")
    assert confirm.ephemeral
    assert await h.bot.store.current_game(h.channel().id) is not None, "asking must not abandon yet"
    done = await h.click(mod, confirm, custom_id=confirm.custom_ids[0])
    assert "abandoned" in done.content
    assert await h.bot.store.current_game(h.channel().id) is None


def _seat_button(reply: Reply, role: str) -> str:
    return next(i for i in reply.custom_ids if i.startswith("rf:seat:") and i.endswith(role))


async def test_replace_needs_the_takers_and_the_holders_consent(harness: Harness) -> None:
    """Issue 9: a seat changes hands only when the taker and the holder both press."""
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"])
    bob = members[1]
    dave, eve = h.member("dave"), h.member("eve")
    mod = h.member("mod", manage_channels=True)
    offer = await h.slash(members[0], "game replace", old=bob, new=dave)
    assert not offer.ephemeral and f"<@{dave.id}>" in offer.content
    take, give, confirm = (_seat_button(offer, r) for r in ("take", "give", "mod"))
    assert "Only the player in that seat" in (await h.click(dave, offer, custom_id=give)).content
    assert "Only the person offered" in (await h.click(eve, offer, custom_id=take)).content
    assert "still on the server" in (await h.click(mod, offer, custom_id=confirm)).content
    noted = await h.click(dave, offer, custom_id=take)
    assert noted.ephemeral and "other person agrees" in noted.content
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None and game.seat_of(bob.id) is not None, "one consent moved the seat"
    done = await h.click(bob, offer, custom_id=give)
    assert "takes over" in done.content
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None and game.seat_of(dave.id) is not None and game.seat_of(bob.id) is None


async def test_seat_consents_are_kept_in_the_store_across_a_restart(harness: Harness) -> None:
    """Issue 18 point 8: seat offers kept their consents in one process's memory, so Take
    and Give pressed on two processes (or before and after a restart) never met. Take is
    pressed, the bot restarts, Give is pressed: the seat changes hands once, under the
    name the taker pressed Take with."""
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"])
    bob = members[1]
    dave = h.member("dave", nick="데이브")
    offer = await h.slash(members[0], "game replace", old=bob, new=dave)
    take, give = _seat_button(offer, "take"), _seat_button(offer, "give")
    await h.click(dave, offer, custom_id=take)
    await h.restart()
    done = await h.click(bob, offer, custom_id=give)
    assert "takes over" in done.content
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None and game.seat_of(bob.id) is None
    assert [s.name for s in game.seats if s.user_id == dave.id] == ["데이브"]


async def test_a_moderator_confirms_for_a_player_who_left_and_creator_rights_move(
    harness: Harness,
) -> None:
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"])
    alice = members[0]
    carol, mod = h.member("carol"), h.member("mod", manage_channels=True)
    offer = await h.slash(members[1], "game replace", old=alice, new=carol)
    h.guild.remove_member(alice)
    await h.click(carol, offer, custom_id=_seat_button(offer, "take"))
    done = await h.click(mod, offer, custom_id=_seat_button(offer, "mod"))
    assert "takes over" in done.content
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None and game.seat_of(carol.id) is not None
    assert game.creator_id == carol.id, "the creator's rights go with the creator's seat"


async def test_bot_accounts_cannot_take_a_seat(harness: Harness) -> None:
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"])
    robot = h.guild.add_member(h.env.create_user("robot", bot=True))
    refused = await h.slash(members[0], "game replace", old=members[1], new=robot)
    assert refused.ephemeral and "Bot accounts cannot" in refused.content


async def test_bot_seat_plays_itself(harness: Harness) -> None:
    h = harness
    alice = h.member("alice")
    await h.slash(alice, "game new", kind=KIND)
    await h.slash(alice, "game add-bot")
    await h.slash(alice, "game start")
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None
    if acting_member(h, [alice]) is alice:
        menu = await h.click(alice, prompt(h), custom_id=open_id(prompt(h)))
        await press_first_choice(h, alice, menu)
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None
    bot_moves = [a for a in await h.bot.store.actions(game.id) if a.user_id is None]
    assert bot_moves, "the bot seat never moved"


async def test_buttons_survive_a_restart(harness: Harness) -> None:
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"])
    message = prompt(h)
    actor = acting_member(h, members)
    await h.restart()
    menu = await h.click(actor, message, custom_id=open_id(message))
    assert menu.ephemeral and any(i.startswith(("rf:act:", "rf:sel:")) for i in menu.custom_ids)
    await press_first_choice(h, actor, menu)
    store = SqliteStore(str(h.db_path))
    await store.open()
    try:
        game = await store.current_game(h.channel().id)
        assert game is not None and len(await store.actions(game.id)) >= 1
    finally:
        await store.close()


async def test_rules_topics_autocomplete_and_answer(harness: Harness) -> None:
    h = harness
    alice = h.member("alice")
    choices = await h.autocomplete(alice, "game rules", "topic", "")
    assert choices, "no rules topics offered"
    value = choices[0]["value"]
    answer = await h.slash(alice, "game rules", topic=value)
    assert answer.ephemeral and "Component data" in answer.content
    unknown = await h.slash(alice, "game rules", topic="ilos:nope")
    assert "Unknown rules topic" in unknown.content


async def test_missing_bot_permissions_fail_softly(harness: Harness) -> None:
    """If the bot may not post in the channel, the command still answers and nothing is lost."""
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"])
    actor = acting_member(h, members)
    path = f"/channels/{h.channel().id}/messages"
    h.env.inject_error(
        "POST", path, status=403, code=50013, message="Missing Permissions", times=None
    )
    menu = await h.click(actor, prompt(h), custom_id=open_id(prompt(h)))
    reply = await press_first_choice(h, actor, menu)
    assert reply.ephemeral
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None and len(await h.bot.store.actions(game.id)) >= 1, "the move was lost"
    assert "could not post" in reply.content
    logged = h.expect_logged_errors()
    assert any("Missing Permissions" in line for line in logged)
