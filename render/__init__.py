"""Board images drawn from a game's ``View`` (never from raw state), one module per game.

``render_board(view)`` draws the public board; ``render_private(view)`` draws a seat's private
panel (its hand, its screen), or returns ``None`` for open-information games. Both return a
:class:`RenderedImage` whose ``summary`` is a short English description of the image for
people who cannot see it; it is written from the same view, so it can never say more than
the image shows. Pillow is used here and nowhere else in the project.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Protocol, cast

from rules.core import View


@dataclass(frozen=True)
class RenderedImage:
    """A PNG image ready to attach, its file name, and a text summary of what it shows."""

    png: bytes
    filename: str
    summary: str


class GameRenderer(Protocol):
    def render_board(self, view: View, names: Mapping[str, str] | None = None) -> RenderedImage: ...

    def render_private(
        self, view: View, names: Mapping[str, str] | None = None
    ) -> RenderedImage | None: ...


# game key -> module under render/ that draws it
RENDERERS: dict[str, str] = {
    "ilos": "render.ilos",
    "endeavor": "render.endeavor",
}


class UnknownGameError(KeyError):
    """No renderer exists for the view's game."""

    def __str__(self) -> str:
        return str(self.args[0])


def renderer_for(game: str) -> GameRenderer:
    try:
        module_name = RENDERERS[game]
    except KeyError:
        known = ", ".join(sorted(RENDERERS))
        raise UnknownGameError(f"no board renderer for game {game!r}; known: {known}") from None
    module: ModuleType = importlib.import_module(module_name)
    return cast(GameRenderer, module)


def render_board(view: View, names: Mapping[str, str] | None = None) -> RenderedImage:
    """The public board image of ``view`` (use the public view, ``viewer=None``, for channels).

    ``names`` optionally maps seat ids to display names (any script, Korean included) for the
    legend; without it seats are labelled by their ids.
    """
    return renderer_for(view.game).render_board(view, names)


def render_private(view: View, names: Mapping[str, str] | None = None) -> RenderedImage | None:
    """The private panel of ``view.viewer`` (hand, screen), or ``None`` if the game has none."""
    if view.viewer is None:
        raise ValueError("render_private needs a seat's view (viewer is None)")
    return renderer_for(view.game).render_private(view, names)


__all__ = [
    "RENDERERS",
    "RenderedImage",
    "UnknownGameError",
    "render_board",
    "render_private",
    "renderer_for",
]
