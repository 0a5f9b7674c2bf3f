"""Setup: options, board side, tokens, decks, tray, start buildings (END-R10..R19)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.endeavor import SPEC, Options
from rules.endeavor.actions import ChooseStart
from rules.endeavor.components import circle_spaces, data
from rules.endeavor.query import track_values
from tests.rules.endeavor.endeavor_helpers import act, new, only, started


def test_end_r10_default_board_side_by_player_count() -> None:
    """END-R10: A for 2-3 players and Silent Fleet, B for 4 and 5 players; host may override."""
    assert [Options(players=n).board_side for n in (2, 3, 4, 5)] == ["A", "A", "B", "B"]
    assert Options(players=2, silent_fleet=True).board_side == "A"
    assert Options(players=4, board_side="A").board_side == "A"
    again = Options.model_validate(Options(players=3).model_dump())
    assert again == Options(players=3)


def test_end_r100_silent_fleet_only_with_two_players() -> None:
    """END-R100 / END-R106: the variant and its optional rules are 2-player options."""
    with pytest.raises(ValidationError):
        Options(players=3, silent_fleet=True)
    with pytest.raises(ValidationError):
        Options(players=2, sf_scarce_buildings=True)
    with pytest.raises(ValidationError):
        Options(players=6)
    opts = Options(players=2, silent_fleet=True, sf_restricted_occupy=True)
    assert opts.sf_restricted_occupy and not opts.sf_no_token_reactions


def test_end_r11_tokens_fill_every_circle_from_the_seed() -> None:
    """END-R11 / END-R113: a random face-up token on each circle, reproducible from the seed."""
    a, b, c = new(4, seed=7), new(4, seed=7), new(4, seed=8)
    assert set(a.tokens) == set(circle_spaces(data().boards[a.side]))
    assert a.tokens == b.tokens
    assert a.tokens != c.tokens
    squares = [x.id for x in data().boards["B"].connections if x.shape == "square"]
    assert not set(squares) & set(a.tokens)


def test_end_r12_decks_are_stacked_lowest_on_top() -> None:
    """END-R12: 5-4-3-2-1 (and 0 for Europe/Slavery), value 5 at the bottom."""
    s = new(3)
    d = data()
    for deck, cards in s.decks.items():
        values = [d.cards[c].value for c in cards]
        assert values == sorted(values, reverse=True)
        assert values[-1] == (0 if deck in ("europe", "slavery") else 1)


def test_end_r13_governors_wait_under_each_region() -> None:
    """END-R13: one unowned governor per region at setup."""
    s = new(2)
    assert s.governors == {r: f"governor_{r}" for r in s.tracks}
    assert all(p.governor_slot is None for p in s.players.values())


def test_end_r14_level5_four_hidden_three_visible() -> None:
    """END-R14: the 7 level-5 tiles are shuffled; 4 face down (never used), 3 face up."""
    s = new(5, seed=3)
    d = data()
    visible = [k for k in s.tray if d.buildings[k].level == 5]
    assert len(s.hidden_level5) == 4 and len(visible) == 3
    assert not set(visible) & set(s.hidden_level5)
    assert {k for k in s.tray if d.buildings[k].level < 5} == {
        b.id for b in d.buildings.values() if 1 <= b.level <= 4
    }
    others = {tuple(new(5, seed=x).hidden_level5) for x in range(10)}
    assert len(others) > 1


def test_end_r15_r16_r18_player_components_and_crown() -> None:
    """END-R15 / END-R16 / END-R18: 35 discs, tracks at 0, a random crown; after the start choice 34 + 1."""
    crowns = {new(4, seed=x).crown for x in range(12)}
    assert len(crowns) > 1
    s = new(4, seed=1)
    assert all(p.supply == 35 and p.harbour == 0 for p in s.players.values())
    s = started(4, seed=1)
    for p in s.players.values():
        assert (p.supply, p.harbour) == (34, 0)
        assert p.buildings[0].kind == "colonial_house" and p.buildings[0].disc
        assert not p.cards and not p.tokens


def test_end_r17_start_building_choice_in_turn_order() -> None:
    """END-R17 / DP03: from the crown holder clockwise; Trade Wharf gives wealth 1."""
    s = new(3, seed=2)
    order = s.seats[s.seats.index(s.crown) :] + s.seats[: s.seats.index(s.crown)]
    chosen = []
    for i in range(3):
        seat = only(s)
        chosen.append(seat)
        s = act(s, seat, ChooseStart(building="trade_wharf" if i == 0 else "colonial_house"))
    assert chosen == order
    first = s.players[order[0]]
    assert first.buildings[0].kind == "trade_wharf"
    assert track_values(first)["wealth"] == 1
    assert track_values(s.players[order[1]]) == {
        "industry": 0,
        "culture": 0,
        "wealth": 0,
        "influence": 0,
    }


def test_end_r19_player_count_changes_only_the_side() -> None:
    """END-R19: same tray, decks and track lengths for every count on a side."""
    two, five = new(2, "B"), new(5, "B")
    assert two.tray == five.tray
    assert {k: len(v) for k, v in two.decks.items()} == {k: len(v) for k, v in five.decks.items()}
    assert sum(two.tray.values()) == sum(five.tray.values())
    assert SPEC.min_players == 2 and SPEC.max_players == 5
