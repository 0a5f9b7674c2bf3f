"""Rules as the books say (issue 13): corrections where the rulebooks differ from the spec.

Each test quotes the rulebook line it is written from (KO = Korean edition, ZH = Traditional
Chinese edition) and names its rule ID or decision point.
"""

from __future__ import annotations

from rules.core import Event, RuleViolation
from rules.endeavor import SPEC
from rules.endeavor.actions import (
    Activate,
    Build,
    DemandPhaseOrder,
    DiscardCard,
    DrawDeck,
    EndDiscard,
    Payment,
    PlaceGovernor,
    SfDraw,
    ShipTrack,
    SkipBuild,
    SlotGovernor,
    UnslotGovernor,
)
from rules.endeavor.components import data
from rules.endeavor.flow import advance, round_steps
from rules.endeavor.model import SILENT_FLEET, EndeavorState, Step
from rules.endeavor.query import build_level, card_limit, hand_valid
from tests.rules.endeavor.endeavor_helpers import (
    act,
    act_events,
    action_phase,
    add_building,
    fill_track,
    give_card,
    harbour,
    legal,
    only,
    place,
    set_action_seat,
    set_steps,
    started,
    take_tokens,
    types,
)


def _only_levels(s: EndeavorState, levels: set[int]) -> None:
    """Leave only tray stacks of the given levels (the rest leaves the game)."""
    d = data()
    for kind in list(s.tray):
        if d.buildings[kind].level not in levels:
            s.removed_buildings += [kind] * s.tray[kind]
            s.tray[kind] = 0


# ---- 1. build fallback (END-R30, END-R33, DP06) ---------------------------------------------


def test_end_r30_dp06_building_within_the_level_stays_compulsory() -> None:
    """END-R30 / DP06. KO: 「자신의 건설 등급보다 낮거나 같은 건설 등급인 건물만 선택할 수
    있습니다」: while such a building is in the tray, one must be taken (no "build nothing")."""
    s = started(2)
    seat = only(s)
    take_tokens(s, seat, "industry", 3)
    assert build_level(s.players[seat]) == 2
    offered = legal(s, seat)
    assert SkipBuild() not in offered
    assert {data().buildings[a.kind].level for a in offered if isinstance(a, Build)} == {1, 2}


def test_end_r33_dp06_next_level_is_a_choice_and_building_nothing_is_allowed() -> None:
    """END-R33 / DP06. ZH: 「如果建築儲備區沒有符合條件的建築板，你可以選擇下一個建造等級的建築板」
    ("may"): with nothing at or below level 2, the level-3 tiles are offered beside building
    nothing; a level-4 tile is never offered."""
    s = started(2)
    seat = only(s)
    take_tokens(s, seat, "industry", 3)
    _only_levels(s, {3, 4, 5})
    offered = legal(s, seat)
    kinds = {a.kind for a in offered if isinstance(a, Build)}
    assert kinds == {"theatre", "fortress", "guild_hall"}
    assert SkipBuild() in offered
    shore = len(s.players[seat].buildings)
    after, events = act_events(s, seat, SkipBuild())
    assert len(after.players[seat].buildings) == shore
    assert "endeavor.build_declined" in [e.key for e in events]
    assert after.tray == s.tray


def test_end_r33_never_two_levels_up() -> None:
    """END-R33 (issue 13 point 1): a level-1 player facing only level-3 and level-4 tiles is no
    longer forced to build the Theatre: nothing is offered and the build is skipped. KO has no
    fallback at all (「… 건물만 선택할 수 있습니다」); ZH allows only "the next level"."""
    s = started(2)
    seat = only(s)
    assert build_level(s.players[seat]) == 1
    _only_levels(s, {3, 4})
    assert legal(s, seat) == []
    set_steps(s, [Step(kind="build", seat=seat), Step(kind="growth", seat=seat)])
    events: list[Event] = []
    advance(s, events)
    assert "endeavor.build_skipped" in [e.key for e in events]
    assert len(s.players[seat].buildings) == 1  # only the start building
    assert s.players[seat].tokens.get("culture", 0) == 0


# ---- 2. discard phase (END-R86, DP18) -------------------------------------------------------


def test_end_r86_dp18_only_discards_that_reduce_the_excess() -> None:
    """END-R86 / DP18. KO: 「카드나 토큰을 마음대로 버릴 수 없습니다」 and 「자신의 카드 보유
    한계와는 별도로 노예 카드 1장을 추가로 보유할 수 있습니다」: limit 2, 3 regular cards and 1
    slavery card; discarding the slavery card would not help (the +1 allowance covers it), so only
    the regular cards are offered, and one discard makes the hand valid without honour loss."""
    s = started(2)
    take_tokens(s, "p1", "influence", 2)
    for c in ("africa_1", "africa_2", "north_america_1", "slavery_0"):
        give_card(s, "p1", c)
    p = s.players["p1"]
    assert card_limit(p) == 2 and not hand_valid(p)
    set_steps(s, [Step(kind="discard", seat="p1")])
    s.round = 1
    offered = {a.card for a in legal(s, "p1") if isinstance(a, DiscardCard)}
    assert offered == {"africa_1", "africa_2", "north_america_1"}
    try:
        SPEC.apply(s, "p1", DiscardCard(card="slavery_0"))
        raise AssertionError("a useless slavery discard was accepted")
    except RuleViolation as err:
        assert err.text.key == "endeavor.refusal.discard_not_allowed"
    s = act(s, "p1", DiscardCard(card="africa_1"))
    p = s.players["p1"]
    assert hand_valid(p) and "slavery_0" in p.cards and not p.set_aside


# ---- 3. governor placement (END-R64, DP17) --------------------------------------------------


def _opening(slot_full: bool = False) -> EndeavorState:
    """p2 to ship into Caribbean's last track space; p1 holds the majority there."""
    s = action_phase(started(2))
    for seat in s.seats:
        s.players[seat].buildings[0].disc = False
        s.players[seat].supply += 1
    if slot_full:
        s.players["p1"].governor_slot = s.governors.pop("india")
    fill_track(s, "caribbean", ["p1", "p1", "p1"])
    harbour(s, "p2", 3)
    set_action_seat(s, "p2")
    return act(s, "p2", Activate(slot=0))


def test_dp17_end_r64_the_winner_chooses_governor_slot_or_card_slot() -> None:
    """DP17 / END-R64. KO: 「총독 카드 전용 칸이나 카드 칸 중 하나에 놓습니다」: the new governor
    goes where its winner chooses, even when another player's ship opened the region."""
    s = _opening()
    s = act(s, "p2", ShipTrack(region="caribbean"))
    assert only(s) == "p1"
    assert set(legal(s, "p1")) == {
        PlaceGovernor(card="governor_caribbean", slot="governor"),
        PlaceGovernor(card="governor_caribbean", slot="cards"),
    }
    in_cards = act(s, "p1", PlaceGovernor(card="governor_caribbean", slot="cards"))
    p = in_cards.players["p1"]
    assert p.governor_slot is None and "governor_caribbean" in p.cards
    in_slot = act(s, "p1", PlaceGovernor(card="governor_caribbean", slot="governor"))
    p = in_slot.players["p1"]
    assert p.governor_slot == "governor_caribbean" and "governor_caribbean" not in p.cards
    assert not in_slot.governor_pending and in_slot.turn is None  # the phase goes on


def test_dp17_no_question_when_the_governor_slot_is_taken() -> None:
    """DP17: with the governor slot taken, a card slot is the only place (KO 「(빈칸이 없는
    경우, 자신의 매트 옆에 놓습니다)」 for the overflow): nothing is asked."""
    s = _opening(slot_full=True)
    s = act(s, "p2", ShipTrack(region="caribbean"))
    assert not s.governor_pending and "governor_caribbean" in s.players["p1"].cards


# ---- 4. Silent Fleet draw needs presence (END-R102, END-R108, DP22) ------------------------


def _sf_game() -> EndeavorState:
    s = action_phase(started(2, "A", silent_fleet=True))
    for seat in s.seats:
        s.players[seat].buildings[0].disc = False
        s.players[seat].supply += 1
        harbour(s, seat, 4)
    return s


def test_end_r102_dp22_sf_draws_only_where_it_has_presence() -> None:
    """END-R102 / END-R108 / DP22. ZH: 「沉默的艦隊有勢力的地區」: the Silent Fleet's draw takes
    a card only in an area where it has discs; "always present in Europe" is said of players.
    With no SF disc anywhere, the value-0 Slavery top is not burnt."""
    s = _sf_game()
    theatre = add_building(s, "p1", "theatre")
    place(s, "london", "p1")
    s = act(s, "p1", Activate(slot=theatre))
    s, events = act_events(s, "p1", DrawDeck(deck="europe"))
    assert s.sf is None and only(s) == "p2"
    assert "endeavor.sf_no_reaction" in [e.key for e in events]
    assert s.decks["slavery"][-1] == "slavery_0"
    t = _sf_game()
    theatre = add_building(t, "p1", "theatre")
    place(t, "london", "p1")
    place(t, "paris", SILENT_FLEET)
    t = act(t, "p1", Activate(slot=theatre))
    t = act(t, "p1", DrawDeck(deck="europe"))
    decks = {a.deck for a in legal(t, "p1") if isinstance(a, SfDraw)}
    assert decks == {"europe", "slavery"}  # one SF disc in Europe: Europe 1 and Slavery 0
    t = act(t, "p1", SfDraw(deck="slavery"))
    assert "slavery_0" in t.removed_cards


# ---- 5. phase order on demand (END-R22, DP23) -----------------------------------------------


def test_end_r22_dp23_any_player_demands_strict_phase_order_at_any_time() -> None:
    """END-R22 / DP23. KO: 「누구든 결정을 내리는 데 중요한 영향을 미친다고 느낀다면, 원래의
    규칙대로 단계마다 순서대로 진행하도록 요구할 수 있습니다」: a player who is not to act demands
    it; it is announced to everyone and applies from the next phase."""
    s = started(3, seed=4, player_by_player=True)
    first = only(s)
    other = next(x for x in s.seats if x != first)
    assert [st.kind for st in s.queue[:3]] == ["build", "growth", "salary"]
    assert SPEC.anytime_actions(s, other) == [DemandPhaseOrder()]
    assert DemandPhaseOrder() not in legal(s, first)
    result = SPEC.apply(s, other, DemandPhaseOrder())
    (ev,) = result.events
    assert ev.key == "endeavor.phase_order_demanded" and ev.args["seat"] == other
    assert ev.visible_to is None
    t = result.state
    assert only(t) == first and t.queue[0] == s.queue[0]  # the step in progress goes on
    kinds = [st.kind for st in t.queue if st.kind in ("build", "growth", "salary")]
    assert kinds == ["build"] * 3 + ["growth"] * 3 + ["salary"] * 3
    assert [st.kind for st in round_steps(t)][:9] == kinds
    assert SPEC.anytime_actions(t, other) == []
    try:
        SPEC.apply(t, other, DemandPhaseOrder())
        raise AssertionError("a second demand was accepted")
    except RuleViolation as err:
        assert err.text.key == "endeavor.refusal.phase_order_unavailable"
    assert not SPEC.invariants(t)


def test_dp23_nothing_to_demand_in_phase_by_phase_games() -> None:
    """DP23: the phase-by-phase game is already in strict order; nobody can demand it."""
    s = started(3)
    assert all(SPEC.anytime_actions(s, seat) == [] for seat in s.seats)
    try:
        SPEC.apply(s, "p1", DemandPhaseOrder())
        raise AssertionError("accepted")
    except RuleViolation as err:
        assert err.code == "illegal_action"


# ---- 6. decisions that only looked like bugs (END-R85, END-R104, DP18, DP19) ---------------


def test_dp18_end_r85_governor_slot_is_arranged_once() -> None:
    """DP18 / END-R85. KO: 「카드를 놓는 위치는 정해진 위치 내에서 원하는 대로 재배치할 수
    있습니다. 재배치한 후 …」: one rearrangement, then the discards; no endless slot/unslot."""
    s = started(2)
    s.players["p1"].governor_slot = s.governors.pop("india")
    give_card(s, "p1", "governor_africa")
    take_tokens(s, "p1", "influence", 2)
    set_steps(s, [Step(kind="discard", seat="p1")])
    s.round = 7
    assert set(legal(s, "p1")) == {
        SlotGovernor(card="governor_africa"),  # swap the two governors
        UnslotGovernor(),
        EndDiscard(),
    }
    s = act(s, "p1", UnslotGovernor())
    assert types(legal(s, "p1")) <= {"end_discard", "discard_card"}
    assert not any(isinstance(a, SlotGovernor | UnslotGovernor) for a in legal(s, "p1"))


def test_end_r104_dp19_v1_only_reactions_that_do_something_were_offered() -> None:
    """END-R104 / DP19, rules version 1 (kept for games started on it): after Draw + Payment
    the choice was not asked (Payment never reacts); with no SF presence nothing reacts.
    Version 2 offers every performed action (tests/rules/endeavor/test_endeavor_issue21.py)."""
    s = _sf_game()
    s.rules_version = 1
    exchange = add_building(s, "p1", "exchange")  # D + P
    market = add_building(s, "p1", "market", disc=True)
    place(s, "london", SILENT_FLEET)
    s = act(s, "p1", Activate(slot=exchange))
    s = act(s, "p1", Payment(slot=market))
    s = act(s, "p1", DrawDeck(deck="europe"))
    assert s.sf is not None and s.sf.stage == "draw"  # straight to the draw, no "choose"
    t = _sf_game()
    t.rules_version = 1
    exchange = add_building(t, "p1", "exchange")
    market = add_building(t, "p1", "market", disc=True)
    t = act(t, "p1", Activate(slot=exchange))
    t = act(t, "p1", Payment(slot=market))
    t, events = act_events(t, "p1", DrawDeck(deck="europe"))
    assert t.sf is None and "endeavor.sf_no_reaction_any" in [e.key for e in events]


def test_end_r85_view_shows_the_limit_that_applies() -> None:
    """END-R85 / END-R51. KO: 「카드 2장과 노예 카드 1장, 그리고 총독 카드 전용 칸에 총독 카드
    1장을 보유할 수 있습니다」: the view's limit counts the slavery allowance and the slot."""
    s = started(2)
    take_tokens(s, "p1", "influence", 2)
    give_card(s, "p1", "slavery_0")
    levels = SPEC.view(s, None).players[0].levels
    assert (levels.card_limit, levels.slavery_extra, levels.cards_allowed) == (2, 1, 3)
    assert levels.governor_slot == 1
