"""The spec's ambiguity rulings (AOR-A1-A29) as the engine applies them."""

from __future__ import annotations

import pytest

from rules.core import Event
from rules.renaissance.actions import DiscardCard
from rules.renaissance.board import in_play, overseas_held, reach
from rules.renaissance.competition import attacker_wins, requirement
from rules.renaissance.components import data
from rules.renaissance.effects import advance_term_key, has
from rules.renaissance.endturn import end_of_turn, roll_markers
from rules.renaissance.expansion import start_phase
from rules.renaissance.flow import to_act
from rules.renaissance.model import LeaderPlay, Options
from rules.renaissance.purchase import buy, price, upgrade
from rules.renaissance.spec import SPEC
from tests.rules.renaissance.renaissance_helpers import bid_all, fixed_dice, position, started


def test_aor_a1_eu8_letters_j_and_k() -> None:
    ah = position()
    ah.players["p1"].advances = ["J"]
    assert has(ah, "p1", "wind_watermill") and not has(ah, "p1", "improved_agriculture")
    euro = position(euro_jk_swap=True)
    euro.players["p1"].advances = ["J"]
    assert has(euro, "p1", "improved_agriculture")
    assert advance_term_key(euro, "K") == "renaissance.advance.wind_watermill"
    assert data().advances["Z"].prerequisites == ["K"]


def test_aor_a2_a3_a4_presets() -> None:
    source = Options()
    assert source.ah_protection_money and source.euro_leader_boxes
    ah = Options(preset="ah1996")
    assert not ah.euro_leader_boxes and not ah.held_cards_setup and not ah.euro_auto_mr
    euro = Options(preset="euro1999")
    assert not euro.ah_protection_money and euro.euro_auto_mr and euro.credit_table == "euro"
    assert not euro.keep_purchased_relief
    assert Options(preset="euro1999", credit_table="ah").credit_table == "ah"  # single toggle


def test_aor_a5_overbid_orders_later() -> None:
    state = started(3)
    state.players["p1"].stock = 1
    state.provinces["toledo"].tokens["p1"] = 35
    state = bid_all(state, {"p1": 6, "p2": 2, "p3": 3})
    assert state.order[-1] == "p1" and state.players["p1"].expansion == 1


def test_aor_a8_ship_upgrade_then_seaworthy() -> None:
    state = position()
    upgrade(state, "p1", [])
    buy(state, "p1", "S", [], [])
    assert state.players["p1"].ship == "seaworthy" and state.players["p1"].ship_box == 0


def test_aor_a9_master_art_discards_a_burden() -> None:
    state = started(3)
    state.players["p1"].advances = ["N", "O", "P"]
    state.players["p1"].hand = ["armor"]
    state.voided.append("armor")
    state = bid_all(state, {"p1": 0, "p2": 1, "p3": 2})
    assert to_act(state) == {"p1"}
    assert DiscardCard(card="armor") in SPEC.legal_actions(state, "p1")


def test_aor_a13_a29_iceland_and_areas() -> None:
    assert not in_play(position(4), "iceland") and in_play(position(5), "iceland")
    assert in_play(position(3), "west_africa") and in_play(position(3), "north_america")
    assert not in_play(position(3), "paris") and in_play(position(4), "paris")


def test_aor_a14_overseas_limit_ignores_iceland_and_west_africa() -> None:
    state = position()
    state.provinces["west_africa"].dm = "p1"
    assert overseas_held(state, "p1") == 0
    state.provinces["india"].dm = "p1"
    assert overseas_held(state, "p1") == 1


def test_aor_a15_cosmopolitan_against_tokens() -> None:
    state = position()
    state.provinces["montpellier"].tokens["p2"] = 2
    state.provinces["toulouse"].tokens["p1"] = 1
    state.players["p1"].advances = ["R", "Y"]
    assert requirement(state, "p1", "montpellier") == 3


def test_aor_a16_no_bonus_without_new_markers() -> None:
    state = position(3)
    events: list[Event] = []
    end_of_turn(state, events)
    assert not any(e.key == "renaissance.event.bonus_card" for e in events)
    state = position(3)
    state.provinces["toledo"].dm = "p2"
    state.provinces["toledo"].dm_white = True
    events = []
    end_of_turn(state, events)
    assert [e.args["seat"] for e in events if e.key == "renaissance.event.bonus_card"] == ["p2"]


def test_aor_a17_eliminated_cards_and_pieces() -> None:
    from rules.renaissance.economy import eliminate

    state = position()
    state.provinces["toledo"].tokens["p1"] = 2
    state.players["p1"].stock = 34
    state.players["p1"].hand = ["stone_1"]
    eliminate(state, "p1", [])
    assert state.players["p1"].stock == 36 and state.provinces["barcelona"].dm is None
    assert "stone_1" in state.discard


def test_aor_a19_venice_market_size() -> None:
    assert data().provinces["venice"].size == 5


def test_aor_a20_white_tokens_do_not_block_caravan() -> None:
    state = position()
    state.players["p1"].advances = ["I"]
    state.provinces["toulouse"].tokens["p2"] = 1
    state.provinces["toulouse"].white["p2"] = 1
    assert "bordeaux" in reach(state, "p1")
    state.provinces["toulouse"].white = {}
    state.provinces["toledo"].dm = "p3"
    state.provinces["valencia"].dm = "p3"
    state.provinces["basque"].dm = "p3"
    state.provinces["montpellier"].dm = "p3"
    # Bordeaux is not adjacent to Barcelona; the caravan paths run through Toulouse
    # (now controlled by p2) or Montpellier (p3): unreachable.
    assert "bordeaux" not in reach(state, "p1")


def test_aor_a22_military_changes_tokens_not_dice() -> None:
    state = position()
    state.provinces["montpellier"].dm = "p1"
    state.boxes["p2"] = 6
    state.military = [("p2", "armor")]
    assert requirement(state, "p2", "montpellier") == 3
    assert not attacker_wins(state, "p2", "montpellier", 4, 3, 6)


def test_aor_a25_tie_break_by_pick_order() -> None:
    state = started(3)
    ranks = {s: state.players[s].pick_rank for s in state.seats}
    state = bid_all(state, {"p1": 2, "p2": 2, "p3": 2})
    assert state.order == sorted(state.seats, key=lambda s: -ranks[s])


def test_aor_a26_different_leaders_stack() -> None:
    state = position()
    state.leaders = [
        LeaderPlay(card="dionysus_exiguus", seat="p1", box=1),
        LeaderPlay(card="st_benedict", seat="p1", box=2),
    ]
    assert price(state, "p1", "N", [])[0] == 0


def test_aor_a27_indulgence_payer_without_tokens_or_cash() -> None:
    state = position(3)
    state.players["p1"].advances = ["F"]
    state.players["p2"].cash = 1
    state.bank_net = sum(p.cash for p in state.players.values())
    start_phase(state, [])
    assert state.players["p2"].cash == 0
    assert state.players["p1"].expansion == 4


def test_aor_a28_one_effect_per_marker(monkeypatch: pytest.MonkeyPatch) -> None:
    state = position()
    state.provinces["prague"].dm = "p1"
    state.draw_pile = ["fur_1", "metal_1"]
    hand = len(state.players["p1"].hand)
    fixed_dice(monkeypatch, [6, 6, 1, 6, 6, 2])
    roll_markers(state, [])
    assert state.markers == {"gold": 2, "ivory": 2}
    assert len(state.players["p1"].hand) == hand + 2
