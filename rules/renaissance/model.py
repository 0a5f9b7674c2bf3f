"""Options (rule sets, AOR §5.1) and the game state of Age of Renaissance (ids and counts)."""

from __future__ import annotations

import functools
from typing import Annotated, Any, ClassVar, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from rules.core import GameOptions, GameState, OptionRefused, Text
from rules.core.copying import deep_copy, own_entry
from rules.core.decisions import Decision, JointDecision, wait_behind
from rules.renaissance.components import data
from rules.renaissance.letters import LETTER, SWAPPED

Preset = Literal["source", "ah1996", "euro1999"]
Phase = Literal[
    "setup",
    "bid",
    "q_swap",
    "watermill",
    "buyoff",
    "buy_cards",
    "play",
    "purchase",
    "expansion",
    "end_turn",
    "final_play",
    "over",
]
ShipRow = Literal["none", "galley", "seaworthy", "ocean"]

TOGGLES: tuple[str, ...] = (
    "held_cards_setup",
    "ah_protection_money",
    "euro_leader_boxes",
    "euro_no_written_record_bonus",
    "euro_auto_mr",
    "euro_enlightenment_relief",
    "euro_jk_swap",
    "euro_watermill",
    "human_body_raises_misery",
    "x_credit_same_phase",
    "skip_turn1_draw",
    "keep_purchased_relief",
    "enlightenment_turn_relief",
)

PRESETS: dict[str, dict[str, Any]] = {
    "source": {
        "held_cards_setup": True,
        "ah_protection_money": True,
        "euro_leader_boxes": True,
        "euro_no_written_record_bonus": False,
        "euro_enlightenment_relief": False,
        "euro_jk_swap": False,
        "euro_watermill": False,
        "credit_table": "ah",
        "human_body_raises_misery": True,
        "x_credit_same_phase": False,
        "skip_turn1_draw": False,
        "euro_auto_mr": True,
        "keep_purchased_relief": True,
        "enlightenment_turn_relief": True,
    },
}
# The rulebook as written (``source``) prints, in its base text, Human Body raising misery,
# the automatic misery relief beside the purchased one, and Enlightenment's -1 box per turn
# beside New World's; the two editions each keep only their own half.
PRESETS["ah1996"] = {
    **PRESETS["source"],
    "held_cards_setup": False,
    "euro_leader_boxes": False,
    "human_body_raises_misery": False,
    "euro_auto_mr": False,
    "keep_purchased_relief": False,
    "enlightenment_turn_relief": False,
}
PRESETS["euro1999"] = {
    **PRESETS["source"],
    "euro_leader_boxes": True,
    "euro_no_written_record_bonus": True,
    "euro_auto_mr": True,
    "euro_enlightenment_relief": True,
    "euro_jk_swap": True,
    "euro_watermill": True,
    "ah_protection_money": False,
    "credit_table": "euro",
    "held_cards_setup": True,
    "human_body_raises_misery": False,
    "keep_purchased_relief": False,
    "enlightenment_turn_relief": False,
}


def _unset(value: object) -> bool:
    """Fields added in rules version 2 are left out of the JSON while unused, so a version-1
    state dumps (and hashes) exactly as it did before they existed."""
    return not value


class Options(GameOptions):
    """Setup options (DP-1): a preset plus single toggles, all fixed at game creation
    (frozen: a state's copies share them)."""

    model_config = ConfigDict(frozen=True)

    players: int = Field(default=4, ge=3, le=6)
    preset: Preset = "source"
    end_condition: Literal["epochs_1", "epochs_2", "epochs_3"] = "epochs_3"
    time_limit_minutes: int = Field(default=0, ge=0)
    held_cards_setup: bool = True
    ah_protection_money: bool = True
    euro_leader_boxes: bool = True
    euro_no_written_record_bonus: bool = False
    euro_auto_mr: bool = True
    euro_enlightenment_relief: bool = False
    euro_jk_swap: bool = False
    euro_watermill: bool = False
    credit_table: Literal["ah", "euro"] = "ah"
    map_variant: Literal["euro"] = "euro"
    human_body_raises_misery: bool = True
    x_credit_same_phase: bool = False
    skip_turn1_draw: bool = False
    keep_purchased_relief: bool = True
    enlightenment_turn_relief: bool = True

    @model_validator(mode="before")
    @classmethod
    def _apply_preset(cls, raw: Any) -> Any:
        """Fill every toggle the caller left out from the chosen preset."""
        if isinstance(raw, dict):
            preset = PRESETS.get(str(raw.get("preset", "source")))
            if preset is None:
                return raw  # an unknown preset is refused by the field, naming the presets
            merged = dict(preset)
            merged.update({k: v for k, v in raw.items() if v is not None})
            return merged
        return raw

    @model_validator(mode="after")
    def _check(self) -> Options:
        if self.euro_watermill and not self.euro_jk_swap:
            raise OptionRefused(Text(key="renaissance.option_error.watermill_needs_jk_swap"))
        return self

    @property
    def last_epoch(self) -> int:
        return int(self.end_condition[-1])


class Province(BaseModel):
    """Pieces in one province: tokens per seat (``white`` = placed this turn) and the DM."""

    tokens: dict[str, int] = Field(default_factory=dict)
    white: dict[str, int] = Field(default_factory=dict)
    dm: str | None = None
    dm_white: bool = False

    def count(self) -> int:
        return sum(self.tokens.values())

    def empty(self) -> bool:
        return self.dm is None and not self.count()


class Player(BaseModel):
    seat: str
    capital: str | None = None
    pick_rank: int = 0
    cash: int = 40
    written_cash: int = 0
    misery: int = 0
    stock: int = 36
    expansion: int = 0
    advances: list[str] = Field(default_factory=list)
    bought_this_turn: list[str] = Field(default_factory=list)
    start_advances: list[str] = Field(default_factory=list)
    ship: ShipRow = "none"
    ship_box: int = 0
    hand: list[str] = Field(default_factory=list)
    eliminated: bool = False
    # setup (secret until the reveal)
    dealt: list[str] = Field(default_factory=list)
    returned: str | None = None
    ranking: list[str] = Field(default_factory=list)
    capital_bid: int | None = None
    # phase 1 (secret until the reveal)
    token_bid: int | None = None
    last_token_bid: int = 0
    # once-per-turn flags
    upgraded_ship: bool = False
    purchase_step: Literal["buy", "stabilize", "relief", "done"] = "buy"
    bought_card_v: bool = False
    v_decided: bool = False
    p_decided: bool = False
    play_done: bool = False
    expansion_done: bool = False
    expansion_card: bool = False
    q_used: bool = False
    q_passed: str | None = None
    enlightened_ruler: bool = False
    cathedral_against: list[str] = Field(default_factory=list)
    watermill_used: bool = False
    auto_mr_steps: int = 0
    out_order: int = Field(default=0, exclude_if=_unset)
    """v2: when this player fell into chaos (1 = first; equal for the same moment)."""


class LeaderPlay(BaseModel):
    card: str
    seat: str
    box: int
    protection: int = 0
    claims: list[str] = Field(default_factory=list)


class Pending(Decision):
    """A decision inside a phase that interrupts its order (DP-14, DP-15, DP-16, DP-20...);
    replaced, never changed (copies of the state share it)."""

    model_config = ConfigDict(frozen=True)

    kind: Literal[
        "civil_war",
        "removal",
        "war_cede",
        "pirates",
        "watermill",
        "watermill_give",
        "cathedral_defence",
    ]
    province: str | None = None
    other: str | None = None
    count: int = 0


class Turn(Decision):
    """The seat whose turn it is in a phase played in order of play (AOR-R27): the first in
    order whose step is not done (the Renaissance swap, the watermill, the buy-off, the card
    purchases and discards, playing cards, buying advances, expansion)."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["turn"] = "turn"


class Choice(JointDecision):
    """The secret choices every seat makes at once: setup's returned card, capital ranking
    and capital bid (AOR-R11-R14), or phase 1's token bid (AOR-R20); ``waiting`` are the
    seats that have not finished theirs (replaced, never changed: copies share it)."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["setup", "bid"]

    def answered(self, seat: str) -> Choice:
        """This decision once ``seat`` has made its last secret choice."""
        return self.model_copy(update={"waiting": [s for s in self.waiting if s != seat]})


ORDER_KINDS: frozenset[str] = frozenset({"turn", "setup", "bid"})
"""The kinds of the decisions of the phase's own order (the bottom of the stack)."""

Stacked = Annotated[Pending | Turn | Choice, Field(discriminator="kind")]


class RenaissanceState(GameState):
    options: Options
    players: dict[str, Player]
    provinces: dict[str, Province]
    phase: Phase = "setup"
    turn: int = 0
    epoch: int = 1
    order: list[str] = Field(default_factory=list)
    boxes: dict[str, int] = Field(default_factory=dict)
    cursor: int = 0
    next_phase: Phase = "buyoff"
    draw_pile: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)
    removed: list[str] = Field(default_factory=list)
    held_aside: list[str] = Field(default_factory=list)
    voided: list[str] = Field(default_factory=list)
    markers: dict[str, int] = Field(default_factory=dict)
    leaders: list[LeaderPlay] = Field(default_factory=list)
    military: list[tuple[str, str]] = Field(default_factory=list)
    wars: list[tuple[str, str]] = Field(default_factory=list)
    papal_ban: str | None = None
    crusades_this_turn: bool = False
    mongol_played: bool = False
    strife_this_turn: bool = False
    civil_war_victim: str | None = None
    shipped: dict[str, int] = Field(default_factory=dict)
    attempted: list[str] = Field(default_factory=list)
    cards_bought_expansion: int = 0
    decisions: list[Stacked] = Field(default_factory=list)
    """The pending decisions, a stack (``rules.core.decisions``): the top decides. At the
    bottom the phase's own order (``order_of_play``: the seat whose turn it is, or the
    secret choices of setup and bids), above it the decisions interrupting it (``Pending``).
    Empty when the game is over."""
    end_triggered: bool = False
    deck_exhausted: bool = False
    bank_net: int = 0
    on_leaders: int = 0
    time_up: bool = False
    time_votes: list[str] = Field(default_factory=list, exclude_if=_unset)
    """v2 (AOR-R117 (3), A12): the seats that have agreed the playing time is over."""

    __shallow_fields__: ClassVar[tuple[str, ...]] = ("provinces", "players")
    _shared: dict[str, Province] | None = PrivateAttr(default=None)
    """Copy on write (issue 22, point 2): the provinces of the state this one was copied
    from. A province that is still the same object as there is shared with that state and
    is copied by ``province`` before it changes; every change to a province goes through
    ``province`` (or ``own_provinces``), reading may use ``provinces`` directly."""
    _shared_players: dict[str, Player] | None = PrivateAttr(default=None)
    """Copy on write of the players, in a step's copy only (``step_copy``): the players of
    the state it was copied from; every change to a player in a step goes through
    ``player``, reading may use ``players`` directly."""

    @model_validator(mode="before")
    @classmethod
    def _upcast_decisions(cls, raw: Any) -> Any:
        """A state stored before the decision stack (issue 22, point 1): its ``pending``
        list, first to decide first, becomes the stack (first on top)."""
        if isinstance(raw, dict) and "pending" in raw and "decisions" not in raw:
            raw = dict(raw)
            raw["decisions"] = list(reversed(raw.pop("pending")))
        return raw

    @model_validator(mode="after")
    def _upcast_order(self) -> Self:
        """A state stored before the phase's order was on the stack (its ``pending`` list,
        or a stack of only interrupting decisions): the order's decision goes under them,
        worked out from the cursors and flags as that engine worked it out."""
        if not any(d.kind in ORDER_KINDS for d in self.decisions):
            self.decisions[:0] = self.order_of_play()
        return self

    @property
    def pending(self) -> list[Pending]:
        """The interrupting decisions, first to decide first (read only)."""
        return [d for d in reversed(self.decisions) if isinstance(d, Pending)]

    def interrupting(self) -> Pending | None:
        """The decision now when it interrupts the phase's order, else ``None``."""
        top = self.decisions[-1] if self.decisions else None
        return top if isinstance(top, Pending) else None

    def wait_last(self, decision: Pending) -> None:
        """``decision`` is taken after every interrupting decision already waiting (and
        before the phase's order goes on)."""
        wait_behind(self.decisions, decision, lambda d: isinstance(d, Pending))

    def holds(self, seat: str, effect: str) -> bool:
        """``seat`` has the advance carrying ``effect`` (``effects.has``)."""
        letters = SWAPPED if self.options.euro_jk_swap else LETTER
        return letters[effect] in self.players[seat].advances

    def capitals(self) -> list[str]:
        """The capitals in play with this many players (AOR-R13)."""
        n = self.options.players
        d = data()
        found = d.capitals_for.get(n)
        if found is None:
            found = d.capitals_for[n] = tuple(
                sorted(c.id for c in d.capitals.values() if c.min_players <= n)
            )
        return list(found)

    def setup_done(self, seat: str) -> bool:
        """``seat`` has made every secret setup choice (AOR-R11-R14)."""
        p = self.players[seat]
        if p.capital_bid is None or (p.returned is None and self.options.held_cards_setup):
            return False
        return len(p.ranking) == len(self.capitals())

    def may_swap(self, seat: str) -> bool:
        """AOR-R26: a Renaissance holder not yet swapped this turn, with a swappable
        neighbour."""
        player = self.players[seat]
        if player.q_used or player.q_passed == self.next_phase:
            return False
        if not self.holds(seat, "renaissance"):
            return False
        active = self.active()
        i = active.index(seat)
        near = [active[j] for j in (i - 1, i + 1) if 0 <= j < len(active)]
        return any(not self.holds(n, "renaissance") for n in near)

    def in_turn(self) -> str | None:
        """The seat whose turn it is in a phase played in order of play, or ``None`` when
        the phase is finished (steps without a real choice are skipped by ``flow``)."""
        active = self.active()
        phase = self.phase
        if phase == "q_swap":
            return next((s for s in active if self.may_swap(s)), None)
        if phase == "watermill":
            holders = [s for s in active if self.holds(s, "wind_watermill")]
            return holders[-1] if holders and self.cursor == 0 else None
        if phase == "buyoff":
            return active[0] if self.cursor == 0 and active and self.markers else None
        if phase == "buy_cards":
            for s in active:
                if not self.players[s].v_decided and self.holds(s, "urban_ascendancy"):
                    return s
            for s in active:
                p = self.players[s]
                if not p.p_decided and self.holds(s, "master_art") and p.hand:
                    return s
            return None
        if phase in ("play", "final_play"):
            return next((s for s in active if not self.players[s].play_done), None)
        if phase == "purchase":
            return next((s for s in active if self.players[s].purchase_step != "done"), None)
        if phase == "expansion":
            return next((s for s in active if not self.players[s].expansion_done), None)
        return None

    def order_of_play(self) -> list[Turn | Choice]:
        """The decision of the phase's own order now (none when nobody is to decide in it):
        the secret choices of setup or bids with the seats still to answer, or the turn of
        the seat the order of play is at."""
        if self.phase == "setup":
            waiting = tuple(s for s in self.seats if not self.setup_done(s))
            return [_choice(self.seats[0], "setup", waiting)] if waiting else []
        if self.phase == "bid":
            waiting = tuple(s for s in self.active() if self.players[s].token_bid is None)
            return [_choice(self.seats[0], "bid", waiting)] if waiting else []
        seat = self.in_turn()
        return [_turn(seat)] if seat is not None else []

    def follow_order(self) -> None:
        """Bring the bottom of the stack up to the phase's order: the decision of a seat
        whose turn is over (or of the secret choices all made) leaves, the next comes in."""
        if self.phase in ("setup", "bid"):
            self._set_order(self.order_of_play())
        else:
            self.turn_of(self.in_turn())

    def turn_of(self, seat: str | None) -> None:
        """The phase's order is at ``seat`` (``in_turn``; ``None``: nobody's turn)."""
        stack = self.decisions
        if (
            stack
            and stack[0].kind == "turn"
            and stack[0].seat == seat
            and (len(stack) == 1 or stack[1].kind not in ORDER_KINDS)
        ):
            return
        self._set_order([_turn(seat)] if seat is not None else [])

    def _set_order(self, order: list[Turn | Choice]) -> None:
        stack = self.decisions
        n = 0
        while n < len(stack) and stack[n].kind in ORDER_KINDS:
            n += 1
        if stack[:n] != order:
            stack[:n] = order

    def copied(self) -> Self:
        """A deep copy that shares the provinces until they change (``province``); its
        players are its own (code outside a step, such as the AI's determinization, may
        change them directly)."""
        new = deep_copy(self)
        private = new.__pydantic_private__
        assert private is not None
        private["_shared"] = self.provinces
        private["_shared_players"] = None
        new.__dict__["players"] = {seat: deep_copy(p) for seat, p in self.players.items()}
        return new

    def step_copy(self) -> Self:
        """The copy ``apply`` changes (issue 22): it shares the provinces until they change
        (``province``) and the players until they change (``player``)."""
        new = deep_copy(self)
        private = new.__pydantic_private__
        assert private is not None
        private["_shared"] = self.provinces
        private["_shared_players"] = self.players
        return new

    def player(self, seat: str) -> Player:
        """Seat ``seat``'s player to change: this state's own (copied first if still
        shared with the state this step was copied from)."""
        return own_entry(self, "_shared_players", self.players, seat)

    def province(self, pid: str) -> Province:
        """Province ``pid`` to change: this state's own (copied first if still shared)."""
        return own_entry(self, "_shared", self.provinces, pid)

    def own_provinces(self) -> dict[str, Province]:
        """Every province, to change: none of them is shared any more."""
        private = self.__pydantic_private__
        if private is not None and private["_shared"] is not None:
            self.provinces = {pid: deep_copy(prov) for pid, prov in self.provinces.items()}
            private["_shared"] = None
        return self.provinces

    def __eq__(self, other: object) -> bool:
        """Equal when what is stored is equal (what is shared with another state is not
        part of the state)."""
        if not isinstance(other, RenaissanceState):
            return NotImplemented
        return self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment]

    def __getstate__(self) -> dict[Any, Any]:
        """Pickled (to a worker process) without the provinces and players it shares: the
        copy that arrives owns all of them."""
        state = super().__getstate__()
        private = state.get("__pydantic_private__")
        if private and (
            private.get("_shared") is not None or private.get("_shared_players") is not None
        ):
            state["__pydantic_private__"] = {**private, "_shared": None, "_shared_players": None}
        return state

    def active(self) -> list[str]:
        """Seats still in the game, in order of play (AOR-R27)."""
        return [s for s in self.order if not self.players[s].eliminated]


@functools.cache
def _turn(seat: str) -> Turn:
    """The (frozen, shared) turn decision of ``seat``."""
    return Turn(seat=seat)


@functools.lru_cache(maxsize=4096)  # seats are players' ids: kept for the recent tables
def _choice(seat: str, kind: Literal["setup", "bid"], waiting: tuple[str, ...]) -> Choice:
    """The (frozen, shared) secret choices of the seats ``waiting``."""
    return Choice(seat=seat, kind=kind, waiting=list(waiting))
