"""Short button labels for actions (catalog keys ``ilos.action.*``).

Labels name things as the board image shows them (``rules.ilos.terms``): tiles by their
printed number, coasts by their tile's compass side, spots by kind and tile. Nothing here is
prose: every word is a catalog term.
"""

from __future__ import annotations

from rules.core import Text, term
from rules.ilos import terms
from rules.ilos.actions import (
    Cancel,
    ChooseTile,
    CycleTile,
    EndTurn,
    IlosAction,
    Land,
    Mulligan,
    Occupy,
    Pay,
    PlaceAt,
    PlayBuilding,
    PlayFarm,
    PlayGoldMine,
    PlayMarket,
    PlayRuins,
    PlayShip,
    Rotate,
)
from rules.ilos.components import components
from rules.ilos.model import IlosState
from rules.ilos.terms import cards_text

__all__ = ["cards_text", "describe_action"]


def describe_action(state: IlosState, seat: str, action: IlosAction) -> Text:
    comp = components()
    setup = state.phase == "setup"
    if isinstance(action, Mulligan):
        n = sum(action.discard.values())
        if n == 0:
            return term("ilos.action.keep_hand")
        return Text(
            key="ilos.action.mulligan", args={"count": n, "cards": cards_text(action.discard)}
        )
    if isinstance(action, ChooseTile):
        key = "ilos.action.first_island_tile" if setup else "ilos.action.explore"
        return Text(
            key=key,
            args={"tile": terms.tile(action.tile), "spots": terms.tile_contents(action.tile)},
        )
    if isinstance(action, CycleTile):
        return Text(key="ilos.action.cycle_tile", args={"tile": terms.tile(action.tile)})
    if isinstance(action, PlaceAt):
        return Text(
            key="ilos.action.place_at", args={"cell": terms.cell(state, action.q, action.r)}
        )
    if isinstance(action, Rotate):
        # named by where land and icons end up (never "rotation 4": the menu numbers the
        # choices and the picture shows the same numbers)
        tile = state.pending.tile if state.pending is not None else None
        if tile is None:
            return Text(key="ilos.action.rotate", args={"sides": []})
        return terms.rotation_words(comp.tiles[tile], action.rotation, "ilos.action.rotate")
    if isinstance(action, Land):
        key = "ilos.action.land_setup" if setup else "ilos.action.land"
        return Text(
            key=key,
            args={
                "region": terms.region(state, action.region),
                "spots": terms.region_contents(action.region),
            },
        )
    if isinstance(action, Occupy):
        return Text(key="ilos.action.occupy", args={"hideout": terms.hideout(action.tile)})
    if isinstance(action, PlayShip):
        if action.ship == "new":
            return term("ilos.action.ship_new")
        for ship in state.ships:
            if ship.id == action.ship:
                where = terms.ship_place(state, ship.region, ship.hideout)
                return Text(key="ilos.action.ship_move", args={"origin": where})
        return term("ilos.action.ship_unknown")
    if isinstance(action, PlayFarm):
        return Text(key="ilos.action.farm", args={"spot": terms.spot(state, action.spot)})
    if isinstance(action, PlayGoldMine):
        return Text(key="ilos.action.gold_mine", args={"spot": terms.spot(state, action.spot)})
    if isinstance(action, PlayRuins):
        return Text(
            key="ilos.action.ruins",
            args={"spot": terms.spot(state, action.spot), "count": comp.constants.ruins_gold},
        )
    if isinstance(action, PlayBuilding):
        where = terms.spot(state, action.spot)
        if action.kind == "fort" or action.copy_resource is None:
            return Text(key="ilos.action.fort", args={"spot": where})
        return Text(
            key="ilos.action.trading_post",
            args={"spot": where, "resource": terms.resource(action.copy_resource)},
        )
    if isinstance(action, PlayMarket):
        return Text(key="ilos.action.market", args={"resource": terms.resource(action.resource)})
    if isinstance(action, Pay):
        return Text(
            key="ilos.action.pay",
            args={"cards": cards_text(action.cards), "count": sum(action.cards.values())},
        )
    if isinstance(action, Cancel):
        if state.pending is not None and state.pending.purpose == "setup":
            return term("ilos.action.cancel_tile")
        return term("ilos.action.cancel")
    assert isinstance(action, EndTurn)
    return term("ilos.action.end_turn")


CARD_OF: dict[type, str] = {
    PlayShip: "ship",
    PlayFarm: "farm",
    PlayGoldMine: "gold_mine",
    PlayBuilding: "building",
    PlayRuins: "ruins",
    PlayMarket: "market",
}
"""The action card each card-playing action plays."""


def describe_detail(state: IlosState, seat: str, action: IlosAction) -> Text | None:
    """A menu option's second line: the played card's cost, conditions and effect."""
    from rules.ilos.cardtext import card_detail

    kind = CARD_OF.get(type(action))
    return card_detail(kind) if kind is not None else None
