"""Component data (END-D01..D08): pydantic models, loading and cross-file validation.

All data lives in ``rules/endeavor/data/*.json`` (designed reference data, editable; an
operator may override single files through ``REFEREE_DATA_DIR``). Everything is loaded and
validated once; the state refers to components by id only.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.core.data import combined_hash, load_model, per_data_set
from rules.core.errors import DataError

GAME = "endeavor"

Attribute = Literal["industry", "culture", "wealth", "influence"]
ATTRIBUTES: tuple[Attribute, ...] = ("industry", "culture", "wealth", "influence")
ActionKind = Literal["ship", "occupy", "attack", "payment", "draw"]
Structure = Literal["single", "plus", "slash", "none"]
TOTAL_TOKENS = 95
TOTAL_BUILDING_TILES = 49
START_TILES = 5


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class BuildingKind(_Frozen):
    id: str
    name: str
    name_ko: str
    level: int = Field(ge=0, le=5)
    copies: int = Field(ge=0)
    start: bool
    icons: dict[Attribute, int]
    actions: list[ActionKind]
    structure: Structure
    honour: int = Field(ge=0)
    no_payment: bool
    special: Literal["memorial", "city_hall"] | None = None


class BuildingFile(_Frozen):
    buildings: list[BuildingKind]


class Deck(_Frozen):
    id: str
    name: str
    name_ko: str
    area: str


class Card(_Frozen):
    id: str
    deck: str
    value: int = Field(ge=0, le=5)
    icons: dict[Attribute, int]
    honour: int = Field(ge=0)
    population: bool
    abolition: bool
    slavery: bool


class Governor(_Frozen):
    id: str
    region: str
    icons: dict[Attribute, int]
    honour: int = Field(ge=0)


class CardFile(_Frozen):
    decks: list[Deck]
    cards: list[Card]
    governors: list[Governor]


class TokenKind(_Frozen):
    id: str
    colour: Literal["brown", "blue"]
    attribute: Attribute | None
    actions: list[ActionKind]
    count: int = Field(ge=0)


class TokenFile(_Frozen):
    tokens: list[TokenKind]


class TrackTables(_Frozen):
    attributes: list[Attribute]
    bands: list[int]
    levels: dict[Attribute, list[int]]
    honour_spaces: list[int]
    mat_length: int
    extender_start: int
    extender_step: int = Field(ge=1)
    card_cap: int
    discs_per_player: int
    silent_fleet_discs: int
    rounds: int
    shore_slots: int
    card_slots: int


class Area(_Frozen):
    id: str
    name: str
    name_ko: str
    region: bool
    track_length: int = Field(ge=0)
    decks: list[str]
    box: list[int]
    track_xy: list[list[int]]
    open_sea_xy: list[int] | None
    deck_xy: list[int]


class Node(_Frozen):
    id: str
    name: str
    area: str
    kind: Literal["city", "fleet"]
    honour: int = Field(ge=0)
    x: int
    y: int


class Connection(_Frozen):
    id: str
    a: str
    b: str
    shape: Literal["round", "square"]
    honour: int = Field(ge=0)


class Board(_Frozen):
    side: Literal["A", "B"]
    areas: list[Area]
    nodes: list[Node]
    connections: list[Connection]


class Data:
    """Every component, indexed by id, with its combined hash."""

    def __init__(
        self,
        buildings: BuildingFile,
        cards: CardFile,
        tokens: TokenFile,
        tracks: TrackTables,
        boards: dict[str, Board],
        hashes: list[str],
        sources: list[str],
    ) -> None:
        self.buildings = {b.id: b for b in buildings.buildings}
        self.decks = {d.id: d for d in cards.decks}
        self.cards = {c.id: c for c in cards.cards}
        self.governors = {g.id: g for g in cards.governors}
        self.tokens = {t.id: t for t in tokens.tokens}
        self.tracks = tracks
        self.boards = boards
        self.hash = combined_hash(hashes)
        self.source = "shipped" if all(s == "shipped" for s in sources) else "override"
        self.nodes = {side: {n.id: n for n in b.nodes} for side, b in boards.items()}
        self.areas = {side: {a.id: a for a in b.areas} for side, b in boards.items()}
        self.connections = {side: {c.id: c for c in b.connections} for side, b in boards.items()}
        self.deck_cards: dict[str, list[str]] = {
            d: [c.id for c in sorted(cards.cards, key=lambda c: c.value) if c.deck == d]
            for d in self.decks
        }
        self.governor_of = {g.region: g.id for g in cards.governors}
        # What the engine asks in every step (read-only tables): the icons of every item as
        # icons_of reads them, and by side the boards' track lengths, regions, fleets, cities.
        self.icons: dict[str, dict[Attribute, int]] = {
            **{g.id: g.icons for g in cards.governors},
            **{c.id: c.icons for c in cards.cards},
            **{b.id: b.icons for b in buildings.buildings},
        }
        self.track_lengths = {
            side: {a.id: a.track_length for a in b.areas} for side, b in boards.items()
        }
        self.regions = {side: [a.id for a in b.areas if a.region] for side, b in boards.items()}
        self.fleets = {
            side: [(n.id, n.area) for n in b.nodes if n.kind == "fleet"]
            for side, b in boards.items()
        }
        self.cities = {
            side: [(n.id, n.area) for n in b.nodes if n.kind == "city"]
            for side, b in boards.items()
        }
        _validate(self)

    def icons_of(self, item: str) -> dict[Attribute, int]:
        """Attribute icons of a building kind, card or governor id."""
        if item in self.buildings:
            return self.buildings[item].icons
        if item in self.cards:
            return self.cards[item].icons
        return self.governors[item].icons


def circle_spaces(board: Board) -> list[str]:
    """Every circular space of a side (END-R11): track spaces, nodes, round connections."""
    spaces: list[str] = []
    for area in board.areas:
        spaces.extend(track_space(area.id, i) for i in range(1, area.track_length + 1))
    spaces.extend(n.id for n in board.nodes)
    spaces.extend(c.id for c in board.connections if c.shape == "round")
    return spaces


def track_space(area: str, index: int) -> str:
    """Id of shipping-track space ``index`` (1 = farthest from the deck)."""
    return f"track:{area}:{index}"


def _fail(msg: str) -> None:
    raise DataError(f"{GAME} data: {msg}")


def _validate(d: Data) -> None:
    regular = [b for b in d.buildings.values() if not b.start]
    if len(regular) != 19:
        _fail(f"expected 19 building kinds, found {len(regular)}")
    if sum(b.copies for b in regular) != TOTAL_BUILDING_TILES:
        _fail("building tiles must total 49")
    if {b.id for b in d.buildings.values() if b.start} != {"colonial_house", "trade_wharf"}:
        _fail("start buildings must be colonial_house and trade_wharf")
    level5 = [b for b in regular if b.level == 5]
    if len(level5) != 7 or any(b.copies != 1 for b in level5):
        _fail("level 5 must be 7 single tiles")
    if any(b.level == 0 for b in regular):
        _fail("regular buildings need a level 1-5")
    for b in d.buildings.values():
        if (b.structure == "none") != (not b.actions):
            _fail(f"building {b.id}: structure does not match its actions")
        if b.structure == "single" and len(b.actions) != 1:
            _fail(f"building {b.id}: single structure needs exactly one action")
        if b.structure in ("plus", "slash") and len(b.actions) < 2:
            _fail(f"building {b.id}: {b.structure} needs two actions or more")
    if sum(t.count for t in d.tokens.values()) != TOTAL_TOKENS:
        _fail("trade tokens must total 95")
    for t in d.tokens.values():
        if (t.colour == "brown") != (t.attribute is not None) or (t.colour == "blue") == (
            not t.actions
        ):
            _fail(f"token {t.id}: brown tokens carry an attribute, blue ones actions")
    if len(d.cards) != 42 or len(d.governors) != 6:
        _fail("expected 42 asset cards and 6 governors")
    for c in d.cards.values():
        if c.deck not in d.decks:
            _fail(f"card {c.id}: unknown deck {c.deck}")
    for deck, ids in d.deck_cards.items():
        values = [d.cards[c].value for c in ids]
        want = list(range(0, 6)) if deck in ("europe", "slavery") else list(range(1, 6))
        if values != want:
            _fail(f"deck {deck} must hold values {want}, has {values}")
    if sum(1 for c in d.cards.values() if c.abolition) != 1:
        _fail("exactly one Abolition of Slavery card")
    if set(d.tracks.attributes) != set(ATTRIBUTES) or set(d.tracks.levels) != set(ATTRIBUTES):
        _fail("track tables must cover the four attributes")
    if any(len(v) != len(d.tracks.bands) for v in d.tracks.levels.values()):
        _fail("every level table needs one level per band")
    if d.tracks.honour_spaces[0] != 0 or d.tracks.honour_spaces != sorted(d.tracks.honour_spaces):
        _fail("honour spaces must start at 0 and ascend")
    if set(d.boards) != {"A", "B"}:
        _fail("boards A and B are required")
    for side, board in d.boards.items():
        if board.side != side:
            _fail(f"board file for side {side} says side {board.side}")
        areas = d.areas[side]
        if len(areas) != 7 or "europe" not in areas:
            _fail(f"side {side}: 7 areas including europe")
        regions = [a for a in areas.values() if a.region]
        if {a.id for a in regions} != set(d.governor_of):
            _fail(f"side {side}: every region needs exactly one governor")
        for a in areas.values():
            if a.region != (a.track_length > 0):
                _fail(f"side {side}: {a.id} track length does not fit its kind")
            if len(a.track_xy) != a.track_length:
                _fail(f"side {side}: {a.id} track positions")
            for deck in a.decks:
                if deck not in d.decks or d.decks[deck].area != a.id:
                    _fail(f"side {side}: area {a.id} names deck {deck} wrongly")
        for n in board.nodes:
            if n.area not in areas:
                _fail(f"side {side}: node {n.id} in unknown area {n.area}")
            if n.kind == "fleet" and n.honour != 0:
                _fail(f"side {side}: fleet {n.id} has honour")
        if len(d.nodes[side]) != len(board.nodes):
            _fail(f"side {side}: duplicate node ids")
        for conn in board.connections:
            for end in (conn.a, conn.b):
                if end not in d.nodes[side]:
                    _fail(f"side {side}: connection {conn.id} names unknown node {end}")
            if d.nodes[side][conn.a].area != d.nodes[side][conn.b].area:
                _fail(f"side {side}: connection {conn.id} crosses areas")
        if len(circle_spaces(board)) != TOTAL_TOKENS:
            _fail(f"side {side}: {len(circle_spaces(board))} circular spaces, need 95")


@per_data_set(GAME)
def data() -> Data:
    """The validated component data (loaded once)."""
    b = load_model(GAME, "buildings.json", BuildingFile)
    c = load_model(GAME, "cards.json", CardFile)
    t = load_model(GAME, "tokens.json", TokenFile)
    tr = load_model(GAME, "tracks.json", TrackTables)
    ba = load_model(GAME, "board_a.json", Board)
    bb = load_model(GAME, "board_b.json", Board)
    hashes = [x.sha256 for x in (b, c, t, tr, ba, bb)]
    sources = [x.source for x in (b, c, t, tr, ba, bb)]
    return Data(
        b.value,
        c.value,
        t.value,
        tr.value,
        {"A": ba.value, "B": bb.value},
        hashes,
        sources,
    )
