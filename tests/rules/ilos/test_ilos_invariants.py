"""The invariants used by the playouts do catch broken states."""

from __future__ import annotations

from rules.ilos import SPEC
from rules.ilos.engine import new_game
from rules.ilos.model import IlosOptions

from .ilos_helpers import add_colonist, add_ship, make_state


def test_ilos_invariants_hold_on_a_new_game() -> None:
    """ILOS-R01, ILOS-R08: a fresh game conserves 90 cards and 20 tiles."""
    st = new_game(["p1", "p2", "p3"], IlosOptions(players=3), 3)
    assert SPEC.invariants(st) == []


def test_ilos_invariants_catch_lost_card_and_negative_count() -> None:
    """ILOS-R01: the card total of 90 is conserved across deck, discard and hands."""
    st = new_game(["p1", "p2"], IlosOptions(players=2), 3)
    st.deck.pop()
    assert any("cards" in p for p in SPEC.invariants(st))
    st.player("p1").screen["gold"] = -1
    assert any("negative" in p for p in SPEC.invariants(st))


def test_ilos_invariants_catch_ship_and_colonist_limits() -> None:
    """ILOS-R04, ILOS-R05, ILOS-R57: at most 5 ships, 10 colonists, one ship per hideout."""
    st = make_state(board=[("T02", 0, 0, 0)])
    for _ in range(6):
        add_ship(st, "p1", region="T02.a")
    add_ship(st, "p2", hideout="T02")
    add_ship(st, "p2", hideout="T02")
    problems = SPEC.invariants(st)
    assert any("6 ships" in p for p in problems)
    assert any("hideout" in p for p in problems)
    st2 = make_state(board=[("T02", 0, 0, 0)])
    add_colonist(st2, "p1", "T02.a.0")
    st2.player("p1").colonists_used = 11
    assert any("colonists" in p for p in SPEC.invariants(st2))


def test_ilos_invariants_catch_markers_and_production_drift() -> None:
    """ILOS-R93, ILOS-R71: markers at most 8; production follows the board."""
    st = make_state(board=[("T02", 0, 0, 0)])
    st.price_step.update({"ebony": 4, "spice": 4, "dye": 1})
    assert any("markers" in p for p in SPEC.invariants(st))
    st2 = make_state(board=[("T02", 0, 0, 0)])
    st2.player("p1").production["dye"] = 1
    assert any("production" in p for p in SPEC.invariants(st2))
