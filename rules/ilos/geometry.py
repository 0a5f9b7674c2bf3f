"""The hex map: tile rotation, placement legality and islands (ILOS-R100 to R113).

Flat-top hexes in axial coordinates; edges 0=N, 1=NE, 2=SE, 3=S, 4=SW, 5=NW. A tile at
rotation k shows its printed edge e on board edge (e + k) mod 6.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from rules.ilos.components import Components, TileDef, components
from rules.ilos.model import PlacedTile

DIRS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
Cell = tuple[int, int]


def printed_edge(board_edge: int, rotation: int) -> int:
    return (board_edge - rotation) % 6


def board_edge(printed: int, rotation: int) -> int:
    return (printed + rotation) % 6


@cache
def _land_table(tile_id: str, rotation: int) -> tuple[bool, ...]:
    tile = components().tiles[tile_id]
    return tuple(tile.is_land(printed_edge(d, rotation)) for d in range(6))


@cache
def edge_regions(tile_id: str, rotation: int) -> tuple[str | None, ...]:
    """The region id (``T04.a``) on each board edge of a placed tile, None for sea."""
    tile = components().tiles[tile_id]
    out: list[str | None] = []
    for d in range(6):
        region = tile.region_at(printed_edge(d, rotation))
        out.append(None if region is None else f"{tile_id}.{region.id}")
    return tuple(out)


def land_on_board(tile: TileDef, rotation: int, edge: int) -> bool:
    return _land_table(tile.id, rotation)[edge]


def board_land_edges(tile: TileDef, rotation: int) -> list[int]:
    return [d for d in range(6) if land_on_board(tile, rotation, d)]


def neighbour(cell: Cell, edge: int) -> Cell:
    dq, dr = DIRS[edge]
    return (cell[0] + dq, cell[1] + dr)


def cell_map(board: Iterable[PlacedTile]) -> dict[Cell, PlacedTile]:
    return {(p.q, p.r): p for p in board}


def placement_ok(
    comp: Components, cells: dict[Cell, PlacedTile], tile: TileDef, cell: Cell, rotation: int
) -> bool:
    """ILOS-R104/R105: matching edge types with every neighbour, at least one land join."""
    if cell in cells:
        return False
    if not cells:
        return cell == (0, 0)
    joined = False
    any_neighbour = False
    for d in range(6):
        other = cells.get(neighbour(cell, d))
        if other is None:
            continue
        any_neighbour = True
        mine = land_on_board(tile, rotation, d)
        theirs = land_on_board(comp.tiles[other.tile], other.rotation, (d + 3) % 6)
        if mine != theirs:
            return False
        if mine:
            joined = True
    return any_neighbour and joined


def frontier(cells: dict[Cell, PlacedTile]) -> list[Cell]:
    """Empty cells next to a tile in play (just the origin on an empty board), sorted."""
    if not cells:
        return [(0, 0)]
    out: set[Cell] = set()
    for cell in cells:
        for d in range(6):
            n = neighbour(cell, d)
            if n not in cells:
                out.add(n)
    return sorted(out)


def placements(
    comp: Components, cells: dict[Cell, PlacedTile], tile_id: str
) -> list[tuple[Cell, int]]:
    """Every legal (cell, rotation) for a tile: ``placement_ok`` of each rotation at each
    cell of the ``frontier``, in that order, with what each cell's neighbours show on the
    shared edges read once per cell instead of once per rotation."""
    if not cells:
        return [((0, 0), k) for k in range(6)]  # the first tile: at the centre, any way
    lands = [_land_table(tile_id, k) for k in range(6)]
    out: list[tuple[Cell, int]] = []
    for cell in frontier(cells):
        q, r = cell
        shown: list[tuple[int, bool]] = []  # (edge, land?) of each neighbour on that edge
        for d, (dq, dr) in enumerate(DIRS):
            other = cells.get((q + dq, r + dr))
            if other is not None:
                shown.append((d, _land_table(other.tile, other.rotation)[(d + 3) % 6]))
        if not shown:
            continue
        for k in range(6):
            land = lands[k]
            joined = False
            for d, theirs in shown:
                if land[d] != theirs:
                    break
                if theirs:
                    joined = True
            else:
                if joined:
                    out.append((cell, k))
    return out


def can_place(comp: Components, cells: dict[Cell, PlacedTile], tile_id: str) -> bool:
    return bool(placements(comp, cells, tile_id))


class Islands:
    """Connected land regions over the board (ILOS-R107), by union-find."""

    def __init__(self, comp: Components, board: list[PlacedTile]) -> None:
        parent: dict[str, str] = {}
        for p in board:
            for rid in comp.tile_regions[p.tile]:
                parent[rid] = rid

        def find(x: str) -> str:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        cells = cell_map(board)
        for p in board:
            mine = edge_regions(p.tile, p.rotation)
            for d in range(6):
                here = mine[d]
                if here is None:
                    continue
                other = cells.get(neighbour((p.q, p.r), d))
                if other is None:
                    continue
                orid = edge_regions(other.tile, other.rotation)[(d + 3) % 6]
                if orid is None:
                    continue
                a = find(here)
                b = find(orid)
                if a != b:
                    parent[max(a, b)] = min(a, b)
        self.of: dict[str, str] = {rid: find(rid) for rid in parent}
        members: dict[str, list[str]] = {}
        for rid, root in self.of.items():
            members.setdefault(root, []).append(rid)
        self.members = {k: sorted(v) for k, v in members.items()}
        # Island roots touching each tile (for pirate influence, ILOS-R110).
        self.on_tile: dict[str, set[str]] = {}
        for p in board:
            self.on_tile[p.tile] = {self.of[rid] for rid in comp.tile_regions[p.tile]}

    def island(self, region_id: str) -> str:
        return self.of[region_id]

    def ordered(self) -> list[list[str]]:
        """Islands as sorted region lists, sorted by their first region."""
        return sorted(self.members.values())


class Geometry:
    """What the tiles in play decide, built once per arrangement of tiles (issue 22, point 2):
    the cell map, the islands and, per tile asked about, its legal placements. Shared by
    every state with the same tiles at the same places (``board_geometry``); nothing in it
    may be changed by its users."""

    def __init__(self, comp: Components, board: list[PlacedTile]) -> None:
        self.comp = comp
        self.cells = cell_map(board)
        self.islands = Islands(comp, board)
        self.placed_tiles = frozenset(p.tile for p in board)
        """The tiles in play (``BoardFacts.placed_tiles``)."""
        self._placements: dict[str, list[tuple[Cell, int]]] = {}

    def placements(self, tile_id: str) -> list[tuple[Cell, int]]:
        """Every legal (cell, rotation) for a tile (``placements``), remembered."""
        found = self._placements.get(tile_id)
        if found is None:
            found = self._placements[tile_id] = placements(self.comp, self.cells, tile_id)
        return found

    def can_place(self, tile_id: str) -> bool:
        return bool(self.placements(tile_id))

    def rotations(self, tile_id: str, cell: Cell) -> list[int]:
        """The legal rotations of a tile at one cell, ascending (``placement_ok`` of each)."""
        return [k for at, k in self.placements(tile_id) if at == cell]


_GEOMETRY: dict[tuple[str, tuple[tuple[str, int, int, int], ...]], Geometry] = {}
_GEOMETRY_KEPT = 4096
_SEEN: dict[tuple[str, tuple[int, ...]], tuple[Geometry, tuple[PlacedTile, ...]]] = {}
"""The geometry by the identity of the placed tiles (a step copy shares them, and they are
never changed in place, ``IlosState.__shallow_fields__``): each entry keeps its tiles alive,
so their ids are not reused while it is kept."""


def board_geometry(comp: Components, board: list[PlacedTile]) -> Geometry:
    """The ``Geometry`` of these tiles in play (a pure function of the tiles and the data
    set, so remembering it changes no result)."""
    seen = (comp.data_hash, tuple(map(id, board)))
    known = _SEEN.get(seen)
    if known is not None:
        return known[0]
    key = (comp.data_hash, tuple((p.tile, p.q, p.r, p.rotation) for p in board))
    found = _GEOMETRY.get(key)
    if found is None:
        if len(_GEOMETRY) >= _GEOMETRY_KEPT:
            _GEOMETRY.clear()
        found = _GEOMETRY[key] = Geometry(comp, board)
    if len(_SEEN) >= _GEOMETRY_KEPT:
        _SEEN.clear()
    _SEEN[seen] = (found, tuple(board))
    return found
