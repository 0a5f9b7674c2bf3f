"""The check of ``apply`` without listing every legal action (issue 22 point 2: the checked
path): ``legal.is_legal`` answers exactly ``action in legal_actions(state, seat)`` for every
legal action, for actions legal in other states of the game and for every kind of free
action, at every step of random games (both rules versions, solo included), for the acting
seat and the others; ``apply`` refuses what it refuses with the same text."""

from __future__ import annotations

import random

import pytest

from rules.core import RuleViolation
from rules.maracaibo.actions import (
    FigureToCp,
    Finish,
    MaracaiboAction,
    Plan,
    Skip,
    Task,
)
from rules.maracaibo.legal import is_legal
from rules.maracaibo.spec import SPEC


def _probes(state: object, seat: str, seen: list[MaracaiboAction]) -> list[MaracaiboAction]:
    p = state.players[seat]  # type: ignore[attr-defined]
    free: list[MaracaiboAction] = [Finish(), Skip(), FigureToCp()]
    free += [Plan(card=c) for c in p.hand[:2]]
    free += [Task(task=i, row=row) for i in range(2) for row in ("low", "high")]
    return free + seen[-20:]


@pytest.mark.parametrize(("players", "version"), [(1, 2), (2, 1), (3, 2), (4, 2)])
def test_issue22_is_legal_is_membership(players: int, version: int) -> None:
    """Issue 22 point 2: ``is_legal`` equals membership in the listed legal actions."""
    options = SPEC.Options.model_validate({"players": players})
    seats = [f"p{i + 1}" for i in range(players)]
    state = SPEC.new_game(seats, options, 1 << 255 | players, rules_version=version)
    rnd = random.Random(players)
    seen: list[MaracaiboAction] = []
    steps = 0
    while not SPEC.is_over(state) and steps < 250:
        acting = sorted(SPEC.to_act(state))[0]
        for seat in state.seats:
            legal = SPEC.legal_actions(state, seat)
            for action in legal + _probes(state, seat, seen):
                assert is_legal(state, seat, action) == (action in legal), (seat, action)
        legal = SPEC.legal_actions(state, acting)
        seen.extend(legal)
        state = SPEC.apply_trusted(state, acting, legal[rnd.randrange(len(legal))]).state
        steps += 1


def test_issue22_apply_refuses_as_before() -> None:
    """Issue 22 point 2: an action legal elsewhere is refused with the action's label."""
    state = SPEC.new_game(["p1", "p2"], SPEC.Options.model_validate({"players": 2}), 1 << 255)
    with pytest.raises(RuleViolation) as refused:
        SPEC.apply(state, "p1", Finish())
    assert refused.value.code == "illegal_action"
    assert refused.value.text.key == "maracaibo.error.illegal"
    assert refused.value.text.args["action"] == SPEC.describe_action(state, "p1", Finish())
