"""Render timings on mid-game views: ``python -m render.measure [--repeat N]``.

Plays a seeded random game per configuration, stops halfway, and times the whole
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
from render import kit
from rules.core.bots import play_random_game
from rules.registry import GAMES

CONFIGS: list[tuple[str, int, int]] = [
    ("ilos", 4, 21),
    ("ilos", 5, 3),
    ("endeavor", 4, 23),
    ("endeavor", 5, 23),
]


def _spec(game: str) -> Any:
    return GAMES[game] if game in GAMES else importlib.import_module(f"rules.{game}").SPEC


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
    for game, players, seed in CONFIGS:
        view = mid_game_view(game, players, seed)
        t0 = time.perf_counter()
        first = render.render_board(view)
        cold = time.perf_counter() - t0
        warm: list[float] = []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            render.render_board(view)
            warm.append(time.perf_counter() - t0)
        module = importlib.import_module(render.RENDERERS[game])
        image = module.draw_board(view)
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
        private = render.render_private(private_view)
        if private is not None:
            line += f"; private {time.perf_counter() - t0:.3f}s"
        print(line)
    for game, players, seed in CONFIGS[::2]:
        views = game_views(game, players, seed + 1, 10)
        times: list[float] = []
        for view in views:
            t0 = time.perf_counter()
            render.render_board(view)
            times.append(time.perf_counter() - t0)
        print(
            f"{game} {players}p whole game, {len(views)} boards (every 10th action): "
            f"median {statistics.median(times):.3f}s, max {max(times):.3f}s"
        )


if __name__ == "__main__":
    main()
