"""The Maracaibo maps: the Caribbean on real geography (the ``map`` part) and the route as
a compact schematic (the ``route`` part: one row per step, a fork's two places side by side,
the Silver Fleet).

The Caribbean map puts each location at the latitude and longitude of its place
(``geography.json``; unnamed places at designed points in their route order) on Natural
Earth's coastlines, in two panels one above the other; beside each place, where it covers no
drawn text, its ships, market spaces, ownership marker, quests, assistants and legacy tiles
(``place_items``, shared with the schematic). Static layers are cached per language and
legacy set (and per viewport for the map).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from render import Translate, geo, kit
from render.maracaibo.common import (
    CITY,
    HOME,
    NATIONS,
    PALETTE,
    ROUTE,
    TEXT,
    VILLAGE,
    WIDTH,
    R,
    cached,
    digits,
    flat_header,
    font,
    header_band,
    nation_flag,
    piece,
    style,
    styles_of,
    text,
    wrap,
)
from rules.maracaibo.components import LegacyTile, data, geography
from rules.maracaibo.view import MaracaiboView

ROWS: tuple[tuple[str, ...], ...] = (
    ("havana",),
    ("1",),
    ("2", "L4"),
    ("3",),
    ("4", "5"),
    ("6",),
    ("7",),
    ("8",),
    ("9",),
    ("10", "11"),
    ("12",),
    ("13", "14"),
    ("15",),
    ("16", "L7"),
    ("17",),
    ("18", "19"),
    ("20",),
    ("21a", "21b"),
    ("22",),
)
COLUMN = {"22": 1}
"""Places drawn in the right column although alone in their row (22 follows 21b only)."""
NAMED = ("havana", "4", "5", "6", "7", "8", "11", "13", "14")
HEAD = 60
FLEET_H = 64
ROW_H = 82
NODE_X = (48, 428)
HALF = WIDTH // 2
NODE_R = 28
LEGEND_LINE = 42


def shown_locations(legacy: Sequence[str]) -> list[tuple[str, ...]]:
    """The rows with the legacy cities L4 / L7 only when their tile is on the board."""
    out: list[tuple[str, ...]] = []
    for row in ROWS:
        out.append(tuple(loc for loc in row if not loc.startswith("L") or loc in legacy))
    return out


def _fleet(legacy: Sequence[str]) -> bool:
    return "L6" in legacy


def map_height(legacy: Sequence[str], legend_lines: int = 1) -> int:
    rows = HEAD + (FLEET_H if _fleet(legacy) else 0) + len(ROWS) * ROW_H
    return rows + LEGEND_LINE * legend_lines + 16


def positions(legacy: tuple[str, ...]) -> dict[str, tuple[int, int]]:
    """Node centre of each shown place (the schematic's fixed position table)."""
    top = HEAD + (FLEET_H if _fleet(legacy) else 0) + ROW_H // 2
    out: dict[str, tuple[int, int]] = {}
    for i, row in enumerate(shown_locations(legacy)):
        for j, loc in enumerate(row):
            out[loc] = (NODE_X[COLUMN.get(loc, j)], top + i * ROW_H)
    return out


def fleet_spaces(legacy: tuple[str, ...]) -> dict[str, tuple[int, int]]:
    """The Silver Fleet spaces (legacy tile L6) in their band under the header."""
    if not _fleet(legacy):
        return {}
    spaces = next((t.spaces for t in _tiles("L6") if t.kind == "silver_fleet"), [])
    return {
        str(n): (WIDTH - 70 - 90 * (len(spaces) - 1 - i), HEAD + 32) for i, n in enumerate(spaces)
    }


def _tiles(tile: str) -> list[LegacyTile]:
    return list(data().legacy.get(tile, []))


def kind_of(loc: str, legacy: Sequence[str]) -> str:
    if loc == "16" and "L1" in legacy:
        return "city"
    for location in data().board.locations:
        if location.id == loc:
            return location.kind
    return "village"


def place_name(loc: str, tr: Translate, legacy: Sequence[str] = ()) -> str:
    """The short name drawn beside a node: the printed name, else the kind of place."""
    if loc in NAMED:
        return tr(f"{R}name.{loc}")
    if loc in ("21a", "21b"):
        return tr(f"{R}kind.home_{loc[-1]}")
    return tr(f"{R}kind.{kind_of(loc, legacy)}")


def _node_label(loc: str) -> str:
    if loc == "havana":
        return "0"
    if loc in ("21a", "21b"):
        return "21"
    return loc


def _draw_node(
    d: ImageDraw.ImageDraw, loc: str, kind: str, x: int, y: int, r: int = NODE_R
) -> None:
    if kind == "city":
        d.rounded_rectangle(
            (x - r, y - r, x + r, y + r), radius=9, fill=CITY, outline=kit.INK, width=3
        )
    elif kind == "homeward":
        d.polygon(kit.regular_polygon((x, y), r + 5, 4), fill=HOME, outline=kit.INK, width=3)
    elif kind == "start":
        d.ellipse((x - r, y - r, x + r, y + r), fill=kit.WHITE, outline=kit.INK, width=3)
    else:
        d.ellipse((x - r, y - r, x + r, y + r), fill=VILLAGE, outline=kit.INK, width=3)
    label = _node_label(loc)
    text(d, (x, y), label, TEXT, True, kit.INK, "mm")


class _Layers:
    """Static map layers per (language, legacy tiles), in RGB and mapped to the palette;
    ``cache_clear`` for font recording."""

    def __init__(self) -> None:
        self.images: dict[tuple[str, tuple[str, ...]], Image.Image] = {}
        self.flat: dict[tuple[str, tuple[str, ...]], Image.Image] = {}

    def cache_clear(self) -> None:
        self.images.clear()
        self.flat.clear()


_LAYERS = cached(_Layers())


def static_map(lang: str, legacy: tuple[str, ...], tr: Translate) -> Image.Image:
    """Routes, nodes and names: everything that does not change during a game (cached)."""
    key = (lang, legacy)
    if key not in _LAYERS.images:
        if len(_LAYERS.images) > 16:
            _LAYERS.images.clear()
        _LAYERS.images[key] = _static_map(legacy, tr)
    return _LAYERS.images[key]


def flat_static_map(lang: str, legacy: tuple[str, ...], tr: Translate) -> Image.Image:
    """``static_map`` mapped to the palette (cached too)."""
    key = (lang, legacy)
    if key not in _LAYERS.flat:
        if len(_LAYERS.flat) > 16:
            _LAYERS.flat.clear()
        _LAYERS.flat[key] = kit.to_palette(static_map(lang, legacy, tr), PALETTE)
    return _LAYERS.flat[key]


def _static_map(legacy: tuple[str, ...], tr: Translate) -> Image.Image:
    legend = wrap(f"{tr(R + 'schematic')} {tr(R + 'map_legend')}", WIDTH - 36)
    height = map_height(legacy, len(legend))
    img = Image.new("RGB", (WIDTH, height), kit.PAPER)
    d = ImageDraw.Draw(img)
    pos = positions(legacy)
    rows = shown_locations(legacy)
    for i, row in enumerate(rows):
        if i % 2:
            y = pos[row[0]][1]
            d.rectangle((0, y - ROW_H // 2, WIDTH, y + ROW_H // 2), fill=(243, 238, 226))
    for location in data().board.locations:
        if location.id not in pos:
            continue
        x1, y1 = pos[location.id]
        for edge in location.next:
            if edge.to not in pos:
                continue
            x2, y2 = pos[edge.to]
            if x1 == x2:
                d.line((x1, y1, x2, y2), fill=ROUTE, width=5)
            else:
                mid = (y1 + y2) // 2 if y1 != y2 else y1
                if y1 == y2:
                    d.line((x1, y1, x2, y2), fill=ROUTE, width=5)
                else:
                    d.line((x1, y1, x1, mid, x2, mid, x2, y2), fill=ROUTE, width=5, joint="curve")
    for loc, (x, y) in pos.items():
        _draw_node(d, loc, kind_of(loc, legacy), x, y)
        width = (HALF if _is_fork(loc, legacy) else WIDTH) - NODE_X[0] - NODE_R - 12 - 90
        name = place_name(loc, tr, legacy)
        text(d, (x + NODE_R + 12, y - 18), name, TEXT, False, kit.INK, "lm", width)
    y = height - 16 - LEGEND_LINE * len(legend)
    d.line((0, y, WIDTH, y), fill=kit.PANEL_EDGE, width=2)
    for line in legend:
        text(d, (18, y + LEGEND_LINE / 2 + 4), line, TEXT, False, kit.MUTED, "lm")
        y += LEGEND_LINE
    return img


def _market(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    x: float,
    y: float,
    spaces: list[str],
    styles: dict[str, kit.SeatStyle],
) -> float:
    for who in spaces:
        d.rectangle((x, y - 15, x + 30, y + 15), fill=kit.WHITE, outline=kit.INK, width=2)
        if who:
            piece(img, style(styles, who), (x + 15, y), 12)
        x += 36
    return x + 6


def draw_map(view: MaracaiboView, tr: Translate, title: str) -> Image.Image:
    """The route schematic, on its static layer mapped to the palette; what the view puts
    on it is drawn in RGB patches over the flat rows (``kit.rgb_patch``)."""
    legacy = tuple(sorted(view.legacy_tiles))
    img = flat_static_map(tr.lang, legacy, tr).copy()
    d = ImageDraw.Draw(img)
    flat_header(img, d, title, HEAD)
    styles = styles_of(view)
    pos = positions(legacy)
    fleet = fleet_spaces(legacy)
    if fleet:
        with kit.rgb_patch(img, (0, HEAD, WIDTH, HEAD + FLEET_H), PALETTE) as (patch, pd, at):
            ox, oy = at
            text(pd, (18 - ox, HEAD + 32 - oy), tr(R + "silver_fleet"), TEXT, True, kit.INK, "lm")
            for n, (fx, fy) in fleet.items():
                _fleet_space(patch, pd, view, n, (fx - ox, fy - oy), tr)
    ships, assistants, tiles_at = _where(view)
    for loc, (x, y) in pos.items():
        right = x - NODE_X[0] + HALF - 8 if _is_fork(loc, legacy) else WIDTH - 12
        here = ships.get(loc, [])
        if here:
            sx = right - 16
            around = (sx - 38 * (len(here) - 1) - 22, y - 40, right + 6, y + 4)
            with kit.rgb_patch(img, around, PALETTE) as (patch, _pd, (ox, oy)):
                for seat in reversed(here):
                    piece(patch, style(styles, seat), (sx - ox, y - 18 - oy), 17)
                    sx -= 38
        cx: float = x + NODE_R + 12
        items = place_items(view, loc, legacy, tiles_at, assistants, tr)
        if items:
            box = (cx - 4, y - 6, cx + sum(w for w, _ in items) + 8, y + 46)
            with kit.rgb_patch(img, box, PALETTE) as (patch, pd, (ox, oy)):
                for width, draw in items:
                    draw(patch, pd, cx - ox, y + 20 - oy)
                    cx += width
    return img


FLEET_BOX = (40, 26)  # half the width and height of a Silver Fleet space
FLEET_RING = 48  # the radius of a circle around a Silver Fleet space


def _fleet_space(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    view: MaracaiboView,
    space: str,
    at: tuple[int, int],
    tr: Translate,
) -> str:
    """One Silver Fleet space: its printed number (the strength it costs), or the ownership
    marker on it. Returns the words drawn there."""
    x, y = at
    w, h = FLEET_BOX
    d.rounded_rectangle(
        (x - w, y - h, x + w, y + h), radius=8, fill=kit.WHITE, outline=kit.INK, width=2
    )
    owner = view.board.markers.get(f"L6:{space}")
    if owner:
        nation_flag(img, d, owner, (x, y), tr)
        return tr(f"{R}nation_short.{owner}")
    text(d, (x, y), space, TEXT, True, kit.MUTED, "mm")
    return space


FLEET_PANEL = 180
"""Height of the Silver Fleet choice picture below its header: room for a number above or
below each space."""


def draw_fleet_panel(
    view: MaracaiboView, tr: Translate, title: str
) -> tuple[Image.Image, kit.Placer, dict[str, kit.Point]]:
    """The Silver Fleet (legacy tile L6) alone for a numbered choice: its caption and spaces,
    each recorded in the returned placer (choice numbers go beside, never over them)."""
    spaces = [
        str(n) for t in data().legacy.get("L6", []) if t.kind == "silver_fleet" for n in t.spaces
    ]
    img = Image.new("RGB", (WIDTH, HEAD + FLEET_PANEL), kit.PAPER)
    d = ImageDraw.Draw(img)
    header_band(img, d, title, HEAD)
    placer = kit.Placer(WIDTH, img.height, HEAD)
    caption = tr(R + "silver_fleet")
    cy = HEAD + FLEET_PANEL // 2
    width = text(d, (18, cy), caption, TEXT, True, kit.INK, "lm")
    placer.block((18, cy - TEXT * 0.7, 18 + width, cy + TEXT * 0.7), kit.safe_text(caption))
    left = 18 + width + 40
    step = (WIDTH - 30 - left) / max(1, len(spaces))
    points: dict[str, kit.Point] = {}
    w, h = FLEET_BOX
    for i, space in enumerate(spaces):
        at = (round(left + step * (i + 0.5)), cy)
        words = _fleet_space(img, d, view, space, at, tr)
        placer.block((at[0] - w, cy - h, at[0] + w, cy + h), words)
        points[space] = at
    return img, placer, points


def _where(
    view: MaracaiboView,
) -> tuple[dict[str, list[str]], dict[str, list[str]], dict[str, list[str]]]:
    """Place -> the seats whose ship is there (Jean too), their assistants, legacy tiles."""
    ships: dict[str, list[str]] = {}
    for seat, p in view.players.items():
        ships.setdefault(p.ship, []).append(seat)
    if view.jean is not None:
        ships.setdefault(view.jean.ship, []).append("jean")
    assistants: dict[str, list[str]] = {}
    for a in view.board.assistants:
        assistants.setdefault(a.location, []).append(a.seat)
    tiles_at: dict[str, list[str]] = {}
    for tile, loc in view.legacy_tiles.items():
        tiles_at.setdefault(loc, []).append(tile)
    return ships, assistants, tiles_at


Draw = Callable[[Image.Image, ImageDraw.ImageDraw, float, float], None]


def place_items(
    view: MaracaiboView,
    loc: str,
    legacy: Sequence[str],
    tiles_at: dict[str, list[str]],
    assistants: dict[str, list[str]],
    tr: Translate,
) -> list[tuple[float, Draw]]:
    """What lies at a place, left to right: its city tile, market spaces (a seat's disc in a
    delivered space), ownership marker, quests, assistants and legacy tiles; each as (width,
    draw at (left x, centre y))."""
    styles = styles_of(view)
    out: list[tuple[float, Draw]] = []
    fnt = font(TEXT, True)
    city_tile = view.board.city_tiles.get(loc)
    if city_tile:
        words = tr(R + "city_tile", number=digits(city_tile))
        w = fnt.getlength(kit.safe_text(words))

        def tile(img: Image.Image, d: ImageDraw.ImageDraw, cx: float, iy: float) -> None:
            d.rounded_rectangle((cx, iy - 17, cx + w + 16, iy + 17), radius=6, fill=CITY)
            text(d, (cx + 8, iy), words, TEXT, True, kit.INK, "lm")

        out.append((w + 22, tile))
    if loc in view.board.markets and (
        kind_of(loc, legacy) == "city" or loc in view.board.city_tiles
    ):
        spaces = view.board.markets[loc]

        def market(img: Image.Image, d: ImageDraw.ImageDraw, cx: float, iy: float) -> None:
            _market(img, d, cx, iy, spaces, styles)

        out.append((36 * len(spaces) + 6, market))
    marker = view.board.markers.get(loc)
    if marker in NATIONS:
        nation = marker

        def flag(img: Image.Image, d: ImageDraw.ImageDraw, cx: float, iy: float) -> None:
            nation_flag(img, d, nation, (cx + 19, iy), tr)

        out.append((46, flag))
    quests = view.board.quests.get(loc, [])
    if quests:
        count = f"{len(quests)}" if len(quests) > 1 else ""
        w = 30 + (fnt.getlength(count) + 6 if count else 0)

        def quest(img: Image.Image, d: ImageDraw.ImageDraw, cx: float, iy: float) -> None:
            kit.paste_icon(img, "scroll", (cx + 14, iy), 28, (150, 100, 40), kit.WHITE)
            if count:
                text(d, (cx + 30, iy), count, TEXT, True, kit.INK, "lm")

        out.append((w, quest))
    for seat in assistants.get(loc, []):
        colour = style(styles, seat).colour

        def helper(
            img: Image.Image, d: ImageDraw.ImageDraw, cx: float, iy: float, c: kit.RGB = colour
        ) -> None:
            kit.paste_icon(img, "person", (cx + 14, iy), 28, c)

        out.append((32, helper))
    for tile_id in tiles_at.get(loc, []):
        w = fnt.getlength(tile_id)

        def legacy_tile(
            img: Image.Image,
            d: ImageDraw.ImageDraw,
            cx: float,
            iy: float,
            t: str = tile_id,
            tw: float = w,
        ) -> None:
            d.rounded_rectangle((cx, iy - 16, cx + tw + 12, iy + 16), radius=6, fill=(110, 70, 120))
            text(d, (cx + 6, iy), t, TEXT, True, kit.WHITE, "lm")

        out.append((w + 18, legacy_tile))
    return out


def _is_fork(loc: str, legacy: Sequence[str]) -> bool:
    """Whether the place shares its row (or sits in the right column): half a row's width."""
    return loc in COLUMN or any(loc in row and len(row) > 1 for row in shown_locations(legacy))


def anchor_point(view: MaracaiboView, anchor: str) -> tuple[int, int] | None:
    """Where a choice's number goes on the map (``loc:``, ``fleet:``, ``legacy:`` anchors)."""
    legacy = tuple(sorted(view.legacy_tiles))
    kind, _, ident = anchor.partition(":")
    if kind == "loc":
        return positions(legacy).get(ident)
    if kind == "fleet":
        return fleet_spaces(legacy).get(ident)
    if kind == "legacy":
        loc = view.legacy_tiles.get(ident)
        return positions(legacy).get(loc) if loc else None
    return None


def anchor_name(view: MaracaiboView, anchor: str, tr: Translate) -> str:
    kind, _, ident = anchor.partition(":")
    if kind == "loc":
        return tr(f"maracaibo.loc.{ident}")
    if kind == "fleet":
        return tr(R + "fleet_space", number=int(ident))
    if kind == "legacy":
        loc = view.legacy_tiles.get(ident, "")
        return tr(
            R + "legacy_at",
            tile=tr(f"maracaibo.legacy.{ident}"),
            location=tr(f"maracaibo.loc.{loc}"),
        )
    return tr(f"maracaibo.space.{ident}")


# --------------------------------------------------------------------- the Caribbean map
# Each location at the real position of its place (or a designed point in its printed order
# along the route), on Natural Earth's coastlines (``render.geo``); the route and its forks as
# lines; beside each place, where it covers no drawn text, the ships there and what lies
# there (``place_items``). Choice pictures draw the same map zoomed to their marks.

GEO_NODE = 24


def geo_viewport(box: tuple[float, float, float, float], top: int = 0) -> geo.Viewport:
    w, s, e, n = box
    return geo.Viewport(w, s, e, n, WIDTH, top, round((s + n) / 2))


def geo_points() -> dict[str, tuple[float, float]]:
    """Location -> (lon, lat) on the map."""
    return {p.id: (p.lon, p.lat) for p in geography().locations}


@dataclass
class GeoLayer:
    image: Image.Image
    placer: kit.Placer
    nodes: dict[str, kit.Point]
    flat: list[Image.Image] = field(default_factory=list)
    """The image mapped to the palette, once asked for (``flat_image``)."""

    def flat_image(self) -> Image.Image:
        if not self.flat:
            self.flat.append(kit.to_palette(self.image, PALETTE))
        return self.flat[0]


class _GeoLayers:
    def __init__(self) -> None:
        self.layers: dict[tuple[object, ...], GeoLayer] = {}

    def cache_clear(self) -> None:
        self.layers.clear()


_GEO = cached(_GeoLayers())


def geo_layer(
    port: geo.Viewport, legacy: tuple[str, ...], tr: Translate, title: str, own: str | None
) -> GeoLayer:
    """Sea, land, the route, the places and their names (cached per viewport, language,
    legacy tiles and title); with ``own`` a panel's: the other panel's places are context
    (a small disc)."""
    key = (port, legacy, tr.lang, title, own)
    if key not in _GEO.layers:
        if len(_GEO.layers) > 24:
            _GEO.layers.clear()
        _GEO.layers[key] = _geo_layer(port, legacy, tr, title, own)
    return _GEO.layers[key]


def _geo_layer(
    port: geo.Viewport, legacy: tuple[str, ...], tr: Translate, title: str, own: str | None
) -> GeoLayer:
    img, _mask = geo.land_layer(port, "caribbean", (150, 196, 222), (224, 212, 172))
    d = ImageDraw.Draw(img)
    if title:
        header_band(img, d, title, port.top)
    placer = kit.Placer(port.width, port.height, port.top)
    panel_of = {p.id: p.panel for p in geography().locations}
    shown = [loc for row in shown_locations(legacy) for loc in row]  # in route order: the
    where = geo_points()  # picture must not depend on the process's string hashing
    inside = {
        loc: port.xy(*where[loc])
        for loc in shown
        if loc in where and port.inside(*where[loc], GEO_NODE + 2)
    }
    nodes = {loc: xy for loc, xy in inside.items() if own is None or panel_of[loc] == own}
    for location in data().board.locations:
        if location.id not in shown or location.id not in where:
            continue
        x1, y1 = port.xy(*where[location.id])
        for edge in location.next:
            if edge.to in shown and edge.to in where:
                x2, y2 = port.xy(*where[edge.to])
                d.line((x1, y1, x2, y2), fill=ROUTE, width=5)
    for loc, (x, y) in inside.items():
        if loc not in nodes:  # drawn on the other panel
            d.ellipse((x - 9, y - 9, x + 9, y + 9), fill=kit.PANEL_EDGE, outline=kit.MUTED, width=2)
            placer.block((x - 11, y - 11, x + 11, y + 11))
            continue
        _draw_node(d, loc, kind_of(loc, legacy), round(x), round(y), GEO_NODE)
        r = GEO_NODE + 6
        placer.block((x - r, y - r, x + r, y + r))
        number = _node_label(loc)  # the printed location number, recorded as a text
        half = font(TEXT, True).getlength(number) / 2
        placer.texts.append(((x - half, y - TEXT / 2, x + half, y + TEXT / 2), number))
    fnt = font(TEXT)
    for loc in sorted(nodes, key=lambda n: (n not in NAMED, n)):
        if loc not in NAMED:
            continue
        x, y = nodes[loc]
        words = kit.safe_text(place_name(loc, tr, legacy))
        size = (fnt.getlength(words) + 8, TEXT + 8)
        box = placer.spot(size, (x, y), GEO_NODE + 4, rings=10)
        if box is None:
            continue
        kit.label(
            d, (box[0] + 4, (box[1] + box[3]) / 2), words, fnt, outline=kit.PAPER, anchor="lm"
        )
        placer.block(box, words)
    return GeoLayer(img, placer, nodes)


def draw_geo_map(
    view: MaracaiboView, tr: Translate, title: str
) -> tuple[Image.Image, kit.Placer, dict[str, kit.Point]]:
    """The Caribbean map: its panels one above the other under the title, each with the
    ships and what lies at its places; the placer records every text box of the picture."""
    head = kit.palette_canvas(WIDTH, HEAD, kit.PAPER, PALETTE)
    flat_header(head, ImageDraw.Draw(head), title, HEAD)
    pieces: list[tuple[Image.Image, kit.Placer, dict[str, kit.Point]]] = [
        draw_geo_panel(view, tr, geo_viewport(p.box), "", p.id, flat=True)
        for p in geography().panels
    ]
    gap = 6
    height = HEAD + sum(img.height + gap for img, _p, _n in pieces) - gap
    out = kit.palette_canvas(WIDTH, height, kit.PANEL_EDGE, PALETTE)
    out.paste(head, (0, 0))
    placer = kit.Placer(WIDTH, height, HEAD)
    nodes: dict[str, kit.Point] = {}
    y = HEAD
    for img, part, at in pieces:
        out.paste(img, (0, y))
        placer.texts += [((b[0], b[1] + y, b[2], b[3] + y), w) for b, w in part.texts]
        nodes.update({loc: (x, py + y) for loc, (x, py) in at.items()})
        y += img.height + gap
    return out, placer, nodes


def draw_geo_panel(
    view: MaracaiboView,
    tr: Translate,
    port: geo.Viewport,
    title: str,
    own: str | None,
    flat: bool = False,
) -> tuple[Image.Image, kit.Placer, dict[str, kit.Point]]:
    """One viewport of the Caribbean map with the ships and what lies at each of its places
    beside it (a panel's own places; every place when ``own`` is ``None``). ``flat``: in
    the palette, on the layer mapped once, each place's box drawn by index and its contents
    in an RGB patch (``kit.rgb_patch``)."""
    legacy = tuple(sorted(view.legacy_tiles))
    base = geo_layer(port, legacy, tr, title, own)
    img = base.flat_image().copy() if flat else base.image.copy()

    def ink(colour: kit.RGB) -> kit.RGB | int:
        return kit.palette_index(colour, PALETTE) if flat else colour

    placer = base.placer.copy()
    d = ImageDraw.Draw(img)
    styles = styles_of(view)
    ships, assistants, tiles_at = _where(view)
    for loc, (x, y) in base.nodes.items():
        items = place_items(view, loc, legacy, tiles_at, assistants, tr)
        boats = ships.get(loc, [])
        width = sum(w for w, _d in items) + 38 * len(boats)
        if not width:
            continue
        box = placer.spot((width + 4, 40), (x, y), GEO_NODE + 4, rings=10)
        if box is None:
            box = (x - width / 2, y + GEO_NODE + 4, x + width / 2, y + GEO_NODE + 44)
        cx, cy = box[0] + 2, (box[1] + box[3]) / 2
        d.rounded_rectangle(
            box, radius=8, fill=ink(kit.PANEL), outline=ink(kit.PANEL_EDGE), width=2
        )
        around = (box[0] - 2, box[1] - 2, box[2] + 3, box[3] + 3)
        with (
            kit.rgb_patch(img, around, PALETTE) if flat else nullcontext((img, d, (0, 0))) as (
                canvas,
                cd,
                (ox, oy),
            )
        ):
            for seat in boats:
                piece(canvas, style(styles, seat), (cx + 19 - ox, cy - oy), 16)
                cx += 38
            for w, draw in items:
                draw(canvas, cd, cx - ox, cy - oy)
                cx += w
        placer.block(box)
        bx, by = min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3])
        far = math.dist((bx, by), (x, y))
        if far > GEO_NODE + 16:  # a line from the place's edge to what was set further out
            r = GEO_NODE + 3
            sx, sy = x + (bx - x) * r / far, y + (by - y) * r / far
            d.line((sx, sy, bx, by), fill=ink(kit.MUTED), width=2)
    return img, placer, base.nodes


def geo_zoom(anchors_at: Sequence[tuple[float, float]]) -> geo.Viewport:
    """The map zoomed to some places, with context around them."""
    middle = round(sum(p[1] for p in anchors_at) / len(anchors_at))
    return geo.zoom(anchors_at, WIDTH, HEAD, middle, 1.4, 5.0, 1100, geography().box)


def geo_summary_names(view: MaracaiboView) -> list[str]:
    """The locations the Caribbean map draws, in route order."""
    legacy = tuple(sorted(view.legacy_tiles))
    return [loc for row in shown_locations(legacy) for loc in row]
