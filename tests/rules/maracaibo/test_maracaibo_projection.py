"""10.2 steps 2-5 as the AI reads them (rules.maracaibo.projection, issue 24): the same VP as
the final scoring played on a copy (flow._final_steps), Jean's included (MAR-J10, MAR-J13),
at positions of seeded random games."""

from __future__ import annotations

import random

import pytest

from rules.maracaibo import SPEC
from rules.maracaibo.flow import _final_steps
from rules.maracaibo.model import MaracaiboState
from rules.maracaibo.projection import final_vp


def _played(state: MaracaiboState) -> dict[str, int]:
    copy = state.step_copy()
    _final_steps(copy, [])
    out = {seat: p.vp for seat, p in copy.players.items()}
    if copy.jean is not None:
        out["jean"] = copy.jean.vp
    return out


@pytest.mark.parametrize(
    ("players", "difficulty", "seed"),
    [(2, "normal", 1), (4, "normal", 2), (1, "very_easy", 3), (1, "hard", 4)],
)
def test_projection_is_the_final_scoring(players: int, difficulty: str, seed: int) -> None:
    options = SPEC.Options(players=players, difficulty=difficulty)
    state = SPEC.new_game([f"p{i + 1}" for i in range(players)], options, seed)
    rnd = random.Random(seed)
    checked = 0
    for step in range(3000):
        if SPEC.is_over(state):
            break
        if step % 3 == 0:
            assert final_vp(state) == _played(state), step
            checked += 1
        seat = min(SPEC.to_act(state))
        actions = SPEC.legal_actions(state, seat)
        state = SPEC.apply(state, seat, actions[rnd.randrange(len(actions))]).state
    assert checked > 20
