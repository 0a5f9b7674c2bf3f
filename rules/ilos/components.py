"""Ilos component data: action cards, island tiles, the price chart and constants.

Loaded once from ``rules/ilos/data/*.json`` and validated (per file and across files), so a
typo fails loudly at start-up. The state refers to cards by type and to tiles by id.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator

from rules.core.data import combined_hash, load_model, per_data_set
from rules.core.errors import DataError

GAME = "ilos"

CardType = Literal["ship", "farm", "gold_mine", "building", "ruins", "market"]
CARD_TYPES: tuple[CardType, ...] = ("ship", "farm", "gold_mine", "building", "ruins", "market")
Resource = Literal["ebony", "spice", "dye", "gold"]
RESOURCES: tuple[Resource, ...] = ("ebony", "spice", "dye", "gold")
FARM_RESOURCES: tuple[Resource, ...] = ("ebony", "spice", "dye")
SpotKind = Literal["ebony", "spice", "dye", "gold", "ruins", "site"]
SPOT_KINDS: tuple[SpotKind, ...] = ("ebony", "spice", "dye", "gold", "ruins", "site")


class CardDef(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: CardType
    count: int
    cost: int
    pirate_cost: int | None
    ships_needed: int
    uses_colonist: bool


class CardsFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    cards: list[CardDef]

    @model_validator(mode="after")
    def _check(self) -> CardsFile:
        ids = [c.id for c in self.cards]
        if sorted(ids) != sorted(CARD_TYPES):
            raise ValueError(f"card types must be exactly {CARD_TYPES}, got {ids}")
        for c in self.cards:
            if c.count <= 0 or c.cost < 0 or c.ships_needed < 0:
                raise ValueError(f"card {c.id}: counts and costs must be positive")
            if c.pirate_cost is not None and c.pirate_cost < c.cost:
                raise ValueError(f"card {c.id}: pirate cost below normal cost")
        return self


class RegionDef(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    edges: list[int]
    spots: list[SpotKind]


class TileDef(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    edges: str
    hideout: bool
    regions: list[RegionDef]

    def is_land(self, printed_edge: int) -> bool:
        return self.edges[printed_edge] == "L"

    def region_at(self, printed_edge: int) -> RegionDef | None:
        for region in self.regions:
            if printed_edge in region.edges:
                return region
        return None

    @model_validator(mode="after")
    def _check(self) -> TileDef:
        if len(self.edges) != 6 or set(self.edges) - {"L", "s"}:
            raise ValueError(f"tile {self.id}: edges must be 6 letters of L/s")
        if "L" not in self.edges:
            raise ValueError(f"tile {self.id}: needs at least one land edge")
        if not 1 <= len(self.regions) <= 3:
            raise ValueError(f"tile {self.id}: 1 to 3 regions")
        region_ids = [r.id for r in self.regions]
        if len(set(region_ids)) != len(region_ids):
            raise ValueError(f"tile {self.id}: duplicate region ids")
        owned: list[int] = []
        for region in self.regions:
            if not region.spots:
                raise ValueError(f"tile {self.id}.{region.id}: a region needs spots")
            for e in region.edges:
                if not 0 <= e <= 5:
                    raise ValueError(f"tile {self.id}.{region.id}: edge {e} out of range")
            owned.extend(region.edges)
        if len(owned) != len(set(owned)):
            raise ValueError(f"tile {self.id}: an edge belongs to two regions")
        land = {i for i, c in enumerate(self.edges) if c == "L"}
        if set(owned) != land:
            raise ValueError(
                f"tile {self.id}: region edges {sorted(owned)} != land edges {sorted(land)}"
            )
        return self


class TilesFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    tiles: list[TileDef]


class PricesFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    markers_total: int
    markers_spare: int
    tracks: dict[Resource, list[int]]

    @model_validator(mode="after")
    def _check(self) -> PricesFile:
        if sorted(self.tracks) != sorted(RESOURCES):
            raise ValueError("the price chart needs exactly ebony, spice, dye and gold")
        for res, track in self.tracks.items():
            if len(track) != 5:
                raise ValueError(f"{res}: 5 printed prices (start + 4 raises)")
            if any(b <= a for a, b in pairwise(track)) or track[0] < 0:
                raise ValueError(f"{res}: prices must rise")
        if self.markers_total <= 0 or self.markers_spare < 0:
            raise ValueError("marker counts must be positive")
        return self


class Constants(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    players_min: int
    players_max: int
    tiles_total: int
    tiles_per_player: int
    face_up: int
    start_hand: int
    draw_base: int
    ships_per_player: int
    colonists_per_player: int
    building_tokens: int
    ruins_gold: int
    cards_total: int
    max_rounds_default: int
    colours: list[str]
    spot_totals: dict[SpotKind, int]
    hideouts_total: int


class Components:
    """Every validated data file, with lookup tables."""

    def __init__(
        self,
        cards: CardsFile,
        tiles: TilesFile,
        prices: PricesFile,
        constants: Constants,
        data_hash: str,
        source: str,
    ) -> None:
        self.cards = {c.id: c for c in cards.cards}
        self.tiles = {t.id: t for t in tiles.tiles}
        self.tile_order = [t.id for t in tiles.tiles]
        self.prices = prices
        self.constants = constants
        self.data_hash = data_hash
        self.source = source
        self.spot_kind: dict[str, SpotKind] = {}
        self.region_spots: dict[str, list[str]] = {}
        self.tile_regions: dict[str, list[str]] = {}
        self.tile_spots: dict[str, list[tuple[str, str, SpotKind]]] = {}
        """Each tile's spots in order: (spot, its region, its kind)."""
        for tile in tiles.tiles:
            self.tile_regions[tile.id] = [f"{tile.id}.{r.id}" for r in tile.regions]
            self.tile_spots[tile.id] = []
            for region in tile.regions:
                rid = f"{tile.id}.{region.id}"
                ids = [f"{rid}.{i}" for i in range(len(region.spots))]
                self.region_spots[rid] = ids
                for sid, kind in zip(ids, region.spots, strict=True):
                    self.spot_kind[sid] = kind
                    self.tile_spots[tile.id].append((sid, rid, kind))
        self._cross_check()

    def _cross_check(self) -> None:
        c = self.constants
        if sum(card.count for card in self.cards.values()) != c.cards_total:
            raise DataError(f"ilos: action cards must total {c.cards_total}")
        if len(self.tiles) != c.tiles_total or len(self.tile_order) != c.tiles_total:
            raise DataError(f"ilos: need {c.tiles_total} tiles with distinct ids")
        if c.tiles_per_player * c.players_max > c.tiles_total:
            raise DataError("ilos: not enough tiles for the largest player count")
        if c.face_up > c.tiles_per_player * c.players_min:
            raise DataError("ilos: face-up count larger than the smallest stack")
        if len(c.colours) < c.players_max:
            raise DataError("ilos: one colour per seat needed")
        totals = Counter(self.spot_kind.values())
        for kind in SPOT_KINDS:
            if totals.get(kind, 0) != c.spot_totals.get(kind, 0):
                raise DataError(
                    f"ilos: {kind} spots total {totals.get(kind, 0)}, constants say {c.spot_totals.get(kind, 0)}"
                )
        hideouts = sum(1 for t in self.tiles.values() if t.hideout)
        if hideouts != c.hideouts_total:
            raise DataError(f"ilos: {hideouts} hideouts, constants say {c.hideouts_total}")
        if self.prices.markers_total > 4 * len(RESOURCES):
            raise DataError("ilos: more markers than coverable prices")

    def price(self, resource: Resource, step: int) -> int:
        return self.prices.tracks[resource][step]


@per_data_set(GAME)
def components() -> Components:
    """Load and validate every Ilos data file once."""
    cards = load_model(GAME, "cards.json", CardsFile)
    tiles = load_model(GAME, "tiles.json", TilesFile)
    prices = load_model(GAME, "prices.json", PricesFile)
    constants = load_model(GAME, "constants.json", Constants)
    data_hash = combined_hash([cards.sha256, tiles.sha256, prices.sha256, constants.sha256])
    sources = {cards.source, tiles.source, prices.source, constants.source}
    source = "shipped" if sources == {"shipped"} else "override"
    return Components(cards.value, tiles.value, prices.value, constants.value, data_hash, source)
