"""Tiles, islands, pirates and forts (ILOS-R40, R70 to R84, R104 to R113; T01 to T05, T09)."""

from __future__ import annotations

from rules.ilos.actions import Land, PlayBuilding, PlayFarm, PlayGoldMine, PlayShip
from rules.ilos.board import BoardFacts, draw_count
from rules.ilos.components import components
from rules.ilos.geometry import cell_map, placement_ok, placements

from .ilos_helpers import (
    add_colonist,
    add_ship,
    at_turn,
    hand_total,
    island_of,
    make_state,
    pay,
    rejected,
    run,
    set_hand,
)


def _ok(board: list[tuple[str, int, int, int]], tile: str, q: int, r: int, k: int) -> bool:
    comp = components()
    st = make_state(board=board)
    return placement_ok(comp, cell_map(st.board), comp.tiles[tile], (q, r), k)


def test_ilos_t01_tile_connection_legality() -> None:
    """ILOS-T01, ILOS-R104, ILOS-R105, ILOS-R106: land meets land, one land join needed."""
    board = [("T13", 0, 0, 0)]
    assert _ok(board, "T10", 0, 1, 0)  # (a) N land meets S land
    assert not _ok(board, "T10", 0, 1, 1)  # (b) sea against land
    assert not _ok(board, "T10", -1, 0, 1)  # (c) only sea against sea
    assert not _ok(board, "T10", 3, 3, 0)  # (d) not adjacent
    assert not _ok(board, "T04", 0, 0, 0)  # occupied cell


def test_ilos_r106_open_land_edges_unconstrained() -> None:
    """ILOS-R106: edges facing empty cells do not matter; only the neighbours are checked."""
    # T10 at (0,1) r0 has a land SE edge facing an empty cell: still legal.
    assert _ok([("T13", 0, 0, 0)], "T10", 0, 1, 0)
    comp = components()
    st = make_state(board=[("T13", 0, 0, 0)])
    cells = {cell for cell, _ in placements(comp, cell_map(st.board), "T10")}
    assert (0, 1) in cells and (3, 3) not in cells


def test_ilos_t02_island_growth_and_multi_tile_gold_mine() -> None:
    """ILOS-T02, ILOS-R75, ILOS-R76, ILOS-R107, ILOS-R108: two ships on one multi-tile island."""
    st = make_state(board=[("T04", 0, 0, 0), ("T02", 0, 1, 0)])
    assert island_of(st, "T04.a") == ["T02.a", "T04.a"]
    add_ship(st, "p1", region="T02.a")
    add_ship(st, "p1", region="T04.a")
    set_hand(st, "p1", gold_mine=1, ship=5)
    st2, _ = run(st, "p1", PlayGoldMine(spot="T04.a.2"), pay(ship=5))
    assert hand_total(st2, "p1") == 0
    assert st2.spots["T04.a.2"].owner == "p1"
    assert st2.player("p1").production["gold"] == 1
    assert st2.player("p1").colonists_used == 1
    # Variant: only the ship at T02.a -> illegal.
    st.ships = [s for s in st.ships if s.region == "T02.a"]
    exc = rejected(st, "p1", PlayGoldMine(spot="T04.a.2"))
    assert exc.code == "not_enough_ships"


def _t03_state() -> object:
    st = make_state(players=3, board=[("T16", 0, 0, 0), ("T15", 0, 1, 3)])
    return st


def test_ilos_t03_pirate_influence_and_pirate_cost() -> None:
    """ILOS-T03, ILOS-R40, ILOS-R110, ILOS-R111, ILOS-R112, ILOS-R109, ILOS-R72."""
    st = make_state(players=3, board=[("T16", 0, 0, 0), ("T15", 0, 1, 3)])
    assert island_of(st, "T16.a") == ["T15.b", "T16.a"]
    assert island_of(st, "T16.b") == ["T16.b"]
    assert island_of(st, "T15.a") == ["T15.a"]
    orange, green = "p1", "p2"
    pirate = add_ship(st, orange, hideout="T16")
    add_ship(st, green, region="T15.b")
    add_ship(st, green, region="T15.a")
    at_turn(st, 1)  # green acts
    set_hand(st, green, farm=1, gold_mine=1, ship=8)
    facts = BoardFacts(st)
    x = facts.islands.island("T15.b")
    z = facts.islands.island("T15.a")
    assert facts.threatened(green, x) and not facts.threatened(green, z)
    assert not facts.threatened(orange, x)  # R111 / A10: own pirate never threatens
    # Farm on T15.b.1 (dye) costs 3.
    st2, _ = run(st, green, PlayFarm(spot="T15.b.1"))
    assert st2.pending is not None and st2.pending.cost == 3 and st2.pending.pirate
    # R72: a Farm cannot go on gold.
    assert rejected(st, green, PlayFarm(spot="T15.a.0")).code == "wrong_spot"
    # R75: Gold mine on Z with only one ship there is illegal.
    assert rejected(st, green, PlayGoldMine(spot="T15.a.0")).code == "not_enough_ships"
    # R109: a pirate ship is on no island's coast; it does not count for Orange's Farm.
    at_turn(st, 0)
    set_hand(st, orange, farm=1, ship=4)
    assert rejected(st, orange, PlayFarm(spot="T15.b.0")).code == "not_enough_ships"
    add_ship(st, orange, region="T16.a")
    st3, _ = run(st, orange, PlayFarm(spot="T15.b.0"))
    assert st3.pending is not None and st3.pending.cost == 2  # own pirate
    # R112: once the pirate moves to T15.a's coast, Green's Farm on X costs 2 again.
    st4, _ = run(st, orange, PlayShip(ship=pirate), Land(region="T15.a"), pay(ship=1))
    at_turn(st4, 1)
    st5, _ = run(st4, green, PlayFarm(spot="T15.b.1"))
    assert st5.pending is not None and st5.pending.cost == 2 and not st5.pending.pirate


def test_ilos_t04_fort_protection_and_draw_bonus() -> None:
    """ILOS-T04, ILOS-R82, ILOS-R84, ILOS-R113, ILOS-R22, ILOS-R81, ILOS-R80."""
    st = make_state(players=3, board=[("T16", 0, 0, 0), ("T15", 0, 1, 3)])
    orange, green, black = "p1", "p2", "p3"
    add_ship(st, orange, hideout="T16")
    add_ship(st, green, region="T15.b")
    add_ship(st, green, region="T16.a")
    add_ship(st, black, region="T15.b")
    at_turn(st, 1)
    set_hand(st, green, building=1, farm=1, ship=6)
    st, _ = run(st, green, PlayBuilding(spot="T15.b.2", kind="fort"))
    assert st.pending is not None and st.pending.cost == 4
    st, events = run(st, green, pay(ship=4))
    assert st.spots["T15.b.2"].building == "fort" and st.spots["T15.b.2"].owner == green
    assert st.building_tokens_left == 9
    assert any(e.key == "ilos.fort_built" for e in events)
    st, _ = run(st, green, PlayFarm(spot="T16.a.0"))
    assert st.pending is not None and st.pending.cost == 2 and not st.pending.pirate
    st, _ = run(st, green, pay(ship=2))
    assert draw_count(st, green) == 6
    facts = BoardFacts(st)
    x = facts.islands.island("T15.b")
    assert facts.threatened(black, x)  # black still pays pirate cost
    assert not facts.threatened(orange, x)
    at_turn(st, 2)
    set_hand(st, black, farm=1, ship=3)
    st, _ = run(st, black, PlayFarm(spot="T15.b.0"))
    assert st.pending is not None and st.pending.cost == 3


def test_ilos_t05_trading_post() -> None:
    """ILOS-T05, ILOS-R83: copy a farm type present on the island; never gold."""
    st = make_state(board=[("T13", 0, 0, 0)])
    add_colonist(st, "p1", "T13.a.2")  # p1's dye farm
    add_ship(st, "p2", region="T13.a")
    add_ship(st, "p2", region="T13.a")
    at_turn(st, 1)
    set_hand(st, "p2", building=1, ship=2)
    p1_prod = dict(st.player("p1").production)
    st2, _ = run(
        st,
        "p2",
        PlayBuilding(spot="T13.a.3", kind="trading_post", copy_resource="dye"),
        pay(ship=2),
    )
    assert st2.player("p2").production["dye"] == 1
    assert st2.spots["T13.a.3"].label == "dye"
    assert st2.player("p1").production == p1_prod
    assert (
        rejected(
            st, "p2", PlayBuilding(spot="T13.a.3", kind="trading_post", copy_resource="ebony")
        ).code
        == "bad_copy"
    )
    assert (
        rejected(
            st, "p2", PlayBuilding(spot="T13.a.3", kind="trading_post", copy_resource="gold")
        ).code
        == "bad_copy"
    )
    st_nofarm = make_state(board=[("T13", 0, 0, 0)])
    add_ship(st_nofarm, "p2", region="T13.a")
    add_ship(st_nofarm, "p2", region="T13.a")
    at_turn(st_nofarm, 1)
    set_hand(st_nofarm, "p2", building=1, ship=2)
    assert (
        rejected(
            st_nofarm, "p2", PlayBuilding(spot="T13.a.3", kind="trading_post", copy_resource="dye")
        ).code
        == "no_farm"
    )
    st3, _ = run(st_nofarm, "p2", PlayBuilding(spot="T13.a.3", kind="fort"), pay(ship=2))
    assert st3.spots["T13.a.3"].building == "fort"


def test_ilos_r80_building_needs_two_ships_and_a_token() -> None:
    """ILOS-R80: two own ships on the island and a building token left."""
    st = make_state(board=[("T13", 0, 0, 0)])
    add_ship(st, "p1", region="T13.a")
    set_hand(st, "p1", building=1, ship=2)
    assert rejected(st, "p1", PlayBuilding(spot="T13.a.3", kind="fort")).code == "not_enough_ships"
    add_ship(st, "p1", region="T13.a")
    st.building_tokens_left = 0
    assert rejected(st, "p1", PlayBuilding(spot="T13.a.3", kind="fort")).code == "no_building_token"


def test_ilos_t09_island_merge() -> None:
    """ILOS-T09, ILOS-R107, ILOS-R112: a new tile merges islands; pirate influence follows."""
    board = [("T18", 0, 0, 0), ("T01", 1, 0, 4), ("T08", -1, 1, 1)]
    st = make_state(players=2, board=board)
    assert island_of(st, "T18.a") == ["T01.a", "T18.a"]
    assert island_of(st, "T18.b") == ["T08.a", "T18.b"]
    assert island_of(st, "T01.b") == ["T01.b"]
    assert island_of(st, "T08.b") == ["T08.b"]
    assert _ok(board, "T14", 0, 1, 0)
    st = make_state(players=2, board=[*board, ("T14", 0, 1, 0)])
    assert island_of(st, "T14.a") == ["T01.a", "T08.a", "T14.a", "T18.a", "T18.b"]
    add_ship(st, "p2", hideout="T18")
    add_ship(st, "p1", region="T01.a")
    add_ship(st, "p1", region="T08.a")
    facts = BoardFacts(st)
    assert facts.threatened("p1", facts.island_of_spot("T14.a.0"))
    set_hand(st, "p1", gold_mine=1, ship=7)
    st2, _ = run(st, "p1", PlayGoldMine(spot="T14.a.0"))
    assert st2.pending is not None and st2.pending.cost == 7  # threatened by p2's pirate
    st3, _ = run(st2, "p1", pay(ship=7))
    assert st3.spots["T14.a.0"].owner == "p1"


def test_ilos_r70_r71_farm_needs_one_coast_ship_and_produces() -> None:
    """ILOS-R70, ILOS-R71: one own ship anywhere on the island; +1 production of that type."""
    st = make_state(board=[("T04", 0, 0, 0), ("T02", 0, 1, 0)])
    set_hand(st, "p1", farm=1, market=2)
    assert rejected(st, "p1", PlayFarm(spot="T04.a.0")).code == "not_enough_ships"
    add_ship(st, "p1", region="T02.a")
    st2, events = run(st, "p1", PlayFarm(spot="T04.a.0"), pay(market=2))
    assert st2.player("p1").production["ebony"] == 1
    assert st2.spots["T04.a.0"].owner == "p1"
    assert [e.key for e in events if e.key == "ilos.farm_built"]
    assert rejected(st2, "p1", PlayFarm(spot="T04.a.0")).code in ("spot_taken", "no_card")


def test_ilos_r41_threat_judged_when_played() -> None:
    """ILOS-R41: threat uses the board at the moment the card is played."""
    st = make_state(board=[("T02", 0, 0, 0), ("T04", 0, -1, 0)])
    add_ship(st, "p1", region="T02.a")
    set_hand(st, "p1", farm=2, ship=6)
    st2, _ = run(st, "p1", PlayFarm(spot="T02.a.0"))
    assert st2.pending is not None and st2.pending.cost == 2
    add_ship(st, "p2", hideout="T02")
    st3, _ = run(st, "p1", PlayFarm(spot="T02.a.0"))
    assert st3.pending is not None and st3.pending.cost == 3
