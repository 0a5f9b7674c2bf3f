"""Random whole games with every contract check after every action; replay (END-R05, R113, R114).

The number of games per configuration comes from ``REFEREE_PLAYOUTS`` (default 1 in each of
the eleven configurations; tests/rules/test_contract.py plays every game besides).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from bot.i18n import catalog, tx
from rules.core.contract import checked_apply
from rules.core.replay import GameLog, LoggedAction, replay, state_hash
from rules.endeavor import SPEC, Options
from rules.endeavor.model import EndeavorState

GAMES = int(os.environ.get("REFEREE_PLAYOUTS", "1"))
NAMES = {f"p{i}": f"Player {i}" for i in range(1, 6)}

CONFIGS: list[dict[str, Any]] = [
    {"players": n, "board_side": side} for n in (2, 3, 4, 5) for side in ("A", "B")
]
CONFIGS += [
    {"players": 2, "board_side": "A", "silent_fleet": True},
    {
        "players": 2,
        "board_side": "B",
        "silent_fleet": True,
        "sf_restricted_occupy": True,
        "sf_no_token_reactions": True,
        "sf_scarce_buildings": True,
    },
    {"players": 4, "board_side": "A", "player_by_player": True},
]


def play(options: Options, seed: int, labels: bool = True) -> tuple[EndeavorState, GameLog]:
    seats = [f"p{i + 1}" for i in range(options.players)]
    state = SPEC.new_game(seats, options, seed)
    log = GameLog(
        game="endeavor",
        seats=seats,
        seed=seed,
        options=options.model_dump(),
        rules_version=state.rules_version,
    )
    rnd = random.Random(seed)
    for _ in range(5000):
        if SPEC.is_over(state):
            return state, log
        seat = sorted(SPEC.to_act(state))[0]
        actions = SPEC.legal_actions(state, seat)
        for a in actions if labels else []:
            text = SPEC.describe_action(state, seat, a)
            assert text.key in catalog("en"), text.key
            label = tx(text, "en", NAMES)
            assert 0 < len(label) < 90, label
            assert SPEC.action_group(a)
        action = actions[rnd.randrange(len(actions))]
        result = checked_apply(SPEC, state, seat, action)
        for event in result.events if labels else []:
            assert event.key in catalog("en"), event.key
            tx(event.text, "en", NAMES)
        log.actions.append(LoggedAction(seat=seat, action=action.model_dump(mode="json")))
        state = result.state
    raise AssertionError(f"game {seed} did not end")


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{v}" for v in c.values()))
def test_end_r05_random_playouts_end_after_seven_rounds(config: dict[str, Any]) -> None:
    """END-R05 / END-R23 / END-R89: whole random games end after round 7 with valid scores."""
    options = Options.model_validate(config)
    for seed in range(GAMES):
        final, log = play(options, 1000 + seed, labels=seed == 0)
        assert final.over and final.round == 7
        scores = SPEC.scores(final)
        for row in scores.seats:
            assert row.total == sum(row.breakdown.values())
        top = max(r.total for r in scores.seats)
        assert sorted(scores.winners) == sorted(r.seat for r in scores.seats if r.total == top)
        assert final.rng == SPEC.new_game(log.seats, options, log.seed).rng


def test_end_r113_replay_reproduces_the_state() -> None:
    """END-R113: a game is its seed, options, seats and actions; randomness only at setup."""
    options = Options(players=3, board_side="B")
    final, log = play(options, 77)
    again = replay(SPEC, GameLog.model_validate_json(log.model_dump_json()))
    assert state_hash(again) == state_hash(final)
    sf = Options(players=2, silent_fleet=True)
    final, log = play(sf, 78)
    assert state_hash(replay(SPEC, log)) == state_hash(final)
