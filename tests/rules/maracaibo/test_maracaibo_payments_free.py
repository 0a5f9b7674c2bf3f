"""D22 (permanent objects when paying objects, 8.4 PERM_OBJECT) and D14 / MAR-T12 / MAR-CR2
(free actions during the decisions of one's own step B)."""

from __future__ import annotations

import pytest

from rules.core import RuleViolation
from rules.core.contract import checked_apply
from rules.maracaibo import query as q
from rules.maracaibo.actions import (
    Buy,
    Discard,
    FigureToCp,
    Finish,
    Main,
    Pay,
    Plan,
    Sail,
    Task,
    UsePermanent,
    Village,
)
from rules.maracaibo.model import MaracaiboState, Pending
from rules.maracaibo.spec import SPEC
from tests.rules.maracaibo.helpers import (
    act,
    after_setup,
    at,
    check_text,
    find_card,
    give_card,
    hand_of,
    start_scoring,
    top_of,
    trim_hand,
)

PERM_MAPS = ("A043", "B057")  # the two PERM_OBJECT map cards of the data
MAPS_ACTION = find_card("VA_2MAPS_VP_EXPLORE")


class Unpayable(Exception):
    """The 2-maps village action is not offered."""


def _maps_payment(hand: list[str], permanent: int) -> tuple[MaracaiboState, str]:
    """The active seat at a village, owning the 2-maps village action and ``permanent``
    permanent map cards, with exactly ``hand`` in hand; the village action is chosen and
    its payment (2 maps) accepted."""
    s = after_setup()
    me = s.active
    s = give_card(s, me, MAPS_ACTION)
    for c in PERM_MAPS[:permanent]:
        s = give_card(s, me, c)
    s = _hand(s, me, hand)
    s = at(s, me, "2")
    s = act(s, me, Main(kind="village"))
    if Village(action="VA_2MAPS_VP_EXPLORE") not in SPEC.legal_actions(s, me):
        raise Unpayable
    s = act(s, me, Village(action="VA_2MAPS_VP_EXPLORE"))
    s = act(s, me, Pay())
    return s, me


def _hand(state: MaracaiboState, seat: str, kinds: list[str]) -> MaracaiboState:
    """A copy where ``seat``'s hand shows exactly these goods/objects (cards from the deck or
    the box, the old hand goes to the deck; cards without a permanent effect)."""
    s = state.model_copy(deep=True)
    p = s.players[seat]
    s.board.deck.extend(p.hand)
    p.hand = []
    for kind in kinds:
        pile = next(
            pile
            for pile in (s.board.deck, s.board.box)
            if any(q.card(c).discard_as == kind and q.card(c).family != "permanent" for c in pile)
        )
        pick = next(
            c for c in pile if q.card(c).discard_as == kind and q.card(c).family != "permanent"
        )
        pile.remove(pick)
        p.hand.append(pick)
    return s


def _pay_choices(s: MaracaiboState, me: str) -> list[int]:
    return [a.count for a in SPEC.legal_actions(s, me) if isinstance(a, UsePermanent)]


def test_mar_d22_permanent_card_or_hand_card_is_the_players_choice() -> None:
    """D22 / 8.4: with one permanent map card and two maps in hand, paying 2 maps offers
    "use the permanent card (discard 1)" or "keep it unused (discard 2)"; never 2 permanent
    uses from one card."""
    s, me = _maps_payment(["maps", "maps", "G1"], permanent=1)
    assert s.stack[-1].kind == "objects"
    assert _pay_choices(s, me) == [1, 0]
    assert not any(isinstance(a, Discard) for a in SPEC.legal_actions(s, me))
    used = act(s, me, UsePermanent(count=1))
    assert used.stack[-1].kind == "discard" and top_of(used).n == 1
    maps = [c for c in used.players[me].hand if q.card(c).discard_as == "maps"]
    used = act(used, me, Discard(card=maps[0]))
    assert PERM_MAPS[0] in used.players[me].tableau  # a permanent object is never discarded
    assert [q.card(c).discard_as for c in used.players[me].hand].count("maps") == 1
    # keeping the permanent card unused leaves one combination: both hand maps go at once,
    # each discard told publicly
    result = checked_apply(SPEC, s, me, UsePermanent(count=0))
    unused = result.state
    assert not any(x.kind in ("objects", "discard") for x in unused.stack)
    assert [q.card(c).discard_as for c in unused.players[me].hand].count("maps") == 0
    told = [e for e in result.events if e.key == "maracaibo.event.action" and e.reveals]
    assert len(told) == 2 and all(e.visible_to is None for e in told)
    for lang in ("en", "ko"):
        check_text(told[0], lang)


def test_mar_d22_never_forced_to_discard_when_permanent_cards_cover() -> None:
    """D22: two permanent map cards cover a 2-maps payment: "discard nothing" is always a
    choice (and comes first); the player may still discard one or both hand maps instead."""
    s, me = _maps_payment(["maps", "maps"], permanent=2)
    assert _pay_choices(s, me) == [2, 1, 0]
    hand = list(s.players[me].hand)
    s = act(s, me, UsePermanent(count=2))
    assert s.players[me].hand == hand
    assert not any(x.kind in ("objects", "discard") for x in s.stack)


def test_mar_d22_a_forced_payment_asks_nothing() -> None:
    """D22: with only one possible combination the engine pays at once: no map in hand ->
    both permanent cards serve; no permanent card and 3 maps -> straight to choosing 2 of the
    3 maps; one map in hand and one permanent card for 2 maps -> both are used, nothing asked."""
    s, me = _maps_payment(["G1", "G2"], permanent=2)
    assert not any(x.kind in ("objects", "discard") for x in s.stack)
    assert len(s.players[me].hand) == 2
    s, me = _maps_payment(["maps", "maps", "maps"], permanent=0)
    assert s.stack[-1].kind == "discard" and top_of(s).n == 2
    assert len([a for a in SPEC.legal_actions(s, me) if isinstance(a, Discard)]) == 3
    s, me = _maps_payment(["maps", "G1"], permanent=1)
    assert not any(x.kind in ("objects", "discard") for x in s.stack)
    assert [q.card(c).discard_as for c in s.players[me].hand] == ["G1"]


def test_mar_d22_quest_object_cost_and_herbs_purchase() -> None:
    """D22 on the other payment paths: a quest's object cost (MAR-Q2) and the herbs of a
    purchase (MAR-K11) offer the same choice."""
    s = after_setup()
    me = s.active
    s = give_card(s, me, PERM_MAPS[0])
    s = hand_of(s, me, ["maps", "maps", "G1"])
    s = at(s, me, "2")
    s.board.quests["2"] = ["Q09"]  # 2 maps
    s.board.quest_pile = [t for t in s.board.quest_pile if t != "Q09"]
    s = act(s, me, Main(kind="quest", target="Q09"))
    assert "Q09" in s.players[me].quests
    assert s.stack[-1].kind == "objects" and _pay_choices(s, me) == [1, 0]

    s = after_setup()
    me = s.active
    s = give_card(s, me, "A045")  # permanent herbs
    s = _hand(s, me, ["herbs", "herbs", "herbs"])
    s = give_card(s, me, "B013", where="plan")  # costs 8 doubloons and 3 herbs
    s.players[me].doubloons = 10
    s = at(s, me, "2")
    s = act(s, me, Main(kind="village"))
    s = act(s, me, Village(action="VA_BUY"))
    s = act(s, me, Buy(card="B013"))
    assert s.stack[-1].kind == "objects" and _pay_choices(s, me) == [1, 0]
    s = act(s, me, UsePermanent(count=1))
    assert s.stack[-1].kind == "discard" and top_of(s).n == 2


def test_mar_d22_labels_say_what_is_used_and_discarded() -> None:
    """D22: each choice reads differently in both languages."""
    s, me = _maps_payment(["maps", "maps"], permanent=2)
    for lang in ("en", "ko"):
        labels = [
            check_text(SPEC.describe_action(s, me, a), lang)
            for a in SPEC.legal_actions(s, me)
            if isinstance(a, UsePermanent)
        ]
        assert len(set(labels)) == 3


def test_mar_t12_d14_free_actions_during_step_b_decisions() -> None:
    """MAR-T12 / D14: planning and career tasks during the main action (here between two
    village actions and inside a purchase), not only between decisions."""
    s = after_setup()
    me = s.active
    s = hand_of(s, me, ["G1", "G2", "G3"])
    s = at(s, me, "2", mp=4)
    p = s.players[me]
    p.career = "CR1"
    p.quests = [s.board.quest_pile.pop(0) for _ in range(4)]  # a quest-count task is met
    s = act(s, me, Main(kind="village"))
    assert s.stack[-1].kind == "village"
    legal = SPEC.legal_actions(s, me)
    plans = [a for a in legal if isinstance(a, Plan)]
    assert len(plans) == 3
    tasks = [a for a in legal if isinstance(a, Task)]
    assert tasks, "a met career task is a free action during the village actions"
    s = act(s, me, plans[0])
    assert s.stack[-1].kind == "village" and top_of(s).n == 2  # the sequence is untouched
    money = s.players[me].doubloons
    s = act(s, me, tasks[0])
    assert s.players[me].doubloons > money and s.stack[-1].kind == "village"


def test_mar_t12_d14_no_free_actions_in_step_c_or_on_others_turns() -> None:
    """MAR-T12: only in one's own step B: not while drawing (step C), not in a decision taken
    on someone else's turn."""
    s = after_setup()
    me = s.active
    s = at(s, me, "2")
    trim_hand(s, me, 1)
    s.players[me].career = "CR1"
    s.players[me].quests = [s.board.quest_pile.pop(0) for _ in range(4)]
    assert any(isinstance(a, Task) for a in SPEC.legal_actions(s, me))
    s = act(s, me, Finish())
    assert s.stack[-1].kind == "draw" and s.turn.step == "draw"
    assert not any(isinstance(a, Plan | Task) for a in SPEC.legal_actions(s, me))
    other = next(x for x in s.seats if x != me)
    t = after_setup()
    t.stack.append(Pending(kind="nation", seat=other, what="influence", n=1))
    assert not any(isinstance(a, Plan | Task) for a in SPEC.legal_actions(t, other))


def test_mar_t12_d14_a_card_a_payment_needs_cannot_be_planned() -> None:
    """MAR-T12 with MAR-K3: while a payment is under way, a card it needs cannot be planned
    (planned cards are never paid with); other hand cards can. Here 2 identical goods
    (VA_2SAME_GOODS) with exactly two G3 in hand: the G3 cards stay, the maps may be planned."""
    s = after_setup()
    me = s.active
    s = give_card(s, me, find_card("VA_2SAME_GOODS"))
    s = hand_of(s, me, ["G3", "G3", "maps", "maps"])
    s.board.box.extend(s.players[me].plan)
    s.players[me].plan = []
    s = at(s, me, "2")
    s = act(s, me, Main(kind="village"))
    s = act(s, me, Village(action="VA_2SAME_GOODS"))
    s = act(s, me, Pay())
    assert s.stack[-1].kind == "discard"
    planable = {a.card for a in SPEC.legal_actions(s, me) if isinstance(a, Plan)}
    assert {q.card(c).discard_as for c in planable} == {"maps"} and len(planable) == 2
    g3 = next(c for c in s.players[me].hand if q.card(c).discard_as == "G3")
    with pytest.raises(RuleViolation):
        SPEC.apply(s, me, Plan(card=g3))
    s = act(s, me, Plan(card=next(iter(planable))))
    assert s.stack[-1].kind == "discard"  # the payment is untouched


def test_mar_t12_d14_planning_during_an_object_payment() -> None:
    """MAR-T12 with D22: during the choice of permanent cards any card may be planned (the
    permanent card keeps the payment possible); planning a map leaves one combination, which
    the engine settles at once."""
    s, me = _maps_payment(["maps", "maps", "G1"], permanent=1)
    s.board.box.extend(s.players[me].plan)
    s.players[me].plan = []
    assert {a.card for a in SPEC.legal_actions(s, me) if isinstance(a, Plan)} == set(
        s.players[me].hand
    )
    maps = [c for c in s.players[me].hand if q.card(c).discard_as == "maps"]
    s = act(s, me, Plan(card=maps[0]))
    assert not any(x.kind in ("objects", "discard") for x in s.stack)
    assert maps[1] in s.board.discard and maps[0] in s.players[me].plan
    assert PERM_MAPS[0] in s.players[me].tableau


def test_mar_t12_d14_planning_never_makes_the_chosen_purchase_impossible() -> None:
    """MAR-T12 with MAR-K11: during a purchase (VA_BUY), a herb card the only buyable card
    needs cannot be planned; once something else is buyable, any card can."""
    s = after_setup()
    me = s.active
    s.board.deck.extend(s.players[me].hand)
    s.players[me].hand = []
    dear = next(
        c
        for c in s.board.deck
        if q.card(c).cost.return_figure
        and q.card(c).cost.doubloons <= 8
        and q.card(c).discard_as != "herbs"
    )  # a card that needs a figure
    for c in ("B092", "B095", "B098", dear):  # 3 herbs (assistant cards, 11-12 doubloons)
        s = give_card(s, me, c, where="hand")
    s = give_card(s, me, "B013", where="plan")
    p = s.players[me]
    s.board.box.extend(c for c in p.plan if c != "B013")
    p.plan = ["B013"]
    p.doubloons = 8
    p.general += p.personal  # no figure: no investment (9.2), no assistant card
    p.personal = 0
    s = at(s, me, "2")
    s = act(s, me, Main(kind="village"))
    s = act(s, me, Village(action="VA_BUY"))
    assert s.stack[-1].kind == "buy"
    legal = SPEC.legal_actions(s, me)
    assert [a.card for a in legal if isinstance(a, Buy)] == ["B013"]
    planable = {a.card for a in legal if isinstance(a, Plan)}
    assert planable == {dear}
    s.players[me].personal = 1  # now the other card can be bought too: any herb may go
    s.players[me].general -= 1
    assert {a.card for a in SPEC.legal_actions(s, me) if isinstance(a, Plan)} == set(
        s.players[me].hand
    )


def test_mar_cr2_final_scoring_tasks_around_step_1_only() -> None:
    """MAR-CR2 (rulebook: "최종 점수 계산 동안, 이번 단계 전후로"): in the final scoring tasks
    before the step-1 choice and after it, not inside the purchase, and never planning."""
    from rules.maracaibo.actions import ScoreChoice

    s = after_setup()
    me = s.active
    p = s.players[me]
    p.career = "CR2"  # task 0: combat tokens
    p.tokens = [s.board.piles[0].pop(0) for _ in range(3)]
    s = hand_of(s, me, ["G1", "G2"])
    s = give_card(s, me, "A043", where="plan")
    s.players[me].doubloons = 10
    start_scoring(s, "final", me)
    s.stack = [Pending(kind="score1", seat=me, what="final")]
    legal = SPEC.legal_actions(s, me)
    assert Task(task=0, row="low") in legal and not any(isinstance(a, Plan) for a in legal)
    s = act(s, me, ScoreChoice(buy=True))
    assert s.stack[-1].kind == "buy"
    assert not any(isinstance(a, Task | Plan) for a in SPEC.legal_actions(s, me))
    s = act(s, me, Buy(card="A043"))
    assert s.stack[-1].kind == "tasks"
    assert Task(task=0, row="low") in SPEC.legal_actions(s, me)
    s = act(s, me, Task(task=0, row="low"))
    assert "0" in s.players[me].tasks
    assert not any(x.kind == "tasks" and x.seat == me for x in s.stack)


def test_mar_t12_f3_figure_to_cp_keeps_a_purchase_possible() -> None:
    """MAR-T12 F3 with MAR-K11: during a purchase, returning the last figure is not offered
    when every buyable card needs that figure."""
    s = after_setup()
    me = s.active
    p = s.players[me]
    s = give_card(s, me, find_card("PERM_FIGURE_TO_CP"))
    figure_card = next(
        c
        for c in s.board.deck
        if q.card(c).cost.return_figure and not q.card(c).cost.herbs and q.card(c).cost.cp == 0
    )
    s = give_card(s, me, figure_card, where="plan")
    p = s.players[me]
    s.board.box.extend(c for c in p.plan if c != figure_card)
    p.plan = [figure_card]
    s.board.deck.extend(p.hand)
    p.hand = []
    p.doubloons = q.card(figure_card).cost.doubloons
    p.general += p.personal - 1
    p.personal = 1
    p.cp = 1
    s = at(s, me, "2")
    s = act(s, me, Main(kind="village"))
    s = act(s, me, Village(action="VA_BUY"))
    assert s.stack[-1].kind == "buy"
    assert FigureToCp() not in SPEC.legal_actions(s, me)
    s.players[me].personal += 1
    s.players[me].general -= 1
    assert FigureToCp() in SPEC.legal_actions(s, me)


def test_mar_t12_free_actions_do_not_sail() -> None:
    """MAR-T12: nothing is free in step A: the sail step offers only sailing."""
    s = after_setup()
    me = s.active
    assert all(isinstance(a, Sail) for a in SPEC.legal_actions(s, me))


@pytest.mark.parametrize("permanent", [0, 1, 2])
@pytest.mark.parametrize("in_hand", [0, 1, 2, 3])
def test_mar_d22_every_split_of_a_2_maps_payment(permanent: int, in_hand: int) -> None:
    """D22, exhaustively for 2 maps: the numbers of permanent cards offered are exactly those
    from max(0, 2 - maps in hand) to min(permanent cards, 2) (asked only when there are
    several); each one ends with exactly the rest discarded and every permanent card kept."""
    if permanent + in_hand < 2:
        with pytest.raises(Unpayable):  # all or nothing: the village action is not offered
            _maps_payment(["maps"] * in_hand + ["G1"], permanent=permanent)
        return
    s, me = _maps_payment(["maps"] * in_hand + ["G1"], permanent=permanent)
    allowed = list(range(min(permanent, 2), max(0, 2 - in_hand) - 1, -1))
    if len(allowed) > 1:
        assert s.stack[-1].kind == "objects" and _pay_choices(s, me) == allowed
        starts = [act(s, me, UsePermanent(count=k)) for k in allowed]
    else:
        assert not any(x.kind == "objects" for x in s.stack)
        starts = [s]
    for k, start in zip(allowed, starts, strict=True):
        t = start
        while t.stack and t.stack[-1].kind == "discard":
            t = act(t, me, next(a for a in SPEC.legal_actions(t, me) if isinstance(a, Discard)))
        left = [q.card(c).discard_as for c in t.players[me].hand].count("maps")
        assert left == in_hand - (2 - k)
        assert set(PERM_MAPS[:permanent]) <= set(t.players[me].tableau)
        assert "G1" in [q.card(c).discard_as for c in t.players[me].hand]
