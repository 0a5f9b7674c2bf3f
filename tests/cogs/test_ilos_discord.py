"""Ilos played in Discord through the harness: commands, autocomplete, DMs and hidden hands (issue 3)."""

from __future__ import annotations

import random
from typing import Any

from bot.i18n import tx
from bot.service import spec_of
from rules.core.replay import GameLog, LoggedAction, replay
from tests.cogs.helpers import (
    acting_member,
    is_menu,
    open_id,
    open_table,
    press_action,
    prompt,
)
from tests.harness import Harness

KIND = "ilos"
WEIGHTS = {
    "cancel": 0,
    "market": 1,
    "end_turn": 1,
    "mulligan": 1,
    "ship": 3,
    "explore": 3,
    "pay": 3,
}
COLONIST_GROUPS = ("farm", "gold_mine", "building", "ruins")


def pick(spec: Any, state: Any, seat: str, rnd: random.Random) -> int:
    """A player who likes placing colonists (so the game reaches its end in reasonable time)."""
    actions = spec.legal_actions(state, seat)
    weights = [
        WEIGHTS.get(spec.action_group(a), 8 if spec.action_group(a) in COLONIST_GROUPS else 2)
        for a in actions
    ]
    if not any(weights):
        weights = [1] * len(actions)
    return rnd.choices(range(len(actions)), weights=weights)[0]


async def state_now(h: Harness) -> tuple[Any, Any]:
    """The channel's game (also once finished) and its state, read from the store."""
    game = await h.bot.store.current_game(h.channel().id)
    if game is None:
        game = await h.bot.store.get_game(1)
    assert game is not None
    return game, h.bot.service.state_of(game)


async def test_ilos_r130_whole_game_by_four_users_with_private_dms(harness: Harness) -> None:
    """ILOS-R130/R132 in Discord: a whole 4-player game; hands reach owners by DM only."""
    h = harness
    members = await open_table(h, KIND, ["ann", "ben", "cal", "dee"])
    rnd = random.Random(11)
    game, state = await state_now(h)
    spec = spec_of(game)
    seats = {m.id: game.seat_of(m.id) for m in members}
    for m in members:
        dm = h.dms(m)
        assert dm and dm[0].attachments, "the opening hand was not sent by DM"
    menu = None
    actor = None
    for _step in range(3000):
        game, state = await state_now(h)
        if game.status != "active":
            break
        current = acting_member(h, members)
        if menu is None or current is not actor or not is_menu(menu):
            actor = current
            menu = await h.click(actor, prompt(h), custom_id=open_id(prompt(h)))
            assert menu.ephemeral and is_menu(menu), menu.content
        index = pick(spec, state, seats[actor.id], rnd)
        menu = await press_action(h, actor, menu, spec, state, index)
        assert "out of date" not in menu.content and "Not allowed" not in menu.content, menu.content
        if _step % 10 == 9:
            await h.expire_menus()
            menu = None  # its view has stopped: the next press opens a new menu
    game, state = await state_now(h)
    assert game.status == "finished", "the game did not end"
    final = h.last_message().content
    assert "Game over" in final
    for m in members:
        assert m.name in final


async def test_ilos_private_events_never_reach_the_channel(harness: Harness) -> None:
    """ILOS-R132: after real turns, no private event text (cards drawn) appears in the channel."""
    h = harness
    members = await open_table(h, KIND, ["ann", "ben"])
    rnd = random.Random(5)
    for _ in range(60):
        game, state = await state_now(h)
        actor = acting_member(h, members)
        menu = await h.click(actor, prompt(h), custom_id=open_id(prompt(h)))
        index = pick(spec_of(game), state, game.seat_of(actor.id), rnd)
        await press_action(h, actor, menu, spec_of(game), state, index)
    game, _state = await state_now(h)
    spec = spec_of(game)
    names = {s.seat: s.name for s in game.seats}
    log = GameLog(
        game=KIND, seats=[s.seat for s in game.seats], seed=game.seed, options=game.options
    )
    private_texts: list[str] = []
    state = spec.new_game(log.seats, spec.Options.model_validate(game.options), game.seed)
    for entry in await h.bot.store.actions(game.id):
        result = spec.apply(state, entry.seat, spec.parse_action(entry.action_json))
        private_texts += [tx(e.text, "en", names) for e in result.events if e.visible_to]
        log.actions.append(
            LoggedAction(seat=entry.seat, action=spec.parse_action(entry.action_json).model_dump())
        )
        state = result.state
    assert replay(spec, log).model_dump_json() == game.state_json, (
        "the stored state is not the log's replay"
    )
    assert private_texts, "no private events happened; the test would prove nothing"
    channel_text = "\n".join(m.content for m in h.messages())
    for text in private_texts:
        assert text not in channel_text
    dm_text = "\n".join(m.content for member in members for m in h.dms(member))
    assert any(text in dm_text for text in private_texts), "private events were not sent by DM"


async def test_ilos_hand_is_ephemeral_and_dm_fallback(harness: Harness) -> None:
    """ILOS-R132: /game hand is ephemeral; with DMs closed the channel only says to use /game hand."""
    h = harness
    ann, ben = h.member("ann"), h.member("ben")
    h.close_dms(ben)
    await h.slash(ann, "game new", kind=KIND)
    await h.slash(ben, "game join")
    await h.slash(ann, "game start")
    h.expect_logged_errors()
    notes = [m.content for m in h.messages() if "cannot send you direct messages" in m.content]
    assert notes and f"<@{ben.id}>" in notes[0]
    hand = await h.slash(ben, "game hand")
    assert hand.ephemeral and (await hand.images()), "the private hand image is missing"
    stranger = await h.slash(h.member("eve"), "game hand")
    assert stranger.ephemeral and "do not have a seat" in stranger.content


async def test_ilos_slash_command_autocomplete_offers_only_legal_choices(harness: Harness) -> None:
    """ILOS-D03: /ilos mulligan offers the legal mulligans to the acting player only."""
    h = harness
    members = await open_table(h, KIND, ["ann", "ben"])
    game, state = await state_now(h)
    spec = spec_of(game)
    actor = acting_member(h, members)
    other = next(m for m in members if m is not actor)
    seat = game.seat_of(actor.id)
    legal = [a for a in spec.legal_actions(state, seat) if spec.action_group(a) == "mulligan"]
    offered = await h.autocomplete(actor, "ilos mulligan", "choice", "")
    assert offered and len(offered) == min(25, len(legal))
    assert await h.autocomplete(other, "ilos mulligan", "choice", "") == []
    chosen = await h.slash(actor, "ilos mulligan", choice=offered[0]["value"])
    assert chosen.ephemeral
    game2, _ = await state_now(h)
    assert game2.version > game.version
    stale = await h.slash(actor, "ilos mulligan", choice=offered[0]["value"])
    assert stale.ephemeral and ("out of date" in stale.content or "not your turn" in stale.content)
    game3, _ = await state_now(h)
    assert game3.version == game2.version
