"""Issue 19 ("done when"; point 5): over the menus the bot's own code builds, every number a
choice picture draws sits beside its place and covers no printed number or name, and no
other number. The kit records what is drawn where (``kit.Placer``): every game places its
numbers with ``kit.mark_choices`` (crowded zooms of eight to twenty marks included) and is
checked here on real menus (``bot.menu.choices_for`` and ``layout``, as the presenter lays them out) of one
recorded random game each, in Korean.
"""

from __future__ import annotations

from typing import Any

import pytest

import render
from bot.i18n import Translator
from bot.menu import choices_for, layout
from render import kit
from tests.render.games import game_log, spec_for

KO = Translator("ko", {})
PICTURES = 5  # choice pictures drawn per game (each a few hundred ms)
# (game, players, seed): the recorded games the render tests of each game use as well
TABLES = [
    ("ilos", 3, 11),
    ("endeavor", 3, 13),
    ("maracaibo", 3, 5),
    ("renaissance", 4, 11),
]


def _menus(kind: str, players: int, seed: int) -> list[tuple[Any, list[tuple[int, str]]]]:
    """(view, marks) of menu pages with at least two numbered choices, spread over the game."""
    spec = spec_for(kind)
    log = game_log(kind, players, seed)
    state = spec.new_game(log.seats, spec.Options(**log.options), seed)
    stride = max(1, len(log.actions) // 40)
    out: list[tuple[Any, list[tuple[int, str]]]] = []
    for i, entry in enumerate(log.actions):
        if i % stride == 0:
            seat = sorted(spec.to_act(state))[0]
            choices = choices_for(spec, state, seat, "ko", {})
            marks = layout(choices, 0).numbered().marks()
            if len(marks) >= 2:
                out.append((spec.view(state, seat), marks))
        state = spec.apply(state, entry.seat, spec.parse_action(entry.action)).state
    step = max(1, len(out) // PICTURES)
    return out[::step][:PICTURES]


@pytest.mark.parametrize(("kind", "players", "seed"), TABLES)
def test_issue19_5_choice_numbers_cover_no_printed_number_or_name(
    kind: str, players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[list[tuple[kit.Box, str]], list[kit.Box], kit.Box]] = []
    mark = kit.mark_choices

    def spy(img: Any, placer: kit.Placer, marks: Any, size: int) -> list[kit.Box]:
        printed = list(placer.texts)
        out = mark(img, placer, marks, size)
        pills = [b for b, _w in placer.texts[len(printed) :]]
        calls.append((printed, pills, (0, 0, img.width, img.height)))
        return out

    monkeypatch.setattr(kit, "mark_choices", spy)
    menus = _menus(kind, players, seed)
    assert len(menus) >= 3, f"{kind}: too few numbered menus"
    for view, marks in menus:
        calls.clear()
        out = render.render_choices(view, KO, marks)
        assert out is not None
        assert calls, f"{kind}: the numbers were not placed by kit.mark_choices"
        placed = sum(len(pills) for _p, pills, _b in calls)
        assert placed >= 1
        for printed, pills, bounds in calls:
            assert printed, f"{kind}: nothing printed was recorded"
            for i, pill in enumerate(pills):
                assert bounds[0] <= pill[0] and pill[2] <= bounds[2], (kind, pill)
                for box, words in printed:
                    assert not kit.overlaps(pill, box), (kind, words, marks)
                for other in pills[i + 1 :]:
                    assert not kit.overlaps(pill, other), (kind, marks)
