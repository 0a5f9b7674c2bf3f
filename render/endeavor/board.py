"""The Endeavor world map image (one column of area panels, phone width) and its choices.

Each area panel has a static layer (frame, name, open/closed, link lines, empty spaces, city
names: drawn once per language and cached) and a few dynamic things pasted on it (discs,
tokens, deck tops, governors, open-sea discs, controlled links). The geometry is cached too,
and :func:`map_geometry` gives every anchor's position for the numbered choice pictures.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render import Translate, kit
from render.endeavor.common import (
    AREA_CLOSED,
    AREA_OPEN,
    BAND_CLOSED,
    BAND_OPEN,
    BLUE,
    GOLD,
    HEADER_BAND,
    SEA_BG,
    R,
    cached,
    card_chip,
    font,
    min_font,
    seat_name,
    style,
    token_colour,
    token_sprite,
)
from rules.core import term
from rules.endeavor.view import AreaView, EndeavorView

MAP_W = 540
TEXT = min_font(MAP_W)  # 19: every small text of the map
MAP_TEXT = {"title": 26, "head": 20, "area": 22, "text": TEXT}
"""Every text size the map uses (the smallest is the phone rule's minimum for ``MAP_W``)."""
PAD = 8
HEADER_H = 92
FOOTER_H = 104
BAND_H = 30
COL_W = 100
NODE_R = 14
TRACK_R = 17
ORDER = ("europe", "north_america", "caribbean", "south_america", "africa", "india", "far_east")
HEIGHTS = {"europe": 300}
AREA_H = 228  # an area of up to 6 cities and fleets; 24 px more for each further one
Point = tuple[float, float]
ITERATIONS = 110  # of the node layout (it stops earlier once nothing overlaps)


# ---------------------------------------------------------------------------- node layout


@lru_cache(maxsize=128)
def graph_layout(
    nodes: tuple[str, ...],
    edges: tuple[tuple[str, str], ...],
    label_widths: tuple[int, ...],
    width: int,
    height: int,
    starts: tuple[tuple[float, float], ...] | None = None,
    radius: int = NODE_R,
    label: int = TEXT,
) -> dict[str, tuple[float, float]]:
    """Pixel positions for an area's nodes inside a ``width`` x ``height`` box.

    Start from the printed board's positions (``starts``, fractions of the area) or around an
    ellipse, then push apart any two nodes whose labelled boxes overlap while links pull
    their ends together, all kept inside the box. Deterministic, and cached per area.
    """
    pos: dict[str, list[float]] = {}
    for i, node in enumerate(nodes):
        if starts is not None:
            fx, fy = starts[i]
        else:
            ang = math.radians(-150 + 360 * i / max(1, len(nodes)))
            fx, fy = 0.5 + 0.42 * math.cos(ang), 0.5 + 0.4 * math.sin(ang)
        pos[node] = [width * fx, height * fy]
    half_w = {n: max(radius + 4.0, w / 2 + 5) for n, w in zip(nodes, label_widths, strict=True)}
    top, bottom = radius + 2.0, radius + label + 5.0
    for n, p in pos.items():
        p[0] = min(max(p[0], half_w[n]), width - half_w[n])
        p[1] = min(max(p[1], top), height - bottom)
    for _ in range(ITERATIONS):
        moved = False
        for i, a in enumerate(nodes):
            for b in nodes[i + 1 :]:
                pa, pb = pos[a], pos[b]
                dx, dy = pb[0] - pa[0], pb[1] - pa[1]
                ox = half_w[a] + half_w[b] + 14 - abs(dx)
                oy = top + bottom + 10 - abs(dy)
                if ox > 0 and oy > 0:
                    moved = True
                    if ox < oy:
                        sx = 1.0 if dx > 0 or (dx == 0 and i % 2) else -1.0
                        pa[0] -= sx * ox * 0.34
                        pb[0] += sx * ox * 0.34
                    else:
                        sy = 1.0 if dy > 0 or (dy == 0 and i % 2) else -1.0
                        pa[1] -= sy * oy * 0.34
                        pb[1] += sy * oy * 0.34
        for a, b in edges:
            if a not in pos or b not in pos:
                continue
            pa, pb = pos[a], pos[b]
            mx, my = (pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2
            for n in nodes:
                if n in (a, b):
                    continue
                pn = pos[n]
                ox = half_w[n] + 12 - abs(mx - pn[0])
                oy = (top + 12 - (pn[1] - my)) if my < pn[1] else (bottom + 12 - (my - pn[1]))
                if ox > 0 and oy > 0:
                    moved = True
                    if ox < oy:
                        sx = 1.0 if pn[0] >= mx else -1.0
                        pn[0] += sx * ox * 0.3
                        pa[0] -= sx * ox * 0.15
                        pb[0] -= sx * ox * 0.15
                    else:
                        sy = 1.0 if pn[1] >= my else -1.0
                        pn[1] += sy * oy * 0.3
                        pa[1] -= sy * oy * 0.15
                        pb[1] -= sy * oy * 0.15
            dx, dy = pb[0] - pa[0], pb[1] - pa[1]
            dist = math.hypot(dx, dy) or 1.0
            if dist < 150.0:
                continue
            moved = True
            pull = (dist - 150.0) / dist * 0.01
            pa[0] += dx * pull
            pa[1] += dy * pull
            pb[0] -= dx * pull
            pb[1] -= dy * pull
        for n, p in pos.items():
            p[0] = min(max(p[0], half_w[n]), width - half_w[n])
            p[1] = min(max(p[1], top), height - bottom)
        if not moved:
            break
    return {n: (p[0], p[1]) for n, p in pos.items()}


# ------------------------------------------------------------------------------ geometry

NodeKey = tuple[str, str, int, str, float, float]  # id, kind, honour, name, fx, fy
EdgeKey = tuple[str, str, str, int]  # a, b, shape, honour


@dataclass(frozen=True)
class AreaKey:
    """Everything static about one area panel (its names in the reader's language too)."""

    id: str
    region: bool
    track_len: int
    decks: tuple[str, ...]
    sea: bool
    nodes: tuple[NodeKey, ...]
    edges: tuple[EdgeKey, ...]
    width: int
    height: int


@dataclass(frozen=True)
class AreaGeometry:
    key: AreaKey
    nodes: dict[str, Point]
    track: tuple[Point, ...]
    sea: Point | None
    decks: dict[str, tuple[float, float, float, float]]
    governor: tuple[float, float, float, float] | None
    graph: tuple[int, int, int, int]
    above: frozenset[str] = frozenset()
    """Nodes whose name is drawn above them (less crowded there than below)."""


@cached
@lru_cache(maxsize=64)
def area_geometry(key: AreaKey) -> AreaGeometry:
    w, h = key.width, key.height
    cx0 = w - COL_W - 6
    y = BAND_H + 6
    decks: dict[str, tuple[float, float, float, float]] = {}
    for deck in key.decks:
        decks[deck] = (cx0, y, cx0 + COL_W, y + 70)
        y += 76
    governor = (cx0, y, cx0 + COL_W, y + 58) if key.region else None
    sea = (cx0 + COL_W / 2, h - 28) if key.sea else None
    track: list[Point] = []
    if key.track_len:
        ty = h - TRACK_R - 8
        span = cx0 - 16 - 28
        step = min(60.0, span / max(1, key.track_len - 1))
        track = [(28 + i * step, ty) for i in range(key.track_len)]
    graph = (6, BAND_H + 2, cx0 - 6, h - (2 * TRACK_R + 12) if key.track_len else h - 6)
    label_font = font(TEXT)
    xs = [n[4] for n in key.nodes] or [0.5]
    ys = [n[5] for n in key.nodes] or [0.5]

    def spread(v: float, lo: float, hi: float) -> float:
        return 0.5 if hi - lo < 1e-6 else 0.06 + 0.88 * (v - lo) / (hi - lo)

    starts = tuple(
        (spread(n[4], min(xs), max(xs)), spread(n[5], min(ys), max(ys))) for n in key.nodes
    )
    layout = graph_layout(
        tuple(n[0] for n in key.nodes),
        tuple((e[0], e[1]) for e in key.edges),
        tuple(round(label_font.getlength(n[3])) for n in key.nodes),
        graph[2] - graph[0],
        graph[3] - graph[1],
        starts,
    )
    nodes = {nid: (graph[0] + x, graph[1] + y) for nid, (x, y) in layout.items()}
    widths = {n[0]: label_font.getlength(n[3]) for n in key.nodes}
    above = _labels_above(nodes, widths, key.edges, graph)
    return AreaGeometry(key, nodes, tuple(track), sea, decks, governor, graph, above)


Box = tuple[float, float, float, float]


def _label_box(p: Point, width: float, above: bool) -> Box:
    x, y = p
    if above:
        return (x - width / 2, y - NODE_R - 3 - TEXT, x + width / 2, y - NODE_R - 1)
    return (x - width / 2, y + NODE_R + 1, x + width / 2, y + NODE_R + 3 + TEXT)


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _labels_above(
    nodes: dict[str, Point],
    widths: dict[str, float],
    edges: tuple[EdgeKey, ...],
    graph: tuple[int, int, int, int],
) -> frozenset[str]:
    """Put a node's name above it where that covers less of the other names, nodes and link
    markers than below (greedy, two passes; names below by default)."""
    r = NODE_R
    obstacles = [(x - r, y - r, x + r, y + r) for x, y in nodes.values()]
    for a, b, _shape, _honour in edges:
        if a in nodes and b in nodes:
            mx, my = (nodes[a][0] + nodes[b][0]) / 2, (nodes[a][1] + nodes[b][1]) / 2
            obstacles.append((mx - 10, my - 10, mx + 10, my + 10))
    above: set[str] = set()

    def cost(n: str, up: bool) -> float:
        box = _label_box(nodes[n], widths[n], up)
        total = sum(_overlap(box, o) for o in obstacles)
        for m in nodes:
            if m != n:
                total += _overlap(box, _label_box(nodes[m], widths[m], m in above))
        if box[1] < graph[1] - 2 or box[3] > graph[3] + 30:
            total += 10_000
        return total

    for _ in range(2):
        for n in nodes:
            below_cost, above_cost = cost(n, False), cost(n, True)
            if above_cost + 1 < below_cost:
                above.add(n)
            elif below_cost <= above_cost:
                above.discard(n)
    return frozenset(above)


def area_key(view: EndeavorView, area: AreaView, tr: Translate) -> AreaKey:
    bx, by, bw, bh = area.box
    nodes = tuple(
        (
            n.id,
            n.kind,
            n.honour,
            kit.shorten(tr(f"endeavor.node.{n.id}"), 150, font(TEXT)),
            (n.x - bx) / max(1, bw),
            (n.y - by) / max(1, bh),
        )
        for n in view.nodes
        if n.area == area.id
    )
    ids = {n[0] for n in nodes}
    edges = tuple((c.a, c.b, c.shape, c.honour) for c in view.connections if c.a in ids)
    return AreaKey(
        id=area.id,
        region=area.region,
        track_len=len(area.track),
        decks=tuple(d.id for d in area.decks),
        sea=area.region and area.open_sea_xy is not None,
        nodes=nodes,
        edges=edges,
        width=MAP_W - 2 * PAD,
        height=HEIGHTS.get(area.id, AREA_H + 24 * max(0, len(nodes) - 6)),
    )


def ordered_areas(view: EndeavorView) -> list[AreaView]:
    rank = {a: i for i, a in enumerate(ORDER)}
    return sorted(view.areas, key=lambda a: rank.get(a.id, len(ORDER)))


@dataclass(frozen=True)
class MapGeometry:
    height: int
    areas: tuple[tuple[AreaView, AreaGeometry, int], ...]  # area, geometry, top y
    footer_y: int

    def anchor(self, anchor: str) -> Point | None:
        """The map position an anchor id names (``node:``, ``track:``, ``sea:``, ``deck:``)."""
        kind, _, ident = anchor.partition(":")
        for area, geo, top in self.areas:
            if kind == "node" and ident in geo.nodes:
                x, y = geo.nodes[ident]
                return (PAD + x, top + y)
            if kind == "track" and area.id == ident and geo.track:
                free = next((i for i, s in enumerate(area.track) if s.occupant is None), None)
                x, y = geo.track[free if free is not None else len(geo.track) - 1]
                return (PAD + x, top + y)
            if kind == "sea" and area.id == ident and geo.sea is not None:
                return (PAD + geo.sea[0], top + geo.sea[1])
            if kind == "deck" and ident in geo.decks:
                x0, y0, x1, y1 = geo.decks[ident]
                return (PAD + (x0 + x1) / 2, top + (y0 + y1) / 2)
        return None

    def area_of(self, anchor: str) -> tuple[int, int] | None:
        """The vertical span of the panel holding an anchor."""
        point = self.anchor(anchor)
        if point is None:
            return None
        for _area, geo, top in self.areas:
            if top <= point[1] <= top + geo.key.height:
                return (top, top + geo.key.height)
        return None


def map_geometry(view: EndeavorView, tr: Translate) -> MapGeometry:
    y = HEADER_H + PAD
    areas = []
    for area in ordered_areas(view):
        geo = area_geometry(area_key(view, area, tr))
        areas.append((area, geo, y))
        y += geo.key.height + PAD
    return MapGeometry(height=y + FOOTER_H + PAD, areas=tuple(areas), footer_y=y)


# ------------------------------------------------------------------------------ static layer


@cached
@lru_cache(maxsize=64)
def area_layer(key: AreaKey, open_: bool, name: str, status: str) -> Image.Image:
    """The unchanging part of one area panel (drawn once per language, state of the area)."""
    geo = area_geometry(key)
    w, h = key.width, key.height
    img = Image.new("RGB", (w, h), SEA_BG)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1),
        radius=12,
        fill=AREA_OPEN if open_ else AREA_CLOSED,
        outline=kit.INK,
        width=2,
    )
    d.rounded_rectangle(
        (0, 0, w - 1, BAND_H),
        radius=12,
        fill=BAND_OPEN if open_ else BAND_CLOSED,
        corners=(True, True, False, False),
    )
    fa = font(MAP_TEXT["area"], True)
    kit.label(d, (10, BAND_H / 2 + 1), name, fa, anchor="lm")
    fs = font(TEXT, True)
    sx = 16 + fa.getlength(name)
    sw = fs.getlength(status) + 12
    kit.badge(
        d, (sx + sw / 2, BAND_H / 2), status, fs, fill=kit.INK if open_ else (96, 96, 96), pad=5
    )
    # open sea
    if geo.sea is not None:
        ox, oy = geo.sea
        d.ellipse(
            (ox - COL_W / 2, oy - 22, ox + COL_W / 2, oy + 22),
            fill=(170, 205, 230),
            outline=BLUE,
            width=2,
        )
    # track
    for i, (x, y) in enumerate(geo.track):
        if i + 1 < len(geo.track):
            nx = geo.track[i + 1][0]
            d.line((x + TRACK_R, y, nx - TRACK_R, y), fill=kit.INK, width=2)
        d.ellipse(
            (x - TRACK_R, y - TRACK_R, x + TRACK_R, y + TRACK_R),
            fill=(210, 230, 246),
            outline=BLUE,
            width=3,
        )
    # links
    nodes = geo.nodes
    for a, b, shape, honour in key.edges:
        if a not in nodes or b not in nodes:
            continue
        pa, pb = nodes[a], nodes[b]
        d.line((*pa, *pb), fill=(110, 100, 86), width=3)
        mx, my = (pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2
        if shape == "round":
            d.ellipse((mx - 7, my - 7, mx + 7, my + 7), fill=kit.WHITE, outline=kit.INK, width=2)
        else:
            d.rectangle((mx - 6, my - 6, mx + 6, my + 6), fill=kit.WHITE, outline=kit.INK, width=2)
        if honour > 1:
            kit.badge(d, (mx, my - 16), str(honour), fs, fill=GOLD, text_fill=kit.INK, pad=2)
    r = NODE_R
    for nid, kind, honour, _label, _fx, _fy in key.nodes:
        x, y = nodes[nid]
        if kind == "city":
            ring = GOLD if honour >= 2 else kit.INK
            d.ellipse(
                (x - r, y - r, x + r, y + r),
                fill=kit.WHITE,
                outline=ring,
                width=4 if honour >= 2 else 2,
            )
        else:
            d.rounded_rectangle(
                (x - r, y - r, x + r, y + r),
                radius=r // 3,
                fill=(200, 226, 246),
                outline=BLUE,
                width=2,
            )
            kit.paste_icon(img, "anchor", (x, y), round(r * 1.3), (120, 160, 200))
        if honour >= 2:
            kit.badge(
                d, (x + r + 4, y - r + 2), str(honour), fs, fill=GOLD, text_fill=kit.INK, pad=2
            )
    if not open_:
        gx0, gy0, gx1, gy1 = geo.graph
        veil = Image.new("RGBA", (gx1 - gx0, gy1 - gy0), (214, 214, 214, 90))
        img.paste(veil, (gx0, gy0), veil)
    return img


# ------------------------------------------------------------------------------ dynamic


def _area_panel(
    view: EndeavorView,
    styles: dict[str, kit.SeatStyle],
    area: AreaView,
    geo: AreaGeometry,
    tr: Translate,
) -> Image.Image:
    status = tr(R + ("area_open" if area.open else "area_closed"))
    if not area.region:
        status = tr(R + "area_home")
    base = area_layer(geo.key, area.open, tr(f"endeavor.region.{area.id}"), status)
    img = base.copy()
    d = ImageDraw.Draw(img)
    w = geo.key.width
    fb = font(TEXT, True)
    # presence by player (discs in the area), right of the band
    px: float = w - 10
    for seat in reversed(list(area.presence)):
        n = area.presence[seat]
        if n <= 0:
            continue
        kit.label(d, (px, BAND_H / 2 + 1), str(n), fb, anchor="rm")
        tw = fb.getlength(str(n))
        kit.paste(img, kit.seat_piece(style(styles, seat), 10), (px - tw - 12, BAND_H / 2))
        px -= tw + 32
    # decks, governor
    for deck in area.decks:
        box = geo.decks.get(deck.id)
        if box is None:
            continue
        card_chip(img, d, box, deck.top, deck.id, tr, TEXT)
        kit.badge(d, (box[2] - 6, box[3] - 4), str(deck.size), fb, fill=kit.INK, pad=3)
    if geo.governor is not None and area.governor is not None:
        card_chip(img, d, geo.governor, area.governor, area.id, tr, TEXT)
    if geo.sea is not None:
        ox, oy = geo.sea
        discs = [(s, n) for s, n in area.open_sea.items() if n > 0]
        if discs:
            for i, (seat, n) in enumerate(discs[:4]):
                ex = ox - 36 + (i % 2) * 46
                ey = oy - 10 + (i // 2) * 20 if len(discs) > 2 else oy
                kit.paste(img, kit.seat_piece(style(styles, seat), 9), (ex, ey))
                kit.label(d, (ex + 11, ey), str(n), fb, anchor="lm")
        else:
            caption = kit.shorten(tr(R + "open_sea"), COL_W - 6, font(TEXT))
            kit.label(d, (ox, oy), caption, font(TEXT), fill=BLUE, anchor="mm")
    for (x, y), space in zip(geo.track, area.track, strict=False):
        if space.occupant is not None:
            kit.paste(img, kit.seat_piece(style(styles, space.occupant), TRACK_R - 3), (x, y))
        elif space.token is not None:
            sprite = token_sprite(space.token, token_colour(view, space.token), TRACK_R - 3)
            kit.paste(img, sprite, (x, y))
    nodes = geo.nodes
    for c in view.connections:
        if c.a not in nodes or c.b not in nodes:
            continue
        pa, pb = nodes[c.a], nodes[c.b]
        mx, my = (pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2
        if c.controller is not None:
            dx, dy = pb[0] - pa[0], pb[1] - pa[1]
            dist = math.hypot(dx, dy) or 1.0
            ux, uy = dx / dist * NODE_R, dy / dist * NODE_R
            seg = (pa[0] + ux, pa[1] + uy, pb[0] - ux, pb[1] - uy)
            d.line(seg, fill=kit.INK, width=9)
            d.line(seg, fill=style(styles, c.controller).colour, width=5)
        if c.token is not None:
            kit.paste(img, token_sprite(c.token, token_colour(view, c.token), 10), (mx, my))
    fn = font(TEXT)
    for _nid, _kind, _honour, label, _fx, _fy in geo.key.nodes:
        x, y = nodes[_nid]
        up = _nid in geo.above
        kit.label(
            d,
            (x, y - NODE_R - 1) if up else (x, y + NODE_R + 1),
            label,
            fn,
            fill=kit.INK,
            outline=kit.WHITE,
            stroke=3,
            anchor="md" if up else "ma",
        )
    for node in view.nodes:
        if node.id not in nodes:
            continue
        x, y = nodes[node.id]
        if node.occupant is not None:
            kit.paste(img, kit.seat_piece(style(styles, node.occupant), NODE_R - 2), (x, y))
        elif node.token is not None:
            sprite = token_sprite(node.token, token_colour(view, node.token), NODE_R - 2)
            kit.paste(img, sprite, (x, y))
    return img


def _header(view: EndeavorView, styles: dict[str, kit.SeatStyle], tr: Translate) -> Image.Image:
    img = Image.new("RGB", (MAP_W, HEADER_H), HEADER_BAND)
    d = ImageDraw.Draw(img)
    ft = font(MAP_TEXT["title"], True)
    title = tr(R + "title")
    kit.label(d, (PAD + 4, 20), title, ft, fill=kit.WHITE, anchor="lm")
    fh = font(MAP_TEXT["head"], True)
    if view.over:
        text = tr(R + "game_over")
    else:
        text = tr(
            R + "header",
            round=view.round,
            rounds=view.rounds,
            phase=tr(f"endeavor.phase.{view.phase}"),
            side=tr(f"{R}side.{view.side}"),
        )
    x = PAD + 16 + ft.getlength(title)
    kit.label(
        d,
        (MAP_W - PAD - 4, 20),
        kit.shorten(text, MAP_W - x - 16, fh),
        fh,
        fill=(236, 226, 206),
        anchor="rm",
    )
    if view.to_act and not view.over:
        who = tr("core.list_separator").join(seat_name(s, tr) for s in view.to_act)
        line = kit.shorten(tr(R + "to_act", players=who), MAP_W - 60, fh)
        x = PAD + 4
        if len(view.to_act) == 1:
            kit.paste(img, kit.seat_piece(style(styles, view.to_act[0]), 12), (x + 12, 50))
            x += 30
        kit.label(d, (x, 50), line, fh, fill=kit.WHITE, anchor="lm")
    if view.turn is not None:
        t = view.turn
        if t.source == "token" and t.token is not None:
            source = tr(f"endeavor.token.{t.token}")
        else:
            source = tr(R + "source_building")
            p = next((pl for pl in view.players if pl.seat == t.seat), None)
            b = next(
                (sb.building.id for sb in (p.buildings if p else []) if sb.slot == t.slot), None
            )
            if b:
                source = tr(f"endeavor.building.{b}")
        parts = [tr(R + "using", name=seat_name(t.seat, tr), source=source)]
        if t.remaining:
            parts.append(tr(R + "left", items=[term(f"endeavor.kind.{k}") for k in t.remaining]))
        fn = font(TEXT)
        kit.label(
            d,
            (PAD + 4, 77),
            kit.shorten(" · ".join(parts), MAP_W - 2 * PAD - 8, fn),
            fn,
            fill=(255, 236, 190),
            anchor="lm",
        )
    return img


def _footer(view: EndeavorView, tr: Translate) -> Image.Image:
    w = MAP_W - 2 * PAD
    img = Image.new("RGB", (w, FOOTER_H), SEA_BG)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(
        (0, 0, w - 1, FOOTER_H - 1), radius=12, fill=AREA_OPEN, outline=kit.INK, width=2
    )
    fb = font(TEXT, True)
    fn = font(TEXT)
    title = tr(R + "discard_pile", count=len(view.discard_pile))
    kit.label(d, (10, 16), kit.shorten(title, w - 20, fb), fb, anchor="lm")
    x = 10.0
    shown = 0
    for card in view.discard_pile:
        if x + 70 > w - 80:
            break
        card_chip(img, d, (x, 28, x + 66, 28 + 44), card, card.deck, tr, TEXT)
        x += 72
        shown += 1
    extra = len(view.discard_pile) - shown
    if not view.discard_pile:
        kit.label(d, (w / 2, 50), tr(R + "empty"), fn, fill=kit.MUTED, anchor="mm")
    if extra > 0:
        kit.label(d, (x + 4, 50), tr(R + "more", count=extra), fn, fill=kit.MUTED, anchor="lm")
    # trade tokens still on the board, by kind
    kinds = [t.id for t in view.token_kinds]
    step = (w - 20) / max(1, len(kinds))
    for i, kind in enumerate(kinds):
        tx = 10 + i * step
        kit.paste(img, token_sprite(kind, token_colour(view, kind), 11), (tx + 12, 88))
        kit.label(d, (tx + 26, 88), str(view.tokens_on_board.get(kind, 0)), fb, anchor="lm")
    return img


def draw_map(
    view: EndeavorView, tr: Translate, styles: dict[str, kit.SeatStyle]
) -> tuple[Image.Image, MapGeometry]:
    geo = map_geometry(view, tr)
    out = Image.new("RGB", (MAP_W, geo.height), SEA_BG)
    out.paste(_header(view, styles, tr), (0, 0))
    for area, ageo, top in geo.areas:
        out.paste(_area_panel(view, styles, area, ageo, tr), (PAD, top))
    out.paste(_footer(view, tr), (PAD, geo.footer_y))
    return out, geo


# ------------------------------------------------------------------------------ choices


def place_name(view: EndeavorView, anchor: str, tr: Translate) -> str:
    """The translated place an anchor marks (a city or fleet, a track, an open sea, a deck)."""
    kind, _, ident = anchor.partition(":")
    if kind == "node":
        return tr(f"endeavor.node.{ident}")
    if kind == "track":
        return tr(R + "place.track", region=term(f"endeavor.region.{ident}"))
    if kind == "sea":
        return tr(R + "place.sea", region=term(f"endeavor.region.{ident}"))
    if kind == "deck":
        return tr(f"endeavor.deck.{ident}")
    return anchor


MARK_TEXT = TEXT + 2  # a choice number: at least 14 px when the map is shown 400 px wide


LABEL_STROKE = 3  # the outline around a printed name


def choice_placer(geo: MapGeometry, span: tuple[int, int] | None = None) -> kit.Placer:
    """What the map draws where (each panel's band, places, their printed names, the honour
    numbers, track spaces, card chips, the open sea), so that a choice number goes beside
    its place and covers none of it; the names are recorded as texts. With ``span``, a
    number may go only inside that panel (from its top to its bottom)."""
    top_y, bottom_y = span if span is not None else (0, geo.height)
    placer = kit.Placer(MAP_W, bottom_y, top_y)
    for _area, ageo, top in geo.areas:

        def shift(box: Box, dx: float = PAD, dy: float = top) -> Box:
            return (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)

        placer.block(shift((0, 0, ageo.key.width, BAND_H)))
        for nid, _kind, honour, label, _fx, _fy in ageo.key.nodes:
            if nid not in ageo.nodes:
                continue
            x, y = ageo.nodes[nid]
            placer.block(shift((x - NODE_R, y - NODE_R, x + NODE_R, y + NODE_R)))
            if honour >= 2:
                placer.block(shift((x + NODE_R, y - NODE_R - 10, x + NODE_R + 22, y - NODE_R + 14)))
            width = font(TEXT).getlength(label)
            x0, y0, x1, y1 = _label_box((x, y), width, nid in ageo.above)
            m = LABEL_STROKE
            placer.block(shift((x0 - m, y0 - m, x1 + m, y1 + m)), kit.safe_text(label))
        for x, y in ageo.track:
            placer.block(shift((x - TRACK_R, y - TRACK_R, x + TRACK_R, y + TRACK_R)))
        for box in [*ageo.decks.values(), *([ageo.governor] if ageo.governor else [])]:
            placer.block(shift(box))
        if ageo.sea is not None:
            sx, sy = ageo.sea
            placer.block(shift((sx - COL_W / 2, sy - 22, sx + COL_W / 2, sy + 22)))
    return placer


def mark_choices(
    img: Image.Image, geo: MapGeometry, marks: list[tuple[int, str]]
) -> list[tuple[int, int]]:
    """Outline each marked place and put its number beside it, covering no printed name,
    place or other number (``kit.mark_choices``); returns the vertical spans of the marked
    panels, top to bottom."""
    d = ImageDraw.Draw(img)
    grouped: dict[str, list[int]] = {}
    for number, anchor in marks:
        if geo.anchor(anchor) is not None:
            grouped.setdefault(anchor, []).append(number)
    spans: set[tuple[int, int]] = set()
    todo: dict[tuple[int, int] | None, list[kit.Mark]] = {}
    for anchor, numbers in grouped.items():
        point = geo.anchor(anchor)
        assert point is not None
        kind = anchor.partition(":")[0]
        px, py = point
        words = ",".join(map(str, numbers))
        span = geo.area_of(anchor)
        panel = todo.setdefault(span, [])
        if kind == "deck":
            box = (px - COL_W / 2 - 4, py - 39, px + COL_W / 2 + 4, py + 39)
            d.rounded_rectangle(box, radius=8, outline=kit.HIGHLIGHT, width=4)
            panel.append(kit.Mark(words, point, COL_W / 2 - 4, ring=False))
        elif kind == "sea":
            box = (px - COL_W / 2 - 4, py - 26, px + COL_W / 2 + 4, py + 26)
            d.ellipse(box, outline=kit.HIGHLIGHT, width=4)
            panel.append(kit.Mark(words, point, 22, ring=False))
        else:
            panel.append(kit.Mark(words, point, TRACK_R if kind == "track" else NODE_R))
        if span is not None:
            spans.add(span)
    for span, panel in todo.items():
        kit.mark_choices(img, choice_placer(geo, span), panel, MARK_TEXT)
    return sorted(spans)
