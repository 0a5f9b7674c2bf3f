"""Where an Ilos action points on the board (``GameSpec.choice_anchor``), for the numbered
pictures of spatial choices (issue 8). Pure: an anchor id from the state and the action.

Anchor ids:

- ``cell:<q>,<r>`` an empty cell for the tile being explored (``PlaceAt``);
- ``rotation:<k>`` the tile being explored turned ``k`` steps, drawn as a preview (``Rotate``);
- ``coast:<region>`` a land region's coast (``Land``, on the map or the tile being explored);
- ``hideout:<tile>`` a tile's pirate hideout (``Occupy``);
- ``ship:<id>`` one of the player's ships, where it lies now (``PlayShip`` moving a ship);
- ``spot:<id>`` an icon or site (farm, gold mine, ruins); a building adds what it builds:
  ``spot:<id>#fort`` or ``spot:<id>#trading_post:<resource>`` (one site, several choices);
- ``tile:<tile>`` a face-up tile of the exploration area (``ChooseTile``, ``CycleTile``).

Paying, cancelling, ending the turn, the mulligan, a market and a new ship point nowhere.
"""

from __future__ import annotations

from rules.core import Action
from rules.ilos.actions import (
    ChooseTile,
    CycleTile,
    Land,
    Occupy,
    PlaceAt,
    PlayBuilding,
    PlayFarm,
    PlayGoldMine,
    PlayRuins,
    PlayShip,
    Rotate,
)
from rules.ilos.model import IlosState


def choice_anchor(state: IlosState, seat: str, action: Action) -> str | None:
    """The board place ``action`` targets, or ``None`` for an action that targets none."""
    if isinstance(action, PlaceAt):
        return f"cell:{action.q},{action.r}"
    if isinstance(action, Rotate):
        return f"rotation:{action.rotation}"
    if isinstance(action, Land):
        return f"coast:{action.region}"
    if isinstance(action, Occupy):
        return f"hideout:{action.tile}"
    if isinstance(action, PlayShip):
        return None if action.ship == "new" else f"ship:{action.ship}"
    if isinstance(action, PlayBuilding):
        if action.kind == "trading_post" and action.copy_resource is not None:
            return f"spot:{action.spot}#trading_post:{action.copy_resource}"
        return f"spot:{action.spot}#fort"
    if isinstance(action, PlayFarm | PlayGoldMine | PlayRuins):
        return f"spot:{action.spot}"
    if isinstance(action, ChooseTile | CycleTile):
        return f"tile:{action.tile}"
    return None
