"""Press latency in one channel while AI seats think for another (issue 24: "press latency for
other channels unchanged while AIs think").

``python -m bench.ai_thinking [--only GAME] [--turns N] [--seconds S] [--json PATH]``

For every game, the same seeded game is played through the bot twice, back to back, timing
every press end to end (``bench.presses``): once with nothing else running (**quiet**), and
once while a **thinking** thread asks AI seats for decisions, one after another without a
pause, the way the bot's own bot-move thread does for the AI seats of other channels: through
``bot.ai_seats.AiSeats`` with the bot's default worker count and time budget
(``REFEREE_AI_PROCESSES``, ``REFEREE_AI_SECONDS``), at the strong level, on positions of a
random game of the same kind. The thread only waits on the worker's answer, as the bot's does,
so what the presses feel is what a real AI seat costs the machine, not the bench.

Figures per game and case: presses, p50 / p95 / max in ms, and for the thinking case the
decisions made and their time p50 / p95 (seconds). Printed, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from bench.presses import press_times
from bot.ai_seats import AiSeats
from bot.settings import Settings
from rules.ai.observe import Observation, observe
from rules.core.bots import random_action, seat_names
from rules.registry import GAMES

TURNS = 120  # presses of each game timed in each case (a few rounds, late enough to matter)
POSITIONS = 12  # positions the AI thinks about, taken along one random game


def positions(kind: str, players: int, seed: int) -> list[Observation]:
    """What an AI seat would be asked along a random game: the acting seat's observation
    every few steps."""
    spec = GAMES[kind]
    rnd = random.Random(seed)
    options = spec.Options(players=players)
    state = spec.new_game(seat_names(players), options, seed)
    out: list[Observation] = []
    step = 0
    while not spec.is_over(state) and len(out) < POSITIONS:
        seat = sorted(spec.to_act(state))[0]
        if step % 7 == 3:
            out.append(observe(spec, state, seat))
        state = spec.apply_trusted(state, seat, random_action(spec, state, seat, rnd)).state
        step += 1
    return out


class Thinking:
    """A thread that keeps AI seats thinking until stopped, timing each decision."""

    def __init__(self, kind: str, observations: list[Observation], seats: AiSeats) -> None:
        self.kind = kind
        self.observations = observations
        self.seats = seats
        self.decisions: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        i = 0
        while not self._stop.is_set():
            start = time.perf_counter()
            obs = self.observations[i % len(self.observations)]
            self.seats.decide(self.kind, "strong", obs)
            self.decisions.append(time.perf_counter() - start)
            i += 1

    def __enter__(self) -> Thinking:
        self.seats.decide(self.kind, "random", self.observations[0])  # workers started
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def _quantile_ms(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 1)


def _quantile_s(values: list[float], q: float) -> float | None:
    ms = _quantile_ms(values, q)
    return None if ms is None else round(ms / 1000, 2)


def _presses(kind: str, players: int, turns: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        times = asyncio.run(press_times(Path(folder) / "bench.sqlite3", kind, players, turns))
    every = times.every
    return {
        "presses": len(every),
        "p50_ms": _quantile_ms(every, 0.5),
        "p95_ms": _quantile_ms(every, 0.95),
        "max_ms": _quantile_ms(every, 1.0),
    }


def measure(kind: str, turns: int, seconds: float, processes: int) -> dict[str, Any]:
    """Quiet and thinking figures of one game, taken one after the other."""
    spec = GAMES[kind]
    players = min(4, spec.max_players)
    observations = positions(kind, players, seed=3)
    quiet = _presses(kind, players, turns)
    seats = AiSeats(processes=processes, seconds=seconds)
    try:
        with Thinking(kind, observations, seats) as thinking:
            busy = _presses(kind, players, turns)
    finally:
        seats.close()
    decisions = thinking.decisions
    return {
        "game": kind,
        "players": players,
        "ai_processes": processes,
        "ai_seconds": seconds,
        "quiet": quiet,
        "thinking": {
            **busy,
            "decisions": len(decisions),
            "decision_p50_s": _quantile_s(decisions, 0.5),
            "decision_p95_s": _quantile_s(decisions, 0.95),
        },
        "cpus": os.cpu_count(),
        "load_average_1min_after": round(os.getloadavg()[0], 2),
    }


def main() -> int:
    defaults = Settings(token="bench")
    parser = argparse.ArgumentParser(prog="python -m bench.ai_thinking")
    parser.add_argument("--only", action="append", help="only these game keys")
    parser.add_argument("--turns", type=int, default=TURNS, help="presses timed per case")
    parser.add_argument("--seconds", type=float, default=defaults.ai_seconds)
    parser.add_argument("--processes", type=int, default=defaults.ai_processes)
    parser.add_argument("--json", help="also write the figures as JSON here")
    args = parser.parse_args()
    keys = [k for k in sorted(GAMES) if not args.only or k in args.only]
    rows = []
    for kind in keys:
        row = measure(kind, args.turns, args.seconds, args.processes)
        rows.append(row)
        q, t = row["quiet"], row["thinking"]
        print(
            f"{kind:12} quiet    presses {q['presses']:4} p50 {q['p50_ms']} p95 {q['p95_ms']}"
            f" max {q['max_ms']} ms"
        )
        print(
            f"{kind:12} thinking presses {t['presses']:4} p50 {t['p50_ms']} p95 {t['p95_ms']}"
            f" max {t['max_ms']} ms; {t['decisions']} AI decisions, p50"
            f" {t['decision_p50_s']} s p95 {t['decision_p95_s']} s"
        )
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
