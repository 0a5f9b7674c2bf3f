"""One translation function for every user-facing string.

Catalogs are JSON files mapping a message id to a ``str.format`` template, or to plural forms
(``{"one": "…", "other": "…"}``, chosen by the ``count`` argument). The bot's own messages
live in ``bot/locales/<lang>/*.json``; each game ships ``<its package>/locales/<lang>.json``
(``rules/<key>/locales/``), found through the game registry, so adding a game adds its
catalogs without touching this module.

Output follows the reader's Discord locale; Korean (``ko``) falls back to English per key, and
a key missing everywhere is shown as the key itself (and logged once), so a missing
translation never breaks a command. A test checks that both catalogs are complete.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from discord.utils import escape_markdown

from bot.josa import settle_particles
from rules.core import Text
from rules.registry import GAMES

log = logging.getLogger(__name__)

LANGUAGES = ("en", "ko")
DEFAULT = "en"
_SEAT = re.compile(r"^p[1-9]$")

Entry = str | dict[str, str]


def _check(where: str, data: object) -> dict[str, Entry]:
    if not isinstance(data, dict):
        raise ValueError(f"locale file {where} must be a JSON object")
    for key, value in data.items():
        ok = isinstance(value, str) or (
            isinstance(value, dict)
            and "other" in value
            and all(isinstance(v, str) and k in ("zero", "one", "other") for k, v in value.items())
        )
        if not ok:
            raise ValueError(f"locale file {where}: {key!r} must be a string or plural forms")
    return data


def _merge(merged: dict[str, Entry], where: str, data: dict[str, Entry]) -> None:
    dupes = merged.keys() & data.keys()
    if dupes:
        raise ValueError(f"locale keys defined twice ({where}): {sorted(dupes)[:5]}")
    merged.update(data)


_catalogs: dict[str, dict[str, Entry]] = {}
"""Each language's catalog for the games registered as in ``_registered``."""
_registered: tuple[Any, ...] = ()


def catalog(lang: str) -> dict[str, Entry]:
    """Every message of one language: the bot's own plus each registered game's. Called for
    every message shown (captions make thousands a minute): the registry is compared, not
    sorted, each time; a game registered or removed since reads the catalogs again."""
    global _registered
    games = tuple(GAMES.values())  # a game's key is its spec's (rules.registry.register)
    if games != _registered:
        _catalogs.clear()
        _registered = games
    found = _catalogs.get(lang)
    if found is None:
        found = _catalog(lang, tuple(sorted((s.key, s.package) for s in games)))
        _catalogs[lang] = found
    return found


@cache
def _catalog(lang: str, packages: tuple[tuple[str, str], ...]) -> dict[str, Entry]:
    merged: dict[str, Entry] = {}
    folder = resources.files("bot").joinpath("locales", lang)
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            where = f"bot/locales/{lang}/{entry.name}"
            _merge(merged, where, _check(where, json.loads(entry.read_text(encoding="utf-8"))))
    for _key, package in packages:
        source = resources.files(package).joinpath("locales", f"{lang}.json")
        if source.is_file():
            where = f"{package}/locales/{lang}.json"
            _merge(merged, where, _check(where, json.loads(source.read_text(encoding="utf-8"))))
    return merged


def escape_name(name: str) -> str:
    """A player's name as the bot writes it in a message: Discord markdown escaped, and every
    ``@`` broken by a zero-width space so no ``@everyone``, ``@here`` or ``<@…>`` in a name
    can become a mention. (Pictures and button labels show names as they are; a text drawn
    up with them, such as an image's summary, is escaped the same way before it is sent.)"""
    return escape_markdown(name).replace("@", "@\u200b")


def has(key: str) -> bool:
    """Is ``key`` a message id (in the English catalog, which is complete by test)?"""
    return key in catalog(DEFAULT)


def language_of(locale: object) -> str:
    """Map a Discord locale (``discord.Locale`` or its string, e.g. ``ko``, ``en-US``) to a catalog."""
    value = str(getattr(locale, "value", locale) or DEFAULT).lower()
    return "ko" if value.startswith("ko") else DEFAULT


@cache
def _warn_missing(key: str) -> None:
    log.warning("missing translation key %s", key)


def _template(key: str, lang: str, count: object) -> str | None:
    entry = catalog(lang).get(key)
    if entry is None:
        entry = catalog(DEFAULT).get(key)
    if entry is None or isinstance(entry, str):
        return entry
    if isinstance(count, int):
        if count == 0 and "zero" in entry:
            return entry["zero"]
        if count == 1 and "one" in entry:
            return entry["one"]
    return entry["other"]


def _show(value: Any, lang: str, names: Mapping[str, str], sep: str | None = None) -> Any:
    if isinstance(value, Text):
        return tx(value, lang, names)
    if isinstance(value, str) and _SEAT.match(value):
        return names.get(value, value)
    if isinstance(value, list):
        joiner = t("core.list_separator", lang) if sep is None else sep
        return joiner.join(str(_show(v, lang, names)) for v in value)
    return value


def t(key: str, lang: str = DEFAULT, /, names: Mapping[str, str] | None = None, **args: Any) -> str:
    """Translate ``key`` into ``lang``; seat ids among ``args`` become player names, nested
    ``Text`` arguments are translated (a list joined by the list separator, or one item per
    line for an argument named ``lines``), ``count`` picks the plural form; Korean particles
    written in both forms (``이(가)``) are settled by the word filled in before them."""
    template = _template(key, lang, args.get("count"))
    if template is None:
        _warn_missing(key)
        return key
    shown = {
        k: _show(v, lang, names or {}, "\n" if k == "lines" else None) for k, v in args.items()
    }
    try:
        out = template.format(**shown)
    except (KeyError, IndexError, ValueError):
        log.exception("bad arguments for translation %s: %r", key, args)
        return template
    return settle_particles(out) if lang == "ko" else out


def tx(text: Text, lang: str = DEFAULT, names: Mapping[str, str] | None = None) -> str:
    """Translate a rules ``Text`` (or ``Event.text``)."""
    return t(text.key, lang, names=names, **text.args)


@dataclass(frozen=True)
class Translator:
    """A reader's language and the table's names: what renderers and presenters translate with.

    ``tr("key", count=2)`` translates a message id, ``tr.text(Text)`` a rules text and
    ``tr.name("p1")`` gives a seat's player name.
    """

    lang: str = DEFAULT
    names: Mapping[str, str] = field(default_factory=dict)

    def __call__(self, key: str, /, **args: Any) -> str:
        return t(key, self.lang, names=self.names, **args)

    def text(self, text: Text) -> str:
        return tx(text, self.lang, self.names)

    def name(self, seat: str) -> str:
        return self.names.get(seat, seat)

    def has(self, key: str) -> bool:
        return has(key)
