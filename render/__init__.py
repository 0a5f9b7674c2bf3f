"""Board images drawn from a game's ``View`` (never from raw state), one module per game.

A game's renderer is the module its ``GameSpec.renderer`` names (``render.<key>`` by
convention). It offers ``render_board(view, tr)`` for the public board and
``render_private(view, tr)`` for a seat's private panel (its hand, its screen), or ``None``
for open-information games; optionally ``BOARD_PARTS`` with ``render_board_part(view, tr,
part)`` when the board is drawn in several images (``render_board`` is the first part), and
``render_choices(view, tr, marks)`` for pictures of numbered spatial choices. A renderer
whose parts may stay the same from one post to the next declares what each part's picture
reads: ``part_inputs(view, part)``, that slice of the view (any value ``pydantic_core.to_json``
writes, or bytes; ``None``: the part is always drawn), with ``part_caption(view, tr, part)``,
the file name and summary of the part drawn without drawing it; the bot then draws a part again
only when its slice changed (``bot.rendering.PartPictures``). ``private_inputs(view)`` likewise
declares what a seat's private panel (picture and summary) is drawn from. ``tr`` is the reader's :class:`Translate` (language and player
names): every word on an image and in its summary comes from it, so images are drawn in the
viewer's language. Both return a :class:`RenderedImage` whose ``summary`` is a short
description of the image for people who cannot see it; it is written from the same view, so
it can never say more than the image shows. Pillow is used here and nowhere else.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

import pydantic_core

from rules.core import Text, View
from rules.registry import GAMES


@dataclass(frozen=True)
class RenderedImage:
    """A PNG image ready to attach, its file name, and a text summary of what it shows."""

    png: bytes
    filename: str
    summary: str


class Translate(Protocol):
    """The reader's language and the table's player names (``bot.i18n.Translator``)."""

    @property
    def lang(self) -> str: ...

    def __call__(self, key: str, /, **args: Any) -> str: ...

    def text(self, text: Text) -> str: ...

    def name(self, seat: str) -> str: ...


class GameRenderer(Protocol):
    def render_board(self, view: View, tr: Translate) -> RenderedImage: ...

    def render_private(self, view: View, tr: Translate) -> RenderedImage | None: ...


Marks = Sequence[tuple[int, str]]
"""(number, anchor): spatial menu choices to mark on a picture with the menu's numbers."""


class UnknownGameError(KeyError):
    """No renderer exists for the view's game."""

    def __str__(self) -> str:
        return str(self.args[0])


def renderer_for(game: str) -> GameRenderer:
    spec = GAMES.get(game)
    if spec is None:
        known = ", ".join(sorted(GAMES))
        raise UnknownGameError(f"no board renderer for game {game!r}; known: {known}")
    return cast(GameRenderer, importlib.import_module(spec.renderer))


def render_board(view: View, tr: Translate) -> RenderedImage:
    """The public board image of ``view`` (use the public view, ``viewer=None``, for channels)."""
    return renderer_for(view.game).render_board(view, tr)


def board_parts(view: View) -> list[str]:
    """The parts a game's board is drawn in (``["board"]`` unless the renderer splits it,
    e.g. a map and the player mats); the first part is what channel posts carry."""
    parts = getattr(renderer_for(view.game), "BOARD_PARTS", None)
    return list(parts) if parts else ["board"]


def render_board_part(view: View, tr: Translate, part: str) -> RenderedImage:
    """One part of the public board (``board_parts``); ``"board"`` is the whole board."""
    module = renderer_for(view.game)
    draw = getattr(module, "render_board_part", None)
    if draw is None or part == "board":
        return module.render_board(view, tr)
    image: RenderedImage = draw(view, tr, part)
    return image


def part_inputs(view: View, part: str) -> bytes | None:
    """A digest of everything the picture of board part ``part`` shows: of the slice of
    ``view`` the game's renderer declares that part reads (its ``part_inputs``), with the
    part's name. Two views with the same digest draw the same picture of that part (for one
    reader: the language and the names are not in it). ``None`` when the renderer declares
    nothing for the part: it is drawn every time."""
    module = renderer_for(view.game)
    declared = getattr(module, "part_inputs", None)
    if declared is None:
        return None
    read = declared(view, part)
    if read is None:
        return None
    digest = hashlib.blake2b(part.encode(), digest_size=16)
    digest.update(read if isinstance(read, bytes) else pydantic_core.to_json(read))
    return digest.digest()


def private_inputs(view: View) -> bytes | None:
    """A digest of everything ``render_private`` draws of the seat's ``view`` (picture and
    summary): of the slice the game's renderer declares (its ``private_inputs``). ``None``
    when it declares none: the panel is drawn every time."""
    declared = getattr(renderer_for(view.game), "private_inputs", None)
    read = declared(view) if declared is not None else None
    if read is None:
        return None
    data = read if isinstance(read, bytes) else pydantic_core.to_json(read)
    return hashlib.blake2b(data, digest_size=16).digest()


def part_caption(view: View, tr: Translate, part: str) -> tuple[str, str]:
    """The file name and the text summary ``render_board_part`` gives part ``part`` of
    ``view``, without drawing its picture (the summary tells the whole board; it is written
    again for every post). A renderer that declares ``part_inputs`` gives its
    ``part_caption``; for any other the part is drawn."""
    module = renderer_for(view.game)
    caption = getattr(module, "part_caption", None)
    if caption is None:
        image = render_board_part(view, tr, part)
        return image.filename, image.summary
    filename, summary = caption(view, tr, part)
    return str(filename), str(summary)


def render_choices(view: View, tr: Translate, marks: Marks) -> RenderedImage | None:
    """A picture of the board with each mark's number at its anchor (the acting player's
    private view, so it may show their own hand's places), or ``None`` if the game's renderer
    does not draw choices. Its summary lists every number with the place it marks."""
    module = renderer_for(view.game)
    draw = getattr(module, "render_choices", None)
    if draw is None or not marks:
        return None
    image: RenderedImage | None = draw(view, tr, marks)
    return image


def render_private(view: View, tr: Translate) -> RenderedImage | None:
    """The private panel of ``view.viewer`` (hand, screen), or ``None`` if the game has none."""
    if view.viewer is None:
        raise ValueError("render_private needs a seat's view (viewer is None)")
    return renderer_for(view.game).render_private(view, tr)


__all__ = [
    "GameRenderer",
    "Marks",
    "RenderedImage",
    "Translate",
    "UnknownGameError",
    "part_caption",
    "part_inputs",
    "private_inputs",
    "render_board",
    "render_choices",
    "render_private",
    "renderer_for",
]
