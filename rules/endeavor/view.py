"""What a seat (or the public) may see (END-R110..R112).

Endeavor is open information: the view carries the whole board, the tray, every mat and the
static map data a renderer needs. Components are given by id; their names are catalog terms
(``endeavor.building.<id>``, ``endeavor.region.<id>``, ``endeavor.node.<id>``...), so the
view holds no English words. Only the 4 face-down level-5 buildings (END-R111) and the
order of undrawn cards below each deck top are left out (deck sizes and tops stay).
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, Field

from rules.core import View
from rules.endeavor.components import ActionKind, Attribute, Structure, data
from rules.endeavor.flow import current_phase, to_act
from rules.endeavor.model import SILENT_FLEET, EndeavorState
from rules.endeavor.query import (
    card_limit,
    cards_allowed,
    discs_on_board,
    is_open,
    level,
    presence_count,
    track_values,
)


class CardInfo(BaseModel):
    """An asset card or governor card face (all public once visible)."""

    id: str
    deck: str
    value: int
    icons: dict[Attribute, int]
    honour: int
    population: bool = False
    abolition: bool = False
    slavery: bool = False
    governor: bool = False


class BuildingInfo(BaseModel):
    """A building kind; its name is the catalog term ``endeavor.building.<id>``."""

    id: str
    level: int
    icons: dict[Attribute, int]
    actions: list[ActionKind]
    structure: Structure
    honour: int
    no_payment: bool
    special: str | None = None
    start: bool = False


class TokenInfo(BaseModel):
    id: str
    colour: Literal["brown", "blue"]
    attribute: Attribute | None
    actions: list[ActionKind]


class TrackSpaceView(BaseModel):
    index: int
    occupant: str | None
    token: str | None
    x: int
    y: int


class DeckView(BaseModel):
    id: str
    size: int
    top: CardInfo | None
    x: int
    y: int


class AreaView(BaseModel):
    id: str
    region: bool
    open: bool
    box: list[int]
    track: list[TrackSpaceView]
    open_sea: dict[str, int]
    open_sea_xy: list[int] | None
    decks: list[DeckView]
    governor: CardInfo | None
    presence: dict[str, int]


class NodeView(BaseModel):
    id: str
    area: str
    kind: Literal["city", "fleet"]
    honour: int
    x: int
    y: int
    occupant: str | None
    token: str | None


class ConnectionView(BaseModel):
    id: str
    a: str
    b: str
    shape: Literal["round", "square"]
    honour: int
    token: str | None
    controller: str | None


class TrayStack(BaseModel):
    building: BuildingInfo
    count: int


class TrayView(BaseModel):
    stacks: list[TrayStack]
    level5_face_down: int
    removed: list[BuildingInfo] = Field(default_factory=list)


class ShoreBuildingView(BaseModel):
    slot: int
    building: BuildingInfo
    disc: bool


class LevelsView(BaseModel):
    """Levels read from the tracks (END-D02) and the card limit that applies (END-R85)."""

    build: int
    growth: int
    salary: int
    card_limit: int
    slavery_extra: int = 0
    cards_allowed: int = 0
    governor_slot: int = 1


class PlayerView(BaseModel):
    seat: str
    has_crown: bool
    passed: bool
    supply: int
    harbour: int
    discs_on_board: int
    tracks: dict[Attribute, int]
    levels: LevelsView
    shore_slots: int
    buildings: list[ShoreBuildingView]
    brown_tokens: dict[Attribute, int]
    memorial_discs: dict[Attribute, int]
    blue_tokens: dict[str, int]
    cards: list[CardInfo]
    card_slots: int
    governor_slot: CardInfo | None
    set_aside: list[CardInfo]


class TurnView(BaseModel):
    seat: str
    source: Literal["building", "token"]
    slot: int | None
    token: str | None
    structure: Structure
    remaining: list[ActionKind]
    performed: list[ActionKind]


class SilentFleetView(BaseModel):
    pool: int
    on_board: int
    pending_stage: str | None
    pending_options: list[ActionKind]


class TrackTablesView(BaseModel):
    """Static mat artwork: level bands per track and the honour spaces (END-D02, END-D03)."""

    mat_length: int
    bands: list[int]
    levels: dict[Attribute, list[int]]
    honour_spaces: list[int]
    extender_start: int
    extender_step: int


class EndeavorView(View):
    game: str = "endeavor"
    side: Literal["A", "B"]
    players_count: int
    options: dict[str, bool | int | str]
    data_source: str
    canvas: list[int] = Field(default_factory=lambda: [1600, 1000])
    round: int
    rounds: int
    phase: str
    over: bool
    crown: str
    seats: list[str]
    to_act: list[str]
    action_seat: str | None
    passed: list[str]
    turn: TurnView | None
    memorial_pending: list[str]
    governor_pending: list[str] = Field(default_factory=list)
    strict_order: bool = True
    salary_paid: int = 0
    abolished: bool
    areas: list[AreaView]
    nodes: list[NodeView]
    connections: list[ConnectionView]
    discard_pile: list[CardInfo]
    removed_cards: int
    removed_governors: int
    removed_tokens: dict[str, int]
    spent_tokens: dict[str, int]
    tokens_on_board: dict[str, int]
    token_kinds: list[TokenInfo]
    tray: TrayView
    players: list[PlayerView]
    silent_fleet: SilentFleetView | None
    track_tables: TrackTablesView | None = None


@cache
def card_info(item: str) -> CardInfo:
    d = data()
    if item in d.governors:
        g = d.governors[item]
        return CardInfo(
            id=g.id, deck=g.region, value=0, icons=g.icons, honour=g.honour, governor=True
        )
    c = d.cards[item]
    return CardInfo(
        id=c.id,
        deck=c.deck,
        value=c.value,
        icons=c.icons,
        honour=c.honour,
        population=c.population,
        abolition=c.abolition,
        slavery=c.slavery,
    )


@cache
def building_info(kind: str) -> BuildingInfo:
    b = data().buildings[kind]
    return BuildingInfo(
        id=b.id,
        level=b.level,
        icons=b.icons,
        actions=b.actions,
        structure=b.structure,
        honour=b.honour,
        no_payment=b.no_payment,
        special=b.special,
        start=b.start,
    )


def _counts(items: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items:
        out[item] = out.get(item, 0) + 1
    return out


def view(state: EndeavorState, seat: str | None) -> EndeavorView:
    d = data()
    side = state.side
    areas: list[AreaView] = []
    who_all = [*state.seats, SILENT_FLEET] if state.options.silent_fleet else list(state.seats)
    for area in d.boards[side].areas:
        track = state.tracks.get(area.id, [])
        spaces = [
            TrackSpaceView(
                index=i,
                occupant=track[i - 1] if i <= len(track) else None,
                token=state.tokens.get(f"track:{area.id}:{i}"),
                x=area.track_xy[i - 1][0],
                y=area.track_xy[i - 1][1],
            )
            for i in range(1, area.track_length + 1)
        ]
        decks = []
        for k, deck_id in enumerate(area.decks):
            cards = state.decks[deck_id]
            decks.append(
                DeckView(
                    id=deck_id,
                    size=len(cards),
                    top=card_info(cards[-1]) if cards else None,
                    x=area.deck_xy[0] - 70 * k,
                    y=area.deck_xy[1],
                )
            )
        gov = state.governors.get(area.id)
        areas.append(
            AreaView(
                id=area.id,
                region=area.region,
                open=is_open(state, area.id),
                box=area.box,
                track=spaces,
                open_sea=dict(state.open_sea.get(area.id, {})),
                open_sea_xy=area.open_sea_xy,
                decks=decks,
                governor=card_info(gov) if gov else None,
                presence={w: presence_count(state, w, area.id) for w in who_all},
            )
        )
    nodes = [
        NodeView(
            id=n.id,
            area=n.area,
            kind=n.kind,
            honour=n.honour,
            x=n.x,
            y=n.y,
            occupant=state.nodes.get(n.id),
            token=state.tokens.get(n.id),
        )
        for n in d.boards[side].nodes
    ]
    conns = []
    for c in d.boards[side].connections:
        owner = state.nodes.get(c.a)
        controller = owner if owner in state.players and state.nodes.get(c.b) == owner else None
        conns.append(
            ConnectionView(
                id=c.id,
                a=c.a,
                b=c.b,
                shape=c.shape,
                honour=c.honour,
                token=state.tokens.get(c.id),
                controller=controller,
            )
        )
    stacks = [
        TrayStack(building=building_info(kind), count=count)
        for kind, count in sorted(
            state.tray.items(), key=lambda kv: (d.buildings[kv[0]].level, kv[0])
        )
    ]
    players = []
    for s in state.seats:
        p = state.players[s]
        values = track_values(p)
        players.append(
            PlayerView(
                seat=s,
                has_crown=s == state.crown,
                passed=s in state.passed,
                supply=p.supply,
                harbour=p.harbour,
                discs_on_board=discs_on_board(state, s),
                tracks=values,
                levels=LevelsView(
                    build=level("industry", values["industry"]),
                    growth=level("culture", values["culture"]),
                    salary=level("wealth", values["wealth"]),
                    card_limit=card_limit(p),
                    slavery_extra=cards_allowed(p) - min(card_limit(p), d.tracks.card_cap),
                    cards_allowed=cards_allowed(p),
                ),
                shore_slots=d.tracks.shore_slots,
                buildings=[
                    ShoreBuildingView(slot=i, building=building_info(b.kind), disc=b.disc)
                    for i, b in enumerate(p.buildings)
                ],
                brown_tokens=dict(p.tokens),
                memorial_discs=dict(p.memorial_discs),
                blue_tokens=dict(p.blue_tokens),
                cards=[card_info(c) for c in p.cards],
                card_slots=d.tracks.card_slots,
                governor_slot=card_info(p.governor_slot) if p.governor_slot else None,
                set_aside=[card_info(c) for c in p.set_aside],
            )
        )
    turn = None
    if state.turn is not None:
        t = state.turn
        turn = TurnView(
            seat=t.seat,
            source=t.source,
            slot=t.slot,
            token=t.token,
            structure=t.structure,
            remaining=list(t.remaining),
            performed=list(t.performed),
        )
    sf = None
    if state.options.silent_fleet:
        sf = SilentFleetView(
            pool=state.sf_pool,
            on_board=discs_on_board(state, SILENT_FLEET),
            pending_stage=state.sf.stage if state.sf else None,
            pending_options=list(state.sf.options) if state.sf else [],
        )
    return EndeavorView(
        viewer=seat,
        side=side,
        players_count=len(state.seats),
        options=state.options.model_dump(),
        data_source=d.source,
        round=state.round,
        rounds=d.tracks.rounds,
        phase=current_phase(state),
        over=state.over,
        crown=state.crown,
        seats=list(state.seats),
        to_act=sorted(to_act(state)),
        action_seat=state.action_seat,
        passed=list(state.passed),
        turn=turn,
        memorial_pending=list(state.memorial),
        governor_pending=[g.seat for g in state.governor_pending],
        strict_order=state.strict_order or not state.options.player_by_player,
        salary_paid=state.salary_paid,
        abolished=state.abolished,
        areas=areas,
        nodes=nodes,
        connections=conns,
        discard_pile=[card_info(c) for c in state.discard_pile],
        removed_cards=len(state.removed_cards),
        removed_governors=len(state.removed_governors),
        removed_tokens=_counts(state.removed_tokens),
        spent_tokens=_counts(state.spent_tokens),
        tokens_on_board=_counts(list(state.tokens.values())),
        token_kinds=[
            TokenInfo(id=t.id, colour=t.colour, attribute=t.attribute, actions=t.actions)
            for t in d.tokens.values()
        ],
        tray=TrayView(
            stacks=stacks,
            level5_face_down=len(state.hidden_level5),
            removed=[building_info(k) for k in state.removed_buildings],
        ),
        players=players,
        silent_fleet=sf,
        track_tables=TrackTablesView(
            mat_length=d.tracks.mat_length,
            bands=list(d.tracks.bands),
            levels={a: list(v) for a, v in d.tracks.levels.items()},
            honour_spaces=list(d.tracks.honour_spaces),
            extender_start=d.tracks.extender_start,
            extender_step=d.tracks.extender_step,
        ),
    )
