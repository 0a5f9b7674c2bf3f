"""Base models shared by every game: options, state, actions, events, views and scores."""

from __future__ import annotations

from typing import Generic, Self, TypeVar, cast

from pydantic import BaseModel, ConfigDict, Field

from rules.core.copying import deep_copy
from rules.core.rng import Rng


class Text(BaseModel):
    """A user-facing message: a catalog key plus parameters, never prose.

    The bot translates it by the reader's locale (``bot.i18n``). Catalog keys are namespaced
    by game (``<game>.…``); each game ships its catalogs in ``rules/<game>/locales/``. Arguments:

    - a seat id (``p1``..``p9``) is shown as that seat's player name;
    - a nested ``Text`` (or a list of them) is translated too, so game terms travel as their
      own keys (``Text(key="<game>.resource.<id>")``) and never as raw ids;
    - an argument named ``count`` selects the plural form where a catalog entry has one.
    """

    model_config = ConfigDict(frozen=True)

    key: str
    args: dict[str, Arg] = Field(default_factory=dict)


Arg = str | int | Text | list[str] | list[int] | list[Text]
Text.model_rebuild()


def term(key: str, /, **args: Arg) -> Text:
    """A game term or short phrase by catalog key (``term("<game>.resource.<id>")``).

    The engines build thousands per game: arguments of exactly the types ``Arg`` names (a
    string, an int, a ``Text``, a list of one of those) are taken as validation would give
    them back, without running it; anything else (a bool, a subclass, a mixed list) is
    validated as ``Text(...)`` does. The instance is filled as ``model_construct`` fills it
    (field values, the fields set, no extra, no private attributes)."""
    checked = _plain_args(args) if type(key) is str else None
    if checked is None:
        return Text(key=key, args=args)
    made = _NEW(Text)
    _SET(made, "__dict__", {"key": key, "args": checked})
    _SET(made, "__pydantic_fields_set__", {"key", "args"})
    _SET(made, "__pydantic_extra__", None)
    _SET(made, "__pydantic_private__", None)
    return made


_NEW = object.__new__
_SET = object.__setattr__


def _plain_args(args: dict[str, Arg]) -> dict[str, Arg] | None:
    """``args`` as validation would give them back when every value is of exactly a type
    ``Arg`` names (a new dict, lists copied); ``None`` when one needs validation."""
    checked: dict[str, Arg] = {}
    for name, value in args.items():
        kind = type(value)
        if type(name) is not str:
            return None
        if kind is str or kind is int or kind is Text:
            checked[name] = value
        elif kind is list and _plain_list(cast("list[object]", value)):
            checked[name] = cast("list[str]", value)[:]
        else:
            return None
    return checked


def _plain_list(items: list[object]) -> bool:
    """Every item of one of the types a list argument may hold (all str, all int or all
    ``Text``), so validation would keep them as they are."""
    if not items:
        return True
    first = type(items[0])
    return (first is str or first is int or first is Text) and all(
        type(item) is first for item in items
    )


class Action(BaseModel):
    """Base of every game action. Each game defines a discriminated union on ``type``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    type: str


class Event(BaseModel):
    """Something that happened, for the channel, the private views and the game's history.

    Every event says who may see it: ``visible_to=None`` is everyone (spectators included);
    a list names the only seats that may see it (``[]``: nobody yet, e.g. a secret bid until
    the engine reveals it with a later public event). The history a person sees (``/game
    log``, replays) is built from these events filtered for that person, never from raw
    actions. ``reveals`` marks events that exposed hidden or random information (a draw, a
    shuffle, a tile turned face up, a bid revealed): undo cannot go back past them.
    """

    model_config = ConfigDict(frozen=True)

    key: str
    args: dict[str, Arg] = Field(default_factory=dict)
    seat: str | None = None
    visible_to: list[str] | None = None
    reveals: bool = False

    @property
    def text(self) -> Text:
        return Text(key=self.key, args=self.args)

    @property
    def public(self) -> bool:
        return self.visible_to is None

    def visible_for(self, viewer: str | None) -> bool:
        """May ``viewer`` (a seat, or ``None`` for a spectator) see this event?"""
        return self.visible_to is None or (viewer is not None and viewer in self.visible_to)


def event(
    key: str,
    args: dict[str, Arg],
    seat: str | None = None,
    visible_to: list[str] | None = None,
    reveals: bool = False,
) -> Event:
    """``Event(key=key, args=args, seat=seat, visible_to=visible_to, reveals=reveals)``
    without running validation when every value is already of exactly its field's type (as
    ``term``); anything else is validated as ``Event(...)`` does. Engines make one or more
    per step."""
    checked = _plain_args(args) if type(key) is str else None
    plain = (
        checked is not None
        and (seat is None or type(seat) is str)
        and (visible_to is None or (type(visible_to) is list and _plain_seats(visible_to)))
        and type(reveals) is bool
    )
    if not plain:
        return Event(key=key, args=args, seat=seat, visible_to=visible_to, reveals=reveals)
    made = _NEW(Event)
    fields = {
        "key": key,
        "args": checked,
        "seat": seat,
        "visible_to": None if visible_to is None else visible_to[:],
        "reveals": reveals,
    }
    _SET(made, "__dict__", fields)
    _SET(made, "__pydantic_fields_set__", {"key", "args", "seat", "visible_to", "reveals"})
    _SET(made, "__pydantic_extra__", None)
    _SET(made, "__pydantic_private__", None)
    return made


def _plain_seats(seats: list[str]) -> bool:
    return all(type(seat) is str for seat in seats)


class GameOptions(BaseModel):
    """Setup options. Every game's options have ``players`` and defaults for the rest."""

    model_config = ConfigDict(extra="forbid")

    players: int = 4


class GameState(BaseModel):
    """Fields every game state carries; each game subclasses it."""

    seats: list[str]
    seed: int = Field(repr=False)
    """The game's secret (``rules.core.rng``): never shown, logged or put in a view."""
    rng: Rng = Field(repr=False)
    data_hash: str
    rules_version: int = 1
    """The rules version this game started on (``rules.core.versions``); 1 for states
    written before versions existed."""

    def copied(self) -> Self:
        """A deep copy for ``apply`` to change, built without serialising or validating
        (``rules.core.copying``): every container and mutable model is new, immutable values
        are shared."""
        return deep_copy(self)


class View(BaseModel):
    """What one seat (or the public, ``viewer=None``) may know. Renderers draw only from this."""

    game: str
    viewer: str | None = None


S = TypeVar("S", bound=GameState)


class Result(BaseModel, Generic[S]):
    """The outcome of ``apply``: a new state (the input is untouched) and what happened."""

    state: S
    events: list[Event] = Field(default_factory=list)


def result(state: S, events: list[Event]) -> Result[S]:
    """``Result(state=state, events=events)`` without running validation, for an engine's own
    new state and events list (already of their types): filled as validation fills it (the
    two fields, both set, no extra, no private attributes); ``events`` is kept, not copied."""
    made: Result[S] = _NEW(Result)
    _SET(made, "__dict__", {"state": state, "events": events})
    _SET(made, "__pydantic_fields_set__", {"state", "events"})
    _SET(made, "__pydantic_extra__", None)
    _SET(made, "__pydantic_private__", None)
    return made


class SeatScore(BaseModel):
    """One seat's final result with its breakdown; ``total`` is the sum of ``breakdown``."""

    seat: str
    total: int
    breakdown: dict[str, int]
    tiebreak: list[int] = Field(default_factory=list)
    rank: int = 0


class Scores(BaseModel):
    """Final result: ranked seats (shared ranks for ties) and the winner(s)."""

    seats: list[SeatScore]
    winners: list[str]
    notes: list[Text] = Field(default_factory=list)


def rank_scores(rows: list[SeatScore]) -> Scores:
    """Rank by total then tie-break keys (higher is better); equal keys share a rank and win."""
    ordered = sorted(rows, key=lambda r: (r.total, r.tiebreak), reverse=True)
    ranked: list[SeatScore] = []
    for i, row in enumerate(ordered):
        prev = ranked[-1] if ranked else None
        same = prev is not None and (prev.total, prev.tiebreak) == (row.total, row.tiebreak)
        rank = prev.rank if same and prev is not None else i + 1
        ranked.append(row.model_copy(update={"rank": rank}))
    winners = [r.seat for r in ranked if r.rank == 1]
    return Scores(seats=ranked, winners=winners)
