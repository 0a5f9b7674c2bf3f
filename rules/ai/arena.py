"""The arena (issue 24): AI levels play whole games against each other, seats rotated, and
each level's strength is printed with a 95 % confidence interval, its mean score and mean lead
(its score less the best other competitor's), and, in a game that can knock a seat out (a
player fallen into chaos, say), how many of its seat-games ended out of the game.

    python -m rules arena <game> --players N --bots strong,easy[,...] --games G
        [--budget S | --iterations K] [--seed S] [--jobs J] [--json PATH]
        [--record PATH] [--option NAME=VALUE]

Levels are given per seat (cycled when fewer than the players); game ``g`` shifts them by
``g`` seats, so every level plays from every seat. With one player (a solo game) the AI
plays against the game's automa, whose difficulty is an option (``--option``). ``--jobs``
plays that many games at once in worker processes (one core each; the results are the same as
one by one, since every game is seeded). ``--record`` keeps every finished game in a file, a
line each, and an arena given the same file and the same setup plays only the games not on
record yet: a long arena can be stopped and taken up again, on another day or machine, and
its summary counts every game on record. A tool, not rules logic: it reads the clock to time
decisions and give the time budget, and prints a line as each game ends.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.ai.budget import Budget
from rules.ai.fingerprint import fingerprint
from rules.ai.hooks import game_ai, has_ai
from rules.ai.levels import LEVELS, decide
from rules.ai.observe import observe
from rules.core.bots import seat_names
from rules.core.replay import GameLog, LoggedAction, start_log
from rules.core.spec import GameSpec

MAX_STEPS = 20_000


@dataclass
class LevelStats:
    seat_games: int = 0
    wins: float = 0.0
    scores: list[int] = field(default_factory=list)
    leads: list[float] = field(default_factory=list)
    out: int = 0
    times: list[float] = field(default_factory=list)


@dataclass
class GameRecord:
    seed: int
    levels: dict[str, str]
    finished: bool
    steps: int
    scores: dict[str, int]
    breakdown: dict[str, dict[str, int]]
    winners: list[str]
    out: list[str] | None
    """The seats knocked out of the game at its end (``GameAI.out_of_game``); ``None`` where
    the game cannot knock a seat out."""
    log: dict[str, Any] | None = None
    """The game's moves (a ``GameLog`` as JSON) when ``play_one`` was asked to keep them: by
    default, for a game in which a seat played by a level that thinks fell out of the game, so
    that it can be replayed and studied (``python -m rules replay RECORD --seed N``)."""


def an_ai_fell_out(record: GameRecord) -> bool:
    """Whether a seat played by a level other than ``random`` was knocked out: the games worth
    keeping the moves of (random seats fall out often, and are expected to)."""
    return any(record.levels[seat] != "random" for seat in record.out or [])


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (a shared win counts its share)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def play_one(
    spec: GameSpec[Any, Any, Any, Any],
    options: Any,
    levels: dict[str, str],
    seed: int,
    budget: Budget,
    keep_log: Callable[[GameRecord], bool] = an_ai_fell_out,
) -> tuple[GameRecord, dict[str, list[float]]]:
    """One whole game, every seat's decision coming from its level through ``observe``; its
    record (with its moves when ``keep_log`` says so) and each level's decision times."""
    seats = list(levels)
    state = spec.new_game(seats, options, seed)
    start = start_log(spec, seats, options, seed, state)
    moves: list[tuple[str, Any]] = []
    streams = {seat: random.Random(f"{seed}/{seat}") for seat in seats}
    times: dict[str, list[float]] = {level: [] for level in levels.values()}
    steps = 0
    while not spec.is_over(state) and steps < MAX_STEPS:
        seat = min(spec.to_act(state))
        level = levels[seat]
        started = time.perf_counter()
        action = decide(level, spec, observe(spec, state, seat), streams[seat], budget)
        times[level].append(time.perf_counter() - started)
        state = spec.apply(state, seat, action).state
        moves.append((seat, action))
        steps += 1
    finished = spec.is_over(state)
    result = spec.scores(state)
    knocked_out = game_ai(spec).out_of_game if has_ai(spec) else None
    record = GameRecord(
        seed=seed,
        levels=levels,
        finished=finished,
        steps=steps,
        scores={row.seat: row.total for row in result.seats},
        breakdown={row.seat: row.breakdown for row in result.seats},
        winners=list(result.winners) if finished else [],
        out=None if knocked_out is None else [s for s in seats if knocked_out(state, s)],
    )
    if keep_log(record):
        start.actions = [
            LoggedAction(seat=seat, action=action.model_dump(mode="json")) for seat, action in moves
        ]
        record.log = start.model_dump(mode="json")
    return record, times


def _play_registered(
    key: str, options: Any, levels: dict[str, str], seed: int, budget: Budget
) -> tuple[GameRecord, dict[str, list[float]]]:
    """``play_one`` in a worker process, the game found by its key."""
    from rules.registry import GAMES

    return play_one(GAMES[key], options, levels, seed, budget)


def _tally(stats: dict[str, LevelStats], record: GameRecord, times: dict[str, list[float]]) -> None:
    for seat, level in record.levels.items():
        entry = stats[level]
        entry.seat_games += 1
        entry.scores.append(record.scores.get(seat, 0))
        entry.leads.append(margin(record.scores, seat))
        if record.out is not None and seat in record.out:
            entry.out += 1
        if seat in record.winners:
            entry.wins += 1.0 / len(record.winners)
    for level, spent in times.items():
        stats[level].times.extend(spent)


def margin(points: Mapping[str, float], seat: str) -> float:
    """``seat``'s points less the best other competitor's (an automa's included)."""
    others = [total for key, total in points.items() if key != seat]
    return points.get(seat, 0) - max(others) if others else 0


def _game_line(g: int, record: GameRecord) -> str:
    scores = ", ".join(
        f"{record.levels.get(seat, seat)} {total}" for seat, total in record.scores.items()
    )
    won = "+".join(record.levels.get(seat, seat) for seat in record.winners) or "nobody"
    return f"game {g + 1} (seed {record.seed}): {scores}; won by {won}"


Played = tuple[GameRecord, dict[str, list[float]]]
"""A game's record and each level's decision times (seconds)."""


class Record:
    """The games of one arena setup (game, options, levels, budget, and the AI that plays:
    ``rules.ai.fingerprint``) kept in a file, a JSON line each, so that an arena can be
    stopped and taken up again. Each game is added as it ends (written through to the disk);
    a line left half-written by a stop is passed over, and that game is played again. Lines
    of other setups in the same file are left as they are; ``other_ai`` counts those of this
    setup played by another version of the AI, which no longer count."""

    def __init__(
        self,
        path: Path,
        spec: GameSpec[Any, Any, Any, Any],
        options: Any,
        bots: list[str],
        budget: Budget,
    ) -> None:
        self.path = path
        self.setup = {
            "game": spec.key,
            "options": options.model_dump(mode="json"),
            "bots": bots,
            "budget": {"seconds": budget.seconds, "iterations": budget.iterations},
            "ai": fingerprint(spec, options),
        }
        self.other_ai = 0
        self._games: dict[tuple[int, str], Played] = {}
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                found = self._read(line)
                if found is not None:
                    self._games[_game_key(found[0].seed, found[0].levels)] = found

    def _read(self, line: str) -> Played | None:
        try:
            entry = json.loads(line)
            if not isinstance(entry, dict) or not isinstance(entry.get("setup"), dict):
                return None
            if entry["setup"] != self.setup:
                ours = {k: v for k, v in self.setup.items() if k != "ai"}
                self.other_ai += {k: v for k, v in entry["setup"].items() if k != "ai"} == ours
                return None
            return GameRecord(**entry["record"]), dict(entry["times"])
        except (ValueError, TypeError, KeyError):
            return None

    def game(self, seed: int, levels: dict[str, str]) -> Played | None:
        """The game of ``seed`` with these levels at these seats, when on record."""
        return self._games.get(_game_key(seed, levels))

    def add(self, played: Played) -> None:
        """Keep a finished game (its decision times to the millisecond: the record files are
        kept in the repository, a line of every decision's time each game; its moves only
        when it kept them)."""
        record, times = played
        self._games[_game_key(record.seed, record.levels)] = played
        kept = {level: [round(t, 3) for t in spent] for level, spent in times.items()}
        fields = {k: v for k, v in record.__dict__.items() if v is not None or k != "log"}
        line = json.dumps({"setup": self.setup, "record": fields, "times": kept})
        with self.path.open("a+b") as out:
            out.seek(0, os.SEEK_END)
            if out.tell():
                out.seek(-1, os.SEEK_END)
                if out.read(1) != b"\n":
                    out.write(b"\n")  # after a line a stop left half-written
            out.write(line.encode("utf-8") + b"\n")
            out.flush()
            os.fsync(out.fileno())


def kept_log(path: Path, seed: int) -> GameLog | None:
    """The moves kept in the record file ``path`` of its game of ``seed`` (the last such line
    with moves: ``GameRecord.log``), or ``None`` when it kept none."""
    found = None
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            record = json.loads(line)["record"]
            if record["seed"] == seed and record.get("log") is not None:
                found = GameLog.model_validate(record["log"])
        except (ValueError, TypeError, KeyError):
            continue  # a line a stop left half-written, or not a game's
    return found


def _game_key(seed: int, levels: dict[str, str]) -> tuple[int, str]:
    return seed, json.dumps(levels, sort_keys=True)


def run(
    spec: GameSpec[Any, Any, Any, Any],
    options: Any,
    bots: list[str],
    games: int,
    budget: Budget,
    seed: int = 1,
    jobs: int = 1,
    progress: Callable[[str], None] | None = None,
    record_file: Path | None = None,
) -> dict[str, Any]:
    """Play ``games`` seat-rotated games, ``jobs`` at a time in worker processes when more
    than one; the summary as a JSON-able dict (the same whatever ``jobs``). ``progress`` is
    given a line as each game ends. With ``record_file``, the games of this setup already in
    that file are taken from it instead of played, and each game played is added to it as
    it ends (``Record``)."""
    tables = _tables(options, bots, games)
    kept = None if record_file is None else Record(record_file, spec, options, bots, budget)
    played = {} if kept is None else _kept(kept, tables, seed)
    resumed = len(played)

    def ended(g: int, result: Played) -> None:
        played[g] = result
        if kept is not None:
            kept.add(result)
        if progress is not None:
            progress(_game_line(g, result[0]))

    todo = [g for g in range(games) if g not in played]
    if jobs <= 1:
        for g in todo:
            ended(g, play_one(spec, options, tables[g], seed + g, budget))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = {
                pool.submit(_play_registered, spec.key, options, tables[g], seed + g, budget): g
                for g in todo
            }
            for future in as_completed(futures):
                ended(futures[future], future.result())
    ordered = [played[g] for g in range(games)]
    return summarize(spec, options, bots, budget, ordered, resumed, _other_ai(kept))


def on_record(
    spec: GameSpec[Any, Any, Any, Any],
    options: Any,
    bots: list[str],
    games: int,
    budget: Budget,
    seed: int,
    record_file: Path,
) -> dict[str, Any]:
    """The summary of the games of ``run``'s setup that ``record_file`` holds, none played."""
    kept = Record(record_file, spec, options, bots, budget)
    played = _kept(kept, _tables(options, bots, games), seed)
    ordered = [played[g] for g in sorted(played)]
    return summarize(spec, options, bots, budget, ordered, len(played), kept.other_ai)


def _other_ai(kept: Record | None) -> int:
    return 0 if kept is None else kept.other_ai


def _tables(options: Any, bots: list[str], games: int) -> list[dict[str, str]]:
    """Each game's level per seat: game ``g`` shifts the levels by ``g`` seats."""
    seats = seat_names(options.players)
    return [{seat: bots[(i + g) % len(bots)] for i, seat in enumerate(seats)} for g in range(games)]


def _kept(kept: Record, tables: list[dict[str, str]], seed: int) -> dict[int, Played]:
    """The games among ``tables`` (game ``g`` seeded ``seed + g``) on record, by ``g``."""
    out: dict[int, Played] = {}
    for g, levels in enumerate(tables):
        found = kept.game(seed + g, levels)
        if found is not None:
            out[g] = found
    return out


def summarize(
    spec: GameSpec[Any, Any, Any, Any],
    options: Any,
    bots: list[str],
    budget: Budget,
    ordered: list[Played],
    resumed: int,
    passed_over: int = 0,
) -> dict[str, Any]:
    """The arena's summary of the games ``ordered`` (``resumed`` of them from a record;
    ``passed_over``: games of the setup on record by another version of the AI)."""
    stats = {level: LevelStats() for level in bots}
    records = [record for record, _ in ordered]
    knockouts = any(record.out is not None for record in records)
    for record, times in ordered:
        _tally(stats, record, times)
    summary: dict[str, Any] = {
        "game": spec.key,
        "players": options.players,
        "options": options.model_dump(mode="json"),
        "bots": bots,
        "games": len(records),
        "resumed": resumed,
        "passed_over": passed_over,
        "budget": {"seconds": budget.seconds, "iterations": budget.iterations},
        "finished": sum(r.finished for r in records),
        "levels": {},
        "records": [r.__dict__ for r in records],
    }
    automa: dict[str, list[int]] = {}
    for record in records:
        for key, total in record.scores.items():
            if key not in record.levels:
                automa.setdefault(key, []).append(total)
    summary["automa"] = {
        key: {
            "mean_score": statistics.fmean(totals),
            "wins": sum(key in r.winners for r in records),
        }
        for key, totals in automa.items()
    }
    for level, entry in stats.items():
        low, high = wilson(entry.wins, entry.seat_games)
        summary["levels"][level] = {
            "seat_games": entry.seat_games,
            "wins": entry.wins,
            "win_rate": entry.wins / entry.seat_games if entry.seat_games else 0.0,
            "ci95": [low, high],
            "mean_score": statistics.fmean(entry.scores) if entry.scores else 0.0,
            "mean_lead": statistics.fmean(entry.leads) if entry.leads else 0.0,
            "out_of_game": entry.out if knockouts else None,
            "decisions": len(entry.times),
            "time_p50": percentile(entry.times, 0.5),
            "time_p95": percentile(entry.times, 0.95),
            "thinking_seconds": sum(entry.times),
        }
    return summary


def print_summary(summary: dict[str, Any]) -> None:
    budget = summary["budget"]
    limit = (
        f"{budget['seconds']} s" if budget["seconds"] is not None else f"{budget['iterations']} it"
    )
    resumed = summary.get("resumed", 0)
    passed_over = summary.get("passed_over", 0)
    print(
        f"{summary['game']}: {summary['games']} games"
        + (f" ({resumed} of them on record before)" if resumed else "")
        + (
            f" ({passed_over} on record by another version of the AI left out)"
            if passed_over
            else ""
        )
        + f", {summary['players']} players, budget {limit}/decision, "
        f"{summary['finished']} finished"
    )
    for level, row in summary["levels"].items():
        low, high = row["ci95"]
        print(
            f"  {level:>6}: win {row['win_rate']:.0%} [{low:.0%}, {high:.0%}] "
            f"of {row['seat_games']} seat-games, mean score {row['mean_score']:.1f} "
            f"(lead {row['mean_lead']:+.1f}), "
            + (f"out of the game {row['out_of_game']}, " if row["out_of_game"] is not None else "")
            + f"decision p50 {row['time_p50'] * 1000:.0f} ms p95 {row['time_p95'] * 1000:.0f} ms "
            f"({row['decisions']} decisions)"
        )
    for key, row in summary["automa"].items():
        print(f"  {key:>6} (automa): won {row['wins']} games, mean score {row['mean_score']:.1f}")


OptionsParser = Callable[[GameSpec[Any, Any, Any, Any], int, list[str]], Any]


def add_parser(
    sub: Any, games: Mapping[str, GameSpec[Any, Any, Any, Any]], parse_options: OptionsParser
) -> None:
    """The ``arena`` subcommand of ``python -m rules`` (the CLI gives the games and how it
    reads ``--option NAME=VALUE``)."""
    arena = sub.add_parser("arena", help="AI levels against each other, seats rotated")
    arena.add_argument("game", choices=sorted(games))
    arena.add_argument("--players", type=int, default=2)
    arena.add_argument("--bots", default="strong,easy", help="levels per seat, comma-separated")
    arena.add_argument("--games", type=int, default=10)
    arena.add_argument("--budget", type=float, help="seconds per decision (default 3)")
    arena.add_argument("--iterations", type=int, help="search iterations per decision instead")
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    arena.add_argument("--json", help="write the summary and every game's result here")
    arena.add_argument(
        "--record",
        help="keep each finished game in this file and play only the games not on record yet",
    )
    arena.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    arena.set_defaults(
        func=lambda args: cmd_arena(args, games[args.game], parse_options),
    )


def cmd_arena(
    args: argparse.Namespace, spec: GameSpec[Any, Any, Any, Any], parse_options: OptionsParser
) -> int:
    options = parse_options(spec, args.players, args.option)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    unknown = [b for b in bots if b not in LEVELS]
    if unknown:
        raise SystemExit(f"unknown level(s) {unknown}; known: {', '.join(LEVELS)}")
    if args.iterations is not None:
        budget = Budget(iterations=args.iterations)
    else:
        seconds = 3.0 if args.budget is None else args.budget
        budget = Budget(seconds=seconds, clock=time.perf_counter)
    summary = run(
        spec,
        options,
        bots,
        args.games,
        budget,
        args.seed,
        jobs=args.jobs,
        progress=lambda line: print(line, file=sys.stderr, flush=True),
        record_file=Path(args.record) if args.record else None,
    )
    print_summary(summary)
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=1))
    return 0
