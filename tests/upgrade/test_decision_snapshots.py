"""Issue 22, point 1: a game whose pending decisions moved onto the decision stack
(``rules.core.decisions``) plays exactly as before, and its states stored before load.

``logs/decisions_<game>.json`` was written by the engine from before the move
(``make_decision_snapshots.py``, commit in ``written_by``): random games with every step's
digest (who acts, the legal actions, the events, refusals, views, scores:
``decision_trace.step_digest``) and states stored at every kind of pending decision, as the
store kept them. Today's engine must give every step the same digest, and each stored state
must load (upcast to today's shape), equal the replayed state, and play on identically.
"""

from __future__ import annotations

import json
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import pytest

from rules.core.replay import GameLog, GameSetup
from rules.registry import GAMES
from tests.upgrade.decision_trace import replayed
from tests.upgrade.legacy_shapes import old_shape_json
from tests.upgrade.maracaibo_stories import stories

LOGS = Path(__file__).parent / "logs"
FIXTURES = sorted(LOGS.glob("decisions_*.json"))


def _kept(part: str) -> list[tuple[str, str, dict[str, Any]]]:
    out = []
    for path in FIXTURES:
        for i, game in enumerate(json.loads(path.read_text()).get(part, [])):
            out.append((path.stem.removeprefix("decisions_"), f"{path.stem}-{i}", game))
    return out


GAMES_KEPT = _kept("games")
SCENARIOS = _kept("scenarios")


def _actions(log: GameLog) -> list[tuple[str, Any]]:
    spec = GAMES[log.game]
    return [(e.seat, spec.parse_action(e.action)) for e in log.actions]


DIGESTED = 30
"""Steps after a stored state whose digests are compared (then the rest is only played: the
whole log's digests are compared from the start, and the final states must be equal)."""


def _play_on(
    spec: Any, state: Any, actions: list[tuple[str, Any]], at: int, steps: list[str]
) -> Any:
    previous = actions[at - 1][1] if at else None
    near = list(replayed(spec, state, actions[at : at + DIGESTED], previous))
    assert [d for _, d in near] == steps[at : at + DIGESTED]
    state = near[-1][0] if near else state
    for seat, action in actions[at + DIGESTED :]:
        state = spec.apply(state, seat, action).state
    return state


def test_decision_snapshot_fixtures_cover_every_moved_game() -> None:
    """Issue 22.1: every game moved onto the decision stack has stored states here."""
    assert {p.stem for p in FIXTURES} >= {
        "decisions_ilos",
        "decisions_endeavor",
        "decisions_renaissance",
        "decisions_maracaibo",
    }


@pytest.mark.parametrize(("key", "name", "game"), GAMES_KEPT, ids=[n for _, n, _ in GAMES_KEPT])
def test_decision_stack_plays_logged_games_step_for_step(
    key: str, name: str, game: dict[str, Any]
) -> None:
    """Issue 22.1: the same legal actions, refusals, events, views and scores every step."""
    log = GameLog.model_validate(game["log"])
    spec = GAMES[log.game]
    setup = GameSetup(seats=log.seats, options=log.options, seed=log.seed)
    start = setup.start(spec, log.rules_version)
    digests = [d for _, d in replayed(spec, start, _actions(log), None)]
    assert digests == game["steps"]


@pytest.mark.parametrize(("key", "name", "game"), GAMES_KEPT, ids=[n for _, n, _ in GAMES_KEPT])
def test_states_stored_before_the_decision_stack_load_and_play_on(
    key: str, name: str, game: dict[str, Any]
) -> None:
    """Issue 22.1: a state stored by the old shape loads, equals the replay, plays on."""
    log = GameLog.model_validate(game["log"])
    spec = GAMES[log.game]
    actions = _actions(log)
    setup = GameSetup(seats=log.seats, options=log.options, seed=log.seed)
    states = [setup.start(spec, log.rules_version)]
    states += [s for s, _ in replayed(spec, states[0], actions, None)]
    for snapshot in game["snapshots"]:
        at = snapshot["at"]
        stored = spec.load_state(snapshot["state"])
        assert old_shape_json(stored) == snapshot["state"], "the upcast lost something"
        assert stored.model_dump_json() == states[at].model_dump_json(), snapshot["label"]
        final = _play_on(spec, stored, actions, at, game["steps"])
        assert spec.is_over(final)
        assert final.model_dump_json() == states[-1].model_dump_json()


@pytest.mark.parametrize(("key", "name", "game"), SCENARIOS, ids=[n for _, n, _ in SCENARIOS])
def test_scenario_states_stored_before_the_decision_stack_play_on(
    key: str, name: str, game: dict[str, Any]
) -> None:
    """Issue 22.1: a position random games seldom reach (Endeavor: a Memorial choice,
    END-R80; Maracaibo: a story vote and its tie, D20, with the campaign tests' story cards),
    stored by the old shape at each chosen step, loads and plays on identically."""
    with DATA[game["data"]]() if "data" in game else nullcontext():
        _scenario_plays_on(key, game)


DATA = {"maracaibo": stories}
"""The data a fixture's scenario was played with (its ``data``)."""


def _scenario_plays_on(key: str, game: dict[str, Any]) -> None:
    spec = GAMES[key]
    actions = [(e["seat"], spec.parse_action(e["action"])) for e in game["actions"]]
    finals = set()
    for snapshot in game["snapshots"]:
        at = snapshot["at"]
        stored = spec.load_state(snapshot["state"])
        assert old_shape_json(stored) == snapshot["state"], "the upcast lost something"
        final = _play_on(spec, stored, actions, at, game["steps"])
        assert spec.is_over(final)
        finals.add(final.model_dump_json())
    assert len(finals) == 1
