"""Spatial choices have anchors on the map (issue 8): every legal action that targets a map
place names one (``choice_anchor``), every anchor is drawable, and no other action has one."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import Translator
from render.endeavor.board import map_geometry
from rules.core.bots import play_random_game
from rules.endeavor import SPEC
from rules.endeavor.anchors import choice_anchor
from tests.render.menu_pictures import check_numbered_pages

SPATIAL = {
    "ship_track",
    "ship_fleet",
    "ship_sea",
    "occupy",
    "attack",
    "sf_ship_track",
    "sf_ship_fleet",
    "sf_occupy",
    "draw_deck",
    "sf_draw",
}
EN = Translator("en", {})


def _states(players: int, seed: int, options: dict[str, Any]) -> list[Any]:
    opts = SPEC.Options(players=players, **options)
    _, log = play_random_game(SPEC, opts, seed)
    state = SPEC.new_game(log.seats, SPEC.Options(**log.options), seed)
    out = [state]
    for entry in log.actions:
        state = SPEC.apply(state, entry.seat, SPEC.parse_action(entry.action)).state
        out.append(state)
    return out


def test_the_spec_registers_the_anchors() -> None:
    assert SPEC.choice_anchor is choice_anchor


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (4, 3, {"board_side": "A"}),
        (5, 8, {"board_side": "B"}),
        (2, 5, {"silent_fleet": True}),
    ],
)
def test_every_spatial_action_has_a_drawable_anchor(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    seen: set[str] = set()
    for state in _states(players, seed, options):
        for seat in sorted(SPEC.to_act(state)):
            actions = SPEC.legal_actions(state, seat)
            anchored = [(a, choice_anchor(state, seat, a)) for a in actions]
            if not any(anchor for _, anchor in anchored):
                continue
            geometry = map_geometry(SPEC.view(state, seat), EN)
            for action, anchor in anchored:
                if action.type in SPATIAL:
                    assert anchor is not None, action
                    assert geometry.anchor(anchor) is not None, anchor
                    seen.add(action.type)
                else:
                    assert anchor is None, action
    assert seen & {"ship_track", "occupy"} or seen & {"sf_ship_track", "sf_occupy"}, seen


def test_menu_numbers_match_the_picture_legend() -> None:
    """Issue 8, as the bot builds it: on every menu page with target choices, the numbered
    labels, the marks and the picture's legend agree."""
    pages_checked = 0
    for state in _states(4, 3, {"board_side": "B"})[::2]:
        if pages_checked >= 8:
            break
        for seat in sorted(SPEC.to_act(state)):
            pages_checked += check_numbered_pages(SPEC, state, seat)
    assert pages_checked >= 8
