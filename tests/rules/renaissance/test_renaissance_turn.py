"""Setup, order of play, draws, epochs, end of turn, end of game and scoring
(AOR-R10-R32, R110-R120; scenarios AOR-T14, T16, T18, T20)."""

from __future__ import annotations

import pytest

from rules.core import RuleViolation
from rules.renaissance.actions import CapitalBid, EndStep, RankCapital, ReturnCard, TokenBid
from rules.renaissance.board import in_play
from rules.renaissance.deck import draw
from rules.renaissance.endturn import end_of_turn, income, roll_markers
from rules.renaissance.flow import to_act
from rules.renaissance.model import Options
from rules.renaissance.scoring import scores
from rules.renaissance.spec import SPEC
from tests.rules.renaissance.renaissance_helpers import (
    bid_all,
    fixed_dice,
    position,
    seats,
    started,
)


def test_aor_r11_held_cards_setup_three_dealt_two_kept() -> None:
    options = Options(players=4)
    state = SPEC.new_game(seats(4), options, 3)
    assert all(len(state.players[s].dealt) == 3 for s in seats(4))
    assert sorted(state.held_aside) == [
        "rashid_ad_din",
        "silk_1",
        "spice_1",
        "the_crusades",
        "walter_the_penniless",
    ]
    assert len(state.draw_pile) == 30 - 5 - 12
    state = started(4, seed=3)
    assert all(len(state.players[s].hand) == 2 for s in seats(4))
    assert not state.held_aside and len(state.draw_pile) == 30 - 8


def test_aor_r11_held_cards_wait_for_turn_two_with_five_players() -> None:
    state = started(5, seed=3)
    assert len(state.held_aside) == 5
    assert len(state.draw_pile) == 30 - 5 - 10


def test_aor_r11_original_deal_one_card() -> None:
    state = SPEC.new_game(seats(3), Options(players=3, preset="ah1996"), 3)
    assert all(len(state.players[s].hand) == 1 for s in seats(3))
    assert len(state.draw_pile) == 29 - 3


def test_aor_r12_areas_by_player_count() -> None:
    three = started(3)
    assert not in_play(three, "paris") and in_play(three, "barcelona")
    assert in_play(three, "india") and not in_play(three, "iceland")
    five = started(5)
    assert in_play(five, "london") and not in_play(five, "hamburg")


def test_aor_r13_r14_r15_capital_bid_secret_then_revealed() -> None:
    state = SPEC.new_game(seats(3), Options(players=3), 5)
    for seat in seats(3):
        result = SPEC.apply(state, seat, ReturnCard(card=state.players[seat].dealt[0]))
        state = result.state
        for cap in ("venice", "genoa", "barcelona"):
            state = SPEC.apply(state, seat, RankCapital(capital=cap)).state
        bid = {"p1": 12, "p2": 5, "p3": 30}[seat]
        result = SPEC.apply(state, seat, CapitalBid(amount=bid))
        state = result.state
        if seat != "p3":
            other = SPEC.view(state, "p3").players[seats(3).index(seat)]
            assert other.capital_bid is None and other.ranking is None
            assert all(e.visible_to == [seat] for e in result.events if "amount" in e.args)
    assert state.players["p3"].capital == "venice" and state.players["p3"].cash == 10
    assert state.players["p1"].capital == "genoa" and state.players["p1"].cash == 28
    assert state.players["p2"].capital == "barcelona" and state.players["p2"].pick_rank == 3
    assert state.provinces["genoa"].dm == "p1" and state.players["p1"].stock == 36
    assert state.phase == "bid" and to_act(state) == frozenset(seats(3))


def test_aor_t16_r22_order_of_play() -> None:
    state = started(4)
    ranks = {s: state.players[s].pick_rank for s in seats(4)}
    first, second = sorted(seats(4), key=lambda s: ranks[s])[:2]
    last_pick = max(seats(4), key=lambda s: ranks[s])
    cash = state.players[last_pick].cash
    others = [s for s in seats(4) if s not in (first, second, last_pick)]
    state = bid_all(state, {first: 3, second: 3, last_pick: -2, others[0]: 5})
    assert state.order[:3] == [last_pick, second, first]
    assert state.players[last_pick].cash == cash - 2
    assert state.players[last_pick].expansion == 0
    assert state.boxes[last_pick] == 1 and state.boxes[others[0]] == 6  # 4 players: 1,3,5,6


def test_aor_t18_r24_overbid_pays_full_gets_stock() -> None:
    state = started(3)
    p1 = state.players["p1"]
    p1.cash = 30
    state.bank_net = sum(p.cash for p in state.players.values())
    p1.stock = 2
    state.provinces["toledo"].tokens["p1"] = 34
    with pytest.raises(RuleViolation):
        SPEC.apply(state, "p1", TokenBid(amount=31))
    state = bid_all(state, {"p1": 5, "p2": 0, "p3": 0})
    assert state.players["p1"].expansion == 2 and state.players["p1"].cash == 25
    assert state.order[-1] == "p1"


def test_aor_r20_bids_hidden_until_all_in() -> None:
    state = started(3)
    result = SPEC.apply(state, "p1", TokenBid(amount=4))
    assert all(e.visible_to == ["p1"] for e in result.events if "amount" in e.args)
    spectator = SPEC.view(result.state, None)
    assert all(row.token_bid is None for row in spectator.players)
    assert "p1" not in to_act(result.state)


def test_aor_r30_r31_buyoff_then_draw() -> None:
    state = started(3)
    state.markers = {"stone": 1}
    state = bid_all(state, {"p1": 0, "p2": 1, "p3": 2})
    first = state.order[0]
    assert state.phase == "buyoff" and to_act(state) == {first}
    hands = {s: len(state.players[s].hand) for s in seats(3)}
    state = SPEC.apply(state, first, EndStep()).state
    assert all(len(state.players[s].hand) == hands[s] + 1 for s in seats(3))


def test_aor_a21_skip_turn_one_draw_option() -> None:
    state = started(3, skip_turn1_draw=True)
    hands = {s: len(state.players[s].hand) for s in seats(3)}
    state = bid_all(state, {"p1": 0, "p2": 1, "p3": 2})
    assert {s: len(state.players[s].hand) for s in seats(3)} == hands


def test_aor_r32_next_epoch_recycles_circle_cards() -> None:
    state = started(3)
    state.discard = ["war", "stone_1"]
    state.draw_pile = []
    for s in seats(3):
        state.players[s].hand = [c for c in state.players[s].hand if c not in ("war", "stone_1")]
    draw(state, "p1", [])
    assert state.epoch == 2 and not state.discard
    assert len(state.draw_pile) + 1 == 21 + 2


def test_aor_t20_r117_last_card_ends_game() -> None:
    state = started(3, end_condition="epochs_1")
    state.draw_pile = state.draw_pile[:1]
    assert draw(state, "p1", []) is not None
    assert state.end_triggered and state.deck_exhausted
    assert draw(state, "p2", []) is None


def test_aor_t14_r114_r115_shortage_rolls(monkeypatch: pytest.MonkeyPatch) -> None:
    state = position()
    fixed_dice(monkeypatch, [3, 3, 2, 2, 4, 5])
    roll_markers(state, [])
    assert state.markers == {}  # cloth shortage and surplus cancel
    state.provinces["prague"].dm = "p1"
    state.provinces["suez"].dm = "p1"
    state.provinces["cairo"].dm = "p2"
    state.provinces["tripoli"].dm = "p3"
    state.draw_pile = ["fur_1", "metal_1", "stone_1", "stone_2"]
    hand = len(state.players["p1"].hand)
    fixed_dice(monkeypatch, [6, 6, 1, 6, 6, 3])
    roll_markers(state, [])
    assert state.markers == {"gold": 2, "ivory": 2}
    assert len(state.players["p1"].hand) == hand + 2  # one card per marker (AOR-A28)


def test_aor_r115_surplus_majority_pays(monkeypatch: pytest.MonkeyPatch) -> None:
    state = position()
    state.provinces["lubeck"].dm = "p2"
    state.provinces["st_malo"].dm = "p2"
    cash = state.players["p2"].cash
    fixed_dice(monkeypatch, [1, 1, 6, 3, 4, 1])
    roll_markers(state, [])
    assert state.markers == {"stone": -1, "wine": 1}
    assert state.players["p2"].cash == cash - 2


def test_aor_r110_r111_r112_r113_end_of_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    state = position(3)
    state.provinces["toledo"].dm = "p1"
    state.provinces["toledo"].dm_white = True
    state.players["p1"].advances = ["K", "L", "Z", "U"]
    state.players["p1"].misery = 3
    state.players["p1"].cash = 5
    state.players["p1"].expansion = 4
    state.players["p1"].stock = 32
    state.bank_net = sum(p.cash for p in state.players.values())
    assert income(state, "p1") == 2 * 2 + 5 + 10  # designed 3/4-player table, Middle Class
    hand = len(state.players["p1"].hand)
    fixed_dice(monkeypatch, [1, 1, 1, 1, 1, 4])
    end_of_turn(state, [])
    p1 = state.players["p1"]
    assert len(p1.hand) == hand + 1  # expansion bonus
    assert not state.provinces["toledo"].dm_white
    assert p1.cash == 5 + 5 + 19  # interest capped by cash, then income
    assert p1.misery == 2 and p1.expansion == 0 and p1.stock == 36


def test_aor_r116_elimination_removes_pieces() -> None:
    from rules.renaissance.economy import misery_change

    state = position(3)
    state.players["p2"].misery = 25
    state.players["p2"].hand = ["war"]
    misery_change(state, "p2", 1, [])
    assert state.players["p2"].eliminated
    assert state.provinces["genoa"].dm is None and "war" in state.discard
    assert "p2" not in state.active()


def test_aor_r120_a18_scoring_and_ties() -> None:
    state = position(3)
    state.players["p1"].advances = ["A"]
    state.players["p1"].cash = 10
    state.players["p2"].cash = 40
    state.players["p3"].cash = 50
    state.players["p3"].misery = 1
    result = scores(state)
    rows = {r.seat: r for r in result.seats}
    assert rows["p1"].breakdown == {"advances": 30, "cash": 10, "misery": 0, "chaos": 0}
    assert rows["p1"].total == rows["p2"].total == rows["p3"].total == 40
    assert result.winners == ["p1", "p2", "p3"]


def test_aor_r118_final_play_must_play_cards() -> None:
    state = started(3, end_condition="epochs_1")
    state = bid_all(state, {"p1": 0, "p2": 0, "p3": 0})
    state.phase = "final_play"
    for p in state.players.values():
        p.play_done = False
    seat = next(iter(to_act(state)))
    actions = SPEC.legal_actions(state, seat)
    assert actions and not any(isinstance(a, EndStep) for a in actions)


def test_aor_r10_a12_time_limit_makes_next_turn_last_v1() -> None:
    """Rules version 1: one player's word, and the next turn is the last (version 2:
    test_renaissance_v2)."""
    from rules.renaissance.actions import TimeUp

    plain = started(3, version=1)
    assert SPEC.anytime_actions(plain, "p2") == []
    state = started(3, version=1, time_limit_minutes=90)
    assert SPEC.anytime_actions(state, "p2") == [TimeUp()]
    result = SPEC.apply(state, "p2", TimeUp())
    assert result.state.time_up and result.events[0].public
    assert SPEC.anytime_actions(result.state, "p1") == []
    state = result.state
    from rules.renaissance.flow import start_turn

    start_turn(state, [])
    assert state.end_triggered


def test_aor_t20_r118_turn_completes_then_final_play() -> None:
    """The 2nd player draws the last card: the turn ends normally, then final card play
    with the markers of the last phase-7 roll (no new roll, no buy-off)."""
    fresh = started(3, end_condition="epochs_1")
    fresh.draw_pile = fresh.draw_pile[:2]
    hands = {s: len(fresh.players[s].hand) for s in seats(3)}
    fresh = bid_all(fresh, {"p1": 0, "p2": 1, "p3": 2})
    assert fresh.end_triggered
    drew = {s: len(fresh.players[s].hand) - hands[s] for s in seats(3)}
    assert drew == {"p1": 1, "p2": 1, "p3": 0}
    rolled: dict[str, int] = {}
    for _ in range(500):
        if fresh.phase in ("final_play", "over"):
            break
        seat = sorted(to_act(fresh))[0]
        legal = SPEC.legal_actions(fresh, seat)
        ends = [a for a in legal if isinstance(a, EndStep)]
        result = SPEC.apply(fresh, seat, ends[0] if ends else legal[-1])
        if any(e.key == "renaissance.event.market_roll" for e in result.events):
            rolled = dict(result.state.markers)
        fresh = result.state
    assert fresh.turn == 1  # no new order of play after the last turn
    assert fresh.phase in ("final_play", "over")
    assert fresh.markers == rolled or fresh.phase == "over"
