"""The engine contract: what every game registers and the generic layers rely on."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, Protocol, TypeVar

from pydantic import TypeAdapter, ValidationError

from rules.core.designed import DesignedCards, no_designed_cards
from rules.core.errors import StateUnreadable
from rules.core.models import Action, GameOptions, GameState, Result, Scores, Text, View
from rules.core.versions import FIRST, RulesVersion, check_versions

S = TypeVar("S", bound=GameState)
Opt = TypeVar("Opt", bound=GameOptions)
A = TypeVar("A", bound=Action)
V = TypeVar("V", bound=View)
S_co = TypeVar("S_co", bound=GameState, covariant=True)
Opt_contra = TypeVar("Opt_contra", bound=GameOptions, contravariant=True)

Campaign = dict[str, Any]
"""A campaign's state between games (JSON-able); each game validates it into its own model."""


class NewGame(Protocol[Opt_contra, S_co]):
    """``new_game(seats, options, seed, campaign=None, rules_version=None)``: all setup
    randomness from ``seed``.

    ``campaign`` is the channel's campaign state for this game kind (``None`` when the channel
    has none yet); a game without campaigns ignores it. ``rules_version`` is the rules version
    the game plays (``None``: the newest); the state records it and the engine keeps that
    version's behaviour (``rules.core.versions``).
    """

    def __call__(
        self,
        seats: Sequence[str],
        options: Opt_contra,
        seed: int,
        campaign: Campaign | None = None,
        rules_version: int | None = None,
    ) -> S_co: ...


def _group_by_type(action: Action) -> str:
    return action.type


def _no_invariants(state: Any) -> list[str]:
    return []


def _no_campaign(state: Any) -> Campaign | None:
    return None


def _no_anytime_actions(state: Any, seat: str) -> list[Any]:
    return []


def _no_anchor(state: Any, seat: str, action: Any) -> str | None:
    return None


def _no_timeout_actions(state: Any, seat: str) -> list[Any]:
    return []


@dataclass(frozen=True)
class ManyChoice:
    """A decision better made as one pick of several items than as one of many subsets
    (e.g. which cards to return): the menu shows one multi-select instead of every legal
    action of ``group``; ``build`` turns the picked item ids into the action (which must be
    one of the legal actions, so ``legal_actions`` stays complete for bots)."""

    group: str
    items: list[tuple[str, Text]]
    min_picks: int
    max_picks: int
    prompt: Text
    build: Callable[[list[str]], Any]


def _no_many_choice(state: Any, seat: str) -> ManyChoice | None:
    return None


@dataclass(frozen=True)
class CardText:
    """One card, tile or advance as a person reads it: ``key`` identifies it among the cards
    one reader sees (a component id), ``name`` is what a list shows, ``text`` the whole card
    (cost, effect, points), written from the game's own data."""

    key: str
    name: Text
    text: Text


def _no_detail(state: Any, seat: str, action: Any) -> Text | None:
    return None


def _no_cards(state: Any, seat: str | None) -> list[CardText]:
    return []


@dataclass(frozen=True)
class NumberChoice:
    """A decision that is one whole number from ``low`` to ``high`` (a bid): the menu offers
    one button that opens a number input (with ``unit`` and the range) instead of every legal
    action of ``group``; ``build`` turns the number into the action, which must be one of the
    legal actions (so ``legal_actions`` stays complete for bots and autocomplete).
    ``prompt`` names the decision, ``hint`` says what the number means."""

    group: str
    low: int
    high: int
    prompt: Text
    unit: Text
    hint: Text
    build: Callable[[int], Any]


def _no_number_choice(state: Any, seat: str) -> NumberChoice | None:
    return None


def _no_rounds(state: Any) -> int:
    return 0


@dataclass(frozen=True)
class GameSpec(Generic[S, Opt, A, V]):
    """One game, as the bot, store, renderer, bench and tests see it.

    ``apply`` is pure: it never mutates its input and raises ``RuleViolation`` for anything
    illegal. ``legal_actions`` is complete, so random bots can play whole games from it.
    ``describe_action`` gives the label a player sees on a button or in the log.
    ``invariants`` lists broken invariants of a state (empty when all hold): the random
    playout tests call it after every action. ``campaign_after`` gives what persists in the
    channel's campaign once a game is over (``None``: nothing, the default).
    ``anytime_actions`` lists what a seated player may do although not in ``to_act`` (e.g.
    demanding strict phase order); ``apply`` accepts those from that seat at any time.
    ``choice_anchor`` says where on the board a spatial action points (an id the game's
    renderer understands, e.g. a city or a cell), or ``None``: menus then number those
    choices and show a picture of them marked with the same numbers. ``many_choice`` offers
    a decision among many subsets as one multi-select (``ManyChoice``); ``number_choice`` a
    decision that is one number in a range as one number input (``NumberChoice``).
    ``timeout_actions`` lists what the bot may choose for a seat that left a waiting decision
    unanswered past the table's time limit (a secret bid of 0, say); the bot picks one of
    them at random, so "a random card" is every card. Empty (the default): the seat is only
    reminded, never played for.
    ``describe_detail`` gives the second line of a menu option: what the chosen card, tile or
    advance costs and does (``None``: nothing more to say, the default).
    ``visible_cards`` lists every card, tile and advance ``seat`` may read now (``None``: a
    spectator) with its full text, for ``/game card``; a card hidden from that seat is never
    in it. Empty (the default): the game has no cards to show.
    ``round_of`` gives the round (or game turn) a state is in, counting up; the chart of how a
    game went samples every seat's score each time it changes (``rules.core.score_track``).
    A game without rounds (the default, always 0) is charted from its start and end only.
    ``designed_cards`` lists the components whose text the bot writes from designed data
    (``rules.core.designed``; none by default), for ``docs/designed-cards.md``.
    ``versions`` lists the game's rules versions, oldest first (``rules.core.versions``);
    new games start on the newest, ``rules_version``.
    ``fast_apply`` is the game's trusted fast path (``Engine.apply_trusted`` of
    ``rules.core.engine``); callers use the method ``apply_trusted``, which falls back to
    ``apply`` for a game without one. ``fast_step`` is the same path giving the new state
    alone (``Engine.step``: no events kept or built, for an AI's search); callers use the
    method ``step_trusted``, which falls back to ``apply_trusted`` and its state.

    A game is found by convention: its rules package ``rules.<key>`` exports ``SPEC``, its
    renderer is ``render.<key>``, its cog ``cogs.<key>`` and its catalogs
    ``rules/<key>/locales/<lang>.json``. A game living elsewhere (a test game) names its
    modules with ``package``, ``renderer`` and ``cog``.
    """

    key: str
    title: str
    min_players: int
    max_players: int
    Options: type[Opt]
    State: type[S]
    action_adapter: TypeAdapter[A]
    new_game: NewGame[Opt, S]
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
    campaign_after: Callable[[S], Campaign | None] = _no_campaign
    anytime_actions: Callable[[S, str], list[A]] = _no_anytime_actions
    choice_anchor: Callable[[S, str, A], str | None] = _no_anchor
    many_choice: Callable[[S, str], ManyChoice | None] = _no_many_choice
    number_choice: Callable[[S, str], NumberChoice | None] = _no_number_choice
    timeout_actions: Callable[[S, str], list[A]] = _no_timeout_actions
    describe_detail: Callable[[S, str, A], Text | None] = _no_detail
    visible_cards: Callable[[S, str | None], list[CardText]] = _no_cards
    round_of: Callable[[S], int] = _no_rounds
    designed_cards: Callable[[], DesignedCards] = no_designed_cards
    versions: tuple[RulesVersion, ...] = (FIRST,)
    fast_apply: Callable[[S, str, A], Result[S]] | None = None
    fast_step: Callable[[S, str, A], S] | None = None
    package: str = ""
    renderer: str = ""
    cog: str = ""

    def __post_init__(self) -> None:
        check_versions(self.key, self.versions)
        for name, default in (
            ("package", f"rules.{self.key}"),
            ("renderer", f"render.{self.key}"),
            ("cog", f"cogs.{self.key}"),
        ):
            if not getattr(self, name):
                object.__setattr__(self, name, default)

    def apply_trusted(self, state: S, seat: str, action: A) -> Result[S]:
        """The trusted fast path: ``apply`` without re-validating. Only for an action taken
        from ``legal_actions(state, seat)`` of this very state by a seat in ``to_act(state)``
        (random playouts, bots, search); anything else must go through ``apply``, which
        refuses what is illegal. Same result as ``apply`` for such an action."""
        fast = self.fast_apply
        return fast(state, seat, action) if fast is not None else self.apply(state, seat, action)

    def step_trusted(self, state: S, seat: str, action: A) -> S:
        """``apply_trusted(state, seat, action).state``, with the same precondition, for a
        caller that reads only the new state (an AI's search): by the game's ``fast_step``
        when it gives one, which skips the events."""
        fast = self.fast_step
        if fast is not None:
            return fast(state, seat, action)
        return self.apply_trusted(state, seat, action).state

    @property
    def rules_version(self) -> int:
        """The version new games start on (the newest)."""
        return self.versions[-1].number

    def version(self, number: int) -> RulesVersion:
        """One of the game's rules versions by number (``KeyError`` if it has none such)."""
        for version in self.versions:
            if version.number == number:
                return version
        raise KeyError(number)

    def parse_action(self, raw: str | bytes | dict[str, Any]) -> A:
        """Parse an action from JSON text or a dict (raises pydantic's ValidationError)."""
        if isinstance(raw, dict):
            return self.action_adapter.validate_python(raw)
        return self.action_adapter.validate_json(raw)

    def dump_action(self, action: A) -> str:
        return action.model_dump_json()

    def load_state(self, raw: str | bytes) -> S:
        """The state stored as JSON; ``StateUnreadable`` if it is not a valid state. The error
        names where and what kind of problem only, never a value: a state holds the game's
        secret (pydantic's own message would echo parts of the input)."""
        try:
            return self.State.model_validate_json(raw)
        except ValidationError as exc:
            problems = exc.errors(include_url=False, include_context=False, include_input=False)
            first = problems[0] if problems else {"loc": (), "type": "invalid"}
            where = ".".join(str(p) for p in first["loc"]) or "(root)"
            unreadable = StateUnreadable(
                f"{self.key}: the stored state is not a valid state ({len(problems)} "
                f"problem(s); the first at {where}: {first['type']})"
            )
        raise unreadable

    def options_from(self, raw: dict[str, Any]) -> Opt:
        return self.Options.model_validate(raw)
