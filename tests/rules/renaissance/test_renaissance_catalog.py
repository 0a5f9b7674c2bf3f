"""Every Text the game produces exists in English and Korean; Korean output carries no
Latin-alphabet word and no raw id (AOR §7 decision labels, issue 7 "Text, not prose")."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from rules.core import Text
from rules.renaissance.model import Options
from rules.renaissance.spec import SPEC
from tests.rules.renaissance.renaissance_helpers import play

ROOT = Path(__file__).resolve().parents[3] / "rules" / "renaissance" / "locales"
EN: dict[str, Any] = json.loads((ROOT / "en.json").read_text(encoding="utf-8"))
KO: dict[str, Any] = json.loads((ROOT / "ko.json").read_text(encoding="utf-8"))
SEAT = re.compile(r"^p[1-9]$")
LATIN = re.compile(r"[A-Za-z]")
NAMES = {f"p{i}": f"선수{i}" for i in range(1, 10)}


def render(text: Text, catalog: dict[str, Any]) -> str:
    entry = catalog[text.key]
    if isinstance(entry, dict):
        count = text.args.get("count")
        entry = entry["one"] if count == 1 and "one" in entry else entry["other"]
    shown: dict[str, Any] = {}
    for k, v in text.args.items():
        shown[k] = _show(v, catalog)
    return str(entry).format(**shown)


def _show(value: Any, catalog: dict[str, Any]) -> Any:
    if isinstance(value, Text):
        return render(value, catalog)
    if isinstance(value, str) and SEAT.match(value):
        return NAMES[value]
    if isinstance(value, list):
        return ", ".join(str(_show(v, catalog)) for v in value)
    return value


def _texts() -> list[Text]:
    seen: list[Text] = []

    def step(state: Any, seat: str, action: Any, result: Any) -> None:
        seen.append(SPEC.describe_action(state, seat, action))
        if state.phase not in ("bid", "setup"):  # every offered label, not only the chosen
            seen.extend(
                SPEC.describe_action(state, seat, a) for a in SPEC.legal_actions(state, seat)
            )
        for event in result.events:
            seen.append(event.text)

    for preset, players in (("source", 4), ("euro1999", 5), ("ah1996", 3)):
        options = Options.model_validate(
            {"players": players, "preset": preset, "end_condition": "epochs_1"}
        )
        play(options, seed=11, checked=False, on_step=step)
    return seen


def test_aor_catalog_keys_exist_in_both_languages() -> None:
    assert set(EN) == set(KO)
    for text in _texts():
        assert text.key in EN, text.key
        assert render(text, EN)
        assert render(text, KO)


def test_aor_catalog_korean_has_no_latin_words_or_ids() -> None:
    for text in _texts():
        out = render(text, KO)
        assert not LATIN.search(out), (text.key, out)
    for key, entry in KO.items():
        if key == "renaissance.rules.topics":
            continue
        values = entry.values() if isinstance(entry, dict) else [entry]
        for value in values:
            stripped = re.sub(r"\{[a-z_]+\}", "", value)
            assert not LATIN.search(stripped), (key, value)


def test_aor_catalog_platform_keys() -> None:
    assert "renaissance.title" in EN
    topics = EN["renaissance.rules.topics"].split(",")
    for topic in topics:
        assert f"renaissance.rules.title.{topic}" in EN
        assert f"renaissance.rules.{topic}" in KO
    from rules.renaissance.describe import GROUPS

    for group in set(GROUPS.values()):
        assert f"renaissance.group.{group}" in KO
    for category in ("advances", "cash", "misery", "chaos"):
        assert f"renaissance.score.{category}" in KO
