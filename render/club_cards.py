"""Pictures of the club's record: a small card per player (``/game stats``) and a game's
leaderboard (``/game leaderboard``), drawn from text already in the reader's words (the
message carries the same text), within the image limits."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from PIL import Image, ImageDraw

from render import RenderedImage, kit

WIDTH = 760
PAD = 28
TITLE = 34
ROW = 40
LINE = 34
MAX_LINES = 30


class CardText(Protocol):
    """A card's words (``bot.club_record.Card``)."""

    @property
    def title(self) -> str: ...

    @property
    def rows(self) -> list[tuple[str, str]]: ...

    @property
    def lines(self) -> list[str]: ...

    @property
    def note(self) -> str: ...


def _height(card: CardText) -> int:
    lines = min(len(card.lines), MAX_LINES) + (1 if card.note else 0)
    return PAD * 2 + TITLE + 20 + ROW * len(card.rows) + LINE * lines + (12 if card.rows else 0)


def _draw_card(card: CardText, width: int) -> Image.Image:
    image = kit.new_canvas(width, _height(card), kit.PANEL)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width - 1, image.height - 1), outline=kit.PANEL_EDGE, width=3)
    inner = width - 2 * PAD
    title_font = kit.font(TITLE, bold=True)
    draw.text((PAD, PAD), kit.shorten(card.title, inner, title_font), font=title_font, fill=kit.INK)
    y = PAD + TITLE + 20
    label_font, value_font = kit.font(24), kit.font(26, bold=True)
    for label, value in card.rows:
        draw.text(
            (PAD, y), kit.shorten(label, inner * 0.6, label_font), font=label_font, fill=kit.MUTED
        )
        draw.text(
            (width - PAD, y), kit.safe_text(value), font=value_font, fill=kit.INK, anchor="ra"
        )
        y += ROW
    if card.rows:
        draw.line((PAD, y, width - PAD, y), fill=kit.PANEL_EDGE, width=2)
        y += 12
    line_font = kit.font(22)
    for line in card.lines[:MAX_LINES]:
        draw.text((PAD, y), kit.shorten(line, inner, line_font), font=line_font, fill=kit.INK)
        y += LINE
    if card.note:
        note_font = kit.font(18)
        draw.text(
            (PAD, y), kit.shorten(card.note, inner, note_font), font=note_font, fill=kit.MUTED
        )
    return image


def render_cards(cards: Sequence[CardText], filename: str) -> RenderedImage:
    """The cards one below the other (a stats card per player, or one leaderboard)."""
    parts = [_draw_card(card, WIDTH) for card in cards]
    image = kit.stack(parts, gap=16)
    summary = "\n\n".join(
        "\n".join([c.title, *(f"{a}: {b}" for a, b in c.rows), *c.lines, c.note]).strip()
        for c in cards
    )
    return RenderedImage(png=kit.encode_png(image), filename=filename, summary=summary)
