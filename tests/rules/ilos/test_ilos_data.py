"""Component data: counts, ids and geometry consistency (ILOS-R01 to R10, R100 to R103)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

import rules.ilos.components as comp_mod
from rules.core import DataError
from rules.ilos.components import components
from rules.ilos.geometry import DIRS, board_edge, board_land_edges, neighbour, printed_edge

DATA = Path(comp_mod.__file__).parent / "data"


def test_ilos_r01_ninety_cards_by_type() -> None:
    """ILOS-R01: 30 Ship, 20 Farm, 10 Gold mine, 12 Building, 6 Ruins, 12 Market."""
    cards = components().cards
    assert {k: v.count for k, v in cards.items()} == {
        "ship": 30,
        "farm": 20,
        "gold_mine": 10,
        "building": 12,
        "ruins": 6,
        "market": 12,
    }
    assert sum(c.count for c in cards.values()) == 90


def test_ilos_costs_table() -> None:
    """ILOS-R40 table (section 5.0): normal / pirate costs and ships needed."""
    cards = components().cards
    table = {k: (v.cost, v.pirate_cost, v.ships_needed, v.uses_colonist) for k, v in cards.items()}
    assert table == {
        "ship": (1, None, 0, False),
        "farm": (2, 3, 1, True),
        "gold_mine": (5, 7, 2, True),
        "building": (2, 4, 2, True),
        "ruins": (7, None, 1, True),
        "market": (0, None, 0, False),
    }


def test_ilos_r02_r05_r07_r10_constants() -> None:
    """ILOS-R02, ILOS-R03 (5 screens and boards), ILOS-R04 (5 ships), ILOS-R05 (10 colonists), ILOS-R07 (8 markers), ILOS-R10 (10 tokens)."""
    comp = components()
    c = comp.constants
    assert (c.players_min, c.players_max) == (2, 5)
    assert len(c.colours) == 5
    assert c.ships_per_player == 5
    assert c.colonists_per_player == 10
    assert comp.prices.markers_total == 8 and comp.prices.markers_spare == 2
    assert c.building_tokens == 10


def test_ilos_r06_r13_price_chart() -> None:
    """ILOS-R06, ILOS-R13 and section 11b: the designed chart, 5 printed prices per resource."""
    tracks = components().prices.tracks
    assert tracks == {
        "ebony": [1, 2, 3, 4, 5],
        "spice": [1, 2, 3, 4, 5],
        "dye": [1, 2, 3, 4, 5],
        "gold": [2, 3, 4, 5, 6],
    }


def test_ilos_r08_designed_tile_set() -> None:
    """ILOS-R08 / section 11a: 20 tiles, 14/14/14/12/8/10 spots, 7 hideouts."""
    comp = components()
    assert len(comp.tiles) == 20
    assert Counter(comp.spot_kind.values()) == {
        "ebony": 14,
        "spice": 14,
        "dye": 14,
        "gold": 12,
        "ruins": 8,
        "site": 10,
    }
    assert sum(t.hideout for t in comp.tiles.values()) == 7
    t04 = comp.tiles["T04"]
    assert t04.edges == "sLLLss"
    assert [r.spots for r in t04.regions] == [["ebony", "spice", "gold", "site"]]
    assert comp.spot_kind["T04.a.2"] == "gold"


def test_ilos_r09_r14_resources_unlimited_supply() -> None:
    """ILOS-R09, ILOS-R14: four resources; the supply is unlimited (no supply count in the data)."""
    from rules.ilos.components import RESOURCES

    assert RESOURCES == ("ebony", "spice", "dye", "gold")
    assert not hasattr(components().constants, "resource_supply")


def test_ilos_r102_every_land_edge_in_exactly_one_region() -> None:
    """ILOS-R102: land edges belong to one region; regions without edges are inner islets."""
    for tile in components().tiles.values():
        land = [i for i, ch in enumerate(tile.edges) if ch == "L"]
        owned = sorted(e for r in tile.regions for e in r.edges)
        assert owned == land, tile.id
        assert 1 <= len(tile.regions) <= 3


def test_ilos_r100_r101_r103_hex_geometry() -> None:
    """ILOS-R100, ILOS-R101: axial flat-top directions, opposite edges; ILOS-R103: clockwise rotation."""
    assert DIRS == ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
    for d in range(6):
        assert neighbour(neighbour((0, 0), d), (d + 3) % 6) == (0, 0)
    assert board_edge(0, 5) == 5 and board_edge(1, 1) == 2
    assert printed_edge(board_edge(3, 4), 4) == 3
    t13 = components().tiles["T13"]
    assert board_land_edges(t13, 0) == [0, 1, 3]
    assert board_land_edges(t13, 1) == [1, 2, 4]


def _write_override(tmp_path: Path, name: str, data: object) -> None:
    folder = tmp_path / "ilos"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(json.dumps(data))


@pytest.fixture
def fresh_components(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path))
    components.cache_clear()
    yield tmp_path
    monkeypatch.delenv("REFEREE_DATA_DIR")
    components.cache_clear()


def test_ilos_data_bad_card_count_fails_at_load(fresh_components: Path) -> None:
    """A typo in the card counts fails loudly at load (ILOS-R01)."""
    data = json.loads((DATA / "cards.json").read_text())
    data["cards"][0]["count"] = 29
    _write_override(fresh_components, "cards.json", data)
    with pytest.raises(DataError, match="90"):
        components()


def test_ilos_data_bad_tile_geometry_fails_at_load(fresh_components: Path) -> None:
    """A region claiming a sea edge fails at load (ILOS-R102)."""
    data = json.loads((DATA / "tiles.json").read_text())
    data["tiles"][0]["regions"][0]["edges"] = [0, 1, 2]
    _write_override(fresh_components, "tiles.json", data)
    with pytest.raises(DataError):
        components()


def test_ilos_data_spot_totals_cross_checked(fresh_components: Path) -> None:
    """Changing a spot kind breaks the designed totals and fails at load (ILOS-R08)."""
    data = json.loads((DATA / "tiles.json").read_text())
    data["tiles"][0]["regions"][0]["spots"][0] = "gold"
    _write_override(fresh_components, "tiles.json", data)
    with pytest.raises(DataError, match="spots total"):
        components()


def test_ilos_data_override_is_used_and_hashed(fresh_components: Path) -> None:
    """An operator override with valid data loads and changes the data hash."""
    shipped = components.__wrapped__().data_hash
    data = json.loads((DATA / "prices.json").read_text())
    data["tracks"]["gold"] = [2, 3, 4, 5, 7]
    _write_override(fresh_components, "prices.json", data)
    comp = components()
    assert comp.source == "override"
    assert comp.prices.tracks["gold"][-1] == 7
    assert comp.data_hash != shipped
    assert len(comp.data_hash) == 16
