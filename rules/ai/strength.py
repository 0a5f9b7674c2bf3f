"""The strength the AI levels must show (issue 24, "done when"), measured bar by bar.

    python -m rules strength [--game KEY ...] [--bar KIND ...] [--games 100]
        [--budget S | --iterations K] [--seed S] [--jobs J] [--record DIR] [--report]

For every game with AI seats, the arenas the issue names (``bars``): strong against random
and strong against easy at two seats (at the game's smallest table where it seats no fewer
than three), and one strong with three easy at four seats where the game seats four; each
``--games`` games, seats rotated, at the bot's default budget unless told otherwise. Where a
game can knock a seat out (``GameAI.out_of_game``), also the share of the games of the bars
with a win rate in which no AI seat (easy or strong; a random seat is no AI) was knocked out.

At the default budget the whole run is tens of CPU-hours, more than one sitting: each arena
keeps its games in a record file under ``--record`` (``rules.ai.arena.Record``; by default
``records/strength/``, kept in the repository), so that the run can be stopped at any time
and taken up again, on another day or machine, playing only what is not on record yet. A
game on record counts only for the AI that played it (``rules.ai.fingerprint``).
``--report`` plays nothing and prints what is on record.

Each row says how many games are on record, strong's win rate with its 95 % interval, the
bar and a verdict: ``met`` or ``not met`` once all the games are played; before that,
``above`` or ``below`` when the interval already lies wholly on one side of the bar, else
``undecided``. It also names the seeds of games far longer than the rest of their bar
(``long_games``), where an AI may have looped. A tool, not rules logic: it runs arenas,
which read the clock.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.ai import arena
from rules.ai.arena import wilson
from rules.ai.budget import DEFAULT_SECONDS, Budget
from rules.ai.hooks import game_ai, has_ai
from rules.core.spec import GameSpec

STAYING_IN = 0.95
"""Issue 24: the AIs reach the real end of the game, never knocked out, in 95 % of games."""


@dataclass(frozen=True)
class Bar:
    """One arena the issue names and the win rate strong must reach in it (``None``: the
    arena is played for its figures, the issue setting no bar at its table)."""

    title: str
    players: int
    bots: tuple[str, ...]
    least: float | None

    @property
    def kind(self) -> str:
        """The bar among a game's three, named the same in every game (``--bar``)."""
        return KINDS[self.bots.count("easy")]

    @property
    def slug(self) -> str:
        """The arena's name in file names: its levels and seats."""
        return re.sub(r"[^a-z0-9]+", "-", f"{self.title} {self.players} seats").strip("-")


KINDS = {0: "v-random", 1: "v-easy", 2: "v-easy", 3: "3-easy"}
"""The bars' names by how many easy seats they hold (strong v easy at three seats has two)."""


def bars(spec: GameSpec[Any, Any, Any, Any]) -> list[Bar]:
    """Issue 24: strong beats random in 95 % and easy in 65 % of two-seat games, and wins 40 %
    at a four-seat table of one strong and three easy (where the game seats four).

    A game seating no fewer than three plays the two-seat arenas at its smallest table. Random
    is no opponent at any table, so that bar stays; 65 % against easy is a margin over the
    even chance of two seats, which the issue does not carry over to three, so that arena is
    played for its figures only."""
    two = max(2, spec.min_players)
    out = [
        Bar("strong v random", two, ("strong", *["random"] * (two - 1)), 0.95),
        Bar("strong v easy", two, ("strong", *["easy"] * (two - 1)), 0.65 if two == 2 else None),
    ]
    if spec.min_players <= 4 <= spec.max_players:
        out.append(Bar("strong + 3 easy", 4, ("strong", "easy", "easy", "easy"), 0.40))
    return out


def verdict(wins: float, games: int, target: int, least: float | None) -> str:
    """``met``/``not met`` once ``target`` games are on record; before that ``above`` or
    ``below`` when the 95 % interval lies wholly on one side of ``least``, else
    ``undecided``; ``no bar`` where the issue sets none."""
    if least is None:
        return "no bar"
    if games >= target:
        return "met" if wins / games >= least else "not met"
    low, high = wilson(wins, games)
    if games and low >= least:
        return "above"
    if games and high < least:
        return "below"
    return "undecided"


@dataclass
class Row:
    """One bar's figures: strong's (or, for staying in the game, the games') tally."""

    game: str
    title: str
    wins: float
    games: int
    least: float | None
    target: int
    passed_over: int = 0
    """Games of the bar on record by another version of the AI, which no longer count."""
    time_p95: float | None = None
    """Strong's decision time p95 in the bar's games, seconds (the issue's other bar: 3 s)."""
    hours_left: float | None = None
    """The CPU-hours the bar's games still to play would take at the pace of those on record
    (every level's thinking; ``None`` before any game or once all are played)."""
    long: tuple[int, ...] = ()
    """The seeds of the bar's games far longer than the rest (``long_games``)."""

    def line(self) -> str:
        rate = self.wins / self.games if self.games else 0.0
        low, high = wilson(self.wins, self.games)
        return (
            f"{self.game:<12} {self.title:<28} {self.games:>4}/{self.target} games  "
            f"{rate:>4.0%} [{low:.0%}, {high:.0%}]  "
            + ("bar  -   " if self.least is None else f"bar {self.least:.0%}  ")
            + verdict(self.wins, self.games, self.target, self.least)
            + (f"  strong p95 {self.time_p95:.2f} s" if self.time_p95 is not None else "")
            + (f"  ~{self.hours_left:.1f} CPU-h left" if self.hours_left is not None else "")
            + (f"  ({self.passed_over} by an older AI left out)" if self.passed_over else "")
            + (f"  long games: seeds {', '.join(map(str, self.long))}" if self.long else "")
        )


LONG_GAME = 2.0
"""A game of more than this many times the median steps of its bar's games is reported:
an AI that repeats a move its search sees no worse than the others (a loop that ends only
by chance) shows first as a game far longer than the rest (issue 24: a payment loop gave
games of 280 to 616 steps where about 100 is usual)."""
LONG_GAME_SAMPLE = 5
"""Games needed before a median says what is usual."""


def long_games(records: list[dict[str, Any]]) -> tuple[int, ...]:
    """The seeds of the games (records as the arena's summary gives them) that took more
    than ``LONG_GAME`` times the median steps of all of them."""
    if len(records) < LONG_GAME_SAMPLE:
        return ()
    usual = statistics.median(game["steps"] for game in records)
    return tuple(game["seed"] for game in records if game["steps"] > LONG_GAME * usual)


def measure(
    spec: GameSpec[Any, Any, Any, Any],
    games: int,
    budget: Budget,
    seed: int,
    jobs: int,
    record: Path,
    *,
    play: bool = True,
    progress: Callable[[str], None] | None = None,
    only: Collection[str] = (),
) -> list[Row]:
    """One game's rows: each bar's arena (played up to ``games`` unless ``play`` is off;
    with ``only``, just the bars whose ``kind`` is among them), then, where the game can
    knock a seat out, the share of games no AI seat left early in those of the bars that
    set a win rate: the arenas the issue names. An arena played for its figures only
    (strong v easy at three seats) is no more of a test of staying in than they are, and
    need not be played for this row alone."""
    rows: list[Row] = []
    stayed = total = barred = 0
    knocks_out = has_ai(spec) and game_ai(spec).out_of_game is not None
    for bar in bars(spec):
        if only and bar.kind not in only:
            continue
        options = spec.Options(players=bar.players)
        path = record / f"{spec.key}-{bar.slug}.jsonl"
        bots = list(bar.bots)
        if play:
            summary = arena.run(
                spec, options, bots, games, budget, seed, jobs, progress, record_file=path
            )
        else:
            summary = arena.on_record(spec, options, bots, games, budget, seed, path)
        strong = summary["levels"]["strong"]
        title = f"{bar.title}, {bar.players} seats"
        rows.append(
            Row(
                spec.key,
                title,
                strong["wins"],
                summary["games"],
                bar.least,
                games,
                summary["passed_over"],
                strong["time_p95"] if strong["decisions"] else None,
                _hours_left(summary, games),
                long_games(summary["records"]),
            )
        )
        if bar.least is None:
            continue
        barred += 1
        for game in summary["records"]:
            out = game["out"] or []
            total += 1
            stayed += not any(game["levels"][seat] != "random" for seat in out)
    if knocks_out and barred:
        rows.append(
            Row(spec.key, "AIs reach the real end", stayed, total, STAYING_IN, games * barred)
        )
    return rows


def _hours_left(summary: dict[str, Any], target: int) -> float | None:
    """The CPU-hours of thinking the games still to play would take at the pace on record."""
    played: int = summary["games"]
    if not played or played >= target:
        return None
    thinking = sum(float(level["thinking_seconds"]) for level in summary["levels"].values())
    return thinking / played * (target - played) / 3600


def add_parser(sub: Any, games: Mapping[str, GameSpec[Any, Any, Any, Any]]) -> None:
    """The ``strength`` subcommand of ``python -m rules`` (every bar is played with the
    game's default options)."""
    cmd = sub.add_parser("strength", help="issue 24's arenas, bar by bar, resumable")
    cmd.add_argument("--game", action="append", choices=sorted(games), help="only these games")
    cmd.add_argument(
        "--bar",
        action="append",
        choices=sorted(set(KINDS.values())),
        help="only these bars (strong v random, v easy, + 3 easy)",
    )
    cmd.add_argument("--games", type=int, default=100, help="games per bar (default 100)")
    cmd.add_argument("--budget", type=float, help=f"seconds per decision ({DEFAULT_SECONDS:g})")
    cmd.add_argument("--iterations", type=int, help="search iterations per decision instead")
    cmd.add_argument("--seed", type=int, default=1)
    cmd.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    cmd.add_argument("--record", default="records/strength", help="folder of the record files")
    cmd.add_argument("--report", action="store_true", help="play nothing: what is on record")
    cmd.set_defaults(func=lambda args: cmd_strength(args, games))


def cmd_strength(
    args: argparse.Namespace, games: Mapping[str, GameSpec[Any, Any, Any, Any]]
) -> int:
    if args.iterations is not None:
        budget = Budget(iterations=args.iterations)
        limit = f"{args.iterations} iterations"
    else:
        seconds = DEFAULT_SECONDS if args.budget is None else args.budget
        budget = Budget(seconds=seconds, clock=time.perf_counter)
        limit = f"{seconds:g} s"
    record = Path(args.record)
    record.mkdir(parents=True, exist_ok=True)
    keys = args.game or sorted(key for key, spec in games.items() if has_ai(spec))
    rows: list[Row] = []
    for key in keys:
        rows += measure(
            games[key],
            args.games,
            budget,
            args.seed,
            args.jobs,
            record,
            play=not args.report,
            only=args.bar or (),
            progress=_printer(key),
        )
    print(f"AI strength at {limit} a decision, {args.games} games a bar (records in {record}):")
    for row in rows:
        print("  " + row.line())
    left = [row.hours_left for row in rows if row.hours_left is not None]
    if left:
        print(
            f"About {sum(left):.0f} CPU-hours of play left in the bars begun, at the pace on"
            " record (one game a core: --jobs N divides the wall time by about N)."
        )
    return 0


def _printer(key: str) -> Callable[[str], None]:
    """Each game's line as it ends, on standard error, named by its game."""
    return lambda line: print(f"{key} {line}", file=sys.stderr, flush=True)
