"""Component data: counts as the rulebook gives them, unique ids, references resolve (spec 2, 16)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from rules.core.errors import DataError
from rules.maracaibo.components import FILES, Data, data

DATA = Path(__file__).resolve().parents[3] / "rules" / "maracaibo" / "data"


def test_mar_r1_every_file_states_its_provenance() -> None:
    """Spec 16: designed data is marked as designed in the file itself."""
    for name in FILES:
        raw = json.loads((DATA / name).read_text(encoding="utf-8"))
        assert raw["provenance"] in ("rulebook", "designed", "public"), name


def test_mar_components_counts_match_the_rulebook() -> None:
    """Spec 2: 157 project cards = 56 A + 101 B, 13 city tiles, 24 quests, 25 combat tokens,
    8 careers, 8 prestige buildings, 5 synergy kinds x 4, 12 ship sections, 15 automa cards."""
    d = data()
    decks = Counter(c.deck for c in d.cards.values())
    assert decks == {"A": 56, "B": 101}
    assert len(d.city_tiles) == 13
    assert len(d.quests) == 24
    assert len(d.tokens) == 25
    assert len(d.careers) == 8
    assert len(d.prestige) == 8
    assert len(d.synergy.kinds) * d.synergy.per_kind == 20
    assert len(d.sections) == 12
    assert len(d.automa_cards) == 15
    assert sum(d.tracks.influence.marker_spaces) == 13


def test_mar_s4_city_tile_pools_per_player_count() -> None:
    """MAR-S4: two always-used tiles plus random ones for each count; one Maracaibo tile."""
    d = data()
    assert [t.id for t in d.city_tiles.values() if t.maracaibo] == ["CT00"]
    for n in (2, 3, 4):
        usable = [t for t in d.city_tiles.values() if n in t.player_counts and not t.maracaibo]
        assert sum(t.always_used for t in usable) == 2
        assert len(usable) >= 4


def test_mar_deck_generator_histograms() -> None:
    """Spec 17 scenario 22: family totals, icon quotas and end-VP histogram of 16.13."""
    d = data()
    fam = Counter((c.deck, c.family) for c in d.cards.values())
    assert fam[("A", "income")] == 22 and fam[("B", "income")] == 30
    assert fam[("A", "immediate")] == 20 and fam[("B", "immediate")] == 26
    assert fam[("A", "permanent")] == 8 and fam[("B", "permanent")] == 20
    assert fam[("A", "assistant")] == 6 and fam[("B", "assistant")] == 25
    icons = Counter(c.discard_as for c in d.cards.values())
    assert all(icons[g] == 22 for g in ("G1", "G2", "G3", "G4", "G5"))
    assert (icons["maps"], icons["books"], icons["herbs"]) == (16, 16, 15)
    end = Counter((c.deck, c.end_vp) for c in d.cards.values())
    assert end[("A", 0)] == 45 and end[("A", 1)] == 11
    assert [end[("B", v)] for v in range(5)] == [22, 31, 29, 13, 6]
    costs = Counter(c.cost.doubloons for c in d.cards.values() if c.deck == "A")
    assert dict(costs) == {0: 4, 1: 7, 2: 15, 3: 13, 4: 8, 5: 6, 6: 3}
    for c in d.cards.values():
        for e in c.effects:
            if e.id == "PERM_OBJECT":
                assert c.discard_as != e.object


def test_mar_k15_every_glossary_effect_occurs_in_the_deck() -> None:
    """MAR-K15 / spec 8: every effect id of 8.3-8.8 occurs at least once across A + B."""
    d = data()
    used = {e.id for c in d.cards.values() for e in c.effects}
    wanted = {m for m in d.macros if m.startswith(("INC_", "IMM_", "AA_"))}
    wanted |= {"PERM_OBJECT", "PERM_DISCOUNT", "PERM_CP_ON_COMBAT", "COMPASS"}
    wanted |= {"PERM_EXPLORER_PLUS1", "PERM_EXPLORER_STEAL", "PERM_ASSISTANT_VISIT"}
    wanted |= {"PERM_FIGURE_TO_CP", "PERM_NATION_CP", "PERM_EXPEL_VP", "CA_INF_VP", "CA_3D_SYN"}
    wanted |= {"VA_2MAPS_VP_EXPLORE", "VA_2MAPS_D_EXPLORE", "VA_2BOOKS", "VA_2SAME_GOODS"}
    assert wanted <= used, sorted(wanted - used)


def test_mar_t6_board_graph_routes() -> None:
    """MAR-T5/T6 and 16.1: homeward spaces stop; forks labelled; every route costs 17 MP
    (legacy side branches L4 / L7 aside)."""
    d = data()
    for loc in d.board.locations:
        if loc.kind == "homeward":
            assert loc.stop
        if len(loc.next) == 2 and loc.next[0].rounds is None:
            assert {e.label for e in loc.next} == {"upper", "lower"}

    def lengths(at: str, rnd: int) -> set[int]:
        loc = d.locations[at]
        nxt = [e.to for e in loc.next if (e.rounds is None or rnd in e.rounds) and e.legacy is None]
        if not nxt:
            return {0}
        return {1 + n for e in nxt for n in lengths(e, rnd)}

    assert lengths("havana", 1) == {17}
    assert lengths("havana", 4) == {18}


def test_mar_data_override_is_validated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Spec 16: an override file with a broken reference is refused at load."""
    raw = json.loads((DATA / "board.json").read_text(encoding="utf-8"))
    raw["locations"][1]["next"] = [{"to": "nowhere"}]
    (tmp_path / "maracaibo").mkdir()
    (tmp_path / "maracaibo" / "board.json").write_text(json.dumps(raw), encoding="utf-8")
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path))
    with pytest.raises(DataError):
        Data()
