"""Expansion and competition (AOR-R70-R103, AOR-D10; scenarios AOR-T1-T9, T17)."""

from __future__ import annotations

import pytest

from rules.core import Event
from rules.renaissance.board import reach, sources
from rules.renaissance.competition import attacker_wins, requirement
from rules.renaissance.expansion import (
    attack,
    can_attack,
    can_buy_card,
    can_cathedral,
    can_place,
    card_price,
    place,
    start_phase,
)
from rules.renaissance.model import RenaissanceState
from tests.rules.renaissance.renaissance_helpers import fixed_dice, position


def _give(state: RenaissanceState, seat: str, letters: str) -> None:
    state.players[seat].advances.extend(letters)


def _token(state: RenaissanceState, province: str, seat: str, n: int = 1) -> None:
    prov = state.provinces[province]
    prov.tokens[seat] = prov.tokens.get(seat, 0) + n
    state.players[seat].stock -= n


def test_aor_t1_r82_r84_coexist_then_compete() -> None:
    state = position()
    _token(state, "bordeaux", "p1", 2)
    _token(state, "lyon", "p2")
    state.players["p2"].expansion = 10
    room = reach(state, "p2")
    assert can_place(state, "p2", "bordeaux", room)
    events: list[Event] = []
    place(state, "p2", "bordeaux", events)
    place(state, "p2", "bordeaux", events)
    room = reach(state, "p2")
    assert not can_place(state, "p2", "bordeaux", room)  # AOR-R83: full market
    state.provinces["bordeaux"].tokens["p2"] = 0
    del state.provinces["bordeaux"].tokens["p2"]
    assert requirement(state, "p2", "bordeaux") == 6


def test_aor_t2_r95_defending_satellite() -> None:
    state = position()
    state.provinces["montpellier"].dm = "p1"
    assert requirement(state, "p2", "montpellier") == 4
    _token(state, "toulouse", "p1")
    assert requirement(state, "p2", "montpellier") == 5


def test_aor_t3_r86_floor_at_market_size() -> None:
    state = position()
    state.provinces["montpellier"].dm = "p1"
    state.military.append(("p2", "stirrups"))
    _give(state, "p2", "WRY")
    _token(state, "toulouse", "p2")  # a satellite with an arrow to Montpellier
    _token(state, "lyon", "p2")  # a market, no help
    # 4 - 1 (Stirrups) - 1 (Nationalism in VII) - 1 (Cosmopolitan) = 1, floored at 2
    assert requirement(state, "p2", "montpellier") == 2


def test_aor_t4_r85_r98_capital_defence_and_nationalism() -> None:
    state = position()
    assert requirement(state, "p2", "venice") == 15
    _give(state, "p3", "W")
    assert requirement(state, "p2", "venice") == 16


def test_aor_t5_a24_own_capital_recapture() -> None:
    state = position()
    state.provinces["barcelona"].dm = "p2"
    assert requirement(state, "p1", "barcelona") == 3


def test_aor_t6_r97_military_matrix() -> None:
    state = position(6)
    state.provinces["lubeck"].dm = "p6"
    state.provinces["st_malo"].dm = "p4"
    state.provinces["york"].dm = "p5"
    state.provinces["milan"].dm = "p3"
    state.military = [("p4", "armor"), ("p6", "stirrups"), ("p5", "long_bow")]
    assert requirement(state, "p4", "lubeck") == 5
    state.provinces["lubeck"].dm = "p4"
    assert requirement(state, "p6", "lubeck") == 7
    assert requirement(state, "p5", "lubeck") == 5
    assert requirement(state, "p4", "york") == 7
    assert requirement(state, "p4", "milan") == 5


def test_aor_t7_r89_multiple_defenders() -> None:
    state = position(6)
    _token(state, "florence", "p2")
    _token(state, "florence", "p3")
    assert requirement(state, "p5", "florence") == 6
    state.military.append(("p3", "armor"))
    assert requirement(state, "p5", "florence") == 7
    _give(state, "p5", "W")
    assert requirement(state, "p5", "florence") == 7  # area VII is not London's home


def test_aor_t8_r87_a23_fleet_capacity(monkeypatch: pytest.MonkeyPatch) -> None:
    state = position()
    state.phase = "expansion"
    state.provinces["sicily"].dm = "p2"
    p1 = state.players["p1"]
    p1.ship, p1.ship_box = "seaworthy", 0
    p1.expansion, p1.stock = 12, 24
    assert requirement(state, "p1", "sicily") == 4
    fixed_dice(monkeypatch, [6, 1, 1, 6, 1, 1])
    for _ in range(2):
        assert can_attack(state, "p1", "sicily", reach(state, "p1"))
        attack(state, "p1", "sicily", False, [])
        assert state.provinces["sicily"].dm == "p2"  # black 1 < white 6, coloured 1 = box 1
    assert state.shipped["p1/sicily"] == 8
    assert not can_attack(state, "p1", "sicily", reach(state, "p1"))


def test_aor_t9_r75_r76_galley_reach() -> None:
    state = position()
    p3 = state.players["p3"]
    p3.ship, p3.ship_box = "galley", 0
    room = reach(state, "p3")
    assert room["florence"] > 100  # by land, unlimited
    assert room["rome"] == 2
    assert "naples" not in room
    _give(state, "p3", "A")
    room = reach(state, "p3")
    assert room["naples"] == 2


def test_aor_r71_area_v_needs_overland_east() -> None:
    state = position()
    state.provinces["constantinople"].dm = "p1"
    state.provinces["constantinople"].dm_white = False
    assert "angora" not in reach(state, "p1")
    _give(state, "p1", "R")
    assert "angora" in reach(state, "p1")


def test_aor_r72_a7_white_pieces_are_no_source() -> None:
    state = position()
    state.players["p1"].expansion = 5
    place(state, "p1", "toledo", [])
    assert "toledo" not in sources(state, "p1")
    assert "lisbon" not in reach(state, "p1")
    assert "barcelona" in sources(state, "p1")


def test_aor_r74_caravan_two_steps_through_uncontrolled() -> None:
    state = position()
    _give(state, "p1", "I")
    room = reach(state, "p1")
    assert "granada" in room and "seville" in room
    state.provinces["valencia"].dm = "p2"
    state.provinces["toledo"].dm = "p2"
    room = reach(state, "p1")
    assert "granada" not in room
    assert "palma" not in room  # an island, no land link


def test_aor_r80_r81_dominance_and_satellites() -> None:
    state = position()
    state.players["p1"].expansion = 5
    for _ in range(3):
        place(state, "p1", "toledo", [])
    prov = state.provinces["toledo"]
    assert prov.dm == "p1" and prov.dm_white and not prov.tokens
    assert not can_place(state, "p1", "toledo", reach(state, "p1"))
    place(state, "p1", "leon", [])
    assert not can_place(state, "p1", "leon", reach(state, "p1"))
    assert requirement(state, "p2", "leon") == 2


def test_aor_t17_d10_competition_dice() -> None:
    state = position()
    state.boxes["p2"] = 3
    state.provinces["montpellier"].dm = "p1"
    assert attacker_wins(state, "p2", "montpellier", 4, 5, 1)
    assert not attacker_wins(state, "p2", "montpellier", 5, 5, 3)
    state.military = [("p2", "armor")]
    assert attacker_wins(state, "p2", "montpellier", 5, 5, 3)
    state.military = []
    _give(state, "p2", "G")
    assert attacker_wins(state, "p2", "montpellier", 5, 5, 3)
    assert attacker_wins(state, "p2", "montpellier", 6, 2, 4)
    state.boxes["p2"] = 6
    state.players["p2"].advances = []
    assert not attacker_wins(state, "p2", "montpellier", 6, 2, 6)


def test_aor_r91_r92_win_and_loss(monkeypatch: pytest.MonkeyPatch) -> None:
    state = position()
    state.provinces["montpellier"].dm = "p1"
    state.players["p2"].expansion = 8
    state.players["p2"].stock = 27
    fixed_dice(monkeypatch, [6, 1, 1])
    attack(state, "p2", "montpellier", False, [])
    assert state.provinces["montpellier"].dm == "p1"
    assert state.players["p2"].expansion == 4 and state.players["p2"].stock == 31
    fixed_dice(monkeypatch, [1, 6, 1])
    attack(state, "p2", "montpellier", False, [])
    prov = state.provinces["montpellier"]
    assert prov.dm == "p2" and prov.dm_white


def test_aor_r88_present_tokens_count_once_v1() -> None:
    """Rules version 1: any attempt in the province used up the present tokens (version 2:
    test_renaissance_v2)."""
    state = position(version=1)
    _token(state, "bordeaux", "p2", 2)
    _token(state, "bordeaux", "p1", 2)
    from rules.renaissance.expansion import attack_cost

    assert requirement(state, "p2", "bordeaux") == 6
    assert attack_cost(state, "p2", "bordeaux") == 4
    state.attempted.append("bordeaux")
    assert attack_cost(state, "p2", "bordeaux") == 6


def test_aor_r100_cathedral() -> None:
    state = position()
    state.provinces["montpellier"].dm = "p1"
    _give(state, "p2", "FH")
    state.players["p2"].expansion = 4
    assert can_cathedral(state, "p2", "montpellier")
    attack(state, "p2", "montpellier", True, [])
    assert state.provinces["montpellier"].dm == "p2"
    state.provinces["lyon"].dm = "p1"
    assert not can_cathedral(state, "p2", "lyon")  # once per turn against p1
    _give(state, "p1", "FH")
    state.provinces["marseille"].dm = "p3"
    _give(state, "p3", "FH")
    assert not can_cathedral(state, "p2", "marseille")


def test_aor_r70_holy_indulgence() -> None:
    state = position(3)
    _give(state, "p1", "F")
    state.players["p2"].expansion = 1
    state.players["p3"].expansion = 5
    cash2 = state.players["p2"].cash
    start_phase(state, [])
    assert state.players["p1"].expansion == 4
    assert state.players["p2"].expansion == 0 and state.players["p2"].cash == cash2 - 1
    assert state.players["p3"].expansion == 3


def test_aor_r102_d13_card_price_rises() -> None:
    state = position()
    state.players["p1"].expansion = 3
    assert card_price(state) == 1 and can_buy_card(state, "p1")
    from rules.renaissance.expansion import buy_card

    buy_card(state, "p1", [])
    assert card_price(state) == 2 and not can_buy_card(state, "p1")


def test_aor_r78_r79_ocean_navigation_overseas_limit() -> None:
    state = position()
    p1 = state.players["p1"]
    p1.ship, p1.ship_box = "ocean", 0
    room = reach(state, "p1")
    assert "india" in room and "north_america" not in room
    _give(state, "p1", "U")
    assert "north_america" in reach(state, "p1")
    state.provinces["india"].tokens["p1"] = 1
    p1.stock -= 1
    room = reach(state, "p1")
    assert "china" not in room and "india" in room


def test_aor_r100_dp19_cathedral_on_defence() -> None:
    from rules.renaissance.actions import CathedralDefence
    from rules.renaissance.invariants import invariants
    from rules.renaissance.spec import SPEC

    state = position()
    state.phase = "expansion"
    state.provinces["montpellier"].dm = "p1"
    _give(state, "p1", "FH")
    state.players["p2"].expansion, state.players["p2"].stock = 8, 28
    state.follow_order()  # the phase was set by hand: its order onto the decision stack
    attack(state, "p2", "montpellier", False, [])
    assert state.pending[0].kind == "cathedral_defence" and state.pending[0].seat == "p1"
    assert invariants(state) == []
    result = SPEC.apply(state, "p1", CathedralDefence(declare=True))
    after = result.state
    assert after.provinces["montpellier"].dm == "p1"
    assert after.players["p2"].expansion == 4 and after.players["p2"].stock == 32
    assert any(e.key == "renaissance.event.cathedral_defence" for e in result.events)
    attack(after, "p2", "montpellier", False, [])
    assert not after.pending  # once per turn against p2
