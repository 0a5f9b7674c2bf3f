"""Shared pieces of the Endeavor images: seat styles, recorded fonts, token sprites, cards.

Every font of an Endeavor image is taken through :func:`font`, so a test can record the sizes
an image uses and check them against the phone rule (text at least 14 px when the whole
image is shown 400 px wide: ``min_font(width)``).
"""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw, ImageFont

from render import Translate, kit
from rules.endeavor.components import Attribute
from rules.endeavor.view import BuildingInfo, CardInfo, EndeavorView

R = "endeavor.render."

SEA_BG = (108, 160, 200)
AREA_OPEN = (244, 236, 214)
AREA_CLOSED = (214, 214, 214)
BAND_OPEN = (202, 180, 128)
BAND_CLOSED = (150, 150, 150)
HEADER_BAND = (52, 44, 36)
BROWN = (140, 90, 50)
BLUE = (40, 92, 160)
GOLD = (196, 150, 30)

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
SILENT_FLEET_STYLE = kit.SeatStyle((235, 235, 235), "S", "square", "white")


min_font = kit.min_font
font = kit.font
recording_fonts = kit.recording_fonts
cached = kit.text_layer
clear_caches = kit.clear_text_layers


# ------------------------------------------------------------------------------ styles


def as_endeavor(view: object) -> EndeavorView:
    if not isinstance(view, EndeavorView):
        raise TypeError(f"render.endeavor needs an EndeavorView, got {type(view).__name__}")
    return view


def seat_name(seat: str, tr: Translate) -> str:
    if seat == "sf":
        return tr(R + "silent_fleet")
    return tr.name(seat)


def styles_of(view: EndeavorView) -> dict[str, kit.SeatStyle]:
    styles = kit.styles_for(view.seats)
    styles["sf"] = SILENT_FLEET_STYLE
    return styles


def style(styles: Mapping[str, kit.SeatStyle], who: str) -> kit.SeatStyle:
    return styles.get(who, SILENT_FLEET_STYLE)


def token_colour(view: EndeavorView, kind: str) -> str:
    for t in view.token_kinds:
        if t.id == kind:
            return t.colour
    return "brown" if kind in ATTR_ICON else "blue"


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
        glyph = kit.icon(kinds[0], round(r * 1.2), kit.WHITE, fill, supersample=1)
        img.paste(glyph, (round(c - glyph.width / 2), round(c - glyph.height / 2)), glyph)
    else:
        for i, k in enumerate(kinds):
            glyph = kit.icon(k, round(r * 0.85), kit.WHITE, fill, supersample=1)
            gx = c + (i - 0.5) * r * 0.85
            img.paste(glyph, (round(gx - glyph.width / 2), round(c - glyph.height / 2)), glyph)
        d.line(
            (c + r * 0.05, c - r * 0.5, c - r * 0.05, c + r * 0.5),
            fill=kit.WHITE,
            width=max(2, r // 10),
        )
    return img.resize((side, side), Image.Resampling.LANCZOS)


# ------------------------------------------------------------------------------ drawing


def icons_row(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    x: float,
    y: float,
    icons: Mapping[Attribute, int],
    size: int,
    text: int,
) -> float:
    """Attribute icons with amounts (gear 2, coin 1); returns the x after them."""
    fnt = font(text, True)
    for attr in ATTRS:
        n = icons.get(attr, 0)
        if not n:
            continue
        kit.paste_icon(img, ATTR_ICON[attr], (x + size / 2, y), size, ATTR_COLOUR[attr], kit.WHITE)
        kit.label(d, (x + size + 1, y), str(n), fnt, anchor="lm")
        x += size + 3 + fnt.getlength(str(n)) + 4
    return x


def actions_row(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    x: float,
    y: float,
    b: BuildingInfo,
    size: int,
    text: int,
    tight: bool = False,
) -> float:
    sep = {"plus": "+", "slash": "/"}.get(b.structure, "")
    for i, act in enumerate(b.actions):
        if i:
            kit.label(d, (x + (0 if tight else 1), y), sep, font(text, True), anchor="lm")
            x += text * (0.5 if tight else 0.6) + (0 if tight else 2)
        kit.paste_icon(
            img, ACTION_ICON.get(act, "star"), (x + size / 2, y), size, kit.INK, kit.WHITE
        )
        x += size + 2
    return x


def card_chip(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    card: CardInfo | None,
    deck: str,
    tr: Translate,
    text: int,
) -> None:
    """A face-up card as a chip: deck colour band with its value (or Gov.), icons, honour."""
    x0, y0, x1, y1 = box
    col = DECK_COLOUR.get(deck, kit.MUTED)
    if card is None:
        d.rounded_rectangle(box, radius=6, fill=(230, 230, 230), outline=kit.MUTED, width=2)
        kit.label(
            d,
            ((x0 + x1) / 2, (y0 + y1) / 2),
            kit.shorten(tr(R + "empty"), x1 - x0 - 4, font(text)),
            font(text),
            fill=kit.MUTED,
            anchor="mm",
        )
        return
    band = text + 4
    d.rounded_rectangle(box, radius=6, fill=kit.WHITE, outline=col, width=2)
    d.rounded_rectangle(
        (x0, y0, x1, y0 + band), radius=6, fill=col, corners=(True, True, False, False)
    )
    if card.governor:
        tag = tr(R + "card_governor")
    elif card.abolition:
        tag = tr(R + "card_abolition")
    else:
        tag = tr(R + "card_value", value=card.value)
    fb = font(text, True)
    kit.label(d, (x0 + 4, y0 + band / 2 + 1), tag, fb, fill=kit.WHITE, anchor="lm")
    if card.honour:
        kit.paste_icon(img, "star", (x1 - text / 2 - 2, y0 + band / 2), text - 2, (250, 210, 60))
        kit.label(
            d, (x1 - text - 3, y0 + band / 2 + 1), str(card.honour), fb, fill=kit.WHITE, anchor="rm"
        )
    # icons: as many per row as fit
    size = text - 2
    step = size + fb.getlength("2") + 6
    per_row = max(1, int((x1 - x0 - 4) // step))
    k = 0
    for attr in ATTRS:
        n = card.icons.get(attr, 0)
        if not n:
            continue
        px = x0 + 3 + (k % per_row) * step
        py = y0 + band + 2 + (text + 1) * (k // per_row) + text / 2
        if py + text / 2 > y1 + 2:
            break
        kit.paste_icon(
            img, ATTR_ICON[attr], (px + size / 2, py), size, ATTR_COLOUR[attr], kit.WHITE
        )
        kit.label(d, (px + size + 1, py), str(n), fb, anchor="lm")
        k += 1
    if card.population:
        kit.paste_icon(img, "person", (x1 - 9, y1 - 9), 13, kit.INK)


def slot_number(
    d: ImageDraw.ImageDraw, left_mid: tuple[float, float], number: int, fnt: ImageFont.FreeTypeFont
) -> float:
    """A shore slot's number as a small dark pill whose left edge is at ``left_mid``;
    returns the pill's right edge."""
    text = str(number)
    width = max(fnt.getlength(text), fnt.size * 0.6) + 6
    box = kit.badge(d, (left_mid[0] + width / 2, left_mid[1]), text, fnt, fill=kit.INK, pad=3)
    return float(box[2])


def building_card(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    b: BuildingInfo,
    count: int | None,
    tr: Translate,
    text: int,
    disc: kit.SeatStyle | None = None,
    show_disc_slot: bool = False,
    compact: bool = False,
    number: int | None = None,
) -> None:
    """A building: name, level, icons and honour, actions; its stack count or a disc.
    ``number``: the shore slot it stands in (the number menus name), drawn before its name."""
    x0, y0, x1, y1 = box
    empty = count == 0
    fill = (238, 238, 238) if empty else (255, 250, 238)
    d.rounded_rectangle(
        box, radius=8, fill=fill, outline=kit.MUTED if empty else (120, 96, 60), width=2
    )
    fb = font(text, True)
    badge_w = 0.0
    if b.level and count is not None:
        badge = tr(R + "level_badge", level=b.level)
        badge_w = fb.getlength(badge) + 10
        kit.badge(
            d, (x1 - 4 - badge_w / 2, y0 + text / 2 + 5), badge, fb, fill=(120, 96, 60), pad=4
        )
    r = round(text * 0.55)
    nx = x0 + 6
    if number is not None:
        nx = slot_number(d, (x0 + 4, y0 + text / 2 + 5), number, fb) + 4
    full_name = tr(f"endeavor.building.{b.id}")
    disc_in_name_row = compact and fb.getlength(full_name) <= x1 - nx - 10 - 2 * r
    if disc_in_name_row:
        badge_w = 2 * r + 6
    name = kit.shorten(full_name, x1 - nx - 4 - badge_w, fb)
    kit.label(
        d, (nx, y0 + text / 2 + 5), name, fb, fill=kit.MUTED if empty else kit.INK, anchor="lm"
    )
    row_y = y0 + text + 8 + text / 2 + 2
    icon = text
    if compact:
        row_y = y1 - text / 2 - 8
        icon = text - 3
    x = icons_row(img, d, x0 + 5, row_y, b.icons, icon, text)
    if b.honour:
        kit.paste_icon(img, "star", (x + icon / 2, row_y), icon, (220, 170, 30))
        kit.label(d, (x + icon + 1, row_y), str(b.honour), fb, anchor="lm")
        x += icon + fb.getlength(str(b.honour)) + 6
    ay = row_y + text + 4
    ax0 = x0 + 5
    if compact:
        ay = row_y
        ax0 = x + 2
    ax = actions_row(img, d, ax0, ay, b, icon + 2, text, tight=compact)
    if b.no_payment and not compact:
        kit.label(
            d,
            (ax + 4, ay),
            kit.shorten(tr(R + "no_pay"), x1 - ax - 40, fb),
            fb,
            fill=kit.HIGHLIGHT,
            anchor="lm",
        )
    if count is not None:
        kit.label(
            d,
            (x1 - 8, y1 - text / 2 - 4),
            f"×{count}",
            font(text + 3, True),
            fill=kit.MUTED if empty else kit.INK,
            anchor="rm",
        )
    cx, cy = x1 - r - 5, (y0 + text / 2 + 5) if disc_in_name_row else (y1 - r - 5)
    if disc is not None:
        kit.paste(img, kit.seat_piece(disc, r), (cx, cy))
    elif show_disc_slot and b.actions:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=kit.MUTED, width=2)
