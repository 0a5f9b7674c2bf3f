"""Rules version 2 of Age of Renaissance: the rulebook read again (issue 21). Each test names
its rule ID, quotes the Korean rulebook line that decides it, and checks that a game started
on version 1 keeps the old behaviour (rules/renaissance/versions.py)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core import RuleViolation
from rules.renaissance.actions import Attack, EndStep, Place, PlayCard, QSwap, TimeUp
from rules.renaissance.board import reach
from rules.renaissance.cards import cedable, play_options, resolve
from rules.renaissance.competition import requirement
from rules.renaissance.economy import misery_change
from rules.renaissance.expansion import attack, attack_cost, place
from rules.renaissance.flow import to_act
from rules.renaissance.model import RenaissanceState
from rules.renaissance.scoring import scores
from rules.renaissance.spec import SPEC
from tests.rules.renaissance.renaissance_helpers import bid_all, fixed_dice, position, started


def _expansion(state: RenaissanceState, seat: str, tokens: int) -> None:
    state.phase = "expansion"
    for p in state.players.values():
        p.expansion_done = p.seat != seat and p.expansion_done
    player = state.players[seat]
    player.expansion, player.stock = tokens, player.stock - tokens
    state.order = [seat] + [s for s in state.order if s != seat]


@pytest.mark.parametrize("version", [1, 2])
def test_aor_r75_r77_r87_a23_ship_capacity_is_each_players_own(version: int) -> None:
    """AOR-R75/R77/R87, A23: "첫 번째 무역 함대(맨 윗줄의 '2')를 구입한 후, 플레이어는 각 지방에
    두 개의 토큰을 운송할 수 있습니다" - the limit belongs to each player's own fleet. Genoa
    (Galley 2) shipping 2 tokens to Naples leaves Venice (Galley 4) all 4 (version 1: 2)."""
    state = position(version=version)
    genoa, venice = state.players["p2"], state.players["p3"]
    genoa.ship, genoa.ship_box = "galley", 0
    venice.ship, venice.ship_box = "galley", 1
    assert reach(state, "p3")["naples"] == 4
    genoa.expansion, genoa.stock = 2, 34
    place(state, "p2", "naples", [])
    place(state, "p2", "naples", [])
    assert reach(state, "p2")["naples"] == 0
    assert reach(state, "p3")["naples"] == (4 if version >= 2 else 2)


@pytest.mark.parametrize("version", [1, 2])
def test_aor_r87_a23_sea_attacks_use_the_attackers_own_capacity(
    version: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """AOR-R87, A23: "배를 사용하여 토큰을 수송할 때는 한 턴당 한 지방으로 수송할 수 있는 최대
    토큰 수를 기억하세요" - each attacker counts its own shipments: after Barcelona's two failed
    attempts on Sicily (8 of its 10), Venice's Seaworthy 10 still carries 10 there."""
    state = position(version=version)
    state.provinces["sicily"].dm = "p2"
    for seat in ("p1", "p3"):
        p = state.players[seat]
        p.ship, p.ship_box = "seaworthy", 0
        p.expansion, p.stock = 12, 24
    fixed_dice(monkeypatch, [6, 1, 1, 6, 1, 1])
    for _ in range(2):
        attack(state, "p1", "sicily", False, [])
    assert reach(state, "p1")["sicily"] == 2
    assert reach(state, "p3")["sicily"] == (10 if version >= 2 else 2)


@pytest.mark.parametrize("version", [1, 2])
def test_aor_r72_a7_expand_into_own_capital_held_by_another(version: int) -> None:
    """AOR-R72, A7: "(다른 플레이어가 점령하고 있는 경우에도) 자신의 수도 지방에서 확장할 수
    있습니다". After a Civil War left one Barcelona token in Barcelona, Barcelona adds tokens
    there and dominates it again (version 1: no token could go there)."""
    state = position(3, version=version)
    state.provinces["barcelona"].dm = None
    state.provinces["barcelona"].tokens = {"p1": 1}
    state.players["p1"].stock -= 1
    _expansion(state, "p1", 2)
    legal = SPEC.legal_actions(state, "p1")
    assert (Place(province="barcelona") in legal) == (version >= 2)
    if version >= 2:
        state = SPEC.apply(state, "p1", Place(province="barcelona")).state
        state = SPEC.apply(state, "p1", Place(province="barcelona")).state
        assert state.provinces["barcelona"].dm == "p1"


@pytest.mark.parametrize("version", [1, 2])
def test_aor_r85_a24_retake_own_capital_with_three_tokens(version: int) -> None:
    """AOR-R85, A24: "바르셀로나 플레이어가 이 지방를 다시 점령하려면 토큰 3개만 있으면 시도할 수
    있습니다" - Barcelona retakes Barcelona from a Genoa DM with 3 tokens, also without any
    neighbouring holding (version 1: only from a neighbouring holding)."""
    state = position(3, version=version)
    state.provinces["barcelona"].dm = "p2"
    _expansion(state, "p1", 3)
    assert requirement(state, "p1", "barcelona") == 3
    assert attack_cost(state, "p1", "barcelona") == 3
    legal = SPEC.legal_actions(state, "p1")
    assert (Attack(province="barcelona") in legal) == (version >= 2)


def _play_out_turn(state: RenaissanceState, turn: int) -> RenaissanceState:
    for _ in range(2000):
        if state.phase in ("final_play", "over") or state.turn != turn:
            return state
        seat = sorted(to_act(state))[0]
        legal = SPEC.legal_actions(state, seat)
        ends = [a for a in legal if isinstance(a, EndStep)]
        state = SPEC.apply(state, seat, ends[0] if ends else legal[-1]).state
    raise AssertionError("the turn did not end")


def test_aor_r10_r117_a12_time_up_needs_everyone_and_ends_this_turn() -> None:
    """AOR-R10, R117 (3), A12: "플레이하기로 한 시간이 다 되었다", "마지막은 턴 종료 단계(5.7)로
    끝납니다". The rules read no clock: the time is up when every player still in the game has
    agreed; one player's word at minute 0 ends nothing, and the turn in which the last
    agreement comes is the last (version 1: one word, then a whole extra turn)."""
    state = started(3, time_limit_minutes=600)
    state = SPEC.apply(state, "p2", TimeUp()).state
    assert state.time_votes == ["p2"] and not state.time_up and not state.end_triggered
    assert SPEC.anytime_actions(state, "p2") == []
    with pytest.raises(RuleViolation):
        SPEC.apply(state, "p2", TimeUp())
    state = bid_all(state, {"p1": 0, "p2": 1, "p3": 2})
    state = SPEC.apply(state, "p1", TimeUp()).state
    assert not state.end_triggered
    result = SPEC.apply(state, "p3", TimeUp())
    state = result.state
    assert state.time_up and state.end_triggered
    assert [e.key for e in result.events][-1] == "renaissance.event.time_agreed"
    state = _play_out_turn(state, 1)
    assert state.turn == 1 and state.phase in ("final_play", "over")


def test_aor_r117_a12_a_player_in_chaos_is_not_asked() -> None:
    """AOR-R116, R117 (3): a player who fell into chaos leaves the agreement to the others."""
    state = started(3, time_limit_minutes=600)
    state = SPEC.apply(state, "p1", TimeUp()).state
    state = SPEC.apply(state, "p2", TimeUp()).state
    assert not state.time_up
    misery_change(state, "p3", 100, [])
    state = SPEC.apply(state, "p1", SPEC.legal_actions(state, "p1")[0]).state
    assert state.time_up and state.end_triggered


@pytest.mark.parametrize("version", [1, 2])
def test_aor_d8_r78_r79_war_cession_respects_the_winners_limits(version: int) -> None:
    """AOR-D8 ("supportable"), R78/R79: "보유한 해외 지방의 수는 항해 정보의 숫자에 따라
    제한됩니다", "신대륙[U] 진보를 보유한 플레이어도 아메리카 지방를 점령할 수 있지만" - a War!
    winner without Ocean Navigation receives neither India nor South America; with Ocean 1 and
    one Far East box held, none more; with room, the Far East but the Americas only with New
    World (version 1: any of them)."""
    state = position(version=version)
    for p in ("toledo", "india", "south_america"):
        state.provinces[p].dm = "p2"
    overseas = {"india", "south_america"}
    got = set(cedable(state, "p2", "p1"))
    assert "toledo" in got
    assert (got & overseas) == (set() if version >= 2 else overseas)
    winner = state.players["p1"]
    winner.ship, winner.ship_box = "ocean", 1
    assert ("india" in cedable(state, "p2", "p1")) is True
    assert ("south_america" in cedable(state, "p2", "p1")) == (version < 2)
    state.provinces["china"].dm = "p1"
    winner.ship_box = 0
    assert ("india" in cedable(state, "p2", "p1")) == (version < 2)
    winner.ship_box = 2
    winner.advances += ["U"]
    assert {"india", "south_america"} <= set(cedable(state, "p2", "p1"))


@pytest.mark.parametrize("version", [1, 2])
def test_aor_r88_another_players_failed_attack_leaves_my_first_attempt(version: int) -> None:
    """AOR-R88: "공격 플레이어가 공격하고자 하는 지방에 이미 토큰이 놓여져 있다면, 첫 경쟁
    시도에 이 토큰을 사용할 수 있습니다" - the first attempt is the attacker's own: after Paris
    fails in Lyon, Genoa's 2 tokens there still count (cost 4, not 6; version 1: 6)."""
    state = position(version=version)
    lyon = state.provinces["lyon"]
    lyon.tokens = {"p2": 2, "p1": 2}
    state.players["p1"].stock -= 2
    state.players["p2"].stock -= 2
    assert attack_cost(state, "p2", "lyon") == 4
    state.players["p4"].expansion, state.players["p4"].stock = 8, 28
    state.attempted.append("p4/lyon" if version >= 2 else "lyon")
    assert attack_cost(state, "p2", "lyon") == (4 if version >= 2 else 6)
    state.attempted.append("p2/lyon" if version >= 2 else "lyon")
    assert attack_cost(state, "p2", "lyon") == 6


@pytest.mark.parametrize("version", [1, 2])
def test_aor_r26_renaissance_swap_at_the_start_of_phase_7(version: int) -> None:
    """AOR-R26: "이 교환은 게임 턴당 한 번만 할 수 있지만, 플레이어가 고른 단계가 시작될 때
    가능합니다" - phase 7 (end of turn) is a phase too: a Renaissance holder who kept the swap
    may use it there (version 1: never offered at phase 7)."""
    state = started(3, version=version)
    state.players["p2"].advances = ["N", "O", "P", "Q"]
    state = bid_all(state, {"p1": 0, "p2": 1, "p3": 2})
    seen: list[str] = []
    for _ in range(2000):
        if state.turn != 1 or state.phase == "over":
            break
        seat = sorted(to_act(state))[0]
        if state.phase == "q_swap":
            seen.append(state.next_phase)
            if state.next_phase == "end_turn":
                before = list(state.order)
                state = SPEC.apply(state, "p2", QSwap(direction="before")).state
                assert state.order.index("p2") == before.index("p2") - 1
                continue
            state = SPEC.apply(state, seat, QSwap(direction="none")).state
            continue
        legal = SPEC.legal_actions(state, seat)
        ends = [a for a in legal if isinstance(a, EndStep)]
        state = SPEC.apply(state, seat, ends[0] if ends else legal[-1]).state
    assert ("end_turn" in seen) == (version >= 2)
    assert state.turn == 2


def _all_in_chaos(version: int) -> Any:
    state = position(3, version=version)
    state.phase = "over"
    for seat, when in (("p1", 2), ("p2", 1), ("p3", 2)):
        misery_change(state, seat, 100, [])
        state.players[seat].out_order = when if version >= 2 else 0
    return scores(state)


def test_aor_r116_everyone_in_chaos_no_one_wins() -> None:
    """AOR-R116: "'1000'이 표시된 칸을 넘어선 플레이어는 즉시 게임에서 탈락합니다"; the book is
    silent when everyone falls: no one wins, the summary says so, and the last to fall ranks
    first (those of one moment share a place). Version 1 named everyone winner."""
    result = _all_in_chaos(2)
    assert result.winners == [] and [n.key for n in result.notes] == ["renaissance.note.no_winner"]
    ranks = {r.seat: r.rank for r in result.seats}
    assert ranks == {"p1": 1, "p3": 1, "p2": 3}
    assert sorted(_all_in_chaos(1).winners) == ["p1", "p2", "p3"]


def test_aor_r116_elimination_order_is_recorded_per_action() -> None:
    """Players eliminated by one action share their place; a later one ranks above."""
    state = started(3)
    state = bid_all(state, {"p1": 0, "p2": 1, "p3": 2})
    for s in ("p1", "p2"):
        state.players[s].misery = 25
    seat = sorted(to_act(state))[0]
    state.players[seat].hand.append("famine")
    state.phase = "play"
    for p in state.players.values():
        p.play_done = False
    state.order = [seat] + [s for s in state.order if s != seat]
    state = SPEC.apply(state, seat, PlayCard(card="famine")).state
    out = {s: p.out_order for s, p in state.players.items() if p.eliminated}
    assert out == {"p1": 1, "p2": 1}


@pytest.mark.parametrize("version", [1, 2])
def test_aor_d8_rebellion_never_another_players_capital(version: int) -> None:
    """AOR-D8 ruling stated in /game rules (the book prints no card text; the spec reads "not a
    foreign capital"): Rebellion may not hit another player's capital but may free the
    player's own from an occupier (version 1: the reverse)."""
    state = position(version=version)
    state.provinces["toledo"].dm = "p1"
    state.provinces["genoa"].dm = "p1"  # Genoa (p2) occupied by Barcelona
    targets = {o.province for o in play_options(state, "p2", "rebellion", False)}
    assert "toledo" in targets
    if version >= 2:
        assert "genoa" in targets and not targets & {"barcelona", "venice", "paris"}
        state.players["p2"].hand.append("rebellion")
        resolve(state, "p2", PlayCard(card="rebellion", province="genoa"), [])
        assert state.provinces["genoa"].dm is None and state.provinces["genoa"].tokens == {"p1": 1}
    else:
        assert "genoa" not in targets and "barcelona" in targets
