"""Component data checks (AOR-D1, D2, D5, D6, D7, D8, D9, D11, D12, D13, AOR-R12, R25)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from rules.core import DataError
from rules.renaissance.components import CATEGORIES, data


def test_aor_d1_provinces_counts_and_source_facts() -> None:
    d = data()
    assert len(d.provinces) == 108
    assert d.provinces["venice"].size == 5  # AOR-A19
    assert d.provinces["toledo"].size == 3
    assert d.provinces["montpellier"].size == 2
    assert d.provinces["bordeaux"].size == 4
    assert "montpellier" in d.provinces["toulouse"].arrows
    assert "montpellier" not in d.provinces["genoa"].land
    assert {"lyon", "marseille"} <= set(d.provinces["genoa"].land)
    assert d.provinces["palma"].land == []
    assert all(p.provenance in ("source", "fan") for p in d.provinces.values())


def test_aor_d2_water_symmetric_and_coasts_resolve() -> None:
    d = data()
    for z in d.zones.values():
        for other in z.adjacent:
            assert z.id in d.zones[other].adjacent
    assert d.zones["atlantic_ocean"].provenance == "designed"
    assert sum(1 for z in d.zones.values() if z.kind == "sea") == 12


def test_aor_d5_advances() -> None:
    d = data()
    assert sorted(d.advances) == [chr(ord("A") + i) for i in range(26)]
    assert Counter(a.category for a in d.advances.values()) == {
        "science": 4,
        "religion": 4,
        "commerce": 5,
        "communication": 4,
        "exploration": 4,
        "civics": 5,
    }
    assert set(CATEGORIES) == {a.category for a in d.advances.values()}
    assert d.advances["W"].cost == 60 and d.advances["V"].credit_ah == 10
    assert d.advances["X"].credit_ah == 30 and d.advances["V"].misery_relief == 5
    assert d.advances["T"].prerequisites == ["A", "S"]


def test_aor_d6_commodities_and_suppliers() -> None:
    d = data()
    assert len(d.commodities) == 12
    counts = {c: len(p) for c, p in d.suppliers.items()}
    assert counts == {
        "stone": 8,
        "wool": 9,
        "timber": 7,
        "grain": 8,
        "cloth": 8,
        "wine": 7,
        "metal": 7,
        "fur": 5,
        "silk": 6,
        "spice": 7,
        "gold": 5,
        "ivory": 4,
    }
    assert sorted(d.by_roll[12]) == ["gold", "ivory"]


def test_aor_d8_history_deck_counts() -> None:
    d = data()
    epochs = Counter(1 if c.to_epoch1_when_held_setup else c.epoch for c in d.cards.values())
    assert epochs == {1: 30, 2: 21, 3: 13}
    held = sorted(c.id for c in d.cards.values() if c.held)
    assert held == ["rashid_ad_din", "silk_1", "spice_1", "the_crusades", "walter_the_penniless"]
    assert all(not c.recycles for c in d.cards.values() if c.kind == "leader")
    assert not d.cards["armor"].recycles and d.cards["war"].recycles


def test_aor_d7_d9_d11_d12_d13_tables() -> None:
    d = data()
    assert d.misery.boxes[-1] == 1000 and len(d.misery.boxes) == 26
    assert d.income.provenance == "designed"
    assert d.income.tables["6"][5] == 15 and d.income.tables["3"][5] == 15
    assert d.stabilization.costs[5] == 15
    assert d.ships["galley"].boxes == [2, 4, 6, 8]
    assert d.card_prices.prices[:3] == [1, 2, 3]


def test_aor_r12_r25_player_counts() -> None:
    d = data()
    assert d.areas_in_play["3"] == [4, 5, 6, 7, 8]
    assert d.oop.boxes["4"] == [1, 3, 5, 6]
    assert sorted(c.id for c in d.capitals.values() if c.min_players <= 4) == [
        "barcelona",
        "genoa",
        "paris",
        "venice",
    ]


def test_aor_d9_designed_income_overridable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A club may replace designed data; a broken replacement fails at load."""
    folder = tmp_path / "renaissance"
    folder.mkdir()
    table = {"3": [10 * n for n in range(26)], "4": [0] * 26, "5": [0] * 26, "6": [0] * 26}
    (folder / "income.json").write_text(
        json.dumps({"provenance": "designed", "tables": table, "middle_class_bonus": 10})
    )
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path))
    data.cache_clear()
    try:
        assert data().income.tables["3"][2] == 20 and data().source == "override"
        (folder / "income.json").write_text(json.dumps({"tables": {}}))
        data.cache_clear()
        with pytest.raises(DataError):
            data()
    finally:
        monkeypatch.delenv("REFEREE_DATA_DIR")
        data.cache_clear()
    assert data().source == "shipped"
