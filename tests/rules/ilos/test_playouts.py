"""Whole random games for 2 to 5 players, with every contract check after every action.

``REFEREE_PLAYOUTS`` sets the games per player count (default 1, as for the other games:
tests/rules/test_contract.py plays every game besides; the soak runs use 500).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from rules.core.bots import play_random_game, seat_names
from rules.core.contract import check_state, checked_apply
from rules.core.replay import GameLog, LoggedAction, replay, state_hash
from rules.ilos import SPEC
from rules.ilos.model import IlosOptions

from .ilos_catalog import show

GAMES = int(os.environ.get("REFEREE_PLAYOUTS", "1"))


def play(players: int, seed: int) -> tuple[Any, GameLog, set[str]]:
    seats = seat_names(players)
    options = IlosOptions(players=players)
    state = SPEC.new_game(seats, options, seed)
    check_state(SPEC, state)
    log = GameLog(game="ilos", seats=seats, seed=seed, options=options.model_dump())
    rnd = random.Random(seed * 7919 + players)
    keys: set[str] = set()
    steps = 0
    while not SPEC.is_over(state):
        steps += 1
        assert steps < 50_000, "game did not end"
        (seat,) = SPEC.to_act(state)
        actions = SPEC.legal_actions(state, seat)
        assert len(actions) == len({a.model_dump_json() for a in actions}), (
            "duplicate legal actions"
        )
        action = actions[rnd.randrange(len(actions))]
        label = SPEC.describe_action(state, seat, action)
        text = show("en", label)
        assert len(text) < 80, text
        show("ko", label)
        assert SPEC.action_group(action)
        result = checked_apply(SPEC, state, seat, action)
        for event in result.events:
            keys.add(event.key)
            show("en", event.text)
            show("ko", event.text)
        log.actions.append(LoggedAction(seat=seat, action=action.model_dump(mode="json")))
        state = result.state
    scores = SPEC.scores(state)
    for row in scores.seats:
        assert row.total == sum(row.breakdown.values())
        player = state.player(row.seat)
        assert row.tiebreak == [player.colonists_used]
    assert all(n == state.turns_taken[state.seats[0]] for n in state.turns_taken.values()), (
        "unequal turns"
    )
    return state, log, keys


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_ilos_random_playouts(players: int) -> None:
    """Random legal play ends (ILOS-R120/R122) with equal turns and consistent scores."""
    for seed in range(GAMES):
        play(players, 1000 + seed)


def test_ilos_replay_reproduces_state() -> None:
    """A logged game replays to the same state hash."""
    state, log, _ = play(3, 42)
    again = replay(SPEC, GameLog.model_validate_json(log.model_dump_json()))
    assert state_hash(again) == state_hash(state)


def test_ilos_core_random_game_runner() -> None:
    """The generic random runner (python -m rules play) finishes an Ilos game."""
    state, log = play_random_game(SPEC, IlosOptions(players=4), 5, max_steps=50_000)
    assert SPEC.is_over(state) and log.actions
    assert state_hash(replay(SPEC, log)) == state_hash(state)
