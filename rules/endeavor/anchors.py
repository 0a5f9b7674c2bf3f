"""Where an Endeavor action points on the map (``GameSpec.choice_anchor``), for the numbered
pictures of spatial choices. Pure: an anchor id from the action alone.

Anchor ids: ``node:<id>`` (a city or fleet: ship to a fleet, occupy, attack, Silent Fleet
ship/occupy), ``track:<region>`` (the next space of a region's shipping track),
``sea:<region>`` (a region's open sea) and ``deck:<id>`` (a deck on the map to draw from).
"""

from __future__ import annotations

from rules.core import Action
from rules.endeavor.actions import (
    Attack,
    DrawDeck,
    Occupy,
    SfDraw,
    SfOccupy,
    SfShipFleet,
    SfShipTrack,
    ShipFleet,
    ShipSea,
    ShipTrack,
)
from rules.endeavor.model import EndeavorState


def choice_anchor(state: EndeavorState, seat: str, action: Action) -> str | None:
    """The map place ``action`` targets, or ``None`` for an action that targets none."""
    if isinstance(action, ShipTrack | SfShipTrack):
        return f"track:{action.region}"
    if isinstance(action, ShipSea):
        return f"sea:{action.region}"
    if isinstance(action, ShipFleet | SfShipFleet):
        return f"node:{action.fleet}"
    if isinstance(action, Occupy | SfOccupy):
        return f"node:{action.city}"
    if isinstance(action, Attack):
        return f"node:{action.space}"
    if isinstance(action, DrawDeck | SfDraw):
        return f"deck:{action.deck}"
    return None
