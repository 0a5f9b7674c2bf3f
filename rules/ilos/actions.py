"""Ilos actions: one discriminated union on ``type``.

A card play is declared in steps (ILOS-D06 to D10): choose the card and its target, then (for
a Ship) the destination, the exploration tile, cell, rotation and landing, then the payment.
Nothing is spent until ``pay``; ``cancel`` drops the declaration while a step is pending.
A tile-placement step with a single possible choice (the first tile's cell, a lone fitting
rotation, a tile's only coast) is taken by the engine and announced to the player, so it is
never asked; the payment is always the player's.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.core import Action
from rules.ilos.components import CardType, Resource


class Mulligan(Action):
    """ILOS-D03: discard these cards (possibly none) and draw back up to 5; once per game."""

    type: Literal["mulligan"] = "mulligan"
    discard: dict[CardType, int] = Field(default_factory=dict)


class ChooseTile(Action):
    """Take a face-up tile to explore with (setup ILOS-D04, or a Ship card's option (b))."""

    type: Literal["explore"] = "explore"
    tile: str


class CycleTile(Action):
    """ILOS-D05: setup only, when no face-up tile fits: put one at the bottom of the stack."""

    type: Literal["cycle_tile"] = "cycle_tile"
    tile: str


class PlaceAt(Action):
    """Choose the empty cell for the tile being explored."""

    type: Literal["place_at"] = "place_at"
    q: int
    r: int


class Rotate(Action):
    """Choose the rotation (0-5, clockwise steps of 60 degrees) of the tile being explored."""

    type: Literal["rotate"] = "rotate"
    rotation: int


class Land(Action):
    """Put the ship on the coast of a land region (``T04.a``)."""

    type: Literal["land"] = "land"
    region: str


class Occupy(Action):
    """Ship option (c): put the ship on the empty pirate hideout of a tile in play."""

    type: Literal["occupy"] = "occupy"
    tile: str


class PlayShip(Action):
    """ILOS-D06: play a Ship card for a new ship (``ship="new"``) or to move a ship by id."""

    type: Literal["play_ship"] = "play_ship"
    ship: str


class PlayFarm(Action):
    """ILOS-D07: play a Farm card on an empty ebony, spice or dye icon."""

    type: Literal["play_farm"] = "play_farm"
    spot: str


class PlayGoldMine(Action):
    """ILOS-D08: play a Gold mine card on an empty gold icon."""

    type: Literal["play_gold_mine"] = "play_gold_mine"
    spot: str


class PlayBuilding(Action):
    """ILOS-D09: build a fort or a trading post (copying ``copy_resource``) on a site."""

    type: Literal["play_building"] = "play_building"
    spot: str
    kind: Literal["fort", "trading_post"]
    copy_resource: Resource | None = None


class PlayRuins(Action):
    """ILOS-D10: play a Ruins card on an empty ruins spot."""

    type: Literal["play_ruins"] = "play_ruins"
    spot: str


class PlayMarket(Action):
    """ILOS-D11: pay 1 token of ``resource`` from behind the screen and raise its price."""

    type: Literal["play_market"] = "play_market"
    resource: Resource


class Pay(Action):
    """Choose the cards (a count per card type) discarded as the cost of the declared card."""

    type: Literal["pay"] = "pay"
    cards: dict[CardType, int]


class Cancel(Action):
    """Drop the declaration in progress; nothing has been spent."""

    type: Literal["cancel"] = "cancel"


class EndTurn(Action):
    """ILOS-D12: end the action step; production and the draw follow automatically."""

    type: Literal["end_turn"] = "end_turn"


IlosAction = Annotated[
    Mulligan
    | ChooseTile
    | CycleTile
    | PlaceAt
    | Rotate
    | Land
    | Occupy
    | PlayShip
    | PlayFarm
    | PlayGoldMine
    | PlayBuilding
    | PlayRuins
    | PlayMarket
    | Pay
    | Cancel
    | EndTurn,
    Field(discriminator="type"),
]

ACTION_ADAPTER: TypeAdapter[IlosAction] = TypeAdapter(IlosAction)

GROUPS: dict[str, str] = {
    "mulligan": "mulligan",
    "explore": "explore",
    "cycle_tile": "explore",
    "place_at": "explore",
    "rotate": "explore",
    "land": "ship",
    "occupy": "ship",
    "play_ship": "ship",
    "play_farm": "farm",
    "play_gold_mine": "gold_mine",
    "play_building": "building",
    "play_ruins": "ruins",
    "play_market": "market",
    "pay": "pay",
    "cancel": "cancel",
    "end_turn": "end_turn",
}


def action_group(action: IlosAction) -> str:
    return GROUPS[action.type]
