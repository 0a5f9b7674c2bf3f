"""Make ``render/palettes/<game>.json``: each renderer's fixed palette (``kit.encode_png_palette``).

Boards are drawn in RGB from a few flat colours (seat colours, paper, sea, ink) plus the
blends anti-aliasing makes at their edges. Encoding maps every pixel to the nearest colour of
a fixed palette, which costs a fraction of an adaptive quantiser; this script chooses that
palette once from sample boards, so the bot never quantises. Run it again after changing a
renderer's colours (a colour missing from the palette is drawn as its nearest one)::

    python -m bench.palettes            # every registered game
    python -m bench.palettes <game>     # one game

Each palette holds, in order: the drawing kit's seat and named colours and neutrals (always
exact), the flat colours covering most pixels of seeded random games' boards and private
panels (public and private, at a few points of each game, English and Korean), and an octree's choice
among the remaining colours (the edge blends, each counted once so the ramps anti-aliased text
needs are covered evenly): ``kit.choose_palette``.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from bot.i18n import Translator
from render import board_parts, kit, render_board_part, render_private
from rules.core.bots import play_random_game
from rules.registry import GAMES

RGB = tuple[int, int, int]
HERE = Path(kit.__file__).parent / "palettes"
EXACT = 128  # at most this many flat colours kept exactly
FLAT_PIXELS = 400  # a flat colour covers at least this many pixels of the samples
SEEDS = (1, 2)
POINTS = 8  # boards sampled per game, evenly spread over it

FORCED: list[RGB] = [*kit.EXACT_COLOURS, (0, 0, 0)]


def samples(game: str) -> tuple[int, Counter[RGB]]:
    """How many images a game's renderer hands to the encoder over a few seeded random games,
    and how many pixels of each colour they hold."""
    spec = GAMES[game]
    counts: Counter[RGB] = Counter()
    images = [0]
    original = kit.to_palette

    def catch(image: Any, palette: str | None) -> Any:
        if palette == game:
            images[0] += 1
            for n, colour in image.convert("RGB").getcolors(1 << 24) or []:
                assert isinstance(colour, tuple)
                counts[(colour[0], colour[1], colour[2])] += n
        return original(image, palette)

    kit.to_palette = catch
    try:
        for players in sorted({spec.min_players, min(4, spec.max_players), spec.max_players}):
            for seed in SEEDS:
                _, log = play_random_game(spec, spec.Options(players=players), seed)
                state = spec.new_game(log.seats, spec.Options(**log.options), seed)
                every = max(1, len(log.actions) // POINTS)
                for i, entry in enumerate(log.actions):
                    state = spec.apply(state, entry.seat, spec.parse_action(entry.action)).state
                    if i % every:
                        continue
                    tr = Translator("ko" if (i // every) % 2 else "en", {})
                    view = spec.view(state, None)
                    for part in board_parts(view):
                        render_board_part(view, tr, part)
                    render_private(spec.view(state, entry.seat), tr)
    finally:
        kit.to_palette = original
    return images[0], counts


def main(games: list[str]) -> int:
    for game in games or sorted(GAMES):
        images, counts = samples(game)
        if not images:
            print(f"{game}: its renderer uses no fixed palette")
            continue
        colours = kit.choose_palette(counts, FORCED, EXACT, FLAT_PIXELS)
        path = HERE / f"{game}.json"
        body = {"colours": [kit.hex_colour(c) for c in colours]}
        path.write_text(json.dumps(body, indent=0) + "\n")
        print(f"{game}: {len(colours)} colours from {images} images -> {path.name}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
