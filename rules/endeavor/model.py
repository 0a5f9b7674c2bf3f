"""Game state and options of Endeavor: Age of Sail (ids and counts only, END-R10..R19)."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field, model_validator

from rules.core import GameOptions, GameState, OptionRefused, Text
from rules.endeavor.components import ActionKind, Attribute, Structure

SILENT_FLEET = "sf"
"""Occupant id of Silent Fleet discs on the board (END-R101)."""

StepKind = Literal["start", "scarce", "build", "growth", "salary", "action", "discard"]


def default_side(players: int, silent_fleet: bool) -> Literal["A", "B"]:
    """END-R10: A for 2-3 players and Silent Fleet, B for 4 (low conflict) and 5 players."""
    if silent_fleet or players <= 3:
        return "A"
    return "B"


class Options(GameOptions):
    """Setup options (DP01, DP02). ``board_side`` is filled from END-R10 when omitted."""

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
        """Put the activation disc on (or take it off) the building in ``slot`` (END-R34)."""
        self.buildings[slot] = self.buildings[slot].model_copy(update={"disc": disc})


class Step(BaseModel):
    """One queued step of the round (the front of ``EndeavorState.queue`` is current)."""

    kind: StepKind
    seat: str | None = None


class Turn(BaseModel):
    """The Action-phase turn in progress: a building or blue token was used (END-R41..R43)."""

    seat: str
    source: Literal["building", "token"]
    slot: int | None = None
    token: str | None = None
    structure: Structure
    remaining: list[ActionKind]
    performed: list[ActionKind] = Field(default_factory=list)
    occupied_areas: list[str] = Field(default_factory=list)


class SfReaction(BaseModel):
    """A pending Silent Fleet reaction (END-R102..R109); the acting player decides."""

    seat: str
    stage: Literal["choose", "ship", "occupy", "draw"]
    options: list[ActionKind] = Field(default_factory=list)
    areas: list[str] = Field(default_factory=list)


class PendingGovernor(BaseModel):
    """DP17: a governor just gained (already among the player's cards) awaiting its slot."""

    seat: str
    card: str


class EndeavorState(GameState):
    __shallow_fields__: ClassVar[tuple[str, ...]] = ("queue", "governor_pending")
    """Steps and pending governors are never changed in place (popped and pushed), so a copy
    shares them (``rules.core.copying``)."""

    options: Options
    side: Literal["A", "B"]
    round: int = 0
    crown: str
    queue: list[Step] = Field(default_factory=list)
    salary_paid: int = 0
    action_seat: str | None = None
    passed: list[str] = Field(default_factory=list)
    turn: Turn | None = None
    sf: SfReaction | None = None
    memorial: list[str] = Field(default_factory=list)
    governor_pending: list[PendingGovernor] = Field(default_factory=list)
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

    def player(self, seat: str) -> PlayerState:
        return self.players[seat]
