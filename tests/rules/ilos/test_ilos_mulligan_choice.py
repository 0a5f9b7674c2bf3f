"""ILOS-D03 as one pick (issue 13, point 8): the menu offers the hand's cards as one
multi-select; every pick names exactly one legal Mulligan, and every legal Mulligan can be
picked, so ``legal_actions`` stays complete for bots while people pick cards."""

from __future__ import annotations

import itertools

from rules.ilos import SPEC
from rules.ilos.engine import new_game
from rules.ilos.model import IlosOptions


def test_ilos_d03_mulligan_is_one_multi_select_of_the_hand() -> None:
    state = new_game(["p1", "p2", "p3"], IlosOptions(players=3), 4)
    seat = state.active_seat
    many = SPEC.many_choice(state, seat)
    assert many is not None and many.group == "mulligan"
    hand = state.player(seat).hand
    assert len(many.items) == sum(hand.values()) == many.max_picks and many.min_picks == 0
    ids = [item for item, _ in many.items]
    legal = SPEC.legal_actions(state, seat)
    built = {
        many.build(list(picked)).model_dump_json()
        for size in range(len(ids) + 1)
        for picked in itertools.combinations(ids, size)
    }
    assert built == {a.model_dump_json() for a in legal}, "picks and legal mulligans differ"
    assert SPEC.many_choice(SPEC.apply(state, seat, legal[0]).state, seat) is None
