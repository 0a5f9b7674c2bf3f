"""ILOS-R24: the player chooses the payment cards; the first offered choice is a sensible default."""

from __future__ import annotations

import random

from rules.core.bots import seat_names
from rules.ilos import SPEC
from rules.ilos.actions import Pay
from rules.ilos.components import CARD_TYPES, CardType


def _leftover_peak(hand: dict[CardType, int], payment: dict[CardType, int]) -> int:
    """How many cards of the most-held type remain: the default keeps this as low as possible."""
    return max(hand.get(t, 0) - payment.get(t, 0) for t in CARD_TYPES)


def test_ilos_r24_default_payment_spends_the_most_held_types() -> None:
    checked = 0
    for seed in range(40):
        options = SPEC.Options.model_validate({"players": 3})
        state = SPEC.new_game(seat_names(3), options, seed)
        rnd = random.Random(seed)
        for _ in range(400):
            if SPEC.is_over(state):
                break
            seat = sorted(SPEC.to_act(state))[0]
            actions = SPEC.legal_actions(state, seat)
            pays = [a for a in actions if isinstance(a, Pay)]
            if len(pays) > 1:
                pending = state.pending
                assert pending is not None and pending.card is not None
                hand = dict(state.player(seat).hand)
                hand[pending.card] -= 1
                peaks = [_leftover_peak(hand, p.cards) for p in pays]
                assert peaks[0] == min(peaks), (
                    "the default payment does not spend the most-held types"
                )
                assert all(sum(p.cards.values()) == pending.cost for p in pays)
                checked += 1
            state = SPEC.apply(state, seat, actions[rnd.randrange(len(actions))]).state
    assert checked > 20, "too few payment decisions seen to say anything"
