"""Levels, honour spaces and final scoring A-E (END-R48, R50-R53, R81, R88-R95)."""

from __future__ import annotations

from rules.endeavor import SPEC
from rules.endeavor.model import EndeavorState
from rules.endeavor.query import build_level, card_limit, growth, level, salary
from rules.endeavor.scoring import breakdown, scores, snap
from tests.rules.endeavor.endeavor_helpers import add_building, place, started


def with_tracks(s: EndeavorState, seat: str, i: int, c: int, w: int, f: int) -> None:
    """Scoring-only position: set track values through tokens (counts not conserved)."""
    p = s.players[seat]
    p.buildings = p.buildings[:1]
    p.buildings[0].kind = "colonial_house"
    p.tokens = {"industry": i, "culture": c, "wealth": w, "influence": f}


def test_end_r51_r52_level_tables() -> None:
    """END-R51 / END-R52 / END-D02: industry 5 -> L3, culture 3 -> 3, wealth 2 -> 2, influence 3 -> 2."""
    assert level("industry", 5) == 3
    assert level("culture", 3) == 3
    assert level("wealth", 2) == 2
    assert level("influence", 3) == 2
    assert [level("industry", v) for v in (0, 1, 2, 3, 4, 6, 7, 9, 10, 30)] == [
        1,
        1,
        2,
        2,
        3,
        3,
        4,
        4,
        5,
        5,
    ]
    s = started(2)
    with_tracks(s, "p1", 10, 10, 10, 30)
    p = s.players["p1"]
    assert (build_level(p), growth(p), salary(p), card_limit(p)) == (5, 6, 5, 5)


def test_end_r48_r50_r53_honour_spaces_and_extenders() -> None:
    """END-R48 / END-R50 / END-R53 / A21 / END-D03: snap down to 0,2,4,7,10,12,14,16,18..."""
    assert [snap(v) for v in range(0, 16)] == [0, 0, 2, 2, 4, 4, 4, 7, 7, 7, 10, 10, 12, 12, 14, 14]
    assert [snap(v) for v in (16, 17, 18, 21)] == [16, 16, 18, 20]


def test_end_r90_t20_rulebook_examples() -> None:
    """END-R90 / END-T20 / D4: KO tracks 10/8/9/12 -> 36; ZH 10/5/6/12 -> 30."""
    s = started(2)
    with_tracks(s, "p1", 10, 8, 9, 12)
    with_tracks(s, "p2", 10, 5, 6, 12)
    assert breakdown(s, "p1")["tracks"] == 36
    assert breakdown(s, "p2")["tracks"] == 30


def test_end_r89_r95_t15_final_scoring_and_shared_win() -> None:
    """END-R89 .. END-R95 / END-R88 / END-R93 / END-R94 / END-T15: shared wins on equal totals."""
    s = started(2)
    for seat in ("p1", "p2"):
        with_tracks(s, seat, 11, 5, 8, 15)
        p = s.players[seat]
        p.harbour = 8
        p.set_aside = ["slavery_0", "slavery_1"] if seat == "p1" else ["slavery_2", "slavery_3"]
    s.over = True
    b = breakdown(s, "p1")
    assert b == {"tracks": 35, "board": 0, "buildings_cards": 3, "population": 2, "slavery": -2}
    result = scores(s)
    assert result.winners == ["p1", "p2"]
    assert all(r.rank == 1 and r.total == 38 for r in result.seats)
    s.players["p2"].harbour = 9
    result = scores(s)
    assert result.winners == ["p2"]
    assert [r.total for r in result.seats] == [39, 38]


def test_end_r91_cities_and_connections() -> None:
    """END-R91: city honour (1 or 2) plus 1 per controlled connection; fleets give nothing."""
    s = started(2)
    place(s, "london", "p1")  # 2 honour
    place(s, "north_sea", "p1")  # fleet; London-North Sea round connection (1)
    place(s, "amsterdam", "p1")  # 1 honour; North Sea-Amsterdam square connection (1)
    place(s, "hamburg", "p2")  # 1 honour
    assert breakdown(s, "p1")["board"] == 2 + 1 + 1 + 1
    assert breakdown(s, "p2")["board"] == 1


def test_end_r92_r81_buildings_cards_and_city_hall() -> None:
    """END-R92 / END-R81: printed honour; City Hall = Draw icons on all own buildings."""
    s = started(2)
    add_building(s, "p1", "city_hall")
    add_building(s, "p1", "theatre")
    add_building(s, "p1", "university")
    add_building(s, "p1", "palace")
    s.players["p1"].cards = ["africa_5", "europe_4"]
    # City Hall: D (itself) + Theatre D + University D = 3; Palace 3; cards 2 + 1; empty slot 3
    assert breakdown(s, "p1")["buildings_cards"] == 3 + 3 + 3 + 3
    s.players["p1"].governor_slot = "governor_india"
    assert breakdown(s, "p1")["buildings_cards"] == 9


def test_end_r03_total_is_sum_of_breakdown() -> None:
    """END-R03: the five honour sources, each in the breakdown."""
    s = started(3)
    s.over = True
    for row in SPEC.scores(s).seats:
        assert set(row.breakdown) == {"tracks", "board", "buildings_cards", "population", "slavery"}
        assert row.total == sum(row.breakdown.values())
