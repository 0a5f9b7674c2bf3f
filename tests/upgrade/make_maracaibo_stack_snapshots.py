"""Write ``logs/maracaibo_stack.json``: Maracaibo states stored by the engine from before its
setup, its turns' main step and its story votes moved onto the decision stack (issue 22,
point 1), for ``test_maracaibo_stack.py``.

Run from this tree's root with that engine (and its tests package) first on the path,
once, and never again afterwards; the fixture was written with main at the commit before the
move (its ``written_by``)::

    PYTHONPATH=<checkout before the move> python tests/upgrade/make_maracaibo_stack_snapshots.py

Random games of 1-4 players (``decision_trace.play``, seeds 0-2) are scanned and a game is
kept when it reaches a position no kept game reached before: a number of players done with
their secret setup choices and the choice they are at (MAR-S15 / S16), a step of the active
player's turn with nothing else pending (sail, main action), or a kind of decision on top
of the turn; the state as that engine stored it (``model_dump_json``) just before the first
step there, and the state the game ended in. Each kept game records its log and every
step's digest (``decision_trace.step_digest``). The story votes (D20) are the scenarios of
``make_decision_snapshots`` (a majority, a version-2 tie the reader breaks, a version-1 tie
with abstentions, played with the campaign tests' story cards), stored before each vote.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from rules.registry import GAMES
from tests.upgrade import make_decision_snapshots as snapshots
from tests.upgrade.maracaibo_stories import stories

HERE = Path(__file__).resolve().parent
OUT = HERE / "logs" / "maracaibo_stack.json"
SEEDS = 3


def label(state: Any) -> str:
    """Where the state is: the setup's progress, the turn's step, or the decision on top."""
    if state.phase == "setup":
        done = sum(p.setup_done for p in state.players.values())
        p = next(p for p in state.players.values() if not p.setup_done)
        stage = "career" if not p.career else "plan" if not p.plan else "discard"
        return f"setup/{done}/{stage}"
    if state.stack:
        return f"{state.phase}/{state.stack[-1].kind}"
    return f"{state.phase}/{state.turn.step}"


def main(argv: list[str]) -> int:
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    snapshots.LABELS["maracaibo"] = label
    games = snapshots.collect("maracaibo", int(argv[0]) if argv else SEEDS)
    votes = []
    with stories():
        for name, build in snapshots.SCENARIOS["maracaibo"].items():
            votes.append(snapshots._scenario(GAMES["maracaibo"], name, build))
    fixture = {"written_by": commit, "games": games, "votes": votes}
    OUT.write_text(json.dumps(fixture, sort_keys=True) + "\n")
    kinds = [s["label"] for g in games for s in g["snapshots"]]
    print(f"{OUT.name}: {len(games)} games, {len(kinds)} stored states: {', '.join(kinds)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
