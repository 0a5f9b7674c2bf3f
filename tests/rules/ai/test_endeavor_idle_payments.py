"""END-R70a, A9 (issue 24: with Market and Bank on its shore, a strong seat paid one with the
other and back again, 547 decisions in one game at 3 s): the AI never weighs a Payment that
ends where a direct one would, and still weighs every Payment that does something."""

from __future__ import annotations

from rules.ai.hooks import game_ai
from rules.endeavor import SPEC
from rules.endeavor.actions import Activate, Pass, Payment, SpendToken
from rules.endeavor.evaluation import idle_payment
from rules.endeavor.model import EndeavorState
from tests.rules.endeavor.endeavor_helpers import act, add_building, harbour, random_positions
from tests.rules.endeavor.test_endeavor_actions import fresh

AI = game_ai(SPEC)


def _shore(*buildings: tuple[str, bool]) -> tuple[EndeavorState, list[int]]:
    """p1 to act in the Action phase with its start building occupied, these buildings
    (kind, occupied) beside it and two harbour discs; p2 has passed."""
    s = fresh()
    p = s.players["p1"]
    p.buildings[0].disc = True
    p.supply -= 1
    slots = [add_building(s, "p1", kind, disc) for kind, disc in buildings]
    harbour(s, "p1", 2)
    s.passed = ["p2"]
    return s, slots


def test_end_r70a_a_payment_building_never_weighs_freeing_another_one() -> None:
    """END-R70a: Market may pay the Bank's disc or the start building's; the AI weighs only
    the start building's (the Bank, freed, could only pay that one itself)."""
    s, (market, bank) = _shore(("market", False), ("bank", True))
    assert Activate(slot=market) in AI.actions(SPEC, s, "p1")
    s = act(s, "p1", Activate(slot=market))
    legal = SPEC.legal_actions(s, "p1")
    assert Payment(slot=bank) in legal and Payment(slot=0) in legal
    weighed = AI.actions(SPEC, s, "p1")
    assert Payment(slot=bank) not in weighed and Payment(slot=0) in weighed


def test_end_r70a_a_payment_building_with_only_idle_payments_is_not_weighed() -> None:
    """END-R70a: with only payment buildings' discs to pay (the start building free),
    using Market or the blue Payment token is legal and never weighed; passing is."""
    s, (market, _bank) = _shore(("market", False), ("bank", True))
    s.players["p1"].buildings[0].disc = False
    s.players["p1"].supply += 1
    s.players["p1"].blue_tokens["payment"] = 1
    legal = SPEC.legal_actions(s, "p1")
    token = SpendToken(token="payment")
    assert Activate(slot=market) in legal and token in legal
    weighed = AI.actions(SPEC, s, "p1")
    assert Activate(slot=market) not in weighed and token not in weighed
    assert Activate(slot=0) in weighed and Pass() in weighed


def test_end_r70a_a9_the_exchange_may_free_a_market_to_be_paid_back() -> None:
    """END-R70a / A9: the Exchange (Draw + Payment) may not pay itself, but it may free a
    Market that pays it back, a card each time round: the AI weighs that payment."""
    s, (exchange, market) = _shore(("exchange", False), ("market", True))
    s = act(s, "p1", Activate(slot=exchange))
    assert Payment(slot=market) in AI.actions(SPEC, s, "p1")


def test_end_r70a_random_games_never_weigh_an_idle_payment_beside_another_choice() -> None:
    """END-R70a over seeded random games: wherever the legal moves hold an idle payment, the
    AI weighs none of them unless nothing else is left (a turn already opened by a payment
    building with only idle payments to make, which it then finishes)."""
    seen = fallback = 0
    for state, seat, legal in random_positions(range(12)):
        idle = [a for a in legal if idle_payment(state, seat, a)]
        if idle:
            seen += 1
            weighed = AI.actions(SPEC, state, seat)
            if any(a in idle for a in weighed):
                fallback += 1
                assert all(isinstance(a, Payment) for a in weighed)
                assert all(a in idle or a.type == "cancel" for a in legal)
    assert seen > 20 and fallback < seen
