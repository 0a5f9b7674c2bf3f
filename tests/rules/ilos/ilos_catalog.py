"""Ilos's own catalogs read directly (only the bot's pure particle helper): formatting of ``Text`` the way
``bot.i18n`` does it (nested texts, lists, plural forms by ``count``, seats as names), and a
record of every key used, so the rules tests check labels and events against both languages."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from bot.josa import settle_particles
from rules.core import Text

LOCALES = Path(__file__).resolve().parents[3] / "rules" / "ilos" / "locales"
SEAT = re.compile(r"^p[1-9]$")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}|\b[A-Za-z]\b")
RAW_ID = re.compile(r"\bT\d\d\b|\bp\d\.\d\b|\b[a-z]+_[a-z_]+\b|\bilos\.")
"""Tile ids (``T04``), region and spot ids (``T04.a.2``), ship ids (``p1.2``), snake_case ids
(``gold_mine``) and untranslated catalog keys."""


@cache
def catalog(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
    return data


def _template(lang: str, key: str, count: object) -> str:
    entry = catalog(lang)[key]
    if isinstance(entry, str):
        return entry
    assert isinstance(entry, dict) and "other" in entry, f"{lang}:{key} is not plural forms"
    if count == 1 and "one" in entry:
        return str(entry["one"])
    return str(entry["other"])


def show(
    lang: str, text: Text, names: dict[str, str] | None = None, used: set[str] | None = None
) -> str:
    """``text`` in ``lang``; every key met goes into ``used``; a missing key fails."""
    assert text.key in catalog(lang), f"missing {lang} catalog key {text.key}"
    if used is not None:
        used.add(text.key)
    names = names or {}

    def one(value: Any) -> Any:
        if isinstance(value, Text):
            return show(lang, value, names, used)
        if isinstance(value, list):
            return ", ".join(str(one(v)) for v in value)
        if isinstance(value, str) and SEAT.match(value):
            return names.get(value, value)
        return value

    shown = {k: one(v) for k, v in text.args.items()}
    out = _template(lang, text.key, text.args.get("count")).format(**shown)
    return settle_particles(out) if lang == "ko" else out
