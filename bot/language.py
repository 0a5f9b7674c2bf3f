"""Which language each reader reads, and the translators for one game's texts.

Channel posts follow the server's locale; ephemeral replies the user's (what Discord says the
interaction's locale is). Player names are escaped for message text and kept as they are for
pictures and button labels.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import Translator, language_of
from bot.service import names_of
from db.store import GameRecord


def lang_of(interaction: discord.Interaction[Any]) -> str:
    return language_of(interaction.locale)


def guild_lang(channel: Any) -> str:
    guild = getattr(channel, "guild", None)
    return language_of(getattr(guild, "preferred_locale", None))


def translator(game: GameRecord, lang: str) -> Translator:
    """For message text: player names escaped (``bot.i18n.escape_name``)."""
    return Translator(lang, names_of(game))


def picture_translator(game: GameRecord, lang: str) -> Translator:
    """For images and button labels: player names as they are. A summary drawn up with it
    is escaped before it goes into a message (``Presenter.board_file``, ``private_file``)."""
    return Translator(lang, names_of(game, raw=True))
