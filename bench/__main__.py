"""``python -m bench [--games N] [--json PATH]``: speed and size figures for every registered game.

Per game: engine step time (median and p95 over the actions of random games), whole random
game time, state JSON size, board render time including PNG encode, persist time of one
action (SQLite, one transaction), and the bot's handling time of one button press inside the
real discord.py client (interaction reaching our handler -> reply handed to discord.py:
load, apply, persist, render), measured around the handler, so the harness's idle settle
wait is not counted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.measure import bot_handling_times, persist_times
from bot.i18n import Translator
from render import render_board
from rules.core.bots import play_random_game
from rules.core.replay import GameLog, replay
from rules.registry import GAMES


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench_game(key: str, games: int, players: int) -> dict[str, Any]:
    spec = GAMES[key]
    options = spec.Options.model_validate({"players": players})
    steps: list[float] = []
    whole: list[float] = []
    sizes: list[int] = []
    mid_states: list[Any] = []
    tick = [time.perf_counter()]

    def on_step(before: Any, seat: str, action: Any, after: Any) -> None:
        steps.append(time.perf_counter() - tick[0])
        tick[0] = time.perf_counter()

    for seed in range(games):
        tick[0] = time.perf_counter()
        start = time.perf_counter()
        state, log = play_random_game(spec, options, seed, on_step=on_step)
        whole.append(time.perf_counter() - start)
        sizes.append(len(state.model_dump_json()))
        half = GameLog(**{**log.model_dump(), "actions": log.actions[: len(log.actions) // 2]})
        mid_states.append(replay(spec, half))
    renders = []
    for state in mid_states:
        start = time.perf_counter()
        render_board(spec.view(state, None), Translator("en", {}))
        renders.append(time.perf_counter() - start)
    with tempfile.TemporaryDirectory() as tmp:
        persist = asyncio.run(persist_times(Path(tmp) / "bench.sqlite3", key, mid_states[0], 30))
        handling = asyncio.run(bot_handling_times(Path(tmp) / "bot.sqlite3", key, players, 12))
    return {
        "game": key,
        "players": players,
        "games": games,
        "step_median_ms": statistics.median(steps) * 1000,
        "step_p95_ms": pct(steps, 0.95) * 1000,
        "game_median_s": statistics.median(whole),
        "state_json_kb": statistics.median(sizes) / 1024,
        "render_median_ms": statistics.median(renders) * 1000,
        "persist_median_ms": statistics.median(persist) * 1000,
        "bot_command_median_ms": statistics.median(handling) * 1000 if handling else float("nan"),
        "bot_command_p95_ms": pct(handling, 0.95) * 1000 if handling else float("nan"),
    }


COLUMNS = [
    ("game", "{}"),
    ("players", "{}"),
    ("step_median_ms", "{:.3f}"),
    ("step_p95_ms", "{:.3f}"),
    ("game_median_s", "{:.2f}"),
    ("state_json_kb", "{:.1f}"),
    ("render_median_ms", "{:.0f}"),
    ("persist_median_ms", "{:.2f}"),
    ("bot_command_median_ms", "{:.0f}"),
    ("bot_command_p95_ms", "{:.0f}"),
]


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("--games", type=int, default=10, help="random games per game kind")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--only", action="append", help="bench only these game keys")
    parser.add_argument("--json", help="also write the figures as JSON here")
    args = parser.parse_args()
    rows = [
        bench_game(k, args.games, args.players)
        for k in sorted(GAMES)
        if not args.only or k in args.only
    ]
    widths = [max(len(c), *(len(f.format(r[c])) for r in rows)) for c, f in COLUMNS]
    print("  ".join(c.ljust(w) for (c, _), w in zip(COLUMNS, widths, strict=True)))
    for r in rows:
        print("  ".join(f.format(r[c]).ljust(w) for (c, f), w in zip(COLUMNS, widths, strict=True)))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
