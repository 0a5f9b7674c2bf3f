"""Every menu the bot builds, for every game (issue 19 point 5): no two options of one menu
share a label, no label is only an id (each Korean label has a Korean word), and a decision
the game offers as one number input or one multi-select is not also spelled out as options.
Random legal play of each game through the bot's own menu code (``bot.menu``) in Korean."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from bot.i18n import tx
from bot.menu import choices_for, layout
from rules.core.bots import random_action
from rules.registry import GAMES

HANGUL = re.compile(r"[가-힣]")
NAMES = ["민지", "서준", "하린", "도윤"]
STEPS = 160
# (game, players, options)
TABLES = [
    ("ilos", 3, {}),
    ("endeavor", 3, {}),
    ("maracaibo", 3, {}),
    ("maracaibo", 1, {"difficulty": "hard"}),
    ("renaissance", 4, {"end_condition": "epochs_1"}),
]


def _menus(kind: str, players: int, options: dict[str, Any], seed: int) -> list[list[str]]:
    """The labels of every menu a random game shows (each decision, first page laid out)."""
    spec = GAMES[kind]
    seats = [f"p{i + 1}" for i in range(players)]
    names = dict(zip(seats, NAMES, strict=False))
    state = spec.new_game(seats, spec.Options.model_validate({"players": players, **options}), seed)
    rnd = random.Random(seed)
    menus: list[list[str]] = []
    for _ in range(STEPS):
        if spec.is_over(state):
            break
        seat = sorted(spec.to_act(state))[0]
        many = spec.many_choice(state, seat)
        number = spec.number_choice(state, seat)
        own = {c.group for c in (many, number) if c is not None}
        choices = [c for c in choices_for(spec, state, seat, "ko", names) if c.group not in own]
        labels: list[str] = []
        for p in range(layout(choices).pages):
            page = layout(choices, p).numbered()
            for c in [*page.buttons, *(c for chunk in page.selects for c in chunk.choices)]:
                if p == 0 or c not in page.buttons:  # a lone action shows on every page
                    labels.append(c.label)
        if many is not None:
            menus.append([tx(label, "ko", names) for _item, label in many.items])
        if number is not None:
            assert number.low < number.high
            assert number.build(number.low) in spec.legal_actions(state, seat)
            assert number.build(number.high) in spec.legal_actions(state, seat)
        menus.append(labels)
        state = spec.apply(state, seat, random_action(spec, state, seat, rnd)).state
    return menus


@pytest.mark.parametrize(("kind", "players", "options"), TABLES)
def test_issue19_5_no_menu_has_two_options_with_one_label_or_a_bare_id(
    kind: str, players: int, options: dict[str, Any]
) -> None:
    for seed in (1, 2):
        for labels in _menus(kind, players, options, seed):
            repeated = [label for label, n in Counter(labels).items() if n > 1]
            assert not repeated, f"{kind}: options share a label: {repeated}"
            bare = [label for label in labels if not HANGUL.search(label)]
            assert not bare, f"{kind}: labels that are only ids: {bare}"


def test_issue19_5_ilos_rotations_are_named_by_their_shape_not_a_number() -> None:
    """ILOS-D05 (rotation): every rotation of the tile being explored has its own label, and
    none says "4번 방향" (the menu already numbers the choices like the picture)."""
    spec = GAMES["ilos"]
    seen = 0
    for seed in range(10):
        seats = ["p1", "p2"]
        state = spec.new_game(seats, spec.Options.model_validate({"players": 2}), seed)
        rnd = random.Random(seed)
        for _ in range(120):
            if spec.is_over(state):
                break
            seat = sorted(spec.to_act(state))[0]
            legal = spec.legal_actions(state, seat)
            rotations = [a for a in legal if a.type == "rotate"]
            if len(rotations) > 1:
                named: dict[str, set[Any]] = {}
                for a in rotations:
                    label = tx(spec.describe_action(state, seat, a), "ko")
                    assert "번 방향" not in label, label
                    named.setdefault(label, set()).add(_placed(spec, state, seat, a))
                # one label, one placement: only a half-turn of a symmetric tile, which
                # lands the same coasts on the same sides, shares a label (and is one choice)
                assert all(len(placed) == 1 for placed in named.values()), named
                seen += 1
            explore = [a for a in legal if spec.action_group(a) == "explore"]
            action = rnd.choice(explore) if explore and rnd.random() < 0.7 else None
            state = spec.apply(state, seat, action or random_action(spec, state, seat, rnd)).state
    assert seen, "no rotation choice was met"


def _placed(spec: Any, state: Any, seat: str, action: Any) -> frozenset[Any]:
    """Where a rotation puts the explored tile's coasts: (sides, icons) of each region."""
    from rules.ilos.components import components

    tile = components().tiles[state.pending.tile]
    k = action.rotation
    return frozenset(
        (tuple(sorted((e + k) % 6 for e in r.edges)), tuple(sorted(r.spots))) for r in tile.regions
    )
