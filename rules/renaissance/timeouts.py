"""What the bot chooses for a secret input left unanswered past the table's time limit
(AOR §7, bot policy): the dealt card given back is a random one, the capital ranking is
alphabetical, the capital bid and the order-of-play bid are 0."""

from __future__ import annotations

from rules.renaissance.actions import (
    CapitalBid,
    RankCapital,
    RenaissanceAction,
    ReturnCard,
    TokenBid,
)
from rules.renaissance.legal import legal_actions
from rules.renaissance.model import RenaissanceState


def timeout_actions(state: RenaissanceState, seat: str) -> list[RenaissanceAction]:
    """The defaults for ``seat``'s waiting secret input; empty for every other decision."""
    legal = legal_actions(state, seat)
    returns = [a for a in legal if isinstance(a, ReturnCard)]
    if returns:
        return list(returns)  # the bot picks one of them at random
    ranks = sorted((a for a in legal if isinstance(a, RankCapital)), key=lambda a: a.capital)
    if ranks:
        return [ranks[0]]
    zero = [a for a in legal if isinstance(a, CapitalBid | TokenBid) and a.amount == 0]
    return list(zero)
