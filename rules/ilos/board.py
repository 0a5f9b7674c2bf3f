"""Derived board facts: islands, ships on islands, pirate threat, forts, empty spots.

Everything here is recomputed from the state (never stored), as the spec suggests.
"""

from __future__ import annotations

from rules.ilos.components import FARM_RESOURCES, Components, Resource, components
from rules.ilos.geometry import board_geometry
from rules.ilos.model import IlosState


class BoardFacts:
    """A snapshot of derived facts for one state (cheap to build, used once per call; what it
    counts is remembered, so the state must not change while a snapshot is in use)."""

    def __init__(self, state: IlosState, comp: Components | None = None) -> None:
        self.comp = comp or components()
        self.state = state
        self.geo = board_geometry(self.comp, state.board)
        self.islands = self.geo.islands
        self.cells = self.geo.cells
        self.placed_tiles = self.geo.placed_tiles
        self._forts: dict[str, set[str]] | None = None
        self._pirates: dict[str, list[str]] | None = None
        self._coast: dict[tuple[str, str], int] | None = None

    def island_of_spot(self, spot_id: str) -> str:
        return self.islands.island(spot_id.rsplit(".", 1)[0])

    def island_regions(self, island: str) -> list[str]:
        return self.islands.members[island]

    def island_spots(self, island: str) -> list[str]:
        return [s for rid in self.islands.members[island] for s in self.comp.region_spots[rid]]

    def coast_ships(self, seat: str, island: str) -> int:
        """Own ships on a coast of the island (pirate ships do not count, ILOS-A07)."""
        counts = self._coast
        if counts is None:  # every (owner, island) counted once per snapshot
            counts = self._coast = {}
            for s in self.state.ships:
                if s.region is not None:
                    key = (s.owner, self.islands.island(s.region))
                    counts[key] = counts.get(key, 0) + 1
        return counts.get((seat, island), 0)

    def pirates_on(self, island: str) -> list[str]:
        """Owners of pirate ships whose hideout tile touches the island (ILOS-R110)."""
        owners: list[str] = []
        for s in self.state.ships:
            if s.hideout is not None and island in self.islands.on_tile.get(s.hideout, set()):
                owners.append(s.owner)
        return owners

    def has_fort(self, seat: str, island: str) -> bool:
        """ILOS-R84: a fort on a site of that island carrying the player's colonist."""
        for sid, spot in self.state.spots.items():
            if (
                spot.owner == seat
                and spot.building == "fort"
                and self.island_of_spot(sid) == island
            ):
                return True
        return False

    def threatened(self, seat: str, island: str) -> bool:
        """ILOS-R40: an opponent's pirate influences the island and the seat has no fort there."""
        if not any(owner != seat for owner in self.pirates_on(island)):
            return False
        return not self.has_fort(seat, island)

    def farm_types(self, island: str) -> list[Resource]:
        """Farm resources present on the island (colonists on ebony/spice/dye icons)."""
        found: list[Resource] = []
        for sid in self.island_spots(island):
            kind = self.comp.spot_kind[sid]
            if sid in self.state.spots and kind in FARM_RESOURCES:
                res: Resource = kind
                if res not in found:
                    found.append(res)
        return [r for r in FARM_RESOURCES if r in found]

    def empty_spots(self) -> list[str]:
        return [
            sid
            for p in self.state.board
            for rid in self.comp.tile_regions[p.tile]
            for sid in self.comp.region_spots[rid]
            if sid not in self.state.spots
        ]

    def hideout_free(self, tile_id: str) -> bool:
        return self.comp.tiles[tile_id].hideout and not any(
            s.hideout == tile_id for s in self.state.ships
        )

    def placeable_face_up(self) -> list[str]:
        return [t for t in self.state.face_up if self.geo.can_place(t)]


def forts_of(state: IlosState, seat: str) -> int:
    return sum(1 for s in state.spots.values() if s.owner == seat and s.building == "fort")


def ships_in_play(state: IlosState, seat: str) -> int:
    return sum(1 for s in state.ships if s.owner == seat)


def draw_count(state: IlosState, seat: str) -> int:
    """ILOS-R22 step 3: 3 + own ships in play (pirates included, ILOS-A06) + own forts."""
    return components().constants.draw_base + ships_in_play(state, seat) + forts_of(state, seat)


def markers_used(state: IlosState) -> int:
    return sum(state.price_step.values())
