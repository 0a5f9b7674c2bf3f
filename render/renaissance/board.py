"""The Age of Renaissance map: Europe and the Mediterranean, drawn on real geography.

Each province sits at the latitude and longitude of its city (``geography.json`` of the game's
data, overridable like every data file), on Natural Earth's coastlines (``render.geo``). The
sea zones are the Voronoi regions of their seed points, clipped to the sea, with their names;
land links are thin lines between neighbouring provinces. A province shows its size (a disc for
a market, a double ring for a capital, a square for a satellite) in the tint of its area
(grey when the area is out of play for the player count), its name and its commodities; the
area names in play stand where their provinces are. The pieces (dominance markers, tokens,
capitals in the owner's colour) and choice numbers are placed beside the provinces where they
cover no drawn text (``kit.Placer``).

A map part is a fixed box of the earth (``geography.json``'s parts); a choice picture is the
same drawing zoomed to the box its marks span, so its numbers stay large on a phone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from render import Translate, geo, kit
from rules.renaissance.anchors import AREA_PREFIX
from rules.renaissance.components import data, geography
from rules.renaissance.view import RenaissanceView

MAP_PARTS: tuple[str, ...] = ("map", "east", "north")
WIDTH = 800
MAX_HEIGHT = 2000
FLOOR = 28  # 14 px at 400 px wide: 14 * WIDTH / 400
BIG = 34
HEAD = 100
R = "renaissance.render."
REGION = "europe"
SEA_REACH = 6.0  # degrees around a sea's seeds that its zone reaches

AREA_TINT: dict[int, kit.RGB] = {
    0: (226, 232, 240),
    1: (232, 222, 200),
    2: (214, 230, 206),
    3: (238, 220, 214),
    4: (244, 232, 190),
    5: (222, 214, 236),
    6: (240, 214, 190),
    7: (206, 226, 232),
    8: (236, 224, 224),
}
OUT_OF_PLAY: kit.RGB = (206, 206, 206)
EDGE: kit.RGB = (150, 140, 120)
LINK: kit.RGB = (120, 104, 80)
ARROW: kit.RGB = (60, 84, 120)
MARK: kit.RGB = (200, 30, 30)
SEA_INK: kit.RGB = (30, 70, 120)
SEA_LINE: kit.RGB = (52, 104, 160)
GROUND: kit.RGB = (226, 214, 178)
WATER: kit.RGB = (160, 198, 224)
COMMODITY: dict[str, kit.RGB] = {
    "timber": (150, 104, 60),
    "stone": (150, 150, 150),
    "grain": (222, 190, 90),
    "fur": (120, 86, 60),
    "metal": (110, 120, 136),
    "wool": (236, 232, 220),
    "cloth": (90, 130, 190),
    "wine": (140, 40, 70),
    "silk": (214, 150, 200),
    "spice": (220, 110, 40),
    "gold": (240, 200, 40),
    "ivory": (246, 240, 214),
}
DOT = 19  # a market's disc radius; the size number inside is FLOOR px
MARK_TEXT = 40  # a choice number: 20 px tall at a 400 px view


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """Every font of the Age of Renaissance images: never below the phone floor."""
    if size < FLOOR:
        raise ValueError(f"text of {size} px is below the {FLOOR} px floor")
    return kit.font(size, bold)


def styles(view: RenaissanceView) -> dict[str, kit.SeatStyle]:
    return kit.styles_for([p.seat for p in view.players])


def province_name(pid: str, tr: Translate) -> str:
    return tr(f"renaissance.province.{pid}")


def areas_in_play(view: RenaissanceView) -> tuple[int, ...]:
    return tuple(data().areas_in_play[str(len(view.players))])


def in_play(pid: str, areas: tuple[int, ...]) -> bool:
    p = data().provinces[pid]
    return p.overseas is not None or p.area in areas


@kit.static_layer(maxsize=256)
def piece(style: kit.SeatStyle, radius: int, new: bool, dm: bool) -> Image.Image:
    """A seat piece: its shape in its colour with its letter; a dominance marker sits on a
    dark disc; a piece placed this turn (white side) has a white ring."""
    grow = {"triangle": 1.4, "diamond": 1.15}.get(style.shape, 1.0)
    side = 2 * round(radius * grow) + 16
    img = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    c = side / 2
    d = ImageDraw.Draw(img)
    if dm:
        r = radius * grow + 6
        d.ellipse((c - r, c - r, c + r, c + r), fill=kit.WHITE if new else kit.INK)
    ring = kit.WHITE if new else kit.INK
    shape = kit.piece(style.shape, style.colour, round(radius * grow), "", ring)
    kit.paste(img, shape, (c, c))
    dy = radius * 0.4 if style.shape == "triangle" else 0
    d.text(
        (c, c + dy + 1), style.letter, font=font(FLOOR, True), fill=style.text_colour, anchor="mm"
    )
    return img


# ------------------------------------------------------------------------------ places


def part_of(pid: str) -> str:
    return _places()[pid][2]


@lru_cache(maxsize=4)
def _geo_key(hash_: str) -> tuple[dict[str, tuple[float, float, str]], dict[str, kit.Box]]:
    g = geography()
    places = {p.id: (p.lon, p.lat, p.part) for p in g.provinces}
    parts = {p.id: p.box for p in g.parts}
    return places, parts


def _places() -> dict[str, tuple[float, float, str]]:
    return _geo_key(data().hash)[0]


def part_ids(part: str) -> list[str]:
    """The provinces listed under a map part (in the data's order)."""
    return [pid for pid in data().provinces if _places()[pid][2] == part]


def parts() -> list[str]:
    """The map parts the data defines, in ``MAP_PARTS`` order."""
    defined = _geo_key(data().hash)[1]
    return [p for p in MAP_PARTS if p in defined]


def part_viewport(part: str) -> geo.Viewport:
    w, s, e, n = _geo_key(data().hash)[1][part]
    return geo.Viewport(w, s, e, n, WIDTH, HEAD, round((s + n) / 2))


def area_of_anchor(anchor: str) -> int | None:
    if not anchor.startswith(AREA_PREFIX):
        return None
    tail = anchor[len(AREA_PREFIX) :]
    return int(tail) if tail.isdigit() and int(tail) in range(1, 9) else None


# ------------------------------------------------------------------------------ static layer


@dataclass
class Layer:
    """A drawn map (shared: copy before drawing on it), what it holds and where."""

    image: Image.Image
    placer: kit.Placer
    dots: dict[str, kit.Point]  # province -> centre of its disc
    areas: dict[int, kit.Point]  # area -> centre of its name


def arrow(d: ImageDraw.ImageDraw, start: kit.Point, end: kit.Point) -> None:
    """An arrow from a satellite toward a market it supports, between their discs."""
    length = math.dist(start, end)
    if length < 2 * DOT + 30:
        return
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    a = (start[0] + ux * (DOT + 6), start[1] + uy * (DOT + 6))
    tip = (end[0] - ux * (DOT + 12), end[1] - uy * (DOT + 12))
    d.line((a, tip), fill=ARROW, width=4)
    back = (tip[0] - ux * 16, tip[1] - uy * 16)
    d.polygon(
        [tip, (back[0] - uy * 9, back[1] + ux * 9), (back[0] + uy * 9, back[1] - ux * 9)],
        fill=ARROW,
    )


def _commodity_ring(
    d: ImageDraw.ImageDraw, at: kit.Point, commodities: Sequence[str], capital: bool
) -> None:
    """What a province produces: a band of its commodities' colours under its disc (named
    in the map key and the picture's summary)."""
    if not commodities:
        return
    x, y = at
    w = 16
    total = w * len(commodities)
    top = y + DOT + (9 if capital else 3)
    for i, cid in enumerate(commodities):
        x0 = x - total / 2 + i * w
        d.rectangle(
            (x0, top, x0 + w, top + 10),
            fill=COMMODITY.get(cid, kit.PANEL),
            outline=kit.INK,
            width=2,
        )


def _dot_radius(pid: str) -> float:
    kind = data().provinces[pid].kind
    return DOT + 12 if kind == "capital" else DOT + 8


@kit.text_layer
@lru_cache(maxsize=24)
def _layer(
    port: geo.Viewport,
    title: str,
    names: tuple[tuple[str, str], ...],
    seas: tuple[tuple[str, str], ...],
    area_words: tuple[tuple[int, str], ...],
    commodity_words: tuple[tuple[str, str], ...],
    areas: tuple[int, ...],
    own: str | None,
    data_hash: str,
) -> Layer:
    """Sea, land, sea zones, links, provinces and their names for one viewport (cached)."""
    base, mask = geo.land_layer(port, REGION, WATER, GROUND)
    img = Image.new("RGB", (port.width, port.height), kit.PAPER)
    img.paste(base, (0, 0))
    g = geography()
    zones = [geo.Zone(z.id, tuple((lon, lat) for lat, lon in z.seeds)) for z in g.seas]
    geo.zone_borders(img, mask, port, zones, SEA_REACH, SEA_LINE, 3)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, port.width, HEAD), fill=(52, 44, 36))
    kit.label(
        d,
        (20, HEAD / 2),
        kit.shorten(title, port.width - 40, font(BIG, True)),
        font(BIG, True),
        fill=kit.WHITE,
        anchor="lm",
    )
    placer = kit.Placer(port.width, port.height, HEAD)
    places = _places()
    margin = 4.0
    dots = {
        pid: port.xy(lon, lat)
        for pid, (lon, lat, _p) in places.items()
        if port.inside(lon, lat, DOT + margin)
    }
    # land links (also toward neighbours beyond the picture's edge)
    for pid, (x, y) in dots.items():
        for other in data().provinces[pid].land:
            if other in dots and other < pid:
                continue
            ox, oy = port.xy(*places[other][:2])
            if other not in dots:  # a stub toward a neighbour beyond the edge
                length = math.dist((x, y), (ox, oy)) or 1.0
                ox, oy = x + (ox - x) * 60 / length, y + (oy - y) * 60 / length
            d.line((x, y, ox, oy), fill=LINK, width=3)
    # a satellite's printed arrows toward the markets it supports (competition)
    for pid, (x, y) in dots.items():
        for target in data().provinces[pid].arrows:
            if target in dots and (own is None or places[pid][2] == own):
                arrow(d, (x, y), dots[target])
    # discs first, so that no name covers any province
    for pid, (x, y) in dots.items():
        prov = data().provinces[pid]
        if own is not None and places[pid][2] != own:  # context: drawn in another part
            d.ellipse((x - 9, y - 9, x + 9, y + 9), fill=OUT_OF_PLAY, outline=kit.MUTED, width=2)
            placer.block((x - 11, y - 11, x + 11, y + 11))
            continue
        playing = in_play(pid, areas)
        ink = kit.INK if playing else kit.MUTED
        fill = AREA_TINT[prov.area] if playing else OUT_OF_PLAY
        r = DOT
        if prov.kind == "satellite":
            r = DOT - 2
            d.rectangle((x - r, y - r, x + r, y + r), fill=fill, outline=ink, width=3)
        else:
            d.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=ink, width=3)
            if prov.kind == "capital":
                d.ellipse((x - r - 7, y - r - 7, x + r + 7, y + r + 7), outline=ink, width=3)
        d.text((x, y + 1), str(prov.size), font=font(FLOOR, True), fill=ink, anchor="mm")
        _commodity_ring(d, (x, y), prov.commodities, prov.kind == "capital")
        rr = _dot_radius(pid) + 2
        placer.block((x - rr, y - rr, x + rr, y + rr))
    # province names with their commodities (bigger places first)
    name_font = font(FLOOR)
    label_of = dict(names)
    labelled = [pid for pid in dots if own is None or places[pid][2] == own]
    order = sorted(labelled, key=lambda pid: (-data().provinces[pid].size, pid))
    for pid in order:
        x, y = dots[pid]
        prov = data().provinces[pid]
        text = kit.safe_text(label_of[pid])
        w = name_font.getlength(text) + 8
        h = FLOOR + 8
        found = placer.spot((w, h), (x, y), _dot_radius(pid) + 4, rings=14)
        if found is None:
            continue  # the summary still names it; the tests check every name finds room
        box = found
        cy = (box[1] + box[3]) / 2
        playing = in_play(pid, areas)
        kit.label(
            d,
            (box[0] + 4, cy),
            text,
            name_font,
            fill=kit.INK if playing else kit.MUTED,
            outline=kit.PAPER,
            anchor="lm",
        )
        placer.block(box, text)
        # a link from the name to a place it was pushed away from
        bx = min(max(x, box[0]), box[2])
        by = min(max(y, box[1]), box[3])
        if math.dist((bx, by), (x, y)) > _dot_radius(pid) + 30:
            d.line((x, y, bx, by), fill=kit.MUTED, width=2)
    # sea names where their seas are
    sea_font = font(FLOOR, True)
    for zid, word in seas:
        z = next(s for s in g.seas if s.id == zid)
        text = kit.safe_text(word)
        w, h = sea_font.getlength(text) + 8, FLOOR + 8
        spot: kit.Box | None = None
        for lat, lon in [(z.lat, z.lon), *z.seeds]:  # its name point, else one of its seeds
            if not port.inside(lon, lat, 10):
                continue
            x, y = port.xy(lon, lat)
            box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
            spot = box if placer.free(box) else placer.spot((w, h), (x, y), 10, rings=8)
            if spot is not None:
                break
        if spot is None:
            continue
        kit.label(
            d,
            ((spot[0] + spot[2]) / 2, (spot[1] + spot[3]) / 2),
            text,
            sea_font,
            fill=SEA_INK,
            outline=WATER,
            anchor="mm",
        )
        placer.block(spot, text)
    # area names in play (grey and crossed out of play) where their provinces are
    area_at: dict[int, kit.Point] = {}
    area_font = font(FLOOR, True)
    for a, word in area_words:
        pts = [dots[pid] for pid in dots if data().provinces[pid].area == a]
        if not pts:
            continue
        x = sum(p[0] for p in pts) / len(pts)
        y = sum(p[1] for p in pts) / len(pts)
        text = kit.safe_text(word)
        w, h = area_font.getlength(text) + 24, FLOOR + 14
        box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
        if not placer.free(box):
            found = placer.spot((w, h), (x, y), 8, rings=12)
            if found is None:
                continue
            box = found
        playing = a in areas
        d.rounded_rectangle(
            box,
            radius=12,
            fill=AREA_TINT[a] if playing else OUT_OF_PLAY,
            outline=kit.INK if playing else kit.MUTED,
            width=3,
        )
        cy = (box[1] + box[3]) / 2
        d.text(
            ((box[0] + box[2]) / 2, cy + 1),
            text,
            font=area_font,
            fill=kit.INK if playing else kit.MUTED,
            anchor="mm",
        )
        if not playing:
            d.line((box[0] + 8, cy, box[2] - 8, cy), fill=kit.MUTED, width=3)
        placer.block(box, text)
        area_at[a] = ((box[0] + box[2]) / 2, cy)
    return Layer(img, placer, dots, area_at)


def layer(
    view: RenaissanceView, tr: Translate, port: geo.Viewport, title: str, own: str | None
) -> Layer:
    """The drawn map of ``port``; names for the provinces of the part ``own`` (the others
    are context: their discs only), or for every province when ``own`` is ``None``."""
    names = tuple((pid, province_name(pid, tr)) for pid in data().provinces)
    seas = tuple((z.id, tr(f"renaissance.sea.{z.id}")) for z in geography().seas)
    area_words = tuple((a, tr(f"renaissance.area.{a}")) for a in range(1, 9))
    commodity = tuple((c, tr(f"{R}commodity_short.{c}")) for c in data().commodities)
    return _layer(
        port, title, names, seas, area_words, commodity, areas_in_play(view), own, data().hash
    )


# ------------------------------------------------------------------------------ pieces


def draw_pieces(
    img: Image.Image,
    placer: kit.Placer,
    dots: dict[str, kit.Point],
    view: RenaissanceView,
    own: str | None = None,
) -> None:
    """Capitals ringed in their owner's colour; each province's dominance marker and tokens
    in a group beside it where it covers no text (seat colour, letter and shape)."""
    st = styles(view)
    d = ImageDraw.Draw(img)
    owners = {p.capital: p.seat for p in view.players if p.capital}
    fnt = font(FLOOR, True)
    for pid, (x, y) in dots.items():
        if own is not None and part_of(pid) != own:
            continue
        if pid in owners and owners[pid] in st:
            r = DOT + 8
            d.ellipse((x - r, y - r, x + r, y + r), outline=st[owners[pid]].colour, width=7)
        prov = view.provinces.get(pid)
        if prov is None:
            continue
        items: list[tuple[Image.Image, str]] = []
        if prov.dm is not None and prov.dm in st:
            items.append((piece(st[prov.dm], 13, prov.dm_white, True), ""))
        for seat, n in sorted(prov.tokens.items()):
            if n > 0 and seat in st:
                new = prov.white.get(seat, 0) > 0
                items.append((piece(st[seat], 12, new, False), str(n) if n > 1 else ""))
        if not items:
            continue
        w = sum(sp.width + (fnt.getlength(t) + 2 if t else 0) for sp, t in items)
        h = max(sp.height for sp, _t in items)
        box = placer.spot((w, h), (x, y), _dot_radius(pid) + 2, rings=8)
        if box is None:
            box = (x - w / 2, y + _dot_radius(pid), x + w / 2, y + _dot_radius(pid) + h)
        cx = box[0]
        cy = (box[1] + box[3]) / 2
        for sp, t in items:
            kit.paste(img, sp, (cx + sp.width / 2, cy))
            cx += sp.width
            if t:
                kit.label(d, (cx, cy), t, fnt, fill=kit.INK, outline=kit.PAPER, anchor="lm")
                cx += fnt.getlength(t) + 2
        placer.block(box)


def draw_map(view: RenaissanceView, tr: Translate, part: str) -> Image.Image:
    img, _placer = draw_map_placed(view, tr, part)
    return img


def draw_map_placed(
    view: RenaissanceView, tr: Translate, part: str
) -> tuple[Image.Image, kit.Placer]:
    """A map part and what its drawing recorded (every text box) for the tests."""
    base = layer(view, tr, part_viewport(part), tr(f"renaissance.part.{part}"), part)
    img = base.image.copy()
    placer = base.placer.copy()
    draw_pieces(img, placer, base.dots, view, part)
    return img, placer


# ------------------------------------------------------------------------------ choices


def anchor_lonlat(anchor: str) -> list[tuple[float, float]]:
    """The places an anchor covers (a province, or every province of an area)."""
    area = area_of_anchor(anchor)
    places = _places()
    if area is not None:
        return [places[p][:2] for p in data().provinces if data().provinces[p].area == area]
    if anchor in places:
        return [places[anchor][:2]]
    return []


def choice_map(
    view: RenaissanceView, tr: Translate, marks: Sequence[tuple[list[int], str]], title: str
) -> tuple[Image.Image, kit.Placer] | None:
    """The map zoomed to the marked places (with context), each place ringed and its
    number(s) beside it; ``None`` if no mark has a place on the map."""
    points = [p for _n, a in marks for p in anchor_lonlat(a)]
    if not points:
        return None
    w, s, e, n = (
        min(b[0] for b in _geo_key(data().hash)[1].values()),
        min(b[1] for b in _geo_key(data().hash)[1].values()),
        max(b[2] for b in _geo_key(data().hash)[1].values()),
        max(b[3] for b in _geo_key(data().hash)[1].values()),
    )
    middle = round((min(p[1] for p in points) + max(p[1] for p in points)) / 2)
    port = geo.zoom(points, WIDTH, HEAD, middle, 1.6, 6.0, 1500, (w, s, e, n))
    base = layer(view, tr, port, title, None)
    img = base.image.copy()
    placer = base.placer.copy()
    draw_pieces(img, placer, base.dots, view)
    todo: list[kit.Mark] = []
    for nums, anchor in marks:
        words = ",".join(str(k) for k in nums)
        area = area_of_anchor(anchor)
        if area is not None:
            if area in base.areas:
                todo.append(kit.Mark(words, base.areas[area], 30))
        elif anchor in base.dots:
            todo.append(kit.Mark(words, base.dots[anchor], _dot_radius(anchor)))
    if not todo:
        return None
    kit.mark_choices(img, placer, todo, MARK_TEXT)
    return img, placer


__all__ = [
    "AREA_TINT",
    "MAP_PARTS",
    "OUT_OF_PLAY",
    "choice_map",
    "draw_map",
    "draw_map_placed",
    "part_ids",
    "part_of",
    "part_viewport",
    "piece",
]
