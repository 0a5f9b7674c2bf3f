"""What a game does, step by step, as digests that do not depend on the state's shape.

Issue 22, point 1 moves every game's pending decisions onto one stack: the stored state
changes shape, the game must not change at all. A step's digest covers who acts, every
acting seat's legal actions, the action taken and the events it caused, what a seat that is
not acting and a repeat of the previous action get back (accepted or the refusal's code and
text), and the views of the acting seats and of the public; the last step adds the scores.
Two engines play the same game exactly when the digests are equal, whatever their states
look like.

This module imports only ``rules`` (and the standard library), so it runs against any
checkout: ``PYTHONPATH=<checkout> python tests/upgrade/decision_trace.py GAME [SEEDS]``
prints one line per player count and seed, to ``diff`` with another checkout's.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rules.core.errors import RuleViolation
from rules.core.spec import GameSpec
from rules.registry import GAMES


def _dump(value: Any) -> Any:
    return value.model_dump(mode="json") if hasattr(value, "model_dump") else value


def _outcome(spec: GameSpec[Any, Any, Any, Any], state: Any, seat: str, action: Any) -> Any:
    """What ``apply`` answers (it never changes its input): the events, or the refusal."""
    try:
        result = spec.apply(state, seat, action)
    except RuleViolation as exc:
        return ["refused", exc.code, _dump(exc.text)]
    return ["accepted", [_dump(e) for e in result.events]]


@dataclass(frozen=True)
class Step:
    seat: str
    action: Any
    digest: str


def step_digest(
    spec: GameSpec[Any, Any, Any, Any], state: Any, seat: str, action: Any, previous: Any
) -> tuple[str, Any]:
    """The digest of one step and the state after it."""
    acting = sorted(spec.to_act(state))
    record: dict[str, Any] = {
        "to_act": acting,
        "legal": {s: [_dump(a) for a in spec.legal_actions(state, s)] for s in acting},
        "views": {s or "": _dump(spec.view(state, s)) for s in [*acting, None]},
        "action": [seat, _dump(action)],
    }
    others = [s for s in state.seats if s not in acting]
    if others:
        record["other_seat"] = _outcome(spec, state, others[0], action)
    if previous is not None:
        record["repeat"] = _outcome(spec, state, seat, previous)
    result = spec.apply(state, seat, action)
    record["events"] = [_dump(e) for e in result.events]
    if spec.is_over(result.state):
        record["scores"] = _dump(spec.scores(result.state))
        record["final_views"] = {s: _dump(spec.view(result.state, s)) for s in state.seats}
    text = json.dumps(record, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16], result.state


def play(
    spec: GameSpec[Any, Any, Any, Any], state: Any, rnd: random.Random, limit: int = 20_000
) -> Iterator[tuple[Any, Step]]:
    """A random game from ``state``: the state before each step, and the step."""
    previous = None
    for _ in range(limit):
        if spec.is_over(state):
            return
        seat = sorted(spec.to_act(state))[0]
        actions = spec.legal_actions(state, seat)
        action = actions[rnd.randrange(len(actions))]
        digest, after = step_digest(spec, state, seat, action, previous)
        yield state, Step(seat, action, digest)
        state, previous = after, action
    raise RuntimeError(f"{spec.key}: random game did not end in {limit} steps")


def replayed(
    spec: GameSpec[Any, Any, Any, Any], state: Any, actions: list[tuple[str, Any]], previous: Any
) -> Iterator[tuple[Any, str]]:
    """The digest of each logged step played from ``state``; the state after each."""
    for seat, action in actions:
        digest, state = step_digest(spec, state, seat, action, previous)
        previous = action
        yield state, digest


OPTIONS: dict[str, dict[str, Any]] = {
    "ilos": {"max_rounds": 10},
    "renaissance": {"end_condition": "epochs_1"},
}
"""Options that keep a random game short (every other option at its default)."""


VARIANTS: dict[str, list[dict[str, Any]]] = {
    "endeavor": [{"players": 2, "silent_fleet": True}],
    "renaissance": [{"players": 4, "preset": "euro1999"}],
}
"""Variants played besides every player count with the default options."""


def configurations(key: str) -> list[dict[str, Any]]:
    spec = GAMES[key]
    plain = [{"players": n} for n in range(spec.min_players, spec.max_players + 1)]
    return [{**OPTIONS.get(key, {}), **raw} for raw in plain + VARIANTS.get(key, [])]


def game_digest(key: str, raw: dict[str, Any], seed: int) -> str:
    spec = GAMES[key]
    options = spec.Options.model_validate(raw)
    players = int(raw["players"])
    state = spec.new_game([f"p{i + 1}" for i in range(players)], options, seed)
    whole = hashlib.sha256()
    steps = 0
    for _, step in play(spec, state, random.Random(seed)):
        whole.update(step.digest.encode())
        steps += 1
    name = json.dumps(raw, sort_keys=True)
    return f"{key} {name} seed {seed}: {steps} steps {whole.hexdigest()[:16]}"


def main(argv: list[str]) -> int:
    key = argv[0]
    seeds = int(argv[1]) if len(argv) > 1 else 3
    for raw in configurations(key):
        for seed in range(seeds):
            print(game_digest(key, raw, seed), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
