"""The engine contract: what every game registers and the generic layers rely on."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar

from pydantic import TypeAdapter

from rules.core.models import Action, GameOptions, GameState, Result, Scores, Text, View

S = TypeVar("S", bound=GameState)
Opt = TypeVar("Opt", bound=GameOptions)
A = TypeVar("A", bound=Action)
V = TypeVar("V", bound=View)


def _group_by_type(action: Action) -> str:
    return action.type


def _no_invariants(state: Any) -> list[str]:
    return []


@dataclass(frozen=True)
class GameSpec(Generic[S, Opt, A, V]):
    """One game, as the bot, store, renderer, bench and tests see it.

    ``apply`` is pure: it never mutates its input and raises ``RuleViolation`` for anything
    illegal. ``legal_actions`` is complete, so random bots can play whole games from it.
    ``describe_action`` gives the label a player sees on a button or in the log.
    ``invariants`` lists broken invariants of a state (empty when all hold): the random
    playout tests call it after every action.
    """

    key: str
    title: str
    min_players: int
    max_players: int
    Options: type[Opt]
    State: type[S]
    action_adapter: TypeAdapter[A]
    new_game: Callable[[Sequence[str], Opt, int], S]
    to_act: Callable[[S], frozenset[str]]
    legal_actions: Callable[[S, str], list[A]]
    apply: Callable[[S, str, A], Result[S]]
    view: Callable[[S, str | None], V]
    is_over: Callable[[S], bool]
    scores: Callable[[S], Scores]
    describe_action: Callable[[S, str, A], Text]
    action_group: Callable[[A], str] = _group_by_type
    invariants: Callable[[S], list[str]] = _no_invariants
    seat_order: Literal["random", "join"] = "random"
    data_source: Callable[[], str] = field(default=lambda: "shipped")

    def parse_action(self, raw: str | bytes | dict[str, Any]) -> A:
        """Parse an action from JSON text or a dict (raises pydantic's ValidationError)."""
        if isinstance(raw, dict):
            return self.action_adapter.validate_python(raw)
        return self.action_adapter.validate_json(raw)

    def dump_action(self, action: A) -> str:
        return action.model_dump_json()

    def load_state(self, raw: str | bytes) -> S:
        return self.State.model_validate_json(raw)

    def options_from(self, raw: dict[str, Any]) -> Opt:
        return self.Options.model_validate(raw)
