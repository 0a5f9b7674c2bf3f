"""The turn: sailing, main actions, village actions, delivery, drawing (MAR-T, MAR-V, MAR-C1)."""

from __future__ import annotations

import pytest

from rules.core import RuleViolation
from rules.maracaibo import sailing
from rules.maracaibo.actions import (
    CityAction,
    Deliver,
    Draw,
    Finish,
    Main,
    Pay,
    Plan,
    RemoveDisc,
    Sail,
    Skip,
    Village,
)
from rules.maracaibo.buying import can_buy
from rules.maracaibo.model import Pending
from rules.maracaibo.spec import SPEC
from tests.rules.maracaibo.helpers import (
    act,
    after_setup,
    at,
    find_card,
    give_card,
    hand_of,
    put_markers,
    top_of,
)


def test_mar_t1_t5_t6_sailing_and_stops() -> None:
    """Spec 17.1: from 18 a ship cannot pass 20; round 4 goes 20 -> 21b, rounds 1-3 to 21a."""
    s = after_setup()
    assert set(sailing.destinations(s, "18", 7)) == {"20"}
    assert set(sailing.destinations(s, "20", 7)) == {"21a"}
    s.round = 4
    assert set(sailing.destinations(s, "20", 7)) == {"21b"}
    assert set(sailing.destinations(s, "21b", 7)) == {"22"}
    s.round = 1
    reach = sailing.destinations(s, "havana", 7)
    assert reach["8"] == 7 and reach["4"] == reach["5"] == 4 and "9" not in reach
    seat = s.active
    assert Sail(to="8") in SPEC.legal_actions(s, seat)
    s = act(s, seat, Sail(to="8"))
    assert s.turn.mp == 7 and s.board.ships[seat] == "8"


def test_mar_v3_village_action_count() -> None:
    """Spec 17.2 / MAR-V3: 1-3 MP -> 1, 4-6 -> 2, 7 -> 3; with U1 2-4 -> 2, >=5 -> 3."""
    s = after_setup()
    seat = s.active
    assert [sailing.village_count(s, seat, m) for m in (1, 3, 4, 6, 7)] == [1, 1, 2, 2, 3]
    s.players[seat].discs["U1"] = 0
    assert [sailing.village_count(s, seat, m) for m in (1, 2, 4, 5)] == [1, 2, 2, 3]


def test_mar_v1_village_actions_and_v2_v5_last_action_forfeits_all() -> None:
    """Spec 17.3 / 17.19 / MAR-V2 / MAR-V5: a last village action (2 books) ends every pending sequence."""
    s = after_setup()
    seat = s.active
    books = find_card("VA_2BOOKS")
    s = give_card(s, seat, books)
    s = hand_of(s, seat, ["books", "books", "G1"])
    s = at(s, seat, "7", mp=7)
    s = act(s, seat, Main(kind="village"))
    assert s.stack[-1].kind == "village" and top_of(s).n == 3
    before = s.players[seat].doubloons
    s = act(s, seat, Village(action="VA_1D"))
    assert s.players[seat].doubloons == before + 1
    s.stack.insert(0, Pending(kind="village", seat=seat, n=2))  # an outer sequence below
    s = act(s, seat, Village(action="VA_2BOOKS"))
    s = act(s, seat, Pay())
    while s.stack and s.stack[-1].kind == "discard":
        s = act(s, seat, SPEC.legal_actions(s, seat)[0])
    assert not any(x.kind == "village" for x in s.stack)
    assert s.players[seat].doubloons == before + 1 + 3


def test_mar_c1_one_delivery_then_printed_action() -> None:
    """Spec 17.4 / MAR-C1 / C2: one good per city action, disc onto the market, then the action."""
    s = after_setup(3, 2)
    seat = s.active
    s = hand_of(s, seat, ["G1", "G1", "G2"])
    s = at(s, seat, "1")
    s = act(s, seat, Main(kind="city"))
    g1 = s.players[seat].hand[0]
    s = act(s, seat, Deliver(card=g1, space=0))
    assert s.stack[-1].kind == "disc"
    s = act(s, seat, RemoveDisc(section="U4"))
    assert s.board.markets["1"][0] == seat and s.players[seat].discs["U4"] == 1
    assert not any(isinstance(a, Deliver) for a in SPEC.legal_actions(s, seat))
    assert CityAction() in SPEC.legal_actions(s, seat)


def test_mar_u1_prerequisites_of_sections() -> None:
    """Spec 17.4 / MAR-U1: no disc of U6 before U5 is complete; U10-U12 need completed sections."""
    s = after_setup()
    seat = s.active
    s.stack.append(Pending(kind="disc", seat=seat, n=1))
    legal = SPEC.legal_actions(s, seat)
    assert RemoveDisc(section="U6") not in legal and RemoveDisc(section="U12") not in legal
    with pytest.raises(RuleViolation):
        SPEC.apply(s, seat, RemoveDisc(section="U6"))
    s.players[seat].discs["U5"] = 0
    assert RemoveDisc(section="U6") in SPEC.legal_actions(s, seat)


def test_mar_u2_second_disc_completes_the_section() -> None:
    """Spec 7 / MAR-U2: the second disc of U4 gives 5 doubloons; the first nothing."""
    s = after_setup()
    seat = s.active
    s = at(s, seat, "2")
    s.stack.append(Pending(kind="disc", seat=seat, n=2))
    before = s.players[seat].doubloons
    s = act(s, seat, RemoveDisc(section="U4"))
    assert s.players[seat].doubloons == before
    s = act(s, seat, RemoveDisc(section="U4"))
    assert s.players[seat].doubloons == before + 5


def test_mar_t12_plan_and_t14_draw_to_the_hand_limit() -> None:
    """MAR-T12 F1 / T14 / T16: planned cards leave the hand; drawing refills to 4, display costs 1."""
    s = after_setup()
    seat = s.active
    s = at(s, seat, "2")
    card = s.players[seat].hand[0]
    s = act(s, seat, Plan(card=card))
    assert card in s.players[seat].plan and len(s.players[seat].hand) == 3
    s = act(s, seat, Finish())
    assert s.stack[-1].kind == "draw"
    money = s.players[seat].doubloons
    shown = s.board.display[0]
    s = act(s, seat, Draw(slot=0))
    assert shown in s.players[seat].hand and s.players[seat].doubloons == money - 1
    assert all(s.board.display)
    assert s.active != seat


def test_mar_k10_buying_needs_payable_costs() -> None:
    """MAR-K11: doubloons (minus discounts), figures and the nation condition."""
    s = after_setup()
    seat = s.active
    p = s.players[seat]
    nation_card = find_card("IMM_INF_NATION", nation="FR")
    b_nation = next(
        c for c in (nation_card, find_card("PERM_NATION_CP", nation="FR")) if c.startswith("B")
    )
    s = give_card(s, seat, b_nation, "hand")
    s.players[seat].doubloons = 20
    assert not can_buy(s, seat, b_nation)
    put_markers(s, {"2": "FR", "3": "FR", "6": "FR"})
    assert can_buy(s, seat, b_nation)
    assert p.doubloons != 20  # the copy was changed, not the original


def test_mar_t10_skip_is_allowed_everywhere_optional() -> None:
    """MAR-C2 / T10: delivery and printed action may both be skipped; the main action is optional."""
    s = after_setup()
    seat = s.active
    s = at(s, seat, "1")
    assert Finish() in SPEC.legal_actions(s, seat)
    s = act(s, seat, Main(kind="city"))
    s = act(s, seat, Skip())
    assert s.opened() is None and s.turn.main_done
