"""Issue 19 point 7, through the harness in Korean: ``/game abandon`` is told in the channel;
after a timeout answered a decision the next post pings whoever must act; the closed-DM
notice comes once per game; a player's own secret steps edit their private DM in place; the
lobby does not ping its creator; ``/game status`` shows no internal numbers."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import spec_of
from db.store import GameRecord
from tests.cogs.helpers import open_id, open_table, press_action, prompt
from tests.harness import Harness

NAMES = ["민지", "서준", "하린"]


async def _state(h: Harness) -> tuple[GameRecord, Any]:
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None
    return game, h.bot.service.state_of(game)


@pytest.mark.guild_locale("ko")
async def test_issue19_7_abandon_is_told_in_the_channel_and_old_prompts_say_so(
    harness: Harness,
) -> None:
    h = harness
    members = [h.member(n, locale="ko") for n in NAMES[:2]]
    await open_table(h, "ilos", NAMES[:2])
    old_prompt = prompt(h)
    confirm = await h.slash(members[0], "game abandon")
    await h.click(members[0], confirm, custom_id=confirm.custom_ids[0])
    told = h.last_message()
    assert "민지" in told.content or f"<@{members[0].id}>" in told.content
    assert "포기했습니다" in told.content, told.content
    assert not h.pinged(told), "the announcement pings nobody"
    late = await h.click(members[1], old_prompt, custom_id=open_id(old_prompt))
    assert "포기되었습니다" in late.content, late.content


@pytest.mark.guild_locale("ko")
async def test_issue19_7_the_lobby_does_not_ping_its_creator(harness: Harness) -> None:
    h = harness
    minji = h.member("민지", locale="ko")
    await h.slash(minji, "game new", kind="ilos")
    lobby = h.last_message()
    assert f"<@{minji.id}>" in lobby.content
    assert not h.pinged(lobby)


@pytest.mark.guild_locale("ko")
async def test_issue19_7_closed_dms_told_once_and_own_secret_steps_edit_one_dm(
    harness: Harness,
) -> None:
    """AOR setup (DP-2 return a card, DP-3 capital ranking, DP-4 bid) is secret: each step
    updates the stepping player's private view."""
    h = harness
    members = [h.member(n, locale="ko") for n in NAMES]
    seojun = members[1]
    h.env.backend.get_dm_channel(seojun.id)  # the DM channel exists; sending to it fails
    h.close_dms(seojun)
    await open_table(h, "renaissance", NAMES)
    h.expect_logged_errors()
    game, state = await _state(h)
    spec = spec_of(game)
    first = min(members, key=lambda m: str(game.seat_of(m.id)))
    for member in sorted(members, key=lambda m: str(game.seat_of(m.id))):  # p1 first
        seat = game.seat_of(member.id)
        assert seat is not None
        steps = 0
        while seat in spec.to_act(state) and steps < 6:
            menu = await h.click(member, prompt(h), custom_id=open_id(prompt(h)))
            legal = spec.legal_actions(state, seat)
            await press_action(h, member, menu, spec, state, len(legal) - 1)
            game, state = await _state(h)
            steps += 1
        if member is first:
            assert steps > 1, "several own secret steps"
            dms = h.dms(member)
            assert len(dms) <= 2, "the start DM, then one DM edited by each own step"
    h.expect_logged_errors()
    notes = [m for m in h.messages() if "DM을 보낼 수 없습니다" in m.content]
    assert len(notes) == 1, "the closed-DM notice is posted once per game"
    assert h.pinged(notes[0]) == {seojun.id}


@pytest.mark.guild_locale("ko")
async def test_issue18_8_a_restart_edits_the_same_dm_and_tells_closed_dms_once(
    harness: Harness,
) -> None:
    """Issue 18 point 8: the DM a player's next own step edits, and the closed-DM notice
    already given, were remembered by one process only. After a restart between two own
    secret steps (AOR setup), the second step still edits the first step's DM, and a
    player whose DMs are closed is not announced in the channel a second time."""
    h = harness
    members = [h.member(n, locale="ko") for n in NAMES]
    seojun = members[1]
    h.env.backend.get_dm_channel(seojun.id)
    h.close_dms(seojun)
    await open_table(h, "renaissance", NAMES)
    game, _ = await _state(h)
    spec = spec_of(game)
    first = next(m for m in members if game.seat_of(m.id) == "p1")

    async def step(member: Any) -> None:
        game, state = await _state(h)
        seat = game.seat_of(member.id)
        assert seat in spec.to_act(state)
        menu = await h.click(member, prompt(h), custom_id=open_id(prompt(h)))
        await press_action(h, member, menu, spec, state, len(spec.legal_actions(state, seat)) - 1)

    await step(first)
    before = [m.content for m in h.dms(first)]
    await h.restart()
    await step(first)
    after = [m.content for m in h.dms(first)]
    assert len(after) == len(before), "a new DM instead of editing the own step's DM"
    assert after[-1] != before[-1], "the own step's DM was not updated"
    while "p1" in spec.to_act((await _state(h))[1]):
        await step(first)  # (the menu helper plays the first seat that acts)
    await step(seojun)  # his private view cannot be sent either
    h.expect_logged_errors()
    notes = [m for m in h.messages() if "DM을 보낼 수 없습니다" in m.content]
    assert len(notes) == 1, "the closed-DM notice was posted again after the restart"


@pytest.mark.guild_locale("ko")
async def test_issue19_7_after_a_timeout_the_next_post_pings_whoever_acts(
    harness: Harness,
) -> None:
    h = harness
    members = [h.member(n, locale="ko") for n in NAMES]
    await open_table(h, "renaissance", NAMES)
    game, state = await _state(h)
    spec = spec_of(game)
    assert spec.to_act(state) == {"p1", "p2", "p3"}  # DP-2: every player returns a card
    posts = len(h.messages())
    for _ in range(5):
        await h.advance(12 * 3600)  # past REFEREE_TIMEOUT_HOURS (48)
    game, state = await _state(h)
    after = [m for m in h.messages()[posts:] if "⏰" in m.content]
    assert len(after) == 1, [m.content for m in h.messages()[posts:]]
    acting = spec.to_act(state)
    assert acting, "a new decision waits"
    users = {u.user_id for s in acting if (u := game.user_of(s)) and u.user_id}
    assert h.pinged(after[0]) == users, "everyone who must decide now is pinged"
    assert {m.id for m in members} >= users
