"""The one ``apply`` of every game (issue 22, point 1): the shared checks written once.

A game describes its engine with an ``Engine``: how to tell the game is over, who acts, its
legal actions, its anytime actions, how it refuses (``refuse(code, state, seat, action)``,
for the codes in ``REFUSALS``), its ``dispatch`` (change the copied state for one action and
append the events) and its ``settle`` loop (move the flow on until someone must decide).
``Engine.apply`` is then the template every game shares:

1. the game is over → refuse ``game_over``;
2. the seat is not at the table → refuse ``unknown_seat``;
3. an anytime action (``is_anytime``) → it must be one of ``anytime_actions(state, seat)``
   (else ``illegal_action``); then ``anytime`` changes a copy (no settle: the flow is where
   it was);
4. the seat is not acting (``to_act``) → refuse ``not_your_turn``;
5. the action is not one the game generated (``legal_actions`` membership, once) → refuse
   ``illegal_action``; a game whose dispatch checks every action itself with its own
   refusals says ``check_legal=False``; a game that can tell membership without listing
   every legal action gives ``is_legal`` (exactly ``action in legal_actions(state, seat)``);
6. ``apply_trusted``: copy, dispatch, settle.

``apply_trusted`` is the trusted fast path (``GameSpec.apply_trusted``): steps 1 to 5 left
out. Use it only for an action taken from ``legal_actions`` of the very same state by the
seat in ``to_act`` (random playouts, bots, search): it does not check anything, so anything
else may corrupt the state instead of being refused. ``step`` is the same fast path for a
caller that reads only the new state (an AI's search, ``GameSpec.step_trusted``): the
dispatch and settle append to a ``Quiet`` list, which keeps nothing, and a game may leave
out building the texts of events nobody will read (``quiet(events)``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, Literal, SupportsIndex, TypeVar

from rules.core.errors import RuleViolation
from rules.core.models import Action, Arg, Event, GameState, Result, result

S = TypeVar("S", bound=GameState)
A = TypeVar("A", bound=Action)

Refusal = Literal["game_over", "unknown_seat", "not_your_turn", "illegal_action"]
REFUSALS: tuple[Refusal, ...] = ("game_over", "unknown_seat", "not_your_turn", "illegal_action")

Dispatch = Callable[[S, str, A, list[Event]], None]
"""Change the copied state for one action by ``seat``; append what happened."""


def refusal(namespace: str, code: str, reason: str | None = None, /, **args: Arg) -> RuleViolation:
    """A refused action with the stable ``code``, read as ``<namespace>.<reason or code>``
    (``Text`` built only when read, ``RuleViolation.deferred``): every game's refusal."""
    return RuleViolation.deferred(code, f"{namespace}.{reason or code}", args)


def _settled(state: Any, events: list[Event]) -> None:
    return None


def _no_anytime(state: Any, seat: str) -> list[Any]:
    return []


def _never(action: Any) -> bool:
    return False


class Quiet(list[Event]):
    """The events list of ``Engine.step``: whatever is appended is dropped (nobody reads
    the events of a step whose new state alone is wanted). Rules only ever append to an
    events list, never read it, so the new state is the one ``apply_trusted`` gives."""

    __slots__ = ()

    def append(self, event: Event, /) -> None:
        return None

    def extend(self, events: Iterable[Event], /) -> None:
        return None

    def insert(self, index: SupportsIndex, event: Event, /) -> None:
        return None

    def __iadd__(self, events: Iterable[Event], /) -> Quiet:  # type: ignore[override,misc]
        return self


def quiet(events: list[Event]) -> bool:
    """Whether ``events`` keeps nothing (``Engine.step``): a rule may then skip building
    the text of an event it would append, and nothing else."""
    return type(events) is Quiet


def copy_state(state: S) -> S:
    """The default copy: ``GameState.copied`` (a structural deep copy, no JSON)."""
    return state.copied()


@dataclass(frozen=True)
class Engine(Generic[S, A]):
    """One game's engine parts; ``apply`` and ``apply_trusted`` are the shared template."""

    is_over: Callable[[S], bool]
    to_act: Callable[[S], frozenset[str]]
    legal_actions: Callable[[S, str], list[A]]
    refuse: Callable[[Refusal, S, str, A], RuleViolation]
    dispatch: Dispatch[S, A]
    settle: Callable[[S, list[Event]], None] = _settled
    is_anytime: Callable[[A], bool] = _never
    anytime_actions: Callable[[S, str], list[A]] = _no_anytime
    anytime: Dispatch[S, A] | None = None
    copy: Callable[[S], S] = copy_state
    check_legal: bool = True
    seat_check: bool = True
    is_legal: Callable[[S, str, A], bool] | None = None

    def apply(self, state: S, seat: str, action: A) -> Result[S]:
        """Every check once, then the game's dispatch and settle on a copy."""
        if self.is_over(state):
            raise self.refuse("game_over", state, seat, action)
        if self.seat_check and seat not in state.seats:
            raise self.refuse("unknown_seat", state, seat, action)
        if self.is_anytime(action):
            if action not in self.anytime_actions(state, seat):
                raise self.refuse("illegal_action", state, seat, action)
            assert self.anytime is not None, "an anytime action needs Engine.anytime"
            new = self.copy(state)
            events: list[Event] = []
            self.anytime(new, seat, action, events)
            return result(new, events)
        if seat not in self.to_act(state):
            raise self.refuse("not_your_turn", state, seat, action)
        if self.check_legal and not self.legal(state, seat, action):
            raise self.refuse("illegal_action", state, seat, action)
        return self.apply_trusted(state, seat, action)

    def legal(self, state: S, seat: str, action: A) -> bool:
        """Whether ``action`` is one of ``legal_actions(state, seat)`` (by ``is_legal`` when
        the game gives it)."""
        if self.is_legal is not None:
            return self.is_legal(state, seat, action)
        return action in self.legal_actions(state, seat)

    def apply_trusted(self, state: S, seat: str, action: A) -> Result[S]:
        """The fast path: copy, dispatch, settle; no check (see the module docstring)."""
        new = self.copy(state)
        events: list[Event] = []
        self.dispatch(new, seat, action, events)
        self.settle(new, events)
        return result(new, events)

    def step(self, state: S, seat: str, action: A) -> S:
        """``apply_trusted(state, seat, action).state`` without keeping the events (``Quiet``):
        the same new state, for a search that reads only the state."""
        new = self.copy(state)
        events = Quiet()
        self.dispatch(new, seat, action, events)
        self.settle(new, events)
        return new
