"""Checks of the engine contract, run after every action by the random-playout tests.

Two ways to apply an action (``rules.core.engine``): ``spec.apply(state, seat, action)``
checks everything and refuses what is illegal (the service, typed input, replays of logs);
``spec.apply_trusted(state, seat, action)`` is the trusted fast path, the same result without
re-validating, for an action taken from ``spec.legal_actions(state, seat)`` of that very
state by a seat in ``spec.to_act(state)`` (random playouts, bots, AI search). The name is
stable. ``tests/rules/test_contract.py`` checks that both give the same state and events.
"""

from __future__ import annotations

from typing import Any

from rules.core.models import Result
from rules.core.replay import state_hash
from rules.core.spec import GameSpec, S


def checked_apply(spec: GameSpec[S, Any, Any, Any], state: S, seat: str, action: Any) -> Result[S]:
    """``apply`` plus every generic contract check; raises AssertionError naming what broke."""
    before = state_hash(state)
    action_json = spec.dump_action(action)
    assert spec.parse_action(action_json) == action, "action does not round-trip through JSON"
    result = spec.apply(state, seat, action)
    assert state_hash(state) == before, "apply mutated its input state"
    check_state(spec, result.state)
    return result


def check_state(spec: GameSpec[Any, Any, Any, Any], state: Any) -> None:
    """JSON round trip, game invariants, who-acts consistency and view sanity."""
    dumped = state.model_dump_json()
    again = spec.load_state(dumped)
    assert again.model_dump_json() == dumped, "state does not round-trip through JSON"
    problems = spec.invariants(state)
    assert not problems, f"invariants broken: {problems}"
    if spec.is_over(state):
        scores = spec.scores(state)
        for row in scores.seats:
            assert row.total == sum(row.breakdown.values()), f"{row.seat}: total != breakdown"
        assert scores.winners or scores.notes, "a finished game has no winner and no note why"
    else:
        acting = spec.to_act(state)
        assert acting, "game not over but nobody must act"
        for seat in acting:
            assert seat in state.seats, f"unknown acting seat {seat}"
            assert spec.legal_actions(state, seat), f"{seat} must act but has no legal action"
    spec.view(state, None).model_dump_json()
    for seat in state.seats:
        spec.view(state, seat).model_dump_json()
