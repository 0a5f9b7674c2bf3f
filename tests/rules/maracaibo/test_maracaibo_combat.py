"""Combat, influence and CP (MAR-C10 … C24)."""

from __future__ import annotations

from rules.maracaibo import gains
from rules.maracaibo.actions import Ally, Boost, CombatAction, Pile, Skip
from rules.maracaibo.combat import start
from rules.maracaibo.components import data
from rules.maracaibo.model import MaracaiboState
from rules.maracaibo.spec import SPEC
from tests.rules.maracaibo.helpers import act, after_setup, at, find_card, give_card, put_markers


def combat_with(token: str, seed: int = 1) -> tuple[MaracaiboState, str]:
    s = after_setup(3, seed)
    seat = s.active
    s = at(s, seat, "1")
    for pile in s.board.piles:
        if token in pile:
            pile.remove(token)
    s.board.piles[0].insert(0, token)
    start(s, [], seat)
    s = act(s, seat, Pile(pile=0))
    return s, seat


def test_mar_c11_c12_ally_cost_and_most_modifier() -> None:
    """Spec 17.5 / MAR-C12: FR strictly most markers on a 'most' token -> -2; tie for most -> unchanged."""
    s, seat = combat_with("CB01")  # FR 7 / pay 3, most -2
    put_markers(s, {"2": "FR", "3": "FR", "6": "ES"})
    money = s.players[seat].doubloons
    s1 = act(s, seat, Ally(nation="FR"))
    assert s1.combat is not None and s1.combat.strength == 5
    assert s1.players[seat].doubloons == money - 3
    put_markers(s, {"7": "ES"})
    s2 = act(s, seat, Ally(nation="FR"))
    assert s2.combat is not None and s2.combat.strength == 7


def test_mar_c11_unpayable_nation_cannot_be_chosen() -> None:
    """AMB3: a nation whose doubloon cost cannot be paid is not offered."""
    s, seat = combat_with("CB01")
    s.players[seat].doubloons = 2
    assert Ally(nation="FR") not in SPEC.legal_actions(s, seat)
    assert Ally(nation="ES") in SPEC.legal_actions(s, seat)


def test_mar_c13_conquer_expel_and_c15_boost() -> None:
    """Spec 17.5 / MAR-C15 / MAR-C20: boost with CP and a figure; expel removes the marker from the game."""
    s, seat = combat_with("CB04")  # ES 3 / +2 VP
    put_markers(s, {"1": "FR"})
    s = act(s, seat, Ally(nation="ES"))
    assert s.combat is not None and s.combat.strength == 3
    cp, figs = s.players[seat].cp, s.players[seat].personal
    s = act(s, seat, Boost(using="cp"))
    s = act(s, seat, Boost(using="figure"))
    s = act(s, seat, Boost(using="figure"))
    assert s.players[seat].cp == cp - 1 and s.players[seat].personal == figs - 2
    assert CombatAction(action="expel", target="1") in SPEC.legal_actions(s, seat)
    s = act(s, seat, CombatAction(action="expel", target="1"))
    assert s.board.markers["1"] == "ES" and s.board.removed_markers["FR"] == 1
    assert s.players[seat].influence["ES"] == 1
    assert s.players[seat].doubloons >= 2  # flag reward of location 1: +2 doubloons


def test_mar_c14_c17_strength_never_negative_token_kept() -> None:
    """MAR-C14 / MAR-C17: actions need enough strength; the token goes onto the ship board."""
    s, seat = combat_with("CB03")  # FR 2 / +1 figure
    s.players[seat].cp = 0
    s.players[seat].personal = 0
    s.players[seat].general = 5
    s = act(s, seat, Ally(nation="FR"))
    legal = SPEC.legal_actions(s, seat)
    assert CombatAction(action="influence", target="1") in legal
    assert CombatAction(action="influence", target="2") not in legal
    assert Boost(using="figure") in legal  # the token's figure may be used at once (MAR-C19)
    s = act(s, seat, Skip())
    assert s.combat is None and s.players[seat].tokens == ["CB03"]


def test_mar_c10_empty_piles_strength_three_no_token() -> None:
    """Spec 17.6: both piles empty -> strength 3 for every nation, no token kept."""
    s = after_setup()
    seat = s.active
    s = at(s, seat, "1")
    other = next(x for x in s.seats if x != seat)
    s.players[other].tokens = [t for pile in s.board.piles for t in pile]
    s.board.piles = [[], []]
    start(s, [], seat)
    s = act(s, seat, Ally(nation="EN"))
    assert s.combat is not None and s.combat.strength == 3
    s = act(s, seat, Skip())
    assert s.players[seat].tokens == []


def test_mar_c19_combat_actions_once_per_turn() -> None:
    """Spec 17.18: influence gained in one combat is not offered in a second one that turn."""
    s, seat = combat_with("CB02")  # ES 6
    s = act(s, seat, Ally(nation="ES"))
    s = act(s, seat, CombatAction(action="influence", target="1"))
    s = act(s, seat, Skip())
    start(s, [], seat)
    s = act(s, seat, Pile(pile=0))
    offered = SPEC.legal_actions(s, seat)[0]
    assert isinstance(offered, Ally)
    s = act(s, seat, Ally(nation=offered.nation))
    assert not any(
        isinstance(a, CombatAction) and a.action == "influence" for a in SPEC.legal_actions(s, seat)
    )


def test_mar_c18_cp_cap_and_c22_influence_overflow() -> None:
    """Spec 17.7 / 17.8 / MAR-C18 / MAR-C22: 7 CP + 3 = 8; at the last influence space +2 influence = +4 VP."""
    s = after_setup()
    seat = s.active
    s.players[seat].cp = 7
    gains.cp(s, [], seat, 3)
    assert s.players[seat].cp == 8
    s.players[seat].influence["EN"] = data().tracks.influence.length
    vp = s.players[seat].vp
    gains.influence(s, [], seat, "EN", 2)
    assert s.players[seat].vp == vp + 4


def test_mar_c23_next_noble_rank() -> None:
    """MAR-C21 / C23: to the next red space; past the last one, no effect (AMB16)."""
    s = after_setup()
    seat = s.active
    s.players[seat].influence["FR"] = 4
    gains.noble_next(s, [], seat, "FR")
    assert s.players[seat].influence["FR"] == 6
    s.players[seat].influence["FR"] = 17
    gains.noble_next(s, [], seat, "FR")
    assert s.players[seat].influence["FR"] == 17


def test_perm_expel_vp_and_nation_cp() -> None:
    """8.4 PERM_EXPEL_VP +3 VP per expel; PERM_NATION_CP +2 CP when allying with that nation."""
    s, seat = combat_with("CB02")  # ES 6 / pay 2
    s = give_card(s, seat, find_card("PERM_EXPEL_VP"))
    s = give_card(s, seat, find_card("PERM_NATION_CP", nation="ES"))
    s.players[seat].cp = 1
    put_markers(s, {"17": "EN"})
    s = act(s, seat, Ally(nation="ES"))
    assert s.players[seat].cp == 3
    vp = s.players[seat].vp
    s = act(s, seat, CombatAction(action="expel", target="17"))
    assert s.players[seat].vp == vp + 3
