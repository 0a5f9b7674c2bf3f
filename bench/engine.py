"""``python -m bench.engine [--games N] [--only KEY] [--json PATH] [--baseline PATH]
[--against PATH]``: the engine alone, on random whole games, for every registered game and
player count.

Per game and player count: the CPU time of one whole random game (median, p95; setup
included), steps per CPU second, and the same games again through the trusted fast path
(``GameSpec.apply_trusted``: no re-validation, as playouts, bots and search use it), given
as playouts per CPU second. Each game is played twice: ``checked`` asks ``legal_actions``
for the random move and then ``apply`` validates it (the service's path); ``trusted`` asks
``legal_actions`` once and applies through the fast path. Both play the same moves (the
seeds are fixed), so ``steps`` is the same in every tree that keeps the rules' behaviour:
comparing it with ``--baseline`` (figures an older tree wrote with ``--json``) shows that the
two trees played the same games, and the ratio columns how much faster this one is.
``--against PATH`` plays every game in another checkout too (its own interpreter, started
with ``--worker``), alternating game by game, so both trees run under the same load: the
side-by-side comparison in one run. The ``speedup`` columns divide the other tree's checked
random game by this tree's checked and trusted ones.

CPU time (``time.process_time``), not wall time: the figures hold on a shared machine.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rules.core.spec import GameSpec
from rules.registry import GAMES

SEEDS = 1 << 255  # 256-bit seeds as the bot's new games (the keyed generator)

Apply = Callable[[Any, str, Any], Any]


def seats_for(players: int) -> list[str]:
    return [f"p{i + 1}" for i in range(players)]


def trusted(spec: GameSpec[Any, Any, Any, Any]) -> Apply:
    """The fast path, or ``apply`` in a tree that has none (a baseline run)."""
    fast: Apply | None = getattr(spec, "apply_trusted", None)
    return fast if fast is not None else spec.apply


def random_game(spec: GameSpec[Any, Any, Any, Any], players: int, seed: int, apply: Apply) -> int:
    """One whole game of uniformly random legal moves; the number of steps it took."""
    options = spec.Options.model_validate({"players": players})
    state = spec.new_game(seats_for(players), options, seed)
    rnd = random.Random(seed)
    steps = 0
    while not spec.is_over(state):
        seat = sorted(spec.to_act(state))[0]
        actions = spec.legal_actions(state, seat)
        state = apply(state, seat, actions[rnd.randrange(len(actions))]).state
        steps += 1
        if steps > 50_000:
            raise RuntimeError(f"{spec.key}: random game {seed} did not end")
    return steps


def one_game(key: str, players: int, number: int, fast: bool) -> tuple[float, int]:
    """CPU seconds and steps of random game ``number`` (``fast``: the trusted path)."""
    spec = GAMES[key]
    gc.collect()
    start = time.process_time()
    steps = random_game(spec, players, SEEDS | number, trusted(spec) if fast else spec.apply)
    return time.process_time() - start, steps


class Other:
    """Another checkout playing the same games in its own interpreter (its ``.venv`` if it
    has one), one game at a time, so both trees are measured under the same load."""

    def __init__(self, path: Path) -> None:
        python = path / ".venv" / "bin" / "python"
        self.proc = subprocess.Popen(
            [str(python if python.exists() else sys.executable), "-m", "bench.engine", "--worker"],
            cwd=path,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def game(self, key: str, players: int, number: int, fast: bool) -> tuple[float, int]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps([key, players, number, fast]) + "\n")
        self.proc.stdin.flush()
        seconds, steps = json.loads(self.proc.stdout.readline())
        return float(seconds), int(steps)

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def worker() -> int:
    """``--worker``: play the games asked for on stdin, one JSON line each way."""
    for line in sys.stdin:
        key, players, number, fast = json.loads(line)
        print(json.dumps(one_game(key, players, number, fast)), flush=True)
    return 0


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def row(
    key: str, players: int, checked: list[float], fast: list[float], steps: int
) -> dict[str, Any]:
    return {
        "game": key,
        "players": players,
        "games": len(checked),
        "steps": steps,
        "game_median_ms": statistics.median(checked) * 1000,
        "game_p95_ms": pct(checked, 0.95) * 1000,
        "steps_per_s": steps / sum(checked),
        "trusted_median_ms": statistics.median(fast) * 1000,
        "playouts_per_s": len(fast) / sum(fast),
    }


def bench(
    key: str, players: int, games: int, other: Other | None = None
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """This tree's figures (and the other tree's, the games alternating between them)."""
    times: dict[tuple[bool, bool], list[float]] = {}
    steps: dict[tuple[bool, bool], int] = {}
    trees = [False, True] if other is not None else [False]
    one_game(key, players, games, True)  # warm up: data loaded, copiers built
    if other is not None:
        other.game(key, players, games, True)
    for number in range(games):
        for fast in (False, True):
            for there in trees:
                assert not there or other is not None
                run = other.game if there and other is not None else one_game
                seconds, n = run(key, players, number, fast)
                times.setdefault((there, fast), []).append(seconds)
                steps[(there, fast)] = steps.get((there, fast), 0) + n
    if steps[(False, True)] != steps[(False, False)]:
        raise RuntimeError(f"{key}: the trusted path played other games than apply")
    here = row(key, players, times[(False, False)], times[(False, True)], steps[(False, False)])
    if other is None:
        return here, None
    return here, row(key, players, times[(True, False)], times[(True, True)], steps[(True, False)])


def summary(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One line per game over all its player counts (the figure the issues quote)."""
    out = []
    for key in sorted({r["game"] for r in rows}):
        mine = [r for r in rows if r["game"] == key]
        out.append(
            {
                "game": key,
                "players": "all",
                "games": sum(r["games"] for r in mine),
                "steps": sum(r["steps"] for r in mine),
                "game_median_ms": statistics.median(r["game_median_ms"] for r in mine),
                "game_p95_ms": max(r["game_p95_ms"] for r in mine),
                "steps_per_s": statistics.median(r["steps_per_s"] for r in mine),
                "trusted_median_ms": statistics.median(r["trusted_median_ms"] for r in mine),
                "playouts_per_s": statistics.median(r["playouts_per_s"] for r in mine),
            }
        )
    return out


COLUMNS = [
    ("game", "{}"),
    ("players", "{}"),
    ("steps", "{}"),
    ("game_median_ms", "{:.1f}"),
    ("game_p95_ms", "{:.1f}"),
    ("steps_per_s", "{:.0f}"),
    ("trusted_median_ms", "{:.1f}"),
    ("playouts_per_s", "{:.1f}"),
]


def print_table(rows: list[dict[str, Any]], baseline: dict[tuple[str, str], Any]) -> None:
    header = [name for name, _ in COLUMNS]
    if baseline:
        header += ["base_ms", "base_trusted_ms", "speedup", "trusted_speedup", "same_games"]
    lines = []
    for row in rows:
        line = [fmt.format(row[name]) for name, fmt in COLUMNS]
        base = baseline.get((row["game"], str(row["players"])))
        if baseline and base is not None:
            line += [
                f"{base['game_median_ms']:.1f}",
                f"{base['trusted_median_ms']:.1f}",
                f"{base['game_median_ms'] / row['game_median_ms']:.2f}x",
                f"{base['game_median_ms'] / row['trusted_median_ms']:.2f}x",
                "yes" if base["steps"] == row["steps"] else "NO",
            ]
        elif baseline:
            line += ["-"] * 5
        lines.append(line)
    widths = [max(len(h), *(len(line[i]) for line in lines)) for i, h in enumerate(header)]
    print("  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)))
    for line in lines:
        print("  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.engine")
    parser.add_argument("--games", type=int, default=30, help="random games per player count")
    parser.add_argument("--only", action="append", help="bench only these game keys")
    parser.add_argument("--players", type=int, action="append", help="only these player counts")
    parser.add_argument("--json", help="also write the figures as JSON here")
    parser.add_argument("--baseline", help="figures of another tree (--json) to compare with")
    parser.add_argument(
        "--against",
        metavar="PATH",
        help="another checkout: play the same games there too, alternating, and compare",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker()
    other = Other(Path(args.against)) if args.against else None
    rows: list[dict[str, Any]] = []
    theirs: list[dict[str, Any]] = []
    try:
        for key in sorted(GAMES):
            if args.only and key not in args.only:
                continue
            for players in range(GAMES[key].min_players, GAMES[key].max_players + 1):
                if args.players and players not in args.players:
                    continue
                here, there = bench(key, players, args.games, other)
                rows.append(here)
                if there is not None:
                    theirs.append(there)
    finally:
        if other is not None:
            other.close()
    rows += summary(rows)
    theirs += summary(theirs) if theirs else []
    if args.baseline:
        theirs = json.loads(Path(args.baseline).read_text())["rows"]
    baseline = {(r["game"], str(r["players"])): r for r in theirs}
    print("Random whole games, engine only: CPU ms per game (setup included)")
    print_table(rows, baseline)
    if args.json:
        Path(args.json).write_text(json.dumps({"rows": rows, "against": theirs}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
