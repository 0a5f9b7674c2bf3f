"""Pieces of the bot's Discord messages: a drawn image as an attachment, a private menu."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

import discord

from render import RenderedImage


def file_of(image: RenderedImage) -> discord.File:
    """A drawn image as an attachment (its text summary as the description)."""
    return discord.File(
        io.BytesIO(image.png), filename=image.filename, description=image.summary[:1000]
    )


@dataclass(frozen=True)
class Menu:
    """A private menu message: text, its buttons/selects, and a picture of spatial choices."""

    content: str
    view: discord.ui.View
    picture: discord.File | None = None

    def send_kwargs(self) -> dict[str, Any]:
        out: dict[str, Any] = {"view": self.view}
        if self.picture is not None:
            out["file"] = self.picture
        return out

    def edit_kwargs(self) -> dict[str, Any]:
        """For editing a menu in place: the picture is replaced (or removed)."""
        return {
            "content": self.content,
            "view": self.view,
            "attachments": [self.picture] if self.picture is not None else [],
        }
