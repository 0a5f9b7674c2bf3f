"""The Ilos game state (ids and counts only; component data stays in the data files).

Pending decisions are a stack (``rules.core.decisions``): at the bottom the seat's ``Turn``
in the current phase (its mulligan, its first-island placement, or its turn of actions), on
top of it the ``Declaration`` of a card play or setup placement being declared step by step.
The phase is the bottom decision's; an empty stack is a finished game. States stored before
the stack (a ``phase`` and a ``pending`` field) are upcast when they load
(``IlosState._upcast_decisions``).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.core import GameOptions, GameState
from rules.core.decisions import Decision
from rules.ilos.components import CardType, Resource

Phase = Literal["mulligan", "setup", "actions", "finished"]
TurnKind = Literal["mulligan", "setup", "actions"]
EndReason = Literal["colonists", "round_cap", "stall"]
Stage = Literal["destination", "cell", "rotation", "landing", "pay"]
BuildingKind = Literal["fort", "trading_post"]


class IlosOptions(GameOptions):
    """Setup options. ``max_rounds=None`` turns the round cap (ILOS-R122) off."""

    players: int = Field(default=4, ge=2, le=5)
    max_rounds: int | None = Field(default=40, ge=1)
    reveal_cost_cards: bool = True


class PlacedTile(BaseModel):
    """A tile in play: ``rotation`` k turns the printed tile clockwise by k x 60 degrees."""

    tile: str
    q: int
    r: int
    rotation: int


class ShipState(BaseModel):
    """One ship in play: on the coast of a land region, or on a tile's pirate hideout."""

    id: str
    owner: str
    region: str | None = None
    hideout: str | None = None


class SpotState(BaseModel):
    """An occupied spot: the colonist's owner, and the building token on a site."""

    owner: str
    building: BuildingKind | None = None
    label: Resource | None = None


class PlayerState(BaseModel):
    seat: str
    hand: dict[CardType, int]
    screen: dict[Resource, int]
    production: dict[Resource, int]
    colonists_used: int = 0
    mulligan_done: bool = False


class Turn(Decision):
    """The seat's turn in a phase: its mulligan (ILOS-R18), its first-island placement
    (ILOS-R19 to R21) or its turn of actions (ILOS-R22). Replaced, never changed."""

    model_config = ConfigDict(frozen=True)

    kind: TurnKind


class Declaration(Decision):
    """A card play (or setup placement) being declared step by step; nothing is spent yet."""

    kind: Literal["declaration"] = "declaration"
    purpose: Literal["setup", "card"]
    stage: Stage
    card: CardType | None = None
    ship: str | None = None
    tile: str | None = None
    q: int | None = None
    r: int | None = None
    rotation: int | None = None
    region: str | None = None
    hideout: str | None = None
    spot: str | None = None
    building: BuildingKind | None = None
    copy_resource: Resource | None = None
    cost: int = 0
    pirate: bool = False


IlosDecision = Annotated[Turn | Declaration, Field(discriminator="kind")]


class IlosState(GameState):
    options: IlosOptions
    turn: int = 0
    round: int = 0
    last_round: bool = False
    market_used: bool = False
    players: list[PlayerState]
    deck: list[CardType]
    discard: list[CardType] = Field(default_factory=list)
    box: list[str]
    stack: list[str]
    face_up: list[str]
    board: list[PlacedTile] = Field(default_factory=list)
    ships: list[ShipState] = Field(default_factory=list)
    spots: dict[str, SpotState] = Field(default_factory=dict)
    price_step: dict[Resource, int]
    building_tokens_left: int
    decisions: list[IlosDecision]
    """The decision stack: a ``Turn`` at the bottom, a ``Declaration`` on it while one is
    declared; empty once the game is over."""
    setup_cycles: int = 0
    turns_taken: dict[str, int] = Field(default_factory=dict)
    end_reason: EndReason | None = None
    """Why the last round was announced (ILOS-R120 colonists, ILOS-R122 round cap or stall)."""
    end_seat: str | None = None
    """Who placed the 10th colonist, when that made the last round (ILOS-R120)."""

    __shallow_fields__: ClassVar[tuple[str, ...]] = ("board", "spots", "ships")
    """Placed tiles, spot occupants and ships are never changed in place (they are replaced;
    a ship that moves is copied first), so a copy shares them (``rules.core.copying``)."""
    __shared_fields__: ClassVar[tuple[str, ...]] = ("seats", "options")
    """Never changed in place once the game exists: a step copy shares them."""

    @model_validator(mode="before")
    @classmethod
    def _upcast_decisions(cls, raw: Any) -> Any:
        """A state stored before the decision stack (issue 22, point 1): its ``phase``, seat
        in turn and ``pending`` declaration become the stack."""
        if not isinstance(raw, dict) or "decisions" in raw:
            return raw
        raw = dict(raw)
        phase = raw.pop("phase", "mulligan")
        pending = raw.pop("pending", None)
        if phase == "finished":
            raw["decisions"] = []
            return raw
        seat = raw["seats"][raw.get("turn", 0)]
        decisions: list[dict[str, Any]] = [{"kind": phase, "seat": seat}]
        if pending is not None:
            declared = {k: v for k, v in pending.items() if k != "kind"}
            building = pending.get("kind")  # the building being declared, renamed
            decisions.append(
                {**declared, "building": building, "kind": "declaration", "seat": seat}
            )
        raw["decisions"] = decisions
        return raw

    @property
    def phase(self) -> Phase:
        """The phase: the bottom decision's, ``finished`` when nothing is pending."""
        if not self.decisions:
            return "finished"
        bottom = self.decisions[0]
        assert isinstance(bottom, Turn)
        return bottom.kind

    @property
    def pending(self) -> Declaration | None:
        """The declaration in progress (the top decision), if any."""
        now = self.decisions[-1] if self.decisions else None
        return now if isinstance(now, Declaration) else None

    def player(self, seat: str) -> PlayerState:
        for p in self.players:
            if p.seat == seat:
                return p
        raise KeyError(seat)

    @property
    def active_seat(self) -> str:
        return self.seats[self.turn]
