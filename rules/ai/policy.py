"""How the AI plays the moves it does not search: the follow-ups of the one-ply judgement
(``rules.ai.greedy``), the rollouts after the search tree and the nodes it adds
(``rules.ai.search``).

By default a uniformly random legal action. A game whose random play is far below any
sensible play (a turn that is a long chain of choices, where a random buy, draw or move
throws away what the candidate being judged set up) asks for greedy follow-ups
(``GameAI.greedy_follow_ups``): the action after which the game's evaluation likes the
acting seat's position best, ties broken by the stream.
"""

from __future__ import annotations

import random
from typing import Any

from rules.ai.hooks import GameAI
from rules.core.spec import GameSpec

GREEDY_WIDTH = 12
"""A greedy follow-up judges at most this many of the legal actions (a random sample)."""
LOOK_THROUGH = 2
"""How many further choices of the same seat a greedy follow-up looks through after an
action that changes nothing the evaluation sees (choosing to buy before choosing what: taken
alone it always lost to a doubloon in hand)."""
LOOK_WIDTH = 6
"""How many of the legal actions each looked-through choice judges."""


def follow_up(
    spec: GameSpec[Any, Any, Any, Any],
    ai: GameAI,
    state: Any,
    seat: str,
    rnd: random.Random,
) -> Any:
    """The action ``seat`` plays at ``state`` outside the search."""
    actions = ai.actions(spec, state, seat)
    if not ai.greedy_follow_ups or len(actions) == 1:
        return actions[rnd.randrange(len(actions))]
    return actions[preferred(spec, ai, state, seat, actions, rnd)]


def play_follow_up(
    spec: GameSpec[Any, Any, Any, Any],
    ai: GameAI,
    state: Any,
    seat: str,
    rnd: random.Random,
    now: float | None = None,
) -> tuple[Any, float | None]:
    """The state after ``seat`` plays ``follow_up`` at ``state`` (the same stream, the same
    state), and ``seat``'s reward there when a greedy follow-up has worked it out (else
    ``None``): a greedy choice already played each candidate, so the chosen one's state is
    kept, not played again. ``now``: ``seat``'s reward at ``state`` when the caller knows it
    (the reward this returned for the step that led here, when the same seat moved)."""
    actions = ai.actions(spec, state, seat)
    if not ai.greedy_follow_ups or len(actions) == 1:
        return spec.step_trusted(state, seat, actions[rnd.randrange(len(actions))]), None
    _, after, value = judged_best(spec, ai, state, seat, actions, rnd, now)
    return after, value


def preferred(
    spec: GameSpec[Any, Any, Any, Any],
    ai: GameAI,
    state: Any,
    seat: str,
    actions: list[Any],
    rnd: random.Random,
) -> int:
    """The index of the action among ``actions`` (legal for ``seat`` at ``state``) after
    which the evaluation likes ``seat``'s position best (a greedy follow-up's choice)."""
    return judged_best(spec, ai, state, seat, actions, rnd)[0]


def judged_best(
    spec: GameSpec[Any, Any, Any, Any],
    ai: GameAI,
    state: Any,
    seat: str,
    actions: list[Any],
    rnd: random.Random,
    now: float | None = None,
) -> tuple[int, Any, float]:
    """``preferred``'s index, the state after that action and ``seat``'s reward in that
    state (``now``: ``seat``'s reward at ``state`` when the caller knows it)."""
    if now is None:
        now = ai.reward(spec, state, seat)
    order = list(range(len(actions)))
    rnd.shuffle(order)
    best = order[0]
    best_value = -1.0
    best_after: Any = None
    best_reward = 0.0
    for i in order[:GREEDY_WIDTH]:
        value, after, reward = _judge(spec, ai, state, seat, actions[i], now, LOOK_THROUGH, rnd)
        if value > best_value:
            best, best_value, best_after, best_reward = i, value, after, reward
    if best_after is None:  # nothing judged above -1 (rewards are never below 0)
        best_after = spec.step_trusted(state, seat, actions[best])
        best_reward = ai.reward(spec, best_after, seat)
    return best, best_after, best_reward


def _judge(
    spec: GameSpec[Any, Any, Any, Any],
    ai: GameAI,
    state: Any,
    seat: str,
    action: Any,
    now: float,
    depth: int,
    rnd: random.Random,
) -> tuple[float, Any, float]:
    """``seat``'s reward after ``action``; when that changes nothing and ``seat`` decides
    next, the best of its next choices (``depth`` more times). Also the state after
    ``action`` and ``seat``'s reward there (before looking through)."""
    after = spec.step_trusted(state, seat, action)
    value = ai.reward(spec, after, seat)
    if value != now or depth == 0 or spec.is_over(after) or spec.to_act(after) != {seat}:
        return value, after, value
    nexts = ai.actions(spec, after, seat)
    picked = nexts if len(nexts) <= LOOK_WIDTH else rnd.sample(nexts, LOOK_WIDTH)
    best = value
    for a in picked:
        deeper = _judge(spec, ai, after, seat, a, now, depth - 1, rnd)[0]
        if deeper > best:
            best = deeper
    return best, after, value
