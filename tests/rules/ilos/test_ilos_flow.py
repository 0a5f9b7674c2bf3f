"""Setup, turn steps, drawing and the end (ILOS-R11 to R32, R120 to R124; T10 to T13)."""

from __future__ import annotations

from typing import TypeVar

from rules.core import Action
from rules.ilos import SPEC
from rules.ilos.actions import (
    ChooseTile,
    CycleTile,
    EndTurn,
    Land,
    Mulligan,
    PlaceAt,
    PlayFarm,
    Rotate,
)
from rules.ilos.board import BoardFacts
from rules.ilos.components import CARD_TYPES, CardType, components
from rules.ilos.engine import new_game
from rules.ilos.geometry import cell_map, placements
from rules.ilos.model import IlosOptions, IlosState, PlacedTile

from .ilos_helpers import (
    add_colonist,
    add_ship,
    at_turn,
    hand_total,
    make_state,
    pay,
    rejected,
    run,
    set_hand,
)

A = TypeVar("A", bound=Action)


def _first_legal(st: IlosState, seat: str, cls: type[A]) -> A:
    return next(a for a in SPEC.legal_actions(st, seat) if isinstance(a, cls))


def test_ilos_t12_setup_and_mulligan() -> None:
    """ILOS-T12, ILOS-R11, ILOS-R12, ILOS-R13, ILOS-R15, ILOS-R16, ILOS-R17, ILOS-R18, ILOS-R19, ILOS-R20."""
    st = new_game(["p1", "p2"], IlosOptions(players=2), 7)
    assert st.price_step == {"ebony": 0, "spice": 0, "dye": 0, "gold": 0}
    assert SPEC.view(st, None).markers_left == 8 and st.building_tokens_left == 10
    assert st.ships == [] and all(p.colonists_used == 0 for p in st.players)
    assert len(st.face_up) == 3 and len(st.stack) == 5 and len(st.box) == 12
    assert all(hand_total(st, s) == 5 for s in st.seats)
    assert len(st.deck) == 80 and st.phase == "mulligan"
    assert SPEC.to_act(st) == frozenset({"p1"})
    assert all(v == 0 for p in st.players for v in p.screen.values())
    # P1 replaces 3 cards.
    hand = st.player("p1").hand
    three: dict[CardType, int] = {}
    left = 3
    for card in CARD_TYPES:
        take = min(hand[card], left)
        if take:
            three[card] = take
            left -= take
    st, events = run(st, "p1", Mulligan(discard=three))
    assert hand_total(st, "p1") == 5 and len(st.discard) == 3
    assert any(e.visible_to == ["p1"] and e.key == "ilos.drew_private" for e in events)
    assert SPEC.to_act(st) == frozenset({"p2"})
    st, _ = run(st, "p2", Mulligan(discard={}))
    assert st.phase == "setup"
    assert rejected(st, "p1", Mulligan(discard={})).code == "mulligan_over"
    # P1: any face-up tile, forced to (0, 0) (taken for them), any rotation, ship on that tile.
    tile1 = next(t for t in st.face_up if len(components().tiles[t].regions) > 1)
    st, events = run(st, "p1", ChooseTile(tile=tile1))
    assert not [a for a in SPEC.legal_actions(st, "p1") if isinstance(a, PlaceAt)]
    assert st.pending is not None and (st.pending.q, st.pending.r) == (0, 0)
    assert [e.key for e in events] == ["ilos.auto_first_cell"]
    st, _ = run(st, "p1", Rotate(rotation=0))
    region = f"{tile1}.a"
    st, events = run(st, "p1", Land(region=region))
    assert len(st.face_up) == 3 and len(st.stack) == 4
    assert any(e.key == "ilos.tile_revealed" for e in events)
    # P2: legal connection only, ship on P2's own tile.
    tile2 = next(
        t
        for t in st.face_up
        if placements(components(), cell_map(st.board), t)
        and len(components().tiles[t].regions) > 1
    )
    st, _ = run(st, "p2", ChooseTile(tile=tile2))
    while st.pending is not None and st.pending.stage in ("cell", "rotation"):
        assert PlaceAt(q=0, r=0) not in SPEC.legal_actions(st, "p2")
        step: PlaceAt | Rotate
        if st.pending.stage == "cell":
            step = _first_legal(st, "p2", PlaceAt)
        else:
            step = _first_legal(st, "p2", Rotate)
        st, _ = run(st, "p2", step)
    lands = [a for a in SPEC.legal_actions(st, "p2") if isinstance(a, Land)]
    assert all(a.region.startswith(tile2) for a in lands)
    assert rejected(st, "p2", Land(region=region)).code == "not_new_tile"
    st, _ = run(st, "p2", lands[0])
    assert len(st.board) == 2 and len(st.face_up) == 3 and len(st.stack) == 3
    assert st.phase == "actions" and st.round == 1 and SPEC.to_act(st) == frozenset({"p1"})
    assert all(hand_total(st, s) == 5 for s in st.seats)  # no production or draw
    assert all(sum(p.screen.values()) == 0 for p in st.players)


def test_ilos_r12_first_player_is_first_seat_and_random_seat_order() -> None:
    """ILOS-R12: the lobby shuffles seats; the first seat is the first player."""
    assert SPEC.seat_order == "random"
    st = new_game(["p3", "p1", "p2"], IlosOptions(players=3), 1)
    assert SPEC.to_act(st) == frozenset({"p3"})


def test_ilos_r15_stack_sizes_by_player_count() -> None:
    """ILOS-R15, section 3.3: 4 tiles per player, 3 face up."""
    for n in range(2, 6):
        st = new_game([f"p{i + 1}" for i in range(n)], IlosOptions(players=n), n)
        assert len(st.stack) + len(st.face_up) == 4 * n
        assert len(st.box) == 20 - 4 * n


def _dead_setup_state(stack: list[str]) -> IlosState:
    """Setup, P3 to place; the face-up T19/T09/T06 fit nowhere on this board."""
    st = make_state(
        players=3,
        board=[("T16", 0, 0, 2), ("T01", -1, 1, 0)],
        face_up=["T19", "T09", "T06"],
        stack=stack,
    )
    at_turn(st, 2, "setup")
    st.round = 0
    add_ship(st, "p1", region="T16.a")
    add_ship(st, "p2", region="T01.a")
    return st


def test_ilos_r21_dead_placement_cycle_then_fit() -> None:
    """ILOS-R21, ILOS-D05: cycle a face-up tile under the stack until one fits."""
    st = _dead_setup_state(["T04", "T14"])
    assert not BoardFacts(st).placeable_face_up()
    acts = SPEC.legal_actions(st, "p3")
    assert sorted(a.tile for a in acts if isinstance(a, CycleTile)) == ["T06", "T09", "T19"]
    assert rejected(st, "p3", ChooseTile(tile="T19")).code == "no_placement"
    st, events = run(st, "p3", CycleTile(tile="T19"))
    assert st.face_up == ["T04", "T09", "T06"] and st.stack == ["T14", "T19"]
    assert events[0].reveals
    assert ChooseTile(tile="T04") in SPEC.legal_actions(st, "p3")


def test_ilos_r21_d13_last_fallback_ship_without_tile() -> None:
    """ILOS-R21, ILOS-D13: every tile cycled and none fits: the ship lands on any coast."""
    st = _dead_setup_state(["T14", "T02"])
    for _ in range(5):
        tile = st.face_up[0]
        st, _ = run(st, "p3", CycleTile(tile=tile))
    lands = [a for a in SPEC.legal_actions(st, "p3") if isinstance(a, Land)]
    assert {a.region for a in lands} == {"T16.a", "T16.b", "T01.a", "T01.b"}
    st, _ = run(st, "p3", Land(region="T01.b"))
    assert st.phase == "actions" and st.round == 1 and len(st.board) == 2
    assert [s.region for s in st.ships if s.owner == "p3"] == ["T01.b"]


def test_ilos_r22_production_and_draw_r23_turn_passes() -> None:
    """ILOS-R22 steps 2-3, ILOS-R23, ILOS-A15: production every turn; drawn cards wait."""
    st = make_state(board=[("T04", 0, 0, 0)])
    add_ship(st, "p1", region="T04.a")
    add_colonist(st, "p1", "T04.a.2")
    add_colonist(st, "p1", "T04.a.0")
    set_hand(st, "p1", ship=1)
    st, events = run(st, "p1", EndTurn())
    p1 = st.player("p1")
    assert p1.screen == {"ebony": 1, "spice": 0, "dye": 0, "gold": 1}
    assert p1.production == {"ebony": 1, "spice": 0, "dye": 0, "gold": 1}
    assert hand_total(st, "p1") == 1 + 4  # 3 + 1 ship
    assert SPEC.legal_actions(st, "p1") == []
    assert SPEC.to_act(st) == frozenset({"p2"})
    keys = [e.key for e in events]
    assert keys.index("ilos.produced") < keys.index("ilos.drew")


def test_ilos_r32_empty_hand_still_produces_and_draws() -> None:
    """ILOS-R32: no cards, no actions, but steps 2 and 3 happen."""
    st = make_state(board=[("T04", 0, 0, 0)])
    add_colonist(st, "p1", "T04.a.1")
    set_hand(st, "p1")
    assert SPEC.legal_actions(st, "p1") == [EndTurn()]
    st, _ = run(st, "p1", EndTurn())
    assert st.player("p1").screen["spice"] == 1 and hand_total(st, "p1") == 3


def _t10_state(players: int = 4) -> IlosState:
    return make_state(
        players=players, board=[("T02", 0, 0, 0), ("T04", 0, -1, 0), ("T13", 1, 0, 0)]
    )


def test_ilos_t10a_draw_count_and_reshuffle() -> None:
    """ILOS-T10(a), ILOS-R22, ILOS-R30, ILOS-R59, ILOS-A06: 3 + 4 ships (pirate too) + 1 fort."""
    st = _t10_state()
    for region in ("T02.a", "T04.a", "T04.a"):
        add_ship(st, "p1", region=region)
    add_ship(st, "p1", hideout="T02")
    add_colonist(st, "p1", "T04.a.3", building="fort")
    set_hand(st, "p1")
    rest = st.deck[15:]
    st.discard = st.deck[5:15]
    st.deck = st.deck[:5]
    for card in rest:
        st.player("p2").hand[card] += 1
    st, events = run(st, "p1", EndTurn())
    assert hand_total(st, "p1") == 8
    assert len(st.deck) == 7 and st.discard == []
    assert any(e.key == "ilos.reshuffled" and e.reveals for e in events)


def _spread(st: IlosState, sizes: dict[str, int]) -> None:
    """Empty the deck and discard; give each seat ``sizes[seat]`` cards, the rest to p1."""
    pool: list[CardType] = list(st.deck) + list(st.discard)
    for p in st.players:
        for card in CARD_TYPES:
            pool += [card] * p.hand[card]
            p.hand[card] = 0
    st.deck, st.discard = [], []
    for seat, n in sizes.items():
        for _ in range(n):
            st.player(seat).hand[pool.pop()] += 1
    for card in pool:
        st.player("p1").hand[card] += 1


def test_ilos_t10b_both_empty_takes_from_one_opponent() -> None:
    """ILOS-T10(b), ILOS-R31, ILOS-A16: all 3 from P3 (tied with P4, first clockwise)."""
    st = _t10_state()
    _spread(st, {"p2": 4, "p3": 6, "p4": 6})
    before = hand_total(st, "p1")
    st, events = run(st, "p1", EndTurn())
    assert hand_total(st, "p1") == before + 3
    assert (hand_total(st, "p2"), hand_total(st, "p3"), hand_total(st, "p4")) == (4, 3, 6)
    lost = [e for e in events if e.key == "ilos.cards_lost_private"]
    assert len(lost) == 1 and lost[0].visible_to == ["p3"] and lost[0].args["count"] == 3
    taken = next(e for e in events if e.key == "ilos.cards_taken")
    assert taken.visible_to is None and "cards" not in taken.args


def test_ilos_t10b_variant_victim_runs_out_and_draw_lost() -> None:
    """ILOS-T10(b) variant, ILOS-R31: 3 from P3, then 1 from P2, the fifth draw is lost."""
    st = _t10_state()
    add_ship(st, "p1", region="T02.a")
    add_ship(st, "p1", region="T02.a")
    _spread(st, {"p2": 1, "p3": 3, "p4": 0})
    before = hand_total(st, "p1")
    st, events = run(st, "p1", EndTurn())
    assert hand_total(st, "p1") == before + 4
    assert (hand_total(st, "p2"), hand_total(st, "p3"), hand_total(st, "p4")) == (0, 0, 0)
    assert [e.visible_to for e in events if e.key == "ilos.cards_lost_private"] == [["p3"], ["p2"]]
    assert next(e for e in events if e.key == "ilos.draw_lost").args["count"] == 1


def _t11_state() -> IlosState:
    comp = components()
    st = make_state(players=4, board=[("T04", 0, 0, 0), ("T02", 0, 1, 0)])
    cells = cell_map(st.board)
    (q, r), k = placements(comp, cells, "T13")[0]
    st.board.append(PlacedTile(tile="T13", q=q, r=r, rotation=k))
    for spot in [
        "T04.a.1",
        "T04.a.2",
        "T02.a.0",
        "T02.a.1",
        "T02.a.2",
        "T13.a.0",
        "T13.a.1",
        "T13.a.2",
    ]:
        add_colonist(st, "p2", spot)
    add_colonist(st, "p2", "T04.a.3", building="fort")
    add_ship(st, "p2", region="T04.a")
    at_turn(st, 1)
    return st


def test_ilos_t11_end_trigger_equal_turns_and_tiebreak() -> None:
    """ILOS-T11, ILOS-R120, ILOS-R121, ILOS-R123, ILOS-R124, ILOS-R134, ILOS-A25, ILOS-A28."""
    st = _t11_state()
    set_hand(st, "p2", farm=1, ship=2)
    st, events = run(st, "p2", PlayFarm(spot="T04.a.0"), pay(ship=2))
    assert st.last_round and st.player("p2").colonists_used == 10
    assert any(e.key == "ilos.last_round_colonists" for e in events)
    st, _ = run(st, "p2", EndTurn())
    assert st.player("p2").screen["ebony"] >= 1  # the triggering player still produced
    assert SPEC.to_act(st) == frozenset({"p3"})
    st, _ = run(st, "p3", EndTurn())
    assert not SPEC.is_over(st)
    st, events = run(st, "p4", EndTurn())
    assert SPEC.is_over(st) and SPEC.to_act(st) == frozenset()
    assert any(e.key == "ilos.game_over" for e in events)
    # Prices and screens of the scenario.
    st.price_step.update({"ebony": 2, "gold": 1, "spice": 0, "dye": 0})
    st.player("p1").screen.update({"ebony": 4, "spice": 0, "dye": 1, "gold": 2})
    st.player("p2").screen.update({"ebony": 0, "spice": 10, "dye": 0, "gold": 3})
    for seat in ("p3", "p4"):
        st.player(seat).screen.update({"ebony": 0, "spice": 0, "dye": 0, "gold": 0})
    st.player("p1").colonists_used = 9
    result = SPEC.scores(st)
    rows = {r.seat: r for r in result.seats}
    assert rows["p1"].total == 19 and rows["p1"].breakdown == {
        "ebony": 12,
        "spice": 0,
        "dye": 1,
        "gold": 6,
    }
    assert rows["p2"].total == 19 and rows["p2"].breakdown == {
        "ebony": 0,
        "spice": 10,
        "dye": 0,
        "gold": 9,
    }
    assert result.winners == ["p2"]
    st.player("p1").colonists_used = 10
    assert sorted(SPEC.scores(st).winners) == ["p1", "p2"]
    # R134: at the end every screen is revealed.
    view = SPEC.view(st, None)
    assert all(p.screen is not None for p in view.players)


def test_ilos_r120_trigger_in_last_players_turn_ends_after_it() -> None:
    """ILOS-R120: a trigger during the last player's turn ends the game after that turn."""
    comp = components()
    st = make_state(players=4, board=[("T04", 0, 0, 0), ("T02", 0, 1, 0)])
    (q, r), k = placements(comp, cell_map(st.board), "T13")[0]
    st.board.append(PlacedTile(tile="T13", q=q, r=r, rotation=k))
    for spot in [
        "T04.a.1",
        "T04.a.2",
        "T02.a.0",
        "T02.a.1",
        "T02.a.2",
        "T13.a.0",
        "T13.a.1",
        "T13.a.2",
    ]:
        add_colonist(st, "p4", spot)
    add_colonist(st, "p4", "T13.a.3", building="fort")
    add_ship(st, "p4", region="T04.a")
    at_turn(st, 3)  # p4 is the last player
    set_hand(st, "p4", farm=1, ship=2)
    st, _ = run(st, "p4", PlayFarm(spot="T04.a.0"), pay(ship=2))
    assert st.last_round
    st, _ = run(st, "p4", EndTurn())
    assert SPEC.is_over(st)
    assert st.turns_taken["p4"] == 1


def test_ilos_r121_later_tenth_colonists_change_nothing() -> None:
    """ILOS-R121: a second player reaching 10 colonists in the last round has no extra effect."""
    st = _t11_state()
    st.last_round = True
    set_hand(st, "p2", farm=1, ship=2)
    st, events = run(st, "p2", PlayFarm(spot="T04.a.0"), pay(ship=2))
    assert not any(e.key.startswith("ilos.last_round") for e in events)
    st, _ = run(st, "p2", EndTurn())
    assert SPEC.to_act(st) == frozenset({"p3"})


def test_ilos_t13_round_cap() -> None:
    """ILOS-T13, ILOS-R122, ILOS-A29: max_rounds=3 ends after P3's turn in round 3."""
    st = make_state(players=3, board=[("T04", 0, 0, 0)], max_rounds=3)
    order = []
    while not SPEC.is_over(st):
        seat = next(iter(SPEC.to_act(st)))
        order.append((st.round, seat))
        st, _ = run(st, seat, EndTurn())
    assert order[-1] == (3, "p3") and len(order) == 9
    assert st.last_round


def test_ilos_t13_stall_dead_face_up_and_full_board() -> None:
    """ILOS-T13 stall check, ILOS-R122, ILOS-A22: dead face-up tiles must not keep the game alive."""
    st = make_state(
        players=2, board=[("T16", 0, 0, 2), ("T01", -1, 1, 0)], face_up=["T19", "T09", "T06"]
    )
    comp = components()
    spots = [s for rid in ("T16.a", "T16.b", "T01.a", "T01.b") for s in comp.region_spots[rid]]
    for spot in spots:
        add_colonist(
            st,
            "p1" if spot != "T01.a.2" else "p2",
            spot,
            building="fort" if comp.spot_kind[spot] == "site" else None,
        )
    st, events = run(st, "p1", EndTurn())
    assert st.last_round and any(e.key == "ilos.last_round_stall" for e in events)
    st, _ = run(st, "p2", EndTurn())
    assert SPEC.is_over(st)


def test_ilos_r122_open_spot_keeps_game_going() -> None:
    """ILOS-R122: an empty usable spot means no stall."""
    st = make_state(players=2, board=[("T16", 0, 0, 2), ("T01", -1, 1, 0)], face_up=["T19"])
    st, _ = run(st, "p1", EndTurn())
    assert not st.last_round
