"""Spatial choices have anchors on the board (issue 10): every legal action that targets a
board place names one (``choice_anchor``: sailing destinations, explorer moves, markers on
villages, combat targets), every anchor is drawable by the renderer, no other action has
one, and on the menu pages the bot builds, numbers, marks and the picture's legend agree."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import Translator
from render import maracaibo as mr
from rules.core.bots import play_random_game
from rules.maracaibo.actions import Choose
from rules.maracaibo.anchors import choice_anchor
from rules.maracaibo.model import MaracaiboState, Pending
from rules.maracaibo.spec import SPEC
from tests.render.menu_pictures import check_numbered_pages

EN = Translator("en", {})
SPATIAL = {"sail", "explore", "place_marker"}
TARGETED = {"conquer", "expel", "annex", "silver_fleet"}


def _states(players: int, seed: int, options: dict[str, Any]) -> list[MaracaiboState]:
    opts = SPEC.Options(players=players, **options)
    _, log = play_random_game(SPEC, opts, seed)
    state = SPEC.new_game(log.seats, SPEC.Options(**log.options), seed)
    out = [state]
    for entry in log.actions:
        state = SPEC.apply(state, entry.seat, SPEC.parse_action(entry.action)).state
        out.append(state)
    return out


def _spatial(action: Any) -> bool:
    if action.type in SPATIAL:
        return True
    return action.type == "combat_action" and action.action in TARGETED


def test_the_spec_registers_the_anchors() -> None:
    assert SPEC.choice_anchor is choice_anchor


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (1, 3, {"difficulty": "hard"}),
        (2, 5, {}),
        (3, 7, {}),
        (4, 9, {"prestige_face_up": True}),
        (3, 21, {}),
    ],
)
def test_every_spatial_action_has_a_drawable_anchor(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    seen: set[str] = set()
    for state in _states(players, seed, options):
        for seat in sorted(SPEC.to_act(state)):
            view = SPEC.view(state, seat)
            for action in SPEC.legal_actions(state, seat):
                anchor = choice_anchor(state, seat, action)
                if _spatial(action):
                    assert anchor is not None, action
                    assert mr.anchor_drawable(view, anchor), anchor
                    seen.add(action.type)
                else:
                    assert anchor is None, action
    assert {"sail", "explore"} <= seen, seen


def test_skull_tiles_of_a_story_card_point_at_their_place() -> None:
    """A story card's "remove a skull tile" choice (campaign) points at the legacy tile."""
    state = _states(3, 5, {})[40].model_copy(deep=True)
    state.stack.append(Pending(kind="remove_skull", seat="p1", items=["L3", "L20"]))
    anchors = [choice_anchor(state, "p1", Choose(option=i)) for i in range(2)]
    assert anchors == ["legacy:L3", "legacy:L20"]
    state.stack[-1] = Pending(kind="choose", seat="p1")
    assert choice_anchor(state, "p1", Choose(option=0)) is None


def test_menu_numbers_match_the_picture_legend() -> None:
    """As the bot builds it: on every menu page with spatial choices, the numbered labels,
    the marks and the choice picture's legend agree."""
    pages_checked = 0
    for state in _states(3, 7, {})[::3]:
        if pages_checked >= 8:
            break
        for seat in sorted(SPEC.to_act(state)):
            pages_checked += check_numbered_pages(SPEC, state, seat)
    assert pages_checked >= 8
