"""How long a strong AI seat thinks per decision at the default budget (issue 24: "decision
time p95 ≤ 3 s per decision").

``python -m bench.ai_decisions [--only GAME] [--seconds S] [--json PATH]``

For every game, the strong level decides on the positions ``bench.ai_thinking.positions``
takes along a seeded random game (the acting seat's observation every few steps), in this
process, one after another, on the bot's time budget (``REFEREE_AI_SECONDS``'s default, the
wall clock the bot's AI worker gives it). A search ends at the budget or as soon as its choice
is settled, so the figures say how much of the budget decisions use: wall time p50 / p95 / max
in seconds, CPU time p50 / p95, and the share of decisions that ended before 95 % of the
budget. Printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from pathlib import Path
from typing import Any

from bench.ai_thinking import positions
from rules.ai import Budget, decide
from rules.ai.budget import DEFAULT_SECONDS
from rules.registry import GAMES


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 3)


def measure(kind: str, seconds: float) -> dict[str, Any]:
    """The strong level's decision times on one game's positions."""
    spec = GAMES[kind]
    players = min(4, spec.max_players)
    walls: list[float] = []
    cpus: list[float] = []
    for n, obs in enumerate(positions(kind, players, seed=3)):
        budget = Budget(seconds=seconds, clock=time.perf_counter)
        wall, cpu = time.perf_counter(), time.process_time()
        decide("strong", spec, obs, random.Random(n), budget)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return {
        "game": kind,
        "players": players,
        "budget_s": seconds,
        "decisions": len(walls),
        "wall_p50_s": _quantile(walls, 0.5),
        "wall_p95_s": _quantile(walls, 0.95),
        "wall_max_s": _quantile(walls, 1.0),
        "cpu_p50_s": _quantile(cpus, 0.5),
        "cpu_p95_s": _quantile(cpus, 0.95),
        "ended_early": round(sum(w < 0.95 * seconds for w in walls) / len(walls), 2),
        "load": os.getloadavg()[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=sorted(GAMES), help="one game instead of all")
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS)
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args()
    results = []
    for kind in [args.only] if args.only else sorted(GAMES):
        row = measure(kind, args.seconds)
        results.append(row)
        print(
            f"{kind}: {row['decisions']} strong decisions at {row['budget_s']} s:"
            f" wall p50 {row['wall_p50_s']} p95 {row['wall_p95_s']} max {row['wall_max_s']} s,"
            f" CPU p50 {row['cpu_p50_s']} p95 {row['cpu_p95_s']} s,"
            f" {row['ended_early']:.0%} ended before the budget (load {row['load']:.1f})"
        )
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
