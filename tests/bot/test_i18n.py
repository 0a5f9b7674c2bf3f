"""The translation function and the catalogs (docs/architecture.md "Language")."""

from __future__ import annotations

import json
import re
from importlib import resources

import discord

from bot.i18n import LANGUAGES, Entry, catalog, language_of, t, tx
from rules.core import Text
from rules.registry import GAMES


def test_korean_locale_selects_korean_catalog() -> None:
    assert language_of(discord.Locale.korean) == "ko"
    assert language_of("en-US") == "en"
    assert language_of(None) == "en"
    assert t("error.no_game", "ko") != t("error.no_game", "en")


def test_seat_ids_become_player_names() -> None:
    text = Text(key="core.to_act", args={"who": "p2"})
    assert tx(text, "en", {"p2": "Alice"}) == "To act: Alice"


def test_missing_key_shows_key_instead_of_failing() -> None:
    assert t("no.such.key") == "no.such.key"


def _fields(entry: Entry) -> set[str]:
    forms = [entry] if isinstance(entry, str) else list(entry.values())
    return {f for form in forms for f in re.findall(r"{(\w+)}", form)}


def test_every_language_has_the_same_keys_and_placeholders() -> None:
    """Every game's catalogs and the bot's are complete in both languages (issue 7)."""
    english = catalog("en")
    for lang in LANGUAGES:
        other = catalog(lang)
        assert set(other) == set(english), (
            f"{lang} differs: {sorted(set(other) ^ set(english))[:10]}"
        )
        for key, entry in other.items():
            assert _fields(entry) == _fields(english[key]), f"{lang}:{key} placeholders differ"


def test_every_registered_game_ships_both_catalogs() -> None:
    for spec in GAMES.values():
        for lang in LANGUAGES:
            source = resources.files(spec.package).joinpath("locales", f"{lang}.json")
            assert source.is_file(), f"{spec.key} has no {lang} catalog"
            data = json.loads(source.read_text(encoding="utf-8"))
            assert all(k.startswith((f"{spec.key}.", f"cmd.{spec.key}")) for k in data), spec.key


def test_plural_forms_follow_count() -> None:
    assert t("core.winners", "en", winners=["p1"], count=1) == "Winner: p1"
    assert t("core.winners", "en", names={"p1": "A", "p2": "B"}, winners=["p1", "p2"], count=2) == (
        "Winners: A, B"
    )


def test_nested_texts_are_translated_in_the_readers_language() -> None:
    inner = Text(key="core.colour.sky")
    assert t("core.lobby_options", "ko", options=inner) == t(
        "core.lobby_options", "ko", options="하늘"
    )


async def test_slash_descriptions_follow_the_korean_locale() -> None:
    from discord import app_commands

    from bot.client import CatalogTranslator

    translator = CatalogTranslator()
    text = app_commands.locale_str("Open a new game in this channel", key="cmd.game.new")
    korean = await translator.translate(text, discord.Locale.korean, None)  # type: ignore[arg-type]
    assert korean == catalog("ko")["cmd.game.new"]
    assert await translator.translate(text, discord.Locale.american_english, None) is None  # type: ignore[arg-type]


def test_every_option_of_every_game_has_a_name_in_both_languages() -> None:
    """The lobby shows a game's options in the reader's words, never as field names."""
    missing = [
        f"{key}.option.{name}"
        for key, spec in GAMES.items()
        for name in spec.Options.model_fields
        if name != "players" and f"{key}.option.{name}" not in catalog("en")
    ]
    assert not missing, missing
