"""Clearer Ilos decisions (issue 13, points 7 and 9): the first-island round speaks its own
language and skips forced choices; the rules help and the end-of-game event say when and why
a game ends by the round cap or the stall end."""

from __future__ import annotations

from rules.core import Event, term
from rules.ilos import SPEC
from rules.ilos.actions import (
    Cancel,
    ChooseTile,
    EndTurn,
    Land,
    PlaceAt,
    PlayFarm,
    PlayShip,
    Rotate,
)
from rules.ilos.components import components
from rules.ilos.geometry import cell_map, placements
from rules.ilos.model import BuildingKind, IlosState

from .ilos_catalog import catalog, show
from .ilos_helpers import add_colonist, add_ship, at_turn, make_state, pay, run, set_hand
from .test_ilos_flow import _t11_state

NAMES = {"p1": "Ann", "p2": "Ben", "p3": "Cal"}


def _setup_state(face_up: list[str], stack: list[str]) -> IlosState:
    """The first-island round, P1 to place the first tile on an empty board."""
    st = make_state(players=2, face_up=face_up, stack=stack)
    at_turn(st, 0, "setup")
    st.round = 0
    return st


def test_ilos_d04_first_tile_goes_to_the_centre_without_asking() -> None:
    """ILOS-D04, ILOS-R19 (issue 13 point 7): the first tile can only go at the centre, so the
    first player is not asked "Place the tile at (0, 0)"; an event tells them."""
    st = _setup_state(["T08", "T04", "T13"], ["T01", "T02"])
    st, events = run(st, "p1", ChooseTile(tile="T08"))
    assert st.pending is not None and st.pending.stage == "rotation"
    assert (st.pending.q, st.pending.r) == (0, 0)
    assert not any(isinstance(a, PlaceAt) for a in SPEC.legal_actions(st, "p1"))
    (auto,) = events
    assert auto.key == "ilos.auto_first_cell" and auto.visible_to == ["p1"]
    assert show("en", auto.text) == "The first tile, tile 8, goes at the centre of the play area"
    assert show("ko", auto.text) == "첫 번째 타일인 8번 타일은 플레이 영역 중앙에 놓입니다"


def test_ilos_d04_setup_speaks_of_the_first_island_not_of_cards() -> None:
    """ILOS-D04, ILOS-R19, ILOS-A35 (issue 13 point 7): no card is played in the first-island
    round: its labels and the private panel's declaration say "first island", and taking back
    the tile reads "Choose a different tile", not "Cancel this card"."""
    st = _setup_state(["T08", "T04", "T13"], ["T01", "T02"])
    labels = [show("en", SPEC.describe_action(st, "p1", a)) for a in SPEC.legal_actions(st, "p1")]
    assert labels[0].startswith("Take tile 8 for your first island (")
    st, _ = run(st, "p1", ChooseTile(tile="T08"))
    labels = [show("en", SPEC.describe_action(st, "p1", a)) for a in SPEC.legal_actions(st, "p1")]
    assert "Choose a different tile" in labels
    assert not any("card" in label.lower() for label in labels), labels
    pending = SPEC.view(st, "p1").pending
    assert pending is not None
    assert show("en", pending.title) == "First island: placing tile 8"
    assert show("en", pending.step) == "choose how the tile is turned"
    assert show("ko", pending.title) == "첫 번째 섬: 8번 타일 놓는 중"
    assert all("card" not in show("en", d) for d in pending.details)
    # Taking the tile back returns to the tile choice; nothing was placed.
    st, events = run(st, "p1", Cancel())
    assert st.pending is None and st.board == [] and events == []
    assert ChooseTile(tile="T04") in SPEC.legal_actions(st, "p1")


def test_ilos_d04_single_coast_lands_the_setup_ship_by_itself() -> None:
    """ILOS-D04, ILOS-R19 step 3 (issue 13 point 7): a tile with one coast takes the ship
    there as soon as its rotation is chosen, and the turn passes."""
    st = _setup_state(["T04", "T08", "T13"], ["T01", "T02"])
    st, _ = run(st, "p1", ChooseTile(tile="T04"))
    st, events = run(st, "p1", Rotate(rotation=2))
    keys = [e.key for e in events]
    assert keys[:3] == ["ilos.auto_landing", "ilos.tile_placed", "ilos.tile_revealed"]
    assert "ilos.ship_placed" in keys
    assert [s.region for s in st.ships] == ["T04.a"]
    assert SPEC.to_act(st) == frozenset({"p2"}) and st.pending is None
    placed = next(e for e in events if e.key == "ilos.tile_placed")
    assert placed.visible_to is None
    assert show("en", placed.text, NAMES) == "Ann placed tile 4 at the centre of the play area"


def test_ilos_r51b_forced_cell_is_taken_and_announced_to_the_player() -> None:
    """ILOS-R51(b), ILOS-D06 (issue 13 point 7): when an explored tile fits one cell only, the
    cell is taken for the player (privately announced); cancelling stays possible."""
    comp = components()
    st = make_state(board=[("T07", 0, 0, 0)], face_up=["T04"], stack=[])
    add_ship(st, "p1", region="T07.a")
    set_hand(st, "p1", ship=2)
    assert {c for c, _ in placements(comp, cell_map(st.board), "T04")} == {(0, -1)}
    st, events = run(st, "p1", PlayShip(ship="new"), ChooseTile(tile="T04"))
    assert st.pending is not None and (st.pending.q, st.pending.r) == (0, -1)
    auto = [e for e in events if e.key == "ilos.auto_cell"]
    assert len(auto) == 1 and auto[0].visible_to == ["p1"]
    assert show("en", auto[0].text) == "Only one place fits tile 4: north of tile 7"
    assert Cancel() in SPEC.legal_actions(st, "p1")


# ---------------------------------------------------------------- point 9: which end


def _finish(st: IlosState) -> list[Event]:
    events: list[Event] = []
    while not SPEC.is_over(st):
        (seat,) = SPEC.to_act(st)
        st, more = run(st, seat, EndTurn())
        events += more
    return events


def test_ilos_r122_round_cap_end_says_so() -> None:
    """ILOS-R122, ILOS-A29 (issue 13 point 9): a game ended by the round cap announces the
    cap when the last round starts and names it in the end-of-game event."""
    st = make_state(players=3, board=[("T04", 0, 0, 0)], max_rounds=3)
    events = _finish(st)
    cap = next(e for e in events if e.key == "ilos.last_round_cap")
    assert cap.args == {"round": 3, "count": 3}
    over = next(e for e in events if e.key == "ilos.game_over")
    assert show("en", over.text) == (
        "The game is over after round 3: the round limit of 3 rounds was reached. "
        "Screens are revealed and valued at the price chart"
    )
    assert "라운드 제한(3라운드)에 도달했습니다" in show("ko", over.text)


def test_ilos_r122_stall_end_says_so() -> None:
    """ILOS-R122, ILOS-A22 (issue 13 point 9): the stall end is named in the end event."""
    st = make_state(
        players=2, board=[("T16", 0, 0, 2), ("T01", -1, 1, 0)], face_up=["T19", "T09", "T06"]
    )
    comp = components()
    for rid in ("T16.a", "T16.b", "T01.a", "T01.b"):
        for spot in comp.region_spots[rid]:
            building: BuildingKind | None = "fort" if comp.spot_kind[spot] == "site" else None
            add_colonist(st, "p1" if spot != "T01.a.2" else "p2", spot, building=building)
    events = _finish(st)
    over = next(e for e in events if e.key == "ilos.game_over")
    assert over.args["reason"] == term("ilos.end.stall")
    assert "nothing could be explored or developed any more" in show("en", over.text)


def test_ilos_r120_colonist_end_names_the_player() -> None:
    """ILOS-R120 (issue 13 point 9): the usual end names who placed the last colonist."""
    st = _t11_state()
    set_hand(st, "p2", farm=1, ship=2)
    st, _ = run(st, "p2", PlayFarm(spot="T04.a.0"), pay(ship=2))
    assert (st.end_reason, st.end_seat) == ("colonists", "p2")
    events = _finish(st)
    over = next(e for e in events if e.key == "ilos.game_over")
    assert show("en", over.text, NAMES).startswith(
        "The game is over after round 1: Ben placed all 10 of their colonists."
    )


def test_ilos_rules_end_topic_explains_round_cap_and_stall() -> None:
    """ILOS-R122 (issue 13 point 9): the rules help says when and why a game can end by the
    round limit or the stall, in both languages."""
    en = str(catalog("en")["ilos.rules.end"])
    ko = str(catalog("ko")["ilos.rules.end"])
    for words in (
        "10th colonist",
        "Round limit",
        "round 40",
        "Stall",
        "same number of turns",
        "which end happened",
    ):
        assert words in en, words
    for words in ("열 번째 개척자", "라운드 제한", "40라운드", "진행 불가", "같은 수의 차례"):
        assert words in ko, words
    assert catalog("en")["ilos.rules.title.end"] == "End of the game"


def test_ilos_land_label_in_setup_says_put_your_ship() -> None:
    """ILOS-D04: the setup landing is "Put your ship on ...", not a card's landing."""
    st = _setup_state(["T08", "T04", "T13"], ["T01", "T02"])
    st, _ = run(st, "p1", ChooseTile(tile="T08"), Rotate(rotation=0))
    lands = [a for a in SPEC.legal_actions(st, "p1") if isinstance(a, Land)]
    assert [show("en", SPEC.describe_action(st, "p1", a)) for a in lands] == [
        "Put your ship on the north-east coast of tile 8 (ebony, dye)",
        "Put your ship on the south-east coast of tile 8 (spice, building site)",
    ]
