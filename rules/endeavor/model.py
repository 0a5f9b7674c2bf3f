"""Game state and options of Endeavor: Age of Sail (ids and counts only, END-R10..R19).

What waits to be decided is one stack (``rules.core.decisions``), top first: Memorial
choices (END-R80), then new governors' slots (DP17), then the Silent Fleet's reaction
(END-R102) or the Action-phase turn in progress (END-R41), then the round's steps (END-R20,
R22), the current step on top of the steps still to come. States stored before the stack (a
step ``queue``, ``turn``, ``sf``, ``memorial``, ``governor_pending`` and ``action_seat``) are
upcast when they load (``EndeavorState._upcast_decisions``).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from rules.core import GameOptions, GameState, OptionRefused, Text
from rules.core.copying import deep_copy, full_copy, own_entry
from rules.core.decisions import Decision
from rules.endeavor.components import ActionKind, Attribute, Structure

_NEW = object.__new__
_SET = object.__setattr__

SILENT_FLEET = "sf"
"""Occupant id of Silent Fleet discs on the board (END-R101)."""

StepKind = Literal["start", "scarce", "build", "growth", "salary", "action", "discard"]


def default_side(players: int, silent_fleet: bool) -> Literal["A", "B"]:
    """END-R10: A for 2-3 players and Silent Fleet, B for 4 (low conflict) and 5 players."""
    if silent_fleet or players <= 3:
        return "A"
    return "B"


class Options(GameOptions):
    """Setup options (DP01, DP02). ``board_side`` is filled from END-R10 when omitted.
    Frozen: set once at setup, so a state's copies share them."""

    model_config = ConfigDict(frozen=True)

    players: int = Field(default=4, ge=2, le=5)
    board_side: Literal["A", "B"] = "B"
    silent_fleet: bool = False
    sf_restricted_occupy: bool = False
    sf_no_token_reactions: bool = False
    sf_scarce_buildings: bool = False
    player_by_player: bool = False

    @model_validator(mode="before")
    @classmethod
    def _fill_side(cls, raw: Any) -> Any:
        if isinstance(raw, dict) and raw.get("board_side") is None:
            raw = dict(raw)
            raw["board_side"] = default_side(
                int(raw.get("players", 4)), bool(raw.get("silent_fleet", False))
            )
        return raw

    @model_validator(mode="after")
    def _check_variant(self) -> Options:
        if self.silent_fleet and self.players != 2:
            raise OptionRefused(Text(key="endeavor.option_error.silent_fleet_players"))
        optional = self.sf_restricted_occupy or self.sf_no_token_reactions
        if (optional or self.sf_scarce_buildings) and not self.silent_fleet:
            raise OptionRefused(Text(key="endeavor.option_error.silent_fleet_needed"))
        return self


class OwnedBuilding(BaseModel):
    """A building on a player's shore; ``disc`` is its activation space (END-R34)."""

    kind: str
    disc: bool = False


class PlayerState(BaseModel):
    seat: str
    supply: int
    harbour: int = 0
    buildings: list[OwnedBuilding] = Field(default_factory=list)
    tokens: dict[Attribute, int] = Field(default_factory=dict)
    blue_tokens: dict[str, int] = Field(default_factory=dict)
    memorial_discs: dict[Attribute, int] = Field(default_factory=dict)
    cards: list[str] = Field(default_factory=list)
    governor_slot: str | None = None
    set_aside: list[str] = Field(default_factory=list)

    __shallow_fields__: ClassVar[tuple[str, ...]] = ("buildings",)
    """A copied state shares the buildings (``rules.core.copying``): a building is never
    changed in place but replaced (``with_disc``)."""

    def with_disc(self, slot: int, disc: bool) -> None:
        """Put the activation disc on (or take it off) the building in ``slot`` (END-R34):
        a new building, as ``model_copy(update={"disc": disc})`` makes it (no validation)."""
        old = self.buildings[slot]
        new = _NEW(OwnedBuilding)
        _SET(new, "__dict__", {**old.__dict__, "disc": disc})
        _SET(new, "__pydantic_fields_set__", {*old.__pydantic_fields_set__, "disc"})
        _SET(new, "__pydantic_extra__", None)
        _SET(new, "__pydantic_private__", None)
        self.buildings[slot] = new


class Step(Decision):
    """One step of the round. The Action phase is one step whose ``seat`` is the player to
    act next (END-R40), the crown holder when it starts. Replaced, never changed."""

    model_config = ConfigDict(frozen=True)

    kind: StepKind


class Turn(Decision):
    """The Action-phase turn in progress: a building or blue token was used (END-R41..R43).
    Copied before it changes (the stack's items are shared by a state's copies)."""

    kind: Literal["turn"] = "turn"
    source: Literal["building", "token"]
    slot: int | None = None
    token: str | None = None
    structure: Structure
    remaining: list[ActionKind]
    performed: list[ActionKind] = Field(default_factory=list)
    occupied_areas: list[str] = Field(default_factory=list)


class SfReaction(Decision):
    """A pending Silent Fleet reaction (END-R102..R109); the acting player decides."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["silent_fleet"] = "silent_fleet"
    stage: Literal["choose", "ship", "occupy", "draw"]
    options: list[ActionKind] = Field(default_factory=list)
    areas: list[str] = Field(default_factory=list)


class PendingGovernor(Decision):
    """DP17: a governor just gained (already among the player's cards) awaiting its slot."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["governor"] = "governor"
    card: str


class Memorial(Decision):
    """END-R80: a casualty disc of a Memorial owner waits for its place."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["memorial"] = "memorial"


EndeavorDecision = Annotated[
    Step | Turn | SfReaction | PendingGovernor | Memorial, Field(discriminator="kind")
]


def _upcast(raw: dict[str, Any]) -> dict[str, Any]:
    """The decision stack of a state stored before it (issue 22, point 1)."""
    raw = dict(raw)
    queue = raw.pop("queue", [])
    action_seat = raw.pop("action_seat", None)
    turn = raw.pop("turn", None)
    sf = raw.pop("sf", None)
    memorial = raw.pop("memorial", [])
    governors = raw.pop("governor_pending", [])
    stack: list[dict[str, Any]] = []
    for i, step in reversed(list(enumerate(queue))):
        seat = step.get("seat")
        if step["kind"] == "action":
            seat = action_seat if i == 0 and action_seat is not None else raw["crown"]
        stack.append({"kind": step["kind"], "seat": seat})
    if turn is not None:
        stack.append({**turn, "kind": "turn"})
    if sf is not None:
        stack.append({**sf, "kind": "silent_fleet"})
    stack += [{**g, "kind": "governor"} for g in reversed(governors)]
    stack += [{"kind": "memorial", "seat": seat} for seat in reversed(memorial)]
    raw["decisions"] = stack
    return raw


class EndeavorState(GameState):
    __shallow_fields__: ClassVar[tuple[str, ...]] = (
        "decisions",
        "players",
        "tracks",
        "open_sea",
        "decks",
    )
    """What a step copy (``step_copy``) shares with the state it was copied from
    (``rules.core.copying``), issue 22 point 2: decisions are never changed in place (popped,
    pushed, replaced) but for the turn in progress, which is copied first (``flow.own_turn``);
    a player is copied before it changes (``player``); a shipping track, an open sea or a deck
    is replaced by a new one before it changes (``own_track``, ``own_sea``, ``own_deck``)."""

    options: Options
    side: Literal["A", "B"]
    round: int = 0
    crown: str
    decisions: list[EndeavorDecision]
    """The decision stack (see the module docstring); empty once the game is over."""
    salary_paid: int = 0
    passed: list[str] = Field(default_factory=list)
    strict_order: bool = False
    arranged: bool = False
    players: dict[str, PlayerState]
    tray: dict[str, int]
    hidden_level5: list[str]
    removed_buildings: list[str] = Field(default_factory=list)
    tokens: dict[str, str]
    removed_tokens: list[str] = Field(default_factory=list)
    spent_tokens: list[str] = Field(default_factory=list)
    nodes: dict[str, str] = Field(default_factory=dict)
    tracks: dict[str, list[str]]
    open_sea: dict[str, dict[str, int]]
    decks: dict[str, list[str]]
    discard_pile: list[str] = Field(default_factory=list)
    removed_cards: list[str] = Field(default_factory=list)
    governors: dict[str, str]
    removed_governors: list[str] = Field(default_factory=list)
    abolished: bool = False
    sf_pool: int = 0
    over: bool = False

    _shared: dict[str, PlayerState] | None = PrivateAttr(default=None)
    """Copy on write (issue 22, point 2): the players of the state this one was step-copied
    from. A player that is still the same object as there is shared with that state and is
    copied by ``player`` before it changes: every change to a player goes through ``player``;
    reading may use ``players`` directly."""

    @model_validator(mode="before")
    @classmethod
    def _upcast_decisions(cls, raw: Any) -> Any:
        if isinstance(raw, dict) and "decisions" not in raw:
            return _upcast(raw)
        return raw

    def copied(self) -> Self:
        """A copy that shares nothing mutable (players, tracks, decks and decisions included),
        for code that changes it freely (the AI's determinization)."""
        new = full_copy(self)
        private = new.__pydantic_private__
        assert private is not None
        private["_shared"] = None
        return new

    def step_copy(self) -> Self:
        """The copy ``apply`` changes: it shares the players until they change (``player``),
        the decisions, shipping tracks, open seas and decks (replaced, never changed in
        place)."""
        new = deep_copy(self)
        private = new.__pydantic_private__
        assert private is not None
        private["_shared"] = self.players
        return new

    def player(self, seat: str) -> PlayerState:
        """Seat ``seat``'s player to change: this state's own (copied first if still
        shared)."""
        return own_entry(self, "_shared", self.players, seat)

    def own_track(self, region: str) -> list[str]:
        """The shipping track of ``region`` to change (a new list in place of a shared one)."""
        track = self.tracks[region] = list(self.tracks[region])
        return track

    def own_sea(self, region: str) -> dict[str, int]:
        """The open sea of ``region`` to change (a new dict in place of a shared one)."""
        sea = self.open_sea[region] = dict(self.open_sea[region])
        return sea

    def own_deck(self, deck: str) -> list[str]:
        """The deck ``deck`` to change (a new list in place of a shared one)."""
        cards = self.decks[deck] = list(self.decks[deck])
        return cards

    def __eq__(self, other: object) -> bool:
        """Equal when what is stored is equal (what is shared with another state is not
        part of the state)."""
        if not isinstance(other, EndeavorState):
            return NotImplemented
        return self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment]

    def __getstate__(self) -> dict[Any, Any]:
        """Pickled (to a worker process) without the players it shares: the copy that
        arrives owns all of its players."""
        state = super().__getstate__()
        private = state.get("__pydantic_private__")
        if private and private.get("_shared") is not None:
            state["__pydantic_private__"] = {**private, "_shared": None}
        return state

    # What the stack holds, read the way the rules name it (nothing here changes it).

    @property
    def step(self) -> Step | None:
        """The round's current step (the topmost step), if any."""
        for d in reversed(self.decisions):
            if isinstance(d, Step):
                return d
        return None

    @property
    def queue(self) -> list[Step]:
        """The round's steps still to come, the current one first."""
        return [d for d in reversed(self.decisions) if isinstance(d, Step)]

    @property
    def action_seat(self) -> str | None:
        """The player to act in the Action phase, while it is the current step (END-R40)."""
        step = self.step
        return step.seat if step is not None and step.kind == "action" else None

    @property
    def turn(self) -> Turn | None:
        """The Action-phase turn in progress."""
        for d in reversed(self.decisions):
            if isinstance(d, Turn):
                return d
        return None

    @property
    def sf(self) -> SfReaction | None:
        """The Silent Fleet reaction being chosen."""
        for d in reversed(self.decisions):
            if isinstance(d, SfReaction):
                return d
        return None

    @property
    def memorial(self) -> list[str]:
        """The Memorial owners whose casualty waits for its place, first to decide first."""
        return [d.seat for d in reversed(self.decisions) if isinstance(d, Memorial)]

    @property
    def governor_pending(self) -> list[PendingGovernor]:
        """New governors waiting for their slot, first to decide first."""
        return [d for d in reversed(self.decisions) if isinstance(d, PendingGovernor)]
