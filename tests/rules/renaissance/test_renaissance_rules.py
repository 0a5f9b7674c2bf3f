"""Rules not covered by the scenario files: turn structure, epochs, concepts and the
remaining expansion and end-of-game details (AOR-R2-R13a, R16, R21, R23, R27, R40, R43,
R51, R52, R63, R73, R77, R83, R90, R93, R96, R103, R119)."""

from __future__ import annotations

import pytest

from rules.core import Event
from rules.renaissance.actions import EndStep, PlayCard
from rules.renaissance.board import reach
from rules.renaissance.cards import is_burden, resolve
from rules.renaissance.competition import needs_competition, requirement
from rules.renaissance.components import data
from rules.renaissance.deck import epoch_cards
from rules.renaissance.economy import misery_change
from rules.renaissance.effects import tier
from rules.renaissance.endturn import end_of_turn
from rules.renaissance.expansion import attack, civil_war_last, renumber
from rules.renaissance.flow import to_act
from rules.renaissance.invariants import invariants
from rules.renaissance.model import Options
from rules.renaissance.purchase import stabilization_cost
from rules.renaissance.spec import SPEC
from tests.rules.renaissance.renaissance_helpers import (
    bid_all,
    fixed_dice,
    position,
    seats,
    started,
)


def test_aor_r2_phases_follow_in_order() -> None:
    state = started(3, preset="ah1996")
    state = bid_all(state, {"p1": 0, "p2": 1, "p3": 2})
    seen = [state.phase]
    for _ in range(200):
        if state.turn > 1:
            break
        seat = sorted(to_act(state))[0]
        ends = [a for a in SPEC.legal_actions(state, seat) if isinstance(a, EndStep)]
        action = ends[0] if ends else SPEC.legal_actions(state, seat)[-1]
        state = SPEC.apply(state, seat, action).state
        if state.phase != seen[-1]:
            seen.append(state.phase)
    order = ["buyoff", "buy_cards", "play", "purchase", "expansion"]
    steps = [order.index(p) for p in seen if p in order]
    assert steps == sorted(steps) and steps[-1] == 4
    assert seen[-1] == "bid" and state.turn == 2


def test_aor_r3_r10_epoch_decks_and_end_condition() -> None:
    state = started(3, end_condition="epochs_2")
    assert len(epoch_cards(state, 1)) == 30 and len(epoch_cards(state, 2)) == 21
    assert len(epoch_cards(state, 3)) == 13
    assert state.options.last_epoch == 2


def test_aor_r4_r5_r6_r7_map_concepts() -> None:
    d = data()
    assert d.provinces["leon"].kind == "satellite" and d.provinces["leon"].size == 1
    assert d.provinces["barcelona"].kind == "capital" and d.provinces["barcelona"].area == 4
    assert {c.home_area for c in d.capitals.values()} == {1, 2, 3, 4, 7}
    assert len(d.provinces["north_america"].commodities) == 3
    assert len(d.provinces["china"].commodities) == 2
    assert len(d.commodities) == 12


def test_aor_r8_r9_r10a_pieces_and_ships() -> None:
    state = started(4)
    for p in state.players.values():
        assert p.stock == 36 and p.misery == 0 and p.ship == "none"
    assert not state.markers
    assert data().ships["galley"].boxes[0] == 2


def test_aor_r11a_tiers() -> None:
    state = position()
    state.players["p1"].advances = list("AEINRV")
    assert tier(state, "p1") == 1
    state.players["p1"].advances += list("BFJOSW")
    assert tier(state, "p1") == 2


def test_aor_r12a_r13a_recycling_and_burdens_count_for_stabilization() -> None:
    state = position()
    assert data().cards["war"].recycles and not data().cards["charlemagne"].recycles
    state.voided.append("armor")
    state.players["p1"].hand = ["armor", "stone_1"]
    assert is_burden(state, "armor")
    assert stabilization_cost(state, "p1") == 3


def test_aor_r16_setup_then_turn_one_bid() -> None:
    state = SPEC.new_game(seats(3), Options(players=3), 2)
    assert state.phase == "setup" and to_act(state) == frozenset(seats(3))
    state = started(3, seed=2)
    assert state.phase == "bid" and state.turn == 1


def test_aor_r21_r23_payment_and_written_cash() -> None:
    state = started(3)
    cash = {s: state.players[s].cash for s in seats(3)}
    state = bid_all(state, {"p1": -3, "p2": 4, "p3": 0})
    assert state.players["p1"].cash == cash["p1"] - 3 and state.players["p1"].expansion == 0
    assert state.players["p2"].expansion == 4 and state.players["p2"].stock == 32
    assert state.players["p2"].written_cash == cash["p2"] - 4
    assert state.order[0] == "p1"


def test_aor_r27_eliminated_players_take_no_box() -> None:
    state = started(4)
    state.players["p2"].eliminated = True
    state = bid_all(state, {"p1": 0, "p3": 1, "p4": 2})
    assert "p2" not in state.boxes and sorted(state.boxes.values()) == [1, 3, 5]


def test_aor_r27_a_player_in_chaos_mid_turn_leaves_the_display_at_once() -> None:
    """AOR-R27, R116: chaos in the middle of a turn frees the box at once; the players after
    fill the used boxes in order (their competition position, AOR-D10). A 6-player soak game
    (source, seed 602, turn 14) left p6 in box 6 after p3 fell into chaos from box 5."""
    state = position(4)
    state.phase = "play"
    renumber(state)  # 4 players use boxes 1, 3, 5 and 6
    assert state.boxes == {"p1": 1, "p2": 3, "p3": 5, "p4": 6}
    misery_change(state, "p2", 30, [])
    assert state.players["p2"].eliminated
    assert state.boxes == {"p1": 1, "p3": 3, "p4": 5}


def test_aor_r40_r43_playing_and_passing() -> None:
    state = started(3)
    state = bid_all(state, {"p1": 0, "p2": 1, "p3": 2})
    while state.phase != "play":
        seat = sorted(to_act(state))[0]
        legal = SPEC.legal_actions(state, seat)
        ends = [a for a in legal if isinstance(a, EndStep)]
        state = SPEC.apply(state, seat, ends[0] if ends else legal[-1]).state
    seat = sorted(to_act(state))[0]
    state = SPEC.apply(state, seat, EndStep()).state
    assert seat not in to_act(state) and state.players[seat].play_done


def test_aor_r51_military_lasts_one_turn() -> None:
    state = started(3)
    state = bid_all(state, {"p1": 0, "p2": 1, "p3": 2})
    state.military = [("p1", "armor")]
    from rules.renaissance.flow import start_turn

    start_turn(state, [])
    assert state.military == []


def test_aor_r52_civil_war_victim_last_at_expansion() -> None:
    state = position()
    state.civil_war_victim = "p1"
    civil_war_last(state, [])
    assert state.order[-1] == "p1" and state.boxes["p1"] == 6


def test_aor_r63_r113_enlightenment_relief_option(monkeypatch: pytest.MonkeyPatch) -> None:
    state = position(3, euro_enlightenment_relief=True)
    state.players["p1"].advances = ["D", "U"]
    state.players["p1"].misery = 3
    state.players["p2"].advances = ["U"]
    state.players["p2"].misery = 3
    fixed_dice(monkeypatch, [1, 1, 1, 1, 1, 4])
    end_of_turn(state, [])
    assert state.players["p1"].misery == 2 and state.players["p2"].misery == 3
    both = position(3)  # the rulebook prints both sentences: D and U each -1
    both.players["p1"].advances = ["D", "U"]
    both.players["p1"].misery = 3
    fixed_dice(monkeypatch, [1, 1, 1, 1, 1, 4])
    end_of_turn(both, [])
    assert both.players["p1"].misery == 1


def test_aor_r73_r83_land_expansion_and_trigger() -> None:
    state = position()
    room = reach(state, "p1")
    assert room["toledo"] > 100 and "lisbon" not in room
    state.provinces["toledo"].tokens["p2"] = 3
    assert needs_competition(state, "p1", "toledo")
    state.provinces["toledo"].tokens["p2"] = 1
    assert not needs_competition(state, "p1", "toledo")


def test_aor_r77_seaworthy_reach_and_capacity() -> None:
    state = position()
    p1 = state.players["p1"]
    p1.ship, p1.ship_box = "seaworthy", 1
    room = reach(state, "p1")
    assert "iceland" not in room  # area II is out with 4 players (AOR-A13)
    assert room["west_africa"] == 12 and "india" not in room
    state.shipped["p1/west_africa"] = 5
    assert reach(state, "p1")["west_africa"] == 7


def test_aor_r90_r93_dice_are_public_events(monkeypatch: pytest.MonkeyPatch) -> None:
    state = position()
    state.provinces["montpellier"].dm = "p2"
    state.players["p1"].expansion, state.players["p1"].stock = 8, 28
    fixed_dice(monkeypatch, [6, 1, 1, 6, 1, 1])
    events: list[Event] = []
    attack(state, "p1", "montpellier", False, events)
    attack(state, "p1", "montpellier", False, events)
    rolls = [e for e in events if e.key == "renaissance.event.competition"]
    assert len(rolls) == 2 and all(e.public and e.reveals for e in rolls)
    assert rolls[0].args["white"] == 6 and rolls[0].args["black"] == 1


def test_aor_r96_cosmopolitan_satellites() -> None:
    state = position()
    state.provinces["bordeaux"].dm = "p2"
    base = requirement(state, "p1", "bordeaux")
    state.provinces["toulouse"].tokens["p1"] = 1
    state.players["p1"].stock -= 1
    assert requirement(state, "p1", "bordeaux") == base
    state.players["p1"].advances = ["R", "Y"]
    assert requirement(state, "p1", "bordeaux") == base - 1


def test_aor_r103_unused_tokens_return() -> None:
    state = position(3)
    state.players["p1"].expansion, state.players["p1"].stock = 5, 31
    end_of_turn(state, [])
    assert state.players["p1"].expansion == 0 and state.players["p1"].stock == 36


def test_aor_r119_leaders_in_final_play() -> None:
    state = position()
    state.phase = "final_play"
    state.players["p1"].advances = ["N", "O"]
    state.players["p1"].hand = ["charlemagne", "st_benedict"]
    cash = state.players["p1"].cash
    resolve(state, "p1", PlayCard(card="charlemagne"), [])
    resolve(state, "p1", PlayCard(card="st_benedict"), [])
    assert not state.leaders and state.players["p1"].cash == cash + 10
    assert "charlemagne" in state.removed


def test_aor_invariants_flag_broken_conservation() -> None:
    state = position()
    assert invariants(state) == []
    state.players["p1"].stock -= 1
    state.players["p2"].cash += 5
    problems = invariants(state)
    assert any("tokens" in p for p in problems) and any("cash" in p for p in problems)
