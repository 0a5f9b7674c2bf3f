"""The translation function and the catalogs (design.md "Language")."""

from __future__ import annotations

import json
import re
from importlib import resources

import discord

from bot.i18n import LANGUAGES, catalog, language_of, t, tx
from rules.core import Text


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


def test_every_language_has_the_same_keys_and_placeholders() -> None:
    english = catalog("en")
    for lang in LANGUAGES:
        other = catalog(lang)
        assert set(other) == set(english), (
            f"{lang} differs: {sorted(set(other) ^ set(english))[:10]}"
        )
        for key, template in other.items():
            fields = set(re.findall(r"{(\w+)}", template))
            assert fields == set(re.findall(r"{(\w+)}", english[key])), (
                f"{lang}:{key} placeholders differ"
            )


def test_catalog_files_are_flat_string_maps() -> None:
    for lang in LANGUAGES:
        for entry in resources.files("bot").joinpath("locales", lang).iterdir():
            if entry.name.endswith(".json"):
                data = json.loads(entry.read_text(encoding="utf-8"))
                assert all(isinstance(v, str) for v in data.values()), entry.name


async def test_slash_descriptions_follow_the_korean_locale() -> None:
    from discord import app_commands

    from bot.client import CatalogTranslator

    translator = CatalogTranslator()
    text = app_commands.locale_str("Open a new game in this channel", key="cmd.game.new")
    korean = await translator.translate(text, discord.Locale.korean, None)  # type: ignore[arg-type]
    assert korean == catalog("ko")["cmd.game.new"]
    assert await translator.translate(text, discord.Locale.american_english, None) is None  # type: ignore[arg-type]
