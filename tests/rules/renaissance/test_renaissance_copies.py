"""Copy on write of the provinces and players (issue 22 point 2): a copy shares the
provinces of the state it came from until one changes through ``province``, a step's copy
shares the players too until one changes through ``player``; the original never changes."""

from __future__ import annotations

import pickle
import random

import pytest

from rules.renaissance import SPEC
from rules.renaissance.model import RenaissanceState


def _state() -> RenaissanceState:
    options = SPEC.Options.model_validate({"players": 3})
    return SPEC.new_game(["p1", "p2", "p3"], options, 7)


def test_a_copy_shares_provinces_until_one_changes() -> None:
    original = _state()
    before = original.model_dump_json()
    copy = original.copied()
    pid = next(iter(copy.provinces))
    assert copy.provinces[pid] is original.provinces[pid]
    copy.province(pid).tokens["p1"] = 5
    assert copy.provinces[pid] is not original.provinces[pid]
    assert copy.province(pid) is copy.provinces[pid]  # copied once only
    assert original.model_dump_json() == before
    assert copy.provinces[pid].tokens["p1"] == 5


def test_own_provinces_leaves_nothing_shared() -> None:
    original = _state()
    before = original.model_dump_json()
    copy = original.copied()
    for prov in copy.own_provinces().values():
        prov.white = {"p2": 1}
    assert original.model_dump_json() == before
    assert copy == copy.copied()  # equality ignores what is shared


def test_a_step_copy_shares_players_until_one_changes() -> None:
    """Issue 22: ``step_copy`` shares the players; ``player`` copies one before it changes."""
    original = _state()
    before = original.model_dump_json()
    copy = original.step_copy()
    assert copy.players["p1"] is original.players["p1"]
    copy.player("p1").cash += 7
    assert copy.players["p1"] is not original.players["p1"]
    assert copy.player("p1") is copy.players["p1"]  # copied once only
    assert copy.players["p2"] is original.players["p2"]
    assert original.model_dump_json() == before
    assert copy.players["p1"].cash == original.players["p1"].cash + 7
    arrived = pickle.loads(pickle.dumps(copy))
    assert arrived == copy
    arrived.player("p2").cash += 1  # the pickled copy owns its players
    assert arrived.players["p2"] is not original.players["p2"]


def test_copied_owns_its_players() -> None:
    """Issue 22: ``copied`` (the AI's determinization) may change players directly."""
    original = _state()
    before = original.model_dump_json()
    copy = original.step_copy().copied()
    for p in copy.players.values():
        p.hand.append("x")
        p.cash = 0
    assert original.model_dump_json() == before


@pytest.mark.parametrize(("players", "preset"), [(4, "source"), (6, "euro1999")])
def test_apply_never_changes_a_state_of_the_game(players: int, preset: str) -> None:
    """Issue 22 (AOR-R27): along a whole random game, no step changes its input state (a
    step's copy shares the players and provinces it does not change) nor any earlier one."""
    options = SPEC.Options.model_validate({"players": players, "preset": preset})
    state = SPEC.new_game([f"p{i + 1}" for i in range(players)], options, 1 << 255 | players)
    rnd = random.Random(players)
    kept: list[tuple[RenaissanceState, str]] = []
    steps = 0
    while not SPEC.is_over(state):
        seat = sorted(SPEC.to_act(state))[0]
        actions = SPEC.legal_actions(state, seat)
        before = state.model_dump_json()
        apply = SPEC.apply if steps % 2 else SPEC.apply_trusted
        after = apply(state, seat, actions[rnd.randrange(len(actions))]).state
        assert state.model_dump_json() == before, steps
        if steps % 5 == 0:
            kept.append((state, before))
        state = after
        steps += 1
    assert all(old.model_dump_json() == dump for old, dump in kept)
