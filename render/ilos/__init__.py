"""Ilos images: the public board in two parts (``BOARD_PARTS``: the archipelago ``map``,
which channel posts carry, and the ``table``: exploration, prices, players), a seat's private
panel (hand and screen), and numbered pictures of spatial choices (``render_choices``). Drawn
only from ``IlosView`` (ILOS-R130, R131): the public images and their summaries use only
public fields, so they cannot leak a hand or a screen.

Every word comes from the reader's ``tr`` (``render.Translate``): images and summaries are in
the viewer's language. Places are shown the way the rules' labels name them
(``rules.ilos.terms``): each tile carries its number, and a compass marks north (the top), so
"the north-east coast of tile 4" can be found on the image. Phone-legible: every image is at
most 1,600 x 2,000 px and every text at least 14 px when the whole image is shown 400 px wide
(fonts go through ``render.ilos.tiles.font`` so a test can record them). Images are
256-colour PNGs; tile artwork and geometry are cached.

A choice picture marks each anchor of ``rules.ilos.anchors`` with its menu number: cells,
coasts (where ships land), icons and ships (ringed, the number beside them), hideouts; the
tile being explored in each candidate rotation, or the face-up tiles, numbered below the map;
then a legend, and a summary listing "number: place".
"""

from __future__ import annotations

import math
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import partial

import pydantic_core
from PIL import Image, ImageDraw, ImageFont

from render import RenderedImage, Translate, kit
from render.ilos import inputs
from render.ilos.tiles import (
    SPOT_COLOURS,
    SPOT_ICON,
    TileKey,
    TileShape,
    font,
    map_tile,
    min_font,
    register_cache,
    tile_shape,
    tile_sprite,
)
from rules.core import Text, View, term
from rules.ilos import terms
from rules.ilos.view import IlosView, PlacedTileView, PlayerView, TileGeometry

WIDTH = 1600
MARGIN = 24
MAP_MAX_HEIGHT = 1400
COMPASS_STRIP = 70
RESOURCE_ORDER = ("ebony", "spice", "dye", "gold")
CARD_ORDER = ("ship", "farm", "gold_mine", "building", "ruins", "market")
CARD_ICON: dict[str, kit.IconKind] = {
    "ship": "ship",
    "farm": "plant",
    "gold_mine": "gold",
    "building": "fort",
    "ruins": "ruins",
    "market": "chart",
}
CARD_COLOUR: dict[str, kit.RGB] = {
    "ship": (40, 96, 150),
    "farm": (60, 130, 60),
    "gold_mine": (190, 140, 10),
    "building": (120, 80, 50),
    "ruins": (110, 110, 110),
    "market": (160, 50, 90),
}
PHASES = ("mulligan", "setup", "actions", "finished")
PALETTE = "ilos"  # render/palettes/ilos.json
MAP_SEA = (94, 150, 196)
HEADER_BAND = (38, 70, 104)


def _as_ilos(view: View) -> IlosView:
    if not isinstance(view, IlosView):
        raise TypeError(f"render.ilos needs an IlosView, got {type(view).__name__}")
    return view


def _phase(view: IlosView, tr: Translate) -> str:
    return tr(f"ilos.phase.{view.phase}") if view.phase in PHASES else ""


def _count(key: str, n: int) -> Text:
    return Text(key=key, args={"count": n})


def _cards(counts: Mapping[str, int]) -> list[Text]:
    """Counted card types (``2 Ships``), the same words as the rules' labels."""
    return [_count(f"ilos.cards.{c}", n) for c in CARD_ORDER if (n := counts.get(c, 0))]


def _goods(counts: Mapping[str, int]) -> list[Text]:
    return [
        Text(key="ilos.amount", args={"count": n, "resource": term(f"ilos.resource.{r}")})
        for r in RESOURCE_ORDER
        if (n := counts.get(r, 0))
    ] or [term("ilos.goods.none")]


def _styles(view: IlosView) -> dict[str, kit.SeatStyle]:
    seats = [p.seat for p in view.players]
    return kit.styles_for(seats, [p.colour for p in view.players])


# ------------------------------------------------------------------------------- tile keys


def placed_key(tile: PlacedTileView) -> TileKey:
    """A placed tile, labelled with its number (what the rules call it: "tile 4")."""
    return TileKey(
        tile=str(tile.number or tile.tile),
        hideout=tile.hideout,
        regions=tuple(
            (r.id.rsplit(".", 1)[-1], tuple(r.board_edges), tuple(s.kind for s in r.spots))
            for r in tile.regions
        ),
    )


def face_up_key(tile: TileGeometry) -> TileKey:
    """A face-up tile shown as printed (rotation 0), labelled with its number."""
    return TileKey(
        tile=str(tile.number or tile.id),
        hideout=tile.hideout,
        regions=tuple((r.id, tuple(sorted(r.edges)), tuple(r.spots)) for r in tile.regions),
    )


def hex_centre(q: int, r: int, size: float) -> tuple[float, float]:
    """ILOS-R101: pixel centre of axial cell (q, r) for a flat-top hex of circumradius ``size``."""
    return (1.5 * size * q, math.sqrt(3) * size * (r + q / 2))


# ------------------------------------------------------------------------------- sprites


@kit.static_layer(maxsize=256)
def boat(colour: kit.RGB, letter: str, width: int, pirate: bool = False) -> Image.Image:
    """A ship in a seat's colour with the seat letter on its sail; pirates fly a black sail.
    Drawn ``kit.SUPERSAMPLE`` times bigger and shrunk by a box filter."""
    s = kit.SUPERSAMPLE
    w = width * s
    h = round(width * 0.95) * s
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    edge = kit.INK
    lw = max(2, round(w / 22))
    hull = [(w * 0.04, h * 0.64), (w * 0.96, h * 0.64), (w * 0.8, h * 0.94), (w * 0.2, h * 0.94)]
    d.polygon(hull, fill=colour, outline=edge, width=lw)
    d.line((w * 0.5, h * 0.04, w * 0.5, h * 0.66), fill=edge, width=lw)
    sail_fill = (30, 30, 34) if pirate else kit.WHITE
    sail = [(w * 0.16, h * 0.1), (w * 0.84, h * 0.1), (w * 0.78, h * 0.58), (w * 0.22, h * 0.58)]
    d.polygon(sail, fill=sail_fill, outline=edge, width=lw)
    text_col = kit.WHITE if pirate else kit.INK
    d.text(
        (w * 0.5, h * 0.35),
        letter,
        font=font(round(h * 0.38), bold=True),
        fill=text_col,
        anchor="mm",
    )
    # a box filter (each pixel the mean of the s x s it covers): a third of Lanczos' cost,
    # which was most of a boat's, and every zoom step of the map draws every boat again
    return img.reduce(s)


register_cache(boat.cache_clear)  # type: ignore[attr-defined]


def pirate_boat(colour: kit.RGB, letter: str, width: int) -> Image.Image:
    """A seat's pirate ship (black sail), from ``boat``'s cache."""
    return boat(colour, letter, width, pirate=True)


@kit.static_layer(maxsize=256)
def building_piece(kind: str, style: kit.SeatStyle, size: int, label: str | None) -> Image.Image:
    """A fort or trading post in its owner's colour, with the owner's piece (and the post's label)."""
    s = kit.SUPERSAMPLE
    n = size * s
    img = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(
        (n * 0.04, n * 0.04, n * 0.96, n * 0.96),
        radius=n * 0.18,
        fill=style.colour,
        outline=kit.INK,
        width=max(2, n // 14),
    )
    glyph_colour = kit.INK if kit.luminance(style.colour) > 0.45 else kit.WHITE
    glyph = kit.icon(
        "fort" if kind == "fort" else "trading_post",
        round(n * 0.62),
        glyph_colour,
        style.colour,
        supersample=1,  # the piece is drawn big and shrunk already
    )
    img.paste(glyph, (round(n * 0.08), round(n * 0.3)), glyph)
    d.text(
        (n * 0.74, n * 0.28),
        style.letter,
        font=font(round(n * 0.36), bold=True),
        fill=glyph_colour,
        anchor="mm",
    )
    if label:
        r = n * 0.17
        cx, cy = n * 0.76, n * 0.72
        d.ellipse(
            (cx - r, cy - r, cx + r, cy + r),
            fill=SPOT_COLOURS.get(label, kit.MUTED),
            outline=kit.WHITE,
            width=max(2, n // 24),
        )
    return img.reduce(s)  # a box filter, as a boat


register_cache(building_piece.cache_clear)  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------------- map


def _map_size(cells: Sequence[tuple[int, int]], size: float) -> tuple[float, float, float, float]:
    xs = [hex_centre(q, r, size)[0] for q, r in cells]
    ys = [hex_centre(q, r, size)[1] for q, r in cells]
    return min(xs) - size, min(ys) - size * 0.87, max(xs) + size, max(ys) + size * 0.87


ZOOM_STEP = 8
MIN_SIZE = 40


def _choose_size(cells: Sequence[tuple[int, int]], width: float, max_height: float) -> int:
    if not cells:
        return 120
    x0, y0, x1, y1 = _map_size(cells, 1.0)
    size = min(150.0, (width - 2 * MARGIN) / (x1 - x0), (max_height - 2 * MARGIN) / (y1 - y0))
    # in steps of 8 px: sprites drawn for one size serve the next boards and pictures too
    return max(MIN_SIZE, int(size) // ZOOM_STEP * ZOOM_STEP)


def _compass(
    canvas: _MapCanvas, tr: Translate, text_px: int, placer: kit.Placer, top: int = 0
) -> None:
    """North is the top of the image: the sides the rules name coasts and cells by."""
    x, y = 40.0, top + 30.0
    draw = canvas.draw
    draw.polygon(
        [(x, y), (x - 13, y + 38), (x, y + 30), (x + 13, y + 38)], fill=canvas.colour(kit.WHITE)
    )
    draw.polygon([(x, y), (x, y + 30), (x + 13, y + 38)], fill=canvas.colour(kit.INK))
    placer.block((x - 15, y - 2, x + 15, y + 40))
    word = tr("ilos.board.north")
    fnt = font(text_px, True)
    half = fnt.getlength(kit.safe_text(word)) / 2 + 3
    ty = y + 42 + text_px / 2
    reach = half + text_px  # the outlined text and more
    with canvas.rgb((x - reach, ty - reach, x + reach, ty + reach)) as (d, (px, py)):
        kit.label(d, (x - px, ty - py), word, fnt, fill=kit.WHITE, outline=kit.INK, anchor="mm")
    placer.block((x - half, y + 40, x + half, y + 44 + text_px), word)


_Drawing = Callable[[Image.Image, ImageDraw.ImageDraw, tuple[int, int]], None]
"""Drawing in RGB on an image whose corner lies at the given point of the map."""


class _MapCanvas:
    """The map's canvas: RGB (choice pictures, marked afterwards), or straight in the fixed
    palette ``palette`` (the map part: its two million pixels are not mapped for every
    post). In the palette, a tile is pasted as laid over the sea and mapped once
    (``map_tile``, also drawn ahead of a zoom step), where it has any alpha; what lies on a
    tile (pieces, ship lines, boats, counts, the pirate) is drawn in RGB on one patch of the
    canvas taken back from the palette and mapped again (``kit.rgb_patch``) once the tile is
    done (``flush``); the compass's word in a patch of its own.

    The RGB picture mapped to the palette differs from this one only at anti-aliased edges:
    where a tile's outer edge (or its number) meets its neighbour's, the later tile's edge
    pixel is its blend over the sea rather than over the neighbour's (the tile edge colour and
    the sea are a few levels apart), and a piece's or boat's edge blends over the mapped
    artwork rather than the unmapped one; a few hundred pixels of two million, none visible."""

    def __init__(self, width: int, height: int, palette: str | None) -> None:
        self.palette = palette
        if palette is None:
            self.img = Image.new("RGB", (width, height), MAP_SEA)
        else:
            self.img = kit.palette_canvas(width, height, MAP_SEA, palette)
        self.draw = ImageDraw.Draw(self.img)
        self._pending: list[tuple[tuple[float, float, float, float], _Drawing]] = []

    def on_tile(self, box: tuple[float, float, float, float], drawing: _Drawing) -> None:
        """Draw ``drawing`` (within ``box``) in RGB: now on an RGB canvas, at ``flush`` in
        the palette."""
        if self.palette is None:
            drawing(self.img, self.draw, (0, 0))
        else:
            self._pending.append((box, drawing))

    def flush(self) -> None:
        """Draw what ``on_tile`` kept, in order, on one RGB patch over all of it."""
        if not self._pending or self.palette is None:
            return
        boxes = [box for box, _ in self._pending]
        around = (
            min(b[0] for b in boxes) - 2,
            min(b[1] for b in boxes) - 2,
            max(b[2] for b in boxes) + 2,
            max(b[3] for b in boxes) + 2,
        )
        with kit.rgb_patch(self.img, around, self.palette) as (patch, draw, corner):
            for _, drawing in self._pending:
                drawing(patch, draw, corner)
        self._pending.clear()

    def colour(self, colour: kit.RGB) -> kit.RGB | int:
        """What the canvas's drawing fills ``colour`` with (its index, in a palette)."""
        return colour if self.palette is None else kit.palette_index(colour, self.palette)

    def tile(self, key: TileKey, size: int, number_px: int, centre: tuple[float, float]) -> None:
        """The tile's sprite (``tile_sprite``) at ``centre``; in the palette, as laid over
        the sea and mapped once (``map_tile``)."""
        if self.palette is None:
            kit.paste(self.img, tile_sprite(key, size, number_px), centre)
            return
        map_tile(key, size, number_px, MAP_SEA, self.palette).paste(self.img, centre)

    def sprite(self, sprite: Image.Image, centre: tuple[float, float]) -> None:
        """``kit.paste`` on the tile (``on_tile``)."""
        x, y = centre
        box = (
            x - sprite.width / 2,
            y - sprite.height / 2,
            x + sprite.width / 2,
            y + sprite.height / 2,
        )

        def drawing(img: Image.Image, _draw: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
            kit.paste(img, sprite, (x - at[0], y - at[1]))

        self.on_tile(box, drawing)

    @contextmanager
    def rgb(
        self, box: tuple[float, float, float, float]
    ) -> Iterator[tuple[ImageDraw.ImageDraw, tuple[int, int]]]:
        """A drawing in RGB over ``box`` and its corner on the canvas (the whole canvas and
        (0, 0) on an RGB one)."""
        if self.palette is None:
            yield self.draw, (0, 0)
            return
        with kit.rgb_patch(self.img, box, self.palette) as (_patch, draw, corner):
            yield draw, corner


@dataclass(frozen=True)
class MapGeometry:
    """Where the map put things: hex ``size``, the pixel centre of every cell, the tiles'
    shapes (placed tiles by id, and the tile being explored if it was drawn), and what it
    printed where (tile numbers, pieces, boats, the compass: choice numbers go clear of it)."""

    size: int
    origin: tuple[float, float]
    tiles: dict[str, tuple[TileShape, tuple[float, float]]]
    printed: kit.Placer

    def centre(self, q: int, r: int) -> tuple[float, float]:
        cx, cy = hex_centre(q, r, self.size)
        return (cx + self.origin[0], cy + self.origin[1])


def rotated_key(tile: TileGeometry, rotation: int) -> TileKey:
    """A face-up tile turned ``rotation`` steps (ILOS-R103: printed edge e shows on board edge
    (e + rotation) mod 6), labelled with its number."""
    return TileKey(
        tile=str(tile.number or tile.id),
        hideout=tile.hideout,
        regions=tuple(
            (r.id, tuple(sorted((e + rotation) % 6 for e in r.edges)), tuple(r.spots))
            for r in tile.regions
        ),
    )


def _draw_map(
    view: IlosView,
    styles: dict[str, kit.SeatStyle],
    width: int,
    tr: Translate,
    max_height: int = MAP_MAX_HEIGHT,
    extra_cells: Sequence[tuple[int, int]] = (),
    preview: tuple[TileGeometry, int, int, int] | None = None,
    text_px: int = 24,
    focus: Sequence[tuple[int, int]] = (),
    top: int = 0,
    palette: str | None = None,
) -> tuple[Image.Image, MapGeometry]:
    """The archipelago; ``extra_cells`` widen it (empty cells to mark), ``preview`` is the tile
    being explored drawn at its cell (tile, q, r, rotation); ``focus`` (cells), if given, is
    the part shown (tiles beyond it are cut off at the image's edge). ``top``: rows left
    empty above the map, for a header pasted there (one canvas for the whole part).

    With ``palette``, drawn straight in that fixed palette (``_MapCanvas``): the map part's
    two million pixels are not mapped for every post."""
    cells = [(t.q, t.r) for t in view.board] + list(extra_cells)
    if preview is not None:
        cells.append((preview[1], preview[2]))
    shown = list(focus) or cells
    # a strip on the left keeps the compass clear of the tiles
    strip = COMPASS_STRIP
    size = _choose_size(shown, width - strip, max_height)
    if cells:
        x0, y0, x1, y1 = _map_size(shown, size)
    else:
        x0, y0, x1, y1 = -size, -size, size, size
    height = int(max(y1 - y0 + 2 * MARGIN, 150))
    ox = strip + (width - strip - (x1 - x0)) / 2 - x0
    oy = top + MARGIN - y0
    geo = MapGeometry(size, (ox, oy), {}, kit.Placer(width, top + height))
    if not cells:
        img = Image.new("RGB", (width, top + height), MAP_SEA)
        kit.label(
            ImageDraw.Draw(img),
            (width / 2, top + height / 2),
            tr("ilos.board.no_tiles"),
            font(max(34, text_px), True),
            fill=kit.WHITE,
            outline=kit.INK,
            anchor="mm",
        )
        return (img if palette is None else kit.to_palette(img, palette)), geo
    canvas = _MapCanvas(width, top + height, palette)
    img, draw = canvas.img, canvas.draw
    ships_by_id = {s.id: s for s in view.ships}
    shapes: list[tuple[PlacedTileView, TileShape, tuple[float, float]]] = []
    number_px = max(22, round(size * 0.2), text_px)
    placer = geo.printed
    number_font = font(number_px, True)

    def printed_number(key: TileKey, shape: TileShape, centre: tuple[float, float]) -> None:
        """Record the tile's printed number (drawn by its sprite)."""
        lx, ly = centre[0] + shape.label[0], centre[1] + shape.label[1]
        half = number_font.getlength(key.tile) / 2 + 3
        placer.block(
            (lx - half, ly - number_px / 2 - 3, lx + half, ly + number_px / 2 + 3), key.tile
        )

    for tile in view.board:
        key = placed_key(tile)
        centre = geo.centre(tile.q, tile.r)
        canvas.tile(key, size, number_px, centre)
        shape = tile_shape(key, size)
        shapes.append((tile, shape, centre))
        geo.tiles[tile.tile] = (shape, centre)
        printed_number(key, shape, centre)
    if preview is not None:
        ptile, pq, pr, prot = preview
        key = rotated_key(ptile, prot)
        centre = geo.centre(pq, pr)
        canvas.tile(key, size, number_px, centre)
        draw.polygon(kit.hexagon(centre, size - 2), outline=canvas.colour(kit.HIGHLIGHT), width=4)
        geo.tiles[ptile.id] = (tile_shape(key, size), centre)
        printed_number(key, geo.tiles[ptile.id][0], centre)
    spot_r = size * 0.15
    for tile, shape, (cx, cy) in shapes:
        for region in tile.regions:
            rshape = shape.region(region.id.rsplit(".", 1)[-1])
            for spot, (sx, sy) in zip(region.spots, rshape.spots, strict=True):
                sx, sy = cx + sx, cy + sy
                placer.block((sx - spot_r, sy - spot_r, sx + spot_r, sy + spot_r))
                if spot.owner is None:
                    continue
                st = styles[spot.owner]
                centre = (sx, sy)
                if spot.building is not None:
                    canvas.sprite(
                        building_piece(spot.building, st, round(spot_r * 2.2), spot.label),
                        centre,
                    )
                else:
                    canvas.sprite(
                        kit.piece(st.shape, st.colour, round(spot_r * 0.98), st.letter), centre
                    )
            # ships on this region's coast, one boat per owner with a count
            owners = Counter(ships_by_id[sid].owner for sid in region.ships if sid in ships_by_id)
            if owners:
                bx, by = cx + rshape.berth[0], cy + rshape.berth[1]
                hx, hy = cx + rshape.hub[0], cy + rshape.hub[1]
                dist = math.hypot(hx - bx, hy - by) or 1.0
                reach = max(0.0, dist - rshape.hub_radius)
                ex, ey = bx + (hx - bx) * reach / dist, by + (hy - by) * reach / dist
                lw = max(3, round(size * 0.03))
                canvas.on_tile(
                    (min(bx, ex) - lw, min(by, ey) - lw, max(bx, ex) + lw, max(by, ey) + lw),
                    partial(_ship_line, (bx, by, ex, ey), lw),
                )
                _draw_boats(
                    canvas,
                    owners,
                    styles,
                    (cx + rshape.berth[0], cy + rshape.berth[1]),
                    rshape.berth_axis,
                    size,
                    text_px,
                    placer,
                )
        if tile.pirate_owner is not None and shape.hideout is not None:
            st = styles[tile.pirate_owner]
            hx, hy = cx + shape.hideout[0], cy + shape.hideout[1]
            canvas.sprite(
                pirate_boat(st.colour, st.letter, round(size * 0.44)), (hx, hy - size * 0.06)
            )
            half = size * 0.24
            placer.block((hx - half, hy - size * 0.06 - half, hx + half, hy - size * 0.06 + half))
        canvas.flush()
    _compass(canvas, tr, text_px, placer, top)
    return img, geo


def _draw_boats(
    canvas: _MapCanvas,
    owners: Counter[str],
    styles: dict[str, kit.SeatStyle],
    berth: tuple[float, float],
    axis: tuple[float, float],
    size: float,
    text_px: int = 14,
    placer: kit.Placer | None = None,
) -> None:
    bw = round(size * 0.36)
    items = sorted(owners.items(), key=lambda kv: list(styles).index(kv[0]))
    counted = any(count > 1 for _, count in items)
    step = bw * (1.35 if counted else 0.92)  # room for a count beside a boat
    n = len(items)
    # keep the row horizontal-ish: boats read best upright, side by side
    ax, ay = (1.0, 0.0) if abs(axis[0]) >= 0.5 else (axis[0], axis[1])
    for i, (owner, count) in enumerate(items):
        off = (i - (n - 1) / 2) * step
        x, y = berth[0] + ax * off, berth[1] + ay * off
        st = styles[owner]
        canvas.sprite(boat(st.colour, st.letter, bw), (x, y))
        if placer is not None:
            placer.block((x - bw * 0.55, y - bw * 0.55, x + bw * 0.55, y + bw * 0.55))
        if count > 1:
            fnt = font(max(text_px, round(bw * 0.36)), True)
            centre = (x + bw * 0.5, y - bw * 0.3)
            box = _badge_box(centre, str(count), fnt, 3)
            canvas.on_tile(
                box,
                partial(_badge, centre, str(count), fnt),
            )
            if placer is not None:
                placer.block(box, str(count))


def _badge_box(
    centre: tuple[float, float], text: str, fnt: ImageFont.FreeTypeFont, pad: float
) -> tuple[float, float, float, float]:
    """The box ``kit.badge`` draws its pill in."""
    text = kit.safe_text(text)
    w = max(fnt.getlength(text), fnt.size * 0.6) + 2 * pad
    h = fnt.size + pad
    return (centre[0] - w / 2, centre[1] - h / 2, centre[0] + w / 2, centre[1] + h / 2)


def _badge(
    centre: tuple[float, float],
    text: str,
    fnt: ImageFont.FreeTypeFont,
    _img: Image.Image,
    draw: ImageDraw.ImageDraw,
    at: tuple[int, int],
) -> None:
    """A boat's count (a ``_Drawing``)."""
    kit.badge(draw, (centre[0] - at[0], centre[1] - at[1]), text, fnt, fill=kit.INK, pad=3)


def _ship_line(
    line: tuple[float, float, float, float],
    width: int,
    _img: Image.Image,
    draw: ImageDraw.ImageDraw,
    at: tuple[int, int],
) -> None:
    """The line from a coast's boats to its land (a ``_Drawing``)."""
    x0, y0, x1, y1 = line
    draw.line((x0 - at[0], y0 - at[1], x1 - at[0], y1 - at[1]), fill=kit.WHITE, width=width)


AHEAD_BUDGET = 3.0
"""How much drawing a view of the map part does for the next zoom level (``_draw_ahead``),
in estimated ms of CPU, less what it drew for its own tiles."""
_NEW_TILE_COST = 2.5  # a tile's artwork drawn and shrunk to the map's size
_SPRITE_COST = 0.5  # a tile shrunk from its artwork over the sea and mapped to the palette
_PIECE_COST = 0.5  # a seat's piece drawn supersampled and shrunk by Lanczos (kit.piece)
_BOAT_COST = 0.2  # a boat or building drawn supersampled and shrunk by a box filter
_DRAWN: dict[tuple[object, ...], None] = {}
"""Sprites of the map part drawn so far, by what ``_draw_ahead`` keys them with (insertion
order; emptied with the drawings' caches)."""


def _tiles_drawn(view: IlosView, size: int, text_px: int) -> int:
    """How many of the map's tile sprites at ``size`` are new (not drawn before, nor ahead);
    records them."""
    number_px = max(22, round(size * 0.2), text_px)
    new = 0
    for tile in view.board:
        key = ("map_tile", placed_key(tile), size, number_px, MAP_SEA, PALETTE)
        if key not in _DRAWN:
            _DRAWN[key] = None
            new += 1
    return new


AHEAD_LEVELS = 2
"""Zoom levels ``_draw_ahead`` prepares, nearest first. In play (a board per hand-over) the
next one is ready long before the step; a sparsely sampled game (bench.render_times) jumps
two or three levels at once. Counted in sprites drawn per view (five seeded games,
bench.render_times' views, each sprite weighted by its measured cost), two levels instead of
one take the slowest tenth of views from 7.6 to 5.8 ms of sprites and the slowest twentieth
from 9.2 to 8.7, for 0.3 ms more on the mean view (boats and buildings are cheap since they
are shrunk by a box filter)."""


def _level_jobs(
    view: IlosView, styles: dict[str, kit.SeatStyle], size: int, text_px: int
) -> list[tuple[float, Callable[..., object], tuple[object, ...]]]:
    """(estimated cost, drawing, arguments) of every sprite the map draws at hex ``size``."""
    number_px = max(22, round(size * 0.2), text_px)
    spot_r = size * 0.15
    jobs: list[tuple[float, Callable[..., object], tuple[object, ...]]] = [
        (_SPRITE_COST, map_tile, (placed_key(tile), size, number_px, MAP_SEA, PALETTE))
        for tile in view.board
    ]
    ships = {s.id: s.owner for s in view.ships}
    for tile in view.board:
        for region in tile.regions:
            for spot in region.spots:
                if spot.owner is None:
                    continue
                st = styles[spot.owner]
                if spot.building is not None:
                    building = (spot.building, st, round(spot_r * 2.2), spot.label)
                    jobs.append((_BOAT_COST, building_piece, building))
                else:
                    piece = (st.shape, st.colour, round(spot_r * 0.98), st.letter)
                    jobs.append((_PIECE_COST, kit.piece, piece))
            for sid in region.ships:
                if sid in ships:
                    st = styles[ships[sid]]
                    jobs.append((_BOAT_COST, boat, (st.colour, st.letter, round(size * 0.36))))
        if tile.pirate_owner is not None:
            st = styles[tile.pirate_owner]
            jobs.append((_BOAT_COST, pirate_boat, (st.colour, st.letter, round(size * 0.44))))
    return jobs


def _draw_ahead(
    view: IlosView, styles: dict[str, kit.SeatStyle], size: int, text_px: int, budget: float
) -> None:
    """Draw a few of the sprites of the next zoom levels (``AHEAD_LEVELS`` steps smaller)
    not drawn yet, within ``budget``: as the archipelago grows the map's hex size steps
    down and every tile, piece and boat would be drawn again at once; drawn ahead a few per
    view, the step costs about what any view does. The pictures do not change (the same
    cached drawings, made earlier)."""
    for level in range(1, AHEAD_LEVELS + 1):
        nxt = size - level * ZOOM_STEP
        if nxt < MIN_SIZE:
            break
        for cost, draw, args in _level_jobs(view, styles, nxt, text_px):
            key = (draw.__name__, *args)
            if key in _DRAWN or cost > budget:
                continue
            draw(*args)
            budget -= cost
            _DRAWN[key] = None
    if len(_DRAWN) > 4096:
        _DRAWN.clear()


register_cache(_DRAWN.clear)


# ------------------------------------------------------------------------------ panels


def _header(
    view: IlosView,
    styles: dict[str, kit.SeatStyle],
    tr: Translate,
    width: int,
    text_px: int = 32,
    acting: bool = True,
) -> Image.Image:
    """Title, round and phase; with ``acting``, who is to act on the same line, or on a
    second line when the first is full (long names, the last round)."""
    title_font = font(48, True)
    title = tr("ilos.board.title")
    round_text = tr("ilos.board.round", round=view.round) if view.round else tr("ilos.board.setup")
    parts = [round_text, _phase(view, tr)]
    if view.last_round and view.phase != "finished":
        parts.append(tr("ilos.board.last_round"))
    text = "  ·  ".join(parts)
    x0 = max(170.0, MARGIN + title_font.getlength(title) + 30)
    round_font = font(text_px, True)
    fnt = font(max(34, text_px), True)
    active = view.active if acting else None
    to_act = tr("ilos.board.to_act", name=tr.name(active)) if active else ""
    room = width - MARGIN - (x0 + round_font.getlength(text)) - 90
    two_lines = bool(to_act) and fnt.getlength(to_act) > min(560.0, room)
    img = Image.new("RGB", (width, 96 + (round(fnt.size) + 24 if two_lines else 0)), HEADER_BAND)
    d = ImageDraw.Draw(img)
    kit.label(d, (MARGIN, 48), title, title_font, fill=kit.WHITE, anchor="lm")
    kit.label(d, (x0, 48), text, round_font, fill=(230, 236, 244), anchor="lm")
    if active is not None:
        st = styles[active]
        if two_lines:
            y = 96 + (fnt.size + 24) / 2 - 8
            label_text = kit.shorten(to_act, width - 2 * MARGIN - 60, fnt)
            x = MARGIN + 60.0
        else:
            y = 48
            label_text = to_act
            x = width - MARGIN - fnt.getlength(label_text)
        kit.label(d, (x, y), label_text, fnt, fill=kit.WHITE, anchor="lm")
        kit.paste(img, kit.seat_piece(st, 24), (x - 36, y))
    return img


TABLE_W = 800
T = min_font(TABLE_W)  # 28: every text of the table part
BAND = (226, 214, 186)


def _wrap(text: str, width: float, fnt: ImageFont.FreeTypeFont) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width``."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and fnt.getlength(lines[-1] + " " + word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _exploration_panel(view: IlosView, width: int, tr: Translate) -> Image.Image:
    size = 86
    fnt = font(T)
    big = font(T, True)
    items: list[tuple[kit.IconKind, str]] = [
        ("deck", f"{tr('ilos.board.deck')} {view.deck_size}"),
        ("card", f"{tr('ilos.board.discards')} {view.discard_size}"),
        ("fort", f"{tr('ilos.board.buildings_left')} {view.building_tokens_left}"),
    ]
    # the counts on one line if they fit, else one per line
    widths = [T + 12 + fnt.getlength(text) for _, text in items]
    one_line = sum(widths) + 40 * (len(items) - 1) <= width - 40
    count_rows = 1 if one_line else len(items)
    head = T + 24
    h = int(head + 14 + 2 * size * 0.87 + 16 + count_rows * (T + 16) + 14)
    img = Image.new("RGB", (width, h), kit.PAPER)
    d = ImageDraw.Draw(img)
    title = tr("ilos.board.exploration", count=view.stack_size)
    y = kit.panel(
        d,
        (0, 0, width - 1, h - 1),
        title=kit.shorten(title, width - 40, big),
        title_font=big,
        band=BAND,
    )
    slot = (width - 40) / 3
    cy = y + size * 0.87 + 4
    for i in range(3):
        cx = 20 + slot * (i + 0.5)
        if i < len(view.face_up):
            sprite = tile_sprite(face_up_key(view.face_up[i]), size, T, shared_art=False)
            kit.paste(img, sprite, (cx, cy))
        else:
            d.polygon(kit.hexagon((cx, cy), size), outline=kit.PANEL_EDGE, width=3)
            kit.label(d, (cx, cy), tr("ilos.board.empty"), fnt, fill=kit.MUTED, anchor="mm")
    ry = cy + size * 0.87 + 16 + (T + 16) / 2
    x: float = 24
    for (kind, text), w in zip(items, widths, strict=True):
        kit.paste_icon(img, kind, (x + T / 2, ry), T, kit.INK)
        kit.label(d, (x + T + 10, ry), text, fnt, anchor="lm")
        if one_line:
            x += w + 40
        else:
            ry += T + 16
    return img


def _price_panel(view: IlosView, width: int, tr: Translate) -> Image.Image:
    big = font(T, True)
    row_h = T + 30
    head = T + 24
    tracks = sorted(
        view.prices,
        key=lambda t: RESOURCE_ORDER.index(t.resource) if t.resource in RESOURCE_ORDER else 9,
    )
    h = int(head + 20 + row_h * len(tracks) + 10)
    img = Image.new("RGB", (width, h), kit.PAPER)
    d = ImageDraw.Draw(img)
    title = tr("ilos.board.prices", left=view.markers_left, total=view.markers_total)
    y = kit.panel(
        d,
        (0, 0, width - 1, h - 1),
        title=kit.shorten(title, width - 40, big),
        title_font=big,
        band=BAND,
    )
    names = [tr(f"ilos.resource.{t.resource}") for t in tracks]
    left = 24 + T + 12 + max(font(T, True).getlength(n) for n in names) + 16
    top_text = tr("ilos.board.top")
    top_w = font(T, True).getlength(top_text) + 16
    steps = max(len(t.prices) for t in tracks)
    gap = 10
    box = min(100.0, (width - 20 - left - top_w - gap * (steps - 1)) / steps)
    for i, track in enumerate(tracks):
        ry = y + 6 + i * row_h
        mid = ry + (row_h - 8) / 2
        col = SPOT_COLOURS.get(track.resource, kit.MUTED)
        kit.paste_icon(img, SPOT_ICON.get(track.resource, "coin"), (24 + T / 2, mid), T + 4, col)
        name = names[i]
        kit.label(d, (24 + T + 12, mid), name[:1].upper() + name[1:], big, anchor="lm")
        for j, price in enumerate(track.prices):
            bx = left + j * (box + gap)
            rect = (bx, ry, bx + box, ry + row_h - 8)
            centre = ((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2)
            if j < track.step:
                d.rounded_rectangle(
                    rect, radius=10, fill=(236, 230, 216), outline=kit.PANEL_EDGE, width=2
                )
                kit.label(d, centre, str(price), font(T), fill=(150, 140, 120), anchor="mm")
                # a price marker covers it
                mx, my = rect[2] - 13, rect[1] + 13
                d.ellipse((mx - 9, my - 9, mx + 9, my + 9), fill=(90, 90, 96), outline=kit.INK)
            elif j == track.step:
                d.rounded_rectangle(rect, radius=10, fill=col, outline=kit.INK, width=4)
                text_col = kit.INK if kit.luminance(col) > 0.45 else kit.WHITE
                kit.label(d, centre, str(price), font(T + 6, True), fill=text_col, anchor="mm")
            else:
                d.rounded_rectangle(
                    rect, radius=10, fill=kit.WHITE, outline=kit.PANEL_EDGE, width=2
                )
                kit.label(d, centre, str(price), font(T), fill=kit.INK, anchor="mm")
        if track.top:
            kit.label(
                d,
                (left + steps * (box + gap), mid),
                top_text,
                big,
                fill=kit.HIGHLIGHT,
                anchor="lm",
            )
    return img


def _resource_counts(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    x: float,
    y: float,
    counts: Mapping[str, int],
    size: int,
    fnt_size: int,
) -> float:
    """Resource icons with counts in a row; returns the x after the last one."""
    fnt = font(fnt_size, True)
    for res in RESOURCE_ORDER:
        n = counts.get(res, 0)
        col = SPOT_COLOURS[res]
        if n == 0:
            col = kit.mix(col, kit.PANEL, 0.7)
        kit.paste_icon(img, SPOT_ICON[res], (x + size / 2, y), size, col)
        kit.label(d, (x + size + 4, y), str(n), fnt, fill=kit.INK if n else kit.MUTED, anchor="lm")
        x += size + 22 + fnt.getlength(str(n))
    return x


LINE = T + 16


def _row_height(show_screen: bool) -> int:
    return 20 + LINE * (4 if show_screen else 3)


def _player_row(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    y: float,
    width: int,
    p: PlayerView,
    st: kit.SeatStyle,
    tr: Translate,
    show_screen: bool,
    wealth: int | None = None,
) -> None:
    h = _row_height(show_screen and p.screen is not None)
    fill = kit.lighter(st.colour, 0.8)
    outline = kit.INK if p.is_active else kit.PANEL_EDGE
    d.rounded_rectangle(
        (0, y, width - 1, y + h),
        radius=16,
        fill=fill,
        outline=outline,
        width=5 if p.is_active else 2,
    )
    x0 = 24 + 2 * 26 + 14
    kit.paste(img, kit.seat_piece(st, 26), (24 + 26, y + 10 + LINE / 2))
    fnt = font(T, False)
    bold = font(T + 4, True)
    # line 1: name, colour and tags; on the right, draws or wealth
    if show_screen and wealth is not None:
        right, right_col, right_font = (
            tr("ilos.board.wealth", count=wealth),
            kit.HIGHLIGHT,
            font(T, True),
        )
    else:
        right, right_col, right_font = tr("ilos.board.draws", count=p.draw_count), kit.MUTED, fnt
    right_w = right_font.getlength(right)
    cy = y + 10 + LINE / 2
    kit.label(d, (width - 20, cy), right, right_font, fill=right_col, anchor="rm")
    name = kit.shorten(tr.name(p.seat), width - x0 - right_w - 60, bold)
    kit.label(d, (x0, cy), name, bold, anchor="lm")
    tags = [tr(f"core.colour.{st.name}")]
    if p.is_first:
        tags.append(tr("ilos.board.first_player"))
    if p.is_active:
        tags.append(tr("ilos.board.to_act_tag"))
    tag_x = x0 + bold.getlength(name) + 16
    room = width - tag_x - right_w - 40
    if room > 3 * T:
        kit.label(
            d,
            (tag_x, cy),
            kit.shorten(" · ".join(tags), room, fnt),
            fnt,
            fill=kit.MUTED,
            anchor="lm",
        )
    # line 2: counters
    cy += LINE
    x: float = x0
    stats: list[tuple[kit.IconKind, str]] = [
        ("card", f"{p.hand_size}"),
        ("ship", f"{p.ships_in_play}+{p.ships_in_supply}"),
        ("colonist", f"{p.colonists_used}/{p.colonists_used + p.colonists_in_supply}"),
        ("fort", f"{p.forts}"),
        ("trading_post", f"{p.trading_posts}"),
    ]
    num = font(T, True)
    for kind, text in stats:
        kit.paste_icon(img, kind, (x + T / 2, cy), T + 2, kit.INK)
        kit.label(d, (x + T + 8, cy), text, num, anchor="lm")
        x += T + 8 + num.getlength(text) + 28
    # line 3: production board; line 4 (game over): the screen
    cy += LINE
    produces = tr("ilos.board.produces")
    kit.label(d, (x0, cy), produces, fnt, fill=kit.MUTED, anchor="lm")
    _resource_counts(img, d, x0 + fnt.getlength(produces) + 16, cy, p.production, T, T)
    if show_screen and p.screen is not None:
        cy += LINE
        screen = tr("ilos.board.screen")
        kit.label(d, (x0, cy), screen, fnt, fill=kit.MUTED, anchor="lm")
        _resource_counts(img, d, x0 + fnt.getlength(screen) + 16, cy, p.screen, T, T)


def wealth(view: IlosView, p: PlayerView) -> int | None:
    """ILOS-R123: screen tokens times current prices, shown only once screens are revealed."""
    if view.phase != "finished" or p.screen is None:
        return None
    price = {t.resource: t.price for t in view.prices}
    return sum(n * price.get(r, 0) for r, n in p.screen.items())


def _players_panel(
    view: IlosView, styles: dict[str, kit.SeatStyle], tr: Translate, width: int
) -> Image.Image:
    """The legend and a row per player, in the fixed palette ("P"): each row is drawn on its
    own and mapped (at whole-pixel rows, so the same pixels as drawn in place), and kept
    (``_kept``) while what it shows stays the same: a hand-over redraws the rows of the
    players it changed."""
    fnt = font(T)
    legend = _wrap(tr("ilos.board.legend"), width - 16, fnt)
    legend_h = len(legend) * (T + 8) + 12
    # screens are public only once the game is over (ILOS-R134)
    show = view.phase == "finished"
    heights = [_row_height(show and p.screen is not None) for p in view.players]
    gap = 12
    h = legend_h + sum(heights) + gap * len(heights)
    img = kit.palette_canvas(width, h, kit.PAPER, PALETTE)

    def draw_legend() -> Image.Image:
        band = Image.new("RGB", (width, legend_h), kit.PAPER)
        d = ImageDraw.Draw(band)
        for i, line in enumerate(legend):
            kit.label(d, (8, 6 + (T + 8) * (i + 0.5)), line, fnt, fill=kit.MUTED, anchor="lm")
        return band

    img.paste(_kept(("legend", tr.lang, width), draw_legend), (0, 0))
    y = legend_h
    for p, ph in zip(view.players, heights, strict=True):
        st = styles[p.seat]
        worth = wealth(view, p)

        def draw_row(
            p: PlayerView = p, st: kit.SeatStyle = st, worth: int | None = worth, ph: int = ph
        ) -> Image.Image:
            row = Image.new("RGB", (width, ph + 1), kit.PAPER)
            _player_row(row, ImageDraw.Draw(row), 0, width, p, st, tr, show, worth)
            return row

        shown = pydantic_core.to_json(p.model_dump(exclude={"hand"}))
        key = ("row", tr.lang, tr.name(p.seat), width, st, show, worth, shown)
        img.paste(_kept(key, draw_row), (0, y))
        y += ph + gap
    return img


# ------------------------------------------------------------------------------ public API


BOARD_PARTS = ("map", "table")
MAP_W = 1000
MAP_TEXT = min_font(MAP_W)  # 35: every text of the map part


def draw_map_part(view: IlosView, tr: Translate) -> Image.Image:
    """The first part (channel posts): the header and the archipelago, phone-legible. The
    header does not name who acts (the table part, the post and the caption do): a hand-over
    that moves nothing on the map keeps its picture (``render.ilos.inputs``)."""
    styles = _styles(view)
    # kept in the palette: the round and phase change a few times a game
    header = _kept(
        ("map header", tr.lang, inputs.header(view)),
        lambda: _header(view, styles, tr, MAP_W, MAP_TEXT, acting=False),
    )
    out, geo = _draw_map(
        view,
        styles,
        MAP_W,
        tr,
        max_height=2000 - header.height,
        text_px=MAP_TEXT,
        top=header.height,
        palette=PALETTE,
    )
    out.paste(header, (0, 0))
    if view.board:
        spent = _tiles_drawn(view, geo.size, MAP_TEXT) * _NEW_TILE_COST
        _draw_ahead(view, styles, geo.size, MAP_TEXT, AHEAD_BUDGET - spent)
    return out


TABLE_PANELS = 256
"""Table panels and player rows kept in the palette, by what they show and the language
(a panel 0.22-0.28 MiB, a row 0.11-0.15 MiB: about 40 MiB when full): many hand-overs change neither
the exploration nor the prices, and each changes a player's row or two. Fifty 4-player games
played at once through one process (every hand-over of each, in turn): 47 % of exploration
and price panels found kept with 256 kept panels, against 33 % with 64."""
_TABLE_PANELS: OrderedDict[tuple[object, ...], Image.Image] = OrderedDict()


def _kept(key: tuple[object, ...], draw: Callable[[], Image.Image]) -> Image.Image:
    """A piece of the table in the fixed palette, drawn (``draw``, in RGB) and mapped only
    when what it shows (``key``, with the reader's language) was not drawn lately."""
    panel = _TABLE_PANELS.get(key)
    if panel is None:
        panel = kit.to_palette(draw(), PALETTE)
        _TABLE_PANELS[key] = panel
        while len(_TABLE_PANELS) > TABLE_PANELS:
            _TABLE_PANELS.popitem(last=False)
    else:
        _TABLE_PANELS.move_to_end(key)
    return panel


def _kept_panel(
    kind: str, tr: Translate, shown: object, draw: Callable[[], Image.Image]
) -> Image.Image:
    """A table panel (``_kept``) by the slice of the view it shows."""
    return _kept((kind, tr.lang, pydantic_core.to_json(shown)), draw)


register_cache(_TABLE_PANELS.clear)


def draw_table_part(view: IlosView, tr: Translate) -> Image.Image:
    """The second part: exploration area, prices and the players, phone-legible; in the
    fixed palette ("P"). Each panel is mapped on its own (a pixel maps to the same index
    wherever it is) and pasted in place of the RGB picture's mapping: the same pixels, and
    the exploration and price panels are kept (``_kept_panel``) for the next hand-overs."""
    styles = _styles(view)
    inner = TABLE_W - 2 * MARGIN
    header = kit.to_palette(_header(view, styles, tr, TABLE_W, T), PALETTE)
    explore = _kept_panel(
        "explore", tr, inputs.exploration(view), lambda: _exploration_panel(view, inner, tr)
    )
    prices = _kept_panel("prices", tr, inputs.prices(view), lambda: _price_panel(view, inner, tr))
    players = _players_panel(view, styles, tr, inner)
    panels = [explore, prices, players]
    gap = 16
    body_h = sum(p.height for p in panels) + gap * (len(panels) - 1)
    out = kit.palette_canvas(TABLE_W, header.height + body_h + 2 * MARGIN, kit.PAPER, PALETTE)
    out.paste(header, (0, 0))  # "P" on "P": the indices copied
    y = header.height + MARGIN
    for panel in panels:  # one below the other, as kit.stack puts them, straight onto the part
        out.paste(panel, (MARGIN, y))
        y += panel.height + gap
    return out


def draw_part(view: IlosView, tr: Translate, part: str) -> Image.Image:
    if part == "map":
        return draw_map_part(view, tr)
    if part == "table":
        return draw_table_part(view, tr)
    raise ValueError(f"unknown Ilos board part {part!r}; parts: {', '.join(BOARD_PARTS)}")


def draw_board(view: IlosView, tr: Translate) -> Image.Image:
    """The first part (the archipelago), as channel posts carry it."""
    return draw_map_part(view, tr)


def _tile(number: int) -> Text:
    return Text(key="ilos.place.tile", args={"number": number})


def board_summary(view: IlosView, tr: Translate) -> str:
    """The public board in words, in the reader's language (public fields only)."""
    styles = _styles(view)

    def who(seat: str) -> str:
        colour = tr(f"core.colour.{styles[seat].name}")
        return tr("ilos.summary.who", name=tr.name(seat), colour=colour)

    lines: list[str] = []
    phase = _phase(view, tr)
    parts = [
        tr("ilos.summary.head_round", round=view.round, phase=phase)
        if view.round
        else tr("ilos.summary.head", phase=phase)
    ]
    if view.last_round and view.phase != "finished":
        parts.append(tr("ilos.summary.last_round"))
    if view.active:
        parts.append(tr("ilos.summary.to_act", who=who(view.active)))
    lines.append("; ".join(parts) + ".")
    face_up: list[Text] = [_tile(t.number) for t in view.face_up] or [
        term("ilos.summary.no_face_up")
    ]
    tiles = tr(
        "ilos.summary.tiles",
        count=len(view.board),
        islands=_count("ilos.count.islands", len(view.islands)),
        face_up=face_up,
        stack=view.stack_size,
    )
    pirates = [
        tr(
            "ilos.summary.pirate",
            who=who(t.pirate_owner),
            hideout=Text(key="ilos.place.hideout", args={"tile": _tile(t.number)}),
        )
        for t in view.board
        if t.pirate_owner is not None
    ]
    lines.append(tiles + (" " + "; ".join(pirates) + "." if pirates else ""))
    prices = [
        Text(
            key="ilos.summary.price",
            args={"resource": term(f"ilos.resource.{t.resource}"), "price": t.price},
        )
        for t in view.prices
    ]
    lines.append(
        tr("ilos.summary.prices", prices=prices, left=view.markers_left, total=view.markers_total)
    )
    lines.append(
        tr(
            "ilos.summary.piles",
            deck=view.deck_size,
            discard=view.discard_size,
            buildings=view.building_tokens_left,
        )
    )
    for p in view.players:
        args: dict[str, object] = {
            "who": who(p.seat),
            "cards": _count("ilos.count.cards", p.hand_size),
            "ships": _count("ilos.count.ships", p.ships_in_play),
            "colonists": _count("ilos.count.colonists", p.colonists_used),
            "forts": _count("ilos.count.forts", p.forts),
            "posts": _count("ilos.count.trading_posts", p.trading_posts),
            "goods": _goods(p.production),
        }
        if view.phase == "finished" and p.screen is not None:
            text = tr(
                "ilos.summary.player_end", **args, screen=_goods(p.screen), wealth=wealth(view, p)
            )
        else:
            text = tr("ilos.summary.player", **args)
        lines.append(text + ".")
    return "\n".join(lines)


def _public_only(view: IlosView) -> IlosView:
    """The same view with every private field cleared (the board never shows a hand)."""
    if view.viewer is None:
        return view
    finished = view.phase == "finished"
    players = [
        p.model_copy(update={"hand": None, "screen": p.screen if finished else None})
        for p in view.players
    ]
    return view.model_copy(update={"viewer": None, "players": players, "pending": None})


def seat_styles(view: View) -> dict[str, kit.SeatStyle]:
    """Each seat's colour, letter and shape as the board draws them (the score chart's)."""
    assert isinstance(view, IlosView)
    return _styles(view)


def part_inputs(view: View, part: str) -> object:
    """The slice of the public view board part ``part`` is drawn from (``render.part_inputs``,
    ``render.ilos.inputs``)."""
    v = _public_only(_as_ilos(view))
    if part == "map":
        return inputs.map_inputs(v)
    if part == "table":
        return inputs.table_inputs(v)
    raise ValueError(f"unknown Ilos board part {part!r}; parts: {', '.join(BOARD_PARTS)}")


def _caption(view: IlosView, tr: Translate, part: str) -> tuple[str, str]:
    summary = board_summary(view, tr)
    if part != BOARD_PARTS[0]:
        summary = tr("ilos.summary.part", part=tr(f"ilos.part.{part}")) + "\n" + summary
    return f"ilos-{part}-round{view.round}.png", summary


def part_caption(view: View, tr: Translate, part: str) -> tuple[str, str]:
    """The file name and summary of board part ``part`` (``render.part_caption``); the
    summary says whose turn it is."""
    return _caption(_public_only(_as_ilos(view)), tr, part)


def render_board_part(view: View, tr: Translate, part: str) -> RenderedImage:
    v = _public_only(_as_ilos(view))
    img = draw_part(v, tr, part)
    filename, summary = _caption(v, tr, part)
    return RenderedImage(
        png=kit.encode_png_palette(img, PALETTE), filename=filename, summary=summary
    )


def render_board(view: View, tr: Translate) -> RenderedImage:
    return render_board_part(view, tr, BOARD_PARTS[0])


# --------------------------------------------------------------------------------- private


def _pending_line(view: IlosView, tr: Translate) -> str:
    pend = view.pending
    assert pend is not None
    if pend.details:
        return tr("ilos.private.pending", title=pend.title, details=pend.details, step=pend.step)
    return tr("ilos.private.pending_short", title=pend.title, step=pend.step)


PRIVATE_W = 800


def draw_private(view: IlosView, tr: Translate) -> Image.Image:
    """The seat's hand and screen (and the declaration in progress), phone-legible: 800 px
    wide, every text at least ``T`` px."""
    seat = view.viewer
    assert seat is not None
    me = next(p for p in view.players if p.seat == seat)
    st = _styles(view)[seat]
    width = PRIVATE_W
    inner = width - 2 * MARGIN
    fnt = font(T)
    bold = font(T, True)
    pending = _wrap(_pending_line(view, tr), inner - 8, fnt) if view.pending is not None else []
    band_h = 84
    card_h = 118
    hand_h = T + 24 + 12 + 2 * card_h + 12 + 16
    screen_h = T + 24 + 12 + 2 * (T + 8) + 40
    height = band_h + 12 + (T + 16) + hand_h + 16 + screen_h + 16 + len(pending) * (T + 10) + 8
    img = Image.new("RGB", (width, height), kit.PAPER)
    d = ImageDraw.Draw(img)
    img.paste(Image.new("RGB", (width, band_h), HEADER_BAND), (0, 0))
    kit.paste(img, kit.seat_piece(st, 26), (MARGIN + 26, band_h / 2))
    title_font = font(T + 6, True)
    title = kit.shorten(tr("ilos.private.title", name=tr.name(seat)), width - 120, title_font)
    kit.label(d, (MARGIN + 66, band_h / 2), title, title_font, fill=kit.WHITE, anchor="lm")
    y: float = band_h + 12 + (T + 16) / 2
    kit.label(d, (MARGIN, y), tr("ilos.private.only_you"), fnt, fill=kit.MUTED, anchor="lm")
    # hand: six card types in two rows of three
    top = band_h + 12 + T + 16
    y = kit.panel(
        d,
        (MARGIN, top, width - MARGIN, top + hand_h),
        title=tr("ilos.private.hand", count=me.hand_size),
        title_font=bold,
        band=BAND,
    )
    hand = me.hand or {}
    cw = (inner - 2 * 16 - 2 * 12) / 3
    for i, card in enumerate(CARD_ORDER):
        n = hand.get(card, 0)
        row, col_i = divmod(i, 3)
        x0 = MARGIN + 16 + col_i * (cw + 12)
        y0 = y + 4 + row * (card_h + 8)
        box = (x0, y0, x0 + cw, y0 + card_h - 8)
        col = CARD_COLOUR[card] if n else kit.mix(CARD_COLOUR[card], kit.PANEL, 0.75)
        d.rounded_rectangle(box, radius=14, fill=kit.WHITE, outline=col, width=5)
        kit.paste_icon(img, CARD_ICON[card], (x0 + 40, y0 + (card_h - 8) / 2), 52, col)
        ink = kit.INK if n else kit.MUTED
        name = kit.shorten(tr(f"ilos.card.{card}"), cw - 86, fnt)
        kit.label(d, (x0 + 76, y0 + 32), name, fnt, fill=ink, anchor="lm")
        kit.label(d, (x0 + 76, y0 + 76), f"×{n}", font(T + 8, True), fill=ink, anchor="lm")
    # screen: four resources
    top = top + hand_h + 16
    y = kit.panel(
        d,
        (MARGIN, top, width - MARGIN, top + screen_h),
        title=tr("ilos.private.screen"),
        title_font=bold,
        band=BAND,
    )
    screen = me.screen or {}
    colw = (inner - 32) / 4
    for i, res in enumerate(RESOURCE_ORDER):
        n = screen.get(res, 0)
        x = MARGIN + 16 + i * colw
        c = SPOT_COLOURS[res]
        kit.paste_icon(
            img, SPOT_ICON[res], (x + 28, y + 30), 48, c if n else kit.mix(c, kit.PANEL, 0.7)
        )
        ink = kit.INK if n else kit.MUTED
        kit.label(d, (x + 62, y + 30), str(n), font(T + 12, True), fill=ink, anchor="lm")
        name = kit.shorten(tr(f"ilos.resource.{res}"), colw - 12, fnt)
        kit.label(d, (x + 4, y + 30 + T + 22), name, fnt, fill=kit.MUTED, anchor="lm")
    y = top + screen_h + 16 + (T + 10) / 2
    for line in pending:
        kit.label(d, (MARGIN + 4, y), line, fnt, anchor="lm")
        y += T + 10
    return img


def private_summary(view: IlosView, tr: Translate) -> str:
    seat = view.viewer
    assert seat is not None
    me = next(p for p in view.players if p.seat == seat)
    hand = _cards(me.hand or {}) or [term("ilos.cards.none")]
    text = tr(
        "ilos.private.summary",
        name=tr.name(seat),
        count=me.hand_size,
        hand=hand,
        screen=_goods(me.screen or {}),
    )
    if view.pending is not None:
        text += " " + _pending_line(view, tr)
    return text


def render_private(view: View, tr: Translate) -> RenderedImage:
    v = _as_ilos(view)
    if v.viewer is None:
        raise ValueError("the private panel needs a seat's view")
    img = draw_private(v, tr)
    return RenderedImage(
        png=kit.encode_png_palette(img, "ilos"),
        filename=f"ilos-{v.viewer}-private.png",
        summary=private_summary(v, tr),
    )


# --------------------------------------------------------------------------------- choices

CHOICE_WIDTH = 960
CHOICE_TEXT = min_font(CHOICE_WIDTH)  # 34: every text of a choice picture
MARK_FILL = (200, 30, 30)
STRIP_BG = (226, 214, 186)


def _pending_tile(view: IlosView) -> TileGeometry | None:
    pend = view.pending
    if pend is None or pend.tile is None:
        return None
    return next((t for t in view.face_up if t.id == pend.tile), None)


def _rotation_of(view: IlosView, tile_id: str) -> int:
    for t in view.board:
        if t.tile == tile_id:
            return t.rotation
    pend = view.pending
    if pend is not None and pend.tile == tile_id and pend.rotation is not None:
        return pend.rotation
    return 0


def _cell_name(view: IlosView, q: int, r: int) -> Text:
    """An empty cell by its neighbouring tile with the lowest number (``rules.ilos.terms``)."""
    best: tuple[int, int] | None = None
    for t in view.board:
        for d, (dq, dr) in enumerate(view.hex_dirs):
            if (t.q + dq, t.r + dr) == (q, r) and (best is None or (t.number, d) < best):
                best = (t.number, d)
    if best is None:
        return term("ilos.place.centre")
    return Text(
        key="ilos.place.cell",
        args={"tile": _tile(best[0]), "side": terms.side(terms.EDGE_SIDES[best[1]])},
    )


def _rotation_words(tile: TileGeometry, k: int) -> Text:
    """A rotation named by where each coast's icons end up (as the menu label names it)."""
    return terms.rotation_words(tile, k)


def _place(view: IlosView, anchor: str) -> Text | None:
    """The words for an anchor (``rules.ilos.anchors``), as the menu's labels name places."""
    kind, _, ref = anchor.partition(":")
    if kind == "cell":
        q, r = (int(x) for x in ref.split(","))
        return _cell_name(view, q, r)
    if kind == "rotation":
        tile = _pending_tile(view)
        if tile is None:
            return None
        return _rotation_words(tile, int(ref))
    if kind == "coast":
        return terms.region_at(ref, _rotation_of(view, ref.split(".", 1)[0]))
    if kind == "hideout":
        return terms.hideout(ref)
    if kind == "spot":
        ref, _, building = ref.partition("#")
        spot = terms.spot_at(ref, _rotation_of(view, ref.split(".", 1)[0]))
        if building == "fort":
            return Text(key="ilos.action.fort", args={"spot": spot})
        if building.startswith("trading_post:"):
            resource = terms.resource(building.split(":", 1)[1])
            return Text(key="ilos.action.trading_post", args={"spot": spot, "resource": resource})
        return spot
    if kind == "tile":
        return terms.tile(ref)
    if kind == "ship":
        ship = next((s for s in view.ships if s.id == ref), None)
        if ship is None:
            return None
        if ship.hideout is not None:
            where = terms.hideout(ship.hideout)
        elif ship.region is not None:
            where = terms.region_at(ship.region, _rotation_of(view, ship.region.split(".")[0]))
        else:
            return None
        return Text(key="ilos.choice.ship", args={"place": where})
    return None


def _map_point(view: IlosView, geo: MapGeometry, anchor: str) -> tuple[float, float] | None:
    """Where an anchor lies on the map image (``None`` for strip anchors or unknown ones)."""
    kind, _, ref = anchor.partition(":")
    if kind == "cell":
        q, r = (int(x) for x in ref.split(","))
        return geo.centre(q, r)
    if kind in ("coast", "spot"):
        parts = ref.partition("#")[0].split(".")
        if len(parts) < 2 or parts[0] not in geo.tiles:
            return None
        shape, (cx, cy) = geo.tiles[parts[0]]
        try:
            region = shape.region(parts[1])
        except KeyError:
            return None
        if kind == "coast":
            # where a ship lands: the sea beside the coast (its icons stay visible)
            return (cx + region.berth[0], cy + region.berth[1])
        index = int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else -1
        if not 0 <= index < len(region.spots):
            return None
        return (cx + region.spots[index][0], cy + region.spots[index][1])
    if kind == "hideout":
        if ref not in geo.tiles:
            return None
        shape, (cx, cy) = geo.tiles[ref]
        if shape.hideout is None:
            return None
        return (cx + shape.hideout[0], cy + shape.hideout[1])
    if kind == "ship":
        ship = next((s for s in view.ships if s.id == ref), None)
        if ship is None:
            return None
        if ship.hideout is not None:
            return _map_point(view, geo, f"hideout:{ship.hideout}")
        if ship.region is None:
            return None
        tile_id, _, short = ship.region.partition(".")
        if tile_id not in geo.tiles:
            return None
        shape, (cx, cy) = geo.tiles[tile_id]
        try:
            region = shape.region(short)
        except KeyError:
            return None
        return (cx + region.berth[0], cy + region.berth[1])
    return None


def _mark_shape(geo: MapGeometry, anchor: str) -> tuple[float, bool]:
    """The radius of what a mark's place shows and whether a ring is drawn around it:
    spots and ships are ringed (what is chosen stays visible); a cell, a coast's sea or a
    hideout gets its number beside it."""
    kind = anchor.partition(":")[0]
    if kind == "spot":
        return geo.size * 0.15 - 1, True
    if kind == "ship":
        return geo.size * 0.22 - 5, True
    if kind == "hideout":
        return geo.size * 0.2, False
    return 4.0, False


def _mark(
    img: Image.Image, draw: ImageDraw.ImageDraw, centre: tuple[float, float], n: int | str
) -> None:
    """A choice's number (or numbers, "3–5") in a white disc or pill ringed in red, large
    enough to read on a phone."""
    fnt = font(CHOICE_TEXT, True)
    text = str(n)
    r = CHOICE_TEXT * 0.72
    half = max(0.0, fnt.getlength(text) / 2 + 8 - r)
    x, y = centre
    box = (x - r - half, y - r, x + r + half, y + r)
    draw.rounded_rectangle(box, radius=r, fill=kit.WHITE, outline=MARK_FILL, width=5)
    kit.label(draw, (x, y), text, fnt, fill=MARK_FILL, anchor="mm")


def _numbers_text(numbers: list[int]) -> str:
    """``[3, 4, 5]`` -> ``3–5``; ``[2, 7]`` -> ``2,7`` (choices sharing one place)."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ",".join(f"{r[0]}–{r[-1]}" if len(r) > 2 else ",".join(map(str, r)) for r in runs)


def _group_marks(
    drawn: list[tuple[int, str]], points: list[tuple[float, float]], geo: MapGeometry
) -> list[kit.Mark]:
    """One number per place: choices at the same point (a site offering a fort and trading
    posts, two ships on one coast) share one pill."""
    groups: dict[tuple[int, int], tuple[list[int], tuple[float, float], str]] = {}
    for (n, anchor), p in zip(drawn, points, strict=True):
        key = (round(p[0]), round(p[1]))
        groups.setdefault(key, ([], p, anchor))[0].append(n)
    return [
        kit.Mark(_numbers_text(ns), p, *_mark_shape(geo, anchor))
        for ns, p, anchor in groups.values()
    ]


def _strip(items: list[tuple[int, TileKey]], width: int, tr: Translate, title: str) -> Image.Image:
    """A row of tiles (face-up tiles, or the explored tile in each rotation), numbered."""
    per_row = min(len(items), 3)
    slot = (width - 2 * MARGIN) / per_row
    size = int(min(120, slot / 2.25))
    rows = math.ceil(len(items) / per_row)
    head = CHOICE_TEXT + 24
    row_h = size * 1.8 + 12
    img = Image.new("RGB", (width, int(head + rows * row_h + 12)), STRIP_BG)
    d = ImageDraw.Draw(img)
    kit.label(
        d,
        (MARGIN, head / 2 + 4),
        kit.shorten(title, width - 2 * MARGIN, font(CHOICE_TEXT, True)),
        font(CHOICE_TEXT, True),
        anchor="lm",
    )
    for i, (n, key) in enumerate(items):
        row, col = divmod(i, per_row)
        cx = MARGIN + slot * (col + 0.5)
        cy = head + row * row_h + row_h / 2
        # the legend names the tile: no number printed on these small tiles
        kit.paste(img, tile_sprite(replace(key, tile=""), size, CHOICE_TEXT), (cx, cy))
        if n:  # 0: shown for reference, not a choice
            _mark(img, d, (cx - size * 0.78, cy - size * 0.62), n)
    return img


def _legend_lines(entries: list[tuple[int, str]], width: int) -> list[str]:
    """Legend entries ("3  the coast of tile 4") flowed several to a line when they fit; a
    long entry wraps onto indented lines."""
    fnt = font(CHOICE_TEXT, True)
    room = width - 2 * MARGIN
    lines: list[str] = []
    open_line = False  # the last line may take another entry (not a wrapped one)
    for n, place in entries:
        entry = f"{n}  {place}"
        if fnt.getlength(entry) > room:
            indent = " " * (len(str(n)) + 3)
            for i, part in enumerate(_wrap(entry, room - fnt.getlength(indent), fnt)):
                lines.append(kit.shorten((indent if i else "") + part, room, fnt))
            open_line = False
        elif open_line and fnt.getlength(lines[-1] + "     " + entry) <= room:
            lines[-1] += "     " + entry
        else:
            lines.append(entry)
            open_line = True
    return lines


LEGEND_LINE = CHOICE_TEXT + 14


def _legend(lines: list[str], width: int) -> Image.Image:
    fnt = font(CHOICE_TEXT, True)
    img = Image.new("RGB", (width, LEGEND_LINE * len(lines) + 20), kit.PAPER)
    d = ImageDraw.Draw(img)
    y = 10 + LEGEND_LINE / 2
    for line in lines:
        kit.label(d, (MARGIN, y), line, fnt, anchor="lm")
        y += LEGEND_LINE
    return img


def choices_summary(view: IlosView, tr: Translate, marks: Sequence[tuple[int, str]]) -> str:
    """Every number with the place it marks, in the reader's language ("1: tile 4, ...")."""
    items = []
    for n, anchor in marks:
        place = _place(view, anchor)
        if place is not None:
            items.append(tr("ilos.choice", number=n, place=tr.text(place)))
    return tr("ilos.choices", items=tr("core.list_separator").join(items))


MAX_CHOICE_HEIGHT = 2000


def _focus(
    view: IlosView,
    marks: Sequence[tuple[int, str]],
    cells: Sequence[tuple[int, int]],
    preview: tuple[TileGeometry, int, int, int] | None,
) -> list[tuple[int, int]]:
    """The cells holding the map's marks: the region the choice picture shows, so that few
    choices get large tiles."""
    where = {t.tile: (t.q, t.r) for t in view.board}
    if preview is not None:
        where[preview[0].id] = (preview[1], preview[2])
    ships = {s.id: s for s in view.ships}
    centres: set[tuple[int, int]] = set(cells)
    for _, anchor in marks:
        kind, _, ref = anchor.partition(":")
        tile_id: str | None = None
        if kind in ("coast", "spot", "hideout"):
            tile_id = ref.split(".", 1)[0]
        elif kind == "ship" and ref in ships:
            ship = ships[ref]
            tile_id = ship.hideout or (ship.region or "").split(".", 1)[0]
        elif kind in ("rotation",) and preview is None:
            continue
        if tile_id is not None and tile_id in where:
            centres.add(where[tile_id])
    if preview is not None:
        centres.add((preview[1], preview[2]))
    return sorted(centres)


MIN_MAP_HEIGHT = 480


def draw_choices(
    view: IlosView, tr: Translate, marks: Sequence[tuple[int, str]]
) -> tuple[Image.Image, list[tuple[int, str]]]:
    """The picture and the marks it could draw (map marks, then the tile strip below)."""
    styles = _styles(view)
    pend = view.pending
    pending_tile = _pending_tile(view)
    cells: list[tuple[int, int]] = []
    rotations: list[tuple[int, int]] = []
    tiles: list[tuple[int, str]] = []
    for n, anchor in marks:
        kind, _, ref = anchor.partition(":")
        if kind == "cell":
            q, r = (int(x) for x in ref.split(","))
            cells.append((q, r))
        elif kind == "rotation" and pending_tile is not None:
            rotations.append((n, int(ref)))
        elif kind == "tile":
            tiles.append((n, ref))
    preview: tuple[TileGeometry, int, int, int] | None = None
    highlight: tuple[int, int] | None = None
    if pend is not None and pending_tile is not None and pend.q is not None and pend.r is not None:
        if pend.rotation is not None:
            preview = (pending_tile, pend.q, pend.r, pend.rotation)
        else:
            highlight = (pend.q, pend.r)
            cells.append(highlight)
    strips: list[Image.Image] = []
    strip_marks: list[tuple[int, str]] = []
    if cells and pending_tile is not None and pend is not None and pend.q is None:
        # choosing a cell: the tile being explored, as printed, for reference
        title = tr.text(terms.tile(pending_tile.id))
        strips.append(_strip([(0, face_up_key(pending_tile))], CHOICE_WIDTH, tr, title))
    if rotations and pending_tile is not None:
        items = [(n, rotated_key(pending_tile, k)) for n, k in rotations]
        strips.append(_strip(items, CHOICE_WIDTH, tr, tr.text(terms.tile(pending_tile.id))))
        strip_marks += [(n, f"rotation:{k}") for n, k in rotations]
    face_up = {t.id: t for t in view.face_up}
    tile_items = [(n, face_up_key(face_up[t])) for n, t in tiles if t in face_up]
    if tile_items:
        strips.append(_strip(tile_items, CHOICE_WIDTH, tr, tr("ilos.choice.face_up")))
        strip_marks += [(n, f"tile:{t}") for n, t in tiles if t in face_up]
    named = [(n, a, place) for n, a in marks if (place := _place(view, a)) is not None]
    lines = _legend_lines([(n, tr.text(t)) for n, _, t in named], CHOICE_WIDTH)
    # the map takes the room left; a legend too long for one image ends with an ellipsis
    # (the summary lists every choice)
    strip_h = sum(s.height for s in strips)
    room = MAX_CHOICE_HEIGHT - strip_h - MIN_MAP_HEIGHT - 20
    if LEGEND_LINE * len(lines) > room:
        lines = [*lines[: max(1, room // LEGEND_LINE - 1)], "…"]
    legend_h = LEGEND_LINE * len(lines) + 20
    focus = _focus(view, marks, cells, preview)
    if highlight is not None:
        # the cell being turned in, with its neighbours: where land must meet land
        focus += [(highlight[0] + dq, highlight[1] + dr) for dq, dr in view.hex_dirs]
    map_img, geo = _draw_map(
        view,
        styles,
        CHOICE_WIDTH,
        tr,
        max_height=int(min(1300, MAX_CHOICE_HEIGHT - strip_h - legend_h)),
        extra_cells=cells,
        preview=preview,
        text_px=CHOICE_TEXT,
        focus=focus,
    )
    draw = ImageDraw.Draw(map_img)
    cell_set = {c for c in cells if c != highlight}
    for q, r in sorted(cell_set):
        draw.polygon(
            kit.hexagon(geo.centre(q, r), geo.size - 3), fill=(150, 196, 228), outline=kit.WHITE
        )
    if highlight is not None:
        draw.polygon(
            kit.hexagon(geo.centre(*highlight), geo.size - 3),
            fill=(150, 196, 228),
            outline=MARK_FILL,
            width=5,
        )
    drawn: list[tuple[int, str]] = []
    points: list[tuple[float, float]] = []
    for n, anchor in marks:
        point = _map_point(view, geo, anchor)
        if point is not None and _place(view, anchor) is not None:
            drawn.append((n, anchor))
            points.append(point)
    kit.mark_choices(map_img, geo.printed, _group_marks(drawn, points, geo), CHOICE_TEXT)
    drawn += strip_marks
    order = {n: i for i, (n, _) in enumerate(marks)}
    drawn.sort(key=lambda m: order[m[0]])
    if len(drawn) < len(named):
        kept = {n for n, _ in drawn}
        lines = _legend_lines([(n, tr.text(t)) for n, _, t in named if n in kept], CHOICE_WIDTH)
    # the first tile of the game has no map to show: its rotations alone
    empty = not view.board and not points and strips
    parts = [*([] if empty else [map_img]), *strips, _legend(lines, CHOICE_WIDTH)]
    return kit.stack(parts, gap=0), drawn


def render_choices(
    view: View, tr: Translate, marks: Sequence[tuple[int, str]]
) -> RenderedImage | None:
    """The archipelago with each choice's number at its place (cells, coasts, spots,
    hideouts, ships), the explored tile in each candidate rotation or the face-up tiles
    numbered below it, and a legend; the summary lists "number: place"."""
    v = _as_ilos(view)
    img, drawn = draw_choices(v, tr, marks)
    if not drawn:
        return None
    return RenderedImage(
        png=kit.encode_png_palette(img, "ilos"),
        filename="ilos-choices.png",
        summary=choices_summary(v, tr, drawn),
    )
