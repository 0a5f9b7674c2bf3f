"""Issue 23: a hand-over post draws only the board parts that changed since the last post.

Through the harness with a Korean server and the bot's own renderer (its calls counted, not
replaced): every hand-over post still carries every public part of the board, and the parts
whose inputs (``render.part_inputs``) are the same as at the previous post are not drawn
again; their picture is the one posted before."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import spec_of
from render import board_parts, part_inputs, private_inputs, render_board_part, render_private
from tests.cogs.helpers import open_id, open_table, press_action, prompt
from tests.harness import Harness


async def next_post(h: Harness, members: list[Any], pick: int) -> tuple[Any, Any]:
    """Press the acting seat's ``pick``-th legal action (wrapped round) until a post comes;
    returns the post and the state it shows."""
    posts = len(h.messages())
    for _ in range(30):
        game = await h.bot.store.get_game(1)
        assert game is not None
        spec, state = spec_of(game), h.bot.service.state_of(game)
        seat = sorted(spec.to_act(state))[0]
        actor = next(m for m in members if game.seat_of(m.id) == seat)
        menu = await h.click(actor, prompt(h), custom_id=open_id(prompt(h)))
        count = len(spec.legal_actions(state, seat))
        await press_action(h, actor, menu, spec, state, pick % count)
        if len(h.messages()) > posts:
            game = await h.bot.store.get_game(1)
            assert game is not None
            return h.last_message(), h.bot.service.state_of(game)
    raise AssertionError("no hand-over post in 30 presses")


@pytest.mark.guild_locale("ko")
async def test_issue23_hand_over_draws_only_changed_parts(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = harness
    drawn: list[str] = []
    run = h.bot.renderer.run

    async def counted(function: Any, *args: Any) -> Any:
        if function is render_board_part:
            drawn.append(args[2])
        return await run(function, *args)

    monkeypatch.setattr(h.bot.renderer, "run", counted)
    members = await open_table(h, "renaissance", ["민지", "서준", "하린"])
    game = await h.bot.store.get_game(1)
    assert game is not None
    spec = spec_of(game)
    before = spec.view(h.bot.service.state_of(game), None)
    parts = board_parts(before)
    assert sorted(drawn) == sorted(parts), "the start post draws every part"
    reused = 0
    for pick in range(6):
        drawn.clear()
        post, state = await next_post(h, members, pick)
        after = spec.view(state, None)
        changed = [p for p in parts if part_inputs(after, p) != part_inputs(before, p)]
        assert sorted(drawn) == sorted(changed), "only the parts whose inputs changed"
        if changed:
            assert len(post.attachments) == len(parts), "every part, the same ones reattached"
            for attachment in post.attachments:
                assert any("가" <= c <= "힣" for c in attachment.description or ""), (
                    "each with its summary, in Korean"
                )
        reused += len(parts) - len(changed)
        before = after
    assert reused > 0, "some hand-over left a part as it was"


@pytest.mark.guild_locale("ko")
async def test_issue23_private_panel_drawn_again_only_when_it_changes(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = harness
    members = await open_table(h, "renaissance", ["민지", "서준", "하린"])
    drawn: list[str] = []
    run = h.bot.renderer.run

    async def counted(function: Any, *args: Any) -> Any:
        if function is render_private:
            drawn.append(args[0].viewer)
        return await run(function, *args)

    monkeypatch.setattr(h.bot.renderer, "run", counted)
    game = await h.bot.store.get_game(1)
    assert game is not None
    spec, state = spec_of(game), h.bot.service.state_of(game)
    seat = game.seats[0].seat
    first = await h.bot.presenter.private_file(game, state, seat, "ko")
    drawn.clear()
    again = await h.bot.presenter.private_file(game, state, seat, "ko")
    assert first is not None and again is not None
    assert drawn == [], "the same panel again is not drawn again"
    assert again[1] == first[1] and any("가" <= c <= "힣" for c in again[1])
    for pick in range(10):
        await next_post(h, members, pick)
        game = await h.bot.store.get_game(1)
        assert game is not None
        later = h.bot.service.state_of(game)
        if private_inputs(spec.view(later, seat)) != private_inputs(spec.view(state, seat)):
            break
    else:
        raise AssertionError("the seat's panel never changed")
    drawn.clear()
    await h.bot.presenter.private_file(game, later, seat, "ko")
    assert drawn == [seat], "a changed panel is drawn"
