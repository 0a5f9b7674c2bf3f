"""Income, synergy, careers, prestige and the scorings (MAR-K20 … K25, CR, 9.2, 10.1, 10.2)."""

from __future__ import annotations

from rules.maracaibo import flow, gains
from rules.maracaibo.actions import Invest, ScoreChoice, Task
from rules.maracaibo.buying import acquire
from rules.maracaibo.components import CardEffect
from rules.maracaibo.model import Assistant, Pending
from rules.maracaibo.query import card
from rules.maracaibo.spec import SPEC
from tests.rules.maracaibo.helpers import (
    act,
    after_setup,
    at,
    find_card,
    give_card,
    put_markers,
    start_scoring,
)


def test_mar_k22_k23_income_caps_and_rollover() -> None:
    """Spec 17.12 / MAR-K22 / MAR-K23: doubloon income 33 + 3 -> 34 and VP income +2; VP income 18 + 4 in
    round 2 -> marker at 2 and 20 x 3 = 60 VP."""
    s = after_setup()
    me = s.active
    s.players[me].inc_d = 33
    gains.income(s, [], me, "doubloons", 3)
    assert s.players[me].inc_d == 34 and s.players[me].inc_vp == 2
    s.round = 2
    s.players[me].inc_vp = 18
    gains.income(s, [], me, "vp", 4)
    assert s.players[me].inc_vp == 2 and s.players[me].vp == 60


def test_mar_k21_conditional_income_applies_once_when_the_synergy_arrives() -> None:
    """Spec 17.13: INC_IF_SYNERGY pays when the synergy token is taken later, only once."""
    s = after_setup()
    me = s.active
    card = find_card("INC_IF_SYNERGY", track="doubloons", x=2)
    wanted = next(e.synergy for e in card_effects(card) if e.id == "INC_IF_SYNERGY")
    s = give_card(s, me, card, "hand")
    s.players[me].hand.remove(card)
    s.players[me].synergies = []
    acquire(s, [], me, card)
    from rules.maracaibo.ops import run

    run(s, [])
    base = s.players[me].inc_d
    assert wanted not in s.players[me].synergies  # its own icon is another kind (16.13.4)
    gains.synergy(s, [], me, wanted)  # type: ignore[arg-type]
    assert s.players[me].inc_d == base + 2
    gains.synergy(s, [], me, wanted)  # type: ignore[arg-type]
    assert s.players[me].inc_d == base + 2


def card_effects(card_id: str) -> list[CardEffect]:
    return card(card_id).effects


def test_mar_cr1_cr3_career_tasks() -> None:
    """MAR-CR1 / CR3: a task pays doubloons (+VP on the higher row); all three: +2 D +2 VP."""
    s = after_setup()
    me = s.active
    s = at(s, me, "2")
    p = s.players[me]
    p.career = "CR2"  # CT, SYN, BAR
    p.tokens = []
    p.synergies = ["SYN1", "SYN2"]
    for kind in ("SYN1", "SYN2"):
        s.board.synergy_supply[kind] -= 1
    assert Task(task=1, row="low") in SPEC.legal_actions(s, me)
    assert Task(task=1, row="high") not in SPEC.legal_actions(s, me)
    money, figs = p.doubloons, p.personal
    s = act(s, me, Task(task=1, row="low"))
    assert s.players[me].doubloons == money + 3 and s.players[me].personal == figs + 1
    assert Task(task=1, row="low") not in SPEC.legal_actions(s, me)


def test_9_2_prestige_investment() -> None:
    """9.2: invest with a figure and doubloons; first investor +2 VP; once per building."""
    s = after_setup()
    me = s.active
    building = s.board.prestige[0].building
    s.stack.append(Pending(kind="buy", seat=me))
    s.players[me].doubloons = 20
    s = act(s, me, Invest(building=building))
    assert me in s.board.prestige[0].investors and s.players[me].vp_by["prestige"] == 2
    s.stack.append(Pending(kind="buy", seat=me))
    assert Invest(building=building) not in SPEC.legal_actions(s, me)


def test_scenario_17_rulebook_weight_example() -> None:
    """Spec 17.17 / AMB1: FR 7 taken (4 on map), ES 5 (4), EN 3 (2) -> weights 6, 5, 2;
    noble ranks FR 2, ES 3, EN 1 score 12 + 15 + 2 = 29."""
    s = after_setup(4, 2)
    put_markers(s, {"1": "FR", "4": "FR", "5": "FR", "9": "FR", "13": "ES", "14": "ES"})
    put_markers(s, {"17": "ES", "2": "ES", "3": "EN", "6": "EN"})
    for nation, extra in (("FR", 3), ("ES", 1), ("EN", 1)):
        for _ in range(extra):
            gains.take_marker(s, nation)
            s.board.removed_markers[nation] += 1
    assert flow.nation_weights(s) == {"FR": 6, "ES": 5, "EN": 2}


def test_mar_final_majority_shared_and_nobody_at_zero() -> None:
    """Spec 17.15 / 10.2 step 4: ties share 3 VP; influence 0 scores nothing."""
    s = after_setup()
    a, b, c = s.seats
    s.players[a].influence["FR"] = 4
    s.players[b].influence["FR"] = 4
    s.phase = "scoring"
    flow._final(s, [])
    assert s.players[a].vp_by.get("majority") == 3 and s.players[b].vp_by.get("majority") == 3
    assert "majority" not in s.players[c].vp_by


def test_mar_interim_scoring_order() -> None:
    """Spec 17.14 / MAR-C4 / MAR-K24 / MAR-Q6 / MAR-J16: step 1 before income; markets cleared; display renewed; ships home;
    the next round starts left of the trigger player."""
    s = after_setup()
    me = s.active
    s.board.markets["1"][0] = me
    s.players[me].discs["U4"] = 1
    other = next(x for x in s.seats if x != me)
    s.board.ships[other] = "17"
    s = at(s, me, "20", mp=2)
    s.turn.round_end = True
    s.turn.step = "draw"
    s.stack = [Pending(kind="draw", seat=me, what="turn")]
    s.players[me].hand = s.players[me].hand[:4]
    shown = list(s.board.display)
    from rules.maracaibo.ops import run

    run(s, [])
    assert s.phase == "scoring" and s.stack[-1].kind == "score1" and s.stack[-1].seat == me
    money = {x: s.players[x].doubloons for x in s.seats}
    for seat in list(s.seats[s.seats.index(me) :] + s.seats[: s.seats.index(me)]):
        assert SPEC.to_act(s) == frozenset({seat})
        s = act(s, seat, ScoreChoice(buy=False))
    assert s.phase == "play" and s.round == 2
    assert all(s.players[x].doubloons == money[x] + s.players[x].inc_d for x in s.seats)
    assert s.board.markets["1"] == ["", ""]
    assert not set(shown) & set(s.board.display)
    assert set(s.board.ships.values()) == {"havana"}
    assert s.active == s.seats[(s.seats.index(me) + 1) % 3]
    assert all(s.players[x].vp_by.get("scoring") == 2 for x in s.seats)
    assert {"6", "12", "16"} <= set(s.board.quests)


def test_mar_a3_case_3_assistants_ahead_at_round_end() -> None:
    """Spec 17.11: at round end each own assistant ahead of the ship scores 2 VP."""
    s = after_setup()
    me = s.active
    card = find_card("AA_3VP_SAIL")
    s = give_card(s, me, card)
    s.players[me].personal -= 1
    s.board.assistants.append(Assistant(seat=me, card=card, location="18", placed=0))
    s.board.ships[me] = "12"
    s.phase = "scoring"
    flow._interim(s, [], me)
    assert s.players[me].vp_by.get("assistants") == 2


def test_mar_cr2_career_tasks_before_and_after_final_step_1() -> None:
    """MAR-CR2: in the final scoring tasks may be completed before and after step 1."""
    s = after_setup()
    me = s.active
    p = s.players[me]
    p.career = "CR2"  # CT, SYN, BAR
    start_scoring(s, "final", me)
    s.stack = [Pending(kind="score1", seat=me, what="final")]
    assert not any(isinstance(a, Task) for a in SPEC.legal_actions(s, me))
    s = act(s, me, ScoreChoice(buy=False))
    assert s.phase == "over"  # nothing to complete: no prompt, the scoring went on
    s2 = after_setup()
    me = s2.active
    s2.players[me].career = "CR2"
    s2.players[me].tokens = [s2.board.piles[0].pop(0) for _ in range(3)]
    start_scoring(s2, "final", me)
    s2.stack = [Pending(kind="score1", seat=me, what="final")]
    assert Task(task=0, row="low") in SPEC.legal_actions(s2, me)
    s2 = act(s2, me, ScoreChoice(buy=False))
    assert s2.stack[-1].kind == "tasks"
    s2 = act(s2, me, Task(task=0, row="low"))
    assert "0" in s2.players[me].tasks
