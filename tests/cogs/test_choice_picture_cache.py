"""Choice pictures are drawn once per (state, page) (issue 23 point 2): re-opening a menu
draws nothing, a new state draws its own picture, and the key names the stored state itself,
so a state that comes back after an undo is never shown another state's picture."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

import bot.presenter as presenter
import render
from bot.presenter import choices_key
from bot.rendering import PictureCache
from bot.service import spec_of
from tests.cogs.helpers import open_id, open_table, press_action, prompt
from tests.harness import Harness


class _Drawn:
    """Counts the choice pictures the renderer draws (the real ones, passed through)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        draw = render.render_choices

        def counted(*args: Any) -> Any:
            self.count += 1
            return draw(*args)

        for module in (render, presenter):  # wherever the presenter finds it
            if getattr(module, "render_choices", None) is draw:
                monkeypatch.setattr(module, "render_choices", counted)


async def test_issue23_2_reopening_a_menu_draws_no_picture(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = harness
    drawn = _Drawn(monkeypatch)
    members = await open_table(h, "ilos", ["anna", "ben"])
    rnd = random.Random(5)
    for _turn in range(30):
        game = await h.bot.store.get_game(1)
        assert game is not None and game.status == "active"
        spec = spec_of(game)
        state = h.bot.service.state_of(game)
        seat = sorted(spec.to_act(state))[0]
        actor = next(m for m in members if game.seat_of(m.id) == seat)
        before = drawn.count
        menu = await h.click(actor, prompt(h), custom_id=open_id(prompt(h)))
        pictures = await menu.images()
        if pictures:
            assert drawn.count == before + 1
            again = await h.click(actor, prompt(h), custom_id=open_id(prompt(h)))
            assert drawn.count == before + 1, "the same menu was drawn again"
            assert [p.tobytes() for p in await again.images()] == [p.tobytes() for p in pictures]
            # the action press shows the next menu if the player still acts, drawing the
            # new state's picture; opening it afterwards draws nothing more
            before = drawn.count
            count = len(spec.legal_actions(state, seat))
            await press_action(h, actor, again, spec, state, rnd.randrange(count))
            await h.advance(30)
            game = await h.bot.store.get_game(1)
            assert game is not None
            state = h.bot.service.state_of(game)
            seat = sorted(spec.to_act(state))[0]
            actor = next(m for m in members if game.seat_of(m.id) == seat)
            menu = await h.click(actor, prompt(h), custom_id=open_id(prompt(h)))
            new = await menu.images()
            if new:
                assert drawn.count == before + 1, "the new state's picture was not drawn once"
                assert [p.tobytes() for p in new] != [p.tobytes() for p in pictures]
            return
        count = len(spec.legal_actions(state, seat))
        await press_action(h, actor, menu, spec, state, rnd.randrange(count))
        await h.advance(30)
    raise AssertionError("no menu came with a picture")


async def test_issue23_2_picture_key_is_the_state_not_the_version(harness: Harness) -> None:
    """An undo writes the earlier state at a new version: same key as that state's. Another
    state at the same version, another seat, language or page: another key."""
    h = harness
    await open_table(h, "ilos", ["anna", "ben"])
    game = await h.bot.store.get_game(1)
    assert game is not None and game.state_json is not None
    marks = [(1, "a"), (2, "b")]
    key = choices_key(game, "p1", "en", marks)
    assert (
        choices_key(dataclasses.replace(game, version=game.version + 7), "p1", "en", marks) == key
    )
    changed = dataclasses.replace(game, state_json=game.state_json.replace('"p1"', '"p1" '))
    assert choices_key(changed, "p1", "en", marks) != key
    assert choices_key(game, "p2", "en", marks) != key
    assert choices_key(game, "p1", "ko", marks) != key
    assert choices_key(game, "p1", "en", [(1, "c")]) != key


def test_issue23_2_picture_cache_keeps_the_latest_few() -> None:
    cache: PictureCache[str] = PictureCache(2)
    cache.put("a", "A")
    cache.put("b", "B")
    assert cache.get("a") == "A"  # now "b" is the least recently used
    cache.put("c", "C")
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == ("A", None, "C")
    assert len(cache) == 2
