"""Issue 24, which of Maracaibo's choices the strong level searches
(rules/maracaibo/evaluation.py ``searched``): sails (D3, D23), and at three or four seats
also village actions, buys and investments, and nations (D9, D12, D16); every other choice,
step C's draws (MAR-T14, D15) among them, takes its one-ply judgement's best, as easy does."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

from rules.ai import Budget, game_ai, observe
from rules.ai.levels import LEVELS
from rules.core.bots import random_action, seat_names
from rules.maracaibo.actions import Draw, Sail
from rules.maracaibo.evaluation import SEARCHED_AT_MORE_SEATS
from rules.registry import GAMES

SPEC = GAMES["maracaibo"]
BUDGET = Budget(iterations=60)


def _positions(
    count: int, wanted: Callable[[list[Any]], bool], players: int = 2
) -> list[tuple[Any, str]]:
    """The first ``count`` positions of a seeded random game of ``players`` where the seat
    to act has more than one legal action and ``wanted`` says yes to them."""
    state = SPEC.new_game(seat_names(players), SPEC.Options(players=players), 7)
    rnd = random.Random(7)
    found: list[tuple[Any, str]] = []
    while len(found) < count and not SPEC.is_over(state):
        seat = min(SPEC.to_act(state))
        actions = SPEC.legal_actions(state, seat)
        if len(actions) > 1 and wanted(actions):
            found.append((state, seat))
        state = SPEC.apply(state, seat, random_action(SPEC, state, seat, rnd)).state
    return found


def _deck_or_display(actions: list[Any]) -> bool:
    slots = {a.slot for a in actions if isinstance(a, Draw)}
    return len(slots) == len(actions) and -1 in slots


def _sail(actions: list[Any]) -> bool:
    return any(isinstance(a, Sail) for a in actions)


def _contested(actions: list[Any]) -> bool:
    return any(isinstance(a, SEARCHED_AT_MORE_SEATS) for a in actions)


def _decisions(positions: list[tuple[Any, str]], level: str, hooks: Any) -> list[Any]:
    return [
        LEVELS[level](SPEC, hooks, observe(SPEC, state, seat), random.Random(f"at/{i}"), BUDGET)
        for i, (state, seat) in enumerate(positions)
    ]


def test_mar_t14_strong_draws_as_its_one_ply_judgement_does() -> None:
    """MAR-T14 / D15: where the deck is one of the options, strong's draw is easy's under the
    same stream, while the same search at every choice draws otherwise in some of them (4
    of the 6 when written), so the check can fail."""
    ai = game_ai(SPEC)
    positions = _positions(6, _deck_or_display)
    assert len(positions) == 6
    easy = _decisions(positions, "easy", ai)
    assert _decisions(positions, "strong", ai) == easy
    everywhere = _decisions(positions, "strong", dataclasses.replace(ai, searched=None))
    assert everywhere != easy


def _searched_everywhere(ai: Any, positions: list[tuple[Any, str]]) -> bool:
    """The game sends every one of ``positions`` to the search. Strong then decides there
    exactly as the search at every choice does (``rules.ai.levels``), which this checks for
    a few seconds less per position than deciding both ways."""
    infos = [(observe(SPEC, state, seat).info, seat) for state, seat in positions]
    return all(ai.searched(info, seat, ai.actions(SPEC, info, seat)) for info, seat in infos)


def test_mar_d3_strong_searches_its_sails() -> None:
    """D3 / D23: sails go to the search, and its choice is not always easy's (the search,
    not the one-ply judgement, decides there: were it not searched, strong would take easy's
    choice under the same stream)."""
    ai = game_ai(SPEC)
    positions = _positions(4, _sail)
    assert len(positions) == 4
    assert _searched_everywhere(ai, positions)
    assert _decisions(positions, "strong", ai) != _decisions(positions, "easy", ai)


def test_mar_d9_d12_strong_searches_buys_villages_and_nations_at_four_seats() -> None:
    """D9 / D12 / D16: at four seats strong decides a village action, a buy or investment
    and a nation as the search at every choice does, which is not always easy's choice; at
    two seats the same kinds of choice take easy's."""
    ai = game_ai(SPEC)
    everywhere = dataclasses.replace(ai, searched=None)
    four = _positions(6, _contested, players=4)
    assert len(four) == 6
    assert _searched_everywhere(ai, four)
    assert _decisions(four, "strong", ai) != _decisions(four, "easy", ai)
    two = _positions(6, _contested)
    assert len(two) == 6
    assert _decisions(two, "strong", ai) == _decisions(two, "easy", ai)
    assert _decisions(two, "strong", everywhere) != _decisions(two, "easy", ai)
