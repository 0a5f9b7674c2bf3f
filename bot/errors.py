"""User-facing errors and the one path every failure takes to the user.

A ``UserError`` carries a catalog key and is answered ephemerally, changing nothing. Anything
else is a bug: the user gets a short "something went wrong" and the traceback goes to the
log, never to the channel. The command tree's ``on_error`` and the components' callbacks both
end in :func:`answer_error`, so no handler needs its own guard.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from bot.i18n import language_of, t
from rules.core import Text

log = logging.getLogger(__name__)


def echo(text: str, limit: int = 40) -> str:
    """User input quoted back in a refusal, cut short."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class UserError(Exception):
    """Something the user asked for that cannot happen; ``key``/``args`` name the message.

    ``names`` maps seat ids among the arguments to player names.
    """

    def __init__(self, key: str, /, names: Mapping[str, str] | None = None, **args: Any) -> None:
        super().__init__(key)
        self.key = key
        self.args_ = args
        self.names = dict(names or {})


class RulesRefused(UserError):
    """The engine refused an action (``RuleViolation``); its text is shown translated."""

    def __init__(self, text: Text, names: Mapping[str, str] | None = None) -> None:
        super().__init__("error.rules", names=names, message=text)


async def send_ephemeral(
    interaction: discord.Interaction[Any], content: str, **kwargs: Any
) -> None:
    """Answer ephemerally: the response if none was sent yet, else a follow-up."""
    kwargs.setdefault("ephemeral", True)
    if interaction.response.is_done():
        await interaction.followup.send(content, **kwargs)
    else:
        await interaction.response.send_message(content, **kwargs)


def unwrap(error: BaseException) -> BaseException:
    """The exception a command or transformer raised, out of discord.py's wrappers."""
    while isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        inner = error.__cause__ if isinstance(error, app_commands.TransformerError) else None
        error = getattr(error, "original", None) or inner or error
        if not isinstance(error, app_commands.AppCommandError):
            break
    return error


async def answer_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """The one error path: a user error becomes its message, anything else is logged."""
    error = unwrap(error)
    lang = language_of(interaction.locale)
    if isinstance(error, UserError):
        text = t(error.key, lang, names=error.names, **error.args_)
    elif isinstance(error, app_commands.CheckFailure):
        text = t("error.forbidden", lang)
    else:
        log.error("interaction %s failed", interaction.id, exc_info=error)
        text = t("error.internal", lang)
    try:
        await send_ephemeral(interaction, text)
    except discord.HTTPException:
        log.warning("could not tell user %s about an error", interaction.user.id)
