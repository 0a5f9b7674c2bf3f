"""What one seat (or the public) may see of an Ilos game (ILOS-R130 to R134).

Hand cards and the tokens behind a screen are visible only to their owner (and every screen
at the end of the game). Everything else is public. The view carries the static tile
geometry too, so a renderer can draw the archipelago from the view alone.

Geometry for renderers: flat-top hexes in axial ``(q, r)``; pixel centre
``x = 1.5*s*q``, ``y = sqrt(3)*s*(r + q/2)`` (y down); board edges 0=N, 1=NE, 2=SE, 3=S,
4=SW, 5=NW. ``PlacedTileView.regions[*].board_edges`` are already rotated. Suggested
positions (region anchor, spot centres, hideout) are hex-local with circumradius 1, centre
(0, 0), y down: multiply by the hex size ``s`` and add the tile's pixel centre.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from rules.core import Text, View, term
from rules.ilos import terms
from rules.ilos.board import BoardFacts, draw_count, forts_of, markers_used, ships_in_play
from rules.ilos.components import CARD_TYPES, RESOURCES, Components, components
from rules.ilos.geometry import DIRS, board_edge, board_land_edges
from rules.ilos.layout import tile_layout
from rules.ilos.model import Declaration, IlosState


class SpotView(BaseModel):
    """One spot: ``kind`` is ebony/spice/dye/gold/ruins/site; ``owner`` is a seat or None."""

    id: str
    kind: str
    index: int
    owner: str | None = None
    building: Literal["fort", "trading_post"] | None = None
    label: str | None = None
    x: float = 0.0
    y: float = 0.0


class RegionGeometry(BaseModel):
    """A land region as printed (rotation 0): ``edges`` empty means an inner islet."""

    id: str
    edges: list[int]
    spots: list[str]


class TileGeometry(BaseModel):
    """Static tile data as printed: ``edges`` is 6 letters, L = land, s = sea, from N clockwise.

    ``number`` is what the tile shows and what labels call it (``tile 4``, ``rules.ilos.terms``).
    """

    id: str
    number: int = 0
    edges: str
    hideout: bool
    regions: list[RegionGeometry]


class PlacedRegionView(BaseModel):
    """A region of a placed tile: ``board_edges`` already rotated; ``island`` indexes ``islands``."""

    id: str
    board_edges: list[int]
    inner_islet: bool
    island: int
    spots: list[SpotView]
    ships: list[str] = Field(default_factory=list)
    x: float = 0.0
    y: float = 0.0


class PlacedTileView(BaseModel):
    """A tile in play; ``number`` is printed on it and names it in labels and events."""

    tile: str
    number: int = 0
    q: int
    r: int
    rotation: int
    order: int
    land_edges: list[int]
    hideout: bool
    pirate_ship: str | None = None
    pirate_owner: str | None = None
    regions: list[PlacedRegionView]
    hideout_x: float | None = None
    hideout_y: float | None = None


class ShipView(BaseModel):
    id: str
    owner: str
    colour: str
    region: str | None = None
    hideout: str | None = None
    pirate: bool = False


class IslandView(BaseModel):
    """An island: its regions, the owners of pirates influencing it, and fort owners on it."""

    index: int
    regions: list[str]
    pirates: list[str]
    forts: list[str]
    threatened_for: list[str]


class PriceTrackView(BaseModel):
    resource: str
    prices: list[int]
    step: int
    price: int
    top: bool


class PlayerView(BaseModel):
    seat: str
    colour: str
    is_first: bool
    is_active: bool
    hand_size: int
    hand: dict[str, int] | None = None
    screen: dict[str, int] | None = None
    production: dict[str, int]
    ships_in_play: int
    ships_in_supply: int
    colonists_used: int
    colonists_in_supply: int
    forts: int
    trading_posts: int
    draw_count: int
    mulligan_done: bool
    turns_taken: int


class PendingView(BaseModel):
    """The declaration in progress (shown to the acting seat only).

    ``title``, ``details`` and ``step`` say it in words (catalog texts) for the private panel:
    what is being played or placed, what has been chosen so far, and what to choose next.
    """

    title: Text = Field(default_factory=lambda: term("ilos.pending.card_unknown"))
    details: list[Text] = Field(default_factory=list)
    step: Text = Field(default_factory=lambda: term("ilos.stage.destination"))
    purpose: str
    stage: str
    card: str | None = None
    ship: str | None = None
    tile: str | None = None
    q: int | None = None
    r: int | None = None
    rotation: int | None = None
    region: str | None = None
    hideout: str | None = None
    spot: str | None = None
    kind: str | None = None
    copy_resource: str | None = None
    cost: int = 0
    pirate: bool = False


class IlosView(View):
    game: str = "ilos"
    phase: str
    round: int
    max_rounds: int | None
    last_round: bool
    active: str | None
    to_act: list[str]
    first_seat: str
    last_seat: str
    market_used: bool
    reveal_cost_cards: bool
    players: list[PlayerView]
    board: list[PlacedTileView]
    ships: list[ShipView]
    islands: list[IslandView]
    face_up: list[TileGeometry]
    stack_size: int
    box_size: int
    deck_size: int
    discard_size: int
    discard_counts: dict[str, int] | None = None
    prices: list[PriceTrackView]
    markers_total: int
    markers_left: int
    building_tokens_left: int
    pending: PendingView | None = None
    hex_dirs: list[tuple[int, int]] = Field(default_factory=lambda: list(DIRS))
    hex_orientation: str = "flat"
    data_source: str = "shipped"
    face_up_preview: list[PlacedTileView] = Field(default_factory=list)


def tile_geometry(comp: Components, tile_id: str) -> TileGeometry:
    t = comp.tiles[tile_id]
    return TileGeometry(
        id=t.id,
        number=terms.tile_number(t.id),
        edges=t.edges,
        hideout=t.hideout,
        regions=[
            RegionGeometry(id=r.id, edges=list(r.edges), spots=list(r.spots)) for r in t.regions
        ],
    )


def preview_tile(tile_id: str) -> PlacedTileView:
    """A face-up tile drawn as printed (rotation 0, empty spots), for the exploration area."""
    comp = components()
    tile = comp.tiles[tile_id]
    anchors, spot_xy, hideout_xy = tile_layout(tile_id, 0)
    regions = []
    for reg in tile.regions:
        rid = f"{tile_id}.{reg.id}"
        spots = [
            SpotView(
                id=sid, kind=comp.spot_kind[sid], index=i, x=spot_xy[sid][0], y=spot_xy[sid][1]
            )
            for i, sid in enumerate(comp.region_spots[rid])
        ]
        regions.append(
            PlacedRegionView(
                id=rid,
                board_edges=sorted(reg.edges),
                inner_islet=not reg.edges,
                island=-1,
                spots=spots,
                x=anchors[rid][0],
                y=anchors[rid][1],
            )
        )
    return PlacedTileView(
        tile=tile_id,
        number=terms.tile_number(tile_id),
        q=0,
        r=0,
        rotation=0,
        order=-1,
        land_edges=board_land_edges(tile, 0),
        hideout=tile.hideout,
        regions=regions,
        hideout_x=hideout_xy[0] if hideout_xy else None,
        hideout_y=hideout_xy[1] if hideout_xy else None,
    )


def pending_words(state: IlosState, pending: Declaration) -> tuple[Text, list[Text], Text]:
    """``title``, ``details`` and ``step`` of a declaration, in catalog texts."""
    details: list[Text] = []
    if pending.purpose == "setup":
        assert pending.tile is not None
        title = Text(key="ilos.pending.setup", args={"tile": terms.tile(pending.tile)})
    else:
        title = Text(key="ilos.pending.card", args={"card": terms.card(pending.card or "ship")})
        if pending.card == "ship":
            ship = next((s for s in state.ships if s.id == pending.ship), None)
            if ship is None:
                details.append(term("ilos.pending.new_ship"))
            else:
                where = terms.ship_place(state, ship.region, ship.hideout)
                details.append(Text(key="ilos.pending.ship_from", args={"origin": where}))
    if pending.tile is not None and pending.purpose == "card":
        details.append(Text(key="ilos.pending.explore", args={"tile": terms.tile(pending.tile)}))
    if pending.q is not None and pending.r is not None and pending.tile is not None:
        cell = terms.cell(state, pending.q, pending.r)
        details.append(Text(key="ilos.pending.cell", args={"cell": cell}))
    if pending.region is not None:
        region = terms.region(state, pending.region)
        details.append(Text(key="ilos.pending.destination", args={"place": region}))
    if pending.hideout is not None:
        place = terms.hideout(pending.hideout)
        details.append(Text(key="ilos.pending.destination", args={"place": place}))
    if pending.spot is not None:
        spot = terms.spot(state, pending.spot)
        if pending.building == "trading_post" and pending.copy_resource is not None:
            resource = terms.resource(pending.copy_resource)
            details.append(
                Text(key="ilos.pending.trading_post", args={"spot": spot, "resource": resource})
            )
        elif pending.building == "fort":
            details.append(Text(key="ilos.pending.fort", args={"spot": spot}))
        else:
            details.append(Text(key="ilos.pending.spot", args={"spot": spot}))
    if pending.stage == "pay":
        key = "ilos.pending.pirate_cost" if pending.pirate else "ilos.pending.cost"
        details.append(Text(key=key, args={"count": pending.cost}))
    return title, details, term(f"ilos.stage.{pending.stage}")


def build_view(state: IlosState, seat: str | None) -> IlosView:
    comp = components()
    facts = BoardFacts(state, comp)
    finished = state.phase == "finished"
    colours = comp.constants.colours
    colour = {s: colours[i] for i, s in enumerate(state.seats)}

    island_list = facts.islands.ordered()
    island_index = {facts.islands.island(regs[0]): i for i, regs in enumerate(island_list)}

    ships_at: dict[str, list[str]] = {}
    for ship in state.ships:
        if ship.region is not None:
            ships_at.setdefault(ship.region, []).append(ship.id)
    board: list[PlacedTileView] = []
    for order, p in enumerate(state.board):
        tile = comp.tiles[p.tile]
        anchors, spot_xy, hideout_xy = tile_layout(p.tile, p.rotation)
        pirate = next((s for s in state.ships if s.hideout == p.tile), None)
        regions: list[PlacedRegionView] = []
        for reg in tile.regions:
            rid = f"{p.tile}.{reg.id}"
            spots = []
            for i, sid in enumerate(comp.region_spots[rid]):
                occ = state.spots.get(sid)
                spots.append(
                    SpotView(
                        id=sid,
                        kind=comp.spot_kind[sid],
                        index=i,
                        owner=occ.owner if occ else None,
                        building=occ.building if occ else None,
                        label=occ.label if occ else None,
                        x=spot_xy[sid][0],
                        y=spot_xy[sid][1],
                    )
                )
            regions.append(
                PlacedRegionView(
                    id=rid,
                    board_edges=sorted(board_edge(e, p.rotation) for e in reg.edges),
                    inner_islet=not reg.edges,
                    island=island_index[facts.islands.island(rid)],
                    spots=spots,
                    ships=ships_at.get(rid, []),
                    x=anchors[rid][0],
                    y=anchors[rid][1],
                )
            )
        board.append(
            PlacedTileView(
                tile=p.tile,
                number=terms.tile_number(p.tile),
                q=p.q,
                r=p.r,
                rotation=p.rotation,
                order=order,
                land_edges=board_land_edges(tile, p.rotation),
                hideout=tile.hideout,
                pirate_ship=pirate.id if pirate else None,
                pirate_owner=pirate.owner if pirate else None,
                regions=regions,
                hideout_x=hideout_xy[0] if hideout_xy else None,
                hideout_y=hideout_xy[1] if hideout_xy else None,
            )
        )

    islands: list[IslandView] = []
    fort_owners: dict[str, set[str]] = {}
    for sid, occ in state.spots.items():
        if occ.building == "fort":
            fort_owners.setdefault(facts.island_of_spot(sid), set()).add(occ.owner)
    for i, regs in enumerate(island_list):
        root = facts.islands.island(regs[0])
        pirate_owners = set(facts.pirates_on(root))
        forts = fort_owners.get(root, set())
        islands.append(
            IslandView(
                index=i,
                regions=regs,
                pirates=sorted(pirate_owners),
                forts=sorted(forts),
                threatened_for=[s for s in state.seats if (pirate_owners - {s}) and s not in forts],
            )
        )

    players: list[PlayerView] = []
    for i, pl in enumerate(state.players):
        own = seat == pl.seat
        in_play = ships_in_play(state, pl.seat)
        players.append(
            PlayerView(
                seat=pl.seat,
                colour=colour[pl.seat],
                is_first=i == 0,
                is_active=state.phase != "finished" and state.active_seat == pl.seat,
                hand_size=sum(pl.hand.values()),
                hand={k: pl.hand[k] for k in CARD_TYPES} if own else None,
                screen={k: pl.screen[k] for k in RESOURCES} if (own or finished) else None,
                production={k: pl.production[k] for k in RESOURCES},
                ships_in_play=in_play,
                ships_in_supply=comp.constants.ships_per_player - in_play,
                colonists_used=pl.colonists_used,
                colonists_in_supply=comp.constants.colonists_per_player - pl.colonists_used,
                forts=forts_of(state, pl.seat),
                trading_posts=sum(
                    1
                    for s in state.spots.values()
                    if s.owner == pl.seat and s.building == "trading_post"
                ),
                draw_count=draw_count(state, pl.seat),
                mulligan_done=pl.mulligan_done,
                turns_taken=state.turns_taken.get(pl.seat, 0),
            )
        )

    prices = [
        PriceTrackView(
            resource=res,
            prices=list(comp.prices.tracks[res]),
            step=state.price_step[res],
            price=comp.price(res, state.price_step[res]),
            top=state.price_step[res] == len(comp.prices.tracks[res]) - 1,
        )
        for res in RESOURCES
    ]

    pending = None
    declared = state.pending
    if declared is not None and not finished and seat == declared.seat:
        title, details, step = pending_words(state, declared)
        shown = declared.model_dump(exclude={"seat", "kind", "building"})
        pending = PendingView(
            **shown, kind=declared.building, title=title, details=details, step=step
        )

    discard_counts = None
    if state.options.reveal_cost_cards:
        discard_counts = {k: state.discard.count(k) for k in CARD_TYPES}

    active = None if finished else state.active_seat
    return IlosView(
        viewer=seat,
        phase=state.phase,
        round=state.round,
        max_rounds=state.options.max_rounds,
        last_round=state.last_round,
        active=active,
        to_act=[] if active is None else [active],
        first_seat=state.seats[0],
        last_seat=state.seats[-1],
        market_used=state.market_used,
        reveal_cost_cards=state.options.reveal_cost_cards,
        players=players,
        board=board,
        ships=[
            ShipView(
                id=s.id,
                owner=s.owner,
                colour=colour[s.owner],
                region=s.region,
                hideout=s.hideout,
                pirate=s.hideout is not None,
            )
            for s in state.ships
        ],
        islands=islands,
        face_up=[tile_geometry(comp, t) for t in state.face_up],
        stack_size=len(state.stack),
        box_size=len(state.box),
        deck_size=len(state.deck),
        discard_size=len(state.discard),
        discard_counts=discard_counts,
        prices=prices,
        markers_total=comp.prices.markers_total,
        markers_left=comp.prices.markers_total - markers_used(state),
        building_tokens_left=state.building_tokens_left,
        pending=pending,
        data_source=comp.source,
        face_up_preview=[preview_tile(t) for t in state.face_up],
    )
