"""ILOS-D03 as one pick: the cards to return chosen with one multi-select.

``legal_actions`` still lists every subset of the hand (bots and autocomplete use it); the
menu offers this instead: one item per card in hand (``<type>:<n>``, the n-th card of that
type), any number of them, turned into the one ``Mulligan`` action they name.
"""

from __future__ import annotations

from collections import Counter

from rules.core import Text, term
from rules.core.spec import ManyChoice
from rules.ilos import terms
from rules.ilos.actions import Mulligan
from rules.ilos.components import CARD_TYPES, CardType
from rules.ilos.model import IlosState


def mulligan_choice(state: IlosState, seat: str) -> ManyChoice | None:
    if state.phase != "mulligan" or seat != state.active_seat:
        return None
    hand = state.player(seat).hand
    items: list[tuple[str, Text]] = [
        (f"{kind}:{n}", term("ilos.mulligan.card", card=terms.card(kind), number=n))
        for kind in CARD_TYPES
        for n in range(1, hand.get(kind, 0) + 1)
    ]
    return ManyChoice(
        group="mulligan",
        items=items,
        min_picks=0,
        max_picks=len(items),
        prompt=term("ilos.mulligan.pick"),
        build=_build,
    )


def _build(picked: list[str]) -> Mulligan:
    counts: Counter[CardType] = Counter()
    for item in picked:
        kind = item.split(":", 1)[0]
        for known in CARD_TYPES:
            if known == kind:
                counts[known] += 1
    return Mulligan(discard={k: counts[k] for k in CARD_TYPES if counts[k]})
