"""How a game went: every scored seat's score after each round, from the replayed log.

A game's ``scores`` can be read from any state (the engines score what is on the table), and
its ``round_of`` says which round a state is in; replaying the log and scoring the state each
time the round changes gives the points of the end-of-game chart. Pure: the replay is the
one in ``rules.core.replay``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from rules.core.replay import Entry, GameSetup, replay_steps
from rules.core.spec import GameSpec


@dataclass
class ScoreTrack:
    """Point ``i`` of the chart: ``rounds[i]`` is the round just finished (point 0 is the
    start of the game, the last point its end) and ``totals[seat][i]`` each seat's score
    then. ``seats``: the game's seats in order, then any other scored seat (an automa)."""

    seats: list[str] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    totals: dict[str, list[int]] = field(default_factory=dict)

    def add(self, round_no: int, scores: dict[str, int]) -> None:
        for seat in scores:
            if seat not in self.totals:
                self.seats.append(seat)
                self.totals[seat] = [0] * len(self.rounds)
        self.rounds.append(round_no)
        for seat in self.seats:
            kept = self.totals[seat][-1] if self.totals[seat] else 0
            self.totals[seat].append(scores.get(seat, kept))

    def last(self) -> dict[str, int]:
        return {seat: values[-1] for seat, values in self.totals.items() if values}


def _totals(spec: GameSpec[Any, Any, Any, Any], state: Any) -> dict[str, int]:
    return {row.seat: row.total for row in spec.scores(state).seats}


def score_track(
    spec: GameSpec[Any, Any, Any, Any], setup: GameSetup, version: int, entries: Iterable[Entry]
) -> ScoreTrack:
    """Each seat's score at the start, after every round and at the end of the game that the
    log ``entries`` plays from ``setup`` on rules ``version``."""
    state = setup.start(spec, version)
    track = ScoreTrack(seats=list(setup.seats), totals={s: [] for s in setup.seats})
    current = spec.round_of(state)
    track.add(current, _totals(spec, state))
    for result in replay_steps(spec, setup, version, entries):
        state = result.state
        now = spec.round_of(state)
        if now != current:
            if current < 1 and len(track.rounds) == 1:  # setup before round 1: the start
                track.rounds.clear()
                track.totals = {seat: [] for seat in track.seats}
            track.add(current, _totals(spec, state))
            current = now
    final = _totals(spec, state)
    if len(track.rounds) == 1 or track.last() != final:
        track.add(current, final)
    return track
