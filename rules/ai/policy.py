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


class Memo:
    """What greedy follow-ups already worked out at states they meet again, by state: its
    actions and rewards by seat and the state after each action (by its index among the
    actions). The one-ply judgement plays several follow-ups of each candidate from the
    same state (``rules.ai.greedy``), and greedy ones mostly go the same way, so most of
    their steps and evaluations are the same work again. Steps and rewards are pure and a
    state is never changed once made; the memo keeps every state it holds alive, so a
    state's identity is its key."""

    def __init__(self) -> None:
        self._states: dict[int, _Known] = {}

    def _known(self, state: Any) -> _Known:
        known = self._states.get(id(state))
        if known is None:
            known = self._states[id(state)] = _Known(state)
        return known

    def actions(
        self, spec: GameSpec[Any, Any, Any, Any], ai: GameAI, state: Any, seat: str
    ) -> list[Any]:
        """``ai.actions(spec, state, seat)`` (one list: read it, do not change it)."""
        known = self._known(state).actions
        found = known.get(seat)
        if found is None:
            found = known[seat] = ai.actions(spec, state, seat)
        return found

    def reward(
        self, spec: GameSpec[Any, Any, Any, Any], ai: GameAI, state: Any, seat: str
    ) -> float:
        """``ai.reward(spec, state, seat)``."""
        known = self._known(state).rewards
        found = known.get(seat)
        if found is None:
            found = known[seat] = ai.reward(spec, state, seat)
        return found

    def step(
        self, spec: GameSpec[Any, Any, Any, Any], state: Any, seat: str, index: int, action: Any
    ) -> Any:
        """``spec.step_trusted(state, seat, action)``, ``action`` being the ``index``-th of
        ``actions(spec, ai, state, seat)``."""
        known = self._known(state).after
        found = known.get((seat, index))
        if found is None:
            found = known[(seat, index)] = spec.step_trusted(state, seat, action)
        return found


class _Known:
    __slots__ = ("actions", "after", "rewards", "state")

    def __init__(self, state: Any) -> None:
        self.state = state  # kept alive: its id is not reused while the memo holds it
        self.actions: dict[str, list[Any]] = {}
        self.rewards: dict[str, float] = {}
        self.after: dict[tuple[str, int], Any] = {}


def play_follow_up(
    spec: GameSpec[Any, Any, Any, Any],
    ai: GameAI,
    state: Any,
    seat: str,
    rnd: random.Random,
    now: float | None = None,
    memo: Memo | None = None,
) -> tuple[Any, float | None]:
    """The state after ``seat`` plays ``follow_up`` at ``state`` (the same stream, the same
    state), and ``seat``'s reward there when a greedy follow-up has worked it out (else
    ``None``): a greedy choice already played each candidate, so the chosen one's state is
    kept, not played again. ``now``: ``seat``'s reward at ``state`` when the caller knows it
    (the reward this returned for the step that led here, when the same seat moved).
    ``memo``: what earlier follow-ups worked out (``Memo``), to read and add to."""
    actions = ai.actions(spec, state, seat) if memo is None else memo.actions(spec, ai, state, seat)
    if not ai.greedy_follow_ups or len(actions) == 1:
        pick = rnd.randrange(len(actions))
        if memo is None:
            return spec.step_trusted(state, seat, actions[pick]), None
        return memo.step(spec, state, seat, pick, actions[pick]), None
    _, after, value = judged_best(spec, ai, state, seat, actions, rnd, now, memo)
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
    memo: Memo | None = None,
) -> tuple[int, Any, float]:
    """``preferred``'s index, the state after that action and ``seat``'s reward in that
    state (``now``: ``seat``'s reward at ``state`` when the caller knows it). With ``memo``,
    ``actions`` must be its ``actions`` of ``state`` and ``seat``."""
    if now is None:
        now = ai.reward(spec, state, seat) if memo is None else memo.reward(spec, ai, state, seat)
    order = list(range(len(actions)))
    rnd.shuffle(order)
    best = order[0]
    best_value = -1.0
    best_after: Any = None
    best_reward = 0.0
    for i in order[:GREEDY_WIDTH]:
        value, after, reward = _judge(
            spec, ai, state, seat, i, actions[i], now, LOOK_THROUGH, rnd, memo
        )
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
    index: int,
    action: Any,
    now: float,
    depth: int,
    rnd: random.Random,
    memo: Memo | None,
) -> tuple[float, Any, float]:
    """``seat``'s reward after ``action`` (the ``index``-th of its actions); when that
    changes nothing and ``seat`` decides next, the best of its next choices (``depth`` more
    times). Also the state after ``action`` and ``seat``'s reward there (before looking
    through)."""
    if memo is None:
        after = spec.step_trusted(state, seat, action)
        value = ai.reward(spec, after, seat)
    else:
        after = memo.step(spec, state, seat, index, action)
        value = memo.reward(spec, ai, after, seat)
    if value != now or depth == 0 or spec.is_over(after) or spec.to_act(after) != {seat}:
        return value, after, value
    nexts = ai.actions(spec, after, seat) if memo is None else memo.actions(spec, ai, after, seat)
    # the positions a sample of the actions would take (the same draws as sampling them)
    picked = (
        range(len(nexts)) if len(nexts) <= LOOK_WIDTH else rnd.sample(range(len(nexts)), LOOK_WIDTH)
    )
    best = value
    for i in picked:
        deeper = _judge(spec, ai, after, seat, i, nexts[i], now, depth - 1, rnd, memo)[0]
        if deeper > best:
            best = deeper
    return best, after, value
