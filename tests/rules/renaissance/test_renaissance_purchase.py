"""Phase 5: leaders, patronage, credits, ships, stabilization, misery relief
(AOR-R46-R50, R55-R63; scenarios AOR-T10-T13, T21)."""

from __future__ import annotations

from rules.renaissance.actions import PlayCard
from rules.renaissance.cards import resolve
from rules.renaissance.model import LeaderPlay, RenaissanceState
from rules.renaissance.purchase import (
    auto_relief,
    buy,
    can_buy,
    can_upgrade,
    claimable,
    price,
    relief_options,
    relief_price,
    stabilization_cost,
    stabilize,
    upgrade,
)
from tests.rules.renaissance.renaissance_helpers import position


def _purchase(players: int = 4, **opts: object) -> RenaissanceState:
    state = position(players, **opts)
    state.phase = "purchase"
    for p in state.players.values():
        p.cash = 200
    return state


def test_aor_t10_r47_r48_r49_patronage_and_protection() -> None:
    state = _purchase()
    state.players["p1"].advances = ["E"]
    state.players["p1"].start_advances = ["E"]
    state.players["p3"].advances = ["E"]
    state.leaders = [
        LeaderPlay(card="charlemagne", seat="p1", box=1),
        LeaderPlay(card="walter_the_penniless", seat="p2", box=2, protection=10),
        LeaderPlay(card="rashid_ad_din", seat="p4", box=3),
    ]
    assert price(state, "p1", "W", []) == (40, 0)
    assert price(state, "p1", "R", ["walter_the_penniless"]) == (20, 10)
    state.crusades_this_turn = True
    assert price(state, "p1", "R", ["walter_the_penniless"]) == (10, 10)
    assert not claimable(state, "p2", state.leaders[0])  # box 1 is protected
    cash1, cash2 = state.players["p1"].cash, state.players["p2"].cash
    buy(state, "p1", "R", ["walter_the_penniless"], [])
    assert state.players["p1"].cash == cash1 - 20 and state.players["p2"].cash == cash2 + 10
    assert not claimable(state, "p3", state.leaders[1])  # box 2: one claimant only
    assert claimable(state, "p3", state.leaders[2])  # box 3: two claimants


def test_aor_r48_ah_boxes_unlimited_claims() -> None:
    state = _purchase(preset="ah1996")
    for s in ("p1", "p3"):
        state.players[s].advances = ["E"]
    play = LeaderPlay(card="walter_the_penniless", seat="p2", box=2, claims=["p1"])
    assert claimable(state, "p3", play)


def test_aor_t11_r57_credits_and_leader_make_w_free() -> None:
    state = _purchase()
    state.players["p1"].advances = ["V", "X"]
    state.players["p1"].start_advances = ["V", "X"]
    state.leaders = [LeaderPlay(card="charlemagne", seat="p1", box=1)]
    assert price(state, "p1", "W", []) == (0, 0)
    cash = state.players["p1"].cash
    buy(state, "p1", "W", [], [])
    assert state.players["p1"].cash == cash


def test_aor_t21_d5_credit_tables() -> None:
    state = _purchase()
    state.players["p1"].advances = ["E", "N"]
    state.players["p1"].start_advances = ["E", "N"]
    assert price(state, "p1", "G", [])[0] == 70
    assert price(state, "p1", "O", [])[0] == 50
    euro = _purchase(credit_table="euro")
    euro.players["p1"].advances = ["E", "N"]
    euro.players["p1"].start_advances = ["E", "N"]
    assert price(euro, "p1", "G", [])[0] == 80
    assert price(euro, "p1", "O", [])[0] == 30


def test_aor_r58_a10_x_credit_from_next_phase() -> None:
    state = _purchase()
    buy(state, "p1", "X", [], [])
    assert price(state, "p1", "A", [])[0] == 30
    same = _purchase(x_credit_same_phase=True)
    buy(same, "p1", "X", [], [])
    assert price(same, "p1", "A", [])[0] == 20


def test_aor_r46_written_record_bonus_by_rule_set() -> None:
    state = _purchase()
    state.players["p1"].advances = ["N"]
    state.leaders = [LeaderPlay(card="charlemagne", seat="p1", box=1)]
    assert price(state, "p1", "W", [])[0] == 30
    euro = _purchase(preset="euro1999")
    euro.players["p1"].advances = ["N"]
    euro.leaders = [LeaderPlay(card="charlemagne", seat="p1", box=1)]
    assert price(euro, "p1", "W", [])[0] == 40


def test_aor_r50_printed_word_refund() -> None:
    state = _purchase()
    state.phase = "play"
    state.players["p1"].advances = ["N", "O"]
    state.players["p1"].hand = ["st_benedict"]
    cash = state.players["p1"].cash
    resolve(state, "p1", PlayCard(card="st_benedict"), [])
    assert state.players["p1"].cash == cash + 10  # N is held: $10 back, no +$10 for [N]


def test_aor_r56_prerequisites_and_papal_ban() -> None:
    state = _purchase()
    assert not can_buy(state, "p1", "H", [])
    buy(state, "p1", "F", [], [])
    assert can_buy(state, "p1", "H", [])
    state.papal_ban = "religion"
    assert not can_buy(state, "p1", "H", [])


def test_aor_r55_ship_upgrades_and_resets() -> None:
    state = _purchase()
    assert can_upgrade(state, "p1")
    upgrade(state, "p1", [])
    p1 = state.players["p1"]
    assert (p1.ship, p1.ship_box) == ("galley", 0)
    assert not can_upgrade(state, "p1")  # once per turn
    buy(state, "p1", "S", [], [])
    assert (p1.ship, p1.ship_box) == ("seaworthy", 0)
    buy(state, "p1", "A", [], [])
    buy(state, "p1", "T", [], [])
    assert (p1.ship, p1.ship_box) == ("ocean", 0)


def test_aor_r59_a6_human_body_direction() -> None:
    fan = _purchase(preset="ah1996")
    fan.players["p1"].misery = 5
    buy(fan, "p1", "B", [], [])
    assert fan.players["p1"].misery == 4
    literal = _purchase()  # the rulebook: "한 칸 상승"
    literal.players["p1"].misery = 5
    buy(literal, "p1", "B", [], [])
    assert literal.players["p1"].misery == 6


def test_aor_t12_r60_stabilization() -> None:
    state = _purchase()
    p1 = state.players["p1"]
    p1.hand = ["stone_1", "stone_2", "wool_1", "wool_2", "fur_1"]
    assert stabilization_cost(state, "p1") == 15
    p1.misery = 8  # box 80
    stabilize(state, "p1", False, [])
    assert p1.misery == 10  # box 100: two boxes
    p1.advances.append("Z")
    assert stabilization_cost(state, "p1") == 8


def test_aor_t13_r61_misery_relief_with_mr() -> None:
    state = _purchase()
    p1 = state.players["p1"]
    p1.advances = ["A", "E", "I", "N", "R"]
    p1.misery = 8
    assert relief_options(state, "p1") == [0]
    buy(state, "p1", "V", [], [])
    assert relief_price(state, "p1", 1) == 5
    assert relief_options(state, "p1") == [0, 1]
    p1.bought_this_turn.append("W")  # another 5 MR bought this turn
    assert relief_price(state, "p1", 1) == 0
    p1.advances.append("D")
    p1.bought_this_turn = []
    assert relief_price(state, "p1", 1) == 5  # Enlightenment halves $10


def test_aor_r62_euro_automatic_relief() -> None:
    state = _purchase(preset="euro1999")
    p1 = state.players["p1"]
    p1.misery = 10
    p1.advances = ["A", "B", "I", "J", "N"]
    auto_relief(state, "p1", [])
    assert p1.misery == 10
    p1.advances.append("O")
    auto_relief(state, "p1", [])
    assert p1.misery == 9
    auto_relief(state, "p1", [])
    assert p1.misery == 9  # once only
    assert relief_options(state, "p1") == [0]


def test_aor_r61_r62_rulebook_keeps_both_reliefs() -> None:
    state = _purchase()
    p1 = state.players["p1"]
    p1.misery = 10
    p1.advances = ["A", "B", "I", "J", "N", "E", "R", "V"]
    buy(state, "p1", "O", [], [])
    assert p1.misery == 9  # automatic relief (AOR-R62)
    assert relief_options(state, "p1")[-1] == 1  # and relief can still be bought (AOR-R61)
