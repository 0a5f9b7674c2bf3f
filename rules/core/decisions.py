"""The common shape of pending decisions (issue 22, point 1): a stack, the top decides.

A ``Decision`` names the seat that must decide and what kind of decision it is; a game
subclasses it with what its decisions need (a discriminated union on ``kind`` when it has
several). The game's state keeps them in a list used as a stack: the last item is the
decision now (``top``), the seats acting are its deciders (``deciding``), a decision that
opens another pushes it on top, and what is resolved is popped. An empty stack is a game
with nothing left to decide. The test-only Pig game (``tests/core_game``) is written only
this way; docs/architecture.md ("Decisions") says which shipped games keep which of their
decisions on it.

Decisions several seats take at once, each in secret (a sealed bid, a vote, a setup choice),
are one ``JointDecision`` on the stack: ``waiting`` lists the seats still to answer, each
answer takes its seat out (the game keeps the answers hidden), and the last answer resolves
it. One level of the stack is therefore always one decision, whoever takes it.

A decision that interrupts (a choice a rule hands someone in the middle of another decision)
is pushed on top; when several arise at once and must be taken in the order they arose, or
after interruptions of a higher rank already waiting, ``wait_behind`` puts each under those.

A state stored before a game moved onto this shape is upcast when it loads (a
``model_validator(mode="before")`` on the game's state builds the stack from the old fields),
so a stored game plays on (``tests/upgrade/test_decision_snapshots.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from pydantic import BaseModel


class Decision(BaseModel):
    """One pending decision: ``seat`` decides a ``kind`` of decision."""

    seat: str
    kind: str

    def deciders(self) -> frozenset[str]:
        """The seats that must act on this decision now."""
        return frozenset({self.seat})


class JointDecision(Decision):
    """A decision several seats take at once, each in secret; ``waiting`` are the seats that
    have not answered yet (``seat``: the seat that opened it, or the table's first seat)."""

    waiting: list[str]

    def deciders(self) -> frozenset[str]:
        return frozenset(self.waiting)


D = TypeVar("D", bound=Decision)


def top(stack: Sequence[D]) -> D | None:
    """The decision now (the last pushed), or ``None`` when nothing is pending."""
    return stack[-1] if stack else None


def deciding(stack: Sequence[Decision]) -> frozenset[str]:
    """Who must act now: the deciders of the top decision (nobody when nothing is pending)."""
    return stack[-1].deciders() if stack else frozenset()


def wait_behind(stack: list[D], decision: D, ahead: Callable[[D], bool]) -> None:
    """Push ``decision`` under the run of decisions at the top that ``ahead`` names: those
    are taken first, in their order, then this one (a queue of interruptions on the stack)."""
    at = len(stack)
    while at and ahead(stack[at - 1]):
        at -= 1
    stack.insert(at, decision)
