"""Random whole games for 3-6 players under every preset, with every contract check after
every action, secrecy of bids and hands, the rule checks of renaissance_checks, and replay
identity (AOR-R1, R2, R13, R20, §6).

``REFEREE_PLAYOUTS`` sets the games per configuration (default 1, with one epoch);
``REFEREE_SOAK=1`` plays full three-epoch games. Games are played by the steered bot
(renaissance_bot.steer), which reaches the real end; every third game by the nudged bot,
whose games end in chaos and eliminations. A failure names its seed: 100 x players + game.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from rules.core.replay import replay, state_hash
from rules.renaissance.actions import (
    BuyAdvance,
    CapitalBid,
    PlayCard,
    RankCapital,
    Relief,
    ReturnCard,
    TokenBid,
)
from rules.renaissance.components import data
from rules.renaissance.model import Options, RenaissanceState
from rules.renaissance.spec import SPEC
from tests.rules.renaissance.renaissance_bot import steer
from tests.rules.renaissance.renaissance_checks import action_problems, state_problems
from tests.rules.renaissance.renaissance_helpers import choose, play

GAMES = int(os.environ.get("REFEREE_PLAYOUTS", "1"))
SOAK = bool(os.environ.get("REFEREE_SOAK"))
PRESETS = ("source", "ah1996", "euro1999")
REVEALS = {
    "renaissance.event.capital_bids",
    "renaissance.event.capital",
    "renaissance.event.bids_revealed",
    "renaissance.event.tie_roll",
}


def _checks(before: RenaissanceState, seat: str, action: Any, result: Any) -> None:
    """Secrecy, then what the action must have done and what must hold after it."""
    _secrecy(before, seat, action, result)
    problems = action_problems(before, seat, action, result.state)
    problems += state_problems(result.state)
    assert not problems, (before.turn, before.phase, seat, action, problems)


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
        # most games steered to the real end; every third by the nudged bot (chaos, elimination)
        bot = choose if g % 3 == 2 else steer
        state, log = play(options, seed=100 * players + g, on_step=_checks, bot=bot)
        assert state.phase == "over"
        scores = SPEC.scores(state)
        if state.active():
            assert scores.winners
            assert all(not state.players[w].eliminated for w in scores.winners)
        else:  # everyone in chaos: no one won, the last to fall ranks first (v2)
            assert not scores.winners and scores.notes
            order = [state.players[r.seat].out_order for r in scores.seats]
            assert order == sorted(order, reverse=True)
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


# Late history cards (epochs 2 and 3, besides commodities) that a game must reach to be
# exercised at all; the steered bot plays them (or holds them to the final play).
LATE_CARDS = {c.id for c in data().cards.values() if c.epoch >= 2 and c.kind != "commodity"}
LATE_ADVANCES = {"D", "H", "M", "Q", "T", "U", "Y", "Z"}


def test_aor_r117_r118_steered_games_reach_the_real_end() -> None:
    """AOR-R32, R117, R118, R120: a small fixed sample of steered games reaches epoch 3 and the
    real end (last card drawn or all 26 advances), runs the final card play and scores every
    seat with its breakdown; across the sample every late event and leader is played, the
    dear advances at the ends of the prerequisite chains are bought, ships reach Seaworthy and
    Ocean Navigation, and misery relief is bought (AOR-R55, R61). Guards the playouts'
    coverage: the nudged bot ended most games in everyone's chaos mid-epoch."""
    played: set[str] = set()
    bought: set[str] = set()
    ships: set[str] = set()
    finals: list[str] = []
    relief = 0

    def step(before: RenaissanceState, seat: str, action: Any, result: Any) -> None:
        nonlocal relief
        if isinstance(action, PlayCard):
            played.add(action.card)
            if before.phase == "final_play":
                finals.append(action.card)
        if isinstance(action, BuyAdvance):
            bought.add(action.letter)
        if isinstance(action, Relief) and action.boxes:
            relief += 1
        ships.add(result.state.players[seat].ship)

    for players, seed in ((3, 2), (5, 0)):
        finals.clear()
        options = Options.model_validate({"players": players, "end_condition": "epochs_3"})
        state, _ = play(options, seed=seed, checked=False, on_step=step)
        assert state.phase == "over" and state.epoch == 3
        assert state.deck_exhausted or any(len(p.advances) == 26 for p in state.players.values())
        assert finals, "no card was played in the final card play"
        assert state.active(), "every seat ended in chaos"
        scores = SPEC.scores(state)
        for row in scores.seats:
            assert set(row.breakdown) == {"advances", "cash", "misery", "chaos"}
            assert row.total == sum(row.breakdown.values())
        winner = next(r for r in scores.seats if r.seat in scores.winners)
        assert not state.players[winner.seat].eliminated
    assert played >= LATE_CARDS, sorted(LATE_CARDS - played)
    assert bought >= LATE_ADVANCES, sorted(LATE_ADVANCES - bought)
    assert {"seaworthy", "ocean"} <= ships
    assert relief > 0


def test_aor_r1_steered_bot_is_deterministic_from_its_seed() -> None:
    """AOR-R1 playouts: the same seed gives the same game (a soak failure is replayable by
    its seed alone); another seed gives another game."""
    options = Options.model_validate({"players": 3, "end_condition": "epochs_1"})
    _, first = play(options, seed=5, checked=False)
    _, again = play(options, seed=5, checked=False)
    _, other = play(options, seed=6, checked=False)
    assert first.actions == again.actions
    assert first.actions != other.actions


@pytest.mark.xfail(
    strict=True,
    reason="open (issue 21 soak): after the final play p3 still holds a playable rebellion; "
    "engine or check to be settled against the rulebook's final play",
)
def test_aor_r118_soak_seed_641_final_play_leaves_no_playable_card() -> None:
    """AOR-R118, found by the 200-game soak (6 players, source preset, one epoch, the nudged
    bot): the game ends after p1's final-play Papal Decree with p3 holding Rebellion, which
    the check finds playable. Strict: once settled, this test must be made a plain test."""
    options = Options.model_validate(
        {"players": 6, "preset": "source", "end_condition": "epochs_1"}
    )
    state, _ = play(options, seed=641, on_step=_checks, bot=choose)
    assert state.phase == "over"
