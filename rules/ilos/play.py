"""Card conditions, costs and effects (ILOS-R24, R40 to R97).

Checks raise ``RuleViolation`` with a ``Text`` (``ilos.refusal.<code>``); ``legal_actions`` uses
the same checks, so what is offered and what is accepted never drift apart.
"""

from __future__ import annotations

from rules.core import Event
from rules.core.engine import quiet
from rules.ilos import terms
from rules.ilos.board import BoardFacts, markers_used, ships_in_play
from rules.ilos.components import FARM_RESOURCES, CardType, Resource, components
from rules.ilos.model import BuildingKind, IlosState, ShipState, SpotState
from rules.ilos.terms import refusal

SPOT_CARD: dict[str, CardType] = {
    "ebony": "farm",
    "spice": "farm",
    "dye": "farm",
    "gold": "gold_mine",
    "ruins": "ruins",
    "site": "building",
}


def hand_size(state: IlosState, seat: str) -> int:
    return sum(state.player(seat).hand.values())


def card_cost(facts: BoardFacts, seat: str, card: CardType, island: str | None) -> tuple[int, bool]:
    """ILOS-R40/R41: normal or pirate cost, judged on the board as it is now."""
    cdef = facts.comp.cards[card]
    if cdef.pirate_cost is not None and island is not None and facts.threatened(seat, island):
        return cdef.pirate_cost, True
    return cdef.cost, False


def need_card(state: IlosState, seat: str, card: CardType, cost: int) -> None:
    hand = state.player(seat).hand
    if hand.get(card, 0) < 1:
        raise refusal("no_card", card=terms.card(card))
    if hand_size(state, seat) < cost + 1:
        raise refusal(
            "cannot_afford",
            card=terms.card(card),
            count=cost,
            held=hand_size(state, seat) - 1,
        )


def check_spot_play(
    state: IlosState,
    facts: BoardFacts,
    seat: str,
    card: CardType,
    spot: str,
    kind: BuildingKind | None = None,
    copy_resource: Resource | None = None,
) -> tuple[int, bool]:
    """Conditions of Farm, Gold mine, Building and Ruins; returns (cost, pirate)."""
    comp = facts.comp
    if spot not in comp.spot_kind:
        raise refusal("unknown_spot")
    tile_id = spot.split(".", 1)[0]
    if tile_id not in facts.placed_tiles:
        raise refusal("spot_not_in_play")
    spot_kind = comp.spot_kind[spot]
    if SPOT_CARD[spot_kind] != card:
        raise refusal("wrong_spot", card=terms.card(card), kind=terms.spot_kind(spot_kind))
    if spot in state.spots:
        raise refusal("spot_taken", spot=terms.spot(state, spot))
    player = state.player(seat)
    if player.colonists_used >= comp.constants.colonists_per_player:
        raise refusal("no_colonist")
    island = facts.island_of_spot(spot)
    needed = comp.cards[card].ships_needed
    if facts.coast_ships(seat, island) < needed:
        raise refusal("not_enough_ships", card=terms.card(card), count=needed)
    if card == "building":
        if kind is None:
            raise refusal("bad_building")
        if state.building_tokens_left <= 0:
            raise refusal("no_building_token")
        if kind == "fort":
            if copy_resource is not None:
                raise refusal("fort_copies_nothing")
        else:
            types = facts.farm_types(island)
            if not types:
                raise refusal("no_farm")
            if copy_resource not in types:
                raise refusal("bad_copy", goods=[terms.resource(r) for r in types])
    elif kind is not None or copy_resource is not None:
        raise refusal("bad_action")
    cost, pirate = card_cost(facts, seat, card, island)
    need_card(state, seat, card, cost)
    return cost, pirate


def check_market(state: IlosState, seat: str, resource: Resource) -> None:
    """ILOS-R90 to R94."""
    comp = components()
    if state.player(seat).hand.get("market", 0) < 1:
        raise refusal("no_card", card=terms.card("market"))
    if state.market_used:
        raise refusal("market_used")
    if markers_used(state) >= comp.prices.markers_total:
        raise refusal("no_marker")
    if state.price_step[resource] >= len(comp.prices.tracks[resource]) - 1:
        raise refusal("top_price", resource=terms.resource(resource))
    if state.player(seat).screen.get(resource, 0) < 1:
        raise refusal("no_resource", resource=terms.resource(resource))


def check_ship_start(state: IlosState, seat: str, ship: str) -> ShipState | None:
    """ILOS-R50: a new ship needs one in supply; a moved ship must be your own in play."""
    comp = components()
    need_card(state, seat, "ship", comp.cards["ship"].cost)
    if ship == "new":
        if ships_in_play(state, seat) >= comp.constants.ships_per_player:
            raise refusal("no_ship", count=comp.constants.ships_per_player)
        return None
    for s in state.ships:
        if s.id == ship:
            if s.owner != seat:
                raise refusal("not_your_ship")
            return s
    raise refusal("unknown_ship")


def coast_destinations(facts: BoardFacts, current: ShipState | None) -> list[str]:
    """Ship option (a): every region in play except the ship's own coast (ILOS-R56)."""
    here = current.region if current is not None else None
    return [
        rid for p in facts.state.board for rid in facts.comp.tile_regions[p.tile] if rid != here
    ]


def hideout_destinations(facts: BoardFacts) -> list[str]:
    """Ship option (c): every empty hideout in play."""
    return [p.tile for p in facts.state.board if facts.hideout_free(p.tile)]


def place_colonist(
    state: IlosState, seat: str, spot: str, occupant: SpotState, ev: list[Event]
) -> None:
    """Put a colonist on a spot; the 10th colonist makes this round the last (ILOS-R120)."""
    comp = components()
    player = state.player(seat)
    state.spots[spot] = occupant
    player.colonists_used += 1
    if player.colonists_used == comp.constants.colonists_per_player and not state.last_round:
        state.last_round = True
        state.end_reason = "colonists"
        state.end_seat = seat
        ev.append(
            Event(
                key="ilos.last_round_colonists",
                args={"seat": seat, "count": comp.constants.colonists_per_player},
                seat=seat,
            )
        )


def spot_effect(
    state: IlosState,
    seat: str,
    card: CardType,
    spot: str,
    kind: BuildingKind | None,
    copy_resource: Resource | None,
    ev: list[Event],
) -> None:
    """Effects of Farm (R71), Gold mine (R76), Building (R81 to R83) and Ruins (R96): the
    card's event, then the last round's if this was the 10th colonist (``place_colonist``).
    The spot is named as the tile lies, which placing a colonist does not change."""
    comp = components()
    player = state.player(seat)
    spot_kind = comp.spot_kind[spot]
    loud = not quiet(ev)
    if card in ("farm", "gold_mine"):
        res: Resource = "gold" if spot_kind == "gold" else _farm(spot_kind)
        if loud:
            key = "ilos.farm_built" if card == "farm" else "ilos.gold_mine_built"
            where = terms.spot(state, spot)
            ev.append(
                Event(
                    key=key,
                    args={"seat": seat, "spot": where, "resource": terms.resource(res)},
                    seat=seat,
                )
            )
        place_colonist(state, seat, spot, SpotState(owner=seat), ev)
        player.production[res] += 1
    elif card == "building":
        assert kind is not None
        if loud and kind == "trading_post":
            assert copy_resource is not None
            ev.append(
                Event(
                    key="ilos.trading_post_built",
                    args={
                        "seat": seat,
                        "spot": terms.spot(state, spot),
                        "resource": terms.resource(copy_resource),
                    },
                    seat=seat,
                )
            )
        elif loud:
            ev.append(
                Event(
                    key="ilos.fort_built",
                    args={"seat": seat, "spot": terms.spot(state, spot)},
                    seat=seat,
                )
            )
        occupant = SpotState(owner=seat, building=kind, label=copy_resource)
        place_colonist(state, seat, spot, occupant, ev)
        state.building_tokens_left -= 1
        if kind == "trading_post":
            assert copy_resource is not None
            player.production[copy_resource] += 1
    elif card == "ruins":
        gain = comp.constants.ruins_gold
        if loud:
            ev.append(
                Event(
                    key="ilos.ruins_explored",
                    args={"seat": seat, "spot": terms.spot(state, spot), "count": gain},
                    seat=seat,
                )
            )
        place_colonist(state, seat, spot, SpotState(owner=seat), ev)
        player.screen["gold"] += gain


def _farm(kind: str) -> Resource:
    for res in FARM_RESOURCES:
        if res == kind:
            return res
    raise ValueError(kind)
