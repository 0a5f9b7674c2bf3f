"""Information-Set Monte Carlo Tree Search (Cowling, Powley and Whitehouse, 2012), the
single-observer variant with truncated rollouts scored by the game's evaluation.

Each iteration samples one determinization of the hidden information from the AI seat's
information state (``GameAI.sample``: never the true hidden state, which the search never
has), walks the one tree by UCB over the actions legal in that determinization (an action's
"availability" counts how often it could have been chosen, the subset-armed bandit of the
paper), adds one node, plays a few random moves and scores the position with the game's
evaluation; every seat's node is credited with that seat's reward.

Simultaneous secret choices are searched as such: when several seats must decide at once,
a seat's choice is not seen by the seats choosing after it (they all continue from one
shared child node), so no seat, the AI's included, plans on peeking at another's secret.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rules.ai.hooks import GameAI
from rules.ai.policy import judged_best, play_follow_up
from rules.core.spec import GameSpec

ROLLOUT_STEPS = 4
ROLLOUT_CAP = 40
"""At most this many steps in a rollout that plays on until the turn passes
(``GameAI.rollout_handovers``)."""
DECIDED_AFTER = 100
"""The search looks for a decided game (``decided``) only after this many iterations: by
then every action the root keeps has been tried, and one rollout's luck weighs little."""
ROOT_WIDTH = 8
"""With a one-ply prior, the root searches only this many of the best-judged actions: a
budget of tens of iterations spread over every legal action (a bid of -40..40) would visit
each once and end choosing by the luck of one rollout, below the greedy level."""


def step_function(spec: GameSpec[Any, Any, Any, Any]) -> Callable[[Any, str, Any], Any]:
    """Apply an action that came from ``legal_actions`` of the same state by a seat in
    ``to_act``: the engine's trusted fast path, the new state alone
    (``GameSpec.step_trusted``)."""
    return spec.step_trusted


def mover(spec: GameSpec[Any, Any, Any, Any], state: Any, prefer: str) -> tuple[str, bool]:
    """Who decides next in a search (``prefer`` first when it is among them) and whether the
    choice is secret from the others deciding at the same time."""
    acting = spec.to_act(state)
    seat = prefer if prefer in acting else min(acting)
    return seat, len(acting) > 1


def action_key(action: Any) -> str:
    return str(action.model_dump_json())


KEYS_KEPT = 20_000
"""At most this many actions' keys a search keeps (``Keys``) before it starts afresh."""


class Keys:
    """``action_key`` of each action object a search meets, worked out once per object:
    actions are frozen, and a game's listings may share one object per value, so the same
    objects come back in every iteration. Each object is kept with its key, so its ``id``
    is not reused while the key is known; at ``KEYS_KEPT`` objects all are let go (a game
    that builds new actions in every listing would otherwise keep them all)."""

    __slots__ = ("_known",)

    def __init__(self) -> None:
        self._known: dict[int, tuple[Any, str]] = {}

    def of(self, actions: list[Any]) -> list[str]:
        known = self._known
        out: list[str] = []
        for action in actions:
            found = known.get(id(action))
            if found is None:
                if len(known) >= KEYS_KEPT:
                    known.clear()
                found = known[id(action)] = (action, action_key(action))
            out.append(found[1])
        return out


@dataclass
class Node:
    """Per action key: visits, summed reward of the seat that chose it, availability."""

    visits: dict[str, int] = field(default_factory=dict)
    reward: dict[str, float] = field(default_factory=dict)
    avail: dict[str, int] = field(default_factory=dict)
    children: dict[str, Node] = field(default_factory=dict)
    total: int = 0
    """Visits of the node itself (the sum of ``visits``)."""

    def child(self, key: str) -> Node:
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = Node()
        return node


def ismcts(
    spec: GameSpec[Any, Any, Any, Any],
    ai: GameAI,
    info: Any,
    seat: str,
    rnd: random.Random,
    done: Callable[[int], bool],
    *,
    rollout_steps: int = ROLLOUT_STEPS,
    rollout_handovers: int | None = None,
    prior: list[float | None] | None = None,
    left: Callable[[int], float] | None = None,
) -> Any:
    """The action ``seat`` should take in the information state ``info``; ``prior`` (a
    reward per root action, ``None`` where unknown) counts as ``GameAI.prior_visits`` visits of
    each, and the root then searches only the ``ROOT_WIDTH`` best-judged actions. Rollouts
    play ``rollout_steps`` steps, then on until the turn has passed ``rollout_handovers``
    times (``None``: ``GameAI.rollout_handovers``).

    With ``left`` (how many iterations the budget still allows after a count), the search
    stops as soon as the most visited root action can no longer be overtaken (``settled``):
    under an iteration budget the decision is the one the whole budget would give. With
    ``left`` and ``GameAI.decided``, it also stops once the game looks decided (``decided``,
    after ``DECIDED_AFTER`` iterations): then the choice is among moves all as good."""
    root_actions = ai.actions(spec, info, seat)
    if len(root_actions) == 1:
        return root_actions[0]
    step = step_function(spec)
    finishing = ai.declaring if ai.rollouts_finish_declarations else None
    keyed = Keys()
    root = Node()
    judged = [
        (value, i)
        for i, value in enumerate(prior or [])
        if value is not None and i < len(root_actions)
    ]
    focus: set[str] | None = None
    if judged:
        judged.sort(key=lambda vi: -vi[0])
        focus = set()
        for value, i in judged[:ROOT_WIDTH]:
            key = action_key(root_actions[i])
            focus.add(key)
            root.visits[key] = ai.prior_visits
            root.reward[key] = value * ai.prior_visits
            root.avail[key] = ai.prior_visits
    iterations = 0
    while not done(iterations):
        if left is not None and (
            settled(root, left(iterations))
            or (ai.decided and iterations >= DECIDED_AFTER and decided(root, ai.decided))
        ):
            break
        iterations += 1
        state = ai.sample(info, seat, rnd)
        node = root
        path: list[tuple[Node, str, str]] = []
        expanded = False
        prefer = seat
        while not expanded and not spec.is_over(state):
            who, secret = mover(spec, state, prefer)
            prefer = seat
            actions = ai.actions(spec, state, who)
            keys = keyed.of(actions)
            if node is root and focus is not None:
                kept = [i for i, key in enumerate(keys) if key in focus] or list(range(len(keys)))
                actions = [actions[i] for i in kept]
                keys = [keys[i] for i in kept]
            untried: list[int] = []
            tried: list[int] = []
            avail, visits = node.avail, node.visits
            for i, key in enumerate(keys):
                avail[key] = avail.get(key, 0) + 1
                (tried if key in visits else untried).append(i)
            if untried and tried and node is not root and widened(node, len(tried), ai.widening):
                untried = []  # as many children as its visits allow: choose among them
                actions = [actions[i] for i in tried]
                keys = [keys[i] for i in tried]
            after = None
            if untried and ai.greedy_follow_ups and len(untried) > 1:
                # the node a greedy game adds is the move its follow-ups would make: a
                # random one judged a root move by a careless next choice (the state after
                # it is the one its judgement played)
                best, after, _ = judged_best(
                    spec, ai, state, who, [actions[i] for i in untried], rnd
                )
                pick = untried[best]
                expanded = True
            elif untried:
                pick = untried[rnd.randrange(len(untried))]
                expanded = True
            else:
                pick = _ucb(node, keys, rnd, ai.exploration)
            key = keys[pick]
            path.append((node, key, who))
            state = step(state, who, actions[pick]) if after is None else after
            node = node.child(f"?{who}" if secret else key)
        state = rollout(spec, ai, state, seat, rnd, rollout_steps, finishing, rollout_handovers)
        rewards = ai.rewards(spec, state)
        for visited, key, who in path:
            visited.total += 1
            visited.visits[key] = visited.visits.get(key, 0) + 1
            visited.reward[key] = visited.reward.get(key, 0.0) + rewards.get(who, 0.0)
    best = max(
        range(len(root_actions)),
        key=lambda i: _final_rank(root, action_key(root_actions[i])),
    )
    return root_actions[best]


def rollout(
    spec: GameSpec[Any, Any, Any, Any],
    ai: GameAI,
    state: Any,
    seat: str,
    rnd: random.Random,
    steps: int,
    finishing: Callable[[Any, str], bool] | None = None,
    handovers: int | None = None,
) -> Any:
    """Play ``steps`` moves after the tree (``rules.ai.policy``), then, where the game asks
    (``handovers``, else ``GameAI.rollout_handovers``), on until the turn has passed that
    many times; with ``finishing`` (``GameAI.rollouts_finish_declarations``) only while it
    says the mover is finishing a declaration."""
    wanted = ai.rollout_handovers if handovers is None else handovers
    last: str | None = None
    known: float | None = None  # the last mover's reward at ``state``, when worked out
    passed = 0
    for played in range(max(steps, ROLLOUT_CAP if wanted else 0)):
        if spec.is_over(state):
            break
        who, _secret = mover(spec, state, seat)
        if last is not None and who != last:
            passed += 1
        now = known if who == last else None
        last = who
        if played >= steps and passed >= wanted:
            break
        if finishing is not None and not finishing(state, who):
            break
        state, known = play_follow_up(spec, ai, state, who, rnd, now)
    return state


def settled(root: Node, left: float) -> bool:
    """Whether the root's most visited action keeps the most visits (the final choice,
    ``_final_rank``) however the ``left`` remaining visits fall."""
    first = second = 0
    for n in root.visits.values():
        if n > first:
            first, second = n, first
        elif n > second:
            second = n
    return first > second + left


def decided(root: Node, margin: float) -> bool:
    """Whether every root action tried has a mean reward within ``margin`` of 1, or every
    one within it of 0: as far as the sampled futures tell, the seat wins (or loses) whatever
    it does here (``GameAI.decided``)."""
    means = [root.reward[key] / n for key, n in root.visits.items() if n]
    return bool(means) and (min(means) >= 1 - margin or max(means) <= margin)


def widened(node: Node, children: int, widening: float) -> bool:
    """Whether ``node``, with ``children`` of its available actions tried, has as many as its
    visits allow under progressive widening (``GameAI.widening``: ``ceil(widening *
    sqrt(visits))``; never with ``widening`` 0)."""
    return widening > 0 and children >= math.ceil(widening * math.sqrt(node.total))


def _ucb(node: Node, keys: list[str], rnd: random.Random, exploration: float) -> int:
    best = -1.0
    choice = 0
    visits, reward, avail = node.visits, node.reward, node.avail
    log, sqrt, draw = math.log, math.sqrt, rnd.random
    for i, key in enumerate(keys):
        n = visits[key]
        value = reward[key] / n + exploration * sqrt(log(avail[key]) / n)
        value += draw() * 1e-9  # ties broken by the stream, not by list order
        if value > best:
            best, choice = value, i
    return choice


def _final_rank(root: Node, key: str) -> tuple[int, float]:
    n = root.visits.get(key, 0)
    return n, (root.reward.get(key, 0.0) / n if n else 0.0)
