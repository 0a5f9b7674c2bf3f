"""Whether a change to an AI plays better than the AI on record: two arena records of the
same table compared seed by seed.

    python -m rules compare BASE.jsonl VARIANT.jsonl [--level strong]

An arena's record (``rules.ai.arena.Record``: a strength bar's file, or ``arena --record``)
keeps each game's seed, its seats' levels and their scores. A change tried in a worktree
and played with ``arena --record`` at the bar's table, seeds and seat rotation meets the
same deals as the bar's games, so comparing the two seed by seed takes the deal's luck out:
the variant's lead over the best other competitor less the base's, seed by seed, with its
standard error.

One trap this prints the figures for: every variant tried is compared with the *same* games
of the base, and those carry luck of their own (the searches' and the other seats' draws,
not the deal's). Where the base did better on the seeds compared than on the rest of its
record, every variant compared there looks worse by about that much. So the last line gives
the base's figures on its other games, against which the variant's own figures on the seeds
compared can be read too. A tool beside the arena: it reads records, plays nothing.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.ai.arena import margin


@dataclass(frozen=True)
class Outcome:
    """One game seen from the seat of the level compared."""

    seats: str
    """Every seat's level (JSON): two games are compared only at the same seats."""
    won: float
    """1 for a win, a share of one for a shared win, else 0."""
    lead: float
    """The seat's points less the best other competitor's (``rules.ai.arena.margin``)."""
    score: float


def outcomes(path: Path, level: str) -> dict[int, Outcome]:
    """The games in ``path`` of the setup of its last game (the AI on record now: a bar's
    file also holds the games of earlier AIs), by seed, each from the one seat of ``level``
    (``ValueError`` when there is none, or the level holds no seat or several)."""
    entries: list[dict[str, Any]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue  # a line a stop left half-written
        if isinstance(entry, dict) and isinstance(entry.get("record"), dict):
            entries.append(entry)
    if not entries:
        raise ValueError(f"{path}: no games on record")
    current = entries[-1].get("setup")
    out: dict[int, Outcome] = {}
    for entry in entries:
        if entry.get("setup") != current:
            continue
        record = entry["record"]
        levels: dict[str, str] = record["levels"]
        seats = [seat for seat, name in levels.items() if name == level]
        if len(seats) != 1:
            raise ValueError(
                f"{path}: seed {record['seed']}: {level} holds {len(seats)} seats, not one"
            )
        seat = seats[0]
        scores: dict[str, float] = record["scores"]
        winners: list[str] = record["winners"]
        out[int(record["seed"])] = Outcome(
            seats=json.dumps(levels, sort_keys=True),
            won=1.0 / len(winners) if seat in winners else 0.0,
            lead=float(margin(scores, seat)),
            score=float(scores.get(seat, 0)),
        )
    return out


@dataclass(frozen=True)
class Estimate:
    """A mean and its standard error (``nan`` below two values)."""

    mean: float
    error: float

    def __str__(self) -> str:
        return f"{self.mean:+.1f} ± {self.error:.1f}"


def estimate(values: Iterable[float]) -> Estimate:
    found = list(values)
    if not found:
        return Estimate(math.nan, math.nan)
    error = statistics.stdev(found) / math.sqrt(len(found)) if len(found) > 1 else math.nan
    return Estimate(statistics.fmean(found), error)


@dataclass(frozen=True)
class Tally:
    """Some games of one record: how many, the wins and the mean lead."""

    games: int
    wins: float
    lead: Estimate


def tally(games: list[Outcome]) -> Tally:
    return Tally(len(games), sum(g.won for g in games), estimate(g.lead for g in games))


@dataclass(frozen=True)
class Comparison:
    seeds: list[int]
    """The seeds both records played at the same seats."""
    other_seats: list[int]
    """Seeds both played, but with the levels at other seats (left out)."""
    base: Tally
    variant: Tally
    lead_difference: Estimate
    """The variant's lead less the base's, seed by seed."""
    score_difference: Estimate
    """The variant's own points less the base's, seed by seed."""
    base_elsewhere: Tally
    """The base's games on the seeds not compared."""


def compare(base: dict[int, Outcome], variant: dict[int, Outcome]) -> Comparison:
    both = sorted(set(base) & set(variant))
    seeds = [s for s in both if base[s].seats == variant[s].seats]
    compared = set(seeds)
    return Comparison(
        seeds=seeds,
        other_seats=[s for s in both if base[s].seats != variant[s].seats],
        base=tally([base[s] for s in seeds]),
        variant=tally([variant[s] for s in seeds]),
        lead_difference=estimate(variant[s].lead - base[s].lead for s in seeds),
        score_difference=estimate(variant[s].score - base[s].score for s in seeds),
        base_elsewhere=tally([g for s, g in base.items() if s not in compared]),
    )


def spans(seeds: list[int]) -> str:
    """Sorted seeds written as runs: ``1-3, 7``."""
    runs: list[list[int]] = []
    for seed in seeds:
        if runs and seed == runs[-1][1] + 1:
            runs[-1][1] = seed
        else:
            runs.append([seed, seed])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)


def report(found: Comparison, level: str) -> list[str]:
    def row(name: str, t: Tally) -> str:
        share = f" ({t.wins / t.games:.0%})" if t.games else ""
        return f"  {name:<22} {t.wins:g} of {t.games} won{share}, lead {t.lead}"

    out = [f"{level}, the games both records played at the same seats: seeds {spans(found.seeds)}"]
    if found.other_seats:
        out.append(f"  left out, other seats: seeds {spans(found.other_seats)}")
    out += [
        row("base", found.base),
        row("variant", found.variant),
        f"  variant less base, seed by seed: lead {found.lead_difference},"
        f" own points {found.score_difference}",
        row("base, its other games", found.base_elsewhere),
    ]
    return out


def add_parser(sub: Any) -> None:
    """The ``compare`` subcommand of ``python -m rules``."""
    cmd = sub.add_parser("compare", help="two arena records of one table, seed by seed")
    cmd.add_argument("base", help="the record of the AI as it stands (e.g. a bar's file)")
    cmd.add_argument("variant", help="the record of the change tried, same seeds and seats")
    cmd.add_argument("--level", default="strong", help="the level compared (one seat a game)")
    cmd.set_defaults(func=cmd_compare)


def cmd_compare(args: argparse.Namespace) -> int:
    try:
        base = outcomes(Path(args.base), args.level)
        variant = outcomes(Path(args.variant), args.level)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print(f"cannot compare: {exc}")
        return 1
    found = compare(base, variant)
    if not found.seeds:
        print("cannot compare: the records share no seed played at the same seats")
        return 1
    print("\n".join(report(found, args.level)))
    return 0
