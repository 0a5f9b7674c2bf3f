"""Issue 23: a board part is drawn again only when what it shows changed.

Each game's renderer may declare the slice of the public view each board part reads
(``render.part_inputs``); the bot then reuses a part's last picture while that slice stays
the same. The guard: over a random whole game of every registered game, whenever a part's
inputs digest at a step equals its digest at an earlier step, the part's PNG is the same; and
the caption written without drawing (``render.part_caption``) is the drawn part's."""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

import pytest

from bot.i18n import Translator
from render import (
    board_parts,
    part_caption,
    part_inputs,
    private_inputs,
    render_board_part,
    render_private,
)
from rules.core.bots import play_random_game
from rules.registry import GAMES

SEED = 23
GROUPS = 8
"""Digests seen at several steps, per part, whose pictures are compared (first, middle and
last step of each): the draws stay few, the steps compared span the whole game."""
TR = Translator("ko", {"p1": "민지", "p2": "서준", "p3": "하린", "p4": "도윤"})


def whole_game_views(game: str, seat: str | None = None) -> list[Any]:
    """``seat``'s view (``None``: the public one) before the first action and after every
    action of a random game."""
    spec = GAMES[game]
    players = max(spec.min_players, min(4, spec.max_players))
    views: list[Any] = []
    first: list[Any] = []

    def on_step(before: Any, _seat: str, action: Any, after: Any) -> None:
        if not first:
            first.append(spec.view(before, seat))
        views.append(spec.view(after, seat))

    play_random_game(spec, spec.Options(players=players), SEED, on_step=on_step)
    return first + views


@pytest.mark.parametrize("game", sorted(GAMES))
def test_issue23_equal_part_inputs_draw_equal_pictures(game: str) -> None:
    views = whole_game_views(game)
    steps: dict[tuple[str, bytes], list[int]] = defaultdict(list)
    for n, view in enumerate(views):
        for part in board_parts(view):
            digest = part_inputs(view, part)
            if digest is not None:
                steps[part, digest].append(n)
    if not steps:
        pytest.skip(f"{game} declares no part inputs: every part is drawn for every post")
    parts = {part for part, _ in steps}
    for part in sorted(parts):
        # a declaration that never changes would reuse one picture for the whole game
        assert sum(1 for p, _ in steps if p == part) > 1, f"{game} {part}: inputs never change"
    rnd = random.Random(SEED)
    compared = 0
    for part in sorted(parts):
        repeated = [(p, d) for p, d in steps if p == part and len(steps[p, d]) > 1]
        for key in rnd.sample(repeated, min(GROUPS, len(repeated))):
            at = steps[key]
            first = render_board_part(views[at[0]], TR, part)
            for n in sorted({at[len(at) // 2], at[-1]}):
                again = render_board_part(views[n], TR, part)
                assert again.png == first.png, (
                    f"{game} {part}: steps {at[0]} and {n} have equal inputs, different pictures"
                )
                assert (again.filename, again.summary) == part_caption(views[n], TR, part)
                compared += 1
    assert compared > 0, f"{game}: no part's inputs repeat over a whole game"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_issue23_equal_private_inputs_draw_equal_panels(game: str) -> None:
    """The same for a seat's private panel (``render.private_inputs``): picture and summary."""
    views = whole_game_views(game, "p1")
    steps: dict[bytes, list[int]] = defaultdict(list)
    for n, view in enumerate(views):
        digest = private_inputs(view)
        if digest is not None:
            steps[digest].append(n)
    if not steps:
        pytest.skip(f"{game} declares no private inputs: the panel is drawn for every DM")
    assert len(steps) > 1, f"{game}: the private inputs never change"
    repeated = [d for d in steps if len(steps[d]) > 1]
    assert repeated, f"{game}: no private inputs repeat over a whole game"
    for digest in random.Random(SEED).sample(repeated, min(GROUPS, len(repeated))):
        at = steps[digest]
        first = render_private(views[at[0]], TR)
        for n in sorted({at[len(at) // 2], at[-1]}):
            assert render_private(views[n], TR) == first, (
                f"{game}: steps {at[0]} and {n} have equal private inputs, different panels"
            )
