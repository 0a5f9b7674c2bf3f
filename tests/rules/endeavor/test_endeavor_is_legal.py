"""The check of ``apply`` without listing every legal action (issue 22 point 2: the checked
path): ``legal.is_legal`` answers exactly ``action in legal_actions(state, seat)`` (DP08-DP16)
for every legal action, for actions legal in earlier states of the game and for openers of
every shore slot and blue token, at every step of random games (Silent Fleet included), for
the acting seat and the others; ``apply`` refuses what it refuses with the same text."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.core import Action, RuleViolation
from rules.endeavor import SPEC
from rules.endeavor.actions import Activate, Cancel, Finish, Pass, SpendToken
from rules.endeavor.components import data
from rules.endeavor.legal import is_legal
from rules.endeavor.model import EndeavorState


def _probes(state: EndeavorState, seat: str, seen: list[Action]) -> list[Action]:
    p = state.players[seat]
    probes: list[Action] = [Pass(), Finish(), Cancel()]
    probes += [Activate(slot=i) for i in range(-1, len(p.buildings) + 2)]
    probes += [SpendToken(token=t) for t in sorted(data().tokens) if not data().tokens[t].attribute]
    return probes + seen[-40:]


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2},
        {"players": 3},
        {"players": 4, "player_by_player": True},
        {"players": 5},
        {"players": 2, "silent_fleet": True, "sf_scarce_buildings": True},
    ],
)
def test_dp08_issue22_is_legal_is_membership(options: dict[str, Any]) -> None:
    """DP08-DP16 / issue 22 point 2: ``is_legal`` equals membership in the listed actions."""
    players = int(options["players"])
    seats = [f"p{i + 1}" for i in range(players)]
    state = SPEC.new_game(seats, SPEC.Options.model_validate(options), 1 << 255 | players)
    rnd = random.Random(players)
    seen: list[Action] = []
    while not SPEC.is_over(state):
        acting = sorted(SPEC.to_act(state))[0]
        for seat in state.seats:
            legal = SPEC.legal_actions(state, seat)
            for action in legal + _probes(state, seat, seen):
                assert is_legal(state, seat, action) == (action in legal), (seat, action)
        legal = SPEC.legal_actions(state, acting)
        seen.extend(legal)
        state = SPEC.apply_trusted(state, acting, legal[rnd.randrange(len(legal))]).state


def test_dp08_issue22_apply_refuses_as_before() -> None:
    """DP08 / issue 22 point 2: an opener that is not legal now is refused with its reason."""
    state = SPEC.new_game(["p1", "p2"], SPEC.Options.model_validate({"players": 2}), 1 << 255)
    with pytest.raises(RuleViolation) as refused:
        SPEC.apply(state, sorted(SPEC.to_act(state))[0], Activate(slot=0))
    assert refused.value.code == "illegal_action"
    assert refused.value.text.key == "endeavor.refusal.no_building_in_slot"
