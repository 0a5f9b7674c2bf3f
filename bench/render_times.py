"""Render timings on mid-game views: ``python -m bench.render_times [--repeat N]``.

For every registered game (4 players, or its maximum if lower, and its maximum), plays a
seeded random game, stops halfway, and times the whole
``render_board`` call (drawing + PNG encode) and the encode alone. "cold" is the first call
in a fresh process (static layers not cached yet); "warm" is the median of the repeats; the
"whole game" lines render the boards of a game as it goes (every 10th action).
Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import time
from typing import Any

import render
from bot.i18n import Translator
from render import kit
from rules.core.bots import play_random_game
from rules.registry import GAMES

SEED = 23
TR = Translator("en", {})


def configs() -> list[tuple[str, int, int]]:
    """(game, players, seed): each registered game at 4 players (or fewer) and at its maximum."""
    out: list[tuple[str, int, int]] = []
    for key, spec in sorted(GAMES.items()):
        for players in sorted({min(4, spec.max_players), spec.max_players}):
            out.append((key, players, SEED))
    return out


def _spec(game: str) -> Any:
    return GAMES[game]


def mid_game_view(game: str, players: int, seed: int, seat: str | None = None) -> Any:
    spec = _spec(game)
    _, log = play_random_game(spec, spec.Options(players=players), seed)
    state = spec.new_game(log.seats, spec.Options(**log.options), seed)
    for entry in log.actions[: len(log.actions) // 2]:
        state = spec.apply(state, entry.seat, spec.parse_action(entry.action)).state
    return spec.view(state, seat)


def game_views(game: str, players: int, seed: int, every: int) -> list[Any]:
    """Public views of one random game, every ``every`` actions (a realistic render sequence)."""
    spec = _spec(game)
    _, log = play_random_game(spec, spec.Options(players=players), seed)
    state = spec.new_game(log.seats, spec.Options(**log.options), seed)
    views = []
    for i, entry in enumerate(log.actions):
        state = spec.apply(state, entry.seat, spec.parse_action(entry.action)).state
        if i % every == 0:
            views.append(spec.view(state, None))
    return views


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()
    for game, players, seed in configs():
        view = mid_game_view(game, players, seed)
        t0 = time.perf_counter()
        first = render.render_board(view, TR)
        cold = time.perf_counter() - t0
        warm: list[float] = []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            render.render_board(view, TR)
            warm.append(time.perf_counter() - t0)
        module = importlib.import_module(GAMES[game].renderer)
        if not hasattr(module, "draw_board"):
            print(f"{game} {players}p: cold {cold:.3f}s, {len(first.png) // 1024} KiB")
            continue
        image = module.draw_board(view, TR)
        enc: list[float] = []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            kit.encode_png(image)
            enc.append(time.perf_counter() - t0)
        line = (
            f"{game} {players}p board {image.width}x{image.height}: cold {cold:.3f}s, "
            f"warm median {statistics.median(warm):.3f}s (encode {statistics.median(enc):.3f}s), "
            f"{len(first.png) // 1024} KiB"
        )
        private_view = mid_game_view(game, players, seed, "p1")
        t0 = time.perf_counter()
        private = render.render_private(private_view, TR)
        if private is not None:
            line += f"; private {time.perf_counter() - t0:.3f}s"
        print(line)
    for game, players, seed in configs()[::2]:
        views = game_views(game, players, seed + 1, 10)
        times: list[float] = []
        for view in views:
            t0 = time.perf_counter()
            render.render_board(view, TR)
            times.append(time.perf_counter() - t0)
        print(
            f"{game} {players}p whole game, {len(views)} boards (every 10th action): "
            f"median {statistics.median(times):.3f}s, max {max(times):.3f}s"
        )


if __name__ == "__main__":
    main()
