"""``python -m bench [--games N] [--postgres URL] [--json PATH]``: speed and size figures for
every registered game.

Per game: engine step time (median and p95 over the actions of random games, on 256-bit seeds
as the bot's new games: the keyed generator of rules.core.rng), whole random
game time, state JSON size, board render time including PNG encode, persist time of one
action (one transaction), one command through ``GameService`` (channel lock, load, turn
check, apply, persist; no Discord, no rendering) with the part of it spent awaiting the
store, and the bot's handling time of one button press inside the real discord.py client
(interaction reaching our handler -> reply handed to discord.py: load, apply, persist,
render), measured around the handler, so the harness's idle settle wait is not counted.

The store figures are taken on SQLite and, beside them, on PostgreSQL when a server is named
(``--postgres URL``, else ``REFEREE_TEST_POSTGRES_URL``): each measurement in a fresh schema,
dropped afterwards. ``--no-postgres`` leaves PostgreSQL out.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from bench.measure import (
    bot_handling_times,
    collector_pauses,
    command_times,
    on_postgres,
    persist_times,
    postgres_problem,
)
from bench.throughput import measure as throughput
from bot.i18n import Translator
from render import render_board
from rules.core.bots import play_random_game
from rules.core.replay import GameLog, replay
from rules.registry import GAMES

POSTGRES_ENV = "REFEREE_TEST_POSTGRES_URL"
PERSIST_ROUNDS = 30
NEW_GAME_SEEDS = 1 << 255
BOT_PRESSES = 600  # presses of one whole game in the bot (it ends sooner)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms(values: list[float], q: float | None = None) -> float | None:
    """Median (or the ``q`` quantile) in milliseconds; None when nothing was measured."""
    if not values:
        return None
    return (statistics.median(values) if q is None else pct(values, q)) * 1000


Runner = Callable[[str, Callable[[str], Coroutine[Any, Any, Any]]], Any]
"""Runs one named measurement on a store target (a SQLite file path or a PostgreSQL URL)."""


def sqlite_runner(folder: Path) -> Runner:
    def run(name: str, measure: Callable[[str], Coroutine[Any, Any, Any]]) -> Any:
        return asyncio.run(measure(str(folder / f"{name}.sqlite3")))

    return run


def postgres_runner(url: str) -> Runner:
    def run(name: str, measure: Callable[[str], Coroutine[Any, Any, Any]]) -> Any:
        return on_postgres(url, measure)  # a fresh schema for each measurement

    return run


def store_figures(
    prefix: str, run: Runner, key: str, state: Any, players: int, presses: int
) -> dict[str, float | None]:
    """Persist, command and bot-command figures on one kind of store."""
    persist = run("persist", lambda t: persist_times(t, key, state, PERSIST_ROUNDS))
    whole, waited = run("command", lambda t: command_times(t, key, players, presses))
    with collector_pauses() as pauses:
        handling = run("bot", lambda t: bot_handling_times(t, key, players, BOT_PRESSES))
    full = [seconds for generation, seconds in pauses if generation == 2]
    return {
        f"{prefix}bot_full_collections": float(len(full)),
        f"{prefix}bot_longest_collection_ms": max(full, default=0.0) * 1000,
        f"{prefix}persist_median_ms": ms(persist),
        f"{prefix}command_median_ms": ms(whole),
        f"{prefix}command_p95_ms": ms(whole, 0.95),
        f"{prefix}command_store_median_ms": ms(waited),
        f"{prefix}bot_command_median_ms": ms(handling),
        f"{prefix}bot_command_p95_ms": ms(handling, 0.95),
    }


def bench_game(
    key: str, games: int, players: int, postgres: str | None = None, presses: int = 40
) -> dict[str, Any]:
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

    for number in range(games):
        seed = NEW_GAME_SEEDS | number  # 256 bits wide, as the bot's new games: keyed generator
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
        sqlite = store_figures("", sqlite_runner(Path(tmp)), key, mid_states[0], players, presses)
    if postgres is not None:
        run = postgres_runner(postgres)
        pg = store_figures("pg_", run, key, mid_states[0], players, presses)
    else:
        pg = {f"pg_{name}": None for name in sqlite}
    return {
        "game": key,
        "players": players,
        "games": games,
        "step_median_ms": statistics.median(steps) * 1000,
        "step_p95_ms": pct(steps, 0.95) * 1000,
        "game_median_s": statistics.median(whole),
        "state_json_kb": statistics.median(sizes) / 1024,
        "render_median_ms": statistics.median(renders) * 1000,
        **sqlite,
        **pg,
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


STORE_COLUMNS = [
    ("persist_median_ms", "persist_ms", "{:.2f}"),
    ("command_median_ms", "command_ms", "{:.1f}"),
    ("command_p95_ms", "command_p95_ms", "{:.1f}"),
    ("command_store_median_ms", "store_part_ms", "{:.1f}"),
    ("bot_command_median_ms", "bot_command_ms", "{:.0f}"),
    ("bot_command_p95_ms", "bot_command_p95_ms", "{:.0f}"),
]


def cell(fmt: str, value: Any) -> str:
    return "-" if value is None else fmt.format(value)


def table(header: list[str], lines: list[list[str]]) -> None:
    widths = [max(len(h), *(len(line[i]) for line in lines)) for i, h in enumerate(header)]
    print("  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)))
    for line in lines:
        print("  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)))


def postgres_target(args: argparse.Namespace) -> tuple[str | None, str]:
    """The PostgreSQL server to measure on, and what to say about it."""
    if args.no_postgres:
        return None, "PostgreSQL: left out (--no-postgres)"
    url = args.postgres or os.environ.get(POSTGRES_ENV)
    if not url:
        return None, f"PostgreSQL: not measured (give --postgres URL or set {POSTGRES_ENV})"
    problem = asyncio.run(postgres_problem(url))
    if problem is not None:
        if args.postgres:
            raise SystemExit(f"python -m bench: {problem}")
        return None, f"PostgreSQL: not measured ({problem})"
    return url, "PostgreSQL: each figure in a fresh schema, dropped afterwards"


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("--games", type=int, default=10, help="random games per game kind")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--only", action="append", help="bench only these game keys")
    parser.add_argument("--json", help="also write the figures as JSON here")
    parser.add_argument(
        "--postgres",
        metavar="URL",
        help=f"also measure the store figures on this PostgreSQL server (default: ${POSTGRES_ENV})",
    )
    parser.add_argument("--no-postgres", action="store_true", help="SQLite figures only")
    parser.add_argument(
        "--presses", type=int, default=40, help="commands timed through GameService per store"
    )
    args = parser.parse_args()
    postgres, note = postgres_target(args)
    rows = [
        bench_game(k, args.games, args.players, postgres, args.presses)
        for k in sorted(GAMES)
        if not args.only or k in args.only
    ]
    table(
        [c for c, _ in COLUMNS],
        [[cell(f, r[c]) for c, f in COLUMNS] for r in rows],
    )
    print()
    print("Command handling by database (medians unless p95; store_part: awaiting the store)")
    table(
        ["game", "db", *(title for _, title, _ in STORE_COLUMNS)],
        [
            [r["game"], db, *(cell(f, r[prefix + c]) for c, _, f in STORE_COLUMNS)]
            for r in rows
            for db, prefix in (("sqlite", ""), ("postgres", "pg_"))
            if db == "sqlite" or postgres is not None
        ],
    )
    print(note)
    print()
    print("Many channels at once (python -m bench.throughput for options)")
    crowd = [asyncio.run(throughput(r["game"], channels=50, presses=4, processes=2)) for r in rows]
    for row in crowd:
        print(json.dumps(row))
    if args.json:
        Path(args.json).write_text(json.dumps({"games": rows, "throughput": crowd}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
