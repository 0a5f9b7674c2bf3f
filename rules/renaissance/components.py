"""Component data (AOR-D1..D13): pydantic models, loading and cross-file validation.

Every file in ``rules/renaissance/data`` is validated at load; each item carries its
provenance (``source``: the rulebook, ``fan``: public fan data, ``designed``: invented for
this engine because the printed table is lost). An operator may replace any file through
``REFEREE_DATA_DIR`` (see ``rules.core.data``).
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.core.data import combined_hash, load_model, per_data_set, using_data_sets
from rules.core.errors import DataError

GAME = "renaissance"

Provenance = Literal["source", "fan", "designed", "designed_last_box"]
Category = Literal["science", "religion", "commerce", "communication", "exploration", "civics"]
CATEGORIES: tuple[Category, ...] = (
    "science",
    "religion",
    "commerce",
    "communication",
    "exploration",
    "civics",
)
CardKind = Literal["commodity", "event", "leader"]
TOKENS_PER_PLAYER = 36
MARKERS_PER_PLAYER = 25


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Province(_Frozen):
    id: str
    name: str
    area: int = Field(ge=0, le=8)
    overseas: Literal["far_east", "new_world"] | None
    kind: Literal["market", "satellite", "capital"]
    size: int = Field(ge=1, le=6)
    commodities: list[str]
    land: list[str]
    coasts: list[str]
    arrows: list[str]
    provenance: Provenance


class ProvinceFile(_Frozen):
    provinces: list[Province]


class Zone(_Frozen):
    id: str
    name: str
    kind: Literal["coastal", "sea", "ocean"]
    coast_of: str | None
    adjacent: list[str]
    provenance: Provenance


class WaterFile(_Frozen):
    zones: list[Zone]


class Advance(_Frozen):
    letter: str = Field(pattern="^[A-Z]$")
    id: str
    name: str
    category: Category
    cost: int = Field(ge=0)
    credit_ah: int = Field(ge=0)
    credit_euro: int = Field(ge=0)
    prerequisites: list[str]
    misery_relief: int = Field(ge=0)
    provenance: Provenance


class AdvanceFile(_Frozen):
    advances: list[Advance]


class Commodity(_Frozen):
    id: str
    value: int = Field(ge=1)
    roll: int = Field(ge=2, le=12)
    provenance: Provenance


class CommodityFile(_Frozen):
    commodities: list[Commodity]


class HistoryCard(_Frozen):
    id: str
    kind: CardKind
    epoch: int = Field(ge=1, le=3)
    recycles: bool
    held: bool
    effect: str
    military: bool
    commodities: list[str]
    discounts: dict[str, int]
    provenance: Provenance
    to_epoch1_when_held_setup: bool = False


class HistoryFile(_Frozen):
    cards: list[HistoryCard]


class MiseryTrack(_Frozen):
    boxes: list[int]
    provenance: Provenance


class IncomeTable(_Frozen):
    provenance: Provenance
    tables: dict[str, list[int]]
    middle_class_bonus: int = Field(ge=0)


class CompetitionTable(_Frozen):
    provenance: Provenance
    rule: Literal["black_over_white_or_coloured_over_position"]
    military_wins_ties: bool
    proselytism_wins_on_equal_position: bool


class Stabilization(_Frozen):
    provenance: Provenance
    costs: list[int]
    middle_class_divisor: int = Field(ge=1)


class ShipRow(_Frozen):
    id: Literal["galley", "seaworthy", "ocean"]
    boxes: list[int]
    provenance: Provenance


class Shipping(_Frozen):
    rows: list[ShipRow]
    upgrade_price: int = Field(ge=0)


class CardPrices(_Frozen):
    provenance: Provenance
    prices: list[int]


class OopBoxes(_Frozen):
    provenance: Provenance
    boxes: dict[str, list[int]]


class Capital(_Frozen):
    id: str
    home_area: int = Field(ge=1, le=8)
    min_players: int = Field(ge=3, le=6)


class CapitalFile(_Frozen):
    capitals: list[Capital]
    areas_in_play: dict[str, list[int]]
    provenance: Provenance


class MapPart(_Frozen):
    id: str
    box: tuple[float, float, float, float]  # west lon, south lat, east lon, north lat


class Place(_Frozen):
    id: str
    lat: float = Field(ge=-90, le=90)
    lon: float = Field(ge=-180, le=180)
    part: str
    place: str
    provenance: Literal["public", "designed"]


class SeaPlace(_Frozen):
    id: str
    lat: float = Field(ge=-90, le=90)
    lon: float = Field(ge=-180, le=180)
    seeds: list[tuple[float, float]] = Field(min_length=1)  # (lat, lon)


class GeographyFile(_Frozen):
    """Where the map draws provinces and sea zones (render only: the rules never read it)."""

    provenance: Literal["public", "designed"]
    note: str
    parts: list[MapPart] = Field(min_length=1, max_length=3)
    provinces: list[Place]
    seas: list[SeaPlace]


class Data:
    """Every component, indexed by id, with the combined hash of the files."""

    def __init__(
        self,
        provinces: ProvinceFile,
        water: WaterFile,
        advances: AdvanceFile,
        commodities: CommodityFile,
        history: HistoryFile,
        misery: MiseryTrack,
        income: IncomeTable,
        competition: CompetitionTable,
        stabilization: Stabilization,
        shipping: Shipping,
        card_prices: CardPrices,
        oop: OopBoxes,
        capitals: CapitalFile,
        hashes: list[str],
        sources: list[str],
    ) -> None:
        self.provinces = {p.id: p for p in provinces.provinces}
        self.zones = {z.id: z for z in water.zones}
        self.advances = {a.letter: a for a in advances.advances}
        self.commodities = {c.id: c for c in commodities.commodities}
        self.cards = {c.id: c for c in history.cards}
        self.misery = misery
        self.income = income
        self.competition = competition
        self.stabilization = stabilization
        self.ships = {r.id: r for r in shipping.rows}
        self.ship_price = shipping.upgrade_price
        self.card_prices = card_prices
        self.oop = oop
        self.capitals = {c.id: c for c in capitals.capitals}
        self.areas_in_play = capitals.areas_in_play
        self.hash = combined_hash(hashes)
        self.source = "shipped" if all(s == "shipped" for s in sources) else "override"
        self.suppliers: dict[str, list[str]] = {c: [] for c in self.commodities}
        for prov in provinces.provinces:
            for com in prov.commodities:
                self.suppliers.setdefault(com, []).append(prov.id)
        self.by_roll: dict[int, list[str]] = {}
        for c in commodities.commodities:
            self.by_roll.setdefault(c.roll, []).append(c.id)
        # Indexes the engine asks in every step, built once with the data (issue 22)
        self.in_play: dict[int, frozenset[str]] = {
            int(n): frozenset(
                p.id for p in provinces.provinces if p.overseas is not None or p.area in areas
            )
            for n, areas in self.areas_in_play.items()
        }
        """The provinces in play by player count (AOR-R12, AOR-A13: overseas boxes always)."""
        self.arrows_into: dict[str, list[str]] = {p.id: [] for p in provinces.provinces}
        for prov in provinces.provinces:
            for target in prov.arrows:
                into = self.arrows_into.setdefault(target, [])
                if prov.id not in into:
                    into.append(prov.id)
        """The provinces whose arrows point at each province, in file order."""
        self.advance_cost: dict[str, int] = {a.letter: a.cost for a in advances.advances}
        """Each advance's cost by letter (the evaluation sums them per seat)."""
        self.capitals_for: dict[int, tuple[str, ...]] = {}
        """The capitals in play by player count (``RenaissanceState.capitals``): filled as
        asked, a function of these files only."""
        self.galley_reach: dict[tuple[str, int, bool], frozenset[str]] = {}
        """What galleys reach from one province (``board._galley_reach``), by the province,
        the zone moves and whether one sea may be crossed: filled as asked (at most every
        province x ship value x 2), a function of these files only."""
        _validate(self, provinces, water, advances, history)


def _check(ok: bool, problem: str) -> None:
    if not ok:
        raise DataError(f"{GAME}: {problem}")


def _validate(
    d: Data,
    provinces: ProvinceFile,
    water: WaterFile,
    advances: AdvanceFile,
    history: HistoryFile,
) -> None:
    _check(len(d.provinces) == len(provinces.provinces), "duplicate province id")
    _check(len(d.zones) == len(water.zones), "duplicate water zone id")
    _check(len(d.advances) == len(advances.advances) == 26, "need 26 distinct advances")
    _check(len(d.cards) == len(history.cards), "duplicate history card id")
    for p in d.provinces.values():
        for other in p.land:
            _check(other in d.provinces, f"{p.id}: unknown land neighbour {other}")
            _check(p.id in d.provinces[other].land, f"{p.id}-{other}: land not symmetric")
        for zone in p.coasts:
            _check(zone in d.zones and d.zones[zone].coast_of == p.id, f"{p.id}: coast {zone}")
        for target in p.arrows:
            _check(p.kind == "satellite" and target in d.provinces, f"{p.id}: arrow {target}")
        for com in p.commodities:
            _check(com in d.commodities, f"{p.id}: unknown commodity {com}")
        _check((p.kind == "satellite") == (p.size == 1), f"{p.id}: satellite size")
    for z in d.zones.values():
        for other in z.adjacent:
            _check(other in d.zones, f"{z.id}: unknown zone {other}")
            _check(z.id in d.zones[other].adjacent, f"{z.id}-{other}: water not symmetric")
    for a in d.advances.values():
        for pre in a.prerequisites:
            _check(pre in d.advances, f"{a.letter}: unknown prerequisite {pre}")
    for card in d.cards.values():
        for com in card.commodities:
            _check(com in d.commodities, f"{card.id}: unknown commodity {com}")
        for letter in card.discounts:
            _check(letter in d.advances, f"{card.id}: unknown advance {letter}")
        _check((card.kind == "commodity") == bool(card.commodities), f"{card.id}: commodities")
        _check((card.kind == "leader") == bool(card.discounts), f"{card.id}: discounts")
    boxes = d.misery.boxes
    _check(boxes[0] == 0 and boxes == sorted(set(boxes)), "misery track must rise from 0")
    for key, table in d.income.tables.items():
        _check(len(table) >= MARKERS_PER_PLAYER + 1, f"income table {key} too short")
    for cap in d.capitals.values():
        _check(cap.id in d.provinces and d.provinces[cap.id].kind == "capital", cap.id)
    for n in ("3", "4", "5", "6"):
        _check(n in d.areas_in_play and n in d.oop.boxes, f"player count {n} missing")
        _check(len(d.oop.boxes[n]) == int(n), f"oop boxes for {n} players")
    _check(set(d.ships) == {"galley", "seaworthy", "ocean"}, "three ship rows")


def _validate_geography(d: Data, g: GeographyFile) -> None:
    parts = {p.id: p.box for p in g.parts}
    _check(len(parts) == len(g.parts), "geography: duplicate part id")
    for box in parts.values():
        _check(box[0] < box[2] and box[1] < box[3], f"geography: empty part box {box}")
    places = {p.id: p for p in g.provinces}
    _check(len(places) == len(g.provinces), "geography: duplicate province")
    _check(set(places) == set(d.provinces), "geography: every province needs one place")
    for p in places.values():
        _check(p.part in parts, f"geography: {p.id}: unknown part {p.part}")
        w, s, e, n = parts[p.part]
        _check(w <= p.lon <= e and s <= p.lat <= n, f"geography: {p.id} lies outside {p.part}")
    seas = {z.id for z in g.seas}
    _check(len(seas) == len(g.seas), "geography: duplicate sea")
    open_water = {z.id for z in d.zones.values() if z.kind != "coastal"}
    _check(seas == open_water, "geography: one entry per sea and ocean zone of water.json")


@cache
def geography() -> GeographyFile:
    """The map's places (``geography.json``, overridable like every file), checked against
    the provinces and water zones. Drawing only: it is read from today's files (shipped or
    override) for every game and is not part of a game's pinned data set (the rules never
    read it, so a running game's rules never change with it)."""
    with using_data_sets({}):
        loaded = load_model(GAME, "geography.json", GeographyFile)
        _validate_geography(data(), loaded.value)
    return loaded.value


FILES = (
    "provinces.json",
    "water.json",
    "advances.json",
    "commodities.json",
    "history_cards.json",
    "misery_track.json",
    "income.json",
    "competition.json",
    "stabilization.json",
    "shipping.json",
    "expansion_card_price.json",
    "oop_boxes.json",
    "capitals.json",
)


@per_data_set(GAME)
def data() -> Data:
    """Load and validate every data file once (overrides from ``REFEREE_DATA_DIR``)."""
    pr = load_model(GAME, "provinces.json", ProvinceFile)
    wa = load_model(GAME, "water.json", WaterFile)
    ad = load_model(GAME, "advances.json", AdvanceFile)
    co = load_model(GAME, "commodities.json", CommodityFile)
    hi = load_model(GAME, "history_cards.json", HistoryFile)
    mi = load_model(GAME, "misery_track.json", MiseryTrack)
    inc = load_model(GAME, "income.json", IncomeTable)
    comp = load_model(GAME, "competition.json", CompetitionTable)
    st = load_model(GAME, "stabilization.json", Stabilization)
    sh = load_model(GAME, "shipping.json", Shipping)
    cp = load_model(GAME, "expansion_card_price.json", CardPrices)
    oo = load_model(GAME, "oop_boxes.json", OopBoxes)
    ca = load_model(GAME, "capitals.json", CapitalFile)
    hashes = [x.sha256 for x in (pr, wa, ad, co, hi, mi, inc, comp, st, sh, cp, oo, ca)]
    sources = [x.source for x in (pr, wa, ad, co, hi, mi, inc, comp, st, sh, cp, oo, ca)]
    return Data(
        pr.value,
        wa.value,
        ad.value,
        co.value,
        hi.value,
        mi.value,
        inc.value,
        comp.value,
        st.value,
        sh.value,
        cp.value,
        oo.value,
        ca.value,
        hashes,
        sources,
    )
