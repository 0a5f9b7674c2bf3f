"""Issue 22, point 1: Age of Renaissance keeps its phase's order on the decision stack
(``rules.core.decisions``): setup's secret choices and phase 1's sealed bids are one
``JointDecision`` whose ``waiting`` shrinks with each answer (AOR-R11-R14, R20), the seat
whose turn it is in a phase played in order of play is a ``Turn`` at the bottom (AOR-R27),
the decisions interrupting the phase above it; ``to_act`` is the top's deciders."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from rules.core.decisions import deciding
from rules.renaissance.actions import CapitalBid, EndStep, RankCapital, ReturnCard
from rules.renaissance.flow import to_act
from rules.renaissance.model import Choice, Options, Pending, RenaissanceState, Turn
from rules.renaissance.spec import SPEC
from tests.rules.renaissance.renaissance_helpers import bid_all, play, seats, started
from tests.upgrade.legacy_shapes import old_shape_json


def test_issue22_1_aor_r11_r14_setup_is_one_joint_decision() -> None:
    """AOR-R11-R14: every seat chooses at once; a seat leaves ``waiting`` with its last
    secret choice (the capital bid), the last one reveals and opens the bids (AOR-R20)."""
    state = SPEC.new_game(seats(3), Options(players=3), 5)
    assert state.decisions == [Choice(seat="p1", kind="setup", waiting=["p1", "p2", "p3"])]
    for seat in seats(3):
        state = SPEC.apply(state, seat, ReturnCard(card=state.players[seat].dealt[0])).state
        for action in [a for a in SPEC.legal_actions(state, seat) if isinstance(a, RankCapital)]:
            state = SPEC.apply(state, seat, action).state
        assert seat in to_act(state)
        state = SPEC.apply(state, seat, CapitalBid(amount=3)).state
        assert seat not in to_act(state) or state.phase == "bid"
    top = state.decisions[-1]
    assert state.phase == "bid" and len(state.decisions) == 1
    assert isinstance(top, Choice) and top.kind == "bid" and top.waiting == state.active()


def test_issue22_1_aor_r20_r27_bids_then_the_turn_in_order_of_play() -> None:
    """AOR-R20: the sealed bids are one joint decision; once revealed, the first seat in
    order of play with a step to take holds the ``Turn`` and passes it on with ``EndStep``."""
    state = started(4)
    state = bid_all(state, {"p1": 1, "p2": 2, "p3": 3})
    top = state.decisions[-1]
    assert isinstance(top, Choice) and top.waiting == ["p4"] and to_act(state) == {"p4"}
    state = bid_all(state, {"p4": 4})
    assert state.phase not in ("setup", "bid")
    bottom = state.decisions[0]
    assert isinstance(bottom, Turn) and bottom.seat == state.in_turn()
    assert to_act(state) == deciding(state.decisions)
    while state.phase in ("buyoff", "buy_cards", "play") and not state.pending:
        seat = state.decisions[-1].seat
        legal = SPEC.legal_actions(state, seat)
        state = SPEC.apply(state, seat, next((a for a in legal if a == EndStep()), legal[-1])).state
        assert state.decisions[0] == Turn(seat=state.in_turn() or "")


@cache
def _each_state(players: int, preset: str, seed: int) -> tuple[RenaissanceState, ...]:
    """The state before every step of a steered game (states are never changed)."""
    states: list[RenaissanceState] = []

    def keep(state: RenaissanceState, *_: Any) -> None:
        states.append(state)

    options = Options.model_validate({"players": players, "preset": preset})
    play(options, seed, checked=False, on_step=keep)
    return tuple(states)


def test_issue22_1_the_stack_holds_the_order_and_interruptions_every_step() -> None:
    """Every step of a steered Euro game (with Renaissance swaps, AOR-R26, and the
    watermill, EU-8): ``to_act`` is the top's deciders, the bottom is the phase's order
    (as worked out from the cursors and flags), every interrupting decision above it."""
    states = _each_state(4, "euro1999", 1)
    phases = {s.phase for s in states}
    assert {"setup", "bid", "q_swap", "watermill", "play", "purchase", "expansion"} <= phases
    for state in states:
        order = [d for d in state.decisions if not isinstance(d, Pending)]
        assert state.decisions[: len(order)] == order
        assert order == state.order_of_play()
        assert to_act(state) == deciding(state.decisions) != frozenset()


def test_issue22_1_states_stored_without_the_order_load_with_it() -> None:
    """A state stored before the phase's order was on the stack, with its interrupting
    decisions as a ``pending`` list (first to decide first) or as a stack of only those,
    loads with the order's decision worked out under them, equal to the state as played,
    and is written back in the old shape byte for byte."""
    for state in _each_state(4, "euro1999", 1):
        new = state.model_dump_json()
        old = old_shape_json(state)
        stack_only = json.loads(new)
        stack_only["decisions"] = [
            d for d in stack_only["decisions"] if d["kind"] not in ("turn", "setup", "bid")
        ]
        for stored in (old, json.dumps(stack_only, separators=(",", ":"), ensure_ascii=False)):
            loaded = SPEC.load_state(stored)
            assert loaded.model_dump_json() == new
            assert old_shape_json(loaded) == old
