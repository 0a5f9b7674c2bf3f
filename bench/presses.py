"""Every press of whole games through the Discord harness, end to end.

A player's turn is two presses: **open** ("Take your turn": the private menu, with its
picture of numbered choices when there is one) and **action** (the chosen entry: the engine
step, the store, the next menu and, on a hand-over, the channel post with the whole table's
images and the DMs). Each press is timed from the moment the harness builds the interaction to
the moment the bot has settled: discord.py's dispatch, our handler and every message and image
sent are inside. Presses of whole random games are timed, so late-game boards count too.
Beside the times, the CPU of the bot's process (the harness's included) and of its render
workers per press: what the presses cost whatever else the machine runs. Needs the test
extra (``simcord``); without it nothing is measured.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.registry import GAMES


@dataclass
class PressTimes:
    """Seconds per press: opening the menu, choosing an action; images the bot sent."""

    open: list[float] = field(default_factory=list)
    action: list[float] = field(default_factory=list)
    files: int = 0
    complete: bool = False
    """True when a whole game was played (not cut short by ``presses``)."""
    bot_cpu: float = 0.0
    """CPU seconds of the bot's process while the presses ran (the harness's included)."""
    render_cpu: float = 0.0
    """CPU seconds of the bot's render worker processes meanwhile."""

    @property
    def every(self) -> list[float]:
        return self.open + self.action


@contextmanager
def counting_files(times: PressTimes) -> Iterator[None]:
    """Count the image files the bot attaches: every one is made by ``file_of``, wherever a
    bot module imported it from."""
    import bot.presenter  # its file_of (defined there or imported from bot.messages)

    original = getattr(bot.presenter, "file_of")  # noqa: B009

    def counted(image: Any) -> Any:
        times.files += 1
        return original(image)

    holders = [
        m
        for name, m in list(sys.modules.items())
        if name.split(".")[0] in ("bot", "cogs") and getattr(m, "file_of", None) is original
    ]
    for module in holders:
        setattr(module, "file_of", counted)  # noqa: B010
    try:
        yield
    finally:
        for module in holders:
            setattr(module, "file_of", original)  # noqa: B010


async def press_times(target: str | Path, kind: str, players: int, presses: int) -> PressTimes:
    """Play one random game of ``kind`` through the bot on ``target`` (SQLite file or
    PostgreSQL URL), up to ``presses`` turns, timing every press end to end."""
    times = PressTimes()
    try:
        import simcord

        from tests.cogs.helpers import open_id, open_table, press_action, prompt
        from tests.harness import attached, clock_for
    except ImportError:
        return times
    from bench.throughput import workers_cpu_seconds
    from bot.client import create_bot
    from bot.settings import Settings
    from db import store_for

    holder: dict[str, Any] = {}
    clock = clock_for(holder)
    settings = Settings(token="test", db_path=str(target), reminder_hours=24.0, cooldown_per_10s=0)
    bot = create_bot(
        settings, store=store_for(str(target), now=clock), clock=clock, seed_source=lambda: 7
    )
    spec = GAMES[kind]
    async with simcord.run(bot) as env, attached(env, Path(str(target)), holder) as h:
        env.settle_timeout = 120.0  # a press on a crowded machine may take long: time it
        members = await open_table(h, kind, [f"player{i}" for i in range(players)])
        rnd = random.Random(7)
        workers_cpu = await workers_cpu_seconds(h.bot.renderer)
        bot_cpu = time.process_time()
        with counting_files(times):
            for _ in range(presses):
                game = await h.bot.store.get_game(1)
                if game is None or game.status != "active":
                    times.complete = True
                    break
                state = h.bot.service.state_of(game)
                seat = sorted(spec.to_act(state))[0]
                actor = next(m for m in members if game.seat_of(m.id) == seat)
                post = prompt(h)
                start = time.perf_counter()
                menu = await h.click(actor, post, custom_id=open_id(post))
                times.open.append(time.perf_counter() - start)
                count = len(spec.legal_actions(state, seat))
                start = time.perf_counter()
                await press_action(h, actor, menu, spec, state, rnd.randrange(count))
                times.action.append(time.perf_counter() - start)
                await h.advance(30)
                if len(times.action) % 10 == 0:
                    await h.expire_menus()  # untimed: the harness's own upkeep
        times.bot_cpu = time.process_time() - bot_cpu
        times.render_cpu = await workers_cpu_seconds(h.bot.renderer) - workers_cpu
    return times


def summary(times: PressTimes) -> dict[str, Any]:
    """p50 / p95 / max in milliseconds of every press, of the opens and of the actions."""

    def at(values: list[float], q: float) -> float | None:
        ordered = sorted(values)
        return (
            round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 1)
            if values
            else None
        )

    out: dict[str, Any] = {"presses": len(times.every), "whole_game": times.complete}
    for name, values in (("press", times.every), ("open", times.open), ("action", times.action)):
        out[f"{name}_p50_ms"] = at(values, 0.5)
        out[f"{name}_p95_ms"] = at(values, 0.95)
        out[f"{name}_max_ms"] = round(max(values) * 1000, 1) if values else None
    out["files_per_press"] = round(times.files / len(times.every), 2) if times.every else None
    out["cpu_ms_per_press"] = (
        round((times.bot_cpu + times.render_cpu) * 1000 / len(times.every), 1)
        if times.every
        else None
    )
    return out


def main() -> int:
    """``python -m bench.presses [--only GAME] [--players 4] [--turns N] [--loaded] [--json
    PATH]``: every press of a whole random game (or its first ``--turns`` turns) per game, end
    to end, on SQLite; ``--loaded`` beside a CPU-burning process (each row records the load)."""
    import argparse
    import asyncio
    import json
    import tempfile

    from bench.load import cpu_load

    parser = argparse.ArgumentParser(prog="python -m bench.presses")
    parser.add_argument("--only", action="append", help="only these game keys")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--turns", type=int, default=2000, help="turns (default: a whole game)")
    parser.add_argument("--json", help="also write the figures as JSON here")
    parser.add_argument("--loaded", action="store_true", help="beside a CPU-burning process")
    args = parser.parse_args()
    rows = []
    with cpu_load(1 if args.loaded else 0) as load:
        for kind in sorted(GAMES):
            if args.only and kind not in args.only:
                continue
            with tempfile.TemporaryDirectory() as tmp:
                target = Path(tmp) / "presses.sqlite3"
                times = asyncio.run(press_times(target, kind, args.players, args.turns))
            row = {"game": kind, "players": args.players, **summary(times), **load}
            print(json.dumps(row), flush=True)
            rows.append(row)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
