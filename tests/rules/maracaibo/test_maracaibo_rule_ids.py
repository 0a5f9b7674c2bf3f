"""Rules not covered by the scenario tests, one test per rule ID."""

from __future__ import annotations

from rules.maracaibo import automa, explorer, gains, sailing
from rules.maracaibo import query as q
from rules.maracaibo.actions import Deliver, Discard, Draw, Finish, Main, Sail
from rules.maracaibo.buying import price
from rules.maracaibo.components import AutomaAction, data
from rules.maracaibo.model import Assistant, Options, Pending
from rules.maracaibo.ops import run
from rules.maracaibo.spec import SPEC
from tests.rules.maracaibo.helpers import (
    act,
    after_setup,
    at,
    find_card,
    give_card,
    start_scoring,
    top_of,
    trim_hand,
)


def test_mar_s2_s3_s6_s7_s8_s11_s13_board_and_player_setup() -> None:
    """MAR-S2 two combat piles, MAR-S3 explorer quests, MAR-S6 synergy supply, MAR-S7 slot I
    face up, MAR-S8 marker spaces 1,2,2,..., MAR-S11 24 discs, MAR-S13 figures 2 + 3 + 3."""
    s = SPEC.new_game(["p1", "p2", "p3"], Options(players=3), 9)
    assert sorted(len(p) for p in s.board.piles) == [12, 13]
    assert set(s.board.explorer_quests) == {"3", "9", "13b"}
    assert s.board.synergy_supply == {k: 4 for k in data().synergy.kinds}
    assert [x.revealed for x in s.board.prestige] == [True, False, False, False]
    assert s.board.supply["FR"] == [1, 2, 2, 2, 2, 2, 2]
    for p in s.players.values():
        assert sum(p.discs.values()) == 24
        assert (p.personal, p.career_figures, p.general) == (2, 3, 3)
    shown = SPEC.new_game(["p1", "p2"], Options(players=2, prestige_face_up=True), 9)
    assert all(x.revealed for x in shown.board.prestige)


def test_mar_t3_t4_arrows_only_and_shared_locations() -> None:
    """MAR-T3: only forward along the arrows; MAR-T4: ships may share a location."""
    s = after_setup()
    assert "2" not in sailing.destinations(s, "3", 7) and "havana" not in sailing.destinations(
        s, "1", 7
    )
    a, b = s.seats[0], s.seats[1]
    s.board.ships[b] = "3"
    s.active = a
    s.turn.step = "sail"
    s.board.ships[a] = "havana"
    assert Sail(to="3") in SPEC.legal_actions(s, a)


def test_mar_t9_t11_one_main_action_and_mp_recorded() -> None:
    """MAR-T9: MP spent are recorded; MAR-T11: one main action per turn."""
    s = after_setup()
    me = s.active
    s = act(s, me, Sail(to="2"))
    assert s.turn.mp == 2
    s = act(s, me, Main(kind="village"))
    while s.opened() is not None:
        s = act(s, me, SPEC.legal_actions(s, me)[-1])
    assert not any(isinstance(a, Main) for a in SPEC.legal_actions(s, me))


def test_mar_t15_t17_t19_drawing_edge_cases() -> None:
    """MAR-T15 empty deck: the discard pile is shuffled in; MAR-T17 a full hand draws nothing;
    MAR-T19 with deck and discard empty the display may stay short."""
    s = after_setup()
    me = s.active
    s.board.discard += s.board.deck
    s.board.deck = []
    trim_hand(s, me, 3)
    s.stack.append(Pending(kind="draw", seat=me, what="scoring"))
    s = act(s, me, Draw(slot=-1))
    assert len(s.players[me].hand) == 4 and s.board.deck and not s.board.discard
    full = after_setup()
    me = full.active
    full.stack.append(Pending(kind="draw", seat=me, what="scoring"))
    run(full, [])
    assert full.opened() is None
    empty = after_setup()
    me = empty.active
    empty.board.box += empty.board.deck + empty.board.discard
    empty.board.deck, empty.board.discard = [], []
    trim_hand(empty, me, 2)
    empty.stack.append(Pending(kind="draw", seat=me, what="scoring"))
    empty = act(empty, me, Draw(slot=0))
    assert empty.board.display[0] == ""


def test_mar_t16_display_refilled_after_drawing() -> None:
    """MAR-T16: the display is refilled only after the player has finished drawing."""
    s = after_setup()
    me = s.active
    trim_hand(s, me, 2)
    s.stack.append(Pending(kind="draw", seat=me, what="scoring"))
    s = act(s, me, Draw(slot=0))
    assert s.board.display[0] == ""
    s = act(s, me, Draw(slot=-1))
    assert all(s.board.display)


def test_mar_a2_assistant_usable_from_the_next_turn_only() -> None:
    """MAR-A2: an assistant placed this turn cannot act yet; MAR-A4: it stays on the map."""
    s = after_setup()
    me = s.active
    card = find_card("AA_3VP_SAIL")
    s = give_card(s, me, card)
    s.players[me].personal -= 1
    s.board.assistants.append(Assistant(seat=me, card=card, location="2", placed=s.turn_no))
    s = at(s, me, "2")
    assert Main(kind="assistant", target=card) not in SPEC.legal_actions(s, me)
    s.board.assistants[-1].placed = s.turn_no - 1
    assert Main(kind="assistant", target=card) in SPEC.legal_actions(s, me)


def test_mar_c3_no_delivery_on_homeward_spaces() -> None:
    """MAR-C3 / MAR-H1: homeward spaces have no market."""
    s = after_setup()
    me = s.active
    s = at(s, me, "20")
    s = act(s, me, Main(kind="city"))
    assert not any(isinstance(a, Deliver) for a in SPEC.legal_actions(s, me))


def test_mar_c16_no_marker_no_conquest() -> None:
    """MAR-C16: without markers left the ally can only take actions needing none;
    MAR-C24: markers come from the leftmost non-empty space."""
    s = after_setup()
    assert gains.take_marker(s, "FR") and s.board.supply["FR"][0] == 0
    assert gains.take_marker(s, "FR") and s.board.supply["FR"][1] == 1
    s.board.removed_markers["FR"] += 2
    me = s.active
    s.board.removed_markers["ES"] += sum(s.board.supply["ES"])
    s.board.supply["ES"] = [0] * 7
    s = at(s, me, "1")
    from rules.maracaibo.combat import start

    start(s, [], me)
    s = act(s, me, SPEC.legal_actions(s, me)[0])
    from rules.maracaibo.actions import Ally, CombatAction

    s = act(s, me, Ally(nation="ES"))
    assert s.combat is not None
    s.combat.strength = 8
    kinds = {a.action for a in SPEC.legal_actions(s, me) if isinstance(a, CombatAction)}
    assert kinds == {"influence"}


def test_mar_c32_c33_c35_explorer_forks_and_rewards() -> None:
    """MAR-C32 either branch at a fork; MAR-C33 only the stop's reward; MAR-C35 kinds."""
    s = after_setup()
    me = s.active
    s.players[me].explorer = "4"
    ends = {p[-1] for p in explorer.paths(s, me, 1)}
    assert ends == {"5", "5b"}
    s.players[me].explorer = "4"
    explorer.move(s, [], me, ["5", "6"])
    assert top_of(s).ops[0].what == "figures" and s.players[me].vp == 0


def test_mar_cr3_cr4_career_completion_and_conditions() -> None:
    """MAR-CR4 condition kinds; MAR-CR3 the third task gives +2 D and +2 VP (admiral)."""
    s = after_setup()
    me = s.active
    p = s.players[me]
    p.quests = [s.board.quest_pile.pop(0), s.board.quest_pile.pop(0)]
    p.influence = {"FR": 7, "ES": 4, "EN": 1}
    p.barriers = ["red", "blue"]
    assert q.task_value(s, me, "QT") == 2 and q.task_value(s, me, "INF1") == 7
    assert q.task_value(s, me, "INF2") == 4 and q.task_value(s, me, "BAR") == 1
    p.career = "CR1"
    p.tasks = {"0": "low", "1": "low"}
    p.career_figures = 1
    p.personal += 2
    p.general -= 0
    p.discs.update({"U1": 0, "U2": 0, "U3": 0})
    s = at(s, me, "2")
    money, vp = p.doubloons, p.vp
    from rules.maracaibo.actions import Task

    s = act(s, me, Task(task=2, row="low"))
    assert s.players[me].doubloons == money + 3 + 2 and s.players[me].vp == vp + 2


def test_mar_k2_k3_goods_objects_and_planned_cards() -> None:
    """MAR-K2: identical goods never accept objects; MAR-K3 / MAR-K1: planned cards cannot
    be paid with."""
    s = after_setup()
    me = s.active
    p = s.players[me]
    goods = q.hand_goods(p)
    assert all(k.startswith("G") for k in goods)
    planned = p.hand[0]
    s = act(s, me, Sail(to="2"))
    from rules.maracaibo.actions import Plan

    s = act(s, me, Plan(card=planned))
    s.stack.append(Pending(kind="discard", seat=me, what=f"good:{q.card(planned).discard_as}", n=1))
    picks = [a for a in SPEC.legal_actions(s, me) if isinstance(a, Discard)]
    assert all(a.card != planned for a in picks)


def test_mar_k14_effects_stack() -> None:
    """MAR-K14: two discount cards both apply."""
    s = after_setup()
    me = s.active
    target = find_card("INC_VP", x=3)
    s = give_card(s, me, target, "hand")
    full = price(s, me, target)
    discounts = [
        c.id for c in data().cards.values() if any(e.id == "PERM_DISCOUNT" for e in c.effects)
    ]
    for c in discounts[:2]:
        s = give_card(s, me, c)
    assert price(s, me, target) == full - 2


def test_mar_k24_final_income_and_q4_compasses() -> None:
    """MAR-K24: final scoring pays VP income + the doubloon track's VP (no doubloons);
    MAR-Q4: one compass on the ship board plus the cards' compasses."""
    s = after_setup()
    me = s.active
    s.players[me].inc_d, s.players[me].inc_vp = 20, 5
    money = s.players[me].doubloons
    from rules.maracaibo import flow

    flow._final(s, [])
    assert s.players[me].vp_by["income"] == 5 + 3 and s.players[me].doubloons == money
    s2 = after_setup()
    assert q.compasses(s2.players[me]) == 1
    s2 = give_card(s2, me, find_card("COMPASS"))
    assert q.compasses(s2.players[me]) == 2


def test_mar_q7_several_tiles_one_location() -> None:
    """MAR-Q7 / MAR-Q6: new tiles join one already there; the player picks one."""
    s = after_setup()
    me = s.active
    s.board.quests["15"].append(s.board.quest_pile.pop(0))
    s = at(s, me, "15")
    s.players[me].cp, s.players[me].doubloons, s.players[me].personal = 8, 20, 2
    quests = [a for a in SPEC.legal_actions(s, me) if isinstance(a, Main) and a.kind == "quest"]
    assert len(quests) >= 1 and len(s.board.quests["15"]) == 2


def test_mar_u3_disc_effect_lost_without_a_legal_section() -> None:
    """MAR-U3: no removable disc: the removal is lost."""
    s = after_setup()
    me = s.active
    for sec in s.players[me].discs:
        if sec not in ("U6", "U9", "U10", "U11", "U12"):
            s.players[me].discs[sec] = 0
    s.players[me].discs["U5"] = 1
    s.players[me].discs["U8"] = 1
    s.players[me].discs["U5"] = 0
    s.players[me].discs["U8"] = 0
    s.players[me].discs.update({"U6": 0, "U9": 0, "U10": 0, "U11": 0, "U12": 0})
    s.stack.append(Pending(kind="disc", seat=me, n=1))
    run(s, [])
    assert s.opened() is None


def test_mar_j7_j15_automa_actions_and_edge_cases() -> None:
    """MAR-J7 remove disc (+4 VP from round 3), MAR-J15 empty quest pile still gives VP,
    MAR-J16 solo replenishes quests with the 2-player column."""
    s = SPEC.new_game(["p1"], Options(players=1), 3)
    assert s.jean is not None
    automa._action(s, [], AutomaAction(kind="remove_disc", late_vp=4))
    assert s.jean.discs_removed == 1 and s.jean.vp == 0
    s.round = 3
    automa._action(s, [], AutomaAction(kind="remove_disc", late_vp=4))
    assert s.jean.vp == 4
    s.players["p1"].tokens += s.board.quest_pile  # park the pile's tiles elsewhere
    s.board.quest_pile = []
    automa._action(s, [], AutomaAction(kind="quest_pile", vp=3))
    assert s.jean.vp == 7
    assert set(s.board.quests) == {"15"}


def test_mar_j8_jean_explorer_stops_at_a_quest() -> None:
    """MAR-J8: exactly the stated steps, jumping occupied spaces; a quest in reach stops her."""
    s = SPEC.new_game(["p1"], Options(players=1), 3)
    assert s.jean is not None
    s.players["p1"].explorer = "1"
    automa.explore(s, [], 2)
    assert s.jean.explorer == "3" and len(s.jean.quests) == 1 and "3" in s.board.explorer_done
    automa.explore(s, [], 1)
    assert s.jean.explorer == "4" and "red" in s.board.barrier_crossers


def test_mar_r3_a_whole_turn_sail_main_draw() -> None:
    """MAR-R3: sail, one main action (or none), draw up to the limit; then the next player."""
    s = after_setup()
    me = s.active
    trim_hand(s, me, 2)
    s = act(s, me, Sail(to="1"))
    s = act(s, me, Finish())
    while s.opened() is not None:
        s = act(s, me, Draw(slot=-1))
    assert len(s.players[me].hand) == 4 and s.active == q.next_seat(s, me)


def test_mar_t12_f3_figure_to_cp_timing() -> None:
    """MAR-T12 F3 ruling: PERM_FIGURE_TO_CP on one's own decisions and in scoring step 1,
    never on another player's turn."""
    from rules.maracaibo.actions import FigureToCp

    s = after_setup()
    me = s.active
    other = next(x for x in s.seats if x != me)
    s = give_card(s, other, find_card("PERM_FIGURE_TO_CP"))
    s.stack.append(Pending(kind="visit", seat=other))
    assert FigureToCp() not in SPEC.legal_actions(s, other)
    s.stack = [Pending(kind="score1", seat=other, what="interim")]
    start_scoring(s, "interim", me)
    cp = s.players[other].cp
    s = act(s, other, FigureToCp())
    assert s.players[other].cp == cp + 2
