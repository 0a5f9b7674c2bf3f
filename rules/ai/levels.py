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
from rules.ai.hooks import GameAI, game_ai
from rules.ai.observe import Observation
from rules.ai.search import ismcts, step_function
from rules.core.spec import GameSpec

EASY_MAX_ACTIONS = 48
"""``easy`` weighs at most this many of the legal actions (a random sample of them)."""
EASY_TURN_STEPS = 6
"""After each candidate, ``easy`` plays at most this many more random steps of its own turn
(and the others' simultaneous choices) before it scores the position, so a first step of a
multi-step choice is judged by a finished step and a sealed bid once revealed."""
EASY_BATCH_STEPS = 12
"""At most this many steps per seat deciding at the same time (a sealed setup is several)."""

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
    actions = spec.legal_actions(obs.info, seat)
    if len(actions) == 1:
        return actions[0]
    world = ai.sample(obs.info, seat, rnd)
    step = step_function(spec)
    order = list(range(len(actions)))
    rnd.shuffle(order)
    best, best_value = order[0], -1.0
    batch = spec.to_act(world)
    for i in order[:EASY_MAX_ACTIONS]:
        state = _settle(spec, step(world, seat, actions[i]), seat, batch, rnd)
        value = ai.rewards(spec, state).get(seat, 0.0)
        if value > best_value:
            best, best_value = i, value
    return actions[best]


def _settle(
    spec: GameSpec[Any, Any, Any, Any],
    state: Any,
    seat: str,
    batch: frozenset[str],
    rnd: random.Random,
) -> Any:
    """Play on at random until ``seat``'s choice shows: the rest of its own turn's steps,
    and the others' choices made at the same time as its own (a sealed bid is judged once
    the bids are revealed)."""
    own_steps = 0
    for _ in range(EASY_TURN_STEPS + EASY_BATCH_STEPS * len(batch)):
        if spec.is_over(state):
            break
        acting = spec.to_act(state)
        own_turn = acting == {seat} and own_steps < EASY_TURN_STEPS
        same_batch = len(batch) > 1 and seat not in acting and acting <= batch
        if not (own_turn or same_batch):
            break
        own_steps += own_turn
        who = min(acting)
        options = spec.legal_actions(state, who)
        state = step_function(spec)(state, who, options[rnd.randrange(len(options))])
    return state


def _strong(
    spec: GameSpec[Any, Any, Any, Any],
    ai: GameAI,
    obs: Observation,
    rnd: random.Random,
    budget: Budget,
) -> Any:
    """Information-Set MCTS within the budget (``rules.ai.search``)."""
    return ismcts(spec, ai, obs.info, obs.seat, rnd, budget.start())


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
