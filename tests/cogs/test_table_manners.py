"""Table manners through the harness (issue 8, docs/architecture.md "Table manners"): one channel post per
turn hand-over, pings only for who just became the one to act, never the same board twice in
a row, and one lobby message kept up to date."""

from __future__ import annotations

import hashlib
import itertools
import random
from typing import Any

from bot.presenter import translator
from bot.service import spec_of
from tests.cogs.helpers import (
    component_dicts,
    open_id,
    open_table,
    press_action,
    prompt,
)
from tests.harness import Harness, custom_ids


async def _acting(h: Harness) -> frozenset[str]:
    game = await h.bot.store.get_game(1)
    assert game is not None
    if game.status != "active":
        return frozenset()
    return frozenset(spec_of(game).to_act(h.bot.service.state_of(game)))


async def test_one_post_per_hand_over_pings_only_the_new_actor_no_repeated_board(
    harness: Harness,
) -> None:
    h = harness
    members = await open_table(h, "endeavor", ["alice", "bob"])
    rnd = random.Random(3)
    posts_before = len(h.messages())
    hand_overs = 0
    for _ in range(120):
        acting = await _acting(h)
        if not acting:
            break
        game = await h.bot.store.get_game(1)
        assert game is not None
        seat = sorted(acting)[0]
        actor = next(m for m in members if game.seat_of(m.id) == seat)
        menu = await h.click(actor, prompt(h), custom_id=open_id(prompt(h)))
        count = len(spec_of(game).legal_actions(h.bot.service.state_of(game), seat))
        await press_action(
            h, actor, menu, spec_of(game), h.bot.service.state_of(game), rnd.randrange(count)
        )
        if await _acting(h) != acting:
            hand_overs += 1
        await h.advance(30)
    posts = h.messages()[posts_before:]
    assert hand_overs > 10
    assert len(posts) == hand_overs, "one post per hand-over, none for sub-steps"
    digests = []
    for post in posts:
        assert len(h.pinged(post)) <= 1, "a post pings at most the one player who now acts"
        for att in post.attachments:
            digests.append(hashlib.sha256(await att.read()).hexdigest())
    assert all(a != b for a, b in itertools.pairwise(digests)), "a board was repeated"


async def test_the_lobby_is_one_message_edited_in_place(harness: Harness) -> None:
    h = harness
    alice, bob, carol = h.member("alice"), h.member("bob"), h.member("carol")
    await h.slash(alice, "game new", kind="endeavor")
    joined = await h.slash(bob, "game join")
    assert joined.ephemeral
    await h.slash(carol, "game join")
    await h.slash(carol, "game leave")
    lobbies = [m for m in h.messages() if any(i.startswith("rf:lobby:") for i in _ids(m))]
    assert len(lobbies) == 1, "the lobby is one message"
    assert "bob" in lobbies[0].content and "carol" not in lobbies[0].content
    await h.slash(alice, "game start")
    lobby = next(m for m in h.messages() if m.id == lobbies[0].id)
    assert not _ids(lobby), "the started game's lobby keeps no buttons"


def _ids(message: Any) -> list[str]:
    return custom_ids(component_dicts(message))


async def test_a_hand_over_after_a_restart_tells_the_turns_earlier_steps(
    harness: Harness,
) -> None:
    """Issue 18 point 8 (docs/architecture.md "Table manners"): the public events of a turn's steps
    not posted yet lived only in memory, so after a restart mid-turn (or a step handled by
    another process) the hand-over post left them out. They are derived from the store's
    log when this process did not see them."""
    h = harness
    members = await open_table(h, "endeavor", ["alice", "bob"])
    rnd = random.Random(5)
    expected: list[str] = []
    for _ in range(200):
        acting = await _acting(h)
        assert acting, "the game ended before a turn of several steps"
        game = await h.bot.store.get_game(1)
        assert game is not None
        spec, state = spec_of(game), h.bot.service.state_of(game)
        seat = sorted(acting)[0]
        actor = next(m for m in members if game.seat_of(m.id) == seat)
        menu = await h.click(actor, prompt(h), custom_id=open_id(prompt(h)))
        count = len(spec.legal_actions(state, seat))
        await press_action(h, actor, menu, spec, state, rnd.randrange(count))
        if await _acting(h) == acting:  # a step inside the turn: nothing posted yet
            game = await h.bot.store.get_game(1)
            assert game is not None
            history = await h.bot.service.history(game, None)
            tr = translator(game, "en")
            expected = [tr.text(e.text) for e in history[-1].events]
            if expected:
                break
    assert expected, "no step inside a turn with public events"
    posts = len(h.messages())
    await h.restart()
    while await _acting(h) == acting:
        game = await h.bot.store.get_game(1)
        assert game is not None
        spec, state = spec_of(game), h.bot.service.state_of(game)
        menu = await h.click(actor, prompt(h), custom_id=open_id(prompt(h)))
        await press_action(h, actor, menu, spec, state, 0)
    hand_over = h.messages()[posts:]
    assert len(hand_over) == 1, [m.content for m in hand_over]
    for line in expected:
        assert line in hand_over[0].content, (line, hand_over[0].content)
