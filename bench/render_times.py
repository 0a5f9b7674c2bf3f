"""Render cost of every board part on new views: ``python -m bench.render_times [--json PATH]``.

For every registered game (4 players, or its maximum if lower), plays a seeded random game and
takes the public view every few actions: every view is new, as in play (a board is drawn once
per hand-over; caches of static layers and text sprites are as warm as earlier views left
them). Each part of each view (``render.board_parts``) is drawn with ``render_board_part``,
the function the bot calls, so the encoder is the one the boards use. The acting seat's
private panel is drawn the same way. Figures are CPU time of this process
(``time.process_time``: what the draw costs, whatever else runs on the machine), with the
views' game frozen out of the collector's walk as a worker's start-up is:

- per part: p50 / p95 / max of drawing and encoding, of which the part spent inside the
  drawing kit's PNG encoders (``kit.encode_png_palette`` / ``kit.encode_png``), and the
  largest file and size;
- per view: the whole table (every part), as a hand-over post draws it;
- cold: the first view's table in this process (fonts and static layers not cached yet).

Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import gc
import json
import struct
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import render
from bot.i18n import Translator
from render import kit
from rules.core.bots import play_random_game
from rules.registry import GAMES

SEED = 23
VIEWS = 24  # new views per game
TR = Translator("en", {})


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def game_views(game: str, players: int, seed: int, count: int) -> list[tuple[Any, Any]]:
    """(public view, acting seat's view) at ``count`` points evenly spread over one random
    game: a realistic sequence of boards, every one new."""
    spec = GAMES[game]
    _, log = play_random_game(spec, spec.Options(players=players), seed)
    state = spec.new_game(log.seats, spec.Options(**log.options), seed)
    every = max(1, len(log.actions) // count)
    out: list[tuple[Any, Any]] = []
    for i, entry in enumerate(log.actions):
        if i % every == 0 and len(out) < count:
            out.append((spec.view(state, None), spec.view(state, entry.seat)))
        state = spec.apply(state, entry.seat, spec.parse_action(entry.action)).state
    return out


@contextmanager
def encoder_clock() -> Iterator[list[float]]:
    """CPU seconds spent inside the kit's PNG encoders while the block runs."""
    spent = [0.0]
    originals = {name: getattr(kit, name) for name in ("encode_png_palette", "encode_png")}

    def timed(original: Callable[..., bytes]) -> Callable[..., bytes]:
        def run(*args: Any, **kwargs: Any) -> bytes:
            start = time.process_time()
            try:
                return original(*args, **kwargs)
            finally:
                spent[0] += time.process_time() - start

        return run

    for name, original in originals.items():
        setattr(kit, name, timed(original))
    try:
        yield spent
    finally:
        for name, original in originals.items():
            setattr(kit, name, original)


def _timed(
    draw: Callable[..., Any], args: tuple[Any, ...], enc: list[float]
) -> tuple[float, float, Any]:
    before = enc[0]
    start = time.process_time()
    image = draw(*args)
    return time.process_time() - start, enc[0] - before, image


def measure(game: str, views: int = VIEWS, seed: int = SEED) -> list[dict[str, Any]]:
    """Rows: one per board part, one for the private panel, one for the whole table."""
    spec = GAMES[game]
    players = min(4, spec.max_players)
    sequence = game_views(game, players, seed, views + 1)
    # a render worker freezes its start-up (bot.rendering): the game played here to get the
    # views is no part of a worker's heap, so full collections do not walk it either
    gc.collect()
    gc.freeze()
    cpu: dict[str, list[float]] = {}
    encode: dict[str, list[float]] = {}
    biggest: dict[str, tuple[int, int, int]] = {}
    tables: list[float] = []
    cold = 0.0
    with encoder_clock() as enc:
        for n, (public, own) in enumerate(sequence):
            table = 0.0
            jobs: list[tuple[str, Callable[..., Any], tuple[Any, ...]]] = [
                (part, render.render_board_part, (public, TR, part))
                for part in render.board_parts(public)
            ]
            jobs.append(("private", render.render_private, (own, TR)))
            for name, draw, args in jobs:
                seconds, encoding, image = _timed(draw, args, enc)
                if image is None:
                    continue
                if name != "private":
                    table += seconds
                if n == 0:
                    continue  # the first view is the cold one
                cpu.setdefault(name, []).append(seconds)
                encode.setdefault(name, []).append(encoding)
                width, height = struct.unpack(">II", image.png[16:24])  # the PNG header
                size = (len(image.png), width, height)
                biggest[name] = max(biggest.get(name, (0, 0, 0)), size)
            if n == 0:
                cold = table
            else:
                tables.append(table)
    gc.unfreeze()
    rows: list[dict[str, Any]] = []
    for name, values in [*cpu.items(), ("whole table", tables)]:
        row: dict[str, Any] = {
            "game": game,
            "players": players,
            "part": name,
            "views": len(values),
            "cpu_p50_ms": round(pct(values, 0.5) * 1000, 1),
            "cpu_p95_ms": round(pct(values, 0.95) * 1000, 1),
            "cpu_max_ms": round(max(values) * 1000, 1),
        }
        if name in encode:
            row["encode_p50_ms"] = round(pct(encode[name], 0.5) * 1000, 1)
            length, width, height = biggest[name]
            row["largest_kib"] = round(length / 1024)
            row["largest_px"] = f"{width}x{height}"
        else:
            row["cold_ms"] = round(cold * 1000, 1)
        rows.append(row)
    return rows


def print_rows(rows: list[dict[str, Any]]) -> None:
    for row in rows:
        extra = (
            f"encode p50 {row['encode_p50_ms']:5.1f}  largest {row['largest_kib']} KiB "
            f"{row['largest_px']}"
            if "encode_p50_ms" in row
            else f"cold {row['cold_ms']:.0f}"
        )
        print(
            f"{row['game']:12} {row['part']:12} {row['views']:3} views  CPU ms p50 "
            f"{row['cpu_p50_ms']:6.1f} p95 {row['cpu_p95_ms']:6.1f} max {row['cpu_max_ms']:6.1f}"
            f"  {extra}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.render_times", description=__doc__)
    parser.add_argument("--views", type=int, default=VIEWS, help="new views per game")
    parser.add_argument("--only", action="append", help="only these game keys")
    parser.add_argument("--json", help="also write the figures as JSON here")
    args = parser.parse_args()
    rows = [
        row
        for key in sorted(GAMES)
        if not args.only or key in args.only
        for row in measure(key, args.views)
    ]
    print_rows(rows)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
