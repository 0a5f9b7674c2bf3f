"""Short button labels (``describe_action``) and action groups for the bot."""

from __future__ import annotations

from rules.core import Action, Text
from rules.endeavor.actions import (
    Activate,
    Attack,
    Build,
    ChooseStart,
    DiscardCard,
    DrawDeck,
    DrawDiscard,
    Occupy,
    Payment,
    PaySalary,
    PlaceGovernor,
    PlaceMemorial,
    RemoveBuilding,
    SfDraw,
    SfOccupy,
    SfReactTo,
    SfShipFleet,
    SfShipTrack,
    ShipFleet,
    ShipSea,
    ShipTrack,
    SlotGovernor,
    SpendToken,
    UnslotGovernor,
)
from rules.endeavor.components import data
from rules.endeavor.model import EndeavorState
from rules.endeavor.terms import term_args

GROUPS: dict[str, str] = {
    "choose_start": "setup",
    "remove_building": "build",
    "build": "build",
    "skip_build": "build",
    "pay_salary": "salary",
    "end_salary": "salary",
    "activate": "buildings",
    "spend_token": "tokens",
    "pass": "turn",
    "finish": "turn",
    "cancel": "turn",
    "ship_track": "ship",
    "ship_fleet": "ship",
    "ship_sea": "ship",
    "occupy": "occupy",
    "attack": "attack",
    "payment": "payment",
    "draw_deck": "draw",
    "draw_discard": "draw",
    "memorial": "memorial",
    "place_governor": "governor",
    "sf_react_to": "silent_fleet",
    "sf_ship_track": "silent_fleet",
    "sf_ship_fleet": "silent_fleet",
    "sf_occupy": "silent_fleet",
    "sf_draw": "silent_fleet",
    "discard_card": "discard",
    "slot_governor": "discard",
    "unslot_governor": "discard",
    "end_discard": "discard",
    "demand_phase_order": "phase_order",
}
"""Action type -> group (a command or menu section in the bot; ``endeavor.group.<group>``)."""


def action_group(action: Action) -> str:
    return GROUPS.get(action.type, action.type)


def describe_action(state: EndeavorState, seat: str, action: Action) -> Text:
    """The label of a button or menu entry, with every component as its own term."""
    key = f"endeavor.action.{action.type}"
    args: dict[str, str | int] = {}
    p = state.players[seat]
    if isinstance(action, ChooseStart | Build | RemoveBuilding):
        kind = action.building if isinstance(action, ChooseStart) else action.kind
        args["building"] = kind
        args["level"] = data().buildings[kind].level
    elif isinstance(action, PaySalary | Activate | Payment):
        args["building"] = p.buildings[action.slot].kind
        args["slot"] = action.slot + 1
    elif isinstance(action, SpendToken):
        args["token"] = action.token
    elif isinstance(action, ShipTrack | ShipSea | SfShipTrack):
        args["region"] = action.region
    elif isinstance(action, ShipFleet | SfShipFleet):
        args["fleet"] = action.fleet
    elif isinstance(action, Occupy | SfOccupy):
        args["city"] = action.city
    elif isinstance(action, Attack):
        args["space"] = action.space
        args["defender"] = state.nodes[action.space]
    elif isinstance(action, DrawDeck | SfDraw):
        args["deck"] = action.deck
        args["card"] = state.decks[action.deck][-1]
    elif isinstance(action, DrawDiscard | DiscardCard | SlotGovernor):
        args["card"] = action.card
    elif isinstance(action, PlaceGovernor):
        key = f"endeavor.action.place_governor.{action.slot}"
        args["card"] = action.card
    elif isinstance(action, UnslotGovernor):
        if p.governor_slot is not None:
            args["card"] = p.governor_slot
    elif isinstance(action, PlaceMemorial):
        if action.track is None:
            key = "endeavor.action.memorial_decline"
        else:
            args["track"] = action.track
    elif isinstance(action, SfReactTo):
        args["action"] = action.action
    return Text(key=key, args=term_args(args))


def describe_detail(state: EndeavorState, seat: str, action: Action) -> Text | None:
    """A menu option's second line: what the building or card chosen gives and does."""
    from rules.endeavor import cardtext

    p = state.players[seat]
    if isinstance(action, ChooseStart):
        return cardtext.building_detail(action.building)
    if isinstance(action, Build | RemoveBuilding):
        return cardtext.building_detail(action.kind)
    if isinstance(action, PaySalary | Activate | Payment):
        return cardtext.building_detail(p.buildings[action.slot].kind)
    if isinstance(action, DrawDeck | SfDraw):
        deck = state.decks[action.deck]
        return cardtext.card_detail(deck[-1]) if deck else None
    if isinstance(action, DrawDiscard | DiscardCard | SlotGovernor | PlaceGovernor):
        return cardtext.card_detail(action.card)
    if isinstance(action, UnslotGovernor) and p.governor_slot is not None:
        return cardtext.card_detail(p.governor_slot)
    return None
