"""Labels of actions (buttons, log) and their groups, as catalog keys (AOR §7)."""

from __future__ import annotations

from rules.core import Text, term
from rules.renaissance.actions import (
    Attack,
    BuyAdvance,
    BuyCard,
    BuyOff,
    CapitalBid,
    CathedralDefence,
    Cede,
    CivilWarLoss,
    DiscardCard,
    EndStep,
    ExpansionCard,
    GiveCard,
    PirateTarget,
    Place,
    PlayCard,
    QSwap,
    RankCapital,
    Relief,
    RemovalSource,
    RenaissanceAction,
    ReturnCard,
    Stabilize,
    TimeUp,
    TokenBid,
    UpgradeShip,
    Watermill,
    WatermillSwap,
)
from rules.renaissance.deck import card_term
from rules.renaissance.effects import advance_term_key
from rules.renaissance.model import RenaissanceState
from rules.renaissance.purchase import price, stabilization_cost

GROUPS = {
    "return_card": "setup",
    "rank_capital": "setup",
    "capital_bid": "setup",
    "token_bid": "bid",
    "q_swap": "order",
    "watermill_marker": "markers",
    "buy_off": "markers",
    "end_step": "end",
    "buy_card": "cards",
    "discard_card": "cards",
    "play_card": "play",
    "civil_war_loss": "respond",
    "removal_source": "respond",
    "cede": "respond",
    "pirate_target": "respond",
    "upgrade_ship": "purchase",
    "buy_advance": "purchase",
    "stabilize": "purchase",
    "relief": "purchase",
    "place": "expand",
    "attack": "expand",
    "expansion_card": "expand",
    "watermill_swap": "respond",
    "give_card": "respond",
    "time_up": "time",
    "cathedral_defence": "respond",
}


def action_group(action: RenaissanceAction) -> str:
    return GROUPS[action.type]


def _p(province: str) -> Text:
    return term(f"renaissance.province.{province}")


def describe_action(state: RenaissanceState, seat: str, action: RenaissanceAction) -> Text:
    k = "renaissance.action."
    if isinstance(action, ReturnCard):
        return Text(key=k + "return_card", args={"card": card_term(action.card)})
    if isinstance(action, RankCapital):
        return Text(key=k + "rank_capital", args={"capital": _p(action.capital)})
    if isinstance(action, CapitalBid):
        return Text(key=k + "capital_bid", args={"amount": action.amount})
    if isinstance(action, TokenBid):
        return Text(key=k + "token_bid", args={"amount": action.amount})
    if isinstance(action, QSwap):
        return Text(key=k + "q_swap." + action.direction)
    if isinstance(action, Watermill):
        if action.commodity is None or action.change == "none":
            return Text(key=k + "watermill_none")
        return Text(
            key=k + "watermill_marker",
            args={
                "commodity": term(f"renaissance.commodity.{action.commodity}"),
                "change": term(f"renaissance.change.{action.change}"),
            },
        )
    if isinstance(action, BuyOff):
        return Text(
            key=k + "buy_off",
            args={"commodity": term(f"renaissance.commodity.{action.commodity}")},
        )
    if isinstance(action, EndStep):
        return Text(key=k + "end_step." + state.phase)
    if isinstance(action, BuyCard):
        return Text(key=k + ("buy_card" if action.buy else "no_card"))
    if isinstance(action, DiscardCard):
        if action.card is None:
            return Text(key=k + "keep_cards")
        return Text(key=k + "discard_card", args={"card": card_term(action.card)})
    if isinstance(action, PlayCard):
        return _play(action)
    if isinstance(action, CivilWarLoss):
        return Text(key=k + "civil_war." + action.lose)
    if isinstance(action, RemovalSource):
        return Text(key=k + "removal." + action.source)
    if isinstance(action, Cede):
        return Text(key=k + "cede", args={"province": _p(action.province)})
    if isinstance(action, PirateTarget):
        return Text(key=k + "pirate_target", args={"province": _p(action.province)})
    if isinstance(action, UpgradeShip):
        return Text(key=k + "upgrade_ship")
    if isinstance(action, BuyAdvance):
        cost, fees = price(state, seat, action.letter, action.claims)
        return Text(
            key=k + ("buy_advance_claim" if action.claims else "buy_advance"),
            args={
                "advance": term(advance_term_key(state, action.letter)),
                "amount": cost,
                "fee": fees,
                "leaders": [card_term(c) for c in action.claims],
            },
        )
    if isinstance(action, Stabilize):
        amount = stabilization_cost(state, seat)
        return Text(
            key=k + ("stabilize" if action.pay else "no_stabilize"), args={"amount": amount}
        )
    if isinstance(action, Relief):
        return Text(key=k + "relief", args={"count": action.boxes})
    if isinstance(action, Place):
        return Text(key=k + "place", args={"province": _p(action.province)})
    if isinstance(action, Attack):
        return Text(
            key=k + ("cathedral" if action.cathedral else "attack"),
            args={"province": _p(action.province)},
        )
    if isinstance(action, ExpansionCard):
        return Text(key=k + "expansion_card")
    if isinstance(action, WatermillSwap):
        return Text(key=k + ("swap" if action.attempt else "no_swap"))
    if isinstance(action, CathedralDefence):
        return Text(key=k + ("defend_cathedral" if action.declare else "no_cathedral"))
    if isinstance(action, TimeUp):
        return Text(key=k + "time_up")
    assert isinstance(action, GiveCard)
    return Text(key=k + "give_card", args={"card": card_term(action.card)})


def _play(action: PlayCard) -> Text:
    k = "renaissance.action.play."
    card = card_term(action.card)
    if action.commodity is not None and "_" in card.key.rsplit(".", 1)[-1]:
        return Text(
            key=k + "commodity",
            args={"card": card, "commodity": term(f"renaissance.commodity.{action.commodity}")},
        )
    if action.target_seat is not None:
        return Text(key=k + "seat", args={"card": card, "seat": action.target_seat})
    if action.province is not None:
        return Text(key=k + "province", args={"card": card, "province": _p(action.province)})
    if action.area is not None:
        return Text(
            key=k + "area", args={"card": card, "area": term(f"renaissance.area.{action.area}")}
        )
    if action.category is not None:
        return Text(
            key=k + "category",
            args={"card": card, "category": term(f"renaissance.category.{action.category}")},
        )
    if action.protection:
        return Text(key=k + "protection", args={"card": card, "amount": action.protection})
    return Text(key=k + "plain", args={"card": card})


def describe_detail(state: RenaissanceState, seat: str, action: RenaissanceAction) -> Text | None:
    """A menu option's second line: the card's or advance's text (``cardtext``)."""
    from rules.renaissance import cardtext
    from rules.renaissance.actions import BuyAdvance, DiscardCard, GiveCard, PlayCard, ReturnCard

    if isinstance(action, ReturnCard | PlayCard | GiveCard) or (
        isinstance(action, DiscardCard) and action.card is not None
    ):
        card = action.card
        return cardtext.card_detail(card) if card is not None else None
    if isinstance(action, BuyAdvance):
        return cardtext.advance_detail(action.letter, state.options.credit_table)
    return None
