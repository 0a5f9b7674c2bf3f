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
)
from rules.endeavor.components import data
from rules.endeavor.events import display
from rules.endeavor.model import EndeavorState

GROUPS: dict[str, str] = {
    "choose_start": "setup",
    "remove_building": "build",
    "build": "build",
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
    "sf_react_to": "silent_fleet",
    "sf_ship_track": "silent_fleet",
    "sf_ship_fleet": "silent_fleet",
    "sf_occupy": "silent_fleet",
    "sf_draw": "silent_fleet",
    "discard_card": "discard",
    "slot_governor": "discard",
    "unslot_governor": "discard",
    "end_discard": "discard",
}


def action_group(action: Action) -> str:
    return GROUPS.get(action.type, action.type)


def name_of(state: EndeavorState, item: str) -> str:
    """English display name of a building, area, node, deck, card, token or governor id."""
    return display(item)


def describe_action(state: EndeavorState, seat: str, action: Action) -> Text:
    key = f"endeavor.action.{action.type}"
    args: dict[str, str | int] = {}
    p = state.players[seat]
    if isinstance(action, ChooseStart | Build | RemoveBuilding):
        kind = action.building if isinstance(action, ChooseStart) else action.kind
        args["building"] = name_of(state, kind)
        args["level"] = data().buildings[kind].level
    elif isinstance(action, PaySalary | Activate | Payment):
        args["building"] = name_of(state, p.buildings[action.slot].kind)
        args["slot"] = action.slot
    elif isinstance(action, SpendToken):
        args["token"] = display(action.token)
    elif isinstance(action, ShipTrack | ShipSea | SfShipTrack):
        args["region"] = name_of(state, action.region)
    elif isinstance(action, ShipFleet | SfShipFleet):
        args["fleet"] = name_of(state, action.fleet)
    elif isinstance(action, Occupy | SfOccupy):
        args["city"] = name_of(state, action.city)
    elif isinstance(action, Attack):
        args["space"] = name_of(state, action.space)
        args["defender"] = display(state.nodes.get(action.space, ""))
    elif isinstance(action, DrawDeck | SfDraw):
        deck = state.decks[action.deck]
        args["deck"] = name_of(state, action.deck)
        args["card"] = name_of(state, deck[-1]) if deck else ""
    elif isinstance(action, DrawDiscard | DiscardCard | SlotGovernor):
        args["card"] = name_of(state, action.card)
    elif isinstance(action, PlaceMemorial):
        if action.track is None:
            key = "endeavor.action.memorial_decline"
        else:
            args["track"] = action.track
    elif isinstance(action, SfReactTo):
        args["action"] = action.action
    return Text(key=key, args=args)
