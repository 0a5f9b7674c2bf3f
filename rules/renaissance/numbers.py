"""The secret bids as number inputs (AOR-R13 capital bid $0-$40, AOR-R20 order-of-play bid
−cash…cash): ``legal_actions`` still lists every amount (bots and autocomplete use it); the
menu offers one number input with the unit and the range instead of up to 81 buttons."""

from __future__ import annotations

from rules.core import term
from rules.core.spec import NumberChoice
from rules.renaissance.actions import CapitalBid, TokenBid
from rules.renaissance.describe import action_group
from rules.renaissance.legal import legal_actions
from rules.renaissance.model import RenaissanceState


def number_choice(state: RenaissanceState, seat: str) -> NumberChoice | None:
    actions = legal_actions(state, seat)
    if not actions or not isinstance(actions[0], CapitalBid | TokenBid):
        return None
    kind = type(actions[0])
    group = action_group(actions[0])
    amounts = [a.amount for a in actions if isinstance(a, kind)]
    if len(amounts) < 2 or any(
        action_group(a) == group and not isinstance(a, kind) for a in actions
    ):
        return None  # one amount (no cash), or other choices in the group: the plain menu
    name = "capital_bid" if kind is CapitalBid else "token_bid"
    return NumberChoice(
        group=group,
        low=min(amounts),
        high=max(amounts),
        prompt=term(f"renaissance.number.{name}"),
        unit=term("renaissance.number.unit"),
        hint=term(f"renaissance.number.{name}.hint"),
        build=_capital_bid if kind is CapitalBid else _token_bid,
    )


def _capital_bid(amount: int) -> CapitalBid:
    return CapitalBid(amount=amount)


def _token_bid(amount: int) -> TokenBid:
    return TokenBid(amount=amount)
