"""One conformance test over every registered game and player count (issue 22, point 3),
the test-only plug-in game (``tests/plugin_game``) and Pig (``tests/core_game``, written only
against the engine core) included, as OpenSpiel's games_sim_test.

Random playouts through ``checked_apply`` (every generic contract check after every action:
the input untouched, JSON round trips of action and state, invariants, who acts, views), the
trusted fast path giving the same state as ``apply``, every action label and event text
present and formatting in English and Korean, choice anchors drawn with their numbers, the
game's secret absent from every view, history visibility naming only seats at the table, and
the replay of the log reproducing the state hash.

Cheap by default: one playout per game and player count, cut after ``REFEREE_CONTRACT_STEPS``
actions (default 100; 0 plays whole games); ``REFEREE_PLAYOUTS`` sets the playouts per player
count. The per-game playout files keep their whole-game soaks and game-specific checks.
"""

from __future__ import annotations

import logging
import os
import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.i18n import catalog, tx
from rules.core import Text
from rules.core.bots import seat_names
from rules.core.contract import check_state, checked_apply
from rules.core.replay import GameLog, LoggedAction, replay, state_hash
from rules.core.spec import GameSpec
from rules.registry import GAMES, register, unregister
from tests.core_game.rules import SPEC as PIG
from tests.plugin_game.rules import SPEC as PLUGIN
from tests.render.menu_pictures import check_numbered_pages

PLAYOUTS = int(os.environ.get("REFEREE_PLAYOUTS", "1"))
STEPS = int(os.environ.get("REFEREE_CONTRACT_STEPS", "100"))
LANGS = ("en", "ko")


TEST_GAMES = (PLUGIN, PIG)
"""The plug-in game and Pig, the sixth game written only against the engine core."""


def _cases() -> list[tuple[str, int]]:
    specs = {**GAMES, **{spec.key: spec for spec in TEST_GAMES}}
    return [
        (key, players)
        for key, spec in sorted(specs.items())
        for players in range(spec.min_players, spec.max_players + 1)
    ]


@pytest.fixture
def plugin() -> Iterator[None]:
    """The test-only games are registered only while a test runs (their catalogs with them)."""
    for spec in TEST_GAMES:
        register(spec)
    try:
        yield
    finally:
        for spec in TEST_GAMES:
            unregister(spec.key)


def check_text(text: Text, where: str, caplog: pytest.LogCaptureFixture) -> None:
    """The key and every nested key exist in both catalogs, and the text formats."""
    for lang in LANGS:
        assert text.key in catalog(lang), f"{where}: {text.key} missing in {lang}"
    for value in text.args.values():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, Text):
                check_text(item, where, caplog)
    caplog.clear()
    for lang in LANGS:
        assert tx(text, lang)
    bad = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert not bad, f"{where}: {text.key} does not format: {bad[0].getMessage()}"


def check_views_keep_secrets(spec: GameSpec[Any, Any, Any, Any], state: Any) -> None:
    """The game's secret (the seed, the keyed generator's key) is in no view."""
    secrets = [str(state.seed)] + ([state.rng.key] if state.rng.key else [])
    for viewer in [None, *state.seats]:
        shown = spec.view(state, viewer).model_dump_json()
        for secret in secrets:
            if len(secret) >= 8:  # a short number could be any count on the board
                assert secret not in shown, f"the game's secret is in the view of {viewer}"


def playout(
    spec: GameSpec[Any, Any, Any, Any], players: int, seed: int, caplog: pytest.LogCaptureFixture
) -> None:
    seats = seat_names(players)
    options = spec.Options.model_validate({"players": players})
    state = spec.new_game(seats, options, seed)
    check_state(spec, state)
    check_views_keep_secrets(spec, state)
    log = GameLog(
        game=spec.key,
        seats=seats,
        seed=seed,
        options=options.model_dump(),
        rules_version=state.rules_version,
    )
    rnd = random.Random(seed)
    pictures = 0
    steps = 0
    while not spec.is_over(state) and (STEPS == 0 or steps < STEPS):
        steps += 1
        assert steps < 50_000, "the game did not end"
        seat = sorted(spec.to_act(state))[0]
        actions = spec.legal_actions(state, seat)
        action = actions[rnd.randrange(len(actions))]
        where = f"{spec.key} {players}p step {steps}"
        check_text(spec.describe_action(state, seat, action), where, caplog)
        anchor = spec.choice_anchor(state, seat, action)
        assert anchor is None or (isinstance(anchor, str) and anchor), where
        if anchor is not None and pictures < 1:
            pictures += check_numbered_pages(spec, state, seat)
        result = checked_apply(spec, state, seat, action)
        fast = spec.apply_trusted(state, seat, action)
        assert state_hash(fast.state) == state_hash(result.state), f"{where}: fast path differs"
        assert fast.events == result.events, f"{where}: fast path events differ"
        stepped = spec.step_trusted(state, seat, action)
        assert state_hash(stepped) == state_hash(result.state), f"{where}: quiet step differs"
        for event in result.events:
            check_text(event.text, where, caplog)
            assert event.visible_to is None or set(event.visible_to) <= set(seats), where
        log.actions.append(LoggedAction(seat=seat, action=action.model_dump(mode="json")))
        state = result.state
    check_views_keep_secrets(spec, state)
    again = replay(spec, GameLog.model_validate_json(log.model_dump_json()))
    assert state_hash(again) == state_hash(state), "the replay does not reproduce the state"


@pytest.mark.parametrize(("key", "players"), _cases())
def test_every_game_keeps_the_contract(
    key: str, players: int, plugin: None, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 22 point 3: random playouts of every registered game and player count keep
    the engine contract (checked_apply), texts, anchors, secrets and replay."""
    spec = GAMES[key]
    for number in range(PLAYOUTS):
        playout(spec, players, 1000 * players + number, caplog)
