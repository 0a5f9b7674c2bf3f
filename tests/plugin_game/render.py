"""Sealed Bids images: a small table of seats, coins, points and who has bid (test-only)."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from render import Marks, RenderedImage, Translate, kit
from rules.core import View
from tests.plugin_game.rules import SealedView


def _lines(view: SealedView, tr: Translate) -> list[str]:
    lines = [tr("sealed.board.round", round=view.round, rounds=view.rounds)]
    for s in view.seats:
        state = tr("sealed.board.has_bid") if s.has_bid else tr("sealed.board.waiting")
        lines.append(
            tr("sealed.board.seat", seat=s.seat, coins=s.coins, points=s.points, state=state)
        )
    return lines


def _png(lines: list[str]) -> bytes:
    image = Image.new("RGB", (640, 60 + 44 * len(lines)), kit.PAPER)
    draw = ImageDraw.Draw(image)
    for i, line in enumerate(lines):
        draw.text((24, 24 + 44 * i), line, font=kit.font(26), fill=kit.INK)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def render_board(view: View, tr: Translate) -> RenderedImage:
    assert isinstance(view, SealedView)
    lines = _lines(view, tr)
    return RenderedImage(png=_png(lines), filename="sealed.png", summary=" / ".join(lines))


def render_choices(view: View, tr: Translate, marks: Marks) -> RenderedImage | None:
    """The coin track 0..9 with each mark's number on its coin."""
    image = Image.new("RGB", (640, 120), kit.PAPER)
    draw = ImageDraw.Draw(image)
    places = {f"coin:{n}": (30 + 60 * n, 60) for n in range(10)}
    legend = []
    for number, anchor in marks:
        x, y = places[anchor]
        draw.ellipse((x - 22, y - 22, x + 22, y + 22), outline=kit.INK, width=3)
        draw.text((x, y), str(number), font=kit.font(26), fill=kit.INK, anchor="mm")
        legend.append(tr("sealed.choice_mark", number=number, count=int(anchor.split(":")[1])))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return RenderedImage(
        png=out.getvalue(), filename="sealed-choices.png", summary=", ".join(legend)
    )


def render_private(view: View, tr: Translate) -> RenderedImage | None:
    assert isinstance(view, SealedView) and view.viewer is not None
    me = next(s for s in view.seats if s.seat == view.viewer)
    line = (
        tr("sealed.private.bid", count=me.bid)
        if me.bid is not None
        else tr("sealed.private.no_bid", coins=me.coins)
    )
    return RenderedImage(png=_png([line]), filename="sealed-private.png", summary=line)
