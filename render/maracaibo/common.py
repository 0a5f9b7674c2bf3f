"""Shared pieces of the Maracaibo images: fonts (recorded for the phone rule), seat styles
(Jean included), nation colours, short card labels and small drawing helpers.

Every image is ``WIDTH`` px wide, so the smallest text is ``TEXT`` px: at least 14 px when the
whole image is shown 400 px wide. Every word comes from the reader's ``Translate``.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render import Translate, kit
from rules.maracaibo.view import MaracaiboView

R = "maracaibo.render."
WIDTH = 760
TEXT = kit.min_font(WIDTH)  # 27 px
BIG = TEXT + 5
NATIONS = ("FR", "ES", "EN")
NATION_COLOUR: dict[str, kit.RGB] = {
    "FR": (40, 80, 170),
    "ES": (200, 150, 20),
    "EN": (190, 40, 40),
}
JEAN_STYLE = kit.SeatStyle((90, 90, 90), "J", "hexagon", "black")
HEADER = (44, 62, 80)
CITY = (236, 214, 160)
VILLAGE = (190, 220, 170)
HOME = (170, 200, 230)
ROUTE = (120, 140, 160)


min_font = kit.min_font
font = kit.font
recording_fonts = kit.recording_fonts
cached = kit.text_layer


# ------------------------------------------------------------------------------ views


def as_view(view: object) -> MaracaiboView:
    if not isinstance(view, MaracaiboView):
        raise TypeError(f"render.maracaibo needs a MaracaiboView, got {type(view).__name__}")
    return view


def seats_of(view: MaracaiboView) -> list[str]:
    return list(view.players)


def styles_of(view: MaracaiboView) -> dict[str, kit.SeatStyle]:
    styles = kit.styles_for(seats_of(view))
    styles["jean"] = JEAN_STYLE
    return styles


def style(styles: dict[str, kit.SeatStyle], seat: str) -> kit.SeatStyle:
    return styles.get(seat, JEAN_STYLE)


def seat_name(seat: str, tr: Translate) -> str:
    """A player's name; Jean (the solo automa) is named by the catalog in both languages."""
    return tr("maracaibo.jean") if seat == "jean" else tr.name(seat)


def seat_tag(seat: str, styles: dict[str, kit.SeatStyle], tr: Translate) -> str:
    """Name with colour and letter, for summaries (colour is never the only cue)."""
    st = style(styles, seat)
    colour = tr(f"core.colour.{st.name}")
    mark = tr(f"{R}mark.{st.letter}")  # the letter in English; Korean names the colour only
    return tr(R + "seat_tag", name=seat_name(seat, tr), colour=colour, mark=mark)


def digits(component: str) -> int:
    found = "".join(ch for ch in component if ch.isdigit())
    return int(found) if found else 0


def card_short(card: str, tr: Translate) -> str:
    """A project card's short label (deck letter and number, as printed on the card)."""
    return tr(R + "card_short", deck=card[:1], number=digits(card))


# ------------------------------------------------------------------------------ drawing


def text(
    d: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    words: str,
    size: int = TEXT,
    bold: bool = False,
    fill: kit.Colour = kit.INK,
    anchor: str = "la",
    max_width: float | None = None,
) -> float:
    """Draw ``words``; returns their width (cut with an ellipsis to ``max_width``)."""
    fnt = font(size, bold)
    if max_width is not None:
        words = kit.shorten(words, max_width, fnt)
    kit.label(d, xy, words, fnt, fill=fill, anchor=anchor)
    return fnt.getlength(kit.safe_text(words))


def piece(img: Image.Image, st: kit.SeatStyle, centre: tuple[float, float], r: int = 15) -> None:
    kit.paste(img, kit.seat_piece(st, r), centre)


def nation_flag(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    nation: str,
    centre: tuple[float, float],
    tr: Translate,
) -> None:
    """An ownership marker: the nation's colour with its initial (from the catalog)."""
    x, y = centre
    d.rounded_rectangle(
        (x - 19, y - 17, x + 19, y + 17),
        radius=6,
        fill=NATION_COLOUR.get(nation, kit.MUTED),
        outline=kit.INK,
        width=2,
    )
    text(d, (x, y), tr(f"{R}nation_short.{nation}"), TEXT, True, kit.WHITE, "mm")


def header_band(img: Image.Image, d: ImageDraw.ImageDraw, title: str, height: int = 60) -> int:
    d.rectangle((0, 0, img.width, height), fill=HEADER)
    text(d, (18, height / 2), title, BIG, True, kit.WHITE, "lm", img.width - 36)
    return height


PALETTE = "maracaibo"


def flat_text(
    img: Image.Image,
    xy: tuple[float, float],
    words: str,
    size: int = TEXT,
    bold: bool = False,
    fill: kit.RGB = kit.INK,
    anchor: str = "la",
    max_width: float | None = None,
    bg: kit.RGB = kit.PAPER,
) -> None:
    """``text`` on a ``kit.palette_canvas`` (the text lies on ``bg``)."""
    fnt = font(size, bold)
    if max_width is not None:
        words = kit.shorten(words, max_width, fnt)
    kit.flat_label(img, xy, words, fnt, fill, bg, PALETTE, anchor)


def flat_header(img: Image.Image, d: ImageDraw.ImageDraw, title: str, height: int = 60) -> int:
    """``header_band`` on a ``kit.palette_canvas``."""
    d.rectangle((0, 0, img.width, height), fill=kit.palette_index(HEADER, PALETTE))
    flat_text(img, (18, height / 2), title, BIG, True, kit.WHITE, "lm", img.width - 36, HEADER)
    return height


def encode(img: Image.Image) -> bytes:
    return kit.encode_png_palette(img, PALETTE)


def wrap(words: str, width: float, size: int = TEXT) -> list[str]:
    """``words`` broken into lines that fit ``width`` (at spaces; Korean has spaces too)."""
    return list(_wrapped(words, width, size))


@lru_cache(maxsize=4096)
def _wrapped(words: str, width: float, size: int) -> tuple[str, ...]:
    """``wrap``, once per text (a part measures its card texts for its height, then draws
    them, and the next view shows most of them again)."""
    fnt = font(size)
    lines: list[str] = []
    current = ""
    for word in words.split(" "):
        trial = f"{current} {word}" if current else word
        if current and fnt.getlength(kit.safe_text(trial)) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return tuple(lines)
