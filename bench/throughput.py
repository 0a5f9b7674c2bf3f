"""Many channels at once: rendered hand-overs per second and the event loop's longest stall.

``python -m bench.throughput [--channels 50] [--presses N] [--processes 2] [--loaded]``: 50
channels each play a whole 4-player game (or ``--presses`` commands of it; bots fill
nothing, every seat is pressed by the benchmark), all at once, through ``GameService`` on one
SQLite file. Every outcome the bot posts draws the whole table as the presenter does: every
public part of the board (``render.board_parts``) whose inputs changed since the channel's
last post (``bot.rendering.PartPictures``) through the bot's ``Renderer`` (worker processes,
or threads with ``--processes 0``); ``images`` counts the parts drawn, ``reused`` the others. Game starts and hand-overs are counted apart:
``handovers_per_s`` is hand-overs only. A heartbeat task measures how late the event loop
runs it: the longest stall is how long one callback blocked the loop; beside it, the most CPU
the loop's thread spent between two beats (``loop_cpu_max_ms``: the longest stall a quiet
machine would see, whatever else the machine runs), and the CPU time of the bot's process
(less what the benchmark spends choosing its random moves, ``bench_choose_cpu_s``) and of its
render workers (with ``--processes 0`` the threads count in the bot's) per post (game start
or hand-over): on ``n`` quiet cores at most about ``n * 1000 / cpu_ms_per_post``
posts a second; and the largest peak resident memory of a render worker over the run
(``render_worker_peak_rss_mib``: its caches of drawings grow with the games it draws; none
with ``--processes 0``). ``--loaded`` runs it
beside a CPU-burning process. Figures are printed (and written with ``--json``), never
asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.load import cpu_load
from bot.collector import Ageing, freeze_start_up, thaw
from bot.i18n import Translator
from bot.rendering import PartPictures, Renderer
from bot.service import GameService, Outcome, Player, current_data_hash, spec_of
from db import store_for
from render import board_parts, render_board
from rules.core.bots import random_action
from rules.core.spec import GameSpec
from rules.registry import GAMES

WHOLE_GAME = 100_000  # commands per channel: more than any game takes


def _warm(kind: str) -> None:
    """Draw one board in a worker, as the bot's first post would."""
    spec = GAMES[kind]
    players = min(4, spec.max_players)
    state = spec.new_game([f"p{i + 1}" for i in range(players)], spec.Options(players=players), 0)
    render_board(spec.view(state, None), Translator("en", {}))


class RenderingAnnouncer:
    """Draws the whole table (every board part that changed) for every post, like the
    presenter: game starts and hand-overs counted apart."""

    def __init__(self, renderer: Renderer) -> None:
        self.renderer = renderer
        self.pictures = PartPictures()
        self.starts = 0
        self.handovers = 0

    async def announce(self, outcome: Outcome) -> None:
        if outcome.state is None:
            return
        spec = spec_of(outcome.game)
        acting = frozenset() if spec.is_over(outcome.state) else spec.to_act(outcome.state)
        if outcome.started or acting != outcome.acting_before:
            view = spec.view(outcome.state, None)
            tr = Translator("en", {})
            drawn = await self.pictures.draw(
                self.renderer, outcome.game.id, view, tr, board_parts(view)
            )
            failed = [image for image in drawn if isinstance(image, BaseException)]
            if failed:
                raise failed[0]
            if outcome.started:
                self.starts += 1
            else:
                self.handovers += 1


def _cpu_of_worker() -> tuple[int, float, int]:
    time.sleep(0.2)  # busy, so that the next call goes to another worker
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    return os.getpid(), time.process_time(), peak_kib


async def _ask_workers(renderer: Renderer) -> list[tuple[int, float, int]] | None:
    """Each render worker's (pid, CPU seconds so far, peak resident KiB), or None when a
    worker answered twice (no figure rather than a wrong one) or there are no workers."""
    answers = await asyncio.gather(
        *(renderer.run(_cpu_of_worker) for _ in range(max(1, renderer.processes)))
    )
    if renderer.processes == 0 or len({pid for pid, _, _ in answers}) != renderer.processes:
        return None
    return answers


async def workers_cpu_seconds(renderer: Renderer) -> float:
    """CPU seconds the render workers have used so far (each asked once)."""
    answers = await _ask_workers(renderer)
    if answers is None:
        return 0.0 if renderer.processes == 0 else float("nan")
    return sum(cpu for _, cpu, _ in answers)


async def workers_peak_rss_mib(renderer: Renderer) -> float | None:
    """The largest peak resident memory of the render workers so far, in MiB."""
    answers = await _ask_workers(renderer)
    return None if answers is None else round(max(kib for _, _, kib in answers) / 1024, 1)


async def _heartbeat(
    stop: asyncio.Event, stalls: list[float], busy: list[float], every: float = 0.005
) -> None:
    """Every ``every`` seconds: how late the loop ran this (``stalls``, wall clock) and how
    much CPU the loop's thread spent since the last beat (``busy``): on a loaded machine a
    late beat may be the machine's doing, the CPU spent is the loop's own."""
    while not stop.is_set():
        start = time.perf_counter()
        cpu = time.thread_time()
        await asyncio.sleep(every)
        stalls.append(time.perf_counter() - start - every)
        busy.append(time.thread_time() - cpu)


class Choosing:
    """CPU seconds the benchmark itself spends choosing its random moves (``random_action``,
    which lists every legal action): a player's choice costs the bot nothing, so this is
    counted apart from the bot's CPU (measured per thread: the choice runs in the bot's
    worker thread, inside the command)."""

    def __init__(self) -> None:
        self._spent: list[float] = []  # appended from several worker threads: append is atomic

    @property
    def seconds(self) -> float:
        return sum(self._spent)

    def chooser(
        self, spec: GameSpec[Any, Any, Any, Any], rnd: random.Random
    ) -> Callable[[Any, str], list[Any]]:
        def choose(state: Any, seat: str) -> list[Any]:
            start = time.thread_time()
            action = random_action(spec, state, seat, rnd)
            self._spent.append(time.thread_time() - start)
            return [action]

        return choose


async def _play(
    service: GameService, channel: int, kind: str, presses: int, seed: int, choosing: Choosing
) -> int:
    spec = GAMES[kind]
    players = [Player(user_id=channel * 10 + i, name=f"p{i}") for i in range(4)]
    await service.new_game(channel, 1, kind, players[0])
    for p in players[1:]:
        await service.join(channel, p)
    await service.start(channel, players[0])
    choose = choosing.chooser(spec, random.Random(seed))
    done = 0
    game = await service.current(channel)
    state = service.state_of(game)
    for _ in range(presses):
        # who presses next is read from the last outcome, as a player reads it from the post
        # (no extra load of the game for the benchmark's own bookkeeping)
        if spec.is_over(state):
            break
        seat = sorted(spec.to_act(state))[0]
        user = next(s.user_id for s in game.seats if s.seat == seat)
        assert user is not None
        outcome = await service.act(channel, user, choose)
        done += 1
        assert outcome.state is not None
        game, state = outcome.game, outcome.state
        if outcome.ended:  # an ended game is archived: the channel has no current game
            break
    return done


async def measure(kind: str, channels: int, presses: int, processes: int) -> dict[str, Any]:
    """Figures of ``channels`` games of ``kind`` played at once, ``presses`` commands each at
    most (a whole game when it ends sooner)."""
    GAMES[kind].data_source()  # the bot loads every game's data at start-up (setup_hook)
    current_data_hash(kind)
    renderer = Renderer(processes)
    await renderer.start()  # its render workers start with the bot (setup_hook)
    await renderer.run(_warm, kind)
    announcer = RenderingAnnouncer(renderer)
    with tempfile.TemporaryDirectory() as tmp:
        store = store_for(str(Path(tmp) / "throughput.sqlite3"))
        await store.open()
        service = GameService(store, announcer=announcer)
        await service.prepare()
        freeze_start_up()  # as the bot does once it is ready to serve (bot/collector.py)
        ageing = Ageing()
        ageing.start()
        stalls: list[float] = []
        busy: list[float] = []
        stop = asyncio.Event()
        beat = asyncio.create_task(_heartbeat(stop, stalls, busy))
        workers_cpu = await workers_cpu_seconds(renderer)
        choosing = Choosing()
        start = time.perf_counter()
        main_cpu = time.process_time()
        try:
            counts = await asyncio.gather(
                *(_play(service, c + 1, kind, presses, c, choosing) for c in range(channels))
            )
        finally:
            elapsed = time.perf_counter() - start
            main_cpu = time.process_time() - main_cpu - choosing.seconds
            stop.set()
            await beat
            workers_cpu = await workers_cpu_seconds(renderer) - workers_cpu
            peak_rss = await workers_peak_rss_mib(renderer)
            await store.close()
            renderer.close()
            ageing.stop()
            thaw()
    ordered = sorted(stalls)
    return {
        "game": kind,
        "channels": channels,
        "render_processes": processes,
        "whole_games": sum(1 for c in counts if c < presses),
        "commands": sum(counts),
        "game_starts": announcer.starts,
        "handovers": announcer.handovers,
        "images": announcer.pictures.drawn,
        "reused": announcer.pictures.reused,
        "seconds": round(elapsed, 2),
        "commands_per_s": round(sum(counts) / elapsed, 1),
        "handovers_per_s": round(announcer.handovers / elapsed, 1),
        "loop_stall_p50_ms": round(statistics.median(stalls) * 1000, 2),
        "loop_stall_p99_ms": round(ordered[int(0.99 * (len(ordered) - 1))] * 1000, 1),
        "loop_stall_max_ms": round(max(stalls) * 1000, 1),
        "loop_cpu_max_ms": round(max(busy) * 1000, 1),
        "bot_cpu_s": round(main_cpu, 1),
        "bench_choose_cpu_s": round(choosing.seconds, 1),
        "bot_cpu_ms_per_command": round(main_cpu * 1000 / max(1, sum(counts)), 2),
        "render_cpu_s": round(workers_cpu, 1),
        "cpu_ms_per_post": round(
            (main_cpu + workers_cpu) * 1000 / max(1, announcer.starts + announcer.handovers), 1
        ),
        "render_worker_peak_rss_mib": peak_rss,
    }


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.throughput")
    parser.add_argument("--channels", type=int, default=50)
    parser.add_argument(
        "--presses",
        type=int,
        default=WHOLE_GAME,
        help="commands per channel (default: whole games)",
    )
    parser.add_argument("--processes", type=int, default=2, help="render worker processes")
    parser.add_argument("--only", action="append", help="only these game keys")
    parser.add_argument("--json", help="also write the figures as JSON here")
    parser.add_argument("--loaded", action="store_true", help="beside a CPU-burning process")
    args = parser.parse_args()
    with cpu_load(1 if args.loaded else 0) as load:
        rows = [
            {**asyncio.run(measure(k, args.channels, args.presses, args.processes)), **load}
            for k in sorted(GAMES)
            if not args.only or k in args.only
        ]
    for row in rows:
        print(json.dumps(row))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
