"""Issue 22, point 1: Age of Renaissance's phase order moved onto the decision stack; states
stored before, with a stack of only the interrupting decisions, load and play on.

``logs/renaissance_order_stack.json`` was written by the engine from before the move
(``make_renaissance_order_snapshots.py``, commit in ``written_by``): a steered game with every
step's digest (who acts, legal actions, refusals, events, views, scores:
``decision_trace.step_digest``) and states stored at every kind of decision it reached,
the Renaissance swap window (AOR-R26) and the watermill (EU-8) among them. States stored
before the stack (a ``pending`` list) are checked by ``test_decision_snapshots.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.core.replay import GameLog, GameSetup
from rules.renaissance.model import ORDER_KINDS, RenaissanceState
from rules.renaissance.spec import SPEC
from tests.upgrade.decision_trace import replayed

FIXTURE = Path(__file__).parent / "logs" / "renaissance_order_stack.json"
KEPT: list[dict[str, Any]] = json.loads(FIXTURE.read_text())["games"]
DIGESTED = 30
"""Steps after a stored state whose digests are compared (the rest is only played on)."""


def _actions(log: GameLog) -> list[tuple[str, Any]]:
    return [(e.seat, SPEC.parse_action(e.action)) for e in log.actions]


def _stack_of_interruptions(state: RenaissanceState) -> str:
    """The state's JSON as the engine before wrote it: without the phase-order decisions."""
    raw = json.loads(state.model_dump_json())
    raw["decisions"] = [d for d in raw["decisions"] if d["kind"] not in ORDER_KINDS]
    return json.dumps(raw, separators=(",", ":"), ensure_ascii=False)


def _start(log: GameLog) -> RenaissanceState:
    setup = GameSetup(seats=log.seats, options=log.options, seed=log.seed)
    state: RenaissanceState = setup.start(SPEC, log.rules_version)
    return state


@pytest.mark.parametrize("game", KEPT)
def test_issue22_1_renaissance_plays_the_steered_game_step_for_step(game: dict[str, Any]) -> None:
    """Issue 22.1: the same legal actions, refusals, events, views and scores every step."""
    log = GameLog.model_validate(game["log"])
    digests = [d for _, d in replayed(SPEC, _start(log), _actions(log), None)]
    assert digests == game["steps"]


@pytest.mark.parametrize("game", KEPT)
def test_issue22_1_renaissance_states_stored_with_interruptions_only_play_on(
    game: dict[str, Any],
) -> None:
    """Issue 22.1: each stored state (setup, bids, every phase with the AOR-R26 swap window
    and the EU-8 watermill, interruptions) loads with its order's decision, equals the
    replayed state, is written back byte for byte, and plays on to the same end."""
    log = GameLog.model_validate(game["log"])
    actions = _actions(log)
    states = [_start(log)]
    states += [s for s, _ in replayed(SPEC, states[0], actions, None)]
    labels = {s["label"] for s in game["snapshots"]}
    assert {"setup", "bid", "q_swap", "watermill", "play/civil_war"} <= labels
    for snapshot in game["snapshots"]:
        at = snapshot["at"]
        stored = SPEC.load_state(snapshot["state"])
        assert _stack_of_interruptions(stored) == snapshot["state"], snapshot["label"]
        assert stored.model_dump_json() == states[at].model_dump_json(), snapshot["label"]
        previous = actions[at - 1][1] if at else None
        near = list(replayed(SPEC, stored, actions[at : at + DIGESTED], previous))
        assert [d for _, d in near] == game["steps"][at : at + DIGESTED]
        state = near[-1][0] if near else stored
        for seat, action in actions[at + DIGESTED :]:
            state = SPEC.apply(state, seat, action).state
        assert SPEC.is_over(state)
        assert state.model_dump_json() == states[-1].model_dump_json()
