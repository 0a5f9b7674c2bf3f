"""Ilos images: the public board (archipelago, exploration, prices, players) and a seat's
private panel (hand and screen). Drawn only from ``IlosView`` (ILOS-R130, R131): the public
image and its summary use only public fields, so they cannot leak a hand or a screen.

Every word comes from the reader's ``tr`` (``render.Translate``): images and summaries are in
the viewer's language. Places are shown the way the rules' labels name them
(``rules.ilos.terms``): each tile carries its number, and a compass marks north (the top), so
"the north-east coast of tile 4" can be found on the image.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping

from PIL import Image, ImageDraw

from render import RenderedImage, Translate, kit
from render.ilos_tiles import SPOT_COLOURS, SPOT_ICON, TileKey, TileShape, tile_shape, tile_sprite
from rules.core import Text, View, term
from rules.ilos.view import IlosView, PlacedTileView, PlayerView, TileGeometry

WIDTH = 1600
MARGIN = 24
MAP_MAX_HEIGHT = 1400
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
    """A ship in a seat's colour with the seat letter on its sail; pirates fly a black sail."""
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
        font=kit.font(round(h * 0.38), bold=True),
        fill=text_col,
        anchor="mm",
    )
    return img.resize((width, round(width * 0.95)), Image.Resampling.LANCZOS)


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
        "fort" if kind == "fort" else "trading_post", round(n * 0.62), glyph_colour, style.colour
    )
    img.paste(glyph, (round(n * 0.08), round(n * 0.3)), glyph)
    d.text(
        (n * 0.74, n * 0.28),
        style.letter,
        font=kit.font(round(n * 0.36), bold=True),
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
    return img.resize((size, size), Image.Resampling.LANCZOS)


# ---------------------------------------------------------------------------------- map


def _map_size(view: IlosView, size: float) -> tuple[float, float, float, float]:
    xs = [hex_centre(t.q, t.r, size)[0] for t in view.board]
    ys = [hex_centre(t.q, t.r, size)[1] for t in view.board]
    return min(xs) - size, min(ys) - size * 0.87, max(xs) + size, max(ys) + size * 0.87


def _choose_size(view: IlosView, width: float, max_height: float) -> int:
    if not view.board:
        return 120
    x0, y0, x1, y1 = _map_size(view, 1.0)
    size = min(150.0, (width - 2 * MARGIN) / (x1 - x0), (max_height - 2 * MARGIN) / (y1 - y0))
    return max(56, int(size))


def _compass(img: Image.Image, draw: ImageDraw.ImageDraw, tr: Translate) -> None:
    """North is the top of the image: the sides the rules name coasts and cells by."""
    x, y = 52.0, 30.0
    draw.polygon([(x, y), (x - 13, y + 38), (x, y + 30), (x + 13, y + 38)], fill=kit.WHITE)
    draw.polygon([(x, y), (x, y + 30), (x + 13, y + 38)], fill=kit.INK)
    kit.label(
        draw,
        (x, y + 58),
        tr("ilos.board.north"),
        kit.font(24, True),
        fill=kit.WHITE,
        outline=kit.INK,
        anchor="mm",
    )


def _draw_map(
    view: IlosView, styles: dict[str, kit.SeatStyle], width: int, tr: Translate
) -> Image.Image:
    size = _choose_size(view, width, MAP_MAX_HEIGHT)
    if view.board:
        x0, y0, x1, y1 = _map_size(view, size)
    else:
        x0, y0, x1, y1 = -size, -size, size, size
    height = int(y1 - y0 + 2 * MARGIN)
    img = Image.new("RGB", (width, height), MAP_SEA)
    draw = ImageDraw.Draw(img)
    ox = (width - (x1 - x0)) / 2 - x0
    oy = MARGIN - y0
    if not view.board:
        kit.label(
            draw,
            (width / 2, height / 2),
            tr("ilos.board.no_tiles"),
            kit.font(34, True),
            fill=kit.WHITE,
            outline=kit.INK,
            anchor="mm",
        )
        return img
    ships_by_id = {s.id: s for s in view.ships}
    shapes: list[tuple[PlacedTileView, TileShape, tuple[float, float]]] = []
    for tile in view.board:
        key = placed_key(tile)
        cx, cy = hex_centre(tile.q, tile.r, size)
        centre = (cx + ox, cy + oy)
        kit.paste(img, tile_sprite(key, size), centre)
        shapes.append((tile, tile_shape(key, size), centre))
    spot_r = size * 0.15
    for tile, shape, (cx, cy) in shapes:
        for region in tile.regions:
            rshape = shape.region(region.id.rsplit(".", 1)[-1])
            for spot, (sx, sy) in zip(region.spots, rshape.spots, strict=True):
                if spot.owner is None:
                    continue
                st = styles[spot.owner]
                centre = (cx + sx, cy + sy)
                if spot.building is not None:
                    kit.paste(
                        img,
                        building_piece(spot.building, st, round(spot_r * 2.2), spot.label),
                        centre,
                    )
                else:
                    kit.paste(
                        img, kit.piece(st.shape, st.colour, round(spot_r * 0.98), st.letter), centre
                    )
            # ships on this region's coast, one boat per owner with a count
            owners = Counter(ships_by_id[sid].owner for sid in region.ships if sid in ships_by_id)
            if owners:
                bx, by = cx + rshape.berth[0], cy + rshape.berth[1]
                hx, hy = cx + rshape.hub[0], cy + rshape.hub[1]
                dist = math.hypot(hx - bx, hy - by) or 1.0
                reach = max(0.0, dist - rshape.hub_radius)
                ex, ey = bx + (hx - bx) * reach / dist, by + (hy - by) * reach / dist
                draw.line((bx, by, ex, ey), fill=kit.WHITE, width=max(3, round(size * 0.03)))
                _draw_boats(
                    img,
                    draw,
                    owners,
                    styles,
                    (cx + rshape.berth[0], cy + rshape.berth[1]),
                    rshape.berth_axis,
                    size,
                )
        if tile.pirate_owner is not None and shape.hideout is not None:
            st = styles[tile.pirate_owner]
            hx, hy = cx + shape.hideout[0], cy + shape.hideout[1]
            kit.paste(
                img,
                boat(st.colour, st.letter, round(size * 0.44), pirate=True),
                (hx, hy - size * 0.06),
            )
    _compass(img, draw, tr)
    return img


def _draw_boats(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    owners: Counter[str],
    styles: dict[str, kit.SeatStyle],
    berth: tuple[float, float],
    axis: tuple[float, float],
    size: float,
) -> None:
    bw = round(size * 0.36)
    items = sorted(owners.items(), key=lambda kv: list(styles).index(kv[0]))
    step = bw * 0.92
    n = len(items)
    # keep the row horizontal-ish: boats read best upright, side by side
    ax, ay = (1.0, 0.0) if abs(axis[0]) >= 0.5 else (axis[0], axis[1])
    for i, (owner, count) in enumerate(items):
        off = (i - (n - 1) / 2) * step
        x, y = berth[0] + ax * off, berth[1] + ay * off
        st = styles[owner]
        kit.paste(img, boat(st.colour, st.letter, bw), (x, y))
        if count > 1:
            kit.badge(
                draw,
                (x + bw * 0.42, y + bw * 0.42),
                f"×{count}",
                kit.font(max(14, round(bw * 0.36)), True),
                fill=kit.INK,
                pad=4,
            )


# ------------------------------------------------------------------------------ panels


def _header(
    view: IlosView, styles: dict[str, kit.SeatStyle], tr: Translate, width: int
) -> Image.Image:
    img = Image.new("RGB", (width, 96), HEADER_BAND)
    d = ImageDraw.Draw(img)
    title_font = kit.font(48, True)
    title = tr("ilos.board.title")
    kit.label(d, (MARGIN, 48), title, title_font, fill=kit.WHITE, anchor="lm")
    round_text = tr("ilos.board.round", round=view.round) if view.round else tr("ilos.board.setup")
    parts = [round_text, _phase(view, tr)]
    if view.last_round and view.phase != "finished":
        parts.append(tr("ilos.board.last_round"))
    text = "  ·  ".join(parts)
    x0 = max(170.0, MARGIN + title_font.getlength(title) + 30)
    kit.label(d, (x0, 48), text, kit.font(32, True), fill=(230, 236, 244), anchor="lm")
    if view.active is not None:
        st = styles[view.active]
        name = tr.name(view.active)
        fnt = kit.font(34, True)
        label_text = kit.shorten(tr("ilos.board.to_act", name=name), 560, fnt)
        tw = fnt.getlength(label_text)
        x = width - MARGIN - tw
        kit.label(d, (x, 48), label_text, fnt, fill=kit.WHITE, anchor="lm")
        kit.paste(img, kit.seat_piece(st, 24), (x - 36, 48))
    return img


def _exploration_panel(view: IlosView, width: int, tr: Translate) -> Image.Image:
    h = 340
    img = Image.new("RGB", (width, h), kit.PAPER)
    d = ImageDraw.Draw(img)
    title = tr("ilos.board.exploration", count=view.stack_size)
    y = kit.panel(
        d,
        (0, 0, width - 1, h - 1),
        title=title,
        title_font=kit.font(30, True),
        band=(226, 214, 186),
    )
    size = 92
    slot = (width - 40) / 3
    for i in range(3):
        cx = 20 + slot * (i + 0.5)
        cy = y + size * 0.87 + 2
        if i < len(view.face_up):
            tile = view.face_up[i]
            kit.paste(img, tile_sprite(face_up_key(tile), size), (cx, cy))
        else:
            d.polygon(kit.hexagon((cx, cy), size), outline=kit.PANEL_EDGE, width=3)
            kit.label(
                d, (cx, cy), tr("ilos.board.empty"), kit.font(24), fill=kit.MUTED, anchor="mm"
            )
    fnt = kit.font(26)
    big = kit.font(28, True)
    rows: list[tuple[kit.IconKind, str, str]] = [
        ("deck", tr("ilos.board.deck"), f"{view.deck_size}"),
        ("card", tr("ilos.board.discards"), f"{view.discard_size}"),
        ("fort", tr("ilos.board.buildings_left"), f"{view.building_tokens_left}"),
    ]
    ry = y + 2 * size * 0.87 + 34
    col_w = (width - 40) / 3
    for i, (icon_kind, text, value) in enumerate(rows):
        x = 20 + i * col_w
        kit.paste_icon(img, icon_kind, (x + 16, ry), 30, kit.INK)
        kit.label(d, (x + 38, ry), text, fnt, anchor="lm")
        kit.label(d, (x + 44 + fnt.getlength(text), ry), value, big, anchor="lm")
    return img


def _price_panel(view: IlosView, width: int, tr: Translate) -> Image.Image:
    h = 340
    img = Image.new("RGB", (width, h), kit.PAPER)
    d = ImageDraw.Draw(img)
    title = tr("ilos.board.prices", left=view.markers_left, total=view.markers_total)
    y = kit.panel(
        d,
        (0, 0, width - 1, h - 1),
        title=title,
        title_font=kit.font(30, True),
        band=(226, 214, 186),
    )
    box = 88
    gap = 12
    row_h = 58
    left = 150
    for i, track in enumerate(
        sorted(
            view.prices,
            key=lambda t: RESOURCE_ORDER.index(t.resource) if t.resource in RESOURCE_ORDER else 9,
        )
    ):
        ry = y + 8 + i * row_h
        col = SPOT_COLOURS.get(track.resource, kit.MUTED)
        kit.paste_icon(
            img, SPOT_ICON.get(track.resource, "coin"), (40, ry + row_h / 2 - 4), 40, col
        )
        name = tr(f"ilos.resource.{track.resource}")
        kit.label(
            d,
            (66, ry + row_h / 2 - 4),
            name[:1].upper() + name[1:],
            kit.fit_font(name, left - 72, 26, True),
            anchor="lm",
        )
        for j, price in enumerate(track.prices):
            bx = left + j * (box + gap)
            rect = (bx, ry, bx + box, ry + row_h - 10)
            if j < track.step:
                d.rounded_rectangle(
                    rect, radius=10, fill=(236, 230, 216), outline=kit.PANEL_EDGE, width=2
                )
                kit.label(
                    d,
                    ((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2),
                    str(price),
                    kit.font(26),
                    fill=(170, 160, 140),
                    anchor="mm",
                )
                # a price marker covers it
                mx, my = rect[2] - 16, rect[1] + 14
                d.ellipse(
                    (mx - 11, my - 11, mx + 11, my + 11),
                    fill=(90, 90, 96),
                    outline=kit.INK,
                    width=2,
                )
            elif j == track.step:
                d.rounded_rectangle(rect, radius=10, fill=col, outline=kit.INK, width=4)
                kit.label(
                    d,
                    ((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2),
                    str(price),
                    kit.font(34, True),
                    fill=kit.INK if kit.luminance(col) > 0.45 else kit.WHITE,
                    anchor="mm",
                )
            else:
                d.rounded_rectangle(
                    rect, radius=10, fill=kit.WHITE, outline=kit.PANEL_EDGE, width=2
                )
                kit.label(
                    d,
                    ((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2),
                    str(price),
                    kit.font(26),
                    fill=kit.INK,
                    anchor="mm",
                )
        if track.top:
            kit.label(
                d,
                (left + 5 * (box + gap), ry + (row_h - 10) / 2),
                tr("ilos.board.top"),
                kit.font(22, True),
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
    for res in RESOURCE_ORDER:
        n = counts.get(res, 0)
        col = SPOT_COLOURS[res]
        if n == 0:
            col = kit.mix(col, kit.PANEL, 0.7)
        kit.paste_icon(img, SPOT_ICON[res], (x + size / 2, y), size, col)
        kit.label(
            d,
            (x + size + 4, y),
            str(n),
            kit.font(fnt_size, True),
            fill=kit.INK if n else kit.MUTED,
            anchor="lm",
        )
        x += size + 20 + fnt_size * 0.7 * len(str(n))
    return x


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
    h = 112
    fill = kit.lighter(st.colour, 0.8)
    outline = kit.INK if p.is_active else kit.PANEL_EDGE
    d.rounded_rectangle(
        (0, y, width - 1, y + h),
        radius=16,
        fill=fill,
        outline=outline,
        width=5 if p.is_active else 2,
    )
    kit.paste(img, kit.seat_piece(st, 30), (46, y + h / 2))
    name = tr.name(p.seat)
    fnt = kit.font(32, True)
    kit.label(d, (90, y + 34), kit.shorten(name, 330, fnt), fnt, anchor="lm")
    tags = [tr(f"core.colour.{st.name}")]
    if p.is_first:
        tags.append(tr("ilos.board.first_player"))
    if p.is_active:
        tags.append(tr("ilos.board.to_act_tag"))
    kit.label(d, (90, y + 78), " · ".join(tags), kit.font(22), fill=kit.MUTED, anchor="lm")
    # counters
    x: float = 440
    cy = y + 34
    stats: list[tuple[kit.IconKind, str]] = [
        ("card", f"{p.hand_size}"),
        ("ship", f"{p.ships_in_play}+{p.ships_in_supply}"),
        ("colonist", f"{p.colonists_used}/{p.colonists_used + p.colonists_in_supply}"),
        ("fort", f"{p.forts}"),
        ("trading_post", f"{p.trading_posts}"),
    ]
    num = kit.font(28, True)
    for kind, text in stats:
        kit.paste_icon(img, kind, (x + 18, cy), 34, kit.INK)
        kit.label(d, (x + 42, cy), text, num, anchor="lm")
        x += 50 + num.getlength(text) + 22
    if show_screen and wealth is not None:
        kit.label(
            d,
            (x + 4, cy),
            tr("ilos.board.wealth", count=wealth),
            kit.font(28, True),
            fill=kit.HIGHLIGHT,
            anchor="lm",
        )
    else:
        kit.label(
            d,
            (x + 4, cy),
            tr("ilos.board.draws", count=p.draw_count),
            kit.font(22),
            fill=kit.MUTED,
            anchor="lm",
        )
    # production board
    produces = tr("ilos.board.produces")
    small = kit.font(22, True)
    kit.label(d, (440, y + 82), produces, small, fill=kit.MUTED, anchor="lm")
    start = max(545.0, 440 + small.getlength(produces) + 10)
    after = _resource_counts(img, d, start, y + 82, p.production, 30, 26)
    if show_screen and p.screen is not None:
        screen = tr("ilos.board.screen")
        kit.label(d, (after + 20, y + 82), screen, small, fill=kit.MUTED, anchor="lm")
        _resource_counts(img, d, after + 34 + small.getlength(screen), y + 82, p.screen, 30, 26)


def wealth(view: IlosView, p: PlayerView) -> int | None:
    """ILOS-R123: screen tokens times current prices, shown only once screens are revealed."""
    if view.phase != "finished" or p.screen is None:
        return None
    price = {t.resource: t.price for t in view.prices}
    return sum(n * price.get(r, 0) for r, n in p.screen.items())


def _players_panel(
    view: IlosView, styles: dict[str, kit.SeatStyle], tr: Translate, width: int
) -> Image.Image:
    rows = len(view.players)
    legend_h = 46
    h = legend_h + rows * 124
    img = Image.new("RGB", (width, h), kit.PAPER)
    d = ImageDraw.Draw(img)
    legend = tr("ilos.board.legend")
    kit.label(
        d,
        (8, 22),
        legend,
        kit.fit_font(legend, width - 16, 22, min_size=14),
        fill=kit.MUTED,
        anchor="lm",
    )
    # screens are public only once the game is over (ILOS-R134)
    show = view.phase == "finished"
    for i, p in enumerate(view.players):
        _player_row(img, d, legend_h + i * 124, width, p, styles[p.seat], tr, show, wealth(view, p))
    return img


# ------------------------------------------------------------------------------ public API


def draw_board(view: IlosView, tr: Translate) -> Image.Image:
    styles = _styles(view)
    inner = WIDTH - 2 * MARGIN
    header = _header(view, styles, tr, WIDTH)
    board = _draw_map(view, styles, WIDTH, tr)
    left_w = (inner - 16) * 52 // 100
    explore = _exploration_panel(view, left_w, tr)
    prices = _price_panel(view, inner - 16 - left_w, tr)
    middle = Image.new("RGB", (inner, max(explore.height, prices.height)), kit.PAPER)
    middle.paste(explore, (0, 0))
    middle.paste(prices, (left_w + 16, 0))
    players = _players_panel(view, styles, tr, inner)
    body = kit.stack([middle, players])
    out = Image.new(
        "RGB", (WIDTH, header.height + board.height + body.height + 2 * MARGIN), kit.PAPER
    )
    out.paste(header, (0, 0))
    out.paste(board, (0, header.height))
    out.paste(body, (MARGIN, header.height + board.height + MARGIN))
    return out


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


def render_board(view: View, tr: Translate) -> RenderedImage:
    v = _public_only(_as_ilos(view))
    img = draw_board(v, tr)
    return RenderedImage(
        png=kit.encode_png(img),
        filename=f"ilos-round{v.round}.png",
        summary=board_summary(v, tr),
    )


# --------------------------------------------------------------------------------- private


def _pending_line(view: IlosView, tr: Translate) -> str:
    pend = view.pending
    assert pend is not None
    if pend.details:
        return tr("ilos.private.pending", title=pend.title, details=pend.details, step=pend.step)
    return tr("ilos.private.pending_short", title=pend.title, step=pend.step)


def draw_private(view: IlosView, tr: Translate) -> Image.Image:
    seat = view.viewer
    assert seat is not None
    me = next(p for p in view.players if p.seat == seat)
    st = _styles(view)[seat]
    width = 1200
    height = 620 + (70 if view.pending is not None else 0)
    img = Image.new("RGB", (width, height), kit.PAPER)
    d = ImageDraw.Draw(img)
    band = Image.new("RGB", (width, 90), HEADER_BAND)
    img.paste(band, (0, 0))
    kit.paste(img, kit.seat_piece(st, 28), (50, 45))
    fnt = kit.font(36, True)
    kit.label(
        d,
        (92, 45),
        kit.shorten(tr("ilos.private.title", name=tr.name(seat)), width - 300, fnt),
        fnt,
        fill=kit.WHITE,
        anchor="lm",
    )
    kit.label(
        d,
        (width - MARGIN, 45),
        tr("ilos.private.only_you"),
        kit.font(24),
        fill=(200, 210, 224),
        anchor="rm",
    )
    # hand
    hand = me.hand or {}
    y = kit.panel(
        d,
        (MARGIN, 110, width - MARGIN, 390),
        title=tr("ilos.private.hand", count=me.hand_size),
        title_font=kit.font(30, True),
        band=(226, 214, 186),
    )
    cw = (width - 2 * MARGIN - 7 * 16) / 6
    for i, card in enumerate(CARD_ORDER):
        n = hand.get(card, 0)
        x0 = MARGIN + 16 + i * (cw + 16)
        box = (x0, y + 6, x0 + cw, y + 196)
        col = CARD_COLOUR[card] if n else kit.mix(CARD_COLOUR[card], kit.PANEL, 0.75)
        d.rounded_rectangle(box, radius=14, fill=kit.WHITE, outline=col, width=5)
        kit.paste_icon(img, CARD_ICON[card], ((box[0] + box[2]) / 2, y + 62), 64, col)
        card_name = tr(f"ilos.card.{card}")
        name_font = kit.fit_font(card_name, cw - 12, 24, True)
        kit.label(
            d,
            ((box[0] + box[2]) / 2, y + 122),
            card_name,
            name_font,
            fill=kit.INK if n else kit.MUTED,
            anchor="mm",
        )
        kit.label(
            d,
            ((box[0] + box[2]) / 2, y + 164),
            f"×{n}",
            kit.font(40, True),
            fill=kit.INK if n else kit.MUTED,
            anchor="mm",
        )
    # screen
    screen = me.screen or {}
    y2 = kit.panel(
        d,
        (MARGIN, 410, width - MARGIN, 600),
        title=tr("ilos.private.screen"),
        title_font=kit.font(30, True),
        band=(226, 214, 186),
    )
    x: float = MARGIN + 30
    for res in RESOURCE_ORDER:
        n = screen.get(res, 0)
        col = SPOT_COLOURS[res]
        kit.paste_icon(
            img, SPOT_ICON[res], (x + 34, y2 + 60), 64, col if n else kit.mix(col, kit.PANEL, 0.7)
        )
        kit.label(
            d,
            (x + 80, y2 + 44),
            str(n),
            kit.font(46, True),
            fill=kit.INK if n else kit.MUTED,
            anchor="lm",
        )
        kit.label(
            d,
            (x + 80, y2 + 88),
            tr(f"ilos.resource.{res}"),
            kit.font(22),
            fill=kit.MUTED,
            anchor="lm",
        )
        x += (width - 2 * MARGIN - 60) / 4
    if view.pending is not None:
        line = _pending_line(view, tr)
        kit.label(
            d,
            (MARGIN + 8, 640),
            kit.shorten(line, width - 2 * MARGIN, kit.fit_font(line, width - 2 * MARGIN, 26)),
            kit.fit_font(line, width - 2 * MARGIN, 26),
            anchor="lm",
        )
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
        png=kit.encode_png(img),
        filename=f"ilos-{v.viewer}-private.png",
        summary=private_summary(v, tr),
    )
