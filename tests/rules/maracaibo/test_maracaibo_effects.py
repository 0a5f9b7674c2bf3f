"""Printed city actions (5.5), homeward spaces (MAR-H2), card effects (8.3 … 8.8) and ship
upgrades with new actions (spec 7)."""

from __future__ import annotations

from rules.maracaibo.actions import (
    Ally,
    Buy,
    Choose,
    ChooseNation,
    CityAction,
    CombatAction,
    Discard,
    Explore,
    FiguresOnCard,
    Main,
    Pay,
    Pile,
    PlaceMarker,
    RemoveDisc,
    Sail,
    TakeSynergy,
    Village,
    VisitReward,
)
from rules.maracaibo.buying import acquire, price
from rules.maracaibo.components import data
from rules.maracaibo.model import Assistant, MaracaiboState, Pending
from rules.maracaibo.ops import run
from rules.maracaibo.spec import SPEC
from tests.rules.maracaibo.helpers import (
    act,
    after_setup,
    at,
    find_card,
    give_card,
    hand_of,
    top_of,
)


def with_tile(s: MaracaiboState, loc: str, tile: str) -> MaracaiboState:
    """Swap a city tile onto ``loc`` (the tile it replaces goes back to the box)."""
    old = s.board.city_tiles.get(loc)
    for where, t in list(s.board.city_tiles.items()):
        if t == tile:
            s.board.city_tiles[where] = old or ""
    s.board.city_tiles[loc] = tile
    s.board.markets[loc] = ["" for _ in data().city_tiles[tile].market]
    return s


def macro(s: MaracaiboState, seat: str, name: str, cat: str = "cards") -> MaracaiboState:
    s = s.model_copy(deep=True)
    s.stack.append(Pending(kind="ops", seat=seat, ops=list(data().macros[name].ops), cat=cat))
    run(s, [])
    return s


def test_city_inf_va_gives_exactly_one_village_action() -> None:
    """Spec 17.2 / 5.5 CITY_INF_VA: +1 influence any nation, then 1 village action (U1 no)."""
    s = after_setup(3, 4)
    me = s.active
    s.players[me].discs["U1"] = 0
    s = with_tile(s, "4", "CT01")
    s = at(s, me, "4", mp=7)
    s = act(s, me, Main(kind="city"))
    s = act(s, me, CityAction())
    s = act(s, me, ChooseNation(nation="EN"))
    assert s.players[me].influence["EN"] == 1
    assert s.stack[-1].kind == "village" and top_of(s).n == 1


def test_city_va_per_compass_counts_compasses_at_turn_start() -> None:
    """5.5 CITY_VA_PER_COMPASS: one village action per compass owned at the turn's start."""
    s = after_setup()
    me = s.active
    s.turn.compass_start = 2
    s = macro(s, me, "CITY_VA_PER_COMPASS")
    assert s.stack[-1].kind == "village" and top_of(s).n == 2


def test_city_4d_or_vp_assist_and_pay2cp() -> None:
    """5.5: 4 doubloons OR 2 VP per assistant; may pay 2 CP for influence and 6 doubloons."""
    s = after_setup()
    me = s.active
    s = macro(s, me, "CITY_4D_OR_VP_ASSIST")
    money = s.players[me].doubloons
    s = act(s, me, Choose(option=0))
    assert s.players[me].doubloons == money + 4
    s.players[me].cp = 2
    s = macro(s, me, "CITY_PAY2CP_INF_6D")
    assert Pay() in SPEC.legal_actions(s, me)
    s = act(s, me, Pay())
    s = act(s, me, ChooseNation(nation="FR"))
    assert s.players[me].cp == 0 and s.players[me].doubloons == money + 10
    s = macro(s, me, "CITY_PAY2CP_INF_6D")
    assert s.opened() is None  # cannot pay 2 CP: the rest of the effect is lost (MAR-K15)


def test_city_vp_tokens_discard_needs_a_card() -> None:
    """5.5 CITY_VP_TOKENS_DISCARD: 1 VP per token, then the whole hand (>= 1) for 4 doubloons."""
    s = after_setup()
    me = s.active
    s.players[me].tokens = [s.board.piles[0].pop(0), s.board.piles[0].pop(0)]
    s = macro(s, me, "CITY_VP_TOKENS_DISCARD", "city")
    assert s.players[me].vp == 2
    money, cards = s.players[me].doubloons, len(s.players[me].hand)
    s = act(s, me, Pay())
    assert s.players[me].hand == [] and s.players[me].doubloons == money + 4
    assert len(s.board.discard) >= cards


def test_mar_h2_homeward_20_combat_or_explore_and_21_gives_3_vp() -> None:
    """MAR-H1 / H2: 20 = combat or explorer 2 (no delivery); 21a = +3 VP."""
    s = after_setup()
    me = s.active
    s = at(s, me, "20")
    s = act(s, me, Main(kind="city"))
    assert s.stack[-1].kind == "choose" and len(top_of(s).options) == 2
    s = act(s, me, Choose(option=1))
    assert s.stack[-1].kind == "explore" and top_of(s).n == 2
    s2 = at(after_setup(), me, "21a")
    s2 = act(s2, me, Main(kind="city"))
    assert s2.players[me].vp_by["homeward"] == 3


def test_u7_village_annex_combat_action() -> None:
    """Spec 7 U7: annex a village: empty 2, occupied 5 (expel); +3 D per own assistant there."""
    s = after_setup()
    me = s.active
    s.players[me].discs["U7"] = 0
    card = find_card("AA_3VP_SAIL")
    s = give_card(s, me, card)
    s.players[me].personal -= 1
    s.board.assistants.append(Assistant(seat=me, card=card, location="2", placed=0))
    s = at(s, me, "1")
    s = macro(s, me, "CITY_COMBAT")
    s = act(s, me, Pile(pile=0))
    s = act(s, me, SPEC.legal_actions(s, me)[0])
    assert s.combat is not None
    s.combat.strength = 2
    money = s.players[me].doubloons
    ally = s.combat.ally
    s = act(s, me, CombatAction(action="annex", target="2"))
    assert s.board.markers["2"] == ally and s.players[me].influence[ally] >= 1
    assert s.players[me].doubloons == money + 3


def test_u10_claim_village_and_u11_choice() -> None:
    """Spec 7 U10: marker on this empty village, +1 influence, +1 doubloon; U11: a choice."""
    s = after_setup()
    me = s.active
    s.players[me].discs.update({"U10": 0})
    s = at(s, me, "2", mp=1)
    s = act(s, me, Main(kind="village"))
    assert Village(action="VA_CLAIM_VILLAGE") in SPEC.legal_actions(s, me)
    money = s.players[me].doubloons
    s = act(s, me, Village(action="VA_CLAIM_VILLAGE"))
    s = act(s, me, PlaceMarker(nation="ES", village="2"))
    assert s.board.markers["2"] == "ES" and s.players[me].influence["ES"] == 1
    assert s.players[me].doubloons == money + 1
    s.players[me].discs.update({"U1": 0, "U2": 0, "U3": 0, "U4": 0, "U11": 1})
    s.stack.append(Pending(kind="disc", seat=me, n=1))
    s = act(s, me, RemoveDisc(section="U11"))
    assert s.stack[-1].kind == "choose" and len(top_of(s).options) == 3
    vp = s.players[me].vp
    s = act(s, me, Choose(option=1))
    assert s.players[me].vp == vp + 4


def test_mar_k13_buy_takes_synergy_assistant_and_immediate_effect() -> None:
    """MAR-K12 / K13 / A1: buying places the assistant, takes the synergy, applies effects."""
    s = after_setup()
    me = s.active
    card = find_card("IMM_SYNERGY_ANY")
    s = give_card(s, me, card, "hand")
    s.players[me].doubloons = 30
    s.stack.append(Pending(kind="buy", seat=me))
    s = act(s, me, Buy(card=card))
    assert card in s.players[me].tableau
    kind = next(a for a in SPEC.legal_actions(s, me) if isinstance(a, TakeSynergy))
    s = act(s, me, kind)
    assert kind.kind in s.players[me].synergies
    aa = find_card("AA_PAY2CP_7D_VA2")
    s = give_card(s, me, aa, "hand")
    s.stack.append(Pending(kind="buy", seat=me))
    figs = s.players[me].personal
    s = act(s, me, Buy(card=aa))
    loc = data().cards[aa].cost.assistant_location
    assert any(a.card == aa and a.location == loc for a in s.board.assistants)
    assert s.players[me].personal == figs - 1


def test_perm_discount_and_figures_on_card_income() -> None:
    """8.4 PERM_DISCOUNT lowers prices; IMM_FIGURES_ON_CARD_INCOME: +2 income per figure."""
    s = after_setup()
    me = s.active
    target = find_card("INC_VP", x=2)
    s = give_card(s, me, target, "hand")
    full = price(s, me, target)
    s = give_card(s, me, find_card("PERM_DISCOUNT", x=1))
    assert price(s, me, target) == max(0, full - 1)
    figs = find_card("IMM_FIGURES_ON_CARD_INCOME")
    s = give_card(s, me, figs)
    s.players[me].tableau.remove(figs)
    income = s.players[me].inc_d
    acquire(s, [], me, figs)
    run(s, [])
    while s.stack and s.stack[-1].kind != "figures_on_card":
        s = act(s, me, SPEC.legal_actions(s, me)[0])
    s = act(s, me, FiguresOnCard(count=2))
    assert s.players[me].inc_d == income + 4 and s.players[me].card_figures[figs] == 2


def test_perm_assistant_visit_reward_even_on_other_turns() -> None:
    """8.4 / D19: any ship ending at a location with my assistant: I choose 1 VP or 2 D."""
    s = after_setup()
    me = s.active
    owner = next(x for x in s.seats if x != me)
    s = give_card(s, owner, find_card("PERM_ASSISTANT_VISIT"))
    aa = find_card("AA_3GOODS_4D_4VP")
    s = give_card(s, owner, aa)
    s.players[owner].personal -= 1
    s.board.assistants.append(Assistant(seat=owner, card=aa, location="2", placed=0))
    s = act(s, me, Sail(to="2"))
    assert SPEC.to_act(s) == frozenset({owner})
    s = act(s, owner, VisitReward(reward="doubloons"))
    assert SPEC.to_act(s) == frozenset({me})


def test_va_2same_goods_card_action() -> None:
    """8.5 VA_2SAME_GOODS: 2 identical goods (not objects) for 4 doubloons."""
    s = after_setup()
    me = s.active
    s = give_card(s, me, find_card("VA_2SAME_GOODS"))
    s = hand_of(s, me, ["G3", "G3", "maps", "maps"])
    s = at(s, me, "2")
    s = act(s, me, Main(kind="village"))
    assert Village(action="VA_2SAME_GOODS") in SPEC.legal_actions(s, me)
    money = s.players[me].doubloons
    s = act(s, me, Village(action="VA_2SAME_GOODS"))
    s = act(s, me, Pay())
    picks = [a for a in SPEC.legal_actions(s, me) if isinstance(a, Discard)]
    assert {data().cards[a.card].discard_as for a in picks} == {"G3"}
    s = act(s, me, picks[0])
    s = act(s, me, SPEC.legal_actions(s, me)[0])
    assert s.players[me].doubloons == money + 4 and len(s.players[me].hand) == 2


def test_ca_inf_vp_card_combat_action() -> None:
    """8.6 CA_INF_VP: spend 2 strength for 1 ally influence and X VP."""
    s = after_setup()
    me = s.active
    s = give_card(s, me, find_card("CA_INF_VP"))
    s = at(s, me, "1")
    s = macro(s, me, "CITY_COMBAT")
    s = act(s, me, Pile(pile=0))
    s = act(
        s, me, Ally(nation=next(a for a in SPEC.legal_actions(s, me) if isinstance(a, Ally)).nation)
    )
    assert s.combat is not None
    s.combat.strength = 2
    vp = s.players[me].vp
    s = act(s, me, CombatAction(action="inf_vp", target="2"))
    assert s.players[me].vp == vp + 2


def test_imm_marker_village_noble() -> None:
    """8.7 IMM_MARKER_VILLAGE_NOBLE: a marker on an empty village and the next noble rank."""
    s = after_setup()
    me = s.active
    s = macro(s, me, "IMM_MARKER_VILLAGE_NOBLE")
    s = act(s, me, PlaceMarker(nation="FR", village="10"))
    assert s.board.markers["10"] == "FR" and s.players[me].influence["FR"] == 3


def test_explore_action_from_city_9() -> None:
    """5.4 CITY_EXPLORE(3) at location 9: the explorer moves up to 3 spaces."""
    s = after_setup()
    me = s.active
    s = at(s, me, "9")
    s = act(s, me, Main(kind="city"))
    s = act(s, me, CityAction())
    ends = {a.path[-1] for a in SPEC.legal_actions(s, me) if isinstance(a, Explore)}
    assert ends == {"1", "2", "3"}
