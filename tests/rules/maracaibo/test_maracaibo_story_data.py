"""Spec 12.2 / 16.10: story cards a club enters are checked at load, so a typo stops start-up
instead of doing nothing (or failing) in the middle of a campaign. The cards here are TEST
DATA ONLY: shapes of the vocabulary, not the publisher's story."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.core import DataError
from rules.maracaibo.components import Data

DATA = Path(__file__).resolve().parents[3] / "rules" / "maracaibo" / "data"
QUEST = {"cost": {"kind": "cp", "n": 1}, "rewards": [{"op": "gain", "what": "doubloons", "n": 5}]}


def _load_with(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, card: dict[str, Any]) -> Data:
    raw = json.loads((DATA / "story_cards.json").read_text(encoding="utf-8"))
    raw["cards"].append(card)
    (tmp_path / "maracaibo").mkdir()
    (tmp_path / "maracaibo" / "story_cards.json").write_text(json.dumps(raw), encoding="utf-8")
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path))
    return Data()


def _card(*instructions: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"id": "01", "standalone": False, "instructions": list(instructions), **extra}


def test_mar_story_a_well_formed_card_loads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    card = _card(
        {"kind": "story_tile", "location": "15"},
        {"kind": "quests", "at": {"2": ["16"], "3": ["16"], "4": ["16", "19"]}},
        quest=QUEST,
    )
    assert "01" in _load_with(tmp_path, monkeypatch, card).stories


@pytest.mark.parametrize(
    ("card", "says"),
    [
        (_card({"kind": "story_tile", "location": "51"}, quest=QUEST), "unknown location '51'"),
        (_card({"kind": "story_tile", "location": "15"}), "no quest"),
        (_card({"kind": "quests", "at": {"5": ["16"]}}), "players"),
        (_card({"kind": "quests", "at": {"1": ["16"]}}), "solo reads 2"),  # MAR-J16
        (_card({"kind": "quests", "at": {"4": ["61"]}}), "unknown location '61'"),
        (_card({"kind": "quests", "when": "round1", "at": {"4": ["16"]}}), "'when'"),
        (_card({"kind": "quests", "when": "round_1", "at": {"4": ["16"]}}), "standalone"),
        (_card({"kind": "read", "story": "05"}), "reads story card '05'"),
        (_card({"kind": "add_cards", "cards": ["90"]}), "adds card '90'"),
        (_card({"kind": "legacy_tile", "tiles": ["L99"]}), "legacy tile 'L99'"),
        (_card(requires_full_tile="L42"), "legacy tile 'L42'"),
        (
            _card(back={"options": [{"id": "a", "instructions": []}] * 2}),
            "share an id",
        ),
    ],
)
def test_mar_story_a_typo_stops_loading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, card: dict[str, Any], says: str
) -> None:
    with pytest.raises(DataError, match="story card 01") as err:
        _load_with(tmp_path, monkeypatch, card)
    assert says in str(err.value)


def test_mar_j16_solo_round_end_quests_use_the_two_player_column() -> None:
    """MAR-J16: a solo game's interim scoring adds the story card's 2-player quests (card 75,
    round 1: locations 6 and 12; no 1-player column exists)."""
    from rules.maracaibo import flow
    from tests.rules.maracaibo.helpers import after_setup

    s = after_setup(players=1).model_copy(deep=True)
    s.round = 1
    before = {loc: list(tiles) for loc, tiles in s.board.quests.items()}
    flow._interim_steps(s, [])
    added = {loc for loc, tiles in s.board.quests.items() if len(tiles) > len(before.get(loc, []))}
    assert added == {"6", "12"}
