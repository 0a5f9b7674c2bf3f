"""Issue 22, point 1: Maracaibo's setup choices (MAR-S15 / S16), the main step of a turn
(MAR-T1) and the story votes (D20) moved onto the decision stack; states stored before, with
none of them on the stack and a vote as a plain entry, load and play on.

``logs/maracaibo_stack.json`` was written by the engine from before the move
(``make_maracaibo_stack_snapshots.py``, commit in ``written_by``): random games of 1-4
players with every step's digest (who acts, legal actions, refusals, events, views, scores:
``decision_trace.step_digest``) and the states that engine stored in the middle of the
setup (each number of players done, at each of the three choices), at each step of a turn
with nothing else pending (sail, main action), under every kind of decision a turn or a
scoring opened, and at the end; and the story-vote scenarios of ``make_decision_snapshots``
(the campaign tests' story cards) stored before each vote. Each stored state must load (the
setup's choices or the turn worked out under what the stack holds, the vote's waiting
players from the votes cast), equal the replayed state, be written back byte for byte in
the old shape (``legacy_shapes.maracaibo_stack``) and play on identically.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.core.replay import GameLog, GameSetup
from rules.maracaibo.model import MainStep, MaracaiboState, SetupChoice, Vote
from rules.maracaibo.spec import SPEC
from tests.upgrade.decision_trace import replayed
from tests.upgrade.legacy_shapes import maracaibo_stack
from tests.upgrade.maracaibo_stories import stories

FIXTURE = json.loads((Path(__file__).parent / "logs" / "maracaibo_stack.json").read_text())
GAMES: list[dict[str, Any]] = FIXTURE["games"]
VOTES: list[dict[str, Any]] = FIXTURE["votes"]
DIGESTED = 30
"""Steps after a stored state whose digests are compared (the rest is only played on)."""


def _before(state: MaracaiboState) -> str:
    """The state's JSON as the engine before the move wrote it."""
    old = maracaibo_stack(json.loads(state.model_dump_json()))
    return json.dumps(old, separators=(",", ":"), ensure_ascii=False)


def _actions(raw: list[dict[str, Any]]) -> list[tuple[str, Any]]:
    return [(e["seat"], SPEC.parse_action(e["action"])) for e in raw]


def _play_on(
    state: MaracaiboState, actions: list[tuple[str, Any]], at: int, steps: list[str]
) -> MaracaiboState:
    previous = actions[at - 1][1] if at else None
    near = list(replayed(SPEC, state, actions[at : at + DIGESTED], previous))
    assert [d for _, d in near] == steps[at : at + DIGESTED]
    state = near[-1][0] if near else state
    for seat, action in actions[at + DIGESTED :]:
        state = SPEC.apply(state, seat, action).state
    assert SPEC.is_over(state)
    return state


@pytest.mark.parametrize("game", GAMES)
def test_issue22_1_maracaibo_plays_logged_games_step_for_step(game: dict[str, Any]) -> None:
    """Issue 22.1: the same legal actions, refusals, events, views and scores every step."""
    log = GameLog.model_validate(game["log"])
    setup = GameSetup(seats=log.seats, options=log.options, seed=log.seed)
    start = setup.start(SPEC, log.rules_version)
    digests = [d for _, d in replayed(SPEC, start, _actions(game["log"]["actions"]), None)]
    assert digests == game["steps"]


@pytest.mark.parametrize("game", GAMES)
def test_issue22_1_maracaibo_states_stored_mid_setup_and_mid_turn_play_on(
    game: dict[str, Any],
) -> None:
    """Issue 22.1: a state stored in the middle of the setup (MAR-S15 / S16), at a turn's
    sail or main action (MAR-T1) or under a decision the turn opened loads with the setup's
    choices or the turn at the bottom of the stack, equals the replayed state, is written
    back byte for byte, and plays on to the same end."""
    log = GameLog.model_validate(game["log"])
    actions = _actions(game["log"]["actions"])
    setup = GameSetup(seats=log.seats, options=log.options, seed=log.seed)
    states = [setup.start(SPEC, log.rules_version)]
    states += [s for s, _ in replayed(SPEC, states[0], actions, None)]
    for snapshot in game["snapshots"]:
        at, label = snapshot["at"], snapshot["label"]
        stored = SPEC.load_state(snapshot["state"])
        assert _before(stored) == snapshot["state"], label
        assert stored.model_dump_json() == states[at].model_dump_json(), label
        bottom = stored.stack[0] if stored.stack else None
        if label.startswith("setup/"):
            assert isinstance(bottom, SetupChoice) and len(stored.stack) == 1, label
        elif label.startswith("play/"):
            assert isinstance(bottom, MainStep) and bottom.seat == stored.active, label
        final = _play_on(stored, actions, at, game["steps"])
        assert final.model_dump_json() == states[-1].model_dump_json()


def test_issue22_1_maracaibo_fixture_covers_setup_turn_and_votes() -> None:
    """Issue 22.1: the stored states include every setup choice with none, some and all but
    one player done, both steps of a turn, and a vote with some votes cast."""
    labels = {s["label"] for g in GAMES for s in g["snapshots"]}
    players = max(len(g["log"]["seats"]) for g in GAMES)
    setup = {f"setup/{n}/{c}" for n in range(players) for c in ("career", "plan", "discard")}
    assert setup | {"play/sail", "play/main", "play/draw", "over"} <= labels
    assert any(s["at"] > 0 for v in VOTES for s in v["snapshots"])


@pytest.mark.parametrize("game", VOTES, ids=[v["name"] for v in VOTES])
def test_issue22_1_maracaibo_states_stored_mid_vote_play_on(game: dict[str, Any]) -> None:
    """Issue 22.1 / D20: a state stored before each vote of a story back (a plain stack entry
    then; the votes cast kept secret in the campaign) loads as a vote waiting for the players
    who have not voted, is written back byte for byte, and plays on to the same end."""
    with stories():
        actions = _actions(game["actions"])
        finals = set()
        for snapshot in game["snapshots"]:
            stored = SPEC.load_state(snapshot["state"])
            assert _before(stored) == snapshot["state"]
            top = stored.stack[-1]
            if isinstance(top, Vote):
                assert stored.campaign is not None
                voted = set(stored.campaign.votes)
                assert set(top.waiting) == set(stored.seats) - voted
                assert SPEC.to_act(stored) == frozenset(top.waiting)
            final = _play_on(stored, actions, snapshot["at"], game["steps"])
            finals.add(final.model_dump_json())
        assert len(finals) == 1
