"""The Endeavor player mats image and the building tray image (phone width).

A mat shows the seat (piece, name, start player, passed, to act), its supply, harbour and
discs on the board, harbour tokens, the four tracks (value, level, honour spaces, tokens
taken), the shore buildings with their discs, the cards held and the governor slot.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from render import Translate, kit
from render.endeavor.common import (
    ATTR_COLOUR,
    ATTR_ICON,
    ATTRS,
    R,
    building_card,
    cached,
    card_chip,
    font,
    min_font,
    seat_name,
    slot_number,
    style,
    token_colour,
    token_sprite,
)
from rules.core import term
from rules.endeavor.components import Attribute
from rules.endeavor.view import BuildingInfo, EndeavorView, PlayerView

MATS_W = 600
TEXT = min_font(MATS_W)  # 21
MATS_TEXT = {"name": 24, "text": TEXT, "count": TEXT + 3}
"""Every text size the mats and the tray use (the smallest is the phone rule's minimum)."""
PAD = 8
GAP = 6
MAT_H = 386
TRACK_ROW = 26
CELLS = 16
SLOT_H = 74
CARD_W = 66
GOVERNOR_W = 100
CARD_H = 50


def honour_spaces(limit: int) -> list[int]:
    """Honour spaces (END-D03): 0, 2, 4, 7, 10, 12, 14, then every 2 past the mat."""
    base = [0, 2, 4, 7, 10, 12, 14]
    extra = list(range(16, max(16, limit) + 1, 2))
    return base + extra


@cached
@kit.static_layer(maxsize=8)
def _track_bar(attr: str, cell: int) -> Image.Image:
    """The printed spaces 0-15 of one track as a bar, honour spaces marked (END-D03)."""
    img = Image.new("RGBA", (cell * CELLS + 2, 20), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    honour = set(honour_spaces(CELLS - 1))
    for v in range(CELLS):
        box = (v * cell, 1, v * cell + cell - 2, 19)
        fill = kit.lighter(ATTR_COLOUR[attr], 0.7) if v in honour else kit.WHITE
        d.rounded_rectangle(box, radius=3, fill=fill, outline=(170, 160, 140), width=1)
        if v % 5 == 0:
            d.line((box[0] + 1, 17, box[2] - 1, 17), fill=kit.MUTED, width=2)
    return img


def _track_row(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    view: EndeavorView,
    p: PlayerView,
    attr: Attribute,
    y: float,
    st: kit.SeatStyle,
    tr: Translate,
    width: int,
) -> None:
    kit.paste_icon(img, ATTR_ICON[attr], (20, y), 22, ATTR_COLOUR[attr], kit.WHITE)
    value = p.tracks.get(attr, 0)
    fb = font(TEXT, True)
    kit.label(
        d, (36, y), kit.shorten(tr(f"{R}track.{attr}", value=value), 150, fb), fb, anchor="lm"
    )
    level = {
        "industry": p.levels.build,
        "culture": p.levels.growth,
        "wealth": p.levels.salary,
        "influence": p.levels.card_limit,
    }[attr]
    cell = 15
    bx = 190
    bar = _track_bar(attr, cell)
    img.paste(bar, (bx, round(y - 10)), bar)
    shown = min(value, CELLS - 1)
    kit.paste(img, kit.seat_piece(st, 9), (bx + shown * cell + (cell - 2) / 2, y))
    fn = font(TEXT)
    lx = bx + CELLS * cell + 8
    level_text = tr(f"{R}level.{attr}", level=level)
    kit.label(d, (lx, y), kit.shorten(level_text, 110, fn), fn, fill=kit.MUTED, anchor="lm")
    x = float(width - 8)
    for count, sprite in (
        (p.brown_tokens.get(attr, 0), token_sprite(attr, token_colour(view, attr), 9)),
        (p.memorial_discs.get(attr, 0), kit.icon("star", 18, (220, 170, 30))),
    ):
        if count:
            kit.label(d, (x, y), str(count), fb, anchor="rm")
            x -= fb.getlength(str(count)) + 2
            kit.paste(img, sprite, (x - 10, y))
            x -= 26


def player_mat(
    view: EndeavorView,
    styles: dict[str, kit.SeatStyle],
    p: PlayerView,
    tr: Translate,
    width: int,
) -> Image.Image:
    h = MAT_H
    st = style(styles, p.seat)
    img = Image.new("RGB", (width, h), kit.PAPER)
    d = ImageDraw.Draw(img)
    active = p.seat in view.to_act
    d.rounded_rectangle(
        (0, 0, width - 1, h - 1),
        radius=12,
        fill=kit.lighter(st.colour, 0.86),
        outline=kit.INK if active else kit.PANEL_EDGE,
        width=5 if active else 2,
    )
    fb = font(TEXT, True)
    fn = font(TEXT)
    # row 1: who, start player, passed, to act
    kit.paste(img, kit.seat_piece(st, 13), (22, 20))
    fname = font(MATS_TEXT["name"], True)
    name = kit.shorten(seat_name(p.seat, tr), 260, fname)
    kit.label(d, (42, 20), name, fname, anchor="lm")
    x = 50 + fname.getlength(name)
    if p.has_crown:
        kit.paste_icon(img, "crown", (x + 12, 18), 24, (220, 170, 30))
        x += 28
    tags = []
    if p.has_crown:
        tags.append(tr(R + "tag_start"))
    if p.passed:
        tags.append(tr(R + "tag_passed"))
    if active:
        tags.append(tr(R + "tag_to_act"))
    if tags:
        text = kit.shorten(" · ".join(tags), width - x - 16, fn)
        kit.label(d, (x + 4, 20), text, fn, fill=kit.MUTED, anchor="lm")
    # row 2: discs, harbour tokens, set-aside cards
    counts = tr(R + "counts", supply=p.supply, harbour=p.harbour, board=p.discs_on_board)
    kit.label(d, (14, 47), kit.shorten(counts, width - 150, fb), fb, anchor="lm")
    bx = width - 14.0
    for kind, n in reversed(list(p.blue_tokens.items())):
        if n <= 0:
            continue
        label = f"×{n}"
        kit.label(d, (bx, 47), label, fb, anchor="rm")
        bx -= fb.getlength(label) + 2
        kit.paste(img, token_sprite(kind, token_colour(view, kind), 11), (bx - 12, 47))
        bx -= 30
    # tracks
    for i, attr in enumerate(ATTRS):
        _track_row(img, d, view, p, attr, 62 + TRACK_ROW / 2 + i * TRACK_ROW, st, tr, width)
    # shore buildings, two rows
    slots = p.shore_slots
    per_row = max(1, math.ceil(slots / 2))
    sw = (width - 20 - (per_row - 1) * GAP) / per_row
    y0 = 62 + 4 * TRACK_ROW + 4
    for i in range(slots):
        bx0 = 10 + (i % per_row) * (sw + GAP)
        by0 = y0 + (i // per_row) * (SLOT_H + 5)
        b = next((sb for sb in p.buildings if sb.slot == i), None)
        box = (bx0, by0, bx0 + sw, by0 + SLOT_H)
        if b is None:
            d.rounded_rectangle(box, radius=8, outline=(190, 180, 160), width=2)
            slot_number(d, (bx0 + 4, by0 + TEXT / 2 + 5), i + 1, font(TEXT, True))
            continue
        building_card(
            img,
            d,
            box,
            b.building,
            None,
            tr,
            TEXT,
            disc=st if b.disc else None,
            show_disc_slot=True,
            compact=True,
            number=i + 1,  # menus name shore slots by this number ("해안 3번 칸")
        )
    # cards held and the governor slot
    cy = y0 + 2 * SLOT_H + 5 + 6
    allowed = p.levels.cards_allowed or p.levels.card_limit
    held = tr(R + "cards_held", held=len(p.cards), allowed=allowed)
    kit.label(d, (12, cy + CARD_H / 2), held, fb, fill=kit.MUTED, anchor="lm")
    gx = width - 10 - GOVERNOR_W
    gbox = (gx, cy, gx + GOVERNOR_W, cy + CARD_H)
    if p.governor_slot is None:
        d.rounded_rectangle(gbox, radius=6, outline=kit.MUTED, width=2)
        slot = kit.shorten(tr(R + "governor_slot"), GOVERNOR_W - 8, fn)
        kit.label(d, (gx + GOVERNOR_W / 2, cy + CARD_H / 2), slot, fn, fill=kit.MUTED, anchor="mm")
    else:
        card_chip(img, d, gbox, p.governor_slot, p.governor_slot.deck, tr, TEXT)
    x = 20 + fb.getlength(held)
    room = int((gx - 10 - x) // (CARD_W + 5))
    shown = p.cards if len(p.cards) <= room else p.cards[: max(0, room - 1)]
    for card in shown:
        card_chip(img, d, (x, cy, x + CARD_W, cy + CARD_H), card, card.deck, tr, TEXT)
        x += CARD_W + 5
    more = len(p.cards) - len(shown)
    if more:
        kit.label(
            d, (x + 2, cy + CARD_H / 2), tr(R + "more", count=more), fn, fill=kit.MUTED, anchor="lm"
        )
    if p.set_aside:
        kit.label(
            d,
            (gx - 8, cy + CARD_H / 2),
            tr(R + "set_aside", count=len(p.set_aside)),
            fb,
            fill=kit.HIGHLIGHT,
            anchor="rm",
        )
    return img


def draw_mats(view: EndeavorView, tr: Translate, styles: dict[str, kit.SeatStyle]) -> Image.Image:
    inner = MATS_W - 2 * PAD
    mats = [player_mat(view, styles, p, tr, inner) for p in view.players]
    height = sum(m.height for m in mats) + GAP * (len(mats) - 1) + 2 * PAD
    out = Image.new("RGB", (MATS_W, height), kit.PAPER)
    y = PAD
    for m in mats:
        out.paste(m, (PAD, y))
        y += m.height + GAP
    return out


TRAY_CARD_H = 92


def draw_tray(view: EndeavorView, tr: Translate) -> Image.Image:
    width = MATS_W
    cols = 3
    by_level: dict[int, list[tuple[BuildingInfo, int]]] = {}
    for stack in view.tray.stacks:
        by_level.setdefault(stack.building.level, []).append((stack.building, stack.count))
    rows: list[list[tuple[BuildingInfo, int]]] = []
    for lvl in sorted(by_level):
        items = by_level[lvl]
        rows.extend(items[i : i + cols] for i in range(0, len(items), cols))
    title_h = 40
    notes = []
    if view.tray.level5_face_down:
        notes.append(tr(R + "face_down", count=view.tray.level5_face_down))
    if view.tray.removed:
        notes.append(
            tr(R + "removed", items=[term(f"endeavor.building.{b.id}") for b in view.tray.removed])
        )
    fn = font(TEXT)
    note_h = (TEXT + 8) * len(notes)
    h = PAD + title_h + len(rows) * (TRAY_CARD_H + GAP) + note_h + 2 * PAD
    img = Image.new("RGB", (width, h), kit.PAPER)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(
        (PAD, PAD, width - PAD, h - PAD), radius=12, fill=kit.PANEL, outline=kit.PANEL_EDGE, width=2
    )
    kit.label(
        d,
        (PAD + 12, PAD + title_h / 2 + 2),
        tr(R + "tray"),
        font(MATS_TEXT["name"], True),
        anchor="lm",
    )
    cw = (width - 2 * PAD - 16 - (cols - 1) * GAP) / cols
    y = PAD + title_h
    for row in rows:
        for i, (b, count) in enumerate(row):
            x0 = PAD + 8 + i * (cw + GAP)
            building_card(img, d, (x0, y, x0 + cw, y + TRAY_CARD_H), b, count, tr, TEXT)
        y += TRAY_CARD_H + GAP
    for note in notes:
        kit.label(
            d,
            (PAD + 12, y + TEXT / 2 + 2),
            kit.shorten(note, width - 4 * PAD, fn),
            fn,
            fill=kit.MUTED,
            anchor="lm",
        )
        y += TEXT + 8
    return img
