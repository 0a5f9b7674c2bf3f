"""The three AI levels behind one decision function.

``decide(level, spec, observation, rnd, budget)`` returns one of the seat's legal actions in
``observation.info`` (the seat's information state, ``rules.ai.observe``); it reads nothing
else, and all its randomness comes from ``rnd``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rules.ai.budget import Budget
from rules.ai.greedy import one_ply
from rules.ai.hooks import GameAI, game_ai
from rules.ai.observe import Observation
from rules.ai.search import ismcts
from rules.core.spec import GameSpec

Level = Callable[[GameSpec[Any, Any, Any, Any], GameAI, Observation, random.Random, Budget], Any]


def _random(
    spec: GameSpec[Any, Any, Any, Any],
    ai: GameAI,
    obs: Observation,
    rnd: random.Random,
    budget: Budget,
) -> Any:
    """Today's seat filler: a uniformly random legal action."""
    actions = spec.legal_actions(obs.info, obs.seat)
    return actions[rnd.randrange(len(actions))]


def _easy(
    spec: GameSpec[Any, Any, Any, Any],
    ai: GameAI,
    obs: Observation,
    rnd: random.Random,
    budget: Budget,
) -> Any:
    """One-ply greedy: the action whose result the game's evaluation likes best, in one
    determinization of the hidden information."""
    seat = obs.seat
    actions = ai.actions(spec, obs.info, seat)
    if len(actions) == 1:
        return actions[0]
    world = ai.sample(obs.info, seat, rnd)
    return _best(actions, one_ply(spec, ai, world, seat, actions, rnd, budget.start()))


def _best(actions: list[Any], values: list[float | None]) -> Any:
    """The action the one-ply judgement ``values`` likes best."""
    best = max((i for i, v in enumerate(values) if v is not None), key=lambda i: values[i] or 0.0)
    return actions[best]


def _strong(
    spec: GameSpec[Any, Any, Any, Any],
    ai: GameAI,
    obs: Observation,
    rnd: random.Random,
    budget: Budget,
) -> Any:
    """Information-Set MCTS within the budget (``rules.ai.search``), its root seeded with
    the one-ply judgement of each action and narrowed to the best-judged ones, so a short
    budget never plays worse than ``easy`` by lack of visits; where the game says a choice
    is not for the search (``GameAI.searched``), that judgement's best."""
    done = budget.start()
    actions = ai.actions(spec, obs.info, obs.seat)
    if len(actions) == 1:
        return actions[0]
    world = ai.sample(obs.info, obs.seat, rnd)
    prior = one_ply(spec, ai, world, obs.seat, actions, rnd, done)
    if ai.searched is not None and not ai.searched(obs.info, obs.seat, actions):
        return _best(actions, prior)
    steps, handovers = ai.horizon(obs.info)
    return ismcts(
        spec,
        ai,
        obs.info,
        obs.seat,
        rnd,
        done,
        prior=prior,
        rollout_steps=steps,
        rollout_handovers=handovers,
        left=done.left,
    )


LEVELS: dict[str, Level] = {"random": _random, "easy": _easy, "strong": _strong}


def decide(
    level: str,
    spec: GameSpec[Any, Any, Any, Any],
    obs: Observation,
    rnd: random.Random,
    budget: Budget | None = None,
) -> Any:
    """The action the AI of ``level`` takes for ``obs.seat``."""
    try:
        play = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown AI level {level!r}; known: {', '.join(LEVELS)}") from None
    return play(spec, game_ai(spec), obs, rnd, budget or Budget())
