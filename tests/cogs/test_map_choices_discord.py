"""Numbered choice pictures through the bot, in Korean (issue 20, "choice pictures zoom").

A Korean player's private menu for an Age of Renaissance expansion (placing tokens) and for a
Maracaibo sailing comes with a picture of the map zoomed to the marked places: every marked
place lies inside it, the picture covers no more than the marks' span with its context, and
each number, measured in the picture the player received, is at least 14 px tall when the
picture is shown 400 px wide.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.service import spec_of
from render import geo, kit
from tests.cogs.helpers import open_id, open_table, press_action, prompt
from tests.harness import Harness

NAMES = ["민지", "서준", "하린"]


class _Spy:
    """Records the viewports choice pictures zoom to and the boxes of their numbers."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.ports: list[geo.Viewport] = []
        self.pills: list[list[kit.Box]] = []
        zoom, mark = geo.zoom, kit.mark_choices

        def zoom_spy(*args: Any, **kw: Any) -> geo.Viewport:
            port = zoom(*args, **kw)
            self.ports.append(port)
            return port

        def mark_spy(img: Any, placer: kit.Placer, marks: Any, size: int) -> list[kit.Box]:
            before = len(placer.texts)
            out = mark(img, placer, marks, size)
            self.pills.append([b for b, _w in placer.texts[before:]])
            return out

        monkeypatch.setattr(geo, "zoom", zoom_spy)
        monkeypatch.setattr(kit, "mark_choices", mark_spy)


def _digit_height(img: Any, box: kit.Box) -> int:
    """Rows holding the white glyphs of a number inside its red pill (outline left out)."""
    inner = img.convert("RGB").crop(
        (round(box[0]) + 6, round(box[1]) + 6, round(box[2]) - 6, round(box[3]) - 6)
    )
    rows = [
        y
        for y in range(inner.height)
        if any(min(inner.getpixel((x, y))) > 200 for x in range(inner.width))
    ]
    return (max(rows) - min(rows) + 1) if rows else 0


async def _play_until(
    h: Harness, kind: str, players: int, options: str, group: type, spy: _Spy
) -> tuple[Any, list[str], Any]:
    """Play by the menus until the acting player's menu offers actions of type ``group``;
    returns (the menu's picture, the anchors of the marked places, the menu)."""
    members = [h.member(n, locale="ko") for n in NAMES[:players]]
    await open_table(h, kind, NAMES[:players], options)
    rnd = random.Random(3)
    for _step in range(600):
        game = await h.bot.store.current_game(h.channel().id)
        assert game is not None, "the game ended before the choice came"
        spec = spec_of(game)
        state = h.bot.service.state_of(game)
        seat = sorted(spec.to_act(state))[0]
        actor = next(m for m in members if game.seat_of(m.id) == seat)
        spy.ports.clear()
        spy.pills.clear()
        menu = await h.click(actor, prompt(h), custom_id=open_id(prompt(h)))
        actions = spec.legal_actions(state, seat)
        targets = [a for a in actions if isinstance(a, group)]
        if targets and spy.pills:
            anchors = {spec.choice_anchor(state, seat, a) for a in targets}
            images = await menu.images()
            assert images, "the menu came without its picture"
            return images[-1], sorted(a for a in anchors if a), menu
        index = rnd.randrange(len(actions))
        await press_action(h, actor, menu, spec, state, index)
        await h.advance(30)
    raise AssertionError(f"no {group.__name__} choice came")


def _check_zoom(picture: Any, spy: _Spy, places: list[tuple[float, float]]) -> None:
    assert len(spy.ports) == 1, "the picture was not zoomed to its marks"
    port = spy.ports[0]
    for lon, lat in places:
        assert port.inside(lon, lat), (lon, lat)
    # no more than the marks' span with its context (and the least height) around them
    lats = [lat for _lon, lat in places]
    assert port.north - port.south <= max(max(lats) - min(lats) + 6, 8)
    assert picture.width == port.width
    pills = spy.pills[0]
    assert pills
    for box in pills:
        assert _digit_height(picture, box) * 400 / picture.width >= 14


@pytest.mark.guild_locale("ko")
async def test_renaissance_expansion_choices_come_zoomed_with_readable_numbers(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 20 / AOR expansion (placing tokens): the menu's picture is the map zoomed to the
    provinces it numbers."""
    from render.renaissance.board import anchor_lonlat
    from rules.renaissance.actions import Place

    spy = _Spy(monkeypatch)
    picture, anchors, _menu = await _play_until(harness, "renaissance", 3, "", Place, spy)
    places = [p for a in anchors for p in anchor_lonlat(a)]
    _check_zoom(picture, spy, places)


@pytest.mark.guild_locale("ko")
async def test_maracaibo_sailing_choices_come_zoomed_with_readable_numbers(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 20 / MAR sailing: the menu's picture is the Caribbean zoomed to the places the
    ship may sail to, each number beside its place."""
    from render.maracaibo.board import geo_points
    from rules.maracaibo.actions import Sail

    spy = _Spy(monkeypatch)
    picture, anchors, _menu = await _play_until(harness, "maracaibo", 2, "", Sail, spy)
    where = geo_points()
    places = [where[a.partition(":")[2]] for a in anchors]
    _check_zoom(picture, spy, places)
