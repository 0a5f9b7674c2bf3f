"""Game terms and place names as ``Text`` (catalog keys), never raw ids.

Everything the Ilos rules say to people names things the way the board image shows them:

- **tiles** by the number printed on them (``tile 4`` / ``4번 타일``): the tile's position in
  the tile data (``T04`` is tile 4 in the shipped set);
- **coasts** (land regions) by their tile and the compass side of the tile they lie on, north
  being the top of the board image (``the north-east coast of tile 4``); a tile with a single
  land region has just ``the coast of tile 4``, an inner islet is ``the islet in the middle of
  tile 7``;
- **spots** by their kind and tile (``the ebony icon on tile 4``), with the coast added only if
  the tile has two spots of that kind;
- **empty cells** by the compass side of a neighbouring tile (``north-east of tile 4``);
- **pirate hideouts** by their tile.

Card types, resources, spot kinds and directions are catalog terms (``ilos.card.farm``,
``ilos.resource.ebony``, ``ilos.spot.site``, ``ilos.side.ne``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Protocol

from rules.core import RuleViolation, Text, term
from rules.core.engine import refusal as core_refusal
from rules.core.models import Arg
from rules.ilos.components import CARD_TYPES, RESOURCES, CardType, Resource, components
from rules.ilos.geometry import DIRS, board_edge
from rules.ilos.model import IlosState

# Compass sides in the order of their angle on the image (0 = east, clockwise, y down).
_COMPASS = ("e", "se", "s", "sw", "w", "nw", "n", "ne")
EDGE_SIDES = ("n", "ne", "se", "s", "sw", "nw")
"""Board edge 0..5 as a compass side (flat-top hexes, ILOS-R101)."""
SIDES = (*EDGE_SIDES, "e", "w", "centre")


@cache
def card(card_type: str) -> Text:
    """The card type's name (one frozen ``Text`` per type, shared)."""
    return term(f"ilos.card.{card_type}")


@cache
def resource(res: str) -> Text:
    return term(f"ilos.resource.{res}")


@cache
def spot_kind(kind: str) -> Text:
    return term(f"ilos.spot.{kind}")


def side(name: str) -> Text:
    return term(f"ilos.side.{name}")


def cards_text(cards: Mapping[CardType, int] | Mapping[str, int]) -> list[Text]:
    """Counted card types in catalogue order: ``2 Ships, 1 Market`` / ``선박 2장, 시장 1장``."""
    parts = [
        Text(key=f"ilos.cards.{t}", args={"count": cards[t]}) for t in CARD_TYPES if cards.get(t)
    ]
    return parts or [term("ilos.cards.none")]


def cards_list(cards: list[CardType]) -> list[Text]:
    return cards_text({t: cards.count(t) for t in CARD_TYPES})


def goods_text(goods: Mapping[Resource, int] | Mapping[str, int]) -> list[Text]:
    """Resource amounts, zeros left out: ``2 ebony, 1 gold`` / ``흑단 2개, 금 1개``."""
    parts = [
        Text(key="ilos.amount", args={"count": goods[r], "resource": resource(r)})
        for r in RESOURCES
        if goods.get(r)
    ]
    return parts or [term("ilos.goods.none")]


# ------------------------------------------------------------------------------- tiles


@cache
def _numbers() -> dict[str, int]:
    return {tile: i + 1 for i, tile in enumerate(components().tile_order)}


def tile_number(tile_id: str) -> int:
    """The number printed on the tile (its position in the tile data, from 1)."""
    return _numbers()[tile_id]


def tile(tile_id: str) -> Text:
    return Text(key="ilos.place.tile", args={"number": tile_number(tile_id)})


def hideout(tile_id: str) -> Text:
    return Text(key="ilos.place.hideout", args={"tile": tile(tile_id)})


def edge_sides(edges: list[int]) -> list[Text]:
    return [side(EDGE_SIDES[e]) for e in sorted(edges)]


def compass_side(board_edges: list[int]) -> str:
    """The compass side of a tile where land touching ``board_edges`` lies (``centre`` if it
    spans the tile, e.g. north and south)."""
    x = sum(math.cos(math.radians(270 + 60 * e)) for e in board_edges)
    y = sum(math.sin(math.radians(270 + 60 * e)) for e in board_edges)
    if math.hypot(x, y) < 0.5:
        return "centre"
    angle = math.degrees(math.atan2(y, x)) % 360
    return _COMPASS[round(angle / 45) % 8]


@cache
def region_sides(tile_id: str, rotation: int) -> dict[str, tuple[str, int]]:
    """Region id -> (side, n): ``side`` is a compass side, ``islet`` or ``only`` (the tile's
    single region); ``n`` numbers regions that would otherwise share a name (0 = unique)."""
    tdef = components().tiles[tile_id]
    names: dict[str, str] = {}
    for region in tdef.regions:
        rid = f"{tile_id}.{region.id}"
        if len(tdef.regions) == 1:
            names[rid] = "only"
        elif not region.edges:
            names[rid] = "islet"
        else:
            names[rid] = compass_side([board_edge(e, rotation) for e in region.edges])
    out: dict[str, tuple[str, int]] = {}
    for rid, name in names.items():
        same = [r for r, n in names.items() if n == name]
        out[rid] = (name, same.index(rid) + 1 if len(same) > 1 else 0)
    return out


def rotation_of(state: IlosState, tile_id: str) -> int:
    """The rotation a tile is shown in: placed, being placed, or as printed (face up)."""
    for placed in state.board:
        if placed.tile == tile_id:
            return placed.rotation
    pending = state.pending
    if pending is not None and pending.tile == tile_id and pending.rotation is not None:
        return pending.rotation
    return 0


def region_at(region_id: str, rotation: int) -> Text:
    tile_id = region_id.split(".", 1)[0]
    name, n = region_sides(tile_id, rotation)[region_id]
    where = tile(tile_id)
    if n:
        key = "ilos.place.islet_nth" if name == "islet" else "ilos.place.coast_nth"
        args: dict[str, Arg] = {"tile": where, "n": n}
        if name not in ("islet", "only"):
            args["side"] = side(name)
        return Text(key=key, args=args)
    if name == "only":
        return Text(key="ilos.place.coast", args={"tile": where})
    if name == "islet":
        return Text(key="ilos.place.islet", args={"tile": where})
    return Text(key="ilos.place.coast_side", args={"tile": where, "side": side(name)})


def region(state: IlosState, region_id: str) -> Text:
    """``the north-east coast of tile 4`` (the region's side as the tile lies now)."""
    return region_at(region_id, rotation_of(state, region_id.split(".", 1)[0]))


def spot_at(spot_id: str, rotation: int) -> Text:
    """``the ebony icon on tile 4``; the coast is added when the tile has two spots of that
    kind, and a number when the coast has two as well."""
    comp = components()
    tile_id, _rid, _index = spot_id.split(".")
    region_id = spot_id.rsplit(".", 1)[0]
    kind = comp.spot_kind[spot_id]
    on_tile = [
        s
        for r in comp.tile_regions[tile_id]
        for s in comp.region_spots[r]
        if comp.spot_kind[s] == kind
    ]
    key = f"ilos.place.spot.{kind}"
    if len(on_tile) == 1:
        return Text(key=key, args={"where": tile(tile_id)})
    where = region_at(region_id, rotation)
    in_region = [s for s in comp.region_spots[region_id] if comp.spot_kind[s] == kind]
    text = Text(key=key, args={"where": where})
    if len(in_region) == 1:
        return text
    return Text(key="ilos.place.spot_nth", args={"spot": text, "n": in_region.index(spot_id) + 1})


def spot(state: IlosState, spot_id: str) -> Text:
    return spot_at(spot_id, rotation_of(state, spot_id.split(".", 1)[0]))


def cell(state: IlosState, q: int, r: int) -> Text:
    """An empty cell by a neighbouring tile (the lowest number): ``north-east of tile 4``."""
    best: tuple[int, str, int] | None = None
    for placed in state.board:
        for d, (dq, dr) in enumerate(DIRS):
            if (placed.q + dq, placed.r + dr) == (q, r):
                candidate = (tile_number(placed.tile), placed.tile, d)
                if best is None or candidate < best:
                    best = candidate
    if best is None:
        return term("ilos.place.centre")
    return Text(
        key="ilos.place.cell", args={"tile": tile(best[1]), "side": side(EDGE_SIDES[best[2]])}
    )


def tile_contents(tile_id: str) -> list[Text]:
    """What a tile offers, as printed: its spot kinds, then its pirate hideout."""
    tdef = components().tiles[tile_id]
    out = [spot_kind(kind) for region in tdef.regions for kind in region.spots]
    if tdef.hideout:
        out.append(term("ilos.term.hideout"))
    return out


def region_contents(region_id: str) -> list[Text]:
    comp = components()
    return [spot_kind(comp.spot_kind[s]) for s in comp.region_spots.get(region_id, [])]


def ship_place(state: IlosState, region_id: str | None, hideout_tile: str | None) -> Text:
    if hideout_tile is not None:
        return hideout(hideout_tile)
    assert region_id is not None
    return region(state, region_id)


def refusal(code: str, **args: Arg) -> RuleViolation:
    """A refused action: code ``code``, text ``ilos.refusal.<code>`` (en and ko catalogs),
    built when it is read."""
    return core_refusal("ilos.refusal", code, **args)


class _Region(Protocol):
    @property
    def edges(self) -> list[int]: ...

    @property
    def spots(self) -> Sequence[str]: ...


class _Tile(Protocol):
    @property
    def edges(self) -> str: ...

    @property
    def regions(self) -> Sequence[_Region]: ...


def rotation_words(tile: _Tile, k: int, keys: str = "ilos.choice.rotation") -> Text:
    """A rotation of ``tile`` by ``k`` steps, named by where each coast's icons end up
    ("ebony to the north; gold to the south-west"), so that rotations of a tile whose land
    faces the same sides differ; the menu label and the picture's legend say the same (the
    label in shorter words: ``keys`` names the catalog family, ``<keys>_1``..``_3``,
    ``<keys>_spots``, ``<keys>_spots_centre`` and ``<keys>`` for land sides only)."""
    parts: list[Text] = []
    args: dict[str, Arg]
    for region in tile.regions:
        if not region.edges or not region.spots:
            continue
        where = compass_side([(e + k) % 6 for e in region.edges])
        spots = [spot_kind(kind) for kind in region.spots]
        if where == "centre":
            # across the middle: the land's sides tell such rotations apart
            edges = sorted((e + k) % 6 for e in region.edges)
            args = {"spots": spots, "sides": edge_sides(edges)}
            parts.append(Text(key=f"{keys}_spots_centre", args=args))
        else:
            args = {"spots": spots, "side": side(where)}
            parts.append(Text(key=f"{keys}_spots", args=args))
    if 1 <= len(parts) <= 3:
        names: dict[str, Arg] = dict(zip("abc", parts, strict=False))
        return Text(key=f"{keys}_{len(parts)}", args=names)
    land = [(e + k) % 6 for e, c in enumerate(tile.edges) if c == "L"]
    return Text(key=keys, args={"sides": edge_sides(land)})
