"""Rules as the book says, round 2 (issue 21): Maracaibo rules version 2.

Each test quotes the Korean rulebook line it is written from and names its rule ID. Version 1
keeps the old behaviour for games started on it (tests/upgrade/test_maracaibo_versions.py
replays whole version-1 games); each test here also checks what version 1 did.
"""

from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rules.core import Event
from rules.maracaibo import automa, legacy, sailing
from rules.maracaibo.actions import Ally, ChooseNation, Main, Pile, PlaceMarker, Sail, Skip
from rules.maracaibo.combat import start
from rules.maracaibo.components import NATIONS, CombatToken, data
from rules.maracaibo.describe import describe_action
from rules.maracaibo.model import CampaignPlay, CampaignState, MainStep, MaracaiboState, Pending
from rules.maracaibo.ops import run
from rules.maracaibo.spec import SPEC
from tests.rules.maracaibo.helpers import act, after_setup, check_text, put_markers, top_of


def _v1(s: MaracaiboState) -> MaracaiboState:
    v1 = s.model_copy(deep=True)
    v1.rules_version = 1
    return v1


# ---- 1. the player chooses the route at a fork (MAR-T1 / T3 / T9, MAR-V3) -------------------


def _l4_open_at_1() -> MaracaiboState:
    """L4 in play (in and out cost 3 MP) and the explorer past space 4; the ship at 1."""
    s = after_setup()
    s.campaign = CampaignPlay(before=CampaignState(), legacy={"L4": ""})
    legacy.arrive(s, [])
    s.players[s.active].explorer = "5b"
    s.board.ships[s.active] = "1"
    return s


def test_mar_t3_t9_v3_a_longer_branch_is_a_choice_and_its_mp_count() -> None:
    """MAR-T1 / T3 / T9 / V3: 「이동력 7 내에서 원하는 만큼 자유롭게 이동할 수 있습니다」 and 「한
    지역에 여러 방향으로 이어지는 화살표가 있다면, 플레이어는 어디로 이동할지 선택할 수
    있습니다」: from 1 to the village 3 either 1 -> 2 -> 3 (2 MP) or 1 -> 2 -> L4 -> 3 (7 MP);
    the long way spends 7 MP and earns 3 village actions."""
    s = _l4_open_at_1()
    me = s.active
    sails = [a for a in SPEC.legal_actions(s, me) if isinstance(a, Sail)]
    assert Sail(to="3") in sails and Sail(to="3", via=["2", "L4"]) in sails
    assert len([a for a in sails if a.to == "3"]) == 2
    assert len(sails) == len({(a.to, tuple(a.via)) for a in sails})
    en = [check_text(describe_action(s, me, a), "en") for a in sails if a.to == "3"]
    ko = [check_text(describe_action(s, me, a), "ko") for a in sails if a.to == "3"]
    assert en[0].endswith("(2 MP)") and en[1].endswith("(7 MP)") and " via " in en[1]
    assert ko[0].endswith("(이동력 2)") and ko[1].endswith("(이동력 7)") and "거쳐" in ko[1]
    long_way = act(s, me, Sail(to="3", via=["2", "L4"]))
    assert long_way.board.ships[me] == "3" and long_way.turn.mp == 7
    long_way = act(long_way, me, Main(kind="village"))
    assert long_way.stack[-1].kind == "village" and top_of(long_way).n == 3
    short_way = act(s, me, Sail(to="3"))
    assert short_way.turn.mp == 2
    short_way = act(short_way, me, Main(kind="village"))
    assert top_of(short_way).n == 1
    # version 1: one sail per destination, always the cheapest route
    v1 = _v1(s)
    v1_sails = [a for a in SPEC.legal_actions(v1, me) if isinstance(a, Sail)]
    assert [a for a in v1_sails if a.to == "3"] == [Sail(to="3")]
    assert all(not a.via for a in v1_sails)


def test_mar_t3_equal_branches_stay_one_choice() -> None:
    """MAR-T3: routes that cost the same (3 -> 4 -> 6 and 3 -> 5 -> 6) are one choice, so the
    list grows only by routes that differ in what they cost or earn."""
    s = after_setup()
    me = s.active
    sails = [a for a in SPEC.legal_actions(s, me) if isinstance(a, Sail)]
    assert sails == [Sail(to=d) for d in ("1", "2", "3", "4", "5", "6", "7", "8")]


def test_mar_t9_a_quest_needing_4_mp_is_met_by_the_long_way() -> None:
    """MAR-T9 (「이번 차례에 … 이동력」 costs): the MP spent this turn is the route's, so a quest
    cost of at least 4 MP is met after the long branch and not after the short one."""
    from rules.maracaibo import quests

    s = _l4_open_at_1()
    me = s.active
    long_way = act(s, me, Sail(to="3", via=["2", "L4"]))
    short_way = act(s, me, Sail(to="3"))
    assert long_way.turn.mp >= 4 > short_way.turn.mp
    need = data().quests["Q23"].cost  # "4 MP this turn"
    assert need is not None and need.kind == "mp" and need.n == 4
    assert quests.cost_payable(long_way, me, need)
    assert not quests.cost_payable(short_way, me, need)


def test_mar_t3_an_extra_sail_offers_the_routes_too() -> None:
    """MAR-T18 with MAR-T3: an extra sail of 1-3 MP lists each distinct route as well."""
    s = _l4_open_at_1()
    me = s.active
    s.board.ships[me] = "2"
    s.turn.step = "main"
    s.stack = [MainStep(seat=me), Pending(kind="sail", seat=me, n=6)]
    sails = {(a.to, tuple(a.via)) for a in SPEC.legal_actions(s, me) if isinstance(a, Sail)}
    assert {("3", ()), ("3", ("L4",)), ("L4", ())} <= sails
    assert sailing.route_taken(s, me, Sail(to="3", via=["L4"]), 6).mp == 6


# ---- 2. IMM_MARKER_VILLAGE_NOBLE without a marker to place ----------------------------------


def test_imm_marker_village_noble_keeps_the_noble_move_without_a_village() -> None:
    """IMM_MARKER_VILLAGE_NOBLE: 「국가 하나를 선택합니다. 이 국가의 소유권 마커 하나를, 소유권
    마커가 없는 마을에 놓습니다(도시는 불가!). 영향력 트랙에서 이 국가에 대한 당신의 영향력
    마커를 다음 귀족 계급(빨간색 배경 칸)으로 이동시킵니다.」 Unlike IMM_MARKER_EMPTY_VILLAGE
    (「빈 마을이 없다면 이 효과는 상실됩니다」) nothing says the effect is lost: with every
    village taken the player still chooses a nation and moves to its next noble rank."""
    from rules.maracaibo import query as q

    s = after_setup()
    me = s.active
    villages = [v for v in q.villages(s) if v not in s.board.markers]
    put_markers(s, {v: NATIONS[i % 3] for i, v in enumerate(villages)})
    s.stack = [
        MainStep(seat=me),
        Pending(kind="ops", seat=me, ops=list(data().macros["IMM_MARKER_VILLAGE_NOBLE"].ops)),
    ]
    before = dict(s.players[me].influence)
    v1 = _v1(s)
    run(s, [])
    legal = SPEC.legal_actions(s, me)
    assert legal == [ChooseNation(nation=n) for n in NATIONS]
    assert not any(isinstance(a, PlaceMarker) for a in legal)
    label = check_text(describe_action(s, me, legal[1]), "ko")
    assert "귀족 계급" in label
    s = act(s, me, ChooseNation(nation="ES"))
    ranks = [r.pos for r in data().tracks.influence.noble_ranks]
    assert s.players[me].influence["ES"] == min(r for r in ranks if r > before["ES"])
    # version 1: the effect was lost
    run(v1, [])
    assert not v1.stack or v1.stack[-1].kind != "marker"
    assert v1.players[me].influence == before


# ---- 3. U1 only for the main action --------------------------------------------------------


def test_u1_only_improves_village_actions_taken_as_the_main_action() -> None:
    """U1: 「주 행동으로 마을 행동을 하는 경우(다른 효과로 인해서, 혹은 부하 행동의 일부로서가
    아닌!), 이번 차례에 이동력을 2-4 사용했다면 마을 행동 2개를 …」: an extra sail of 3 MP (an
    assistant's or an effect's) gives 1 village action, not 2; the main action keeps U1."""
    s = after_setup()
    me = s.active
    s.players[me].discs["U1"] = 0
    s.turn.step = "main"
    s.turn.main_done = True
    s.board.ships[me] = "havana"
    s.stack = [MainStep(seat=me), Pending(kind="sail", seat=me, n=3)]
    v1 = _v1(s)
    s = act(s, me, Sail(to="3"))
    s = act(s, me, Main(kind="village"))
    assert s.stack[-1].kind == "village" and top_of(s).n == 1
    v1 = act(v1, me, Sail(to="3"))
    v1 = act(v1, me, Main(kind="village"))
    assert top_of(v1).n == 2  # version 1 applied U1 here
    assert sailing.village_count(s, me, 3, main=True) == 2  # the main action keeps U1


# ---- 4. combat never dead-ends ---------------------------------------------------------------

_EFFECTS = st.fixed_dictionaries(
    {
        "kind": st.sampled_from(["pay", "doubloons", "influence", "vp", "figure"]),
        "n": st.integers(0, 12),
    }
)
_SIDE = st.fixed_dictionaries({"strength": st.integers(0, 12), "effect": _EFFECTS})
_TOKEN = st.fixed_dictionaries(
    {
        "id": st.just("CB01"),
        "nations": st.fixed_dictionaries({n: _SIDE for n in NATIONS}),
        "modifier": st.one_of(
            st.none(),
            st.fixed_dictionaries(
                {"kind": st.sampled_from(["most", "fewest"]), "delta": st.integers(-4, 4)}
            ),
        ),
    }
)


_UNAFFORDABLE = {
    "id": "CB01",
    "nations": {n: {"strength": 5, "effect": {"kind": "pay", "n": 9}} for n in NATIONS},
    "modifier": None,
}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@example(raw=_UNAFFORDABLE, money=3, walk=[])
@example(raw={**_UNAFFORDABLE, "modifier": {"kind": "most", "delta": -4}}, money=8, walk=[1])
@given(raw=_TOKEN, money=st.integers(0, 12), walk=st.lists(st.integers(0, 50), max_size=12))
def test_mar_c11_combat_always_has_a_way_forward_with_any_token_data(
    raw: dict[str, object], money: int, walk: list[int]
) -> None:
    """MAR-C11 (AMB3: a nation whose cost cannot be paid cannot be chosen) with any valid
    token data (a club's override): at every step of a combat the player has a combat move
    (a pile, an ally, an action, a boost or the end), and the combat ends; with every nation
    unaffordable only the way out (end the combat) is offered."""
    token = CombatToken.model_validate(raw)
    tokens = data().tokens
    shipped = tokens["CB01"]
    tokens["CB01"] = token
    try:
        s = after_setup(3, 1)
        me = s.active
        s.players[me].doubloons = money
        for pile in s.board.piles:
            if "CB01" in pile:
                pile.remove("CB01")
        s.board.piles[0].insert(0, "CB01")
        s.stack = [MainStep(seat=me)]
        start(s, [], me)
        s = act(s, me, Pile(pile=0))  # the generated token
        assert s.combat is not None and s.combat.token == "CB01"
        for step in [*walk, *range(60)]:
            if s.combat is None:
                break
            legal = SPEC.legal_actions(s, me)
            combat_moves = [
                a for a in legal if a.type in ("pile", "ally", "combat_action", "boost", "skip")
            ]
            assert combat_moves, (s.combat, legal)
            cash = s.players[me].doubloons
            sides = data().tokens[s.combat.token].nations.values() if s.combat.token else []
            if s.combat.stage == "ally" and all(
                x.effect.kind == "pay" and x.effect.n > cash for x in sides
            ):
                assert combat_moves == [Skip()]
                v1_moves = [a for a in SPEC.legal_actions(_v1(s), me) if isinstance(a, Ally | Skip)]
                assert not v1_moves  # version 1 dead-ended here
            s = act(s, me, combat_moves[step % len(combat_moves)])
        assert s.combat is None
    finally:
        tokens["CB01"] = shipped


# ---- 6. Jean's explorer takes a quest within her range --------------------------------------


def test_mar_j8_jean_takes_a_quest_within_her_movement_range() -> None:
    """MAR-J8: 「진은 자신의 탐험가를 2칸 앞으로 이동시킵니다. 퀘스트 타일이 진의 이동 범위 내에
    있다면, 진은 그 칸에서 이동을 마칩니다(남은 이동력은 버려집니다). 그 외의 경우에는 항상
    최단 경로를 선택합니다.」 From 4 with 2 steps, a quest tile on 6 (4 -> 5 -> 6, the longer
    branch) is in range: she goes there and takes it, instead of the shortest way 4 -> 5b -> 8."""
    s = SPEC.new_game(["p1"], SPEC.Options.model_validate({"players": 1}), 1)
    while s.phase == "setup":
        s = act(s, "p1", SPEC.legal_actions(s, "p1")[0])
    assert s.jean is not None
    tile = next(iter(s.board.explorer_quests.values()))
    s.board.explorer_quests = {"6": tile}
    s.jean.explorer = "4"
    v1 = _v1(s)
    far = s.model_copy(deep=True)
    ev: list[Event] = []
    automa.explore(s, ev, 2)
    assert s.jean.explorer == "6" and tile in s.jean.quests and "6" not in s.board.explorer_quests
    assert "maracaibo.event.jean_quest" in [e.key for e in ev]
    automa.explore(v1, [], 2)  # version 1 looked at the next space only
    assert v1.jean is not None and v1.jean.explorer == "8" and tile not in v1.jean.quests
    # out of range (3 counted steps away with 2 to go): the shortest way, the tile stays
    assert far.jean is not None
    far.board.explorer_quests = {"7": tile}
    automa.explore(far, [], 2)
    assert far.jean.explorer == "8" and far.board.explorer_quests == {"7": tile}
