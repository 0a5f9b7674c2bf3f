"""Rules as the books say, round 2 (issue 21): the Silent Fleet reaction choice (END-R104,
DP19), rules version 2.

KO: 「만약 자기 차례에 여러 행동을 할 수 있는 건물을 활성화했다면, 그렇게 실행한 행동 중 (꼭
필요한) 한 가지 행동을 선택해 그에 해당하는 반응을 일으킬 수 있습니다」; ZH: 「你可以只選擇其中一項
行動（必須實際執行）讓沉默的艦隊進行迴應」; for 공격 (Attack) and 지불 (Payment) the reaction is
「아무 일도 하지 않습니다」. So every performed action may be chosen, a do-nothing one included;
the question is skipped only when every choice would do nothing.
"""

from __future__ import annotations

from rules.endeavor.actions import (
    Activate,
    Attack,
    DrawDeck,
    Occupy,
    Payment,
    SfOccupy,
    SfReactTo,
)
from rules.endeavor.model import SILENT_FLEET, EndeavorState
from tests.rules.endeavor.endeavor_helpers import (
    act,
    act_events,
    action_phase,
    add_building,
    harbour,
    legal,
    only,
    place,
    started,
)


def _sf_game() -> EndeavorState:
    s = action_phase(started(2, "A", silent_fleet=True))
    assert s.rules_version >= 2  # new games start on the newest version
    for seat in s.seats:
        s.players[seat].buildings[0].disc = False
        s.players[seat].supply += 1
        harbour(s, seat, 4)
    return s


def test_end_r104_dp19_exchange_payment_may_be_chosen_and_does_nothing() -> None:
    """END-R104 / DP19: after Exchange (Draw + Payment) with an SF Draw possible, the player is
    asked, and may pick Payment, whose reaction does nothing (「아무 일도 하지 않습니다」)."""
    s = _sf_game()
    exchange = add_building(s, "p1", "exchange")  # D + P
    market = add_building(s, "p1", "market", disc=True)
    place(s, "london", SILENT_FLEET)
    s = act(s, "p1", Activate(slot=exchange))
    s = act(s, "p1", Payment(slot=market))
    s = act(s, "p1", DrawDeck(deck="europe"))
    assert s.sf is not None and s.sf.stage == "choose" and only(s) == "p1"
    assert set(legal(s, "p1")) == {SfReactTo(action="draw"), SfReactTo(action="payment")}
    europe = list(s.decks["europe"])
    pool = s.sf_pool
    s, events = act_events(s, "p1", SfReactTo(action="payment"))
    keys = [e.key for e in events]
    assert "endeavor.sf_reacts_to" in keys and "endeavor.sf_no_reaction" in keys
    assert s.sf is None and only(s) == "p2"
    assert s.decks["europe"] == europe and s.sf_pool == pool  # nothing happened


def test_end_r104_dp19_fortress_attack_or_occupy() -> None:
    """END-R104 / DP19: Fortress (Attack + Occupy): both performed actions are offered; Attack
    does nothing, Occupy places an SF disc."""
    s = _sf_game()
    fortress = add_building(s, "p1", "fortress")
    place(s, "hamburg", "p2")
    s = act(s, "p1", Activate(slot=fortress))
    s = act(s, "p1", Attack(space="hamburg"))
    s = act(s, "p1", Occupy(city="london"))
    assert s.sf is not None and s.sf.stage == "choose"
    assert set(legal(s, "p1")) == {SfReactTo(action="attack"), SfReactTo(action="occupy")}
    attacked = act(s, "p1", SfReactTo(action="attack"))
    assert attacked.sf is None and only(attacked) == "p2"
    occupied = act(s, "p1", SfReactTo(action="occupy"))
    assert occupied.sf is not None and occupied.sf.stage == "occupy"
    assert any(isinstance(a, SfOccupy) for a in legal(occupied, "p1"))


def test_end_r104_dp19_no_question_when_every_choice_does_nothing() -> None:
    """END-R104 / DP19: with no SF presence anywhere a Draw could use, Draw and Payment both do
    nothing: no question, one "no reaction" line."""
    s = _sf_game()
    exchange = add_building(s, "p1", "exchange")
    market = add_building(s, "p1", "market", disc=True)
    s = act(s, "p1", Activate(slot=exchange))
    s = act(s, "p1", Payment(slot=market))
    s, events = act_events(s, "p1", DrawDeck(deck="europe"))
    assert s.sf is None and "endeavor.sf_no_reaction_any" in [e.key for e in events]
