"""Setup (MAR-S1 … S16) and the simultaneous secret setup choices (spec 13)."""

from __future__ import annotations

from rules.maracaibo.actions import SetupCareer, SetupDiscard, SetupPlan
from rules.maracaibo.components import data
from rules.maracaibo.model import MaracaiboState, Options
from rules.maracaibo.spec import SPEC
from tests.rules.maracaibo.helpers import act, after_setup


def new(players: int, seed: int = 3) -> MaracaiboState:
    return SPEC.new_game([f"p{i + 1}" for i in range(players)], Options(players=players), seed)


def test_mar_s5_cards_dealt_and_deck_built() -> None:
    """MAR-S5: 8 A cards each; deck = other A cards + 40 B cards; 4 on display."""
    for n in (2, 3, 4):
        s = new(n)
        assert all(len(p.hand) == 8 for p in s.players.values())
        assert len(s.board.deck) + len(s.board.display) == 56 - 8 * n + 40
        assert len(s.board.display) == 4
        assert len(s.board.box) == 61


def test_mar_s4_city_tiles_and_s9_two_player_markers() -> None:
    """MAR-S4 / MAR-S9: 2 players: Maracaibo tile, 4 city tiles, markers ES 6, EN 7, FR 8."""
    s = new(2)
    d = data()
    assert s.board.city_tiles["11"] == "CT00"
    slots = [s.board.city_tiles[x] for x in ("4", "5", "13", "14")]
    assert {"CT01", "CT02"} <= set(slots)
    assert all(2 in d.city_tiles[t].player_counts for t in slots)
    assert s.board.markers == {"6": "ES", "7": "EN", "8": "FR"}
    assert s.board.supply["ES"] == [0, 2, 2, 2, 2, 2, 2]
    s4 = new(4)
    assert "11" not in s4.board.city_tiles and not s4.board.markers


def test_mar_s12_s14_player_setup() -> None:
    """MAR-S12 / MAR-S13 / MAR-S14: 8, 9, 10, 11 doubloons from the start player; 1 CP; income 8."""
    s = new(4)
    seats = s.seats
    i = seats.index(s.start_player)
    order = seats[i:] + seats[:i]
    assert [s.players[x].doubloons for x in order] == [8, 9, 10, 11]
    for p in s.players.values():
        assert (p.cp, p.inc_d, p.inc_vp, p.personal, p.general) == (1, 8, 0, 2, 3)
        assert len(p.career_options) == 2
        assert all(v == 2 for v in p.discs.values())


def test_mar_s10_story_card_75_places_quests() -> None:
    """MAR-S10: quests at 15 (+18 with 3, +18 and 19 with 4 players) and on the explorer track."""
    assert set(new(2).board.quests) == {"15"}
    assert set(new(3).board.quests) == {"15", "18"}
    assert set(new(4).board.quests) == {"15", "18", "19"}
    assert len(new(3).board.explorer_quests) == 3


def test_mar_s15_s16_choices_are_simultaneous_and_secret() -> None:
    """MAR-S15 / MAR-S16: every seat chooses at once; nobody else sees a choice until all are in."""
    s = new(3)
    assert SPEC.to_act(s) == frozenset(s.seats)
    p1 = s.players["p1"]
    career = p1.career_options[0]
    r = SPEC.apply(s, "p1", SetupCareer(career=career))
    assert all(e.visible_to == ["p1"] for e in r.events)
    s = r.state
    planned = s.players["p1"].hand[0]
    s = act(s, "p1", SetupPlan(card=planned))
    for viewer in ("p2", "p3", None):
        view = SPEC.view(s, viewer).model_dump_json()
        assert career not in view and planned not in view
    for c in list(s.players["p1"].hand)[:3]:
        s = act(s, "p1", SetupDiscard(card=c))
    assert SPEC.to_act(s) == frozenset({"p2", "p3"})
    assert len(s.players["p1"].hand) == 4 and s.players["p1"].plan == [planned]
    done = after_setup(3, 3)
    assert done.phase == "play" and len(done.board.discard) == 9
    assert all(p.career and not p.career_options for p in done.players.values())
    assert SPEC.to_act(done) == frozenset({done.start_player})
