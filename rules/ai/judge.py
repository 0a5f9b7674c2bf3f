"""Where two AI levels disagree, which choice plays out better: a check of an AI change that
takes minutes, where the arena's win rates take CPU-days (a game's score swings by tens of
points, and a change worth a few points needs hundreds of games to show).

A reference game is played with the ``reference`` level in every seat. At each decision
where the ``candidate`` level would choose otherwise, both choices are judged by the same
paired playouts (``compare``): each samples the hidden information from the deciding seat's
own view, plays the choice, then the reference level in every seat until the turn has
passed ``handovers`` times or the game ends, and scores the deciding seat's lead there (its
evaluation less the best other competitor's; the final scores at the end). A pair shares
its sampled world and its random streams, so most of the luck of the rest of the game
cancels out, and a short horizon leaves less luck to cancel. The report gives the
candidate's mean gain per disagreement with its standard error, overall and per kind of
action.

What it cannot see: what the levels make of positions the reference level never reaches,
and anything beyond the horizon (the evaluation stands in for it). A tool beside the arena:
it plays positions, never reads the clock.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.ai.arena import OptionsParser, margin
from rules.ai.budget import Budget
from rules.ai.hooks import GameAI, game_ai
from rules.ai.levels import LEVELS, decide
from rules.ai.observe import observe
from rules.ai.search import action_key
from rules.core.bots import seat_names
from rules.core.spec import GameSpec

MAX_STEPS = 20_000
"""A reference game or a playout stops after this many steps whatever happens."""


@dataclass(frozen=True)
class Verdict:
    """One disagreement: the step of the reference game, the deciding seat, the kind of the
    reference level's choice (its action class), and per paired playout the candidate's
    choice's lead less the reference choice's."""

    step: int
    seat: str
    kind: str
    gains: tuple[float, ...]

    @property
    def gain(self) -> float:
        return sum(self.gains) / len(self.gains)


def lead(spec: GameSpec[Any, Any, Any, Any], ai: GameAI, state: Any, seat: str) -> float:
    """``seat``'s points less the best other competitor's: by the final scores once the game
    is over, by the game's evaluation before."""
    if spec.is_over(state):
        return margin({row.seat: float(row.total) for row in spec.scores(state).seats}, seat)
    return margin(ai.evaluate(state), seat)


def playout(
    spec: GameSpec[Any, Any, Any, Any],
    state: Any,
    level: str,
    budget: Budget,
    streams: str,
    handovers: int,
) -> Any:
    """``state`` played on by ``level`` in every seat (seat ``s`` drawing from the stream
    ``f"{streams}/{s}"``) until the turn has passed ``handovers`` times or the game ends."""
    rnd = {seat: random.Random(f"{streams}/{seat}") for seat in state.seats}
    last: str | None = None
    passed = 0
    for _ in range(MAX_STEPS):
        if spec.is_over(state):
            break
        who = min(spec.to_act(state))
        if last is not None and who != last:
            passed += 1
            if passed >= handovers:
                break
        last = who
        action = decide(level, spec, observe(spec, state, who), rnd[who], budget)
        state = spec.apply(state, who, action).state
    return state


def compare(
    spec: GameSpec[Any, Any, Any, Any],
    state: Any,
    seat: str,
    first: Any,
    second: Any,
    *,
    level: str,
    budget: Budget,
    playouts: int,
    handovers: int,
    seed: str,
) -> tuple[float, ...]:
    """Per paired playout, ``seat``'s lead after ``first`` less its lead after ``second``.
    Each pair starts from one world sampled from what ``seat`` knows (``GameAI.mask`` and
    ``GameAI.sample``: never the true hidden state) and plays on with the same streams."""
    ai = game_ai(spec)
    known = ai.mask(state, seat)
    gains: list[float] = []
    for j in range(playouts):
        world = ai.sample(known, seat, random.Random(f"{seed}/world/{j}"))
        streams = f"{seed}/playout/{j}"
        after = [
            playout(spec, spec.apply(world, seat, choice).state, level, budget, streams, handovers)
            for choice in (first, second)
        ]
        gains.append(lead(spec, ai, after[0], seat) - lead(spec, ai, after[1], seat))
    return tuple(gains)


def judge(
    spec: GameSpec[Any, Any, Any, Any],
    options: Any,
    candidate: str,
    reference: str,
    *,
    games: int,
    budget: Budget,
    playouts: int,
    handovers: int,
    seed: int = 1,
    limit: int | None = None,
    kinds: frozenset[str] = frozenset(),
    progress: Callable[[Verdict, Any, Any], None] | None = None,
) -> list[Verdict]:
    """The disagreements of ``candidate`` with ``reference`` over ``games`` reference games
    (seeds ``seed``, ``seed + 1``, ...), each judged by ``compare``; at most ``limit`` of
    them, and with ``kinds`` only where the reference choice is of one of those kinds.
    ``progress`` hears of each verdict with the two choices (candidate's first)."""
    ai = game_ai(spec)
    verdicts: list[Verdict] = []
    for game in range(seed, seed + games):
        state = spec.new_game(seat_names(options.players), options, game)
        streams = {s: random.Random(f"{game}/{s}") for s in state.seats}
        for step in range(MAX_STEPS):
            if spec.is_over(state) or (limit is not None and len(verdicts) >= limit):
                break
            seat = min(spec.to_act(state))
            obs = observe(spec, state, seat)
            chosen = decide(reference, spec, obs, streams[seat], budget)
            if len(ai.actions(spec, obs.info, seat)) > 1 and (
                not kinds or type(chosen).__name__ in kinds
            ):
                rnd = random.Random(f"{game}/{step}/candidate")
                other = decide(candidate, spec, obs, rnd, budget)
                if other != chosen:
                    verdict = Verdict(
                        step=step,
                        seat=seat,
                        kind=type(chosen).__name__,
                        gains=compare(
                            spec,
                            state,
                            seat,
                            other,
                            chosen,
                            level=reference,
                            budget=budget,
                            playouts=playouts,
                            handovers=handovers,
                            seed=f"{game}/{step}",
                        ),
                    )
                    verdicts.append(verdict)
                    if progress is not None:
                        progress(verdict, other, chosen)
            state = spec.apply(state, seat, chosen).state
    return verdicts


@dataclass(frozen=True)
class Summary:
    """The mean gain of a group of disagreements and its standard error (over the
    disagreements' own means: playouts of one position are not independent draws)."""

    label: str
    count: int
    gain: float
    error: float

    def line(self) -> str:
        error = f"± {self.error:.2f}" if self.count > 1 else "(one)"
        noun = "disagreement" if self.count == 1 else "disagreements"
        return f"{self.label:<16} {self.count:>4} {noun:<13}  gain {self.gain:+.2f} {error}"


def summarize(verdicts: list[Verdict]) -> list[Summary]:
    """Per kind of action, most disagreements first, then all of them together."""
    kinds: dict[str, list[float]] = {}
    for verdict in verdicts:
        kinds.setdefault(verdict.kind, []).append(verdict.gain)
    rows = [_summary(kind, gains) for kind, gains in kinds.items()]
    rows.sort(key=lambda row: (-row.count, row.label))
    if verdicts:
        rows.append(_summary("all", [v.gain for v in verdicts]))
    return rows


def _summary(label: str, gains: list[float]) -> Summary:
    n = len(gains)
    spread = statistics.stdev(gains) if n > 1 else 0.0
    return Summary(label, n, statistics.fmean(gains), spread / math.sqrt(n))


def add_parser(
    sub: Any, games: Mapping[str, GameSpec[Any, Any, Any, Any]], parse_options: OptionsParser
) -> None:
    """The ``judge`` subcommand of ``python -m rules``."""
    cmd = sub.add_parser(
        "judge", help="where two AI levels disagree, which choice plays out better"
    )
    cmd.add_argument("game", choices=sorted(games))
    cmd.add_argument("--players", type=int, default=2)
    cmd.add_argument("--candidate", choices=sorted(LEVELS), default="strong")
    cmd.add_argument("--reference", choices=sorted(LEVELS), default="easy")
    cmd.add_argument("--iterations", type=int, default=200, help="search iterations per decision")
    cmd.add_argument("--games", type=int, default=1, help="reference games")
    cmd.add_argument("--playouts", type=int, default=12, help="paired playouts per disagreement")
    cmd.add_argument(
        "--handovers", type=int, default=10, help="playouts end when the turn has passed this often"
    )
    cmd.add_argument("--limit", type=int, help="judge at most this many disagreements")
    cmd.add_argument(
        "--kind",
        action="append",
        default=[],
        help="only where the reference level's choice is of this kind (its action class)",
    )
    cmd.add_argument("--seed", type=int, default=1)
    cmd.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    cmd.set_defaults(func=lambda args: cmd_judge(args, games[args.game], parse_options))


def cmd_judge(
    args: argparse.Namespace, spec: GameSpec[Any, Any, Any, Any], parse_options: OptionsParser
) -> int:
    def heard(verdict: Verdict, candidate: Any, reference: Any) -> None:
        print(
            f"step {verdict.step} {verdict.seat}: {args.candidate} {action_key(candidate)}"
            f" / {args.reference} {action_key(reference)}: gain {verdict.gain:+.2f}",
            file=sys.stderr,
            flush=True,
        )

    verdicts = judge(
        spec,
        parse_options(spec, args.players, args.option),
        args.candidate,
        args.reference,
        games=args.games,
        budget=Budget(iterations=args.iterations),
        playouts=args.playouts,
        handovers=args.handovers,
        seed=args.seed,
        limit=args.limit,
        kinds=frozenset(args.kind),
        progress=heard,
    )
    print(
        f"{spec.key}: {args.candidate} against {args.reference} at {args.iterations} iterations,"
        f" {args.games} reference game(s), {args.playouts} paired playouts of"
        f" {args.handovers} handovers per disagreement (gain: the {args.candidate} choice's"
        " lead less the other's, in points)"
    )
    for row in summarize(verdicts):
        print("  " + row.line())
    if not verdicts:
        print("  no disagreements")
    return 0
