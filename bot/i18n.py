"""One translation function for every user-facing string.

Catalogs are flat JSON files ``bot/locales/<lang>/<namespace>.json`` (key -> ``str.format``
template). Output follows the user's Discord locale; Korean (``ko``) falls back to English
per key, and a key missing everywhere is shown as the key itself (and logged once), so a
missing translation never breaks a command.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from rules.core import Text

log = logging.getLogger(__name__)

LANGUAGES = ("en", "ko")
DEFAULT = "en"
_SEAT = re.compile(r"^p[1-9]$")


@cache
def catalog(lang: str) -> dict[str, str]:
    """Every message of one language, merged from its namespace files."""
    merged: dict[str, str] = {}
    folder = resources.files("bot").joinpath("locales", lang)
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".json"):
            continue
        data = json.loads(entry.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
            raise ValueError(f"locale file {lang}/{entry.name} must map keys to strings")
        dupes = merged.keys() & data.keys()
        if dupes:
            raise ValueError(f"locale keys defined twice in {lang}: {sorted(dupes)[:5]}")
        merged.update(data)
    return merged


def language_of(locale: object) -> str:
    """Map a Discord locale (``discord.Locale`` or its string, e.g. ``ko``, ``en-US``) to a catalog."""
    value = str(getattr(locale, "value", locale) or DEFAULT).lower()
    return "ko" if value.startswith("ko") else DEFAULT


@cache
def _warn_missing(key: str) -> None:
    log.warning("missing translation key %s", key)


def _show(value: Any, names: Mapping[str, str]) -> Any:
    if isinstance(value, str) and _SEAT.match(value):
        return names.get(value, value)
    if isinstance(value, list):
        return ", ".join(str(_show(v, names)) for v in value)
    return value


def t(key: str, lang: str = DEFAULT, /, names: Mapping[str, str] | None = None, **args: Any) -> str:
    """Translate ``key`` into ``lang``; seat ids among ``args`` become player names."""
    template = catalog(lang).get(key) or catalog(DEFAULT).get(key)
    if template is None:
        _warn_missing(key)
        return key
    shown = {k: _show(v, names or {}) for k, v in args.items()}
    try:
        return template.format(**shown)
    except (KeyError, IndexError, ValueError):
        log.exception("bad arguments for translation %s: %r", key, args)
        return template


def tx(text: Text, lang: str = DEFAULT, names: Mapping[str, str] | None = None) -> str:
    """Translate a rules ``Text`` (or ``Event.text``)."""
    return t(text.key, lang, names=names, **text.args)
