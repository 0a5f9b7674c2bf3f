"""Endeavor: Age of Sail images, drawn only from ``EndeavorView``.

The board image shows the world map (areas open or closed, shipping tracks, open seas, cities
and fleets with discs, connections, remaining trade tokens, deck tops, governors), the building
tray and every player's mat (tracks, shore buildings with discs, harbour, cards, governor slot).
Endeavor is open information (END-R110), so there is no private image. Every word comes from
the reader's ``Translate`` (``endeavor.render.*`` and the game's terms), so images and their
summaries are drawn in the viewer's language.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache

from PIL import Image, ImageDraw

from render import RenderedImage, Translate, kit
from rules.core import View, term
from rules.endeavor.components import Attribute
from rules.endeavor.view import (
    AreaView,
    BuildingInfo,
    CardInfo,
    ConnectionView,
    EndeavorView,
    NodeView,
    PlayerView,
)

WIDTH = 1600
MARGIN = 24
GAP = 14
SEA_BG = (108, 160, 200)
NODE_LABEL_SIZE = 19
AREA_OPEN = (244, 236, 214)
AREA_CLOSED = (214, 214, 214)
BAND_OPEN = (202, 180, 128)
BAND_CLOSED = (150, 150, 150)
HEADER_BAND = (52, 44, 36)
BROWN = (140, 90, 50)
BLUE = (40, 92, 160)

ATTRS: tuple[Attribute, ...] = ("industry", "culture", "wealth", "influence")
ATTR_ICON: dict[str, kit.IconKind] = {
    "industry": "gear",
    "culture": "book",
    "wealth": "coin",
    "influence": "scroll",
}
ATTR_COLOUR: dict[str, kit.RGB] = {
    "industry": (96, 104, 118),
    "culture": (134, 76, 160),
    "wealth": (206, 156, 18),
    "influence": (186, 56, 56),
}
ACTION_ICON: dict[str, kit.IconKind] = {
    "ship": "ship",
    "occupy": "flag",
    "attack": "swords",
    "payment": "hand",
    "draw": "card",
}
DECK_COLOUR: dict[str, kit.RGB] = {
    "europe": (70, 90, 150),
    "slavery": (90, 90, 90),
    "africa": (190, 120, 40),
    "south_america": (60, 140, 70),
    "caribbean": (30, 150, 160),
    "north_america": (150, 60, 60),
    "india": (200, 90, 120),
    "far_east": (170, 140, 30),
}
# map panels: a 3 x 3 grid roughly following geography; the last cell lists Europe's discards
GRID: tuple[tuple[str, ...], ...] = (
    ("north_america", "europe", "far_east"),
    ("caribbean", "africa", "india"),
    ("south_america", "@discards", "@legend"),
)
R = "endeavor.render."


def _as_endeavor(view: View) -> EndeavorView:
    if not isinstance(view, EndeavorView):
        raise TypeError(f"render.endeavor needs an EndeavorView, got {type(view).__name__}")
    return view


def _name(seat: str, tr: Translate) -> str:
    if seat == "sf":
        return tr(R + "silent_fleet")
    return tr.name(seat)


def _mark(style: kit.SeatStyle, tr: Translate) -> str:
    """The seat letter after a colour word in text (English; Korean text names the colour)."""
    return tr(f"{R}mark.{style.letter}")


def _phase(view: EndeavorView, tr: Translate) -> str:
    return tr(f"endeavor.phase.{view.phase}")


SILENT_FLEET_STYLE = kit.SeatStyle((235, 235, 235), "S", "square", "white")


def _styles(view: EndeavorView) -> dict[str, kit.SeatStyle]:
    styles = kit.styles_for(view.seats)
    styles["sf"] = SILENT_FLEET_STYLE
    return styles


def _style(styles: dict[str, kit.SeatStyle], who: str) -> kit.SeatStyle:
    return styles.get(who, SILENT_FLEET_STYLE)


# --------------------------------------------------------------------------------- sprites


@kit.static_layer(maxsize=128)
def token_sprite(kind: str, colour: str, radius: int) -> Image.Image:
    """A trade token: brown with an attribute icon, or blue with its action icon(s)."""
    s = kit.SUPERSAMPLE
    side = 2 * radius + 4
    n = side * s
    img = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    fill = BROWN if colour == "brown" else BLUE
    c = n / 2
    r = radius * s
    d.ellipse((c - r, c - r, c + r, c + r), fill=fill, outline=kit.WHITE, width=max(2, r // 8))
    kinds: list[kit.IconKind]
    if kind in ATTR_ICON:
        kinds = [ATTR_ICON[kind]]
    elif kind == "occupy_draw":
        kinds = ["flag", "card"]
    else:
        kinds = [ACTION_ICON.get(kind, "star")]
    if len(kinds) == 1:
        glyph = kit.icon(kinds[0], round(r * 1.2), kit.WHITE, fill)
        img.paste(glyph, (round(c - glyph.width / 2), round(c - glyph.height / 2)), glyph)
    else:
        for i, k in enumerate(kinds):
            glyph = kit.icon(k, round(r * 0.85), kit.WHITE, fill)
            gx = c + (i - 0.5) * r * 0.85
            img.paste(glyph, (round(gx - glyph.width / 2), round(c - glyph.height / 2)), glyph)
        d.line(
            (c + r * 0.05, c - r * 0.5, c - r * 0.05, c + r * 0.5),
            fill=kit.WHITE,
            width=max(2, r // 10),
        )
    return img.resize((side, side), Image.Resampling.LANCZOS)


def _token_colour(view: EndeavorView, kind: str) -> str:
    for t in view.token_kinds:
        if t.id == kind:
            return t.colour
    return "brown" if kind in ATTR_ICON else "blue"


def _icons_row(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    x: float,
    y: float,
    icons: Mapping[Attribute, int],
    size: int,
    fnt: int,
) -> float:
    """Attribute icons with amounts (e.g. gear 2, coin 1); returns the x after them."""
    for attr in ATTRS:
        n = icons.get(attr, 0)
        if not n:
            continue
        kit.paste_icon(img, ATTR_ICON[attr], (x + size / 2, y), size, ATTR_COLOUR[attr], kit.WHITE)
        kit.label(d, (x + size + 2, y), str(n), kit.font(fnt, True), anchor="lm")
        x += size + 8 + fnt * 0.6 * len(str(n)) + 6
    return x


def _actions_row(
    img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, b: BuildingInfo, size: int
) -> float:
    sep = {"plus": "+", "slash": "/"}.get(b.structure, "")
    for i, act in enumerate(b.actions):
        if i:
            kit.label(d, (x + 2, y), sep, kit.font(round(size * 0.8), True), anchor="lm")
            x += size * 0.55
        kit.paste_icon(
            img, ACTION_ICON.get(act, "star"), (x + size / 2, y), size, kit.INK, kit.WHITE
        )
        x += size + 2
    return x


# ------------------------------------------------------------------------------ node layout


def _ring_order(nodes: tuple[str, ...], adj: dict[str, list[str]]) -> list[str | None]:
    """Nodes in depth-first order, groups separated by gaps (``None``), leaves first."""
    seen: set[str] = set()
    order: list[str | None] = []
    for start in sorted(nodes, key=lambda n: (len(adj[n]) != 1, nodes.index(n))):
        if start in seen:
            continue
        if order:
            order.append(None)
        stack = [start]
        while stack:
            cur = stack.pop()
            if cur in seen:
                continue
            seen.add(cur)
            order.append(cur)
            for nxt in reversed(adj[cur]):
                if nxt not in seen:
                    stack.append(nxt)
    if len(order) > 2 and order[-1] is not None:
        order.append(None)
    return order


@lru_cache(maxsize=64)
def graph_layout(
    nodes: tuple[str, ...],
    edges: tuple[tuple[str, str], ...],
    label_widths: tuple[int, ...],
    width: int,
    height: int,
) -> dict[str, tuple[float, float]]:
    """Pixel positions for an area's nodes inside a ``width`` x ``height`` box.

    Start around an ellipse in depth-first order (a tree drawn so has no crossing lines),
    then push apart any two nodes whose labelled boxes overlap while links pull their ends
    together, all kept inside the box. Deterministic, and cached per area.
    """
    adj: dict[str, list[str]] = {n: [] for n in nodes}
    for a, b in edges:
        if a in adj and b in adj:
            adj[a].append(b)
            adj[b].append(a)
    order = _ring_order(nodes, adj)
    slots = len(order)
    pos: dict[str, list[float]] = {}
    for i, node in enumerate(order):
        if node is None:
            continue
        ang = math.radians(-150 + 360 * i / slots)
        pos[node] = [width * (0.5 + 0.42 * math.cos(ang)), height * (0.5 + 0.4 * math.sin(ang))]
    half_w = {n: max(30.0, w / 2 + 6) for n, w in zip(nodes, label_widths, strict=True)}
    top, bottom = 26.0, 46.0  # node above its centre; node and label below
    for _ in range(240):
        for i, a in enumerate(nodes):
            for b in nodes[i + 1 :]:
                pa, pb = pos[a], pos[b]
                dx, dy = pb[0] - pa[0], pb[1] - pa[1]
                ox = half_w[a] + half_w[b] - abs(dx)
                oy = top + bottom + 4 - abs(dy)
                if ox > 0 and oy > 0:
                    if ox < oy:
                        sx = 1.0 if dx > 0 or (dx == 0 and i % 2) else -1.0
                        pa[0] -= sx * ox * 0.26
                        pb[0] += sx * ox * 0.26
                    else:
                        sy = 1.0 if dy > 0 or (dy == 0 and i % 2) else -1.0
                        pa[1] -= sy * oy * 0.26
                        pb[1] += sy * oy * 0.26
        for a, b in edges:
            if a not in pos or b not in pos:
                continue
            pa, pb = pos[a], pos[b]
            dx, dy = pb[0] - pa[0], pb[1] - pa[1]
            dist = math.hypot(dx, dy) or 1.0
            pull = (dist - 110.0) / dist * 0.04
            pa[0] += dx * pull
            pa[1] += dy * pull
            pb[0] -= dx * pull
            pb[1] -= dy * pull
        for n, p in pos.items():
            p[0] = min(max(p[0], half_w[n]), width - half_w[n])
            p[1] = min(max(p[1], top), height - bottom)
    return {n: (p[0], p[1]) for n, p in pos.items()}


# ------------------------------------------------------------------------------ map panels


def _draw_node(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    view: EndeavorView,
    styles: dict[str, kit.SeatStyle],
    node: NodeView,
    x: float,
    y: float,
    r: int,
    tr: Translate,
    label_above: bool = False,
) -> None:
    if node.kind == "city":
        ring = (196, 150, 30) if node.honour >= 2 else kit.INK
        d.ellipse(
            (x - r, y - r, x + r, y + r),
            fill=kit.WHITE,
            outline=ring,
            width=5 if node.honour >= 2 else 3,
        )
    else:
        d.rounded_rectangle(
            (x - r, y - r, x + r, y + r),
            radius=r // 3,
            fill=(200, 226, 246),
            outline=(40, 92, 160),
            width=3,
        )
    if node.occupant is not None:
        kit.paste(img, kit.seat_piece(_style(styles, node.occupant), round(r * 0.8)), (x, y))
    elif node.token is not None:
        kit.paste(
            img, token_sprite(node.token, _token_colour(view, node.token), round(r * 0.82)), (x, y)
        )
    elif node.kind == "fleet":
        kit.paste_icon(img, "anchor", (x, y), round(r * 1.2), (120, 160, 200))
    if node.honour >= 2:
        by = y + r * 0.9 if label_above else y - r * 0.9
        kit.badge(
            d,
            (x + r * 0.95, by),
            str(node.honour),
            kit.font(16, True),
            fill=(196, 150, 30),
            text_fill=kit.INK,
            pad=3,
        )
    fnt = kit.font(NODE_LABEL_SIZE)
    name = kit.shorten(tr(f"endeavor.node.{node.id}"), 140, fnt)
    if label_above:
        kit.label(
            d, (x, y - r - 3), name, fnt, fill=kit.INK, outline=kit.WHITE, stroke=3, anchor="md"
        )
    else:
        kit.label(
            d, (x, y + r + 3), name, fnt, fill=kit.INK, outline=kit.WHITE, stroke=3, anchor="ma"
        )


def _draw_connection(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    view: EndeavorView,
    styles: dict[str, kit.SeatStyle],
    c: ConnectionView,
    a: tuple[float, float],
    b: tuple[float, float],
) -> None:
    if c.controller is not None:
        st = _style(styles, c.controller)
        d.line((*a, *b), fill=kit.INK, width=11)
        d.line((*a, *b), fill=st.colour, width=7)
    else:
        d.line((*a, *b), fill=(110, 100, 86), width=4)
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    if c.shape == "round":
        if c.token is not None:
            kit.paste(img, token_sprite(c.token, _token_colour(view, c.token), 14), (mx, my))
        else:
            d.ellipse((mx - 8, my - 8, mx + 8, my + 8), fill=kit.WHITE, outline=kit.INK, width=2)
    else:
        d.rectangle((mx - 7, my - 7, mx + 7, my + 7), fill=kit.WHITE, outline=kit.INK, width=2)
    if c.honour > 1:
        kit.badge(
            d,
            (mx, my - 20),
            str(c.honour),
            kit.font(15, True),
            fill=(196, 150, 30),
            text_fill=kit.INK,
            pad=3,
        )


def _mini_card(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    card: CardInfo | None,
    deck: str,
    tr: Translate,
    count: int | None = None,
    caption: str | None = None,
) -> None:
    """A small face-up card: deck colour band, draw value, icons, honour."""
    x0, y0, x1, y1 = box
    col = DECK_COLOUR.get(deck, kit.MUTED)
    if card is None:
        d.rounded_rectangle(box, radius=8, fill=(230, 230, 230), outline=kit.MUTED, width=2)
        kit.label(
            d,
            ((x0 + x1) / 2, (y0 + y1) / 2),
            tr(R + "empty"),
            kit.font(15),
            fill=kit.MUTED,
            anchor="mm",
        )
    else:
        d.rounded_rectangle(box, radius=8, fill=kit.WHITE, outline=col, width=3)
        d.rounded_rectangle(
            (x0, y0, x1, y0 + 24), radius=8, fill=col, corners=(True, True, False, False)
        )
        if card.governor:
            tag = tr(R + "card_governor")
        elif card.abolition:
            tag = tr(R + "card_abolition")
        else:
            tag = tr(R + "card_value", value=card.value)
        kit.label(d, (x0 + 6, y0 + 12), tag, kit.font(17, True), fill=kit.WHITE, anchor="lm")
        if card.honour:
            kit.paste_icon(img, "star", (x1 - 13, y0 + 12), 18, (250, 210, 60))
            kit.label(
                d,
                (x1 - 24, y0 + 12),
                str(card.honour),
                kit.font(15, True),
                fill=kit.WHITE,
                anchor="rm",
            )
        iy = y0 + 38
        ix = x0 + 4
        per_row = max(1, int((x1 - x0 - 6) // 34))
        k = 0
        for attr in ATTRS:
            n = card.icons.get(attr, 0)
            if not n:
                continue
            px = ix + (k % per_row) * 34
            py = iy + (k // per_row) * 26
            kit.paste_icon(img, ATTR_ICON[attr], (px + 10, py), 20, ATTR_COLOUR[attr], kit.WHITE)
            kit.label(d, (px + 21, py), str(n), kit.font(16, True), anchor="lm")
            k += 1
        if card.population:
            kit.paste_icon(img, "person", (x1 - 12, y1 - 12), 16, kit.INK)
    if count is not None:
        kit.badge(d, (x1 - 4, y1 - 2), f"{count}", kit.font(16, True), fill=kit.INK, pad=4)
    if caption:
        kit.label(d, ((x0 + x1) / 2, y1 + 4), caption, kit.font(15), fill=kit.MUTED, anchor="ma")


def _area_panel(
    view: EndeavorView,
    styles: dict[str, kit.SeatStyle],
    area: AreaView,
    w: int,
    h: int,
    tr: Translate,
) -> Image.Image:
    img = Image.new("RGB", (w, h), SEA_BG)
    d = ImageDraw.Draw(img)
    open_ = area.open
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1),
        radius=16,
        fill=AREA_OPEN if open_ else AREA_CLOSED,
        outline=kit.INK,
        width=2,
    )
    band_h = 46
    d.rounded_rectangle(
        (0, 0, w - 1, band_h),
        radius=16,
        fill=BAND_OPEN if open_ else BAND_CLOSED,
        corners=(True, True, False, False),
    )
    area_name = tr(f"endeavor.region.{area.id}")
    kit.label(d, (14, band_h / 2), area_name, kit.font(26, True), anchor="lm")
    status = tr(R + ("area_open" if open_ else "area_closed"))
    if not area.region:
        status = tr(R + "area_home")
    sx = 20 + kit.font(26, True).getlength(area_name)
    kit.badge(
        d,
        (sx + 34, band_h / 2),
        status,
        kit.font(15, True),
        fill=kit.INK if open_ else (96, 96, 96),
        pad=6,
    )
    # presence by player (discs in the area)
    px: float = w - 12
    for seat in reversed(list(area.presence)):
        n = area.presence[seat]
        if n <= 0:
            continue
        fnt = kit.font(20, True)
        tw = fnt.getlength(str(n))
        kit.label(d, (px, band_h / 2), str(n), fnt, anchor="rm")
        kit.paste(img, kit.seat_piece(_style(styles, seat), 11), (px - tw - 14, band_h / 2))
        px -= tw + 36
    # right column: decks, governor, open sea
    col_w = 104
    cx0 = w - col_w - 8
    y = band_h + 8
    for deck in area.decks:
        box = (cx0, y, cx0 + col_w, y + 84)
        _mini_card(img, d, box, deck.top, deck.id, tr, count=deck.size)
        kit.label(
            d,
            (cx0 + col_w / 2, y + 86),
            kit.shorten(tr(f"endeavor.deck.{deck.id}"), col_w, kit.font(15)),
            kit.font(15),
            fill=kit.MUTED,
            anchor="ma",
        )
        y += 108
    if area.governor is not None:
        box = (cx0, y, cx0 + col_w, y + 70)
        _mini_card(img, d, box, area.governor, area.id, tr)
        kit.label(
            d,
            (cx0 + col_w / 2, y + 72),
            tr(R + "governor"),
            kit.font(15),
            fill=kit.MUTED,
            anchor="ma",
        )
        y += 94
    track_h = 58 if area.track else 0
    if area.region and area.open_sea_xy is not None:
        oy = min(y + 46, h - track_h - 42)
        ocx = cx0 + col_w / 2
        d.ellipse(
            (ocx - 48, oy - 30, ocx + 48, oy + 30),
            fill=(170, 205, 230),
            outline=(40, 92, 160),
            width=2,
        )
        kit.label(d, (ocx, oy + 34), tr(R + "open_sea"), kit.font(15), fill=kit.MUTED, anchor="ma")
        discs = [(s, n) for s, n in area.open_sea.items() if n > 0]
        for i, (seat, n) in enumerate(discs[:4]):
            ex = ocx - 30 + (i % 2) * 44
            ey = oy - 13 + (i // 2) * 26
            kit.paste(img, kit.seat_piece(_style(styles, seat), 10), (ex, ey))
            kit.label(d, (ex + 12, ey), f"{n}", kit.font(16, True), anchor="lm")
        if not discs and not open_:
            kit.label(d, (ocx, oy), "—", kit.font(18), fill=kit.MUTED, anchor="mm")
    # shipping track along the bottom, space 1 (far from the deck) on the left
    if area.track:
        ty = h - track_h / 2 - 6
        n = len(area.track)
        span = w - col_w - 48
        step = min(70.0, span / n)
        kit.label(
            d, (14, ty - 30), tr(R + "shipping_track"), kit.font(15), fill=kit.MUTED, anchor="ls"
        )
        for i, space in enumerate(area.track):
            x = 34 + i * step
            if i + 1 < n:
                d.line((x + 20, ty, x + step - 20, ty), fill=kit.INK, width=2)
            d.ellipse(
                (x - 21, ty - 21, x + 21, ty + 21),
                fill=(210, 230, 246),
                outline=(40, 92, 160),
                width=3,
            )
            if space.occupant is not None:
                kit.paste(img, kit.seat_piece(_style(styles, space.occupant), 17), (x, ty))
            elif space.token is not None:
                kit.paste(
                    img, token_sprite(space.token, _token_colour(view, space.token), 17), (x, ty)
                )
    # node graph in the remaining box
    gx0, gy0, gx1, gy1 = 10, band_h + 4, cx0 - 6, h - track_h - 22
    nodes = [n for n in view.nodes if n.area == area.id]
    conns = [c for c in view.connections if c.a in {n.id for n in nodes}]
    label_font = kit.font(NODE_LABEL_SIZE)
    layout = graph_layout(
        tuple(n.id for n in nodes),
        tuple((c.a, c.b) for c in conns),
        tuple(
            round(label_font.getlength(kit.shorten(tr(f"endeavor.node.{n.id}"), 140, label_font)))
            for n in nodes
        ),
        gx1 - gx0,
        gy1 - gy0,
    )
    pos = {nid: (gx0 + fx, gy0 + fy) for nid, (fx, fy) in layout.items()}
    for c in conns:
        if c.a in pos and c.b in pos:
            _draw_connection(img, d, view, styles, c, pos[c.a], pos[c.b])
    for node in nodes:
        if node.id in pos:
            _draw_node(img, d, view, styles, node, pos[node.id][0], pos[node.id][1], 22, tr)
    if not open_:
        veil = Image.new("RGBA", (gx1 - gx0 + 10, gy1 - gy0), (214, 214, 214, 110))
        img.paste(veil, (gx0 - 5, gy0), veil)
    return img


def _discards_panel(view: EndeavorView, w: int, h: int, tr: Translate) -> Image.Image:
    img = Image.new("RGB", (w, h), SEA_BG)
    d = ImageDraw.Draw(img)
    y = kit.panel(
        d,
        (0, 0, w - 1, h - 1),
        title=tr(R + "discard_pile", count=len(view.discard_pile)),
        title_font=kit.font(24, True),
        band=BAND_OPEN,
        radius=16,
        width=2,
        outline=kit.INK,
    )
    cw, ch = 92, 84
    per_row = max(1, (w - 20) // (cw + 8))
    for i, card in enumerate(view.discard_pile[: per_row * 2]):
        x0 = 12 + (i % per_row) * (cw + 8)
        y0 = y + (i // per_row) * (ch + 10)
        _mini_card(img, d, (x0, y0, x0 + cw, y0 + ch), card, card.deck, tr)
    if not view.discard_pile:
        kit.label(d, (w / 2, y + 40), tr(R + "empty"), kit.font(22), fill=kit.MUTED, anchor="mm")
    extra = len(view.discard_pile) - per_row * 2
    ty = y + 2 * (ch + 10) + 8
    if extra > 0:
        kit.label(
            d, (14, ty), tr(R + "more", count=extra), kit.font(18), fill=kit.MUTED, anchor="la"
        )
    notes = []
    if view.abolished:
        notes.append(tr(R + "abolished"))
    if view.removed_cards:
        notes.append(tr(R + "cards_out", count=view.removed_cards))
    if notes:
        kit.label(d, (14, h - 16), " · ".join(notes), kit.font(18), fill=kit.MUTED, anchor="ls")
    return img


def _legend_panel(view: EndeavorView, w: int, h: int, tr: Translate) -> Image.Image:
    img = Image.new("RGB", (w, h), SEA_BG)
    d = ImageDraw.Draw(img)
    y = kit.panel(
        d,
        (0, 0, w - 1, h - 1),
        title=tr(R + "tokens_on_board", count=sum(view.tokens_on_board.values())),
        title_font=kit.font(24, True),
        band=BAND_OPEN,
        radius=16,
        width=2,
        outline=kit.INK,
    )
    kinds = [t.id for t in view.token_kinds]
    col_w = (w - 24) / 2
    for i, kind in enumerate(kinds):
        x = 16 + (i % 2) * col_w
        yy = y + 14 + (i // 2) * 44
        kit.paste(img, token_sprite(kind, _token_colour(view, kind), 17), (x + 18, yy))
        kit.label(d, (x + 42, yy), tr(f"endeavor.token.{kind}"), kit.font(20), anchor="lm")
        kit.label(
            d,
            (x + col_w - 16, yy),
            str(view.tokens_on_board.get(kind, 0)),
            kit.font(22, True),
            anchor="rm",
        )
    ly = h - 40
    kit.label(d, (16, ly), tr(R + "link_legend"), kit.font(17), fill=kit.MUTED, anchor="lm")
    return img


def _draw_map(
    view: EndeavorView, styles: dict[str, kit.SeatStyle], width: int, tr: Translate
) -> Image.Image:
    cell_w = (width - 2 * MARGIN - 2 * GAP) // 3
    cell_h = 420
    rows = len(GRID)
    img = Image.new("RGB", (width, rows * cell_h + (rows - 1) * GAP + 2 * MARGIN), SEA_BG)
    areas = {a.id: a for a in view.areas}
    for r, row in enumerate(GRID):
        for c, key in enumerate(row):
            x = MARGIN + c * (cell_w + GAP)
            y = MARGIN + r * (cell_h + GAP)
            if key == "@discards":
                panel = _discards_panel(view, cell_w, cell_h, tr)
            elif key == "@legend":
                panel = _legend_panel(view, cell_w, cell_h, tr)
            elif key in areas:
                panel = _area_panel(view, styles, areas[key], cell_w, cell_h, tr)
            else:
                continue
            img.paste(panel, (x, y))
    return img


# ----------------------------------------------------------------------------------- tray


def _building_card(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    b: BuildingInfo,
    count: int | None,
    tr: Translate,
    disc: kit.SeatStyle | None = None,
    compact: bool = False,
) -> None:
    x0, y0, x1, y1 = box
    name = tr(f"endeavor.building.{b.id}")
    empty = count == 0
    fill = (238, 238, 238) if empty else (255, 250, 238)
    d.rounded_rectangle(
        box, radius=10, fill=fill, outline=kit.MUTED if empty else (120, 96, 60), width=2
    )
    name_font = kit.fit_font(
        name,
        (x1 - x0) - (56 if count is not None else 40),
        20 if compact else 22,
        True,
        min_size=13,
    )
    kit.label(
        d, (x0 + 8, y0 + 16), name, name_font, fill=kit.MUTED if empty else kit.INK, anchor="lm"
    )
    if b.level:
        kit.badge(
            d,
            (x1 - 18, y0 + 16),
            tr(R + "level_badge", level=b.level),
            kit.font(15, True),
            fill=(120, 96, 60),
            pad=4,
        )
    row_y = y0 + (40 if compact else 44)
    x = _icons_row(img, d, x0 + 6, row_y, b.icons, 22, 17)
    if b.honour:
        kit.paste_icon(img, "star", (x + 11, row_y), 22, (220, 170, 30))
        kit.label(d, (x + 24, row_y), str(b.honour), kit.font(17, True), anchor="lm")
        x += 44
    if b.special:
        kit.label(d, (x + 2, row_y), tr(R + "special"), kit.font(14), fill=kit.MUTED, anchor="lm")
    ay = y0 + (66 if compact else 74)
    ax = _actions_row(img, d, x0 + 6, ay, b, 26)
    if b.no_payment:
        kit.label(
            d, (ax + 6, ay), tr(R + "no_pay"), kit.font(14, True), fill=kit.HIGHLIGHT, anchor="lm"
        )
    if count is not None:
        kit.label(
            d,
            (x1 - 10, y1 - 16),
            f"×{count}",
            kit.font(24, True),
            fill=kit.MUTED if empty else kit.INK,
            anchor="rm",
        )
    if disc is not None:
        kit.paste(img, kit.seat_piece(disc, 13), (x1 - 18, y1 - 18))
    elif b.actions and compact:
        r = 12
        d.ellipse((x1 - 18 - r, y1 - 18 - r, x1 - 18 + r, y1 - 18 + r), outline=kit.MUTED, width=2)


def _tray_panel(view: EndeavorView, width: int, tr: Translate) -> Image.Image:
    cols = 5
    card_h = 100
    by_level: dict[int, list[tuple[BuildingInfo, int]]] = {}
    for stack in view.tray.stacks:
        by_level.setdefault(stack.building.level, []).append((stack.building, stack.count))
    rows = max([len(v) for v in by_level.values()] + [3])
    h = 56 + rows * (card_h + 10) + 30
    img = Image.new("RGB", (width, h), kit.PAPER)
    d = ImageDraw.Draw(img)
    y = kit.panel(
        d,
        (0, 0, width - 1, h - 1),
        title=tr(R + "tray"),
        title_font=kit.font(28, True),
        band=(226, 214, 186),
    )
    col_w = (width - 20) / cols
    for lvl in range(1, 6):
        x0 = 10 + (lvl - 1) * col_w
        items = by_level.get(lvl, [])
        for i, (b, count) in enumerate(items):
            yy = y + i * (card_h + 10)
            _building_card(img, d, (x0 + 4, yy, x0 + col_w - 4, yy + card_h), b, count, tr)
        if lvl == 5 and view.tray.level5_face_down:
            kit.label(
                d,
                (x0 + 8, h - 16),
                tr(R + "face_down", count=view.tray.level5_face_down),
                kit.font(16),
                fill=kit.MUTED,
                anchor="ls",
            )
    if view.tray.removed:
        text = tr(
            R + "removed", items=[term(f"endeavor.building.{b.id}") for b in view.tray.removed]
        )
        kit.label(
            d,
            (14, h - 16),
            kit.shorten(text, width / 2, kit.font(16)),
            kit.font(16),
            fill=kit.MUTED,
            anchor="ls",
        )
    return img


# ----------------------------------------------------------------------------------- mats


def honour_spaces(limit: int) -> list[int]:
    """Honour spaces (END-D03): 0, 2, 4, 7, 10, 12, 14, then every 2 past the mat."""
    base = [0, 2, 4, 7, 10, 12, 14]
    extra = list(range(16, max(16, limit) + 1, 2))
    return base + extra


@kit.static_layer(maxsize=16)
def _track_grid(attr: str, cell_milli: int, cells: int) -> Image.Image:
    """The printed spaces 0-15 of one attribute track, honour spaces shaded (END-D03)."""
    cw = cell_milli / 1000
    img = Image.new("RGBA", (math.ceil(cw * cells) + 2, 33), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    honour = set(honour_spaces(15))
    for v in range(cells):
        cx = v * cw
        box = (cx, 1, cx + cw - 3, 31)
        fill = kit.lighter(ATTR_COLOUR[attr], 0.82) if v in honour else kit.WHITE
        d.rounded_rectangle(box, radius=5, fill=fill, outline=(190, 180, 160), width=1)
        kit.label(
            d,
            ((box[0] + box[2]) / 2, 16),
            str(v),
            kit.font(14, v in honour),
            fill=kit.INK if v in honour else kit.MUTED,
            anchor="mm",
        )
    return img


def _track_row(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    x: float,
    y: float,
    attr: str,
    value: int,
    level: int,
    st: kit.SeatStyle,
    width: float,
    tr: Translate,
) -> None:
    kit.paste_icon(img, ATTR_ICON[attr], (x + 16, y), 30, ATTR_COLOUR[attr], kit.WHITE)
    title = tr(f"{R}track.{attr}", value=value)
    kit.label(d, (x + 36, y - 9), title, kit.fit_font(title, 100, 17, True), anchor="lm")
    level_text = tr(f"{R}level.{attr}", level=level)
    kit.label(
        d,
        (x + 36, y + 11),
        level_text,
        kit.fit_font(level_text, 100, 16),
        fill=kit.MUTED,
        anchor="lm",
    )
    sx = x + 136
    cells = 16
    cw = (width - 136 - 50) / cells
    grid = _track_grid(attr, round(cw * 1000), cells)
    img.paste(grid, (round(sx), round(y - 16)), grid)
    shown = min(value, cells - 1)
    kit.paste(img, kit.seat_piece(st, 13), (sx + shown * cw + (cw - 3) / 2, y))
    if value >= cells:
        kit.label(
            d,
            (sx + cells * cw + 4, y),
            f"{value}",
            kit.font(20, True),
            fill=kit.HIGHLIGHT,
            anchor="lm",
        )


def _player_mat(
    view: EndeavorView,
    styles: dict[str, kit.SeatStyle],
    p: PlayerView,
    tr: Translate,
    width: int,
) -> Image.Image:
    h = 330
    st = _style(styles, p.seat)
    img = Image.new("RGB", (width, h), kit.PAPER)
    d = ImageDraw.Draw(img)
    active = p.seat in view.to_act
    d.rounded_rectangle(
        (0, 0, width - 1, h - 1),
        radius=16,
        fill=kit.lighter(st.colour, 0.86),
        outline=kit.INK if active else kit.PANEL_EDGE,
        width=5 if active else 2,
    )
    kit.paste(img, kit.seat_piece(st, 22), (32, 30))
    fnt = kit.font(28, True)
    name = kit.shorten(_name(p.seat, tr), 300, fnt)
    kit.label(d, (62, 30), name, fnt, anchor="lm")
    tx = 72 + fnt.getlength(name)
    tags = [tr(f"core.colour.{st.name}")]
    if p.has_crown:
        kit.paste_icon(img, "crown", (tx + 14, 28), 28, (220, 170, 30))
        tx += 34
        tags.append(tr(R + "tag_start"))
    if p.passed:
        tags.append(tr(R + "tag_passed"))
    if active:
        tags.append(tr(R + "tag_to_act"))
    kit.label(d, (tx + 6, 30), " · ".join(tags), kit.font(19), fill=kit.MUTED, anchor="lm")
    counts = tr(R + "counts", supply=p.supply, harbour=p.harbour, board=p.discs_on_board)
    kit.label(d, (width - 18, 30), counts, kit.font(22, True), anchor="rm")
    # tracks
    track_w = 660
    for i, attr in enumerate(ATTRS):
        level = {
            "industry": p.levels.build,
            "culture": p.levels.growth,
            "wealth": p.levels.salary,
            "influence": p.levels.card_limit,
        }[attr]
        _track_row(img, d, 14, 84 + i * 46, attr, p.tracks.get(attr, 0), level, st, track_w, tr)
    extras = []
    if p.brown_tokens:
        extras.append(tr(R + "brown_tokens", items=_attribute_counts(p.brown_tokens, tr)))
    if p.memorial_discs:
        extras.append(tr(R + "memorial_discs", items=_attribute_counts(p.memorial_discs, tr)))
    if extras:
        kit.label(
            d,
            (20, h - 22),
            kit.shorten(" · ".join(extras), track_w - 20, kit.font(17)),
            kit.font(17),
            fill=kit.MUTED,
            anchor="lm",
        )
    # shore: 8 slots in 2 rows
    sx0 = track_w + 20
    slots = p.shore_slots
    per_row = (slots + 1) // 2
    sw = 128
    sh = 116
    for i in range(slots):
        x0 = sx0 + (i % per_row) * (sw + 8)
        y0 = 60 + (i // per_row) * (sh + 10)
        b = next((sb for sb in p.buildings if sb.slot == i), None)
        if b is None:
            d.rounded_rectangle(
                (x0, y0, x0 + sw, y0 + sh), radius=10, outline=(190, 180, 160), width=2
            )
            continue
        _building_card(
            img,
            d,
            (x0, y0, x0 + sw, y0 + sh),
            b.building,
            None,
            tr,
            st if b.disc else None,
            compact=True,
        )
    # cards column
    cx0 = sx0 + per_row * (sw + 8) + 6
    cw = width - cx0 - 14
    kit.label(
        d, (cx0, 72), tr(R + "governor_slot"), kit.font(16, True), fill=kit.MUTED, anchor="ls"
    )
    _mini_card(
        img,
        d,
        (cx0, 76, cx0 + 92, 160),
        p.governor_slot,
        p.governor_slot.deck if p.governor_slot else "",
        tr,
    )
    allowed = p.levels.cards_allowed or p.levels.card_limit
    kit.label(
        d,
        (cx0 + 102, 72),
        tr(R + "cards_held", held=len(p.cards), allowed=allowed),
        kit.font(16, True),
        fill=kit.MUTED,
        anchor="ls",
    )
    per = max(1, int((cw - 102) // 72))
    for i, card in enumerate(p.cards[: per * 2]):
        x0 = cx0 + 102 + (i % per) * 72
        y0 = 76 + (i // per) * 92
        _mini_card(img, d, (x0, y0, x0 + 66, y0 + 84), card, card.deck, tr)
    if len(p.cards) > per * 2:
        kit.label(
            d,
            (cx0 + 102, 268),
            tr(R + "more", count=len(p.cards) - per * 2),
            kit.font(16),
            fill=kit.MUTED,
            anchor="la",
        )
    by = 186
    if p.blue_tokens:
        kit.label(
            d, (cx0, by), tr(R + "harbour_tokens"), kit.font(16, True), fill=kit.MUTED, anchor="ls"
        )
        bx = cx0 + 14
        for kind, n in p.blue_tokens.items():
            if n <= 0:
                continue
            kit.paste(img, token_sprite(kind, _token_colour(view, kind), 14), (bx, by + 20))
            kit.label(d, (bx + 18, by + 20), f"×{n}", kit.font(17, True), anchor="lm")
            bx += 62
    if p.set_aside:
        kit.label(
            d,
            (cx0, h - 22),
            tr(R + "set_aside", count=len(p.set_aside)),
            kit.font(17, True),
            fill=kit.HIGHLIGHT,
            anchor="lm",
        )
    return img


def _attribute_counts(counts: Mapping[Attribute, int], tr: Translate) -> str:
    sep = tr("core.list_separator")
    return sep.join(
        tr(R + "attribute_count", count=n, attribute=term(f"endeavor.attribute.{a}"))
        for a in ATTRS
        if (n := counts.get(a, 0))
    )


# ---------------------------------------------------------------------------------- header


def _header(
    view: EndeavorView,
    styles: dict[str, kit.SeatStyle],
    tr: Translate,
    width: int,
) -> Image.Image:
    img = Image.new("RGB", (width, 96), HEADER_BAND)
    d = ImageDraw.Draw(img)
    kit.label(d, (MARGIN, 48), tr(R + "title"), kit.font(44, True), fill=kit.WHITE, anchor="lm")
    text = (
        tr(R + "game_over")
        if view.over
        else tr(
            R + "header",
            round=view.round,
            rounds=view.rounds,
            phase=_phase(view, tr),
            side=tr(f"{R}side.{view.side}"),
        )
    )
    kit.label(d, (300, 48), text, kit.font(30, True), fill=(236, 226, 206), anchor="lm")
    if view.to_act and not view.over:
        fnt = kit.font(30, True)
        who = tr("core.list_separator").join(_name(s, tr) for s in view.to_act)
        label_text = kit.shorten(tr(R + "to_act", players=who), 520, fnt)
        tw = fnt.getlength(label_text)
        x = width - MARGIN - tw
        kit.label(d, (x, 48), label_text, fnt, fill=kit.WHITE, anchor="lm")
        if len(view.to_act) == 1:
            kit.paste(img, kit.seat_piece(_style(styles, view.to_act[0]), 22), (x - 32, 48))
    return img


def _turn_strip(
    view: EndeavorView,
    styles: dict[str, kit.SeatStyle],
    tr: Translate,
    width: int,
) -> Image.Image | None:
    if view.turn is None:
        return None
    t = view.turn
    img = Image.new("RGB", (width, 52), (255, 244, 214))
    d = ImageDraw.Draw(img)
    if t.source == "token" and t.token is not None:
        source = tr(R + "source_token") + " · " + tr(f"endeavor.token.{t.token}")
    else:
        source = tr(R + "source_building")
    if t.source == "building" and t.slot is not None:
        p = next((pl for pl in view.players if pl.seat == t.seat), None)
        b = next((sb.building.id for sb in (p.buildings if p else []) if sb.slot == t.slot), None)
        if b:
            source = tr(f"endeavor.building.{b}")
    parts = [tr(R + "using", name=_name(t.seat, tr), source=source)]
    if t.performed:
        parts.append(tr(R + "done", items=[term(f"endeavor.kind.{k}") for k in t.performed]))
    if t.remaining:
        parts.append(tr(R + "left", items=[term(f"endeavor.kind.{k}") for k in t.remaining]))
    kit.paste(img, kit.seat_piece(_style(styles, t.seat), 16), (MARGIN + 16, 26))
    kit.label(
        d,
        (MARGIN + 42, 26),
        kit.shorten("  ·  ".join(parts), width - 100, kit.font(24)),
        kit.font(24),
        anchor="lm",
    )
    return img


# ------------------------------------------------------------------------------ public API


def draw_board(view: EndeavorView, tr: Translate) -> Image.Image:
    styles = _styles(view)
    inner = WIDTH - 2 * MARGIN
    top: list[Image.Image] = [_header(view, styles, tr, WIDTH)]
    strip = _turn_strip(view, styles, tr, WIDTH)
    if strip is not None:
        top.append(strip)
    top.append(_draw_map(view, styles, WIDTH, tr))
    lower = [_tray_panel(view, inner, tr)] + [
        _player_mat(view, styles, p, tr, inner) for p in view.players
    ]
    height = (
        sum(p.height for p in top)
        + sum(p.height for p in lower)
        + GAP * (len(lower) - 1)
        + 2 * MARGIN
    )
    out = Image.new("RGB", (WIDTH, height), kit.PAPER)
    y = 0
    for part in top:
        out.paste(part, (0, y))
        y += part.height
    y += MARGIN
    for part in lower:
        out.paste(part, (MARGIN, y))
        y += part.height + GAP
    return out


def board_summary(view: EndeavorView, tr: Translate) -> str:
    """The image's text for people who cannot see it, in the reader's language."""
    styles = _styles(view)
    sep = tr("core.list_separator")

    def who(seat: str) -> str:
        st = _style(styles, seat)
        colour = tr(f"core.colour.{st.name}")
        return tr(R + "summary.who", name=_name(seat, tr), style=colour + _mark(st, tr))

    lines: list[str] = []
    if view.over:
        lines.append(tr(R + "summary.over"))
    else:
        lines.append(
            tr(
                R + "summary.head",
                round=view.round,
                rounds=view.rounds,
                phase=_phase(view, tr),
                side=tr(f"{R}summary.side.{view.side}"),
            )
        )
        if view.to_act:
            lines.append(tr(R + "summary.to_act", players=sep.join(who(s) for s in view.to_act)))
    opened = [tr(f"endeavor.region.{a.id}") for a in view.areas if a.region and a.open]
    closed = [
        tr(
            R + "summary.closed_region",
            region=term(f"endeavor.region.{a.id}"),
            count=sum(1 for s in a.track if s.occupant),
            length=len(a.track),
        )
        for a in view.areas
        if a.region and not a.open
    ]
    none = tr(R + "summary.none")
    lines.append(
        tr(
            R + "summary.regions",
            open=sep.join(opened) or none,
            closed=sep.join(closed) or none,
        )
    )
    if view.silent_fleet is not None:
        sf = SILENT_FLEET_STYLE
        style = tr(f"core.colour.{sf.name}") + _mark(sf, tr)
        lines.append(
            tr(
                R + "summary.sf",
                style=style,
                count=view.silent_fleet.on_board,
                pool=view.silent_fleet.pool,
            )
        )
    lines.append(tr(R + "summary.tokens", count=sum(view.tokens_on_board.values())))
    lines.append(tr(R + "summary.pile", count=len(view.discard_pile)))
    if view.abolished:
        lines.append(tr(R + "summary.abolished"))
    for p in view.players:
        cities = sum(1 for n in view.nodes if n.occupant == p.seat and n.kind == "city")
        tracks = sep.join(
            tr(
                R + "summary.track",
                attribute=term(f"endeavor.attribute.{a}"),
                value=p.tracks.get(a, 0),
            )
            for a in ATTRS
        )
        details = [
            tr(R + "summary.cities", count=cities),
            tr(R + "summary.discs", count=p.discs_on_board),
            tr(R + "summary.harbour", count=p.harbour),
            tr(R + "summary.cards", count=len(p.cards)),
        ]
        if p.governor_slot:
            details.append(tr(R + "summary.governor"))
        name = who(p.seat)
        if p.has_crown:
            name = tr(R + "summary.crown", who=name)
        lines.append(tr(R + "summary.player", who=name, tracks=tracks, details=sep.join(details)))
    return "\n".join(lines)


def render_board(view: View, tr: Translate) -> RenderedImage:
    v = _as_endeavor(view)
    img = draw_board(v, tr)
    name = "endeavor-final.png" if v.over else f"endeavor-round{v.round}.png"
    return RenderedImage(png=kit.encode_png(img), filename=name, summary=board_summary(v, tr))


def render_private(view: View, tr: Translate) -> RenderedImage | None:
    """Endeavor is open information (END-R110, R112): there is no private image."""
    _as_endeavor(view)
    return None
