"""History cards: commodities, events and their targets, voiding, phase-3 buying and
discarding, Renaissance swaps and Wind/Watermill (AOR-R26, R33-R52, R101, D8, EU-9;
scenarios AOR-T15, T19)."""

from __future__ import annotations

import pytest

from rules.renaissance.actions import (
    BuyCard,
    DiscardCard,
    PlayCard,
    QSwap,
    RemovalSource,
    Watermill,
    WatermillSwap,
)
from rules.renaissance.cards import is_burden, payout, play_options, resolve
from rules.renaissance.flow import to_act
from rules.renaissance.model import RenaissanceState
from rules.renaissance.spec import SPEC
from tests.rules.renaissance.renaissance_helpers import bid_all, fixed_dice, position, started


def _play(state: RenaissanceState, seat: str, action: PlayCard) -> None:
    state.players[seat].hand.append(action.card)
    state.phase = "play"
    resolve(state, seat, action, [])


def test_aor_t15_r41_r42_commodity_payout_and_markers() -> None:
    state = position()
    for p in ("lubeck", "st_malo", "vienna"):
        state.provinces[p].dm = "p1"
    state.players["p1"].advances = ["M"]
    state.markers = {"stone": 2}
    cash = state.players["p1"].cash
    assert payout(state, "p1", "stone") == 25
    _play(state, "p2", PlayCard(card="stone_1", commodity="stone"))
    assert state.players["p1"].cash == cash + 25 and state.markers == {"stone": 1}
    _play(state, "p2", PlayCard(card="stone_2", commodity="stone"))
    assert state.players["p1"].cash == cash + 50 and state.markers == {}
    assert payout(state, "p1", "stone") == 16


def test_aor_a11_surplus_below_first_box_pays_nothing() -> None:
    state = position()
    state.provinces["lubeck"].dm = "p1"
    state.markers = {"stone": -1}
    assert payout(state, "p1", "stone") == 0
    assert payout(state, "p2", "stone") == 0


def test_aor_r41_dual_card_choice() -> None:
    state = position()
    options = play_options(state, "p1", "gold_ivory", False)
    assert [o.commodity for o in options] == ["gold", "ivory"]


def test_aor_t19_r44_removal_choice_with_empty_stock() -> None:
    state = position()
    state.provinces["marseille"].dm = "p2"
    p2 = state.players["p2"]
    p2.stock, p2.expansion = 0, 3
    state.provinces["milan"].tokens["p2"] = 33
    state.phase = "play"
    state.players["p1"].hand.append("pirates_vikings")
    resolve(state, "p1", PlayCard(card="pirates_vikings"), [])
    assert state.pending[0].kind == "pirates" and state.pending[0].count == 1
    result = SPEC.apply(
        state, "p1", SPEC.parse_action({"type": "pirate_target", "province": "marseille"})
    )
    state = result.state
    assert to_act(state) == {"p2"}
    state = SPEC.apply(state, "p2", RemovalSource(source="empty")).state
    assert state.provinces["marseille"].empty()
    assert state.players["p2"].expansion == 3


def test_aor_r45_r97_long_bow_voids_unplayed_armor() -> None:
    state = position()
    state.players["p2"].hand.append("armor")
    _play(state, "p1", PlayCard(card="long_bow"))
    assert is_burden(state, "armor")
    assert play_options(state, "p2", "armor", False) == []


def test_aor_d8_alchemists_gold_and_laws_of_matter() -> None:
    state = position()
    state.players["p2"].written_cash = 25
    state.players["p2"].cash = 30
    state.players["p3"].advances = ["C"]
    targets = {o.target_seat for o in play_options(state, "p1", "alchemists_gold", False)}
    assert "p3" not in targets and "p2" in targets
    _play(state, "p1", PlayCard(card="alchemists_gold", target_seat="p2"))
    assert state.players["p2"].cash == 17  # half of $25, rounded up


def test_aor_d8_civil_war_choice_and_order() -> None:
    state = position()
    state.players["p2"].written_cash = 20
    state.players["p2"].expansion = 5
    state.players["p2"].stock = 31
    _play(state, "p1", PlayCard(card="civil_war", target_seat="p2"))
    assert state.players["p2"].misery == 1
    assert state.provinces["genoa"].dm is None and state.provinces["genoa"].tokens == {"p2": 1}
    assert state.pending[0].kind == "civil_war" and state.civil_war_victim == "p2"
    state = SPEC.apply(
        state, "p2", SPEC.parse_action({"type": "civil_war_loss", "lose": "tokens"})
    ).state
    assert state.players["p2"].expansion == 2


def test_aor_d8_enlightened_ruler_protects() -> None:
    state = position()
    _play(state, "p2", PlayCard(card="enlightened_ruler"))
    targets = {o.target_seat for o in play_options(state, "p1", "civil_war", False)}
    assert "p2" not in targets
    state.players["p2"].advances = ["I", "J"]
    state.players["p3"].advances = ["I"]
    _play(state, "p1", PlayCard(card="revolutionary_uprisings"))
    assert state.players["p2"].misery == 0 and state.players["p3"].misery == 1


def test_aor_d8_crusades_and_walter() -> None:
    state = position()
    state.provinces["acre"].tokens["p2"] = 2
    state.players["p2"].stock -= 2
    _play(state, "p1", PlayCard(card="the_crusades", province="acre"))
    assert state.provinces["acre"].dm == "p1" and not state.provinces["acre"].tokens
    assert state.players["p1"].misery == 1 and state.crusades_this_turn


def test_aor_d8_famine_and_mysticism() -> None:
    state = position()
    state.provinces["danzig"].dm = "p1"
    state.players["p1"].advances = ["K", "A", "B"]
    _play(state, "p2", PlayCard(card="famine"))
    assert state.players["p1"].misery == 2 and state.players["p2"].misery == 4
    _play(state, "p2", PlayCard(card="mysticism_abounds"))
    assert state.players["p1"].misery == 4 and state.players["p2"].misery == 8


def test_aor_d8_papal_decree_and_religious_strife() -> None:
    state = position()
    _play(state, "p1", PlayCard(card="papal_decree", category="science"))
    assert state.papal_ban == "science"
    state.epoch = 3
    _play(state, "p2", PlayCard(card="religious_strife"))
    assert state.papal_ban is None and is_burden(state, "papal_decree")


def test_aor_d8_rebellion_targets_v1() -> None:
    """Rules version 1: a capital held by its owner may be targeted, one held by an occupier
    not (version 2's ruling is in test_renaissance_v2)."""
    state = position(version=1)
    state.provinces["toledo"].dm = "p1"
    state.provinces["genoa"].dm = "p1"
    targets = {o.province for o in play_options(state, "p2", "rebellion", False)}
    assert "toledo" in targets and "barcelona" in targets and "genoa" not in targets


def test_aor_d8_black_death_area() -> None:
    state = position()
    state.provinces["toledo"].dm = "p1"
    state.provinces["lisbon"].tokens["p2"] = 2
    state.players["p2"].stock -= 2
    _play(state, "p3", PlayCard(card="black_death", area=4))
    assert state.provinces["toledo"].tokens == {"p1": 1} and state.provinces["toledo"].dm is None
    assert not state.provinces["lisbon"].tokens and state.players["p2"].stock == 36


def test_aor_d8_war_cedes_provinces(monkeypatch: pytest.MonkeyPatch) -> None:
    state = position()
    state.provinces["toledo"].dm = "p2"
    state.provinces["lisbon"].dm = "p2"
    fixed_dice(monkeypatch, [6, 3])
    _play(state, "p1", PlayCard(card="war", target_seat="p2"))
    assert state.players["p1"].misery == 1 and state.players["p2"].misery == 2
    assert state.pending[0].kind == "war_cede" and state.pending[0].count == 3
    state = SPEC.apply(state, "p2", SPEC.parse_action({"type": "cede", "province": "toledo"})).state
    state = SPEC.apply(state, "p2", SPEC.parse_action({"type": "cede", "province": "lisbon"})).state
    assert state.provinces["toledo"].dm == "p1" and state.provinces["lisbon"].dm == "p1"
    assert state.provinces["genoa"].dm == "p2"  # a capital is never ceded (designed)


def test_aor_d8_mongol_armies_boosts_marco_polo() -> None:
    from rules.renaissance.cards import leader_discount

    state = position()
    cash = state.players["p1"].cash
    state.epoch = 2
    _play(state, "p1", PlayCard(card="mongol_armies"))
    assert state.players["p1"].cash == cash + 10
    assert leader_discount(state, "marco_polo", "R") == 40
    assert is_burden(state, "the_crusades")


def test_aor_r47_r49_leader_boxes_and_protection() -> None:
    state = position()
    state.phase = "play"
    options = play_options(state, "p1", "charlemagne", False)
    assert [o.protection for o in options] == [0]  # the first leader is protected
    _play(state, "p1", PlayCard(card="charlemagne"))
    options = play_options(state, "p2", "st_benedict", False)
    assert len(options) == state.players["p2"].cash + 1
    cash = state.players["p2"].cash
    _play(state, "p2", PlayCard(card="st_benedict", protection=7))
    assert state.leaders[1].box == 2 and state.on_leaders == 7
    assert state.players["p2"].cash == cash - 7
    euro = position(preset="euro1999")
    _play(euro, "p1", PlayCard(card="charlemagne"))
    assert [o.protection for o in play_options(euro, "p2", "st_benedict", False)] == [0]


def test_aor_r33_r34_urban_ascendancy_and_master_art() -> None:
    state = started(3)
    state.players["p1"].advances = ["V", "N", "O", "P"]
    state = bid_all(state, {"p1": 0, "p2": 1, "p3": 2})
    assert state.phase == "buy_cards" and to_act(state) == {"p1"}
    cash = state.players["p1"].cash
    hand = len(state.players["p1"].hand)
    state = SPEC.apply(state, "p1", BuyCard(buy=True)).state
    assert state.players["p1"].cash == cash - 10 and len(state.players["p1"].hand) == hand + 1
    card = state.players["p1"].hand[0]
    state = SPEC.apply(state, "p1", DiscardCard(card=card)).state
    assert len(state.players["p1"].hand) == hand and state.phase == "play"


def test_aor_r26_renaissance_swap() -> None:
    state = started(3)
    state.players["p2"].advances = ["N", "O", "P", "Q"]
    state = bid_all(state, {"p1": 0, "p2": 1, "p3": 2})
    assert state.phase == "q_swap" and to_act(state) == {"p2"}
    before = list(state.order)
    state = SPEC.apply(state, "p2", QSwap(direction="before")).state
    i = before.index("p2")
    assert state.order[i - 1] == "p2" and state.boxes["p2"] == 2 + 2 * (i - 1)
    assert state.phase != "q_swap"


def test_aor_r101_watermill_swap(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules.renaissance.expansion import attack

    state = position()
    state.phase = "expansion"
    state.provinces["montpellier"].dm = "p2"
    p1 = state.players["p1"]
    p1.advances = ["I", "J"]
    p1.expansion, p1.stock = 8, 28
    p1.hand = ["stone_1"]
    state.players["p2"].hand = ["wool_1"]
    fixed_dice(monkeypatch, [1, 6, 1, 2])
    attack(state, "p1", "montpellier", False, [])
    assert state.pending[0].kind == "watermill"
    state = SPEC.apply(state, "p1", WatermillSwap(attempt=True)).state
    state = SPEC.apply(
        state, "p1", SPEC.parse_action({"type": "give_card", "card": "stone_1"})
    ).state
    assert state.players["p1"].hand == ["wool_1"] and state.players["p2"].hand == ["stone_1"]
    assert state.players["p1"].expansion == 2


def test_aor_eu9_euro_watermill_markers() -> None:
    state = started(3, preset="euro1999")
    state.players["p3"].advances = ["I", "J", "K"]
    state = bid_all(state, {"p1": 0, "p2": 1, "p3": 2})
    assert state.phase == "watermill" and to_act(state) == {"p3"}
    state = SPEC.apply(state, "p3", Watermill(commodity="grain", change="shortage")).state
    assert state.markers.get("grain") == 1
    assert state.phase == "buyoff"


def test_aor_d8_war_tie_rolls_again_next_round(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules.renaissance.actions import EndStep

    state = started(3)
    state = bid_all(state, {"p1": 0, "p2": 1, "p3": 2})
    state.phase = "play"
    for p in state.players.values():
        p.play_done = False
        p.hand = []
    first, second = state.order[0], state.order[1]
    state.players[first].hand = ["war", "stone_1"]
    state.provinces["toledo"].dm = second
    fixed_dice(monkeypatch, [3, 3, 5, 2])
    state = SPEC.apply(state, first, PlayCard(card="war", target_seat=second)).state
    assert state.wars == [(first, second)]
    assert state.players[first].misery == 1 and state.players[second].misery == 1
    state = SPEC.apply(state, first, EndStep()).state
    assert state.wars == []
    assert state.players[first].misery == 2 and state.players[second].misery == 3


def test_aor_r26_declining_keeps_the_swap_for_a_later_phase() -> None:
    state = started(3)
    state.players["p2"].advances = ["N", "O", "P", "Q"]
    state = bid_all(state, {"p1": 0, "p2": 1, "p3": 2})
    assert state.phase == "q_swap" and state.next_phase == "buyoff"
    state = SPEC.apply(state, "p2", QSwap(direction="none")).state
    while state.phase != "q_swap":
        seat = sorted(to_act(state))[0]
        state = SPEC.apply(state, seat, SPEC.legal_actions(state, seat)[-1]).state
    assert state.next_phase in ("buy_cards", "play") and to_act(state) == {"p2"}
    state = SPEC.apply(state, "p2", QSwap(direction="after")).state
    assert state.players["p2"].q_used


def test_aor_d8_civil_war_losing_nothing_is_not_told() -> None:
    """Issue 19 point 2: a civil war that takes 0 expansion tokens tells no "lost 0" line."""
    state = position()
    state.players["p2"].expansion = 0
    _play(state, "p1", PlayCard(card="civil_war", target_seat="p2"))
    result = SPEC.apply(
        state, "p2", SPEC.parse_action({"type": "civil_war_loss", "lose": "tokens"})
    )
    assert "renaissance.event.tokens_lost" not in [e.key for e in result.events]
