"""Write ``logs/renaissance_order_stack.json``: Age of Renaissance states stored by the engine
from before the phase's order moved onto the decision stack (issue 22, point 1).

Run once, from the tree root, with a checkout of the engine from before that move first on
the path (its stored states have the stack of only interrupting decisions, ``decisions``)::

    PYTHONPATH=<checkout before> python tests/upgrade/make_renaissance_order_snapshots.py

It was run with main at 486407b. The game is played by the steered test bot
(``tests/rules/renaissance/renaissance_bot.py``), which reaches the Renaissance swap window
(AOR-R26) and the watermill (EU-8) that random games seldom reach; a state is kept just
before the first step at each kind of decision (phase, and the interrupting decision on top),
with the game's log and every step's digest (``decision_trace.step_digest``).
``test_renaissance_order_stack.py`` checks that today's engine plays the logs step for step
as that engine did, and that every stored state loads and plays on identically.
"""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path
from typing import Any

from rules.core.replay import GameLog, LoggedAction
from rules.renaissance.model import Options
from rules.renaissance.spec import SPEC
from tests.rules.renaissance.renaissance_bot import steer
from tests.rules.renaissance.renaissance_helpers import seats
from tests.upgrade.decision_trace import step_digest

OUT = Path(__file__).resolve().parent / "logs" / "renaissance_order_stack.json"
GAMES = [(4, "euro1999", 1)]


def _label(state: Any) -> str:
    top = state.decisions[-1].kind if state.decisions else None
    return f"{state.phase}/{top}" if top is not None else str(state.phase)


def game(players: int, preset: str, seed: int, seen: set[str]) -> dict[str, Any]:
    options = Options.model_validate({"players": players, "preset": preset})
    names = seats(players)
    state = SPEC.new_game(names, options, seed)
    log = GameLog(
        game="renaissance",
        seats=names,
        seed=seed,
        options=options.model_dump(mode="json"),
        rules_version=state.rules_version,
    )
    rnd = random.Random(seed)
    digests: list[str] = []
    snapshots: list[dict[str, Any]] = []
    previous = None
    while not SPEC.is_over(state):
        label = _label(state)
        if label not in seen:
            seen.add(label)
            snapshots.append({"at": len(digests), "label": label, "state": state.model_dump_json()})
        seat = sorted(SPEC.to_act(state))[0]
        action = steer(state, seat, rnd)
        digest, state = step_digest(SPEC, state, seat, action, previous)
        log.actions.append(LoggedAction(seat=seat, action=action.model_dump(mode="json")))
        digests.append(digest)
        previous = action
    snapshots.append({"at": len(digests), "label": "over", "state": state.model_dump_json()})
    return {"log": log.model_dump(mode="json"), "steps": digests, "snapshots": snapshots}


def main() -> int:
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    seen: set[str] = set()
    games = [game(players, preset, seed, seen) for players, preset, seed in GAMES]
    OUT.write_text(json.dumps({"written_by": commit, "games": games}, sort_keys=True) + "\n")
    labels = [s["label"] for g in games for s in g["snapshots"]]
    print(f"{OUT.name}: {len(games)} games, {len(labels)} stored states: {', '.join(labels)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
