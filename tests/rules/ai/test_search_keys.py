"""Issue 24 (search speed): the search keys each action object once (``rules.ai.search.Keys``).

The keys must be exactly ``action_key`` of each action, for every game's actions, whether an
object is met for the first time, again, or after the table let go of what it kept.
"""

from __future__ import annotations

import random

import pytest

from rules.ai import search
from rules.ai.search import Keys, action_key
from rules.registry import GAMES

PLAYERS = {"endeavor": 2, "ilos": 2, "maracaibo": 2, "renaissance": 3}


@pytest.mark.parametrize("key", sorted(PLAYERS))
def test_keys_are_the_action_keys(key: str) -> None:
    spec = GAMES[key]
    players = PLAYERS[key]
    state = spec.new_game([f"p{i + 1}" for i in range(players)], spec.Options(players=players), 5)
    rnd = random.Random(5)
    keys = Keys()
    for _ in range(150):
        if spec.is_over(state):
            break
        seat = min(spec.to_act(state))
        actions = spec.legal_actions(state, seat)
        expected = [action_key(a) for a in actions]
        assert keys.of(actions) == expected
        assert keys.of(actions) == expected  # the same objects again
        state = spec.apply(state, seat, actions[rnd.randrange(len(actions))]).state


def test_keys_let_go_at_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = GAMES["renaissance"]
    state = spec.new_game(["p1", "p2", "p3"], spec.Options(players=3), 5)
    actions = spec.legal_actions(state, min(spec.to_act(state)))
    assert len(actions) > 2
    monkeypatch.setattr(search, "KEYS_KEPT", 2)
    keys = Keys()
    expected = [action_key(a) for a in actions]
    assert keys.of(actions) == expected
    assert len(keys._known) <= 2
    assert keys.of(list(reversed(actions))) == list(reversed(expected))
