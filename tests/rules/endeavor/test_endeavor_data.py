"""Component data (END-D01..D08) and its validation at load time."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from rules.core.errors import DataError
from rules.endeavor import components
from rules.endeavor.components import TOTAL_TOKENS, circle_spaces, data


def test_end_r08_nineteen_kinds_and_49_tiles_plus_start_tiles() -> None:
    """END-R08 / END-D01: 19 kinds, 49 tiles, 5/4/3/2 copies at L1-L4, seven single L5 tiles."""
    d = data()
    regular = [b for b in d.buildings.values() if not b.start]
    assert len(regular) == 19
    assert sum(b.copies for b in regular) == 49
    per_level: Counter[int] = Counter()
    for b in regular:
        per_level[b.level] += b.copies
    assert per_level == {1: 15, 2: 12, 3: 9, 4: 6, 5: 7}
    assert d.buildings["market"].copies == 5
    assert d.buildings["theatre"].icons == {"culture": 2}
    assert d.buildings["trade_wharf"].icons == {"wealth": 1}
    assert d.buildings["docks"].actions == ["ship", "occupy"] and d.buildings["docks"].no_payment


def test_end_r07_deck_counts_and_designed_cards() -> None:
    """END-R07 / END-D06: 8 decks, 42 cards, icons = value + 1, abolition is Europe 5."""
    d = data()
    assert len(d.cards) == 42 and len(d.governors) == 6
    assert {deck: len(ids) for deck, ids in d.deck_cards.items()} == {
        "africa": 5,
        "south_america": 5,
        "caribbean": 5,
        "north_america": 5,
        "india": 5,
        "far_east": 5,
        "europe": 6,
        "slavery": 6,
    }
    for c in d.cards.values():
        assert sum(c.icons.values()) == c.value + 1
        assert c.population == (c.deck not in ("europe", "slavery") and c.value == 1)
    assert d.cards["europe_5"].abolition
    assert d.cards["north_america_3"].icons == {"industry": 2, "culture": 2}
    two = Counter(d.cards["slavery_2"].icons) + Counter(d.cards["slavery_3"].icons)
    assert two == {"industry": 5, "wealth": 2}


def test_end_r11_each_side_has_95_circular_spaces_and_95_tokens() -> None:
    """END-R11 / END-D04 / END-D05: circles = track + cities + fleets + round connections = 95."""
    d = data()
    assert sum(t.count for t in d.tokens.values()) == TOTAL_TOKENS
    for side in "AB":
        board = d.boards[side]
        spaces = circle_spaces(board)
        assert len(spaces) == len(set(spaces)) == 95
        cities = [n for n in board.nodes if n.kind == "city"]
        rounds = [c for c in board.connections if c.shape == "round"]
        track = sum(a.track_length for a in board.areas)
        assert (track, len(cities), len(rounds)) == {"A": (29, 33, 23), "B": (35, 39, 11)}[side]
        assert all(n.honour in (1, 2) for n in cities)


def test_data_validation_rejects_a_broken_override(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A data file whose counts are wrong fails loudly at load time (cross-file validation)."""
    src = Path(components.__file__).parent / "data" / "tokens.json"
    bad = src.read_text().replace('"count": 17', '"count": 18', 1)
    (tmp_path / "endeavor").mkdir()
    (tmp_path / "endeavor" / "tokens.json").write_text(bad)
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path))
    data.cache_clear()
    try:
        with pytest.raises(DataError, match="95"):
            data()
    finally:
        monkeypatch.delenv("REFEREE_DATA_DIR")
        data.cache_clear()


def test_data_validation_rejects_unknown_connection_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = Path(components.__file__).parent / "data" / "board_a.json"
    bad = src.read_text().replace('"b": "north_sea"', '"b": "nowhere"', 1)
    (tmp_path / "endeavor").mkdir()
    (tmp_path / "endeavor" / "board_a.json").write_text(bad)
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path))
    data.cache_clear()
    try:
        with pytest.raises(DataError, match="nowhere"):
            data()
    finally:
        monkeypatch.delenv("REFEREE_DATA_DIR")
        data.cache_clear()
