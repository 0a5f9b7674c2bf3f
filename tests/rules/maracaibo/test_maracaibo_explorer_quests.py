"""Explorer track (MAR-C30 … C38), quests (MAR-Q1 … Q7) and assistants (MAR-A1 … A4)."""

from __future__ import annotations

from rules.maracaibo import explorer, quests
from rules.maracaibo.actions import ChooseNation, Explore, Finish, Main, Pay, Sail, Skip
from rules.maracaibo.model import Assistant, Pending
from rules.maracaibo.spec import SPEC
from tests.rules.maracaibo.helpers import act, after_setup, at, find_card, give_card, top_of


def test_mar_c31_occupied_spaces_jumped_for_free() -> None:
    """Spec 17.9 / MAR-C31: an occupied space costs nothing and cannot be a stop."""
    s = after_setup()
    me, other = s.active, next(x for x in s.seats if x != s.active)
    s.players[other].explorer = "1"
    ends = {tuple(p) for p in explorer.paths(s, me, 1)}
    assert ends == {("1", "2")}


def test_mar_c34_fulfilled_quest_space_skipped() -> None:
    """MAR-C34: a fulfilled explorer quest space is skipped by everyone at no cost."""
    s = after_setup()
    me = s.active
    s.players[me].explorer = "2"
    tile = s.board.explorer_quests.pop("3")
    s.board.quest_pile.append(tile)
    s.board.explorer_done.append("3")
    assert {p[-1] for p in explorer.paths(s, me, 1)} == {"4"}


def test_mar_c36_red_barrier_gives_three_influence_to_one_nation() -> None:
    """Spec 17.9 / MAR-C36: crossing red: +3 with one chosen nation."""
    s = after_setup()
    me = s.active
    s = at(s, me, "9")
    s.players[me].explorer = "3"
    s.stack.append(Pending(kind="explore", seat=me, n=1))
    s = act(s, me, Explore(path=["4"]))
    assert s.stack[-1].kind == "nation"
    s = act(s, me, ChooseNation(nation="ES"))
    assert s.players[me].influence["ES"] == 3
    assert s.players[me].doubloons >= 2  # the reward of space 4


def test_mar_c36_blue_barrier_first_four_then_two() -> None:
    """MAR-C36: blue: first crosser 4 VP, later 2 VP."""
    s = after_setup()
    a, b = s.seats[0], s.seats[1]
    for seat, vp in ((a, 4), (b, 2)):
        s.players[seat].explorer = "10"
        before = s.players[seat].vp
        explorer.move(s, [], seat, ["11"])
        assert s.players[seat].vp - before == vp
        s.stack.clear()


def test_mar_c37_final_space_order_and_village_action() -> None:
    """MAR-C37: 10 / 8 VP by arrival order and one village action each."""
    s = after_setup()
    a, b = s.seats[0], s.seats[1]
    for seat, vp in ((a, 10), (b, 8)):
        s.players[seat].explorer = "17"
        before = s.players[seat].vp
        explorer.move(s, [], seat, ["18"])
        assert s.players[seat].vp - before == vp
        assert s.stack[-1].kind == "village" and top_of(s).n == 1
        s.stack.clear()
    assert explorer.paths(s, a, 3) == []


def test_mar_c38_steal_takes_one_vp_only_from_a_scoring_victim() -> None:
    """Spec 17.9: PERM_EXPLORER_STEAL takes 1 VP from a jumped explorer with VP > 0."""
    s = after_setup()
    me, other = s.seats[0], s.seats[1]
    s = give_card(s, me, find_card("PERM_EXPLORER_STEAL"))
    s.players[other].explorer = "1"
    explorer.move(s, [], me, ["1", "2"])
    assert s.players[me].vp == 0
    s.players[me].explorer = "start"
    s.players[other].vp = 3
    s.players[other].vp_by = {"other": 3}
    s.stack.clear()
    explorer.move(s, [], me, ["1", "2"])
    assert s.players[me].vp == 1 and s.players[other].vp == 2


def test_mar_q1_q5_quest_cost_reward_and_track_bonus() -> None:
    """Spec 17.10 / MAR-Q3 / MAR-Q5 / MAR-Q6: pay the cost; the 4th tile +3 VP, the 5th +2 VP."""
    s = after_setup()
    me = s.active
    tile = s.board.quests["15"][0]
    s.board.quests["15"] = ["Q17"] if tile != "Q17" else [tile]
    if tile != "Q17":
        s.board.quest_pile.remove("Q17") if "Q17" in s.board.quest_pile else None
        s.board.quest_pile.append(tile)
        for loc, tiles in s.board.quests.items():
            if loc != "15" and "Q17" in tiles:
                tiles.remove("Q17")
                tiles.append(tile)
        for space, t in s.board.explorer_quests.items():
            if t == "Q17":
                s.board.explorer_quests[space] = tile
                s.board.quest_pile.remove(tile)
    moved = [s.board.quest_pile.pop(0) for _ in range(3)]
    s.players[me].quests = moved
    s = at(s, me, "15")
    money, vp = s.players[me].doubloons, s.players[me].vp
    s = act(s, me, Main(kind="quest", target="Q17"))  # pay 2 D: 1 VP per compass, +1 influence
    s = act(s, me, ChooseNation(nation="FR"))
    p = s.players[me]
    assert p.doubloons == money - 2 and p.influence["FR"] == 1
    assert p.vp == vp + 3 + 1 and len(p.quests) == 4
    assert "15" not in s.board.quests


def test_mar_q2_unpayable_quest_not_offered() -> None:
    """MAR-Q1: no full payment, no quest."""
    s = after_setup()
    me = s.active
    s = at(s, me, "15")
    tile = s.board.quests["15"][0]
    s.players[me].cp = 0
    s.players[me].doubloons = 0
    s.players[me].personal = 0
    s.players[me].general = 5
    s.players[me].hand, s.board.deck = [], s.board.deck + s.players[me].hand
    s.turn.mp = 1
    assert not quests.payable(s, me, tile)
    assert Main(kind="quest", target=tile) not in SPEC.legal_actions(s, me)


def test_mar_a3_assistant_skip_and_unused_bonus() -> None:
    """Spec 17.11: passing an own assistant 2 VP; stopping there without using it 2 VP."""
    s = after_setup()
    me = s.active
    card = find_card("AA_3VP_SAIL")
    s = give_card(s, me, card)
    s.players[me].personal -= 1
    s.board.assistants.append(Assistant(seat=me, card=card, location="2", placed=0))
    s = act(s, me, Sail(to="3"))
    assert s.players[me].vp_by.get("assistants") == 2
    s2 = after_setup()
    s2 = give_card(s2, me, card)
    s2.players[me].personal -= 1
    s2.board.assistants.append(Assistant(seat=me, card=card, location="2", placed=0))
    s2 = act(s2, me, Sail(to="2"))
    assert Main(kind="assistant", target=card) in SPEC.legal_actions(s2, me)
    s2 = act(s2, me, Finish())
    assert s2.players[me].vp_by.get("assistants") == 2


def test_mar_t18_extra_sail_then_another_main_action() -> None:
    """Spec 17.20 / MAR-T18: AA_3VP_SAIL: +3 VP, sail 1-3 MP, one more main action there."""
    s = after_setup()
    me = s.active
    card = find_card("AA_3VP_SAIL")
    s = give_card(s, me, card)
    s.players[me].personal -= 1
    s.board.assistants.append(Assistant(seat=me, card=card, location="12", placed=0))
    s = at(s, me, "12", mp=5)
    s = act(s, me, Main(kind="assistant", target=card))
    s = act(s, me, Pay()) if s.stack and s.stack[-1].kind == "gate" else s
    assert s.stack[-1].kind == "sail"
    s = act(s, me, Sail(to="15"))
    assert s.stack[-1].kind == "extra_main"
    s = act(s, me, Main(kind="village"))
    assert s.stack[-1].kind == "village" and top_of(s).n == 1
    s = act(s, me, Skip())
    assert s.turn.mp == 7
