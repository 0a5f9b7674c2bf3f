"""Every action a seat can send (spec 14's decision points), a union on ``type``."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.core import Action


class SetupCareer(Action):
    """D2: keep one of the two career cards."""

    type: Literal["setup_career"] = "setup_career"
    career: str


class SetupPlan(Action):
    """D1: the one A card that goes to the planning area."""

    type: Literal["setup_plan"] = "setup_plan"
    card: str


class SetupDiscard(Action):
    """D1: one of the three A cards discarded at setup."""

    type: Literal["setup_discard"] = "setup_discard"
    card: str


class Sail(Action):
    """D3 / D23: sail to a location (the whole turn's sail or an extra sail). Without ``via``
    the cheapest route is taken (as every sail of rules version 1); from version 2 a costlier
    route is chosen by naming the locations it passes through, in order (MAR-T3)."""

    type: Literal["sail"] = "sail"
    to: str
    via: list[str] = Field(default_factory=list)


class Main(Action):
    """D5: the main action at the location reached."""

    type: Literal["main"] = "main"
    kind: Literal["city", "village", "quest", "assistant"]
    target: str = ""


class Finish(Action):
    """End step B and go on to drawing."""

    type: Literal["finish"] = "finish"


class Plan(Action):
    """F1: move a hand card to the planning area."""

    type: Literal["plan"] = "plan"
    card: str


class Task(Action):
    """F2: complete a career task with its lower or higher row."""

    type: Literal["task"] = "task"
    task: int
    row: Literal["low", "high"]


class FigureToCp(Action):
    """F3 (PERM_FIGURE_TO_CP): return a figure for 2 CP."""

    type: Literal["figure_to_cp"] = "figure_to_cp"


class Village(Action):
    """D9: one village action."""

    type: Literal["village"] = "village"
    action: str


class Buy(Action):
    """D9 / D16: buy a card from hand or planning area."""

    type: Literal["buy"] = "buy"
    card: str


class Invest(Action):
    """D9 / D16: invest in a revealed prestige building."""

    type: Literal["invest"] = "invest"
    building: str


class Discard(Action):
    """D22: discard a hand card as the good or object it shows (a payment)."""

    type: Literal["discard"] = "discard"
    card: str


class UsePermanent(Action):
    """D22: how many permanent object cards (PERM_OBJECT) to apply to an object payment; the
    rest of the payment is discarded from the hand."""

    type: Literal["use_permanent"] = "use_permanent"
    count: int = Field(ge=0)


class RemoveDisc(Action):
    """D13: the ship-board section a disc comes from."""

    type: Literal["remove_disc"] = "remove_disc"
    section: str


class ChooseNation(Action):
    """D12 / D17 / red barrier: a nation."""

    type: Literal["nation"] = "nation"
    nation: Literal["FR", "ES", "EN"]


class Explore(Action):
    """D11: the explorer's path, space by space."""

    type: Literal["explore"] = "explore"
    path: list[str]


class Pay(Action):
    """Pay an optional cost (an effect's payment, discarding the hand, a quest on the track)."""

    type: Literal["pay"] = "pay"


class Choose(Action):
    """D17 / D18 / D20: one of the printed alternatives (in a vote, ``ABSTAIN``: none)."""

    type: Literal["choose"] = "choose"
    option: int


ABSTAIN = -1
"""D20: a story-back vote cast for no option (it does not count toward the majority)."""


class PlaceMarker(Action):
    """D18: a nation's ownership marker on a village."""

    type: Literal["place_marker"] = "place_marker"
    nation: Literal["FR", "ES", "EN"]
    village: str


class TakeSynergy(Action):
    type: Literal["synergy"] = "synergy"
    kind: str


class FiguresOnCard(Action):
    type: Literal["figures_on_card"] = "figures_on_card"
    count: int


class Deliver(Action):
    """D6: deliver a good to a market space."""

    type: Literal["deliver"] = "deliver"
    card: str
    space: int


class CityAction(Action):
    """D7: the printed city action."""

    type: Literal["city_action"] = "city_action"


class Pile(Action):
    """D8: reveal the top combat token of a pile."""

    type: Literal["pile"] = "pile"
    pile: int


class Ally(Action):
    type: Literal["ally"] = "ally"
    nation: Literal["FR", "ES", "EN"]


class Boost(Action):
    """MAR-C15: +1 strength for 1 CP or 1 figure."""

    type: Literal["boost"] = "boost"
    using: Literal["cp", "figure"]


class CombatAction(Action):
    """MAR-C13 / 8.6: one combat action (target: a location where one is needed)."""

    type: Literal["combat_action"] = "combat_action"
    action: str
    target: str = ""


class VisitReward(Action):
    """D19: PERM_ASSISTANT_VISIT reward."""

    type: Literal["visit_reward"] = "visit_reward"
    reward: Literal["vp", "doubloons"]


class Draw(Action):
    """D15: draw from the deck (``slot`` -1) or a display slot."""

    type: Literal["draw"] = "draw"
    slot: int = -1


class ScoreChoice(Action):
    """D16: scoring step 1, buy/invest or take 2 VP."""

    type: Literal["score_choice"] = "score_choice"
    buy: bool


class Skip(Action):
    """Decline the current optional decision (end village actions, skip a city part...)."""

    type: Literal["skip"] = "skip"


MaracaiboAction = Annotated[
    SetupCareer
    | SetupPlan
    | SetupDiscard
    | Sail
    | Main
    | Finish
    | Plan
    | Task
    | FigureToCp
    | Village
    | Buy
    | Invest
    | Discard
    | UsePermanent
    | RemoveDisc
    | ChooseNation
    | Explore
    | Pay
    | Choose
    | PlaceMarker
    | TakeSynergy
    | FiguresOnCard
    | Deliver
    | CityAction
    | Pile
    | Ally
    | Boost
    | CombatAction
    | VisitReward
    | Draw
    | ScoreChoice
    | Skip,
    Field(discriminator="type"),
]

ACTION_ADAPTER: TypeAdapter[MaracaiboAction] = TypeAdapter(MaracaiboAction)

GROUPS = {
    "setup_career": "setup",
    "setup_plan": "setup",
    "setup_discard": "setup",
    "sail": "sail",
    "main": "main",
    "finish": "main",
    "plan": "free",
    "task": "free",
    "figure_to_cp": "free",
    "village": "village",
    "buy": "buy",
    "invest": "buy",
    "discard": "pay",
    "use_permanent": "pay",
    "pay": "pay",
    "remove_disc": "disc",
    "nation": "choice",
    "choose": "choice",
    "place_marker": "choice",
    "synergy": "choice",
    "figures_on_card": "choice",
    "explore": "explore",
    "deliver": "city",
    "city_action": "city",
    "pile": "combat",
    "ally": "combat",
    "boost": "combat",
    "combat_action": "combat",
    "visit_reward": "choice",
    "draw": "draw",
    "score_choice": "scoring",
    "skip": "skip",
}


def action_group(action: MaracaiboAction) -> str:
    return GROUPS[action.type]
