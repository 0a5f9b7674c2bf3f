"""Spatial choices have anchors on the board (issue 8): every legal Ilos action that names a
place (a cell, a rotation, a coast, a hideout, a ship, a spot, a face-up tile) has an anchor
the choice picture can draw, and no other action has one."""

from __future__ import annotations

import re
from typing import Any

import pytest

import render
from bot.i18n import Translator
from rules.core.bots import play_random_game
from rules.ilos import SPEC
from rules.ilos.anchors import choice_anchor

SPATIAL = {
    "place_at",
    "rotate",
    "land",
    "occupy",
    "play_farm",
    "play_gold_mine",
    "play_building",
    "play_ruins",
    "explore",
    "cycle_tile",
}
PICTURES = 12
"""Choice pictures drawn per game: every sampled state's anchors are checked, and the first
pictures show they draw with their legend (the contract test draws every game's besides)."""
EN = Translator("en", {})
KO = Translator("ko", {})


def _states(players: int, seed: int) -> list[Any]:
    _, log = play_random_game(SPEC, SPEC.Options(players=players), seed)
    state = SPEC.new_game(log.seats, SPEC.Options(**log.options), seed)
    out = [state]
    for entry in log.actions:
        state = SPEC.apply(state, entry.seat, SPEC.parse_action(entry.action)).state
        out.append(state)
    return out


def test_the_spec_registers_the_anchors() -> None:
    assert SPEC.choice_anchor is choice_anchor


@pytest.mark.parametrize(("players", "seed", "step"), [(2, 3, 2), (3, 5, 3), (4, 7, 4), (5, 9, 5)])
def test_every_spatial_action_has_a_drawable_anchor(players: int, seed: int, step: int) -> None:
    seen: set[str] = set()
    drawn = 0
    for state in _states(players, seed)[::step]:
        for seat in sorted(SPEC.to_act(state)):
            actions = SPEC.legal_actions(state, seat)
            marks: list[tuple[int, str]] = []
            for action in actions:
                anchor = choice_anchor(state, seat, action)
                spatial = action.type in SPATIAL or (
                    action.type == "play_ship" and action.ship != "new"
                )
                if spatial:
                    assert anchor is not None, action
                    marks.append((len(marks) + 1, anchor))
                    seen.add(action.type)
                else:
                    assert anchor is None, action
            if not marks or drawn >= PICTURES:
                continue
            drawn += 1
            picture = render.render_choices(SPEC.view(state, seat), EN, marks)
            assert picture is not None, marks
            legend = [int(n) for n in re.findall(r"(\d+): ", picture.summary)]
            assert legend == [n for n, _ in marks], (picture.summary, marks)
    assert {"land", "play_farm"} <= seen, seen


def test_non_spatial_actions_point_nowhere() -> None:
    from rules.ilos.actions import Cancel, EndTurn, Mulligan, Pay, PlayMarket, PlayShip

    state = _states(3, 5)[0]
    for action in (
        Cancel(),
        EndTurn(),
        Mulligan(),
        Pay(cards={"ship": 1}),
        PlayMarket(resource="spice"),
        PlayShip(ship="new"),
    ):
        assert choice_anchor(state, "p1", action) is None


def test_building_choices_on_one_site_are_told_apart() -> None:
    """A site offering a fort and trading posts: one place, one anchor per choice, and the
    picture's legend says what each number builds."""
    from rules.ilos.actions import PlayBuilding

    state = _states(3, 5)[0]
    fort = choice_anchor(state, "p1", PlayBuilding(spot="T04.a.1", kind="fort"))
    post = choice_anchor(
        state,
        "p1",
        PlayBuilding(spot="T04.a.1", kind="trading_post", copy_resource="spice"),
    )
    assert fort == "spot:T04.a.1#fort"
    assert post == "spot:T04.a.1#trading_post:spice"
