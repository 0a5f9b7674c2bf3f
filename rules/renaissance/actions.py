"""Every action of Age of Renaissance (a discriminated union on ``type``, AOR §7)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.core import Action


class ReturnCard(Action):
    """DP-2: the dealt card given back (secret)."""

    type: Literal["return_card"] = "return_card"
    card: str


class RankCapital(Action):
    """DP-3: the next capital on this player's secret list."""

    type: Literal["rank_capital"] = "rank_capital"
    capital: str


class CapitalBid(Action):
    """DP-3: the secret bid for the capital pick ($0-$40)."""

    type: Literal["capital_bid"] = "capital_bid"
    amount: int


class TokenBid(Action):
    """DP-5: the secret order-of-play bid (negative: pay to go earlier)."""

    type: Literal["token_bid"] = "token_bid"
    amount: int


class QSwap(Action):
    """DP-6: Renaissance swap with the player before or after, or none."""

    type: Literal["q_swap"] = "q_swap"
    direction: Literal["before", "after", "none"]


class Watermill(Action):
    """DP-22 (EU-9): add or remove one shortage/surplus, or leave the markers."""

    type: Literal["watermill_marker"] = "watermill_marker"
    commodity: str | None = None
    change: Literal["shortage", "surplus", "remove", "none"] = "none"


class BuyOff(Action):
    """DP-7: the first player pays a commodity's value to remove one of its markers."""

    type: Literal["buy_off"] = "buy_off"
    commodity: str


class EndStep(Action):
    """Finish the current step: buy-off, playing cards, buying advances, expansion."""

    type: Literal["end_step"] = "end_step"


class BuyCard(Action):
    """DP-8: Urban Ascendancy, $10 for an extra card (yes or no)."""

    type: Literal["buy_card"] = "buy_card"
    buy: bool


class DiscardCard(Action):
    """DP-9: Master Art, discard one card (or none)."""

    type: Literal["discard_card"] = "discard_card"
    card: str | None = None


class PlayCard(Action):
    """DP-10..DP-13: play a card from hand with its choices and targets."""

    type: Literal["play_card"] = "play_card"
    card: str
    commodity: str | None = None
    target_seat: str | None = None
    area: int | None = None
    province: str | None = None
    category: str | None = None
    protection: int = 0


class CivilWarLoss(Action):
    """DP-14: the Civil War victim loses half of written cash or half of expansion tokens."""

    type: Literal["civil_war_loss"] = "civil_war_loss"
    lose: Literal["cash", "tokens"]


class RemovalSource(Action):
    """DP-16: empty stock; take an expansion token or leave the province empty."""

    type: Literal["removal_source"] = "removal_source"
    source: Literal["expansion", "empty"]


class Cede(Action):
    """DP-15: the War! loser gives one dominated province to the winner."""

    type: Literal["cede"] = "cede"
    province: str


class PirateTarget(Action):
    """DP-13: the next coastal DM reduced by Pirates/Vikings."""

    type: Literal["pirate_target"] = "pirate_target"
    province: str


class UpgradeShip(Action):
    """DP-17: one ship upgrade for $10."""

    type: Literal["upgrade_ship"] = "upgrade_ship"


class BuyAdvance(Action):
    """DP-17: buy one advance; ``claims``: other players' leaders used (Patronage)."""

    type: Literal["buy_advance"] = "buy_advance"
    letter: str
    claims: list[str] = Field(default_factory=list)


class Stabilize(Action):
    """DP-17: pay the whole stabilization cost, or take misery instead."""

    type: Literal["stabilize"] = "stabilize"
    pay: bool


class Relief(Action):
    """DP-17: buy back misery boxes (0 up to the tier)."""

    type: Literal["relief"] = "relief"
    boxes: int


class Place(Action):
    """DP-18: place one expansion token in a province."""

    type: Literal["place"] = "place"
    province: str


class Attack(Action):
    """DP-18/DP-19: a competition attempt, optionally declaring Cathedral."""

    type: Literal["attack"] = "attack"
    province: str
    cathedral: bool = False


class ExpansionCard(Action):
    """DP-18: buy one extra history card with expansion tokens."""

    type: Literal["expansion_card"] = "expansion_card"


class WatermillSwap(Action):
    """DP-20: try the Wind/Watermill card swap after a win (or not)."""

    type: Literal["watermill_swap"] = "watermill_swap"
    attempt: bool


class GiveCard(Action):
    """DP-20: the card given to the loser after a successful swap roll."""

    type: Literal["give_card"] = "give_card"
    card: str


class CathedralDefence(Action):
    """DP-19: the attacked Cathedral holder declares an automatic win before the roll."""

    type: Literal["cathedral_defence"] = "cathedral_defence"
    declare: bool


class TimeUp(Action):
    """AOR-R10, R117 (3), A12: the agreed playing time is over; the next turn is the last."""

    type: Literal["time_up"] = "time_up"


RenaissanceAction = Annotated[
    ReturnCard
    | RankCapital
    | CapitalBid
    | TokenBid
    | QSwap
    | Watermill
    | BuyOff
    | EndStep
    | BuyCard
    | DiscardCard
    | PlayCard
    | CivilWarLoss
    | RemovalSource
    | Cede
    | PirateTarget
    | UpgradeShip
    | BuyAdvance
    | Stabilize
    | Relief
    | Place
    | Attack
    | ExpansionCard
    | WatermillSwap
    | GiveCard
    | CathedralDefence
    | TimeUp,
    Field(discriminator="type"),
]

ACTION_ADAPTER: TypeAdapter[RenaissanceAction] = TypeAdapter(RenaissanceAction)
