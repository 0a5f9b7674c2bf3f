"""Numbered pictures: every spatial action has an anchor the renderer can draw (issue 11)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import Translator
from render.renaissance.board import anchor_lonlat
from rules.core.bots import play_random_game
from rules.renaissance.actions import Attack, Cede, PirateTarget, Place, PlayCard, RankCapital
from rules.renaissance.anchors import choice_anchor
from rules.renaissance.components import data
from rules.renaissance.spec import SPEC

EN = Translator("en", {})
SPATIAL = (Place, Attack, Cede, PirateTarget, RankCapital)


def _spatial(action: Any) -> bool:
    if isinstance(action, SPATIAL):
        return True
    return isinstance(action, PlayCard) and (action.province is not None or action.area is not None)


@pytest.mark.parametrize(
    ("players", "preset", "seed"),
    [(3, "source", 1), (4, "ah1996", 2), (5, "euro1999", 3), (6, "source", 4)],
)
def test_every_spatial_legal_action_has_a_drawable_anchor(
    players: int, preset: str, seed: int
) -> None:
    seen: set[str] = set()

    def check(before: Any, _seat: str, _action: Any, _after: Any) -> None:
        for seat in SPEC.to_act(before):
            for action in SPEC.legal_actions(before, seat):
                anchor = choice_anchor(before, seat, action)
                if not _spatial(action):
                    assert anchor is None, action
                    continue
                assert anchor is not None, action
                assert anchor_lonlat(anchor), anchor
                seen.add(type(action).__name__)

    options = SPEC.Options(players=players, preset=preset)
    state, _log = play_random_game(SPEC, options, seed, on_step=check)
    assert SPEC.is_over(state)
    assert {"Place", "RankCapital"} <= seen


def test_every_province_and_area_can_be_drawn() -> None:
    for pid in data().provinces:
        assert anchor_lonlat(pid), pid
    for area in range(1, 9):
        assert anchor_lonlat(f"area:{area}"), area
    assert not anchor_lonlat("atlantis")
    assert not anchor_lonlat("area:x")
