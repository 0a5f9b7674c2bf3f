"""Options and the game state (spec 18). The state holds ids and counts, never card texts."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    PrivateAttr,
    Tag,
    model_validator,
)

from rules.core import GameOptions, GameState, OptionRefused, Text
from rules.core.copying import deep_copy, full_copy, own_entry
from rules.core.decisions import Decision, JointDecision
from rules.maracaibo.components import Op, data

Phase = Literal["setup", "play", "scoring", "over"]
Step = Literal["sail", "main", "draw"]


Difficulty = Literal["very_easy", "easy", "normal", "hard", "very_hard"]


class Options(GameOptions):
    """Setup options: 1-4 players (1 = solo against Jean); the prestige variant shows all
    four buildings (MAR-S7). ``automa_a/b/c`` replace the difficulty's deck composition
    (MAR-J2; the public helper app uses 5/2/1 and 5/3/1 for hard and very hard)."""

    players: int = Field(default=3, ge=1, le=4)
    prestige_face_up: bool = False
    difficulty: Difficulty = "normal"
    automa_a: int | None = Field(default=None, ge=0, le=5)
    automa_b: int | None = Field(default=None, ge=0, le=6)
    automa_c: int | None = Field(default=None, ge=0, le=4)
    campaign: bool = False
    chapter: int = Field(default=1, ge=1, le=11)
    story: str = "75"

    @model_validator(mode="after")
    def _campaign_needs_story_cards(self) -> Options:
        """Spec 12: a campaign needs the box's story cards (not printed in the rulebook)."""
        card = data().stories.get(self.story)
        if card is None or not card.standalone:
            raise OptionRefused(
                Text(key="maracaibo.option_error.story_not_standalone", args={"story": self.story})
            )
        if self.campaign and self.chapter > 1:
            starts = {c.chapter_start for c in data().stories.values()}
            if self.chapter not in starts:
                raise OptionRefused(
                    Text(key="maracaibo.option_error.no_chapter", args={"chapter": self.chapter})
                )
        if self.campaign and "01" not in data().stories:
            raise OptionRefused(Text(key="maracaibo.option_error.campaign_needs_story_cards"))
        return self


class Jean(BaseModel):
    """The solo automa (spec 11): public counts; the automa deck order is hidden."""

    vp: int = 0
    vp_by: dict[str, int] = Field(default_factory=dict)
    influence: dict[str, int] = Field(default_factory=dict)
    explorer: str = "start"
    barriers: list[str] = Field(default_factory=list)
    quests: list[str] = Field(default_factory=list)
    tokens: list[str] = Field(default_factory=list)
    cards: list[str] = Field(default_factory=list)
    discs_removed: int = 0
    deck: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)
    box: list[str] = Field(default_factory=list)


class Player(BaseModel):
    """One player's board and supply (spec 18, "Player")."""

    vp: int = 0
    vp_by: dict[str, int] = Field(default_factory=dict)
    doubloons: int = 0
    cp: int = 1
    personal: int = 2
    general: int = 3
    career_figures: int = 3
    hand: list[str] = Field(default_factory=list)
    plan: list[str] = Field(default_factory=list)
    tableau: list[str] = Field(default_factory=list)
    card_figures: dict[str, int] = Field(default_factory=dict)
    card_quests: dict[str, str] = Field(default_factory=dict)
    synergies: list[str] = Field(default_factory=list)
    influence: dict[str, int] = Field(default_factory=dict)
    inc_d: int = 8
    inc_vp: int = 0
    discs: dict[str, int] = Field(default_factory=dict)
    quests: list[str] = Field(default_factory=list)
    tokens: list[str] = Field(default_factory=list)
    career: str = ""
    career_options: list[str] = Field(default_factory=list)
    tasks: dict[str, str] = Field(default_factory=dict)
    conditional: list[str] = Field(default_factory=list)
    explorer: str = "start"
    barriers: list[str] = Field(default_factory=list)
    setup_discards: list[str] = Field(default_factory=list)
    setup_done: bool = False


class Assistant(BaseModel):
    seat: str
    card: str
    location: str
    placed: int


class PrestigeSlot(BaseModel):
    building: str
    revealed: bool
    investors: list[str] = Field(default_factory=list)


class Board(BaseModel):
    """The shared board. Its fields of many small lists and models (``NESTED``) share those
    items between a state and its step copy (``MaracaiboState.step_copy``): a rule changing one
    of them puts a new list or model in its place first (``own_list``, ``own_slot``, ...),
    never changes it in place."""

    ships: dict[str, str] = Field(default_factory=dict)
    markers: dict[str, str] = Field(default_factory=dict)
    assistants: list[Assistant] = Field(default_factory=list)
    quests: dict[str, list[str]] = Field(default_factory=dict)
    markets: dict[str, list[str]] = Field(default_factory=dict)
    city_tiles: dict[str, str] = Field(default_factory=dict)
    supply: dict[str, list[int]] = Field(default_factory=dict)
    removed_markers: dict[str, int] = Field(default_factory=dict)
    piles: list[list[str]] = Field(default_factory=list)
    quest_pile: list[str] = Field(default_factory=list)
    explorer_quests: dict[str, str] = Field(default_factory=dict)
    explorer_done: list[str] = Field(default_factory=list)
    barrier_crossers: dict[str, list[str]] = Field(default_factory=dict)
    final_order: list[str] = Field(default_factory=list)
    deck: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)
    display: list[str] = Field(default_factory=list)
    box: list[str] = Field(default_factory=list)
    prestige: list[PrestigeSlot] = Field(default_factory=list)
    prestige_box: list[str] = Field(default_factory=list)
    synergy_supply: dict[str, int] = Field(default_factory=dict)
    tiles_box: list[str] = Field(default_factory=list)
    quests_out: list[str] = Field(default_factory=list)

    __shallow_fields__: ClassVar[tuple[str, ...]] = (
        "assistants",
        "quests",
        "markets",
        "supply",
        "piles",
        "barrier_crossers",
        "prestige",
    )

    def own_quests(self, loc: str) -> list[str]:
        """The quest tiles at ``loc`` to change (a new list in place of a shared one)."""
        tiles = self.quests[loc] = list(self.quests[loc])
        return tiles

    def own_market(self, loc: str) -> list[str]:
        spaces = self.markets[loc] = list(self.markets[loc])
        return spaces

    def own_supply(self, nation: str) -> list[int]:
        spaces = self.supply[nation] = list(self.supply[nation])
        return spaces

    def own_pile(self, index: int) -> list[str]:
        pile = self.piles[index] = list(self.piles[index])
        return pile

    def own_crossers(self, color: str) -> list[str]:
        """The ships past barrier ``color`` to change (a new list; created if none)."""
        crossers = self.barrier_crossers[color] = list(self.barrier_crossers.get(color, []))
        return crossers

    def own_slot(self, index: int) -> PrestigeSlot:
        """Prestige slot ``index`` to change (copied in place of a shared one)."""
        slot = self.prestige[index] = deep_copy(self.prestige[index])
        return slot


class Turn(BaseModel):
    """Per-turn bookkeeping (spec 18, "Per turn")."""

    step: Step = "sail"
    start: str = "havana"
    mp: int = 0
    main_done: bool = False
    compass_start: int = 1
    combat_used: list[str] = Field(default_factory=list)
    cp_on_combat_used: bool = False
    used_assistants: list[str] = Field(default_factory=list)
    stops: list[str] = Field(default_factory=list)
    round_end: bool = False


class Pending(Decision):
    """A decision or an operation stacked during a turn or a scoring (``rules.core.decisions``;
    the last entry is resolved first).

    The engine resolves the entries that need no decision itself (``ops``, ``acquire``, the
    story card's back, a forced payment) before anyone is asked (``ops.run``), so the top of
    a settled stack is always a decision for ``seat``.
    """

    n: int = 0
    what: str = ""
    cat: str = ""
    card: str = ""
    items: list[str] = Field(default_factory=list)
    ops: list[Op] = Field(default_factory=list)
    options: list[list[Op]] = Field(default_factory=list)


class SetupChoice(JointDecision):
    """MAR-S15 / S16: every player chooses a career, a planned card and the discards at once,
    in secret; ``waiting`` are the players who have not discarded yet (``Player.setup_done``
    stays the record of each). Replaced, never changed: copies of the state share it."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["setup"] = "setup"

    def answered(self, seat: str) -> SetupChoice:
        """This decision once ``seat`` has made its last setup choice."""
        return self.model_copy(update={"waiting": [x for x in self.waiting if x != seat]})


class MainStep(Decision):
    """The turn of ``seat`` (MAR-T1): step A (sail) and step B (the main action, planning
    and career tasks, then "finish"), at the bottom of the stack under what the turn opens;
    ``Turn`` keeps the turn's bookkeeping. Frozen: copies of the state share it."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["turn"] = "turn"


class Vote(JointDecision):
    """D20: the vote on story card ``card``'s back among ``items``, taken by every seated
    player at once (``seat``: the reader); the votes cast stay secret in
    ``CampaignPlay.votes``, ``waiting`` are the players who have not voted. Replaced, never
    changed: copies of the state share it."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["vote"] = "vote"
    card: str
    items: list[str]

    def answered(self, seat: str) -> Vote:
        """This vote once ``seat`` has voted."""
        return self.model_copy(update={"waiting": [x for x in self.waiting if x != seat]})


def _stacked_kind(value: Any) -> str:
    kind = value.get("kind") if isinstance(value, dict) else getattr(value, "kind", None)
    return kind if kind in ("setup", "turn", "vote") else "pending"


Stacked = Annotated[
    Annotated[Pending, Tag("pending")]
    | Annotated[SetupChoice, Tag("setup")]
    | Annotated[MainStep, Tag("turn")]
    | Annotated[Vote, Tag("vote")],
    Discriminator(_stacked_kind),
]
"""An entry of the decision stack: at the bottom the setup's secret choices or the active
player's turn, above it what the turn or a scoring opened (``Pending``), a story vote."""


class Combat(BaseModel):
    seat: str
    token: str = ""
    stage: Literal["pile", "ally", "act"] = "pile"
    ally: str = ""
    strength: int = 0


class Scoring(BaseModel):
    kind: Literal["interim", "final"]
    trigger: str
    queue: list[str] = Field(default_factory=list)
    stage: int = 0


class CampaignState(BaseModel):
    """Exactly what spec 12.4 lists (the channel id is the store's key)."""

    schema_version: int = 1
    player_count_history: list[int] = Field(default_factory=list)
    story_cards_in_archive: list[str] = Field(default_factory=list)
    pending_story_cards: list[str] = Field(default_factory=list)
    story_cards_in_deck: list[str] = Field(default_factory=list)
    story_tile_stack: list[str] = Field(default_factory=list)
    legacy_tiles_on_board: dict[str, str] = Field(default_factory=dict)
    incomplete_disc_tiles: dict[str, str] = Field(default_factory=dict)
    legacy_tiles_in_box: list[str] = Field(default_factory=list)
    c_cards_in_pool: list[str] = Field(default_factory=list)
    removed_story_cards: list[str] = Field(default_factory=list)
    decisions: dict[str, str] = Field(default_factory=dict)
    chapter: int = 1
    history: list[dict[str, int]] = Field(default_factory=list)


class CampaignPlay(BaseModel):
    """The campaign part of a running game's state."""

    before: CampaignState
    deck: list[str] = Field(default_factory=list)
    tile_stack: list[str] = Field(default_factory=list)
    in_play: list[str] = Field(default_factory=list)
    resolved: list[str] = Field(default_factory=list)
    revealed_in_final: list[str] = Field(default_factory=list)
    story_tiles: dict[str, str] = Field(default_factory=dict)
    legacy: dict[str, str] = Field(default_factory=dict)
    c_cards: list[str] = Field(default_factory=list)
    decisions: dict[str, str] = Field(default_factory=dict)
    votes: dict[str, str] = Field(default_factory=dict)
    tile_discs: dict[str, int] = Field(default_factory=dict)
    legacy_source: dict[str, str] = Field(default_factory=dict)
    removed: list[str] = Field(default_factory=list)
    arrived: list[str] = Field(default_factory=list)
    legacy_box: list[str] = Field(default_factory=list)
    chapter: int = 1


def _old_vote(entry: Any) -> bool:
    return isinstance(entry, dict) and entry.get("kind") == "vote" and "waiting" not in entry


class MaracaiboState(GameState):
    options: Options
    phase: Phase = "setup"
    round: int = 1
    start_player: str = ""
    active: str = ""
    turn_no: int = 0
    turn: Turn = Field(default_factory=Turn)
    players: dict[str, Player] = Field(default_factory=dict)
    board: Board = Field(default_factory=Board)
    stack: list[Stacked] = Field(default_factory=list)
    """The pending decisions, a stack (``rules.core.decisions``): the top decides, nothing
    is pending once the game is over. In setup the players' secret choices
    (``SetupChoice``); in play the active player's turn (``MainStep``) at the bottom, under
    the decisions and operations it opened (``Pending``); in a scoring those of its steps
    and a story vote (``Vote``)."""
    combat: Combat | None = None
    scoring: Scoring | None = None
    story: str = "75"
    jean: Jean | None = None
    campaign: CampaignPlay | None = None

    __shallow_fields__: ClassVar[tuple[str, ...]] = ("players",)
    __shared_fields__: ClassVar[tuple[str, ...]] = ("seats", "options")
    """Never changed in place once the game exists: a step copy shares them."""
    _shared: dict[str, Player] | None = PrivateAttr(default=None)
    """Copy on write (issue 22, point 2): the players of the state this one was step-copied
    from. A player that is still the same object as there is shared with that state and is
    copied by ``player`` before it changes: every change to a player goes through ``player``;
    reading may use ``players`` directly."""

    @model_validator(mode="before")
    @classmethod
    def _upcast_vote(cls, raw: Any) -> Any:
        """A state stored with a story vote that was a plain stack entry (issue 22, point 1):
        it becomes a ``Vote`` whose ``waiting`` are the seated players who have not voted
        (the votes cast are the campaign's)."""
        if not isinstance(raw, dict) or not isinstance(raw.get("stack"), list):
            return raw
        if not any(_old_vote(d) for d in raw["stack"]):
            return raw
        campaign = raw.get("campaign")
        votes = campaign.get("votes", {}) if isinstance(campaign, dict) else {}
        waiting = [seat for seat in raw.get("seats", []) if seat not in votes]
        raw = dict(raw)
        raw["stack"] = [
            {
                "seat": d.get("seat"),
                "kind": "vote",
                "waiting": waiting,
                "card": d.get("card", ""),
                "items": d.get("items", []),
            }
            if _old_vote(d)
            else d
            for d in raw["stack"]
        ]
        return raw

    @model_validator(mode="after")
    def _upcast_order(self) -> Self:
        """A state stored before the setup and the turn were on the stack (issue 22, point 1):
        the setup's secret choices (the players not done), or the active player's turn, go
        under what the stack holds, as that engine worked out who acts."""
        if self.stack and isinstance(self.stack[0], SetupChoice | MainStep):
            return self
        if self.phase == "setup" and self.players:
            waiting = [x for x in self.seats if not self.players[x].setup_done]
            self.stack.insert(0, SetupChoice(seat=self.seats[0], waiting=waiting))
        elif self.phase == "play" and self.active in self.players:
            self.stack.insert(0, MainStep(seat=self.active))
        return self

    def opened(self) -> Pending | None:
        """The decision now when a turn or a scoring opened it (not the setup, a turn's main
        step or a vote), else ``None``."""
        top = self.stack[-1] if self.stack else None
        return top if isinstance(top, Pending) else None

    def copied(self) -> Self:
        """A copy that shares nothing mutable (players and board items included), for code
        that changes it freely (the AI's determinization and projections)."""
        new = full_copy(self)
        private = new.__pydantic_private__
        assert private is not None
        private["_shared"] = None
        return new

    def step_copy(self) -> Self:
        """The copy ``apply`` changes: it shares the players until they change (``player``)
        and the board's nested items (``Board``: replaced, never changed in place)."""
        new = deep_copy(self)
        private = new.__pydantic_private__
        assert private is not None
        private["_shared"] = self.players
        return new

    def player(self, seat: str) -> Player:
        """Seat ``seat``'s player to change: this state's own (copied first if still
        shared)."""
        return own_entry(self, "_shared", self.players, seat)

    def __eq__(self, other: object) -> bool:
        """Equal when what is stored is equal (what is shared with another state is not
        part of the state)."""
        if not isinstance(other, MaracaiboState):
            return NotImplemented
        return self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment]

    def __getstate__(self) -> dict[Any, Any]:
        """Pickled (to a worker process) without the players it shares: the copy that
        arrives owns all of its players."""
        state = super().__getstate__()
        private = state.get("__pydantic_private__")
        if private and private.get("_shared") is not None:
            state["__pydantic_private__"] = {**private, "_shared": None}
        return state
