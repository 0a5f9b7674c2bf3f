"""Write the stored-state fixtures of issue 22, point 1 (``logs/decisions_<game>.json``).

Run from the tree root with the engine from before the game's decisions moved onto the
decision stack (``rules.core.decisions``), once per game, and never again afterwards::

    python -m tests.upgrade.make_decision_snapshots GAME [SEEDS]

Random games (``decision_trace.play``) of every configuration ``decision_trace`` plays are
scanned; a game is kept when it reaches a kind of pending decision no kept game reached
before, with the state as that engine stored it (``model_dump_json``, as the bot's store
keeps it) just before the first step at each new kind, and the state it ended in. Each kept
game records its log and every step's digest (``decision_trace.step_digest``).
``test_decision_snapshots.py`` checks that today's engine plays the logs step for step as
that engine did, and that every stored state loads and plays on from there identically.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rules.core.replay import GameLog, LoggedAction
from rules.registry import GAMES
from tests.upgrade.decision_trace import configurations, play

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


LABELS: dict[str, Callable[[Any], str]] = {"ilos": _ilos, "endeavor": _endeavor}
"""The kind of pending decision a state of the old shape is at."""


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
    out.write_text(json.dumps({"written_by": commit, "games": games}, sort_keys=True) + "\n")
    kinds = [s["label"] for g in games for s in g["snapshots"]]
    print(f"{out.name}: {len(games)} games, {len(kinds)} stored states: {', '.join(kinds)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
