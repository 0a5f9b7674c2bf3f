"""Issue 24 (strong's search): progressive widening of the nodes below the root.

A game may ask (``GameAI.widening``) that a search node visited n times have at most
``ceil(widening * sqrt(n))`` children, instead of trying every legal action once before any
again: where a turn is a long chain of choices with many options each, trying them all
dilutes a move's value with its worst follow-ups. The root is never narrowed this way (it
has its own focus on the best-judged actions).
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

import pytest

from rules.ai import game_ai
from rules.ai import search as search_module
from rules.ai.budget import Budget
from rules.ai.search import Node, ismcts, widened
from rules.registry import GAMES

ITERATIONS = 150


def test_a_node_widens_with_the_square_root_of_its_visits() -> None:
    assert widened(Node(total=1), 1, 1.0)  # one visit: one child
    assert not widened(Node(total=2), 1, 1.0)  # two visits: a second child
    assert not widened(Node(total=5), 2, 1.0) and widened(Node(total=5), 3, 1.0)
    assert not widened(Node(total=100), 9, 1.0) and widened(Node(total=100), 10, 1.0)
    assert widened(Node(total=4), 4, 2.0) and not widened(Node(total=4), 3, 2.0)
    assert not widened(Node(total=1000), 50, 0.0)  # off: every action is tried


def _position() -> tuple[Any, str]:
    """A 2-player Maracaibo position some way into a seeded random game, the acting seat
    having a choice."""
    spec = GAMES["maracaibo"]
    state = spec.new_game(["p1", "p2"], spec.Options(players=2), 5)
    rnd = random.Random(5)
    for step in range(400):
        seat = min(spec.to_act(state))
        actions = spec.legal_actions(state, seat)
        if step >= 40 and len(actions) > 3:
            return state, seat
        state = spec.apply(state, seat, actions[rnd.randrange(len(actions))]).state
    raise AssertionError("no position with a choice")


def _tree(monkeypatch: pytest.MonkeyPatch, widening: float) -> list[Node]:
    """Every node a search of ``ITERATIONS`` makes on a Maracaibo position (the root first)."""
    made: list[Node] = []

    class Kept(Node):
        def __init__(self, **fields: Any) -> None:
            super().__init__(**fields)
            made.append(self)

    monkeypatch.setattr(search_module, "Node", Kept)
    spec = GAMES["maracaibo"]
    ai = dataclasses.replace(game_ai(spec), widening=widening)
    state, seat = _position()
    info = ai.mask(state, seat)
    deadline = Budget(iterations=ITERATIONS).start()
    choice = ismcts(spec, ai, info, seat, random.Random(1), deadline, rollout_steps=2)
    assert choice in spec.legal_actions(state, seat)
    return made


def test_widening_keeps_the_nodes_below_the_root_narrow(monkeypatch: pytest.MonkeyPatch) -> None:
    wide = _tree(monkeypatch, 0.0)
    narrow = _tree(monkeypatch, 1.0)
    below = [node for node in narrow[1:] if node.total]
    assert below
    # a node tries another action only while its visits allow one more; where none of its
    # tried actions is legal in a determinization it must try a new one, so allow a few
    over = [n for n in below if len(n.visits) > math.ceil(math.sqrt(n.total))]
    assert len(over) <= len(below) // 20
    # the same search without widening spreads its visits below the root over more actions
    # (each iteration adds one node either way: widening makes the tree narrower and deeper)
    assert _breadth(narrow) < _breadth(wide)
    # the root is not narrowed by widening (a prior's focus narrows it, none given here)
    assert len(narrow[0].visits) > 1


def _breadth(tree: list[Node]) -> float:
    """The mean number of actions tried at the nodes below the root visited 4 times or more."""
    busy = [len(node.visits) for node in tree[1:] if node.total >= 4]
    return sum(busy) / len(busy)
