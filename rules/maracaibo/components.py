"""Component data: pydantic models, loading and cross-file validation.

Every file in ``rules/maracaibo/data/`` says where its content comes from (``provenance``:
``rulebook``, ``designed`` or ``public``); an operator may replace single files through
``REFEREE_DATA_DIR`` (validated exactly like the shipped ones). The state refers to
components by id only.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.core.data import Loaded, combined_hash, load_model, per_data_set, using_data_sets
from rules.core.errors import DataError

GAME = "maracaibo"

Nation = Literal["FR", "ES", "EN"]
NATIONS: tuple[Nation, ...] = ("FR", "ES", "EN")
Provenance = Literal["rulebook", "designed", "public"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


OpKind = Literal[
    "gain",
    "income",
    "income_if_synergy",
    "influence",
    "noble",
    "disc",
    "village",
    "village_per_compass",
    "explore",
    "pay",
    "per",
    "sail",
    "marker_village",
    "claim_village",
    "synergy",
    "synergy_any",
    "figures_on_card",
    "quest_on_card",
    "combat",
    "choose",
    "discard_hand",
    "quest_here",
]


class Op(_Frozen):
    """One primitive of an effect (MAR-K15); ``n="x"`` and ``"param"`` take the card's value."""

    op: OpKind
    what: str = ""
    n: int | Literal["x"] = 0
    nation: str = ""
    synergy: str = ""
    object: str = ""
    source: str = ""
    track: str = ""
    noble: bool = False
    options: list[list[Op]] = Field(default_factory=list)


def substitute(ops: list[Op], x: int, nation: str = "", synergy: str = "") -> list[Op]:
    """A macro's ops with the card's parameters filled in (``n="x"``, ``"param"``)."""
    out: list[Op] = []
    for op in ops:
        update: dict[str, object] = {}
        if op.n == "x":
            update["n"] = x
        if op.nation == "param":
            update["nation"] = nation
        if op.synergy == "param":
            update["synergy"] = synergy
        if op.options:
            update["options"] = [substitute(o, x, nation, synergy) for o in op.options]
        out.append(op.model_copy(update=update) if update else op)
    return out


class Macro(_Frozen):
    id: str
    ops: list[Op]
    last_village_action: bool = False


class EffectFile(_Frozen):
    provenance: Provenance
    note: str
    macros: list[Macro]


class Edge(_Frozen):
    to: str
    label: Literal["upper", "lower"] | None = None
    rounds: list[int] | None = None
    legacy: str | None = None


class Location(_Frozen):
    id: str
    number: int
    kind: Literal["start", "city", "village", "homeward"]
    next: list[Edge]
    provenance: Provenance
    name: str = ""
    action: str = ""
    x: int = 0
    market: list[str] = Field(default_factory=list)
    flag: list[Op] = Field(default_factory=list)
    stop: bool = False
    tile_slot: bool = False
    maracaibo: bool = False
    round_end: list[int] = Field(default_factory=list)
    legacy: str | None = None


class BoardFile(_Frozen):
    provenance: Provenance
    note: str
    locations: list[Location]
    two_player_markers: dict[str, Nation]
    city_tile_slots: list[str]


class Space(_Frozen):
    id: str
    next: list[str]
    reward: list[Op]
    quest: bool
    final: bool


class Barrier(_Frozen):
    color: Literal["red", "blue", "green"]
    from_: str = Field(alias="from")
    to: str

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class ExplorerFile(_Frozen):
    provenance: Provenance
    note: str
    spaces: list[Space]
    barriers: list[Barrier]
    final_vp: list[int]
    barrier_vp: dict[Literal["first", "later"], int]
    red_influence: int
    gates: dict[str, str]


class CityTile(_Frozen):
    id: str
    player_counts: list[int]
    always_used: bool
    action: str
    market: list[str]
    flag: list[Op]
    maracaibo: bool


class CityTileFile(_Frozen):
    provenance: Provenance
    note: str
    tiles: list[CityTile]


class QuestCost(_Frozen):
    kind: Literal["cp", "vp", "doubloons", "figure", "object", "good", "mp"]
    n: int = Field(ge=0)
    type: str = ""


class QuestTile(_Frozen):
    id: str
    cost: QuestCost
    rewards: list[Op]
    provenance: Provenance


class QuestFile(_Frozen):
    provenance: Provenance
    note: str
    tiles: list[QuestTile]


class TokenEffect(_Frozen):
    kind: Literal["pay", "doubloons", "influence", "vp", "figure"]
    n: int = Field(ge=0)


class TokenSide(_Frozen):
    strength: int = Field(ge=0)
    effect: TokenEffect


class Modifier(_Frozen):
    kind: Literal["most", "fewest"]
    delta: int


class CombatToken(_Frozen):
    id: str
    nations: dict[Nation, TokenSide]
    modifier: Modifier | None = None


class CombatFile(_Frozen):
    provenance: Provenance
    note: str
    tokens: list[CombatToken]
    empty_strength: int
    piles: int


TaskKind = Literal["QT", "CT", "INF1", "INF2", "UPG", "BAR", "SYN", "ASS"]


class Task(_Frozen):
    kind: TaskKind
    low: int
    high: int
    doubloons: int
    vp: int


class Career(_Frozen):
    id: str
    tasks: list[Task]


class CareerFile(_Frozen):
    provenance: Provenance
    note: str
    completion: dict[Literal["doubloons", "vp"], int]
    cards: list[Career]


class PrestigeScore(_Frozen):
    source: Literal[
        "barriers",
        "quests",
        "assistants",
        "figures_cp",
        "synergies",
        "combat_tokens",
        "upgrades",
        "income_vp",
    ]
    vp: int
    max: int | None = None


class Prestige(_Frozen):
    id: str
    cost: int = Field(ge=0)
    synergy: str | None
    score: PrestigeScore


class PrestigeFile(_Frozen):
    provenance: Provenance
    note: str
    first_investor_vp: int
    slots: int
    buildings: list[Prestige]


class SynergyFile(_Frozen):
    provenance: Provenance
    note: str
    kinds: list[str]
    per_kind: int
    goods: list[str]
    objects: list[str]


class Section(_Frozen):
    id: str
    discs: int
    requires: list[str]
    min_completed: int
    permanent: str | None
    immediate: list[Op]


class ShipFile(_Frozen):
    provenance: Provenance
    note: str
    sections: list[Section]
    compass: int
    plan_slots: int
    cp_max: int
    cp_start: int
    hand_limit: int
    hand_limit_upgraded: int
    quest_bonus: dict[Literal["fourth", "later"], int]
    figures: dict[Literal["total", "personal", "career"], int]


class NobleRank(_Frozen):
    pos: int
    rank: int


class InfluenceTrack(_Frozen):
    length: int
    noble_ranks: list[NobleRank]
    overflow_vp: int
    marker_spaces: list[int]


class IncomeVp(_Frozen):
    pos: int
    vp: int


class DoubloonIncome(_Frozen):
    start: int
    max: int
    vp: list[IncomeVp]


class VpIncome(_Frozen):
    start: int
    max: int
    rollover_vp: int


class VillageCount(_Frozen):
    min_mp: int
    n: int


class CombatNumbers(_Frozen):
    influence: list[dict[Literal["cost", "n"], int]]
    conquer: int
    expel: int
    annex_empty: int
    annex_expel: int
    annex_own_assistant_d: int
    annex_other_assistant_d: int
    expel_vp: int


class TrackFile(_Frozen):
    provenance: Provenance
    note: str
    influence: InfluenceTrack
    doubloon_income: DoubloonIncome
    vp_income: VpIncome
    start_doubloons: list[int]
    majority_vp: int
    majority_bonus: list[int]
    rounds: int
    mp: int
    village_actions: list[VillageCount]
    village_actions_upgraded: list[VillageCount]
    combat: CombatNumbers
    display: int
    display_cost: int
    setup_cards: dict[Literal["deal_a", "keep", "plan", "discard", "b_cards"], int]
    interim_pass_vp: int
    assistant_bonus_vp: int
    discard_hand_d: int


class CardEffect(_Frozen):
    id: str
    trigger: Literal["income", "immediate", "permanent", "assistant"]
    x: int = 0
    nation: Nation | None = None
    synergy: str | None = None
    track: Literal["doubloons", "vp"] | None = None
    object: str | None = None


class CardCost(_Frozen):
    doubloons: int = Field(ge=0)
    return_figure: bool = False
    assistant_location: str | None = None
    figure_on_card: bool = False
    cp: int = 0
    herbs: int = 0
    nation_markers: Nation | None = None


class ProjectCard(_Frozen):
    id: str
    deck: Literal["A", "B", "C"]
    family: Literal["income", "immediate", "permanent", "assistant"]
    cost: CardCost
    effects: list[CardEffect]
    end_vp: int = Field(ge=0)
    discard_as: str
    compass: int = Field(ge=0)
    synergy: str | None
    provenance: Provenance
    name: str = ""


class ProjectFile(_Frozen):
    provenance: Provenance
    note: str
    cards: list[ProjectCard]


class AutomaAction(_Frozen):
    kind: Literal["explore", "influence", "combat", "vp_explore", "quest_pile", "remove_disc"]
    n: int = 0
    nation: Nation | None = None
    influence: int = 0
    vp: int = 0
    late_n: int = 0
    late_vp: int = 0
    extra_village: bool = False


class AutomaCard(_Frozen):
    id: str
    letter: Literal["A", "B", "C"]
    steps: int
    fork: Literal["upper", "lower"]
    display: int
    actions: list[AutomaAction]


class Threshold(_Frozen):
    more: int = 0
    ahead: int = 0
    vp: int


class AutomaBonus(_Frozen):
    quest_vp: int
    steps: list[Threshold]
    explorer: list[Threshold]


class AutomaFile(_Frozen):
    provenance: Provenance
    source: str
    cards: list[AutomaCard]
    difficulties: dict[str, dict[Literal["A", "B", "C"], int]]
    late_round: int
    track_discs: int
    end_bonus: AutomaBonus


class StoryInstruction(_Frozen):
    """One instruction of the story-card vocabulary (campaign, spec 12.2).

    ``quests``: quest tiles at locations by player count ("Quest: 16 (1-4), 19 (4)");
    ``story_tile``: the next story tile to ``location`` ("Story: N"); ``add_cards``: C cards
    into the discard pile or shuffled into the deck ("Cards: 90-92"); ``read``: read and place
    another story card now ("Read 05"); ``legacy_tile``: legacy tiles onto the board ("Tiles:
    L25, L13"); ``reward``: primitive operations for the reader (story reward icons);
    ``remove_skull``: the reader removes one skull legacy tile (L3, L20-L23).
    ``when`` is ``setup`` (when the card is read) or ``round_N`` (standalone cards only).
    """

    kind: Literal[
        "quests", "story_tile", "add_cards", "read", "legacy_tile", "reward", "remove_skull"
    ]
    when: str = "setup"
    at: dict[str, list[str]] = Field(default_factory=dict)
    location: str = ""
    cards: list[str] = Field(default_factory=list)
    to: Literal["deck", "discard"] = "deck"
    tiles: list[str] = Field(default_factory=list)
    story: str = ""
    ops: list[Op] = Field(default_factory=list)


class StoryQuest(_Frozen):
    """The quest of a story card's story tile (paid like a quest tile, MAR-Q2)."""

    cost: QuestCost
    rewards: list[Op]


class StoryOption(_Frozen):
    id: str
    instructions: list[StoryInstruction]


class StoryBack(_Frozen):
    """What happens when the card's requirement is met (spec 12.2): options are voted on."""

    instructions: list[StoryInstruction] = Field(default_factory=list)
    options: list[StoryOption] = Field(default_factory=list)


class StoryCard(_Frozen):
    id: str
    standalone: bool
    instructions: list[StoryInstruction]
    requires_full_tile: str = ""
    chapter_start: int | None = None
    quest: StoryQuest | None = None
    back: StoryBack | None = None


class StoryFile(_Frozen):
    provenance: Provenance
    note: str
    cards: list[StoryCard]


class LegacyTile(_Frozen):
    """One rule of a legacy tile (a tile may have several, e.g. L11: toll and disc tile)."""

    id: str
    kind: Literal[
        "route_cost",
        "plague",
        "figure",
        "silver_fleet",
        "toll",
        "no_village",
        "vp",
        "disc",
        "new_city",
        "city",
    ]
    provenance: Provenance = "rulebook"
    location: str = ""
    edge: list[str] = Field(default_factory=list)
    spaces: list[int] = Field(default_factory=list)
    n: int = 0
    doubloons: int = 0
    cost: QuestCost | None = None
    reward: list[Op] = Field(default_factory=list)
    capacity: int = 0
    gate: str = ""
    market: list[str] = Field(default_factory=list)
    flag: list[Op] = Field(default_factory=list)
    action: str = ""


class LegacyFile(_Frozen):
    provenance: Provenance
    note: str
    tiles: list[LegacyTile]


class MapPlace(_Frozen):
    id: str
    lat: float = Field(ge=-90, le=90)
    lon: float = Field(ge=-180, le=180)
    place: str | None = None
    panel: str
    provenance: Provenance


class MapPanel(_Frozen):
    id: str
    box: tuple[float, float, float, float]


class GeographyFile(_Frozen):
    """Where the Caribbean map draws each location (drawing only: the rules never read it)."""

    provenance: Provenance
    note: str
    box: tuple[float, float, float, float]  # west lon, south lat, east lon, north lat
    panels: list[MapPanel] = Field(min_length=1, max_length=3)
    locations: list[MapPlace]


@cache
def geography() -> GeographyFile:
    """The map's places (``geography.json``, overridable like every file), one per location of
    the board, each inside the map's box. Read from today's files for every game, outside
    the pinned data set (the rules never read it)."""
    with using_data_sets({}):
        g = load_model(GAME, "geography.json", GeographyFile).value
        ids = [p.id for p in g.locations]
        board = {loc.id for loc in data().board.locations}
    w, s, e, n = g.box
    if len(ids) != len(set(ids)) or set(ids) != board:
        raise DataError(f"{GAME}/geography.json: one place per board location needed")
    panels = {p.id: p.box for p in g.panels}
    for p in g.locations:
        if p.panel not in panels:
            raise DataError(f"{GAME}/geography.json: {p.id}: unknown panel {p.panel}")
        pw, ps, pe, pn = panels[p.panel]
        if not (w <= p.lon <= e and s <= p.lat <= n and pw <= p.lon <= pe and ps <= p.lat <= pn):
            raise DataError(f"{GAME}/geography.json: {p.id} lies outside its panel")
    return g


FILES = (
    "board.json",
    "explorer.json",
    "city_tiles.json",
    "quests.json",
    "combat_tokens.json",
    "careers.json",
    "prestige.json",
    "synergy.json",
    "ship_board.json",
    "tracks.json",
    "effects.json",
    "projects.json",
    "automa.json",
    "story_cards.json",
    "legacy.json",
)


class Data:
    """Every component indexed by id, plus the combined hash of the files."""

    def __init__(self) -> None:
        board = load_model(GAME, "board.json", BoardFile)
        explorer = load_model(GAME, "explorer.json", ExplorerFile)
        tiles = load_model(GAME, "city_tiles.json", CityTileFile)
        quests = load_model(GAME, "quests.json", QuestFile)
        combat = load_model(GAME, "combat_tokens.json", CombatFile)
        careers = load_model(GAME, "careers.json", CareerFile)
        prestige = load_model(GAME, "prestige.json", PrestigeFile)
        synergy = load_model(GAME, "synergy.json", SynergyFile)
        ship = load_model(GAME, "ship_board.json", ShipFile)
        tracks = load_model(GAME, "tracks.json", TrackFile)
        effects = load_model(GAME, "effects.json", EffectFile)
        projects = load_model(GAME, "projects.json", ProjectFile)
        automa = load_model(GAME, "automa.json", AutomaFile)
        story = load_model(GAME, "story_cards.json", StoryFile)
        legacy = load_model(GAME, "legacy.json", LegacyFile)
        loaded: list[Loaded[Any]] = [
            board,
            explorer,
            tiles,
            quests,
            combat,
            careers,
            prestige,
            synergy,
            ship,
            tracks,
            effects,
            projects,
            automa,
            story,
            legacy,
        ]
        self.hash = combined_hash([f.sha256 for f in loaded])
        self.source = (
            "shipped"
            if all(f.source == "shipped" for f in loaded)
            else "override: "
            + ", ".join(n for n, f in zip(FILES, loaded, strict=True) if f.source != "shipped")
        )
        self.board = board.value
        self.locations = {loc.id: loc for loc in board.value.locations}
        self.explorer = explorer.value
        self.spaces = {s.id: s for s in explorer.value.spaces}
        self.city_tiles = {t.id: t for t in tiles.value.tiles}
        self.quests = {q.id: q for q in quests.value.tiles}
        self.combat = combat.value
        self.tokens = {t.id: t for t in combat.value.tokens}
        self.careers = {c.id: c for c in careers.value.cards}
        self.career_file = careers.value
        self.prestige_file = prestige.value
        self.prestige = {b.id: b for b in prestige.value.buildings}
        self.synergy = synergy.value
        self.ship = ship.value
        self.sections = {s.id: s for s in ship.value.sections}
        self.tracks = tracks.value
        self.macros = {m.id: m for m in effects.value.macros}
        self.cards = {c.id: c for c in projects.value.cards}
        self.automa = automa.value
        self.automa_cards = {c.id: c for c in automa.value.cards}
        self.stories = {s.id: s for s in story.value.cards}
        self.legacy: dict[str, list[LegacyTile]] = {}
        for tile in legacy.value.tiles:
            self.legacy.setdefault(tile.id, []).append(tile)
        _validate(self)
        self.downstream: dict[str, frozenset[str]] = {}
        """Explorer space -> every space downstream of it (this data set's track)."""
        for space_id in self.spaces:
            _downstream(self, space_id)
        self.memo: dict[tuple[str, str], Any] = {}
        """Values derived from this data set alone (a card's name as lists show it), built
        once each: kept here, not in a module cache, so a game pinned to another data set
        never reads this one's."""


def _downstream(d: Data, space: str) -> frozenset[str]:
    found = d.downstream.get(space)
    if found is None:
        out: set[str] = set()
        for nxt in d.spaces[space].next:
            out |= {nxt} | _downstream(d, nxt)
        found = d.downstream[space] = frozenset(out)
    return found


def _ops_refs(ops: list[Op]) -> list[Op]:
    out: list[Op] = []
    for op in ops:
        out.append(op)
        for option in op.options:
            out.extend(_ops_refs(option))
    return out


def _check_unique(kind: str, ids: list[str]) -> None:
    if len(ids) != len(set(ids)):
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        raise DataError(f"{GAME}: duplicate {kind} ids {dupes}")


def _validate(d: Data) -> None:
    """Cross-file checks: unique ids and every reference resolves."""
    _check_unique("location", [loc.id for loc in d.board.locations])
    _check_unique("explorer space", [s.id for s in d.explorer.spaces])
    _check_unique("city tile", [t.id for t in d.city_tiles.values()])
    _check_unique("card", [c.id for c in d.cards.values()])
    goods = set(d.synergy.goods)
    objects = set(d.synergy.objects)
    kinds = set(d.synergy.kinds)
    for loc in d.board.locations:
        for edge in loc.next:
            if edge.to not in d.locations:
                raise DataError(f"{GAME}: location {loc.id} leads to unknown {edge.to}")
        if loc.action and loc.action not in d.macros:
            raise DataError(f"{GAME}: location {loc.id} has unknown action {loc.action}")
        for good in loc.market:
            if good not in goods:
                raise DataError(f"{GAME}: location {loc.id} market has unknown good {good}")
    for slot in d.board.city_tile_slots + list(d.board.two_player_markers):
        if slot not in d.locations:
            raise DataError(f"{GAME}: unknown location {slot}")
    for s in d.explorer.spaces:
        for n in s.next:
            if n not in d.spaces:
                raise DataError(f"{GAME}: explorer space {s.id} leads to unknown {n}")
    for b in d.explorer.barriers:
        if b.to not in d.spaces[b.from_].next:
            raise DataError(f"{GAME}: barrier {b.color} is not on a track edge")
    for t in d.city_tiles.values():
        if t.action not in d.macros or not set(t.market) <= goods:
            raise DataError(f"{GAME}: city tile {t.id} has an unknown action or good")
    for c in d.cards.values():
        if c.discard_as not in goods | objects:
            raise DataError(f"{GAME}: card {c.id} shows unknown good {c.discard_as}")
        if c.synergy is not None and c.synergy not in kinds:
            raise DataError(f"{GAME}: card {c.id} shows unknown synergy {c.synergy}")
        where = c.cost.assistant_location
        if where is not None and where not in d.locations:
            raise DataError(f"{GAME}: card {c.id} names unknown location {where}")
        if (c.family == "assistant") != (where is not None):
            raise DataError(f"{GAME}: card {c.id}: assistant cards (only) name a location")
        for e in c.effects:
            if e.trigger != "permanent" and e.id not in d.macros and e.id != "COMPASS":
                raise DataError(f"{GAME}: card {c.id} has unknown effect {e.id}")
            if e.synergy is not None and e.synergy not in kinds:
                raise DataError(f"{GAME}: card {c.id} names unknown synergy {e.synergy}")
            if e.object is not None and e.object not in objects:
                raise DataError(f"{GAME}: card {c.id} names unknown object {e.object}")
    for q in d.quests.values():
        if q.cost.kind == "object" and q.cost.type not in objects:
            raise DataError(f"{GAME}: quest {q.id} names unknown object")
        if q.cost.kind == "good" and q.cost.type not in goods:
            raise DataError(f"{GAME}: quest {q.id} names unknown good")
    for pb in d.prestige.values():
        if pb.synergy is not None and pb.synergy not in kinds:
            raise DataError(f"{GAME}: prestige {pb.id} names unknown synergy")
    for sec in d.ship.sections:
        for r in sec.requires:
            if r not in d.sections:
                raise DataError(f"{GAME}: section {sec.id} requires unknown {r}")
    for m in d.macros.values():
        for op in _ops_refs(m.ops):
            if op.op == "synergy" and op.synergy not in kinds | {"param"}:
                raise DataError(f"{GAME}: macro {m.id} names unknown synergy")
    for rules in d.legacy.values():
        for tile in rules:
            for where in [tile.location, *tile.edge]:
                if where and where not in d.locations:
                    raise DataError(f"{GAME}: legacy tile {tile.id} names unknown location")
            if tile.action and tile.action not in d.macros:
                raise DataError(f"{GAME}: legacy tile {tile.id} has unknown action")
            if tile.gate and tile.gate not in d.spaces:
                raise DataError(f"{GAME}: legacy tile {tile.id} names unknown explorer space")
    for story in d.stories.values():
        _check_story(d, story)


_WHEN = {"setup", "round_1", "round_2", "round_3", "round_4"}
_COUNTS = {"2", "3", "4"}  # solo reads the 2-player column (MAR-J16)


def _check_story(d: Data, story: StoryCard) -> None:
    """A story card a club entered: every instruction names things that exist, so a typo
    stops start-up instead of doing nothing (or failing) in the middle of a campaign."""

    def bad(what: str) -> DataError:
        return DataError(f"{GAME}: story card {story.id}: {what}")

    steps = list(story.instructions)
    if story.back is not None:
        steps += story.back.instructions
        for option in story.back.options:
            steps += option.instructions
        if len({o.id for o in story.back.options}) != len(story.back.options):
            raise bad("two options of its back share an id")
    for ins in steps:
        if ins.when not in _WHEN:
            raise bad(f"'when' is {ins.when!r}, not one of {sorted(_WHEN)}")
        if ins.when != "setup" and not story.standalone:
            raise bad("only a standalone card (75-77) adds quests at a round's end")
        for count, locs in ins.at.items():
            if count not in _COUNTS:
                raise bad(f"quests for {count!r} players (columns: 2, 3, 4; solo reads 2)")
            for loc_id in locs:
                if loc_id not in d.locations:
                    raise bad(f"unknown location {loc_id!r}")
        if ins.kind == "story_tile":
            if ins.location not in d.locations:
                raise bad(f"the story tile goes to unknown location {ins.location!r}")
            if story.quest is None:
                raise bad("it places a story tile but has no quest to claim it")
        for card in ins.cards:
            if card not in d.cards:
                raise bad(f"adds card {card!r}, which is not in projects.json")
        for tile in ins.tiles:
            if tile not in d.legacy:
                raise bad(f"places legacy tile {tile!r}, which is not in legacy.json")
        if ins.kind == "read" and ins.story not in d.stories:
            raise bad(f"reads story card {ins.story!r}, which is not in the file")
    if story.requires_full_tile and story.requires_full_tile not in d.legacy:
        raise bad(f"requires unknown legacy tile {story.requires_full_tile!r}")


@per_data_set(GAME)
def data() -> Data:
    return Data()
