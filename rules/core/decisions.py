"""The common shape of pending decisions (issue 22, point 1): a stack, the top decides.

A ``Decision`` names the seat that must decide and what kind of decision it is; a game
subclasses it with what its decisions need. The game's state keeps them in a list used as a
stack: the last item is the decision now (``top``), the seat acting is its seat
(``deciding``), a decision that opens another pushes it on top, and settling pops what is
resolved. The test-only Pig game (``tests/core_game``) is written this way. A shipped game
keeps the fields its stored states already have (stored states must stay loadable), so one
whose decisions are stored in another shape moves onto this one only with its states' upcast.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from pydantic import BaseModel


class Decision(BaseModel):
    """One pending decision: ``seat`` decides a ``kind`` of decision."""

    seat: str
    kind: str


D = TypeVar("D", bound=Decision)


def top(stack: Sequence[D]) -> D | None:
    """The decision now (the last pushed), or ``None`` when nothing is pending."""
    return stack[-1] if stack else None


def deciding(stack: Sequence[Decision]) -> frozenset[str]:
    """Who must act now: the seat of the top decision (nobody when nothing is pending)."""
    return frozenset({stack[-1].seat}) if stack else frozenset()
