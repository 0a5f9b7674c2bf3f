"""Sailing, explorer and combat choices say what they do (issue 19 point 1, "every option
should say what it does"; MAR-T1 … T10, MAR-C13, MAR-C30 … C37).

Each description is checked against what the engine then does: the MP a sail spends, the
reward of the explorer's space and the barriers crossed, the strength a combat action costs.
States come from one recorded random game (cached by the render tests' helper), so the test
plays nothing long.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.i18n import catalog, tx
from rules.core import Text
from rules.maracaibo.actions import CombatAction, Explore, Sail
from rules.maracaibo.components import data
from rules.maracaibo.model import MaracaiboState
from rules.maracaibo.spec import SPEC
from tests.korean import latin_words
from tests.render.games import game_log

KINDS = (Sail, Explore, CombatAction)


def _choices() -> Iterator[tuple[MaracaiboState, str, Any]]:
    """(state, seat, action) for every sail, explore and combat action met in a 3-player
    and a solo game (one replay of each recorded game, every state looked at)."""
    for players in (3, 1):
        log = game_log("maracaibo", players, 5)
        state = SPEC.new_game(log.seats, SPEC.Options(**log.options), 5)
        for entry in log.actions:
            for seat in sorted(SPEC.to_act(state)):
                for action in SPEC.legal_actions(state, seat):
                    if isinstance(action, KINDS):
                        yield state, seat, action
            state = SPEC.apply(state, entry.seat, SPEC.parse_action(entry.action)).state


def _args(text: Text, key: str) -> list[dict[str, Any]]:
    """The arguments of every ``key`` inside ``text``."""
    out = [dict(text.args)] if text.key == key else []
    for value in text.args.values():
        for v in value if isinstance(value, list) else [value]:
            if isinstance(v, Text):
                out += _args(v, key)
    return out


@pytest.fixture(scope="module")
def choices() -> list[tuple[MaracaiboState, str, Any]]:
    return list(_choices())


def test_every_sail_explore_and_combat_choice_has_a_korean_description(
    choices: list[tuple[MaracaiboState, str, Any]],
) -> None:
    seen = set()
    for state, seat, action in choices:
        detail = SPEC.describe_detail(state, seat, action)
        assert detail is not None, action
        for lang in ("ko", "en"):
            shown = tx(detail, lang)
            assert "{" not in shown and "maracaibo." not in shown, shown
            if lang == "ko":
                assert not latin_words(shown), shown
        seen.add(type(action))
    assert seen == set(KINDS), seen
    known = catalog("ko")
    assert all(k in known for k in catalog("en") if k.startswith("maracaibo.ch."))


def test_a_sail_tells_the_mp_the_engine_spends_and_what_the_place_offers(
    choices: list[tuple[MaracaiboState, str, Any]],
) -> None:
    """MAR-T1 / T9: the MP in the description is what the sail adds to the turn's MP; a
    village says its village actions (MAR-V3), a city its city action (MAR-C2)."""
    checked = 0
    for state, seat, action in choices:
        if not isinstance(action, Sail) or state.opened() is not None:
            continue
        detail = SPEC.describe_detail(state, seat, action)
        assert detail is not None
        (mp,) = _args(detail, "maracaibo.ch.mp")
        after = SPEC.apply(state, seat, action).state
        assert after.turn.mp - state.turn.mp == mp["count"], action
        kind = data().locations[action.to].kind
        keys = {"village": "maracaibo.ch.village", "city": "maracaibo.ch.city"}
        if kind in keys and action.to not in ("4", "5", "13", "14"):
            assert _args(detail, keys[kind]), (action, tx(detail, "en"))
        checked += 1
    assert checked >= 10


def test_an_explore_tells_the_reward_of_the_space_it_stops_on(
    choices: list[tuple[MaracaiboState, str, Any]],
) -> None:
    """MAR-C33 / C36: only the last space's reward, and every barrier crossed."""
    checked = 0
    for state, seat, action in choices:
        if not isinstance(action, Explore):
            continue
        detail = SPEC.describe_detail(state, seat, action)
        assert detail is not None
        dest = data().spaces[action.path[-1]]
        assert bool(_args(detail, "maracaibo.ch.reward")) == bool(dest.reward)
        crossed = [
            b
            for b in data().explorer.barriers
            for a, z in zip([state.players[seat].explorer, *action.path], action.path, strict=False)
            if (b.from_, b.to) == (a, z)
        ]
        told = [k for k in ("red", "blue", "green") if _args(detail, f"maracaibo.ch.barrier_{k}")]
        assert told == [b.color for b in crossed], action
        checked += 1
    assert checked >= 3


def test_a_combat_action_tells_the_strength_it_spends(
    choices: list[tuple[MaracaiboState, str, Any]],
) -> None:
    """MAR-C13: the strength in the description is what the action takes off."""
    checked = 0
    for state, seat, action in choices:
        if not isinstance(action, CombatAction):
            continue
        detail = SPEC.describe_detail(state, seat, action)
        assert detail is not None
        (cost,) = _args(detail, "maracaibo.ch.strength")
        assert state.combat is not None
        after = SPEC.apply(state, seat, action).state
        left = after.combat.strength if after.combat is not None else None
        if left is not None:
            assert state.combat.strength - left == cost["count"], action
        checked += 1
    assert checked >= 3
