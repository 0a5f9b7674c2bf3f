"""Player actions: one pydantic model per decision, combined in a discriminated union."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.core import Action
from rules.endeavor.components import ActionKind, Attribute


class ChooseStart(Action):
    """DP03 / END-R17: Colonial House or Trade Wharf."""

    type: Literal["choose_start"] = "choose_start"
    building: Literal["colonial_house", "trade_wharf"]


class RemoveBuilding(Action):
    """DP05 / END-R106 opt. 3: the non-crown player removes a tray building."""

    type: Literal["remove_building"] = "remove_building"
    kind: str


class Build(Action):
    """DP06 / END-R30: take a building from the tray."""

    type: Literal["build"] = "build"
    kind: str


class SkipBuild(Action):
    """DP06 / END-R33 (issue 13): with nothing at or below the build level in the tray, the
    player may build nothing instead of taking a building of the next level."""

    type: Literal["skip_build"] = "skip_build"


class PaySalary(Action):
    """DP07 / END-R36: move the disc on shore slot ``slot`` back to the harbour."""

    type: Literal["pay_salary"] = "pay_salary"
    slot: int


class EndSalary(Action):
    type: Literal["end_salary"] = "end_salary"


class Activate(Action):
    """DP08 / END-R41a: put a harbour disc on the building in shore slot ``slot``."""

    type: Literal["activate"] = "activate"
    slot: int


class SpendToken(Action):
    """DP08 / END-R41b: spend a blue action token from the harbour."""

    type: Literal["spend_token"] = "spend_token"
    token: str


class Pass(Action):
    """END-R40: out for the rest of this Action phase."""

    type: Literal["pass"] = "pass"


class ShipTrack(Action):
    """END-R63: ship to the next space of a closed region's shipping track."""

    type: Literal["ship_track"] = "ship_track"
    region: str


class ShipFleet(Action):
    """END-R65: ship to an empty fleet space (Europe or an open region)."""

    type: Literal["ship_fleet"] = "ship_fleet"
    fleet: str


class ShipSea(Action):
    """END-R66: ship to the open sea of an open region."""

    type: Literal["ship_sea"] = "ship_sea"
    region: str


class Occupy(Action):
    """END-R67: occupy an empty city."""

    type: Literal["occupy"] = "occupy"
    city: str


class Attack(Action):
    """END-R69: attack an opponent's (or the Silent Fleet's) city or fleet disc."""

    type: Literal["attack"] = "attack"
    space: str


class Payment(Action):
    """END-R70a: move the disc on shore slot ``slot`` back to the harbour."""

    type: Literal["payment"] = "payment"
    slot: int


class DrawDeck(Action):
    """END-R70: take the top card of a deck."""

    type: Literal["draw_deck"] = "draw_deck"
    deck: str


class DrawDiscard(Action):
    """END-R72: take a card from the Europe discard pile."""

    type: Literal["draw_discard"] = "draw_discard"
    card: str


class Finish(Action):
    """DP09: end a ``+`` turn before using every icon."""

    type: Literal["finish"] = "finish"


class Cancel(Action):
    """Take back the activation (or token) before any of its actions was performed."""

    type: Literal["cancel"] = "cancel"


class PlaceMemorial(Action):
    """DP14 / END-R80: put a casualty disc on a track (``None`` = decline, disc to supply)."""

    type: Literal["memorial"] = "memorial"
    track: Attribute | None


class SfReactTo(Action):
    """DP19 / END-R104: which performed action the Silent Fleet reacts to."""

    type: Literal["sf_react_to"] = "sf_react_to"
    action: ActionKind


class SfShipTrack(Action):
    type: Literal["sf_ship_track"] = "sf_ship_track"
    region: str


class SfShipFleet(Action):
    type: Literal["sf_ship_fleet"] = "sf_ship_fleet"
    fleet: str


class SfOccupy(Action):
    type: Literal["sf_occupy"] = "sf_occupy"
    city: str


class SfDraw(Action):
    type: Literal["sf_draw"] = "sf_draw"
    deck: str


class DiscardCard(Action):
    """DP18 / END-R86: discard one card (only while over the limit)."""

    type: Literal["discard_card"] = "discard_card"
    card: str


class PlaceGovernor(Action):
    """DP17 / END-R64: a governor just gained goes into the governor slot or a card slot."""

    type: Literal["place_governor"] = "place_governor"
    card: str
    slot: Literal["governor", "cards"]


class SlotGovernor(Action):
    """DP18 / END-R85: put a held governor into the governor slot (a governor already there
    moves to a card slot). Offered once per Discard step, before any discard."""

    type: Literal["slot_governor"] = "slot_governor"
    card: str


class UnslotGovernor(Action):
    """DP18 / END-R85: move the slotted governor to a regular card slot (once per step)."""

    type: Literal["unslot_governor"] = "unslot_governor"


class EndDiscard(Action):
    """DP18: done rearranging (the hand is within the limits)."""

    type: Literal["end_discard"] = "end_discard"


class DemandPhaseOrder(Action):
    """DP23 / END-R22 (issue 13): in player-by-player mode any seated player may demand the
    strict phase-by-phase order at any time; it applies from the next phase on."""

    type: Literal["demand_phase_order"] = "demand_phase_order"


EndeavorAction = Annotated[
    ChooseStart
    | RemoveBuilding
    | Build
    | SkipBuild
    | PaySalary
    | EndSalary
    | Activate
    | SpendToken
    | Pass
    | ShipTrack
    | ShipFleet
    | ShipSea
    | Occupy
    | Attack
    | Payment
    | DrawDeck
    | DrawDiscard
    | Finish
    | Cancel
    | PlaceMemorial
    | SfReactTo
    | SfShipTrack
    | SfShipFleet
    | SfOccupy
    | SfDraw
    | DiscardCard
    | PlaceGovernor
    | SlotGovernor
    | UnslotGovernor
    | EndDiscard
    | DemandPhaseOrder,
    Field(discriminator="type"),
]

ACTION_ADAPTER: TypeAdapter[EndeavorAction] = TypeAdapter(EndeavorAction)

SUB_ACTION_KIND: dict[str, ActionKind] = {
    "ship_track": "ship",
    "ship_fleet": "ship",
    "ship_sea": "ship",
    "occupy": "occupy",
    "attack": "attack",
    "payment": "payment",
    "draw_deck": "draw",
    "draw_discard": "draw",
}
