"""Hidden and public information in the view (ILOS-R130 to R134)."""

from __future__ import annotations

import json

from rules.ilos import SPEC
from rules.ilos.actions import PlayShip
from rules.ilos.engine import new_game
from rules.ilos.model import IlosOptions

from .ilos_helpers import add_colonist, add_ship, make_state, run, set_hand


def test_ilos_r130_hand_and_screen_only_for_owner() -> None:
    """ILOS-R130, ILOS-R132: hands and screens appear only in their owner's view."""
    st = make_state(players=3, board=[("T04", 0, 0, 0)])
    set_hand(st, "p1", ship=2, ruins=3)
    st.player("p1").screen.update({"gold": 7, "dye": 2})
    own = SPEC.view(st, "p1")
    me = next(p for p in own.players if p.seat == "p1")
    assert me.hand is not None and me.hand["ruins"] == 3
    assert me.screen is not None and me.screen["gold"] == 7
    for viewer in (None, "p2", "p3"):
        view = SPEC.view(st, viewer)
        other = next(p for p in view.players if p.seat == "p1")
        assert other.hand is None and other.screen is None
        assert other.hand_size == 5  # R131: hand size is public


def test_ilos_r131_public_board_and_market() -> None:
    """ILOS-R131, ILOS-R03: tiles, ships, pirates, colonists, production, prices and sizes are public."""
    st = make_state(
        players=2, board=[("T02", 0, 0, 0), ("T04", 0, -1, 0)], face_up=["T07"], stack=["T12"]
    )
    add_ship(st, "p1", region="T04.a")
    add_ship(st, "p2", hideout="T02")
    add_colonist(st, "p1", "T04.a.3", building="fort")
    add_colonist(st, "p1", "T04.a.2")
    st.price_step["gold"] = 2
    view = SPEC.view(st, None)
    assert [(t.tile, t.q, t.r, t.rotation) for t in view.board] == [
        ("T02", 0, 0, 0),
        ("T04", 0, -1, 0),
    ]
    t04 = view.board[1]
    assert t04.land_edges == [1, 2, 3] and t04.regions[0].board_edges == [1, 2, 3]
    assert [s.kind for s in t04.regions[0].spots] == ["ebony", "spice", "gold", "site"]
    assert t04.regions[0].spots[3].building == "fort" and t04.regions[0].spots[2].owner == "p1"
    assert view.board[0].pirate_owner == "p2"
    island = view.islands[t04.regions[0].island]
    assert island.pirates == ["p2"] and island.forts == ["p1"] and island.threatened_for == []
    assert [f.id for f in view.face_up] == ["T07"] and view.face_up[0].edges == "Lsssss"
    assert view.stack_size == 1 and view.box_size == 16
    gold = next(p for p in view.prices if p.resource == "gold")
    assert gold.price == 4 and view.markers_left == 6
    p1 = next(p for p in view.players if p.seat == "p1")
    assert p1.production["gold"] == 1 and p1.forts == 1 and p1.draw_count == 5
    assert p1.ships_in_supply == 4 and p1.colonists_in_supply == 8


def test_ilos_r133_cost_cards_public_by_default_hidden_by_house_rule() -> None:
    """ILOS-R133, ILOS-A19: payment card types are announced unless reveal_cost_cards is off."""
    for reveal in (True, False):
        st = make_state(board=[("T04", 0, 0, 0)], reveal_cost_cards=reveal)
        set_hand(st, "p1", ship=1, ruins=1)
        from rules.ilos.actions import Land, Pay

        st, events = run(
            st, "p1", PlayShip(ship="new"), Land(region="T04.a"), Pay(cards={"ruins": 1})
        )
        paid = next(e for e in events if e.key.startswith("ilos.card_paid"))
        assert ("cards" in paid.args) is reveal
        assert paid.visible_to is None
        assert (SPEC.view(st, None).discard_counts is not None) is reveal


def test_ilos_pending_declaration_only_in_actors_view() -> None:
    """ILOS-R130(3): the declaration in progress (payment picker) is shown to its player only."""
    st = make_state(board=[("T04", 0, 0, 0)])
    set_hand(st, "p1", ship=2)
    st, _ = run(st, "p1", PlayShip(ship="new"))
    assert SPEC.view(st, "p1").pending is not None
    assert SPEC.view(st, "p2").pending is None and SPEC.view(st, None).pending is None


def test_ilos_hidden_information_never_leaks_in_other_views() -> None:
    """ILOS-R130: no other view (nor the public one) carries a seat's hand or screen."""
    st = new_game(["p1", "p2", "p3"], IlosOptions(players=3), 11)
    st.player("p2").screen.update({"ebony": 13, "spice": 17, "dye": 19, "gold": 23})
    secret_hand = st.player("p2").hand
    for viewer in (None, "p1", "p3"):
        data = json.loads(SPEC.view(st, viewer).model_dump_json())
        p2 = next(p for p in data["players"] if p["seat"] == "p2")
        assert p2["hand"] is None and p2["screen"] is None
        text = json.dumps(data)
        assert '"gold": 23' not in text and '"spice": 17' not in text
    data = json.loads(SPEC.view(st, "p2").model_dump_json())
    p2 = next(p for p in data["players"] if p["seat"] == "p2")
    assert p2["hand"] == {k: secret_hand[k] for k in p2["hand"]}
    # Deck order, stack order and box identities never appear.
    public = SPEC.view(st, None).model_dump_json()
    for tile in st.box + st.stack:
        assert f'"{tile}"' not in public


def test_ilos_view_layout_hints_inside_hex_and_apart() -> None:
    """ILOS-R102 rendering hints: spot and hideout positions lie inside the hex, apart from each other."""
    import math

    from rules.ilos.components import components
    from rules.ilos.layout import tile_layout

    for tile in components().tile_order:
        for k in range(6):
            anchors, spots, hideout = tile_layout(tile, k)
            points = list(spots.values()) + ([hideout] if hideout else [])
            assert all(math.hypot(*p) < 0.85 for p in points)
            for i, a in enumerate(points):
                for b in points[i + 1 :]:
                    assert math.dist(a, b) >= 0.2, (tile, k)
            assert (hideout is not None) == components().tiles[tile].hideout
            assert set(anchors) == set(components().tile_regions[tile])
    st = make_state(board=[("T02", 0, 0, 3)])
    view = SPEC.view(st, None)
    _, spots, hideout = tile_layout("T02", 3)
    spot = view.board[0].regions[0].spots[1]
    assert (spot.x, spot.y) == spots[spot.id]
    assert (view.board[0].hideout_x, view.board[0].hideout_y) == hideout


def test_ilos_view_face_up_preview() -> None:
    """ILOS-R16, ILOS-R131: the face-up tiles are public and drawable as printed."""
    st = make_state(board=[("T04", 0, 0, 0)], face_up=["T07", "T18"], stack=[])
    view = SPEC.view(st, "p2")
    assert [t.tile for t in view.face_up_preview] == ["T07", "T18"]
    t18 = view.face_up_preview[1]
    assert t18.land_edges == [1, 2, 4, 5] and t18.hideout and t18.hideout_x is not None
    assert [s.kind for r in t18.regions for s in r.spots] == ["spice", "ruins", "dye", "gold"]
    assert all(s.owner is None for r in t18.regions for s in r.spots)
