"""The check of ``apply`` without listing every legal action (issue 22, the checked path):
``legal.is_legal`` answers exactly ``action in legal_actions(state, seat)`` at every step of
random games (every preset, 3 to 6 players, both rules versions), for every seat, for every
legal action, for actions legal in earlier states of the game and for actions of every
kind that are never legal in the phase; ``apply`` refuses them with the same text."""

from __future__ import annotations

import random

import pytest

from rules.core import RuleViolation
from rules.renaissance.actions import (
    Attack,
    BuyAdvance,
    EndStep,
    ExpansionCard,
    Place,
    PlayCard,
    RenaissanceAction,
    UpgradeShip,
)
from rules.renaissance.legal import is_legal
from rules.renaissance.spec import SPEC

PROBES: list[RenaissanceAction] = [
    EndStep(),
    UpgradeShip(),
    ExpansionCard(),
    BuyAdvance(letter="A"),
    BuyAdvance(letter="Z"),
    BuyAdvance(letter="A", claims=["marco_polo"]),
    PlayCard(card="unknown"),
    Place(province="nowhere"),
    Attack(province="nowhere", cathedral=True),
]


def _twins(state: object, legal: list[RenaissanceAction]) -> list[RenaissanceAction]:
    """Actions next to the legal ones: the other attack of a province, a placement where
    one attacks, a purchase claiming each leader on the table."""
    leaders = [play.card for play in state.leaders]  # type: ignore[attr-defined]
    out: list[RenaissanceAction] = []
    for action in legal:
        if isinstance(action, Attack):
            out += [Attack(province=action.province, cathedral=not action.cathedral)]
            out += [Place(province=action.province)]
        elif isinstance(action, Place):
            out += [Attack(province=action.province, cathedral=c) for c in (False, True)]
        elif isinstance(action, BuyAdvance):
            out += [BuyAdvance(letter=action.letter, claims=[card]) for card in leaders]
        elif isinstance(action, PlayCard):
            out += [action.model_copy(update={"protection": action.protection + 1})]
    return out


@pytest.mark.parametrize(
    ("players", "preset", "version"),
    [(3, "source", 2), (4, "euro1999", 2), (5, "ah1996", 1), (6, "source", 1), (4, "source", 2)],
)
def test_issue22_is_legal_is_membership(players: int, preset: str, version: int) -> None:
    """Issue 22: ``is_legal`` equals membership in the listed legal actions (AOR-R27)."""
    end = "epochs_2" if players == 4 and preset == "source" else "epochs_1"
    options = SPEC.Options.model_validate(
        {"players": players, "preset": preset, "end_condition": end}
    )
    seats = [f"p{i + 1}" for i in range(players)]
    state = SPEC.new_game(seats, options, 1 << 255 | players, rules_version=version)
    rnd = random.Random(players)
    seen: list[RenaissanceAction] = []
    steps = 0
    while not SPEC.is_over(state) and steps < 2000:
        acting = sorted(SPEC.to_act(state))[0]
        for seat in state.seats:
            legal = SPEC.legal_actions(state, seat)
            for action in legal + _twins(state, legal) + PROBES + seen[-60:]:
                assert is_legal(state, seat, action) == (action in legal), (seat, action)
        legal = SPEC.legal_actions(state, acting)
        seen.extend(rnd.sample(legal, min(len(legal), 6)))
        state = SPEC.apply_trusted(state, acting, legal[rnd.randrange(len(legal))]).state
        steps += 1
    assert SPEC.is_over(state)


def test_issue22_apply_refuses_as_before() -> None:
    """Issue 22: an action legal in another phase is refused as illegal (AOR-R27)."""
    options = SPEC.Options.model_validate({"players": 4})
    state = SPEC.new_game(["p1", "p2", "p3", "p4"], options, 1 << 255)
    seat = sorted(SPEC.to_act(state))[0]
    with pytest.raises(RuleViolation) as refused:
        SPEC.apply(state, seat, EndStep())
    assert refused.value.code == "illegal_action"
    assert refused.value.text.key == "renaissance.error.illegal"
