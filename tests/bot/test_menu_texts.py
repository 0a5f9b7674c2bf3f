"""Issue 19 ("Done when"): over every registered game and the menus the bot's own code builds
(``bot.menu.choices_for`` and ``layout``, as the presenter does), no option's label is only an
id, and every option that chooses a card, tile, building or advance carries its description
(cost and effect) in a select, where Discord shows it."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot.i18n import tx
from bot.menu import DETAIL_LIMIT, choices_for, layout
from rules.core import GameSpec
from rules.core.bots import seat_names
from rules.registry import GAMES
from tests.cogs.card_checks import CARD_CHOICES, SAID

HANGUL = re.compile(r"[가-힣]")
OPTIONS: dict[str, dict[str, Any]] = {"renaissance": {"end_condition": "epochs_1"}}
STEPS = 250


def _players(spec: GameSpec[Any, Any, Any, Any]) -> int:
    return max(spec.min_players, min(3, spec.max_players))


@pytest.mark.parametrize("key", sorted(GAMES))
def test_menus_name_every_choice_and_describe_every_card(key: str) -> None:
    spec = GAMES[key]
    players = _players(spec)
    options = spec.Options(players=players, **OPTIONS.get(key, {}))
    state = spec.new_game(seat_names(players), options, 11)
    names = {s: f"선수{i}" for i, s in enumerate(seat_names(players), 1)}
    rnd = random.Random(11)
    described = 0
    for step in range(STEPS):
        if spec.is_over(state):
            break
        seat = sorted(spec.to_act(state))[0]
        actions = spec.legal_actions(state, seat)
        if step % 2 == 0:
            choices = choices_for(spec, state, seat, "ko", names)
            for choice in choices:
                label = re.sub(r"^\d+\. ", "", choice.label)
                assert HANGUL.search(label), f"{key}: label {choice.label!r} is only an id"
                action = actions[choice.index]
                if action.type in CARD_CHOICES.get(key, set()) | SAID.get(key, set()):
                    detail = spec.describe_detail(state, seat, action)
                    assert detail is not None, f"{key}: {action} has no description"
                    assert choice.detail == _clip(tx(detail, "ko")), action
                    assert HANGUL.search(choice.detail), choice.detail
                    described += 1
            for page in range(layout(choices).pages):
                laid = layout(choices, page)
                assert not any(c.detail for c in laid.buttons), (
                    f"{key}: a described choice is a button (no room for its description)"
                )
        state = spec.apply(state, seat, actions[rnd.randrange(len(actions))]).state
    if key in CARD_CHOICES:
        assert described, f"{key}: no card choice was met in {STEPS} steps"


def _clip(text: str) -> str:
    return text if len(text) <= DETAIL_LIMIT else text[: DETAIL_LIMIT - 1] + "…"
