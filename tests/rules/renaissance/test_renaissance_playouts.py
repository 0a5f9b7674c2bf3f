"""Random whole games for 3-6 players under every preset, with every contract check after
every action, secrecy of bids and hands, and replay identity (AOR-R1, R2, R13, R20, §6).

``REFEREE_PLAYOUTS`` sets the games per configuration (default 1, with one epoch);
``REFEREE_SOAK=1`` plays full three-epoch games.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from renaissance_helpers import choose, play

from rules.core.replay import replay, state_hash
from rules.renaissance.actions import CapitalBid, RankCapital, ReturnCard, TokenBid
from rules.renaissance.model import Options, RenaissanceState
from rules.renaissance.spec import SPEC

GAMES = int(os.environ.get("REFEREE_PLAYOUTS", "1"))
SOAK = bool(os.environ.get("REFEREE_SOAK"))
PRESETS = ("source", "ah1996", "euro1999")
REVEALS = {
    "renaissance.event.capital_bids",
    "renaissance.event.capital",
    "renaissance.event.bids_revealed",
    "renaissance.event.tie_roll",
}


def _secrecy(before: RenaissanceState, seat: str, action: Any, result: Any) -> None:
    """AOR §6: a secret choice shows nothing to others until the public reveal."""
    secret = isinstance(action, TokenBid | CapitalBid | RankCapital | ReturnCard)
    for event in result.events:
        if event.key in REVEALS:
            assert secret and SPEC.to_act(before) == {seat}, "revealed before all were in"
        elif event.public and secret:
            assert "amount" not in event.args and "card" not in event.args, event
        if event.key == "renaissance.event.drew_card":
            assert event.visible_to == [event.seat]
    after = result.state
    if after.phase in ("setup", "bid"):
        for other in after.seats:
            for row in SPEC.view(after, other).players:
                if row.seat != other:
                    assert row.token_bid is None and row.capital_bid is None
                    assert row.hand is None and row.ranking is None
    for row in SPEC.view(after, None).players:
        assert row.hand is None and row.dealt is None


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_aor_r1_random_games_hold_every_invariant(players: int, preset: str) -> None:
    end = "epochs_3" if SOAK else "epochs_1"
    for g in range(GAMES):
        options = Options.model_validate(
            {"players": players, "preset": preset, "end_condition": end}
        )
        state, log = play(options, seed=100 * players + g, on_step=_secrecy)
        assert state.phase == "over"
        scores = SPEC.scores(state)
        assert scores.winners
        for row in scores.seats:
            assert set(row.breakdown) == {"advances", "cash", "misery", "chaos"}
        assert state_hash(replay(SPEC, log)) == state_hash(state)


@pytest.mark.parametrize("players", [3, 6])
def test_aor_r117_plain_random_bot_finishes(players: int) -> None:
    """The platform's uniform random bot finishes a full game (python -m rules play)."""
    options = Options.model_validate({"players": players})
    state, _ = play(options, seed=7, checked=False, nudged=False)
    assert state.phase == "over"


def test_aor_dp16_no_expansion_token_offered_when_none_is_left() -> None:
    """DP-16 (empty stock): "take an expansion token" is offered only while one is left. A full
    4-player AH1996 game (seed 428) once took a token from an empty expansion box; it now
    finishes with every invariant holding (the game of the nudged bot that found it)."""
    options = Options.model_validate(
        {"players": 4, "preset": "ah1996", "end_condition": "epochs_3"}
    )
    state, _ = play(options, seed=428, bot=choose)
    assert state.phase == "over"
