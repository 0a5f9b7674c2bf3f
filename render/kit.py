"""The shared drawing kit: fonts, the seat palette, shapes, icons, cached layers and PNG output.

Everything here draws with Pillow primitives only (no image assets besides the shipped fonts).
Small things that must look smooth (pieces, icons, hexagon tiles) are drawn at a higher scale
and shrunk once, then cached, so a board costs little more than pasting sprites.
Cached images are shared: callers paste or composite them and never draw on them.
"""

from __future__ import annotations

import bisect
import hashlib
import io
import itertools
import math
import re
import struct
import unicodedata
import weakref
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal, ParamSpec, TypeVar

from isal import isal_zlib
from PIL import Image, ImageDraw, ImageFont
from pydantic import BaseModel, Field, StringConstraints

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Colour = RGB | RGBA
Box = tuple[float, float, float, float]
Point = tuple[float, float]

# Oversampling factor for sprites and cached layers (drawn big, shrunk once: anti-aliasing).
SUPERSAMPLE = 4

# ---------------------------------------------------------------------------------- colours

INK: RGB = (33, 37, 41)
PAPER: RGB = (250, 246, 236)
PANEL: RGB = (255, 252, 245)
PANEL_EDGE: RGB = (196, 184, 160)
MUTED: RGB = (110, 110, 110)
WHITE: RGB = (255, 255, 255)
SEA: RGB = (120, 178, 214)
LAND: RGB = (214, 196, 140)
HIGHLIGHT: RGB = (220, 40, 40)

# Okabe-Ito, the palette designed to stay distinct under the common colour-vision deficiencies.
# Each seat also has a letter and a shape, so colour is never the only cue.
ShapeName = Literal["circle", "square", "triangle", "diamond", "pentagon", "hexagon"]


@dataclass(frozen=True)
class SeatStyle:
    """How one seat is drawn: a colour, a letter and a shape, and a legible text colour."""

    colour: RGB
    letter: str
    shape: ShapeName
    name: str  # colour id; its words are the catalog entry ``core.colour.<name>``

    @property
    def text_colour(self) -> RGB:
        return INK if luminance(self.colour) > 0.45 else WHITE


SEAT_STYLES: tuple[SeatStyle, ...] = (
    SeatStyle((230, 159, 0), "A", "circle", "orange"),
    SeatStyle((0, 114, 178), "B", "square", "blue"),
    SeatStyle((0, 158, 115), "C", "triangle", "green"),
    SeatStyle((240, 228, 66), "D", "diamond", "yellow"),
    SeatStyle((204, 121, 167), "E", "pentagon", "purple"),
    SeatStyle((86, 180, 233), "F", "hexagon", "sky"),
)
"""Six seats, colour-blind safe (Okabe-Ito colours), each also told apart by letter and shape."""


# Colour names a game's data may give its seats, mapped onto safe shades.
NAMED_COLOURS: dict[str, RGB] = {
    "orange": (230, 159, 0),
    "blue": (0, 114, 178),
    "green": (0, 158, 115),
    "yellow": (240, 228, 66),
    "purple": (204, 121, 167),
    "black": (45, 45, 45),
    "red": (213, 94, 0),
    "sky": (86, 180, 233),
    "white": (245, 245, 245),
}

EXACT_COLOURS: tuple[RGB, ...] = (
    *(s.colour for s in SEAT_STYLES),
    *NAMED_COLOURS.values(),
    *(INK, PAPER, PANEL, PANEL_EDGE, MUTED, WHITE, SEA, LAND, HIGHLIGHT),
)
"""The kit's colours every fixed palette holds exactly (``encode_png_palette``): seats and
neutrals come out of the PNG as drawn."""


def styles_for(seats: Sequence[str], colours: Sequence[str] | None = None) -> dict[str, SeatStyle]:
    """Seat -> style: letters A-F and shapes in seat order; colours by name if the game names them."""
    out: dict[str, SeatStyle] = {}
    for i, seat in enumerate(seats):
        base = SEAT_STYLES[i % len(SEAT_STYLES)]
        if colours is not None and i < len(colours) and colours[i] in NAMED_COLOURS:
            base = SeatStyle(NAMED_COLOURS[colours[i]], base.letter, base.shape, colours[i])
        out[seat] = base
    return out


def luminance(colour: Colour) -> float:
    r, g, b = colour[:3]
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


def mix(a: Colour, b: Colour, t: float) -> RGB:
    """Blend ``a`` toward ``b`` by ``t`` (0 = a, 1 = b)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def darker(colour: Colour, t: float = 0.35) -> RGB:
    return mix(colour, (0, 0, 0), t)


def lighter(colour: Colour, t: float = 0.5) -> RGB:
    return mix(colour, (255, 255, 255), t)


# ------------------------------------------------------------------------------------ fonts

FontFile = Literal["NanumSquareR.ttf", "NanumSquareB.ttf"]


@lru_cache(maxsize=8)
def _font_file(filename: FontFile) -> str | bytes:
    """The font's path, for FreeType to read (every size of it shares the file's pages), or
    its bytes when the package is not on disk (each size then holds its own copy, 0.7 MiB:
    forty sizes were 30 MiB of a render worker)."""
    source = resources.files("render").joinpath("fonts", filename)
    return str(source) if isinstance(source, Path) else source.read_bytes()


class _MeasuredFont(ImageFont.FreeTypeFont):
    """A font that remembers the widths it measured: boards measure the same names, numbers
    and words again on every view (wrapping, shortening, placing labels), and each
    measurement lays the text out anew."""

    WIDTHS_KEPT = 20_000

    def __init__(self, data: str | bytes, size: int) -> None:
        super().__init__(data if isinstance(data, str) else io.BytesIO(data), size)
        self._widths: dict[str | bytes, float] = {}

    def getlength(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
    ) -> float:
        if mode or direction or features or language:
            return super().getlength(text, mode, direction, features, language)
        width = self._widths.get(text)
        if width is None:
            if len(self._widths) >= self.WIDTHS_KEPT:
                self._widths.clear()
            width = self._widths[text] = super().getlength(text)
        return width


@lru_cache(maxsize=128)
def _font(size: int, bold: bool) -> ImageFont.FreeTypeFont:
    return _MeasuredFont(_font_file("NanumSquareB.ttf" if bold else "NanumSquareR.ttf"), size)


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The shipped Hangul-capable NanumSquare font at ``size`` px (cached per size); the size
    is recorded while :func:`recording_fonts` runs."""
    sizes = _FONT_SIZES.get()
    if sizes is not None:
        sizes.append(size)
    return _font(size, bold)


# ------------------------------------------------------------------ phone legibility
# docs/architecture.md, "Rendering": text on an image at least 14 px when the whole image is shown 400 px wide.

PHONE_WIDTH = 400
PHONE_MIN_TEXT = 14

_FONT_SIZES: ContextVar[list[int] | None] = ContextVar("font_sizes", default=None)
_TEXT_LAYERS: list[Callable[[], None]] = []
C = TypeVar("C")


def min_font(width: int) -> int:
    """The smallest text size allowed on an image ``width`` px wide (14 px at 400 px)."""
    return math.ceil(PHONE_MIN_TEXT * width / PHONE_WIDTH)


def register_text_layer(clear: Callable[[], None]) -> None:
    """Register how to empty a cached drawing that holds text, so that
    :func:`recording_fonts` empties it and its text is drawn (and recorded) again."""
    _TEXT_LAYERS.append(clear)


def text_layer(fn: C) -> C:
    """Decorator form of :func:`register_text_layer` for ``lru_cache``-wrapped drawings."""
    register_text_layer(fn.cache_clear)  # type: ignore[attr-defined]
    return fn


def clear_text_layers() -> None:
    for clear in _TEXT_LAYERS:
        clear()


@contextmanager
def recording_fonts() -> Iterator[list[int]]:
    """Collect every text size drawn inside the block (the legibility tests assert on it)."""
    clear_text_layers()
    sizes: list[int] = []
    token = _FONT_SIZES.set(sizes)
    try:
        yield sizes
    finally:
        _FONT_SIZES.reset(token)


@lru_cache(maxsize=4096)
def _has_glyph(ch: str) -> bool:
    fnt = _font(20, False)  # measuring, not drawing
    missing = fnt.getmask("\uffff")
    mask = fnt.getmask(ch)
    return not (mask.size == missing.size and bytes(mask) == bytes(missing))


_REPLACEMENTS = {
    "\u2212": "-",
    "\u2013": "-",
    "\u2018": "'",
    "\u2019": "'",
    "\u201c": '"',
    "\u201d": '"',
}


def safe_text(text: str) -> str:
    """``text`` with characters the shipped font lacks replaced (accents dropped: Gorée -> Goree)."""
    if text.isascii():
        return text
    return _safe_text(text)


@lru_cache(maxsize=16_384)
def _safe_text(text: str) -> str:
    """``safe_text`` of a text with non-ASCII characters (boards show the same names and card
    texts on every view: each is checked once)."""
    out: list[str] = []
    for ch in text:
        if ord(ch) < 128 or ch.isspace() or _has_glyph(ch):
            out.append(ch)
            continue
        if ch in _REPLACEMENTS:
            out.append(_REPLACEMENTS[ch])
            continue
        base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
        out.append(base if base and all(_has_glyph(c) or ord(c) < 128 for c in base) else "?")
    return "".join(out)


def shorten(text: str, max_width: float, fnt: ImageFont.FreeTypeFont) -> str:
    """``text``, cut with an ellipsis so that it fits ``max_width``."""
    text = safe_text(text)
    if fnt.getlength(text) <= max_width:
        return text
    while text and fnt.getlength(text + "…") > max_width:
        text = text[:-1]
    return text + "…"


# ----------------------------------------------------------------------------------- labels


@lru_cache(maxsize=8192)
def _text_sprite(
    text: str,
    fnt: ImageFont.FreeTypeFont,
    fill: Colour,
    stroke: int,
    stroke_fill: Colour,
    anchor: str,
) -> tuple[Image.Image, tuple[int, int]]:
    """Rendered text on a transparent sprite and its offset from the anchor point (cached:
    boards repeat the same labels, and pasting a sprite is cheaper than rendering glyphs)."""
    box = fnt.getbbox(text, anchor=anchor, stroke_width=stroke)
    left, top, right, bottom = (
        math.floor(box[0]),
        math.floor(box[1]),
        math.ceil(box[2]),
        math.ceil(box[3]),
    )
    sprite = Image.new("RGBA", (max(1, right - left + 2), max(1, bottom - top + 2)), (0, 0, 0, 0))
    ImageDraw.Draw(sprite).text(
        (1 - left, 1 - top),
        text,
        font=fnt,
        fill=fill,
        anchor=anchor,
        stroke_width=stroke,
        stroke_fill=stroke_fill,
    )
    return sprite, (left - 1, top - 1)


def label(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    fnt: ImageFont.FreeTypeFont,
    fill: Colour = INK,
    outline: Colour | None = None,
    stroke: int = 0,
    anchor: str = "la",
) -> None:
    """Text with an optional outline (stroke), readable on any background."""
    if outline is not None and stroke == 0:
        stroke = max(2, round(fnt.size / 9))
    text = safe_text(text)
    stroke_fill = outline if outline is not None else fill
    target = getattr(draw, "_image", None)
    if isinstance(target, Image.Image) and target.mode in ("RGB", "RGBA") and text:
        sprite, (ox, oy) = _text_sprite(text, fnt, fill, stroke, stroke_fill, anchor)
        target.paste(sprite, (round(xy[0] + ox), round(xy[1] + oy)), sprite)
        return
    draw.text(
        xy, text, font=fnt, fill=fill, anchor=anchor, stroke_width=stroke, stroke_fill=stroke_fill
    )


def badge(
    draw: ImageDraw.ImageDraw,
    centre: Point,
    text: str,
    fnt: ImageFont.FreeTypeFont,
    fill: Colour = INK,
    text_fill: Colour = WHITE,
    pad: float = 6,
) -> Box:
    """A pill with centred text (counts, prices). Returns its box."""
    text = safe_text(text)
    w = max(fnt.getlength(text), fnt.size * 0.6) + 2 * pad
    h = fnt.size + pad
    x, y = centre
    box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
    draw.rounded_rectangle(box, radius=h / 2, fill=fill)
    label(draw, (x, y), text, fnt, fill=text_fill, anchor="mm")  # a cached sprite
    return box


def panel(
    draw: ImageDraw.ImageDraw,
    box: Box,
    fill: Colour = PANEL,
    outline: Colour = PANEL_EDGE,
    radius: float = 18,
    width: int = 3,
    title: str | None = None,
    title_font: ImageFont.FreeTypeFont | None = None,
    title_fill: Colour = INK,
    band: Colour | None = None,
) -> float:
    """A rounded panel with an optional title band; returns the y where the content starts."""
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)
    x0, y0, x1, _ = box
    if title is None:
        return y0 + radius / 2
    fnt = title_font or font(30, bold=True)
    band_h = fnt.size + 20
    if band is not None:
        draw.rounded_rectangle(
            (x0, y0, x1, y0 + band_h), radius=radius, fill=band, corners=(True, True, False, False)
        )
        draw.line((x0, y0 + band_h, x1, y0 + band_h), fill=outline, width=width)
    at = (x0 + 18, y0 + band_h / 2)
    if float(at[0]).is_integer() and float(at[1]).is_integer():
        # a cached sprite (a board draws its panels' titles again and again): at a whole
        # pixel, the pixels the text drawn in place has
        label(draw, at, title, fnt, fill=title_fill, anchor="lm")
    else:
        draw.text(at, safe_text(title), font=fnt, fill=title_fill, anchor="lm")
    return y0 + band_h + 10


# ------------------------------------------------------------------------------- geometry


def hexagon(centre: Point, size: float, flat_top: bool = True) -> list[Point]:
    """Corner points of a regular hexagon with circumradius ``size``."""
    cx, cy = centre
    start = 0.0 if flat_top else 30.0
    return [
        (
            cx + size * math.cos(math.radians(start + 60 * i)),
            cy + size * math.sin(math.radians(start + 60 * i)),
        )
        for i in range(6)
    ]


def regular_polygon(
    centre: Point, radius: float, sides: int, rotation: float = -90.0
) -> list[Point]:
    cx, cy = centre
    return [
        (
            cx + radius * math.cos(math.radians(rotation + 360 * i / sides)),
            cy + radius * math.sin(math.radians(rotation + 360 * i / sides)),
        )
        for i in range(sides)
    ]


def star(centre: Point, outer: float, inner: float, points: int = 5) -> list[Point]:
    cx, cy = centre
    out: list[Point] = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.radians(-90 + 180 * i / points)
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def shape_points(shape: ShapeName, centre: Point, radius: float) -> list[Point] | None:
    """Outline of a seat shape; ``None`` for the circle (drawn as an ellipse)."""
    cx, cy = centre
    if shape == "circle":
        return None
    if shape == "square":
        r = radius * 0.86
        return [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    if shape == "triangle":
        return regular_polygon((cx, cy + radius * 0.18), radius * 1.18, 3)
    if shape == "diamond":
        return regular_polygon(centre, radius * 1.12, 4)
    if shape == "hexagon":
        return regular_polygon(centre, radius * 1.02, 6)
    return regular_polygon(centre, radius * 1.04, 5)


def draw_shape(
    draw: ImageDraw.ImageDraw,
    shape: ShapeName,
    centre: Point,
    radius: float,
    fill: Colour,
    outline: Colour,
    width: int,
) -> None:
    pts = shape_points(shape, centre, radius)
    if pts is None:
        cx, cy = centre
        draw.ellipse(
            (cx - radius, cy - radius, cx + radius, cy + radius),
            fill=fill,
            outline=outline,
            width=width,
        )
    else:
        draw.polygon(pts, fill=fill, outline=outline, width=width)


# ----------------------------------------------------------------------- sprites and cache

P = ParamSpec("P")
T = TypeVar("T")


def static_layer(
    maxsize: int = 64,
) -> Callable[[Callable[P, Image.Image]], Callable[P, Image.Image]]:
    """Cache a function returning a pre-rendered RGBA layer, keyed by its (hashable) arguments.

    Pass what identifies the data drawn (a data set's hash) among the arguments so that a
    changed data set draws a new layer. The cached image is shared: paste or composite it, never draw on it.
    """

    def wrap(fn: Callable[P, Image.Image]) -> Callable[P, Image.Image]:
        return lru_cache(maxsize=maxsize)(fn)  # type: ignore[return-value]

    return wrap


def _shrink(big: Image.Image, size: tuple[int, int]) -> Image.Image:
    return big.resize(size, Image.Resampling.LANCZOS)


@static_layer(maxsize=512)
def piece(
    shape: ShapeName, colour: RGB, radius: int, letter: str = "", ring: RGB = INK
) -> Image.Image:
    """A player piece: the seat's shape in its colour with its letter, anti-aliased."""
    s = SUPERSAMPLE
    pad = 3
    side = 2 * (radius + pad)
    big = Image.new("RGBA", (side * s, side * s), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    c = (side * s / 2, side * s / 2)
    draw_shape(d, shape, c, radius * s, colour, ring, max(2, round(radius * s / 7)))
    if letter:
        text_col = INK if luminance(colour) > 0.45 else WHITE
        # the seat letter is part of the piece's icon, not text to read
        fnt = _font(round(radius * s * (0.95 if shape != "triangle" else 0.8)), True)
        cy = c[1] + (radius * s * 0.2 if shape == "triangle" else 0)
        d.text((c[0], cy), letter, font=fnt, fill=text_col, anchor="mm")
    return _shrink(big, (side, side))


PASTE_PLAN = "kit.paste_plan"
"""Where ``plan_paste`` keeps a sprite's plan, in the sprite's ``info``."""
_OPAQUE = [255 if v == 255 else 0 for v in range(256)]
_OPAQUE_RUN = re.compile(rb"\xff{16,}")  # columns worth a paste of their own
_PLAN_BOXES: dict[bytes, list[tuple[tuple[int, int, int, int], bool]]] = {}
"""The boxes of a plan (and whether each is blended) by the digest of the sprite's alpha:
sprites of one shape (tiles of one size) share them."""


def plan_paste(sprite: Image.Image) -> Image.Image:
    """Mark a large shared RGBA sprite (a cached layer, never drawn on again, pasted many
    times) as worth a plan, and return it: from its second ``paste`` on, it is pasted by the
    plan (``_paste_plan``), the same pixels as one blended paste, for a fraction of the
    blending on a sprite such as a hex tile, opaque but near its edges. The plan is made at
    the second paste: a sprite drawn ahead of its use, or used once, costs none."""
    if sprite.mode == "RGBA":
        # with the sprite it is made for: a copy of the sprite (Image.copy copies info) drawn
        # on afterwards is pasted whole
        sprite.info[PASTE_PLAN] = (weakref.ref(sprite), None)
    return sprite


_Plan = list[tuple[int, int, int, int, Any, bool]]


def _paste_plan(sprite: Image.Image, bands: int = 12) -> _Plan:
    """How to paste ``sprite`` by parts: it is cut into ``bands`` horizontal bands; in each,
    runs of columns opaque in every row are copied as they are (alpha 255 blends to the
    sprite's own pixel), the columns between them are blended by their alpha (trimmed to
    where it is not 0; a fully transparent part is skipped). Parts are (x, y, width, height,
    Pillow's core image, blended)."""
    alpha = sprite.getchannel("A")
    key = struct.pack(">II", *sprite.size) + hashlib.blake2b(alpha.tobytes()).digest()
    boxes = _PLAN_BOXES.get(key)
    if boxes is None:
        boxes = _plan_boxes(alpha, bands)
        if len(_PLAN_BOXES) >= 256:
            _PLAN_BOXES.clear()
        _PLAN_BOXES[key] = boxes
    sprite.load()
    core = sprite.im  # cut by Pillow's core: a tile's plan has about fifty parts
    plan: _Plan = []
    for box, blended in boxes:
        part = core.crop(box) if blended else core.crop(box).convert("RGB")
        plan.append((box[0], box[1], box[2] - box[0], box[3] - box[1], part, blended))
    return plan


def _plan_boxes(alpha: Image.Image, bands: int) -> list[tuple[tuple[int, int, int, int], bool]]:
    width, height = alpha.size
    boxes: list[tuple[tuple[int, int, int, int], bool]] = []
    step = min(255, max(1, -(-height // bands)))
    opaque = alpha.point(_OPAQUE)  # 255 where opaque, else 0
    for top in range(0, height, step):
        bottom = min(height, top + step)
        # per column, the mean of 255 (opaque) or 0 over the band's rows: 255 only where
        # every row is opaque (a band is far fewer than 510 rows: one 0 lowers the mean)
        row = opaque.crop((0, top, width, bottom)).reduce((1, bottom - top)).tobytes()
        spans: list[tuple[int, int]] = []  # blended: between the copied runs
        x = 0
        for run in _OPAQUE_RUN.finditer(row):
            boxes.append(((run.start(), top, run.end(), bottom), False))
            spans.append((x, run.start()))
            x = run.end()
        spans.append((x, width))
        for x0, x1 in spans:
            if x1 <= x0:
                continue
            seen = alpha.crop((x0, top, x1, bottom)).getbbox()
            if seen is not None:  # else fully transparent
                boxes.append(((x0 + seen[0], top + seen[1], x0 + seen[2], top + seen[3]), True))
    return boxes


def paste(canvas: Image.Image, sprite: Image.Image, centre: Point) -> None:
    """Alpha-composite ``sprite`` onto ``canvas`` (RGB or RGBA) centred at ``centre`` (by
    parts, for an RGB canvas and a sprite marked by ``plan_paste``)."""
    x = round(centre[0] - sprite.width / 2)
    y = round(centre[1] - sprite.height / 2)
    made = sprite.info.get(PASTE_PLAN) if canvas.mode == "RGB" else None
    if made is None or made[0]() is not sprite:
        canvas.paste(sprite, (x, y), sprite)
        return
    plan = made[1]
    if not isinstance(plan, list):
        if plan is None:  # the first paste
            canvas.paste(sprite, (x, y), sprite)
            sprite.info[PASTE_PLAN] = (made[0], ())
            return
        plan = _paste_plan(sprite)
        sprite.info[PASTE_PLAN] = (made[0], plan)
    canvas.load()
    core = canvas.im  # its paste clips to the canvas as Image.paste does, without the checks
    for dx, dy, width, height, part, blended in plan:
        box = (x + dx, y + dy, x + dx + width, y + dy + height)
        if blended:
            core.paste(part, box, part)
        else:
            core.paste(part, box)


def seat_piece(style: SeatStyle, radius: int) -> Image.Image:
    return piece(style.shape, style.colour, radius, style.letter)


# ------------------------------------------------------------------------------------ icons

IconKind = Literal[
    "ship",
    "colonist",
    "fort",
    "trading_post",
    "skull",
    "ruins",
    "gold",
    "ebony",
    "spice",
    "dye",
    "site",
    "card",
    "deck",
    "coin",
    "gear",
    "book",
    "scroll",
    "star",
    "flag",
    "swords",
    "hand",
    "person",
    "crown",
    "anchor",
    "plant",
    "pick",
    "chart",
    "screen",
]


@static_layer(maxsize=512)
def icon(
    kind: IconKind,
    size: int,
    colour: RGB = INK,
    accent: RGB | None = None,
    supersample: int = SUPERSAMPLE,
) -> Image.Image:
    """A small icon drawn from primitives, ``size`` px square, transparent background;
    ``supersample=1`` for an icon drawn into a sprite that is itself drawn big and shrunk."""
    n = size * supersample
    img = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    _ICON_DRAWERS[kind](d, n, colour, accent)
    return img if supersample == 1 else _shrink(img, (size, size))


def _w(n: float) -> int:
    return max(1, round(n / 14))


def _icon_ship(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    hull = [(n * 0.08, n * 0.62), (n * 0.92, n * 0.62), (n * 0.76, n * 0.86), (n * 0.24, n * 0.86)]
    d.polygon(hull, fill=c, outline=darker(c, 0.5), width=_w(n) // 2 or 1)
    d.line((n * 0.5, n * 0.1, n * 0.5, n * 0.62), fill=darker(c, 0.5), width=_w(n))
    sail = a or WHITE
    d.polygon(
        [(n * 0.54, n * 0.12), (n * 0.86, n * 0.54), (n * 0.54, n * 0.54)],
        fill=sail,
        outline=darker(c, 0.5),
    )
    d.polygon(
        [(n * 0.46, n * 0.2), (n * 0.46, n * 0.54), (n * 0.2, n * 0.54)],
        fill=sail,
        outline=darker(c, 0.5),
    )


def _icon_colonist(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    d.ellipse((n * 0.34, n * 0.06, n * 0.66, n * 0.38), fill=c)
    d.rounded_rectangle((n * 0.2, n * 0.42, n * 0.8, n * 0.94), radius=n * 0.18, fill=c)


def _icon_fort(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    d.rectangle((n * 0.18, n * 0.34, n * 0.82, n * 0.92), fill=c)
    for i in range(3):
        x = n * (0.18 + i * 0.25)
        d.rectangle((x, n * 0.16, x + n * 0.14, n * 0.36), fill=c)
    d.rectangle((n * 0.42, n * 0.6, n * 0.58, n * 0.92), fill=a or WHITE)


def _icon_trading_post(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    d.polygon([(n * 0.08, n * 0.46), (n * 0.5, n * 0.1), (n * 0.92, n * 0.46)], fill=c)
    d.rectangle((n * 0.18, n * 0.44, n * 0.82, n * 0.9), fill=c)
    d.rectangle((n * 0.3, n * 0.56, n * 0.7, n * 0.72), fill=a or WHITE)


def _icon_skull(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    d.ellipse((n * 0.16, n * 0.08, n * 0.84, n * 0.7), fill=c)
    d.rounded_rectangle((n * 0.3, n * 0.5, n * 0.7, n * 0.9), radius=n * 0.08, fill=c)
    hole = a or WHITE
    d.ellipse((n * 0.28, n * 0.3, n * 0.46, n * 0.48), fill=hole)
    d.ellipse((n * 0.54, n * 0.3, n * 0.72, n * 0.48), fill=hole)
    d.polygon([(n * 0.5, n * 0.52), (n * 0.44, n * 0.62), (n * 0.56, n * 0.62)], fill=hole)
    for x in (0.4, 0.5, 0.6):
        d.line((n * x, n * 0.76, n * x, n * 0.9), fill=hole, width=_w(n) // 2 or 1)


def _icon_ruins(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    d.rectangle((n * 0.1, n * 0.82, n * 0.9, n * 0.92), fill=c)
    for x, top in ((0.18, 0.3), (0.44, 0.5), (0.7, 0.22)):
        d.rectangle((n * x, n * top, n * (x + 0.13), n * 0.82), fill=c)
    d.rectangle((n * 0.12, n * 0.2, n * 0.4, n * 0.3), fill=c)
    d.polygon(
        [(n * 0.6, n * 0.12), (n * 0.9, n * 0.12), (n * 0.9, n * 0.22), (n * 0.66, n * 0.22)],
        fill=c,
    )


def _icon_gold(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    edge = darker(c, 0.4)
    d.polygon(
        [(n * 0.1, n * 0.8), (n * 0.24, n * 0.52), (n * 0.76, n * 0.52), (n * 0.9, n * 0.8)],
        fill=c,
        outline=edge,
        width=_w(n) // 2 or 1,
    )
    d.polygon(
        [(n * 0.28, n * 0.48), (n * 0.38, n * 0.22), (n * 0.62, n * 0.22), (n * 0.72, n * 0.48)],
        fill=c,
        outline=edge,
        width=_w(n) // 2 or 1,
    )


def _icon_ebony(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    edge = darker(c, 0.5)
    d.rounded_rectangle(
        (n * 0.08, n * 0.34, n * 0.8, n * 0.66),
        radius=n * 0.05,
        fill=c,
        outline=edge,
        width=_w(n) // 2 or 1,
    )
    d.ellipse(
        (n * 0.66, n * 0.32, n * 0.94, n * 0.68),
        fill=lighter(c, 0.35),
        outline=edge,
        width=_w(n) // 2 or 1,
    )
    d.ellipse((n * 0.76, n * 0.44, n * 0.84, n * 0.56), outline=edge, width=_w(n) // 2 or 1)


def _icon_spice(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    edge = darker(c, 0.45)
    d.pieslice(
        (n * 0.1, n * 0.2, n * 0.9, n * 1.0), 180, 360, fill=c, outline=edge, width=_w(n) // 2 or 1
    )
    d.rectangle((n * 0.1, n * 0.6, n * 0.9, n * 0.7), fill=edge)
    d.rounded_rectangle(
        (n * 0.22, n * 0.66, n * 0.78, n * 0.9), radius=n * 0.08, fill=darker(c, 0.2), outline=edge
    )


def _icon_dye(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    d.ellipse((n * 0.2, n * 0.38, n * 0.8, n * 0.94), fill=c)
    d.polygon([(n * 0.5, n * 0.04), (n * 0.22, n * 0.58), (n * 0.78, n * 0.58)], fill=c)
    d.ellipse((n * 0.32, n * 0.56, n * 0.44, n * 0.7), fill=lighter(c, 0.5))


def _icon_site(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    d.rectangle((n * 0.14, n * 0.14, n * 0.86, n * 0.86), outline=c, width=_w(n))
    d.line((n * 0.14, n * 0.5, n * 0.86, n * 0.5), fill=c, width=_w(n) // 2 or 1)
    d.line((n * 0.5, n * 0.14, n * 0.5, n * 0.86), fill=c, width=_w(n) // 2 or 1)


def _icon_card(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    d.rounded_rectangle(
        (n * 0.2, n * 0.06, n * 0.8, n * 0.94),
        radius=n * 0.08,
        fill=a or WHITE,
        outline=c,
        width=_w(n),
    )
    d.ellipse((n * 0.38, n * 0.38, n * 0.62, n * 0.62), fill=c)


def _icon_deck(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    for i, off in enumerate((0.16, 0.08, 0.0)):
        d.rounded_rectangle(
            (n * (0.14 + off), n * (0.04 + off), n * (0.7 + off), n * (0.8 + off)),
            radius=n * 0.06,
            fill=(a or WHITE) if i == 2 else lighter(c, 0.6),
            outline=c,
            width=_w(n) // 2 or 1,
        )


def _icon_coin(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    d.ellipse((n * 0.08, n * 0.08, n * 0.92, n * 0.92), fill=c, outline=darker(c, 0.4), width=_w(n))
    d.ellipse((n * 0.28, n * 0.28, n * 0.72, n * 0.72), outline=lighter(c, 0.5), width=_w(n))


def _icon_gear(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    cx = cy = n / 2
    for i in range(8):
        ang = math.radians(i * 45)
        x, y = cx + n * 0.36 * math.cos(ang), cy + n * 0.36 * math.sin(ang)
        d.ellipse((x - n * 0.1, y - n * 0.1, x + n * 0.1, y + n * 0.1), fill=c)
    d.ellipse((n * 0.18, n * 0.18, n * 0.82, n * 0.82), fill=c)
    d.ellipse((n * 0.38, n * 0.38, n * 0.62, n * 0.62), fill=a or WHITE)


def _icon_book(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    # culture: a classical column front (temple)
    d.polygon([(n * 0.06, n * 0.34), (n * 0.5, n * 0.06), (n * 0.94, n * 0.34)], fill=c)
    for x in (0.14, 0.36, 0.58, 0.78):
        d.rectangle((n * x, n * 0.38, n * (x + 0.1), n * 0.8), fill=c)
    d.rectangle((n * 0.06, n * 0.82, n * 0.94, n * 0.94), fill=c)


def _icon_scroll(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    # influence: a seal / rosette with ribbons
    d.polygon(
        [(n * 0.3, n * 0.56), (n * 0.18, n * 0.96), (n * 0.38, n * 0.86), (n * 0.46, n * 0.62)],
        fill=c,
    )
    d.polygon(
        [(n * 0.7, n * 0.56), (n * 0.82, n * 0.96), (n * 0.62, n * 0.86), (n * 0.54, n * 0.62)],
        fill=c,
    )
    d.polygon(star((n * 0.5, n * 0.4), n * 0.38, n * 0.3, 10), fill=c)
    d.ellipse((n * 0.32, n * 0.22, n * 0.68, n * 0.58), fill=a or WHITE)
    d.ellipse((n * 0.4, n * 0.3, n * 0.6, n * 0.5), fill=c)


def _icon_star(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    d.polygon(star((n / 2, n * 0.54), n * 0.48, n * 0.2), fill=c, outline=darker(c, 0.4))


def _icon_flag(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    d.rectangle((n * 0.14, n * 0.04, n * 0.27, n * 0.96), fill=c)
    d.polygon([(n * 0.27, n * 0.06), (n * 0.92, n * 0.3), (n * 0.27, n * 0.6)], fill=c)


def _icon_swords(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    w = _w(n) * 2
    d.line((n * 0.16, n * 0.16, n * 0.84, n * 0.84), fill=c, width=w)
    d.line((n * 0.84, n * 0.16, n * 0.16, n * 0.84), fill=c, width=w)
    d.line((n * 0.58, n * 0.82, n * 0.82, n * 0.58), fill=c, width=w)
    d.line((n * 0.18, n * 0.58, n * 0.42, n * 0.82), fill=c, width=w)


def _icon_hand(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    # payment: a disc with a return arrow
    d.ellipse((n * 0.3, n * 0.3, n * 0.9, n * 0.9), fill=c)
    d.arc((n * 0.06, n * 0.06, n * 0.62, n * 0.62), 150, 330, fill=c, width=_w(n) * 2)
    d.polygon([(n * 0.5, n * 0.02), (n * 0.66, n * 0.2), (n * 0.44, n * 0.26)], fill=c)


def _icon_person(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    d.ellipse((n * 0.14, n * 0.14, n * 0.86, n * 0.86), fill=c, outline=darker(c, 0.4), width=_w(n))


def _icon_crown(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    d.polygon(
        [
            (n * 0.08, n * 0.8),
            (n * 0.08, n * 0.3),
            (n * 0.3, n * 0.52),
            (n * 0.5, n * 0.18),
            (n * 0.7, n * 0.52),
            (n * 0.92, n * 0.3),
            (n * 0.92, n * 0.8),
        ],
        fill=c,
        outline=darker(c, 0.4),
        width=_w(n) // 2 or 1,
    )


def _icon_anchor(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    w = _w(n) * 2
    d.ellipse((n * 0.38, n * 0.04, n * 0.62, n * 0.28), outline=c, width=w)
    d.line((n * 0.5, n * 0.28, n * 0.5, n * 0.9), fill=c, width=w)
    d.line((n * 0.28, n * 0.4, n * 0.72, n * 0.4), fill=c, width=w)
    d.arc((n * 0.12, n * 0.38, n * 0.88, n * 0.92), 20, 160, fill=c, width=w)


def _icon_plant(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    d.line((n * 0.5, n * 0.94, n * 0.5, n * 0.34), fill=c, width=_w(n) * 2)
    d.ellipse((n * 0.08, n * 0.3, n * 0.5, n * 0.58), fill=c)
    d.ellipse((n * 0.5, n * 0.14, n * 0.92, n * 0.42), fill=c)
    d.ellipse((n * 0.34, n * 0.02, n * 0.66, n * 0.3), fill=c)
    d.rectangle((n * 0.24, n * 0.84, n * 0.76, n * 0.96), fill=a or c)


def _icon_pick(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    d.line((n * 0.22, n * 0.92, n * 0.7, n * 0.3), fill=a or darker(c, 0.3), width=_w(n) * 2)
    d.arc((n * 0.14, n * 0.06, n * 0.98, n * 0.9), 200, 330, fill=c, width=_w(n) * 2)


def _icon_chart(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    for i, h in enumerate((0.3, 0.5, 0.74)):
        x = n * (0.1 + i * 0.28)
        d.rectangle((x, n * (0.94 - h), x + n * 0.22, n * 0.94), fill=c)
    d.line((n * 0.1, n * 0.5, n * 0.5, n * 0.28, n * 0.86, n * 0.08), fill=a or c, width=_w(n))


def _icon_screen(d: ImageDraw.ImageDraw, n: float, c: RGB, a: RGB | None) -> None:
    d.polygon(
        [(n * 0.04, n * 0.2), (n * 0.34, n * 0.1), (n * 0.34, n * 0.86), (n * 0.04, n * 0.94)],
        fill=c,
    )
    d.polygon(
        [(n * 0.34, n * 0.1), (n * 0.66, n * 0.1), (n * 0.66, n * 0.86), (n * 0.34, n * 0.86)],
        fill=lighter(c, 0.25),
    )
    d.polygon(
        [(n * 0.66, n * 0.1), (n * 0.96, n * 0.2), (n * 0.96, n * 0.94), (n * 0.66, n * 0.86)],
        fill=c,
    )


_ICON_DRAWERS: dict[str, Callable[[ImageDraw.ImageDraw, float, RGB, RGB | None], None]] = {
    "ship": _icon_ship,
    "colonist": _icon_colonist,
    "fort": _icon_fort,
    "trading_post": _icon_trading_post,
    "skull": _icon_skull,
    "ruins": _icon_ruins,
    "gold": _icon_gold,
    "ebony": _icon_ebony,
    "spice": _icon_spice,
    "dye": _icon_dye,
    "site": _icon_site,
    "card": _icon_card,
    "deck": _icon_deck,
    "coin": _icon_coin,
    "gear": _icon_gear,
    "book": _icon_book,
    "scroll": _icon_scroll,
    "star": _icon_star,
    "flag": _icon_flag,
    "swords": _icon_swords,
    "hand": _icon_hand,
    "person": _icon_person,
    "crown": _icon_crown,
    "anchor": _icon_anchor,
    "plant": _icon_plant,
    "pick": _icon_pick,
    "chart": _icon_chart,
    "screen": _icon_screen,
}


def paste_icon(
    canvas: Image.Image,
    kind: IconKind,
    centre: Point,
    size: int,
    colour: RGB = INK,
    accent: RGB | None = None,
) -> None:
    paste(canvas, icon(kind, size, colour, accent), centre)


# ----------------------------------------------------------- placed labels and choice marks


def overlaps(a: Box, b: Box) -> bool:
    """Whether two boxes share any area (touching edges do not count)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class Placer:
    """What is already drawn where on one image (texts, pieces, marks), so that a new label
    goes where it covers none of it. ``texts`` records every placed text box and its words:
    tests check that no two overlap and that each lies inside the picture."""

    CELL = 64
    """Side in px of the cells ``free`` looks up obstacles by: a box is checked only against
    the obstacles recorded in the cells it touches, not against every one (a crowded choice
    picture asks ``free`` tens of thousands of times over hundreds of obstacles)."""

    def __init__(self, width: float, height: float, top: float = 0) -> None:
        self.bounds: Box = (0, top, width, height)
        self.obstacles: list[Box] = []
        self.texts: list[tuple[Box, str]] = []
        self._cells: dict[tuple[int, int], list[Box]] = {}
        self._grids: dict[tuple[float, float, float], _CornerGrid] = {}

    def copy(self) -> Placer:
        out = Placer(self.bounds[2], self.bounds[3], self.bounds[1])
        out.obstacles = list(self.obstacles)
        out.texts = list(self.texts)
        out._cells = {cell: list(boxes) for cell, boxes in self._cells.items()}
        return out

    def _cells_of(self, box: Box) -> Iterator[tuple[int, int]]:
        c = self.CELL
        for i in range(math.floor(box[0] / c), math.floor(box[2] / c) + 1):
            for j in range(math.floor(box[1] / c), math.floor(box[3] / c) + 1):
                yield i, j

    def free(self, box: Box) -> bool:
        x0, y0, x1, y1 = self.bounds
        bx0, by0, bx1, by1 = box
        if bx0 < x0 or by0 < y0 or bx1 > x1 or by1 > y1:
            return False
        c, cells = self.CELL, self._cells
        rows = range(math.floor(by0 / c), math.floor(by1 / c) + 1)
        for i in range(math.floor(bx0 / c), math.floor(bx1 / c) + 1):
            for j in rows:
                near = cells.get((i, j))
                if near is not None:
                    for o in near:  # overlaps(box, o), written out: free is asked very often
                        if bx0 < o[2] and o[0] < bx1 and by0 < o[3] and o[1] < by1:
                            return False
        return True

    def block(self, box: Box, text: str | None = None) -> Box:
        """Record ``box`` as taken (and as a drawn text when ``text`` is given)."""
        self.obstacles.append(box)
        for cell in self._cells_of(box):
            self._cells.setdefault(cell, []).append(box)
        if text is not None:
            self.texts.append((box, text))
        return box

    def spots(
        self, size: tuple[float, float], anchor: Point, gap: float, rings: int = 6
    ) -> Iterator[Box]:
        """Every free box of ``size`` beside ``anchor``, nearest first (right, left, above,
        below, then the corners, then the same a little further out)."""
        w, h = size
        x, y = anchor
        for k in range(rings):
            g = gap + k * h * 0.75
            for bx, by in (
                (x + g, y - h / 2),
                (x - g - w, y - h / 2),
                (x - w / 2, y - g - h),
                (x - w / 2, y + g),
                (x + g * 0.7, y - g * 0.7 - h),
                (x + g * 0.7, y + g * 0.7),
                (x - g * 0.7 - w, y - g * 0.7 - h),
                (x - g * 0.7 - w, y + g * 0.7),
            ):
                box = (bx, by, bx + w, by + h)
                if self.free(box):
                    yield box

    def spot(
        self, size: tuple[float, float], anchor: Point, gap: float, rings: int = 6
    ) -> Box | None:
        """The first free box of ``size`` beside ``anchor`` (see :meth:`spots`), or ``None``."""
        return next(self.spots(size, anchor, gap, rings), None)

    def still_free(self, found: Iterable[Box]) -> list[Box]:
        """Those of ``found`` that are still free: what :meth:`spots` (or :meth:`anywhere`)
        finds now, when ``found`` is what it found earlier with the same arguments, since
        obstacles are only ever added (a box taken then is taken now)."""
        return [box for box in found if self.free(box)]

    def anywhere(self, size: tuple[float, float], anchor: Point, step: float) -> Iterator[Box]:
        """Every free box of ``size`` on a grid of ``step`` over the whole picture, nearest to
        ``anchor`` first (where :meth:`spots` finds nothing beside a crowded place). The grid
        remembers, per size and step, which of its corners an obstacle already covers
        (obstacles are only ever added), so only the others are sorted and checked: on a
        crowded picture nearly every corner is covered."""
        w, h = size
        x0, y0, _x1, _y1 = self.bounds
        key = (w, h, step)
        grid = self._grids.get(key)
        if grid is None or grid.seen > len(self.obstacles):
            grid = self._grids[key] = _CornerGrid(self.bounds, w, h, step)
        grid.catch_up(self.obstacles)
        rows = grid.rows
        corners = [
            (x0 + i * step, y0 + j * step)
            for i, j in (divmod(k, rows) for k in itertools.compress(range(grid.size), grid.open))
        ]
        ax, ay = anchor
        corners.sort(key=lambda c: (c[0] + w / 2 - ax) ** 2 + (c[1] + h / 2 - ay) ** 2)
        for bx, by in corners:
            box = (bx, by, bx + w, by + h)
            if self.free(box):
                yield box

    def crosses_text(self, a: Point, b: Point) -> bool:
        """Whether the segment from ``a`` to ``b`` runs over a recorded text."""
        steps = max(1, round(math.dist(a, b) / 3))
        # only texts near the segment's box (1 px wider: rounding) can hold one of its points
        left, right = min(a[0], b[0]) - 1, max(a[0], b[0]) + 1
        top, bottom = min(a[1], b[1]) - 1, max(a[1], b[1]) + 1
        near = [
            t
            for t, _w in self.texts
            if t[0] <= right and left <= t[2] and t[1] <= bottom and top <= t[3]
        ]
        if not near:
            return False
        xs = [a[0] + (b[0] - a[0]) * i / steps for i in range(steps + 1)]
        ys = [a[1] + (b[1] - a[1]) * i / steps for i in range(steps + 1)]
        # the points' x only grows (or only shrinks) along the segment: the points across a
        # text's width are one run of them, found by bisection
        rising = b[0] >= a[0]
        keyed = xs if rising else [-x for x in xs]
        for t in near:
            lo, hi = (t[0], t[2]) if rising else (-t[2], -t[0])
            run = range(bisect.bisect_left(keyed, lo), bisect.bisect_right(keyed, hi))
            if any(t[1] <= ys[i] <= t[3] for i in run):
                return True
        return False


class _CornerGrid:
    """The corners of :meth:`Placer.anywhere`'s grid for one box size and step, column by
    column (``i * rows + j`` is the corner ``(x0 + i * step, y0 + j * step)``), and which of
    them no obstacle seen so far overlaps (``open``: 1 where the box there may be free; the
    placer still checks it). A corner is shut only where :func:`overlaps` holds for the very
    box ``anywhere`` would try there, so no free box is ever skipped."""

    def __init__(self, bounds: Box, w: float, h: float, step: float) -> None:
        x0, y0, x1, y1 = bounds
        self.x0, self.y0, self.w, self.h, self.step = x0, y0, w, h, step
        self.cols = max(0, int((x1 - x0 - w) // step)) + 1
        self.rows = max(0, int((y1 - y0 - h) // step)) + 1
        self.size = self.cols * self.rows
        self.open = bytearray(b"\x01") * self.size
        self.seen = 0
        """How many of the placer's obstacles (the first ones, in order) are shut already."""

    @staticmethod
    def _span(start: float, step: float, length: float, count: int, lo: float, hi: float) -> range:
        """The indices ``k`` below ``count`` whose span ``start + k * step`` .. ``+ length``
        overlaps ``lo`` .. ``hi`` (touching does not count), by the same sums as the boxes."""
        if not (math.isfinite(lo) and math.isfinite(hi)):
            return range(0)  # left open: the placer's own check decides
        first = max(0, min(count, math.floor((lo - length - start) / step) - 1))
        while first < count and not lo < start + first * step + length:
            first += 1
        last = min(count - 1, max(-1, math.ceil((hi - start) / step) + 1))
        while last >= 0 and not start + last * step < hi:
            last -= 1
        return range(first, last + 1)

    def catch_up(self, obstacles: Sequence[Box]) -> None:
        """Shut the corners that the obstacles added since the last call cover."""
        rows, opened = self.rows, self.open
        for o in obstacles[self.seen :]:
            cols = self._span(self.x0, self.step, self.w, self.cols, o[0], o[2])
            run = self._span(self.y0, self.step, self.h, rows, o[1], o[3])
            if cols and run:
                shut = bytes(len(run))
                for i in cols:
                    opened[i * rows + run.start : i * rows + run.stop] = shut
        self.seen = len(obstacles)


@dataclass(frozen=True)
class Mark:
    """A numbered choice to draw: its words (``"3"`` or ``"3,4"``), the point it marks and
    the radius of what is drawn there (the number goes beside it, never over it)."""

    words: str
    at: Point
    radius: float
    ring: bool = True
    """Draw the ring (``False``: the caller outlines the place itself, e.g. a card)."""


MARK_FILL: RGB = HIGHLIGHT


def _leader_crosses_text(placer: Placer, at: Point, pill: Box, reach: float) -> bool:
    """Whether a pill this far from its place needs a line that would run over a name."""
    centre = ((pill[0] + pill[2]) / 2, (pill[1] + pill[3]) / 2)
    return math.dist(centre, at) > reach and placer.crosses_text(at, centre)


def mark_choices(img: Image.Image, placer: Placer, marks: Sequence[Mark], size: int) -> list[Box]:
    """Ring each marked place and put its number in a red pill beside it, where the pill
    covers no recorded text, piece or other pill: the most crowded places choose first; where
    nothing beside a place is free the number is drawn smaller (never below the phone
    minimum), then at the nearest free spot of the picture joined by a line.
    Returns each mark's box (the ring and its pill), e.g. to crop the picture to them."""
    d = ImageDraw.Draw(img)
    fnt = font(size, True)
    for m in marks:
        x, y = m.at
        r = m.radius + 5
        if m.ring:
            d.ellipse((x - r, y - r, x + r, y + r), outline=MARK_FILL, width=5)
        placer.block((x - r, y - r, x + r, y + r))
    small = font(min(size, max(round(size * 0.75), min_font(img.width))), True)

    def pill_size(words: str, f: ImageFont.FreeTypeFont) -> tuple[float, float]:
        h = round(f.size * 1.3)
        return max(round(f.getlength(words) + f.size * 0.7), h + 2), h

    beside: dict[int, list[Box]] = {}  # each mark's free spots before any number

    def room(i: int) -> int:  # how many spots beside the place are free before any number
        m = marks[i]
        size = pill_size(safe_text(m.words), fnt)
        beside[i] = list(placer.spots(size, m.at, m.radius + 9, rings=10))
        return len(beside[i])

    def near(
        m: Mark, size: tuple[float, float], reach: float, before: list[Box] | None = None
    ) -> Box | None:
        # ``before``: the spots of this size that were free before any number; the spots
        # free now are those still free (see Placer.still_free)
        found = (
            placer.still_free(before)
            if before is not None
            else list(placer.spots(size, m.at, m.radius + 9, rings=10))
        )
        return next(
            (b for b in found if not _leader_crosses_text(placer, m.at, b, reach)),
            found[0] if found else None,
        )

    boxes: dict[int, Box] = {}
    first = len(placer.texts)
    pills: dict[int, tuple[Box, str]] = {}
    # the most crowded places choose first, so a place with room to spare does not take
    # the only free spot beside a crowded one
    for i in sorted(range(len(marks)), key=room):
        m = marks[i]
        x, y = m.at
        r = m.radius + 5
        words = safe_text(m.words)
        f = fnt
        w, h = pill_size(words, f)
        reach = r + max(w, h)  # a pill further out is joined to its place by a line
        box = near(m, (w, h), reach, beside[i])
        if box is None:  # crowded: a smaller number beside the place
            f = small
            w, h = pill_size(words, f)
            box = near(m, (w, h), reach)
        if box is None:  # still: the nearest free spot anywhere, joined by a line
            far = list(itertools.islice(placer.anywhere((w, h), (x, y), h / 3), 40))
            box = next(
                (b for b in far if not _leader_crosses_text(placer, (x, y), b, reach)),
                far[0] if far else None,
            )
        if box is None:  # nowhere free: at least beside the place (right, else left), inside
            bx0, by0, bx1, by1 = placer.bounds
            left = x + r + 4 if x + r + 4 + w <= bx1 else max(bx0, x - r - 4 - w)
            top = min(max(by0, y - h / 2), by1 - h)
            box = (left, top, left + w, top + h)
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        if math.dist((cx, cy), (x, y)) > reach:
            d.line((x, y, cx, cy), fill=MARK_FILL, width=4)
        d.rounded_rectangle(box, radius=h // 2 - 2, fill=MARK_FILL, outline=WHITE, width=3)
        d.text((cx, cy), words, font=f, fill=WHITE, anchor="mm")
        placer.block(box, words)
        pills[i] = (box, words)
        boxes[i] = (min(box[0], x - r), min(box[1], y - r), max(box[2], x + r), max(box[3], y + r))
    placer.texts[first:] = [pills[i] for i in range(len(marks))]  # recorded in mark order
    return [boxes[i] for i in range(len(marks))]


def span(boxes: Iterable[Box]) -> Box:
    """The box around ``boxes``."""
    bs = list(boxes)
    return (
        min(b[0] for b in bs),
        min(b[1] for b in bs),
        max(b[2] for b in bs),
        max(b[3] for b in bs),
    )


# ------------------------------------------------------------------------------ output


def new_canvas(width: int, height: int, colour: RGB = PAPER) -> Image.Image:
    return Image.new("RGB", (width, height), colour)


def encode_png(image: Image.Image) -> bytes:
    """PNG bytes, fast (``compress_level=1``: flat board art stays small anyway)."""
    buf = io.BytesIO()
    image.save(buf, format="PNG", compress_level=1)
    return buf.getvalue()


PNG_LEVEL = 1
"""Deflate level of every board PNG (ISA-L's levels run 0-3), chosen by measurement: a
1000 x 1900 map in 256 colours deflates in about 0.9 ms at level 1 to 103 KiB, against
5.3 ms and 111-115 KiB for zlib's level 1 (Pillow's PNG writer); level 0 makes files 20 %
bigger for no time saved. Mapping to a fixed palette takes about 3 ms on top; an adaptive
quantiser took 15-20 ms."""


class PaletteFile(BaseModel):
    """``render/palettes/<name>.json``: a renderer's fixed palette (made by
    ``python -m bench.palettes``), at most 256 ``#rrggbb`` colours."""

    colours: list[Annotated[str, StringConstraints(pattern=r"^#[0-9a-f]{6}$")]] = Field(
        min_length=1, max_length=256
    )


def hex_colour(colour: Colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour[:3])


@lru_cache(maxsize=16)
def fixed_palette(name: str) -> Image.Image | None:
    """The fixed palette named ``name`` as a 1 x 1 "P" image, or None if there is no such file
    (a renderer without one, such as a plug-in game's, gets an adaptive palette)."""
    path = resources.files("render").joinpath("palettes", f"{name}.json")
    if not path.is_file():
        return None
    colours = PaletteFile.model_validate_json(path.read_text()).colours
    flat = [int(c[i : i + 2], 16) for c in colours for i in (1, 3, 5)]
    out = Image.new("P", (1, 1))
    out.putpalette(flat + flat[:3] * (256 - len(colours)))  # unused entries repeat the first
    return out


def _cell(colour: RGB) -> RGB:
    return (colour[0] >> 2, colour[1] >> 2, colour[2] >> 2)


def choose_palette(
    counts: Mapping[RGB, int], exact: Sequence[RGB], flat_most: int, flat_pixels: int
) -> list[RGB]:
    """A fixed palette for boards whose pixels have the colour ``counts``: ``exact`` first,
    then up to ``flat_most`` entries in all of the flat colours covering at least
    ``flat_pixels`` pixels, most pixels first, then an octree's pick among the remaining
    colours, each counted once (the edge blends, covered evenly). Pillow finds a pixel's
    colour through a cache of 6 bits per channel, so two entries sharing a cache cell would
    make one unreachable: each entry takes a cell of its own, and any entry a pixel of exactly
    its colour would not map to is dropped (the later of the two, the less important)."""
    chosen: list[RGB] = []
    taken: set[RGB] = set()

    def add(colour: RGB) -> None:
        if len(chosen) < 256 and _cell(colour) not in taken:
            chosen.append(colour)
            taken.add(_cell(colour))

    for colour in exact:
        add(colour)
    for colour, n in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        if len(chosen) >= flat_most or n < flat_pixels:
            break
        add(colour)
    rest = sorted(c for c in counts if _cell(c) not in taken)
    if rest and len(chosen) < 256:
        strip = Image.new("RGB", (len(rest), 1))
        strip.putdata(rest)
        octree = strip.quantize(256 - len(chosen), method=Image.Quantize.FASTOCTREE)
        values = octree.getpalette() or []
        for i in range(0, min(len(values), 3 * (256 - len(chosen))), 3):
            add((values[i], values[i + 1], values[i + 2]))
    while True:
        palette = Image.new("P", (1, 1))
        flat = [v for c in chosen for v in c]
        palette.putpalette(flat + flat[:3] * (256 - len(chosen)))
        probe = Image.new("RGB", (len(chosen), 1))
        probe.putdata(chosen)
        mapped = probe.quantize(palette=palette, dither=Image.Dither.NONE).tobytes()
        drop = {max(i, j) for i, j in enumerate(mapped) if i != j}
        if not drop:
            return chosen
        if any(chosen[i] in exact for i in drop):
            raise ValueError("two exact colours share a palette cache cell")
        chosen = [c for i, c in enumerate(chosen) if i not in drop]


def to_palette(image: Image.Image, palette: str | None) -> Image.Image:
    """``image`` in "P" mode: each pixel the nearest colour of the fixed palette ``palette``
    (no quantiser, no dithering: a flat colour in the palette stays exact), or an adaptive
    256-colour palette when the renderer has no fixed one."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    fixed = fixed_palette(palette) if palette is not None else None
    if fixed is None:
        return rgb.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return rgb.quantize(palette=fixed, dither=Image.Dither.NONE)


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(data, zlib.crc32(kind))
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def encode_png_palette(image: Image.Image, palette: str | None = None) -> bytes:
    """PNG bytes of ``image`` in the renderer's fixed palette ``palette`` (``to_palette``):
    the file is a fraction of an RGB one's size and encodes several times faster (mapping to
    a fixed palette costs about a tenth of an adaptive quantiser). Written here rather than
    by Pillow, whose writer deflates with zlib: each row is the filter byte 0 (none, the
    filter for palette images) and its indices, deflated by ISA-L (``PNG_LEVEL``) at about
    five times zlib's speed for files a little smaller. An image already in "P" mode (such as a
    ``palette_canvas``) is written as it is, with its own palette.

    The rows with their filter bytes are gathered a strip at a time (``PNG_STRIP`` bytes),
    each copied into one small image reused for the next, rather than through an image of the
    whole picture and Pillow's ``tobytes`` of it (which gathers it in pieces and joins them
    again): the same bytes, a third less of the encoding's time on a board's two million
    indices."""
    indexed = image if image.mode == "P" else to_palette(image, palette)
    width, height = indexed.size
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit indexed colour
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _png_chunk(b"IHDR", header),
            _png_chunk(b"PLTE", bytes(indexed.getpalette("RGB") or ())),
            _png_chunk(b"IDAT", _deflate_rows(indexed)),
            _png_chunk(b"IEND", b""),
        )
    )


PNG_STRIP = 65_536
"""Bytes of rows ``encode_png_palette`` gathers at a time."""


def _deflate_rows(indexed: Image.Image) -> bytes:
    """The PNG image data of a "P" image: each row the filter byte 0 (none) and its indices,
    deflated (``PNG_LEVEL``); the rows gathered a strip at a time."""
    width, height = indexed.size
    step = max(1, PNG_STRIP // (width + 1))
    strip = Image.new("P", (width + 1, min(step, height)), 0)  # column 0: the filter bytes
    rows: list[bytes] = []
    for top in range(0, height, step):
        if height - top < strip.height:  # the last strip, shorter
            strip = Image.new("P", (width + 1, height - top), 0)
        strip.paste(indexed, (1, -top))  # same mode: those rows' indices copied as they are
        rows.append(strip.tobytes())
    return isal_zlib.compress(b"".join(rows), PNG_LEVEL)


# ----------------------------------------------------------------- drawing in a palette
# A picture of flat colours and text can be drawn straight in its renderer's fixed palette:
# ``to_palette`` maps each pixel on its own, so filling a shape with a colour's index gives the
# pixels that filling it with the colour and mapping would give, and a label's pixels mapped
# once over the flat colour it is drawn on are those mapping the blended pixels would give.
# ``encode_png_palette`` then writes the canvas without mapping its million pixels again.


def palette_canvas(width: int, height: int, colour: RGB, palette: str) -> Image.Image:
    """A "P" canvas in the fixed palette ``palette``, filled with ``colour``'s index: draw on
    it with ``palette_index`` colours and ``flat_label`` text."""
    canvas = Image.new("P", (width, height), palette_index(colour, palette))
    canvas.putpalette(_palette_of(palette))
    return canvas


def _palette_of(palette: str) -> list[int]:
    fixed = fixed_palette(palette)
    if fixed is None:
        raise KeyError(f"no fixed palette {palette!r}")
    return fixed.getpalette("RGB") or []


@lru_cache(maxsize=256)
def palette_index(colour: RGB, palette: str) -> int:
    """The index of the fixed palette ``palette`` that ``to_palette`` maps ``colour`` to."""
    index = to_palette(Image.new("RGB", (1, 1), colour), palette).getpixel((0, 0))
    assert isinstance(index, int)
    return index


_INKED = [0] + [255] * 255
"""Lookup table: a text pixel's coverage to "inked" (any coverage above 0)."""


@lru_cache(maxsize=64)
def _blend_indices(fill: RGB, bg: RGB, palette: str) -> list[int]:
    """For each coverage 0-255 of a glyph pixel, the palette index of ``fill`` drawn over
    ``bg`` with that coverage (the blend Pillow draws text with), as ``to_palette`` maps it."""
    coverage = Image.new("L", (256, 1))
    coverage.putdata(range(256))
    strip = Image.new("RGB", (256, 1), bg)
    strip.paste(fill, (0, 0, 256, 1), coverage)
    return list(to_palette(strip, palette).tobytes())


@lru_cache(maxsize=4096)
def _flat_sprite(
    text: str, fnt: ImageFont.FreeTypeFont, fill: RGB, bg: RGB, anchor: str, palette: str
) -> tuple[Image.Image, Image.Image, tuple[int, int]]:
    """``label``'s text over ``bg`` in ``palette``'s indices, the mask of its inked pixels and
    its offset from the anchor point: the glyphs' coverage as Pillow draws it (laid out once),
    each coverage mapped to its blend's index (``_blend_indices``), at the pixels ``label``'s
    sprite puts it."""
    rendered, offset = fnt.getmask2(text, "L", anchor=anchor)
    coverage = Image.Image()._new(rendered)
    sprite = coverage.point(_blend_indices(fill, bg, palette))
    sprite.putpalette(_palette_of(palette))  # "P": pasted on the canvas as indices
    return sprite, coverage.point(_INKED, "1"), offset


def flat_label(
    canvas: Image.Image,
    xy: Point,
    text: str,
    fnt: ImageFont.FreeTypeFont,
    fill: RGB,
    bg: RGB,
    palette: str,
    anchor: str = "la",
) -> None:
    """``label`` (no outline) on a ``palette_canvas`` where the text lies on ``bg``: the same
    pixels as drawing the label in RGB over ``bg`` and mapping the picture to ``palette``."""
    text = safe_text(text)
    if not text:
        return
    sprite, inked, (ox, oy) = _flat_sprite(text, fnt, fill, bg, anchor, palette)
    if sprite.width and sprite.height:  # not blanks only
        # where label puts it: its sprite's box starts a pixel before the glyphs, and a
        # half pixel rounds to even, so the margin is taken off before rounding
        at = (round(xy[0] + ox - 1) + 1, round(xy[1] + oy - 1) + 1)
        canvas.paste(sprite, at, inked)


def flat_paste(
    canvas: Image.Image, sprite: Image.Image, centre: Point, bg: RGB, palette: str
) -> None:
    """``paste`` of an RGBA ``sprite`` on a ``palette_canvas`` where it lies on ``bg``: the
    sprite blended over ``bg`` and mapped once (kept in the sprite's ``info``), its pixels
    with any alpha copied."""
    key = f"kit.flat:{bg}:{palette}"
    made = sprite.info.get(key)
    if made is None:
        tile = Image.new("RGB", sprite.size, bg)
        tile.paste(sprite, (0, 0), sprite)
        made = sprite.info[key] = (
            to_palette(tile, palette),
            sprite.getchannel("A").point(_INKED, "1"),
        )
    x = round(centre[0] - sprite.width / 2)
    y = round(centre[1] - sprite.height / 2)
    canvas.paste(made[0], (x, y), made[1])


def patch_paste(
    canvas: Image.Image, sprites: Sequence[tuple[Image.Image, Point]], palette: str
) -> None:
    """``paste`` of RGBA ``sprites`` (each at its centre, in order) on a ``palette_canvas``
    where what lies under them is not one colour: the canvas under them is taken back to RGB
    (exact where it holds the palette's own colours, as flat shapes do), the sprites are
    pasted there and the patch is mapped again."""
    boxes = [
        (round(cx - s.width / 2), round(cy - s.height / 2), s.width, s.height)
        for s, (cx, cy) in sprites
    ]
    left = max(0, min(b[0] for b in boxes))
    top = max(0, min(b[1] for b in boxes))
    right = min(canvas.width, max(b[0] + b[2] for b in boxes))
    bottom = min(canvas.height, max(b[1] + b[3] for b in boxes))
    if right <= left or bottom <= top:
        return
    patch = canvas.crop((left, top, right, bottom)).convert("RGB")
    for sprite, (cx, cy) in sprites:
        paste(patch, sprite, (cx - left, cy - top))
    canvas.paste(to_palette(patch, palette), (left, top))


@contextmanager
def rgb_patch(
    canvas: Image.Image, box: tuple[float, float, float, float], palette: str
) -> Iterator[tuple[Image.Image, ImageDraw.ImageDraw, tuple[int, int]]]:
    """Draw in RGB on part of a ``palette_canvas``: yields the canvas within ``box`` taken
    back to RGB (exact where it holds the palette's own colours, as flat shapes do), a drawing
    on it and its (left, top) on the canvas, and maps it back when the block ends. The
    corner is moved to even pixels, so that drawing at a point less the corner rounds as
    drawing at the point would (halves round to even)."""
    left = max(0, math.floor(box[0]) // 2 * 2)
    top = max(0, math.floor(box[1]) // 2 * 2)
    right = min(canvas.width, math.ceil(box[2]))
    bottom = min(canvas.height, math.ceil(box[3]))
    patch = canvas.crop((left, top, max(left + 1, right), max(top + 1, bottom))).convert("RGB")
    yield patch, ImageDraw.Draw(patch), (left, top)
    canvas.paste(to_palette(patch, palette), (left, top))


def join_words(items: Iterable[str]) -> str:
    """English list: ``a``, ``a and b``, ``a, b and c``."""
    parts = [p for p in items if p]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def stack(parts: Sequence[Image.Image], gap: int = 16, colour: RGB = PAPER) -> Image.Image:
    """Panels one below the other, each centred, on a background of ``colour``."""
    width = max(p.width for p in parts)
    height = sum(p.height for p in parts) + gap * (len(parts) - 1)
    out = Image.new("RGB", (width, height), colour)
    y = 0
    for p in parts:
        out.paste(p, ((width - p.width) // 2, y))
        y += p.height + gap
    return out
