"""Short button labels for actions (catalog keys ``ilos.action.*``)."""

from __future__ import annotations

from rules.core import Text
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
from rules.ilos.components import CARD_TYPES, CardType, components
from rules.ilos.model import IlosState

EDGE_NAMES = ("N", "NE", "SE", "S", "SW", "NW")


def cards_text(cards: dict[CardType, int]) -> str:
    """``ship x2, market x1`` (card type ids, catalogue order); ``-`` for none."""
    parts = [f"{t} x{cards[t]}" for t in CARD_TYPES if cards.get(t, 0)]
    return ", ".join(parts) if parts else "-"


def describe_action(state: IlosState, seat: str, action: IlosAction) -> Text:
    comp = components()
    if isinstance(action, Mulligan):
        n = sum(action.discard.values())
        if n == 0:
            return Text(key="ilos.action.keep_hand")
        return Text(
            key="ilos.action.mulligan", args={"count": n, "cards": cards_text(action.discard)}
        )
    if isinstance(action, ChooseTile):
        tdef = comp.tiles[action.tile]
        contents: list[str] = [kind for region in tdef.regions for kind in region.spots]
        if tdef.hideout:
            contents.append("hideout")
        return Text(
            key="ilos.action.explore",
            args={"tile": action.tile, "edges": tdef.edges, "spots": ", ".join(contents)},
        )
    if isinstance(action, CycleTile):
        return Text(key="ilos.action.cycle_tile", args={"tile": action.tile})
    if isinstance(action, PlaceAt):
        return Text(key="ilos.action.place_at", args={"q": action.q, "r": action.r})
    if isinstance(action, Rotate):
        tile = state.pending.tile if state.pending is not None else None
        land = ""
        if tile is not None:
            t = comp.tiles[tile]
            land = "+".join(EDGE_NAMES[(e + action.rotation) % 6] for e in range(6) if t.is_land(e))
        return Text(key="ilos.action.rotate", args={"rotation": action.rotation, "land": land})
    if isinstance(action, Land):
        kinds = ", ".join(comp.spot_kind[s] for s in comp.region_spots.get(action.region, []))
        return Text(key="ilos.action.land", args={"region": action.region, "spots": kinds})
    if isinstance(action, Occupy):
        return Text(key="ilos.action.occupy", args={"tile": action.tile})
    if isinstance(action, PlayShip):
        if action.ship == "new":
            return Text(key="ilos.action.ship_new")
        where = ""
        for s in state.ships:
            if s.id == action.ship:
                where = s.region or f"{s.hideout} hideout"
        return Text(key="ilos.action.ship_move", args={"ship": action.ship, "where": where})
    if isinstance(action, PlayFarm):
        return Text(
            key="ilos.action.farm",
            args={"spot": action.spot, "resource": comp.spot_kind[action.spot]},
        )
    if isinstance(action, PlayGoldMine):
        return Text(key="ilos.action.gold_mine", args={"spot": action.spot})
    if isinstance(action, PlayRuins):
        return Text(key="ilos.action.ruins", args={"spot": action.spot})
    if isinstance(action, PlayBuilding):
        if action.kind == "fort":
            return Text(key="ilos.action.fort", args={"spot": action.spot})
        return Text(
            key="ilos.action.trading_post",
            args={"spot": action.spot, "resource": action.copy_resource or ""},
        )
    if isinstance(action, PlayMarket):
        return Text(key="ilos.action.market", args={"resource": action.resource})
    if isinstance(action, Pay):
        return Text(
            key="ilos.action.pay",
            args={"cards": cards_text(action.cards), "count": sum(action.cards.values())},
        )
    if isinstance(action, Cancel):
        return Text(key="ilos.action.cancel")
    assert isinstance(action, EndTurn)
    return Text(key="ilos.action.end_turn")
