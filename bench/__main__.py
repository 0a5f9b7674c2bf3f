"""``python -m bench [--games N] [--loaded] [--postgres URL] [--json PATH]``: speed and size
figures for every registered game.

Per game: engine step time (median and p95 over the actions of random games, on 256-bit seeds
as the bot's new games: the keyed generator of rules.core.rng), whole random game time, state
JSON size; persist time of one action (one transaction) and one command through
``GameService`` (channel lock, load, turn check, apply, persist; no Discord, no rendering)
with the part of it spent awaiting the store; and every press of a whole game through the
Discord harness, end to end (``bench.presses``: "take your turn" with its picture and the
action press with its posts and images, discord.py's dispatch included), with the full
(generation-2) collections that ran meanwhile. Then the render cost of every board part on
new views (``bench.render_times``, CPU time) and 50 channels playing whole games at once
(``bench.throughput``: hand-overs per second, the event loop's longest stall).

``--loaded`` runs everything beside a CPU-burning process bench starts itself (a small shared
server); every figure records the load it was taken under. ``--json PATH`` writes them all.

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

from bench import render_times
from bench.load import cpu_load
from bench.measure import (
    collector_pauses,
    command_times,
    on_postgres,
    persist_times,
    postgres_problem,
)
from bench.presses import press_times
from bench.throughput import WHOLE_GAME
from bench.throughput import measure as throughput
from rules.core.bots import play_random_game
from rules.core.replay import GameLog, replay
from rules.registry import GAMES

POSTGRES_ENV = "REFEREE_TEST_POSTGRES_URL"
PERSIST_ROUNDS = 30
NEW_GAME_SEEDS = 1 << 255
BOT_TURNS = 2000  # turns of one whole game in the bot (it ends sooner)


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
    prefix: str, run: Runner, key: str, state: Any, players: int, presses: int, turns: int
) -> dict[str, float | None]:
    """Persist, command and bot-command figures on one kind of store."""
    persist = run("persist", lambda t: persist_times(t, key, state, PERSIST_ROUNDS))
    whole, waited = run("command", lambda t: command_times(t, key, players, presses))
    with collector_pauses() as pauses:
        pressed = run("bot", lambda t: press_times(t, key, players, turns))
    full = [seconds for generation, seconds in pauses if generation == 2]
    out: dict[str, float | None] = {
        f"{prefix}persist_median_ms": ms(persist),
        f"{prefix}command_median_ms": ms(whole),
        f"{prefix}command_p95_ms": ms(whole, 0.95),
        f"{prefix}command_store_median_ms": ms(waited),
        f"{prefix}bot_presses": float(len(pressed.every)),
        f"{prefix}bot_whole_game": float(pressed.complete),
        f"{prefix}bot_files_per_press": (
            pressed.files / len(pressed.every) if pressed.every else None
        ),
        f"{prefix}bot_full_collections": float(len(full)),
        f"{prefix}bot_longest_collection_ms": max(full, default=0.0) * 1000,
    }
    for name, values in (
        ("press", pressed.every),
        ("open", pressed.open),
        ("action", pressed.action),
    ):
        out[f"{prefix}{name}_p50_ms"] = ms(values)
        out[f"{prefix}{name}_p95_ms"] = ms(values, 0.95)
        out[f"{prefix}{name}_max_ms"] = max(values) * 1000 if values else None
    return out


def bench_game(
    key: str,
    games: int,
    players: int,
    postgres: str | None = None,
    presses: int = 40,
    turns: int = BOT_TURNS,
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
    with tempfile.TemporaryDirectory() as tmp:
        sqlite = store_figures(
            "", sqlite_runner(Path(tmp)), key, mid_states[0], players, presses, turns
        )
    if postgres is not None:
        run = postgres_runner(postgres)
        pg = store_figures("pg_", run, key, mid_states[0], players, presses, turns)
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
    ("persist_median_ms", "{:.2f}"),
]


STORE_COLUMNS = [
    ("persist_median_ms", "persist_ms", "{:.2f}"),
    ("command_median_ms", "command_ms", "{:.1f}"),
    ("command_p95_ms", "command_p95_ms", "{:.1f}"),
    ("command_store_median_ms", "store_part_ms", "{:.1f}"),
]

PRESS_COLUMNS = [
    ("bot_presses", "presses", "{:.0f}"),
    ("press_p50_ms", "p50", "{:.0f}"),
    ("press_p95_ms", "p95", "{:.0f}"),
    ("press_max_ms", "max", "{:.0f}"),
    ("open_p50_ms", "open_p50", "{:.0f}"),
    ("open_p95_ms", "open_p95", "{:.0f}"),
    ("action_p50_ms", "action_p50", "{:.0f}"),
    ("action_p95_ms", "action_p95", "{:.0f}"),
    ("bot_files_per_press", "files/press", "{:.2f}"),
    ("bot_full_collections", "gen2_gcs", "{:.0f}"),
    ("bot_longest_collection_ms", "longest_gc_ms", "{:.0f}"),
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
    parser.add_argument(
        "--turns",
        type=int,
        default=BOT_TURNS,
        help="turns played through the bot (default: a whole game)",
    )
    parser.add_argument(
        "--loaded", action="store_true", help="run beside a CPU-burning process bench starts"
    )
    parser.add_argument("--views", type=int, default=render_times.VIEWS, help="views rendered")
    parser.add_argument("--channels", type=int, default=50, help="channels playing at once")
    parser.add_argument(
        "--channel-presses",
        type=int,
        default=WHOLE_GAME,
        help="commands per channel in the many-channel figure (default: whole games)",
    )
    args = parser.parse_args()
    postgres, note = postgres_target(args)
    keys = [k for k in sorted(GAMES) if not args.only or k in args.only]
    with cpu_load(1 if args.loaded else 0) as load:
        print(f"Load: {json.dumps(load)}")
        rows = [
            bench_game(k, args.games, args.players, postgres, args.presses, args.turns)
            for k in keys
        ]
        table(
            [c for c, _ in COLUMNS],
            [[cell(f, r[c]) for c, f in COLUMNS] for r in rows],
        )
        print()
        print("Command handling by database (medians unless p95; store_part: awaiting the store)")
        stores = [
            (db, prefix)
            for db, prefix in (("sqlite", ""), ("postgres", "pg_"))
            if db == "sqlite" or postgres is not None
        ]
        table(
            ["game", "db", *(title for _, title, _ in STORE_COLUMNS)],
            [
                [r["game"], db, *(cell(f, r[prefix + c]) for c, _, f in STORE_COLUMNS)]
                for r in rows
                for db, prefix in stores
            ],
        )
        print(note)
        print()
        print("Every press of a whole game through the bot, end to end (ms)")
        table(
            ["game", "db", *(title for _, title, _ in PRESS_COLUMNS)],
            [
                [r["game"], db, *(cell(f, r[prefix + c]) for c, _, f in PRESS_COLUMNS)]
                for r in rows
                for db, prefix in stores
            ],
        )
        print()
        print("Render CPU per board part on new views (python -m bench.render_times)")
        renders = [row for k in keys for row in render_times.measure(k, args.views)]
        render_times.print_rows(renders)
        print()
        print(f"{args.channels} channels at once (python -m bench.throughput for options)")
        crowd = [
            asyncio.run(throughput(k, args.channels, args.channel_presses, processes=2))
            for k in keys
        ]
        for row in crowd:
            print(json.dumps(row))
    if args.json:
        figures = {
            "load": load,
            "arguments": vars(args),
            "games": rows,
            "render": renders,
            "throughput": crowd,
        }
        Path(args.json).write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
