"""Ship, Market and Ruins cards, payment and staging (ILOS-R24, R42, R50 to R59, R90 to R97)."""

from __future__ import annotations

from rules.ilos import SPEC
from rules.ilos.actions import (
    Cancel,
    ChooseTile,
    EndTurn,
    Land,
    Occupy,
    Pay,
    PlaceAt,
    PlayFarm,
    PlayMarket,
    PlayRuins,
    PlayShip,
)
from rules.ilos.board import BoardFacts, markers_used
from rules.ilos.model import IlosState
from rules.ilos.terms import card, cards_text

from .ilos_helpers import (
    add_colonist,
    add_ship,
    hand_total,
    make_state,
    pay,
    rejected,
    run,
    set_hand,
)


def _t08_state() -> IlosState:
    st = make_state(
        players=2, board=[("T04", 0, 0, 0)], face_up=["T18", "T19", "T07"], stack=["T12", "T20"]
    )
    add_ship(st, "p1", region="T04.a")
    set_hand(st, "p1", ship=3, farm=2)
    return st


def test_ilos_t08a_explore_refill_and_land() -> None:
    """ILOS-T08(a), ILOS-R51(b), ILOS-R16, ILOS-R50: explore a face-up tile with a new ship."""
    st = _t08_state()
    st, events = run(st, "p1", PlayShip(ship="new"), ChooseTile(tile="T07"), PlaceAt(q=1, r=0))
    # Issue 13 point 7: at (1, 0) only rotation 5 joins T07's land to T04, so it is taken.
    assert st.pending is not None and st.pending.stage == "landing"
    assert st.pending.rotation == 5
    auto = [e for e in events if e.key == "ilos.auto_rotation"]
    assert len(auto) == 1 and auto[0].visible_to == ["p1"]
    # R52: during the landing step, the new tile's hideout is not offered.
    assert all(not isinstance(a, Occupy) for a in SPEC.legal_actions(st, "p1"))
    assert {a.region for a in SPEC.legal_actions(st, "p1") if isinstance(a, Land)} == {
        "T07.a",
        "T07.b",
    }
    st, events = run(st, "p1", Land(region="T07.a"), pay(farm=1))
    assert [s.region for s in st.ships if s.owner == "p1"] == ["T04.a", "T07.a"]
    assert st.face_up == ["T18", "T19", "T12"] and st.stack == ["T20"]
    assert hand_total(st, "p1") == 3  # 2 cards spent
    assert any(e.key == "ilos.tile_revealed" and e.reveals for e in events)
    assert (st.board[-1].tile, st.board[-1].q, st.board[-1].r, st.board[-1].rotation) == (
        "T07",
        1,
        0,
        5,
    )


def test_ilos_t08b_no_hideout_on_explored_tile_same_card() -> None:
    """ILOS-T08(b), ILOS-R52: the explore option ends on a coast of the new tile, not its hideout."""
    st = _t08_state()
    st, _ = run(st, "p1", PlayShip(ship="new"), ChooseTile(tile="T07"), PlaceAt(q=1, r=0))
    assert rejected(st, "p1", Occupy(tile="T07")).code == "wrong_step"
    assert rejected(st, "p1", Land(region="T04.a")).code == "not_new_tile"


def test_ilos_t08c_later_card_occupies_and_r55_re_move() -> None:
    """ILOS-T08(c), ILOS-R55, ILOS-R54, ILOS-A36: a later Ship card moves the explorer onto the hideout."""
    st = _t08_state()
    st, _ = run(
        st,
        "p1",
        PlayShip(ship="new"),
        ChooseTile(tile="T07"),
        PlaceAt(q=1, r=0),
        Land(region="T07.a"),
        pay(farm=1),
    )
    new_id = st.ships[-1].id
    st, _ = run(st, "p1", PlayShip(ship=new_id), Occupy(tile="T07"), pay(farm=1))
    ship = next(s for s in st.ships if s.id == new_id)
    assert ship.hideout == "T07" and ship.region is None
    facts = BoardFacts(st)
    assert facts.threatened("p2", facts.islands.island("T04.a"))
    assert facts.threatened("p2", facts.islands.island("T07.b"))
    assert not facts.threatened("p1", facts.islands.island("T04.a"))
    # R54: moving it away empties the hideout.
    set_hand(st, "p1", ship=1, market=1)
    st, _ = run(st, "p1", PlayShip(ship=new_id), Land(region="T04.a"), pay(market=1))
    assert BoardFacts(st).hideout_free("T07")


def test_ilos_t08d_r56_move_to_same_place_rejected() -> None:
    """ILOS-T08(d), ILOS-R56, ILOS-A31: a move must change place; nothing is spent."""
    st = _t08_state()
    sid = st.ships[0].id
    st2, _ = run(st, "p1", PlayShip(ship=sid))
    assert rejected(st2, "p1", Land(region="T04.a")).code == "same_place"
    st3, _ = run(st2, "p1", Cancel())
    assert st3.pending is None and st3.player("p1").hand == st.player("p1").hand


def test_ilos_t08e_r04_five_ships_max() -> None:
    """ILOS-T08(e), ILOS-R04, ILOS-R50: no new ship with 5 in play; moving stays legal."""
    st = _t08_state()
    for _ in range(4):
        add_ship(st, "p1", region="T04.a")
    assert rejected(st, "p1", PlayShip(ship="new")).code == "no_ship"
    assert PlayShip(ship=st.ships[0].id) in SPEC.legal_actions(st, "p1")


def test_ilos_r51a_land_anywhere_r57_shared_coasts() -> None:
    """ILOS-R51(a), ILOS-R57, ILOS-A04: any coast in play, shared with any ships."""
    st = make_state(board=[("T04", 0, 0, 0), ("T02", 0, 1, 0)])
    add_ship(st, "p2", region="T02.a")
    add_ship(st, "p1", region="T02.a")
    set_hand(st, "p1", ship=2)
    st, _ = run(st, "p1", PlayShip(ship="new"), Land(region="T02.a"), pay(ship=1))
    assert sum(1 for s in st.ships if s.region == "T02.a") == 3


def test_ilos_r51c_occupy_only_empty_hideout() -> None:
    """ILOS-R51(c), ILOS-R57: a hideout holds at most one ship."""
    st = make_state(board=[("T02", 0, 0, 0)])
    add_ship(st, "p2", hideout="T02")
    set_hand(st, "p1", ship=2)
    st2, _ = run(st, "p1", PlayShip(ship="new"))
    assert rejected(st2, "p1", Occupy(tile="T02")).code == "hideout_taken"


def test_ilos_r53_no_exploration_without_face_up_tiles() -> None:
    """ILOS-R53, ILOS-A23: with the stack empty the area is not refilled; no tiles, no exploring."""
    st = make_state(board=[("T04", 0, 0, 0)], face_up=["T07"], stack=[])
    add_ship(st, "p1", region="T04.a")
    set_hand(st, "p1", ship=4)
    st, _ = run(
        st,
        "p1",
        PlayShip(ship="new"),
        ChooseTile(tile="T07"),
        PlaceAt(q=1, r=0),
        Land(region="T07.a"),
        pay(ship=1),
    )
    assert st.face_up == [] and st.stack == []
    st2, _ = run(st, "p1", PlayShip(ship="new"))
    assert not [a for a in SPEC.legal_actions(st2, "p1") if isinstance(a, ChooseTile)]
    assert Land(region="T04.a") in SPEC.legal_actions(st2, "p1")


def test_ilos_r58_ship_never_pays_pirate_cost() -> None:
    """ILOS-R58, ILOS-A08: Ship costs 1 even onto a threatened island."""
    st = make_state(board=[("T02", 0, 0, 0)])
    add_ship(st, "p2", hideout="T02")
    set_hand(st, "p1", ship=2)
    st2, _ = run(st, "p1", PlayShip(ship="new"), Land(region="T02.a"))
    assert st2.pending is not None and st2.pending.cost == 1 and not st2.pending.pirate


def test_ilos_r24_exact_payment_and_card_discarded() -> None:
    """ILOS-R24: the card plus exactly the cost go to the discard; no over- or underpaying."""
    st = make_state(board=[("T04", 0, 0, 0)])
    add_ship(st, "p1", region="T04.a")
    set_hand(st, "p1", farm=2, ship=2, market=1)
    st2, _ = run(st, "p1", PlayFarm(spot="T04.a.0"))
    pays = [a for a in SPEC.legal_actions(st2, "p1") if isinstance(a, Pay)]
    # multisets of 2 from {farm:1, ship:2, market:1}: ff? no (one farm left) -> fs, fm, ss, sm
    assert sorted(sorted(p.cards.items()) for p in pays) == sorted(
        [
            [("farm", 1), ("ship", 1)],
            [("farm", 1), ("market", 1)],
            [("ship", 2)],
            [("market", 1), ("ship", 1)],
        ]
    )
    assert rejected(st2, "p1", pay(ship=1)).code == "wrong_payment"
    assert rejected(st2, "p1", pay(ship=2, market=1)).code == "wrong_payment"
    assert rejected(st2, "p1", pay(farm=2)).code == "not_in_hand"
    discard_before = len(st2.discard)
    st3, events = run(st2, "p1", pay(ship=1, market=1))
    assert len(st3.discard) == discard_before + 3
    assert st3.discard[-3:] == ["farm", "ship", "market"]
    paid = next(e for e in events if e.key.startswith("ilos.card_paid"))
    assert paid.args["cards"] == cards_text({"ship": 1, "market": 1})
    assert paid.args["count"] == 2 and paid.args["card"] == card("farm")


def test_ilos_r24_cannot_afford_is_not_offered() -> None:
    """ILOS-R24: a card whose cost exceeds the other cards in hand is rejected."""
    st = make_state(board=[("T04", 0, 0, 0)])
    add_ship(st, "p1", region="T04.a")
    set_hand(st, "p1", farm=1, ship=1)
    assert rejected(st, "p1", PlayFarm(spot="T04.a.0")).code == "cannot_afford"


def test_ilos_r42_no_colonists_left() -> None:
    """ILOS-R42: with all 10 colonists used, colonist cards serve only as payment."""
    st = make_state(board=[("T04", 0, 0, 0), ("T13", 0, 2, 0), ("T02", 0, 1, 0)])
    add_ship(st, "p1", region="T04.a")
    spots = [
        "T13.a.0",
        "T13.a.1",
        "T13.a.2",
        "T02.a.0",
        "T02.a.1",
        "T02.a.2",
        "T04.a.1",
        "T04.a.2",
        "T04.a.3",
    ]
    for sp in spots:
        add_colonist(st, "p1", sp, building="fort" if sp == "T04.a.3" else None)
    st.player("p1").colonists_used = 10
    set_hand(st, "p1", farm=1, ship=3)
    assert rejected(st, "p1", PlayFarm(spot="T04.a.0")).code == "no_colonist"


def test_ilos_t06_market_limits() -> None:
    """ILOS-T06, ILOS-R90, ILOS-R91, ILOS-R92, ILOS-R93, ILOS-R94, ILOS-A12, ILOS-A13."""
    st = make_state(board=[("T04", 0, 0, 0)])
    add_ship(st, "p1", region="T04.a")
    set_hand(st, "p1", market=2, ship=1)
    st.player("p1").screen.update({"ebony": 3, "gold": 1})
    st.player("p1").production["spice"] = 2
    st2, events = run(st, "p1", PlayMarket(resource="ebony"))
    assert st2.player("p1").screen["ebony"] == 2
    assert st2.price_step["ebony"] == 1 and markers_used(st2) == 1
    assert events[0].key == "ilos.market" and events[0].args["price"] == 2
    assert rejected(st2, "p1", PlayMarket(resource="gold")).code == "market_used"
    st3, _ = run(st2, "p1", PlayShip(ship="new"), Land(region="T04.a"), pay(market=1))
    assert st3.player("p1").hand["market"] == 0
    assert rejected(st, "p1", PlayMarket(resource="spice")).code == "no_resource"
    st_top = st.model_copy(deep=True)
    st_top.price_step["ebony"] = 4
    assert rejected(st_top, "p1", PlayMarket(resource="ebony")).code == "top_price"
    st_full = st.model_copy(deep=True)
    st_full.price_step.update({"ebony": 4, "dye": 4})
    assert rejected(st_full, "p1", PlayMarket(resource="gold")).code == "no_marker"


def test_ilos_r91_market_resets_next_turn() -> None:
    """ILOS-R91: one market action per turn, so the next turn may use one again."""
    st = make_state(board=[("T04", 0, 0, 0)])
    set_hand(st, "p1", market=2)
    st.player("p1").screen.update({"ebony": 3})
    st, _ = run(st, "p1", PlayMarket(resource="ebony"), EndTurn())
    assert not st.market_used
    set_hand(st, "p2", market=1)
    st.player("p2").screen["dye"] = 1
    st, _ = run(st, "p2", PlayMarket(resource="dye"))
    assert st.price_step == {"ebony": 1, "spice": 0, "dye": 1, "gold": 0}


def test_ilos_t07_ruins() -> None:
    """ILOS-T07, ILOS-R95, ILOS-R96, ILOS-R97, ILOS-A08: cost 7 even under pirates; +3 gold once."""
    st = make_state(board=[("T02", 0, 0, 0)])
    add_ship(st, "p2", hideout="T02")
    add_ship(st, "p1", region="T02.a")
    set_hand(st, "p1", ruins=1, ship=7)
    st2, _ = run(st, "p1", PlayRuins(spot="T02.a.2"))
    assert st2.pending is not None and st2.pending.cost == 7 and not st2.pending.pirate
    prod = dict(st.player("p1").production)
    st3, _ = run(st2, "p1", pay(ship=7))
    assert hand_total(st3, "p1") == 0
    assert st3.player("p1").screen["gold"] == 3
    assert st3.player("p1").production == prod
    assert st3.player("p1").colonists_used == 1
    set_hand(st, "p1", ruins=1, ship=6)
    assert rejected(st, "p1", PlayRuins(spot="T02.a.2")).code == "cannot_afford"


def test_ilos_staging_cancel_and_wrong_step() -> None:
    """Staged declarations (ILOS-D06): only the next step or cancel is accepted while pending."""
    st = _t08_state()
    st2, _ = run(st, "p1", PlayShip(ship="new"), ChooseTile(tile="T07"))
    assert rejected(st2, "p1", EndTurn()).code == "wrong_step"
    assert rejected(st2, "p1", PlaceAt(q=5, r=5)).code == "bad_cell"
    st3, _ = run(st2, "p1", Cancel())
    assert st3.pending is None and st3.face_up == st.face_up and st3.board == st.board
    assert rejected(st3, "p1", Cancel()).code == "wrong_step"


def test_ilos_not_your_turn() -> None:
    """Only the active player may act (ILOS-R22)."""
    st = _t08_state()
    assert SPEC.legal_actions(st, "p2") == []
    assert rejected(st, "p2", EndTurn()).code == "not_your_turn"
