"""What a seat (or the public) may know (spec 13). Hidden information is removed here only."""

from __future__ import annotations

from pydantic import BaseModel, Field

from rules.core import View, decisions
from rules.maracaibo.legal import to_act
from rules.maracaibo.model import Assistant, Combat, MainStep, MaracaiboState, SetupChoice


class PlayerView(BaseModel):
    vp: int
    doubloons: int
    cp: int
    personal: int
    general: int
    career_figures: int
    hand_count: int
    plan: list[str]
    tableau: list[str]
    card_figures: dict[str, int]
    card_quest_count: int
    synergies: list[str]
    influence: dict[str, int]
    inc_d: int
    inc_vp: int
    discs: dict[str, int]
    quest_count: int
    token_count: int
    career: str
    tasks: dict[str, str]
    explorer: str
    ship: str
    setup_done: bool


class PrivateView(BaseModel):
    hand: list[str]
    tokens: list[str]
    quests: list[str]
    card_quests: dict[str, str]
    career_options: list[str]
    setup_discards: list[str]


class PrestigeView(BaseModel):
    building: str | None
    investors: list[str]


class BoardView(BaseModel):
    markers: dict[str, str]
    assistants: list[Assistant]
    quests: dict[str, list[str]]
    markets: dict[str, list[str]]
    city_tiles: dict[str, str]
    supply: dict[str, list[int]]
    removed_markers: dict[str, int]
    pile_sizes: list[int]
    quest_pile_top: str | None
    quest_pile_size: int
    explorer_quests: dict[str, str]
    explorer_done: list[str]
    barrier_crossers: dict[str, list[str]]
    final_order: list[str]
    deck_size: int
    discard: list[str]
    display: list[str]
    prestige: list[PrestigeView]
    synergy_supply: dict[str, int]


class JeanView(BaseModel):
    """Jean's public side: counts for her face-down cards and tokens (spec 13)."""

    vp: int
    influence: dict[str, int]
    explorer: str
    ship: str
    quest_count: int
    token_count: int
    card_count: int
    discs_removed: int
    deck_size: int
    discard: list[str]


class MaracaiboView(View):
    round: int
    phase: str
    active: str
    acting: list[str]
    start_player: str
    players: dict[str, PlayerView]
    board: BoardView
    decision: str = ""
    combat: Combat | None = None
    you: PrivateView | None = None
    vp_by: dict[str, dict[str, int]] = Field(default_factory=dict)
    jean: JeanView | None = None
    stories: list[str] = Field(default_factory=list)
    story_tiles: dict[str, str] = Field(default_factory=dict)
    legacy_tiles: dict[str, str] = Field(default_factory=dict)
    legacy_discs: dict[str, int] = Field(default_factory=dict)


def build_view(s: MaracaiboState, viewer: str | None) -> MaracaiboView:
    b = s.board
    setup = s.phase == "setup"
    players: dict[str, PlayerView] = {}
    for seat, p in s.players.items():
        own = seat == viewer
        players[seat] = PlayerView(
            vp=p.vp,
            doubloons=p.doubloons,
            cp=p.cp,
            personal=p.personal,
            general=p.general,
            career_figures=p.career_figures,
            hand_count=len(p.hand),
            plan=p.plan if own or not setup else [],
            tableau=p.tableau,
            card_figures=p.card_figures,
            card_quest_count=len(p.card_quests),
            synergies=p.synergies,
            influence=p.influence,
            inc_d=p.inc_d,
            inc_vp=p.inc_vp,
            discs=p.discs,
            quest_count=len(p.quests),
            token_count=len(p.tokens),
            career=p.career if own or not setup else "",
            tasks=p.tasks,
            explorer=p.explorer,
            ship=b.ships[seat],
            setup_done=p.setup_done,
        )
    you = None
    if viewer is not None and viewer in s.players:
        p = s.players[viewer]
        you = PrivateView(
            hand=p.hand,
            tokens=p.tokens,
            quests=p.quests,
            card_quests=p.card_quests,
            career_options=p.career_options,
            setup_discards=p.setup_discards,
        )
    top = decisions.top(s.stack)
    j = s.jean
    jean = (
        JeanView(
            vp=j.vp,
            influence=j.influence,
            explorer=j.explorer,
            ship=b.ships.get("jean", "havana"),
            quest_count=len(j.quests),
            token_count=len(j.tokens),
            card_count=len(j.cards),
            discs_removed=j.discs_removed,
            deck_size=len(j.deck),
            discard=j.discard,
        )
        if j is not None
        else None
    )
    play = s.campaign
    return MaracaiboView(
        stories=play.in_play if play is not None else [s.story],
        story_tiles=play.story_tiles if play is not None else {},
        legacy_tiles=play.legacy if play is not None else {},
        legacy_discs=play.tile_discs if play is not None else {},
        jean=jean,
        game="maracaibo",
        viewer=viewer,
        round=s.round,
        phase=s.phase,
        active=s.active,
        acting=sorted(to_act(s)),
        start_player=s.start_player,
        players=players,
        board=BoardView(
            markers=b.markers,
            assistants=b.assistants,
            quests=b.quests,
            markets=b.markets,
            city_tiles=b.city_tiles,
            supply=b.supply,
            removed_markers=b.removed_markers,
            pile_sizes=[len(x) for x in b.piles],
            quest_pile_top=b.quest_pile[0] if b.quest_pile else None,
            quest_pile_size=len(b.quest_pile),
            explorer_quests=b.explorer_quests,
            explorer_done=b.explorer_done,
            barrier_crossers=b.barrier_crossers,
            final_order=b.final_order,
            deck_size=len(b.deck),
            discard=b.discard,
            display=b.display,
            prestige=[
                PrestigeView(building=x.building if x.revealed else None, investors=x.investors)
                for x in b.prestige
            ],
            synergy_supply=b.synergy_supply,
        ),
        decision=top.kind
        if top is not None and not isinstance(top, MainStep | SetupChoice)
        else "",
        combat=s.combat,
        you=you,
        vp_by={seat: p.vp_by for seat, p in s.players.items()} if s.phase == "over" else {},
    )
