"""Write the stored-state fixtures of issue 22, point 1 (``logs/decisions_<game>.json``).

Run from the tree root with the engine from before the game's decisions moved onto the
decision stack (``rules.core.decisions``), once per game, and never again afterwards::

    python -m tests.upgrade.make_decision_snapshots GAME [SEEDS]

The fixtures were written with ``ilos`` (6 seeds), ``endeavor 40``, ``renaissance 8``
(only the first game's final state kept, to keep the file small) and ``maracaibo 10`` (its
scenarios played with the campaign tests' story cards, ``maracaibo_stories``).

Random games (``decision_trace.play``) of every configuration ``decision_trace`` plays are
scanned; a game is kept when it reaches a kind of pending decision no kept game reached
before, with the state as that engine stored it (``model_dump_json``, as the bot's store
keeps it) just before the first step at each new kind, and the state it ended in. Each kept
game records its log and every step's digest (``decision_trace.step_digest``).
A kind random games seldom reach is played as a scenario (``SCENARIOS``): a position built
by the game's test helpers, a few chosen actions through it, then random play to the end,
with the states stored before each chosen action.
``test_decision_snapshots.py`` checks that today's engine plays the logs step for step as
that engine did, and that every stored state loads and plays on from there identically.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

from rules.core.replay import GameLog, LoggedAction
from rules.registry import GAMES
from tests.upgrade.decision_trace import configurations, play, step_digest
from tests.upgrade.maracaibo_stories import stories

HERE = Path(__file__).resolve().parent
SEEDS = 6


def _ilos(state: Any) -> str:
    pending = state.pending
    if pending is None:
        return str(state.phase)
    return f"{state.phase}/{pending.purpose}:{pending.stage}"


def _endeavor(state: Any) -> str:
    parts = [f"step:{state.queue[0].kind}" if state.queue else "no_step"]
    if state.memorial:
        parts.append(f"memorial:{len(state.memorial)}")
    if state.governor_pending:
        parts.append(f"governor:{len(state.governor_pending)}")
    if state.sf is not None:
        parts.append(f"sf:{state.sf.stage}")
    if state.turn is not None:
        parts.append("turn")
    return "/".join(parts)


def _renaissance(state: Any) -> str:
    kinds = "+".join(p.kind for p in state.pending)
    return f"{state.phase}/{kinds}" if kinds else str(state.phase)


def _maracaibo(state: Any) -> str:
    now = state.stack[-1].kind if state.stack else state.turn.step
    return f"{state.phase}/{now}"


LABELS: dict[str, Callable[[Any], str]] = {
    "ilos": _ilos,
    "endeavor": _endeavor,
    "renaissance": _renaissance,
    "maracaibo": _maracaibo,
}
"""The kind of pending decision a state of the old shape is at."""


def _endeavor_memorial() -> tuple[Any, list[tuple[str, Any]]]:
    """END-R80: the defender of an attack owns the Memorial (one copy in the game)."""
    from rules.endeavor.actions import Activate, Attack, PlaceMemorial
    from tests.rules.endeavor.endeavor_helpers import (
        action_phase,
        add_building,
        harbour,
        place,
        started,
    )

    s = action_phase(started(2))
    add_building(s, "p2", "memorial")
    barracks = add_building(s, "p1", "barracks")
    place(s, "paris", "p2")
    harbour(s, "p1", 3)
    chosen: list[tuple[str, Any]] = [
        ("p1", Activate(slot=barracks)),
        ("p1", Attack(space="paris")),
        ("p2", PlaceMemorial(track="culture")),
    ]
    return s, chosen


def _maracaibo_vote(players: int, reader: str, version: int) -> Any:
    """D20: a campaign game at the round-1 scoring where ``reader`` claimed story tile S1
    (the campaign tests' position, their story cards): the back of card 01 is voted on."""
    from rules.maracaibo.model import Options, Scoring
    from rules.maracaibo.ops import run
    from rules.maracaibo.spec import SPEC

    seats = [f"p{i + 1}" for i in range(players)]
    s = SPEC.new_game(seats, Options(players=players, campaign=True), 5, rules_version=version)
    while s.phase == "setup":
        seat = sorted(SPEC.to_act(s))[0]
        s = SPEC.apply(s, seat, SPEC.legal_actions(s, seat)[0]).state
    s = s.copied()
    s.board.quests["15"].remove("S1")
    s.players[reader].quests.append("S1")
    s.stack = [d for d in s.stack if d.kind != "turn"]  # the turn ends (today's engine)
    s.phase = "scoring"
    s.scoring = Scoring(kind="interim", trigger=s.active)
    run(s, [])
    return s


def _maracaibo_story_vote() -> tuple[Any, list[tuple[str, Any]]]:
    """D20: every player votes at once, in secret; the majority decides."""
    from rules.maracaibo.actions import Choose

    s = _maracaibo_vote(3, "p2", 2)
    return s, [("p2", Choose(option=1)), ("p3", Choose(option=0)), ("p1", Choose(option=0))]


def _maracaibo_story_tie() -> tuple[Any, list[tuple[str, Any]]]:
    """D20 (rules version 2): a tied vote is the reader's to break (a decision on top)."""
    from rules.maracaibo.actions import Choose

    s = _maracaibo_vote(2, "p2", 2)
    return s, [("p1", Choose(option=0)), ("p2", Choose(option=1)), ("p2", Choose(option=1))]


def _maracaibo_story_tie_v1() -> tuple[Any, list[tuple[str, Any]]]:
    """D20 (rules version 1): an abstention, and the reader's own vote breaks the tie."""
    from rules.maracaibo.actions import ABSTAIN, Choose

    s = _maracaibo_vote(4, "p4", 1)
    chosen = [("p1", Choose(option=0)), ("p2", Choose(option=ABSTAIN)), ("p4", Choose(option=1))]
    return s, [*chosen, ("p3", Choose(option=ABSTAIN))]


SCENARIOS: dict[str, dict[str, Callable[[], tuple[Any, list[tuple[str, Any]]]]]] = {
    "endeavor": {"memorial": _endeavor_memorial},
    "maracaibo": {
        "story_vote": _maracaibo_story_vote,
        "story_tie": _maracaibo_story_tie,
        "story_tie_v1": _maracaibo_story_tie_v1,
    },
}

DATA: dict[str, Callable[[], AbstractContextManager[None]]] = {"maracaibo": stories}
"""The data a game's scenarios are played with (Maracaibo: the campaign tests' story cards,
``maracaibo_stories``); the fixture names it in ``data``, and the test plays them with it."""


def scenarios(key: str) -> list[dict[str, Any]]:
    spec = GAMES[key]
    kept = []
    for name, build in SCENARIOS.get(key, {}).items():
        with DATA.get(key, nullcontext)():
            kept.append(_scenario(spec, name, build))
    return kept


def _scenario(
    spec: Any, name: str, build: Callable[[], tuple[Any, list[tuple[str, Any]]]]
) -> dict[str, Any]:
    state, chosen = build()
    actions: list[dict[str, Any]] = []
    digests: list[str] = []
    snapshots: list[dict[str, Any]] = []
    previous = None
    for seat, action in chosen:
        snapshots.append({"at": len(digests), "label": name, "state": state.model_dump_json()})
        digest, state = step_digest(spec, state, seat, action, previous)
        actions.append({"seat": seat, "action": action.model_dump(mode="json")})
        digests.append(digest)
        previous = action
    rnd = random.Random(0)
    while not spec.is_over(state):
        seat = sorted(spec.to_act(state))[0]
        legal = spec.legal_actions(state, seat)
        action = legal[rnd.randrange(len(legal))]
        digest, state = step_digest(spec, state, seat, action, previous)
        actions.append({"seat": seat, "action": action.model_dump(mode="json")})
        digests.append(digest)
        previous = action
    found = {"name": name, "actions": actions, "steps": digests, "snapshots": snapshots}
    return found | ({"data": spec.key} if spec.key in DATA else {})


def collect(key: str, seeds: int = SEEDS) -> list[dict[str, Any]]:
    spec = GAMES[key]
    label = LABELS[key]
    seen: set[str] = set()
    kept: list[dict[str, Any]] = []
    for raw in configurations(key):
        for seed in range(seeds):
            options = spec.Options.model_validate(raw)
            seats = [f"p{i + 1}" for i in range(int(raw["players"]))]
            state = spec.new_game(seats, options, seed)
            log = GameLog(
                game=key,
                seats=seats,
                seed=seed,
                options=options.model_dump(mode="json"),
                rules_version=state.rules_version,
            )
            digests: list[str] = []
            snapshots: list[dict[str, Any]] = []
            last = state
            for before, step in play(spec, state, random.Random(seed)):
                kind = label(before)
                if kind not in seen:
                    seen.add(kind)
                    snapshots.append(
                        {"at": len(digests), "label": kind, "state": before.model_dump_json()}
                    )
                log.actions.append(
                    LoggedAction(seat=step.seat, action=step.action.model_dump(mode="json"))
                )
                digests.append(step.digest)
                last = before
            if not snapshots:
                continue
            final = spec.apply(
                last, log.actions[-1].seat, spec.parse_action(log.actions[-1].action)
            )
            snapshots.append(
                {"at": len(digests), "label": "over", "state": final.state.model_dump_json()}
            )
            kept.append(
                {"log": log.model_dump(mode="json"), "steps": digests, "snapshots": snapshots}
            )
    return kept


def main(argv: list[str]) -> int:
    key = argv[0]
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    games = collect(key, int(argv[1]) if len(argv) > 1 else SEEDS)
    out = HERE / "logs" / f"decisions_{key}.json"
    built = scenarios(key)
    fixture = {"written_by": commit, "games": games, "scenarios": built}
    out.write_text(json.dumps(fixture, sort_keys=True) + "\n")
    kinds = [s["label"] for g in games for s in g["snapshots"]]
    print(f"{out.name}: {len(games)} games, {len(kinds)} stored states: {', '.join(kinds)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
