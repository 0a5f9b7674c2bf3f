"""Issue 24 (decision time): the search stops once the game looks decided.

Where a game sets ``GameAI.decided`` (Ilos), ``rules.ai.search.ismcts`` ends a search whose
root actions all have a mean reward within that margin of 1 (or all of 0): the seat wins
(or loses) whatever it does, so more thinking only spreads the visits over moves all as
good. It must end such a search early, and only such a search: in an open position it
thinks as long as before.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from rules.ai import Budget, game_ai
from rules.ai.greedy import one_ply
from rules.ai.hooks import GameAI
from rules.ai.levels import decide
from rules.ai.observe import observe
from rules.ai.search import DECIDED_AFTER, Node, decided, ismcts
from rules.registry import GAMES

ITERATIONS = 3 * DECIDED_AFTER


def test_decided_when_every_action_wins_or_every_one_loses() -> None:
    won = Node(visits={"a": 10, "b": 4}, reward={"a": 9.999, "b": 4.0})
    assert decided(won, 0.001)
    assert not decided(won, 0.00001)
    assert decided(Node(visits={"a": 5, "b": 5}, reward={"a": 0.0, "b": 0.004}), 0.001)
    one_open = Node(visits={"a": 10, "b": 4}, reward={"a": 10.0, "b": 3.0})
    assert not decided(one_open, 0.001)
    assert not decided(Node(), 0.001)


def _ilos_positions() -> dict[str, tuple[Any, str]]:
    """Seat p1's choice at the opening and far into a seeded game where p1 plays easy and
    p2 random (p1 then leads by some 200 points)."""
    spec = GAMES["ilos"]
    state = spec.new_game(["p1", "p2"], spec.Options(players=2), 3)
    rnd = random.Random(1)
    found: dict[str, tuple[Any, str]] = {}
    for step in range(400):
        seat = min(spec.to_act(state))
        if seat == "p1" and len(game_ai(spec).actions(spec, state, seat)) > 1:
            if "opening" not in found:
                found["opening"] = (state, seat)
            if step >= 100:
                found["won"] = (state, seat)
                break
        level = "easy" if seat == "p1" else "random"
        action = decide(level, spec, observe(spec, state, seat), rnd, Budget(iterations=1))
        state = spec.apply(state, seat, action).state
    assert set(found) == {"opening", "won"}
    return found


def _iterations(ai: GameAI, state: Any, seat: str) -> int:
    """How many iterations a search of ``ITERATIONS`` with early stops runs."""
    spec = GAMES["ilos"]
    info = ai.mask(state, seat)
    actions = ai.actions(spec, info, seat)
    prior = one_ply(
        spec, ai, ai.sample(info, seat, random.Random(0)), seat, actions, random.Random(0)
    )
    deadline = Budget(iterations=ITERATIONS).start()
    counted = [0]

    def done(count: int) -> bool:
        counted[0] = max(counted[0], count)
        return deadline(count)

    ismcts(spec, ai, info, seat, random.Random(0), done, prior=prior, left=deadline.left)
    return counted[0]


def test_ilos_search_stops_once_the_game_is_decided_and_only_then() -> None:
    ai = game_ai(GAMES["ilos"])
    assert ai.decided > 0
    never = dataclasses.replace(ai, decided=0.0)
    positions = _ilos_positions()
    won = positions["won"]
    assert _iterations(ai, *won) == DECIDED_AFTER
    assert _iterations(never, *won) > DECIDED_AFTER
    opening = positions["opening"]
    assert _iterations(ai, *opening) == _iterations(never, *opening)
