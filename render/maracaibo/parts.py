"""The Maracaibo board parts besides the map: the ``tracks`` (explorer track, the table of
influence, income and VP, the display, prestige buildings, piles, Jean's automa board in
solo) and the ``ships`` (each player's ship board: supplies, the twelve upgrade sections,
planning area, tableau, career), and the seat's private panel. Drawn only from the view.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render import Translate, kit
from render.maracaibo.common import (
    NATION_COLOUR,
    NATIONS,
    PALETTE,
    TEXT,
    WIDTH,
    R,
    card_short,
    digits,
    flat_header,
    flat_text,
    font,
    seat_name,
    style,
    styles_of,
    text,
    wrap,
)
from rules.maracaibo import cardtext as ct
from rules.maracaibo.components import data
from rules.maracaibo.query import card_term
from rules.maracaibo.terms import career_term, tile_term, token_term
from rules.maracaibo.view import MaracaiboView

PAD = 18
LINE = 42
BARRIER_COLOUR: dict[str, kit.RGB] = {
    "red": (200, 40, 40),
    "blue": (40, 90, 200),
    "green": (30, 140, 70),
}

# The explorer track as a schematic: (column, row) of each space; the main path runs left to
# right on row 0 and back right to left on row 2, the two lower paths under them.
EXPLORER_CELL = 72
EXPLORER_GRID: dict[str, tuple[float, float]] = {
    "start": (0, 0),
    "1": (1, 0),
    "2": (2, 0),
    "3": (3, 0),
    "4": (4, 0),
    "5": (5, 0),
    "6": (6, 0),
    "7": (7, 0),
    "5b": (6, 1),
    "8": (8, 0),
    "9": (9, 0),
    "10": (9, 2),
    "11": (8, 2),
    "12": (7, 2),
    "13": (6, 2),
    "14": (5, 2),
    "13b": (5.5, 3),
    "15": (4, 2),
    "16": (3, 2),
    "17": (2, 2),
    "18": (1, 2),
}
EXPLORER_ROW = 80


EXPLORER_SPACE = 27  # the radius of a space's disc


def explorer_point(space: str, top: int, row: int = EXPLORER_ROW) -> tuple[int, int] | None:
    """The centre of ``space`` on a track drawn from ``top`` with rows ``row`` px apart."""
    cell = EXPLORER_GRID.get(space)
    if cell is None:
        return None
    x = PAD + EXPLORER_CELL // 2 + cell[0] * EXPLORER_CELL
    return round(x), round(top + row // 2 + cell[1] * row)


def explorer_height(row: int = EXPLORER_ROW) -> int:
    return 4 * row + 10


def _track_static(
    img: Image.Image, d: ImageDraw.ImageDraw, top: int, row: int, taken: kit.Placer | None
) -> None:
    """What the explorer track shows in every game: the paths, barriers and the numbered
    spaces (recorded in ``taken`` when given)."""
    flat = img.mode == "P"

    def ink(colour: kit.RGB) -> kit.RGB | int:
        return kit.palette_index(colour, PALETTE) if flat else colour

    def at_point(space: str) -> tuple[int, int] | None:
        return explorer_point(space, top, row)

    for sp in data().explorer.spaces:
        a = at_point(sp.id)
        for nxt in sp.next:
            b = at_point(nxt)
            if a is not None and b is not None:
                d.line((*a, *b), fill=ink((150, 130, 100)), width=5)
    for barrier in data().explorer.barriers:
        a = at_point(barrier.from_)
        b = at_point(barrier.to)
        if a is None or b is None:
            continue
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        colour = BARRIER_COLOUR[barrier.color]
        bar = (
            (mx - 5, my - 34, mx + 5, my + 34)
            if a[1] == b[1]
            else (mx - 34, my - 5, mx + 34, my + 5)
        )
        d.rectangle(bar, fill=ink(colour))
        if taken is not None:
            taken.block(bar)
    r = EXPLORER_SPACE
    for sp in data().explorer.spaces:
        p = at_point(sp.id)
        if p is None:
            continue
        x, y = p
        fill = (250, 232, 190) if sp.final else kit.WHITE
        d.ellipse((x - r, y - r, x + r, y + r), fill=ink(fill), outline=ink(kit.INK), width=3)
        label = "0" if sp.id == "start" else str(digits(sp.id))
        if flat:
            flat_text(img, (x, y), label, TEXT, True, kit.INK, "mm", bg=fill)
        else:
            text(d, (x, y), label, TEXT, True, kit.INK, "mm")
        if taken is not None:
            taken.block((x - r, y - r, x + r, y + r), label)


@kit.text_layer
@lru_cache(maxsize=8)
def _flat_track(top: int, row: int) -> Image.Image:
    """``_track_static`` in the palette, drawn once per place on the canvas: the band from
    ``top`` of a paper canvas it was drawn on."""
    canvas = kit.palette_canvas(WIDTH, top + explorer_height(row), kit.PAPER, PALETTE)
    _track_static(canvas, ImageDraw.Draw(canvas), top, row, None)
    return canvas.crop((0, top, WIDTH, canvas.height))


def draw_explorer(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    view: MaracaiboView,
    top: int,
    tr: Translate,
    row: int = EXPLORER_ROW,
    placer: kit.Placer | None = None,
) -> int:
    """The explorer track from ``top`` (rows ``row`` px apart); returns the y below it.
    With a ``placer``, every drawn space (its printed number), barrier, quest and explorer
    is recorded there, so that choice numbers go beside them. On a palette canvas (the
    tracks part) the paper under the track must be blank: the unchanging track is pasted."""
    styles = styles_of(view)
    flat = img.mode == "P"  # a palette canvas (the tracks part) or RGB (a choice picture)
    if flat and placer is None:
        img.paste(_flat_track(top, row), (0, top))
    else:
        _track_static(img, d, top, row, placer)
    done = set(view.board.explorer_done)
    for sp in data().explorer.spaces:
        tile = view.board.explorer_quests.get(sp.id)
        p = explorer_point(sp.id, top, row)
        if not tile or sp.id in done or p is None:
            continue
        x, y = p
        scroll = kit.icon("scroll", 26, (150, 100, 40), kit.WHITE)
        if flat:  # over the space's edge and the paper
            kit.patch_paste(img, [(scroll, (x + 22, y - 22))], PALETTE)
        else:
            kit.paste(img, scroll, (x + 22, y - 22))
        if placer is not None:
            placer.block((x + 9, y - 35, x + 35, y - 9))
    at: dict[str, list[str]] = {}
    for seat, player in view.players.items():
        at.setdefault(player.explorer, []).append(seat)
    if view.jean is not None:
        at.setdefault(view.jean.explorer, []).append("jean")
    for space, seats in at.items():
        pt = explorer_point(space, top, row)
        if pt is None:
            continue
        pieces: list[tuple[Image.Image, kit.Point]] = []
        for i, seat in enumerate(seats):
            cx, cy = pt[0] - 22 + 15 * i, pt[1] + 26
            pieces.append((kit.seat_piece(style(styles, seat), 12), (cx, cy)))
            if placer is not None:
                placer.block((cx - 13, cy - 13, cx + 13, cy + 13))
        if flat:  # overlapping each other, the space's edge, the track and the paper
            kit.patch_paste(img, pieces, PALETTE)
        else:
            for sprite, at_ in pieces:
                kit.paste(img, sprite, at_)
    return top + explorer_height(row)


def _section_title(img: Image.Image, y: int, words: str) -> int:
    """A section's caption on a palette canvas (on the paper)."""
    flat_text(img, (PAD, y + 20), words, TEXT, True, kit.INK, "lm", WIDTH - 2 * PAD)
    return y + LINE


def _table(
    img: Image.Image, d: ImageDraw.ImageDraw, view: MaracaiboView, y: int, tr: Translate
) -> int:
    """Rows: seats (and Jean); columns: VP, doubloon income, VP income, influence x3."""
    styles = styles_of(view)
    cols = [300 + 76 * i for i in range(6)]
    paper = kit.PAPER
    kit.flat_paste(img, kit.icon("star", 30, (200, 150, 20)), (cols[0], y + 20), paper, PALETTE)
    kit.flat_paste(img, kit.icon("coin", 30, (200, 160, 40)), (cols[1], y + 20), paper, PALETTE)
    kit.flat_paste(img, kit.icon("chart", 30, (80, 120, 160)), (cols[2], y + 20), paper, PALETTE)
    for i, nation in enumerate(NATIONS):
        x, yy = cols[3 + i], y + 20
        colour = NATION_COLOUR.get(nation, kit.MUTED)
        d.rounded_rectangle(
            (x - 19, yy - 17, x + 19, yy + 17),
            radius=6,
            fill=kit.palette_index(colour, PALETTE),
            outline=kit.palette_index(kit.INK, PALETTE),
            width=2,
        )  # nation_flag, in the palette
        words = tr(f"{R}nation_short.{nation}")
        flat_text(img, (x, yy), words, TEXT, True, kit.WHITE, "mm", bg=colour)
    y += LINE + 4
    rows: list[tuple[str, list[int]]] = []
    for seat, p in view.players.items():
        rows.append((seat, [p.vp, p.inc_d, p.inc_vp, *(p.influence.get(n, 0) for n in NATIONS)]))
    if view.jean is not None:
        j = view.jean
        rows.append(("jean", [j.vp, -1, -1, *(j.influence.get(n, 0) for n in NATIONS)]))
    for i, (seat, values) in enumerate(rows):
        bg = (243, 238, 226) if i % 2 == 0 else paper
        if i % 2 == 0:
            d.rectangle(
                (PAD - 6, y, WIDTH - PAD + 6, y + LINE), fill=kit.palette_index(bg, PALETTE)
            )
        sprite = kit.seat_piece(style(styles, seat), 14)
        kit.flat_paste(img, sprite, (PAD + 16, y + LINE // 2), bg, PALETTE)
        name = seat_name(seat, tr)
        flat_text(img, (PAD + 40, y + LINE // 2), name, TEXT, False, kit.INK, "lm", 220, bg)
        for x, v in zip(cols, values, strict=True):
            value = "-" if v < 0 else str(v)
            flat_text(img, (x, y + LINE // 2), value, TEXT, True, kit.INK, "mm", bg=bg)
        y += LINE
    return y + 4


DISPLAY = 4  # face-up cards (MAR-T16)


def display_line(card: str, tr: Translate) -> str:
    """A face-up card: the good it shows (it can be drawn and used as that good) and what it
    is; an empty slot says so."""
    if not card:
        return tr(R + "empty")
    good = data().cards[card].discard_as if card in data().cards else ""
    if not good:
        return card_line(card, tr)
    return tr(R + "display_line", good=tr(f"maracaibo.good.{good}"), card=card_line(card, tr))


def combat_line(view: MaracaiboView, tr: Translate) -> str:
    """The combat in progress (its seat, ally and strength are public), or ``""``."""
    c = view.combat
    if c is None:
        return ""
    ally = tr(f"maracaibo.nation.{c.ally}") if c.ally else "-"
    return tr(R + "combat_line", name=seat_name(c.seat, tr), nation=ally, strength=c.strength)


def tracks_height(view: MaracaiboView) -> int:
    rows = len(view.players) + (1 if view.jean is not None else 0)
    jean = 5 * LINE + 10 if view.jean is not None else 0
    return (
        60
        + LINE
        + explorer_height()
        + 2 * LINE
        + 8
        + rows * LINE
        + LINE
        + 2 * LINE
        + DISPLAY * LINE
        + 12
        + LINE
        + 2 * 50
        + 3 * LINE
        + jean
        + 20
    )


def draw_tracks(view: MaracaiboView, tr: Translate, title: str) -> Image.Image:
    """The tracks part, drawn in the palette (``kit.palette_canvas``): flat shapes, text and
    sprites each on the one colour under it, pieces and scrolls over mixed ones patched."""
    img = kit.palette_canvas(WIDTH, tracks_height(view), kit.PAPER, PALETTE)
    d = ImageDraw.Draw(img)
    y = flat_header(img, d, title)
    styles = styles_of(view)
    y = _section_title(img, y + 4, tr(R + "explorer_track"))
    y = draw_explorer(img, d, view, y, tr)
    y = _section_title(img, y, tr(R + "table_title"))
    y = _table(img, d, view, y, tr)
    legend = tr(R + "table_legend")
    flat_text(img, (PAD, y + 18), legend, TEXT, False, kit.MUTED, "lm", WIDTH - 2 * PAD)
    y += LINE
    y = _section_title(
        img, y + 6, tr(R + "display", deck=view.board.deck_size, discard=len(view.board.discard))
    )
    for i in range(DISPLAY):
        card = view.board.display[i] if i < len(view.board.display) else ""
        flat_text(
            img,
            (PAD, y + LINE // 2),
            display_line(card, tr),
            TEXT,
            False,
            kit.INK,
            "lm",
            WIDTH - 2 * PAD,
        )
        y += LINE
    y += 12
    y = _section_title(img, y, tr(R + "prestige"))
    half = (WIDTH - 2 * PAD) / 2
    for i, slot in enumerate(view.board.prestige[:4]):
        x = PAD + (i % 2) * half
        yy = y + (i // 2) * 50
        d.rounded_rectangle(
            (x, yy, x + half - 10, yy + 44),
            radius=8,
            fill=kit.palette_index(kit.WHITE, PALETTE),
            outline=kit.palette_index(kit.PANEL_EDGE, PALETTE),
            width=2,
        )
        name = tr(f"maracaibo.prestige.{slot.building}") if slot.building else tr(R + "face_down")
        room = half - 30 - 26 * len(slot.investors)
        flat_text(img, (x + 10, yy + 22), name, TEXT, False, kit.INK, "lm", room, kit.WHITE)
        for k, seat in enumerate(slot.investors):
            at = (x + half - 32 - 26 * k, yy + 22)
            kit.flat_paste(img, kit.seat_piece(style(styles, seat), 11), at, kit.WHITE, PALETTE)
    y += 2 * 50
    b = view.board
    top = tr(R + "quest_top", tile=tr.text(tile_term(b.quest_pile_top))) if b.quest_pile_top else ""
    lines = [
        tr(R + "quest_pile", count=b.quest_pile_size) + (f" - {top}" if top else ""),
        combat_line(view, tr),
        tr(R + "combat_piles", counts=", ".join(str(n) for n in b.pile_sizes)),
        tr(R + "round_line", round=view.round, start=seat_name(view.start_player, tr)),
    ]
    for line in lines:
        if line:
            flat_text(img, (PAD, y + LINE // 2), line, TEXT, False, kit.INK, "lm", WIDTH - 2 * PAD)
        y += LINE
    if view.jean is not None:
        j = view.jean
        y = _section_title(img, y + 10, tr(R + "jean_board", name=seat_name("jean", tr)))
        for line in (
            tr(R + "jean_cards", cards=j.card_count, deck=j.deck_size, discard=len(j.discard)),
            tr(R + "jean_counts", quests=j.quest_count, tokens=j.token_count),
            tr(R + "jean_discs", count=j.discs_removed),
            tr(
                R + "jean_where",
                location=tr(f"maracaibo.loc.{j.ship}"),
                space=tr(f"maracaibo.space.{j.explorer}"),
            ),
        ):
            flat_text(img, (PAD, y + LINE // 2), line, TEXT, False, kit.INK, "lm", WIDTH - 2 * PAD)
            y += LINE
    if y + 16 >= img.height:
        return img  # the whole canvas is used: no copy of it
    return img.crop((0, 0, WIDTH, y + 16))


# ---------------------------------------------------------------------------- ship boards


FAMILY_ORDER = ("permanent", "income", "assistant", "immediate")
"""Bought cards listed by what still acts: permanent effects and income first, immediate
effects (already done) last."""


def card_line(card: str, tr: Translate) -> str:
    """A project card as a list line: its printed code and what it is or does."""
    if card not in data().cards:
        return card_short(card, tr)
    return tr(R + "card_line", code=card_short(card, tr), what=tr.text(ct.card_what(card)))


def _card_lines(cards: list[str], tr: Translate, rows: int) -> list[str]:
    """One line per card, at most ``rows``; the last says how many more there are."""
    if not cards:
        return [tr(R + "none")]
    if len(cards) <= rows:
        return [card_line(c, tr) for c in cards]
    shown = max(0, rows - 1)
    rest = tr(R + "more_cards", count=len(cards) - shown)
    return [*(card_line(c, tr) for c in cards[:shown]), rest]


SHIPS_MAX_HEIGHT = 2000
PANEL_FIXED = 50 + LINE + 92 + LINE + 16 + 12
"""A ship panel without its card lines: head, stats, sections, career, gap."""


def _card_rows(view: MaracaiboView, tr: Translate) -> int:
    """Card lines (planned and bought) each ship panel may hold so that the part stays
    within 2,000 px: at least four."""
    fixed = 60 + 8 + LINE * len(_ships_legend(tr)) + 12 + PANEL_FIXED * len(view.players)
    return max(4, (SHIPS_MAX_HEIGHT - fixed) // (LINE * max(1, len(view.players))))


def _panel_lines(view: MaracaiboView, seat: str, tr: Translate) -> tuple[list[str], list[str]]:
    """The planned cards and the bought cards (by ``FAMILY_ORDER``), one per line, within
    the panel's share of the part's height."""
    p = view.players[seat]
    rows = _card_rows(view, tr)
    bought = sorted(
        p.tableau,
        key=lambda c: (
            FAMILY_ORDER.index(data().cards[c].family)
            if c in data().cards and data().cards[c].family in FAMILY_ORDER
            else len(FAMILY_ORDER)
        ),
    )
    plan_rows = max(1, min(len(p.plan), rows - max(1, min(len(bought), rows // 2))))
    return _card_lines(p.plan, tr, plan_rows), _card_lines(bought, tr, max(1, rows - plan_rows))


def _panel_height(plan: list[str], tableau: list[str]) -> int:
    return 50 + LINE + 92 + LINE * (len(plan) + len(tableau)) + LINE + 16


def _ships_legend(tr: Translate) -> list[str]:
    return wrap(tr(R + "ships_legend"), WIDTH - 2 * PAD)


def ships_height(panels: list[tuple[list[str], list[str]]], tr: Translate) -> int:
    """The part's height for ship panels of these (planned, bought) card lines."""
    boards = sum(_panel_height(*lines) + 12 for lines in panels)
    return 60 + 8 + boards + LINE * len(_ships_legend(tr)) + 12


def _stat(
    img: Image.Image,
    x: float,
    y: float,
    icon: kit.IconKind,
    colour: kit.RGB,
    value: str,
) -> float:
    """A supply on a ship panel (drawn in the palette, on the panel's colour)."""
    kit.flat_paste(img, kit.icon(icon, 30, colour, kit.WHITE), (x + 15, y), kit.PANEL, PALETTE)
    flat_text(img, (x + 34, y), value, TEXT, True, kit.INK, "lm", bg=kit.PANEL)
    return x + 36 + font(TEXT, True).getlength(kit.safe_text(value)) + 14


SECTIONS_ROW = 80
"""Height of a ship board's row of upgrade sections."""


@kit.text_layer
@lru_cache(maxsize=512)
def _section(index: int, colour: kit.RGB, left: int) -> tuple[Image.Image, int]:
    """Upgrade section ``index`` of a ship board, on the panel's colour, and the x it goes
    at: its number and the ``left`` discs on it, filled with the seat's colour once emptied.
    Drawn once per section, seat colour and discs left (a few hundred kinds in all) at the
    section's own x, then cut to it: pasted at that x, the same pixels as drawing it in
    place."""
    sections = data().ship.sections
    bw = (WIDTH - 2 * PAD) / len(sections)
    bx = PAD + index * bw
    canvas = Image.new("RGB", (WIDTH, SECTIONS_ROW + 1), kit.PANEL)
    d = ImageDraw.Draw(canvas)
    d.rounded_rectangle(
        (bx + 2, 0, bx + bw - 2, SECTIONS_ROW),
        radius=6,
        fill=kit.lighter(colour, 0.3) if left == 0 else kit.WHITE,
        outline=kit.INK,
        width=2,
    )
    text(d, (bx + bw / 2, 20), str(digits(sections[index].id)), TEXT, True, kit.INK, "mm")
    for k in range(left):
        cx = bx + bw / 2 + (k - (left - 1) / 2) * 18
        d.ellipse((cx - 7, 52, cx + 7, 66), fill=(60, 60, 60))
    x = math.floor(bx)  # the cut keeps a margin of the panel's colour between sections
    return canvas.crop((x, 0, math.ceil(bx + bw), SECTIONS_ROW + 1)), x


@kit.text_layer
@lru_cache(maxsize=512)
def _flat_section(index: int, colour: kit.RGB, left: int) -> tuple[Image.Image, int]:
    """``_section`` mapped to the palette (pixel by pixel: the same indices as mapping it in
    the part)."""
    cell, x = _section(index, colour, left)
    return kit.to_palette(cell, PALETTE), x


def draw_ships(view: MaracaiboView, tr: Translate, title: str) -> Image.Image:
    """Each player's ship board, drawn in the palette (``kit.palette_canvas``): flat shapes,
    and text and sprites each on the one colour under it."""
    # each seat's card lines are worded once, for the heights and the drawing
    panels = {seat: _panel_lines(view, seat, tr) for seat in view.players}
    height = ships_height(list(panels.values()), tr)
    img = kit.palette_canvas(WIDTH, height, kit.PAPER, PALETTE)
    d = ImageDraw.Draw(img)
    y = flat_header(img, d, title) + 8
    styles = styles_of(view)
    sections = data().ship.sections
    panel = kit.PANEL
    for seat, p in view.players.items():
        st = style(styles, seat)
        head = kit.lighter(st.colour, 0.55)
        plan, tableau = panels[seat]
        h = _panel_height(plan, tableau)
        d.rounded_rectangle(
            (8, y, WIDTH - 8, y + h),
            radius=14,
            fill=kit.palette_index(panel, PALETTE),
            outline=kit.palette_index(kit.PANEL_EDGE, PALETTE),
            width=3,
        )
        d.rounded_rectangle(
            (8, y, WIDTH - 8, y + 50),
            radius=14,
            fill=kit.palette_index(head, PALETTE),
            corners=(True, True, False, False),
        )
        kit.flat_paste(img, kit.seat_piece(st, 16), (PAD + 18, y + 25), head, PALETTE)
        vp = tr(R + "vp", count=p.vp)
        vw = font(TEXT, True).getlength(kit.safe_text(vp))
        flat_text(
            img,
            (PAD + 44, y + 25),
            seat_name(seat, tr),
            TEXT,
            True,
            kit.INK,
            "lm",
            WIDTH - 2 * PAD - 80 - vw,
            head,
        )
        flat_text(img, (WIDTH - PAD, y + 25), vp, TEXT, True, kit.INK, "rm", bg=head)
        yy = y + 50 + LINE // 2
        x: float = PAD
        x = _stat(img, x, yy, "coin", (200, 160, 40), str(p.doubloons))
        x = _stat(img, x, yy, "swords", (150, 60, 60), str(p.cp))
        x = _stat(img, x, yy, "person", st.colour, f"{p.personal}")
        x = _stat(img, x, yy, "card", (60, 60, 60), str(p.hand_count))
        x = _stat(img, x, yy, "scroll", (150, 100, 40), str(p.quest_count + p.card_quest_count))
        x = _stat(img, x, yy, "skull", (80, 80, 80), str(p.token_count))
        x = _stat(img, x, yy, "star", (120, 80, 160), str(len(p.synergies)))
        yy = y + 50 + LINE + 4
        for i, sec in enumerate(sections):
            cell, x = _flat_section(i, st.colour, p.discs.get(sec.id, 0))
            img.paste(cell, (x, yy))
        yy += 92
        for caption, lines in ((tr(R + "plan"), plan), (tr(R + "tableau"), tableau)):
            flat_text(img, (PAD, yy + LINE // 2), caption, TEXT, False, kit.MUTED, "lm", 190, panel)
            for line in lines:
                flat_text(
                    img,
                    (PAD + 200, yy + LINE // 2),
                    line,
                    TEXT,
                    True,
                    kit.INK,
                    "lm",
                    WIDTH - 2 * PAD - 200,
                    panel,
                )
                yy += LINE
        career = tr.text(career_term(p.career)) if p.career else tr(R + "career_hidden")
        tasks = tr(R + "tasks_done", count=len(p.tasks))
        line = f"{career} - {tasks}"
        flat_text(
            img, (PAD, yy + LINE // 2), line, TEXT, False, kit.INK, "lm", WIDTH - 2 * PAD, panel
        )
        y += h + 12
    for line in _ships_legend(tr):
        flat_text(img, (PAD, y + LINE // 2), line, TEXT, False, kit.MUTED, "lm")
        y += LINE
    return img


# ---------------------------------------------------------------------------- private


Entry = tuple[str, str]
"""(name, text) of one held card or tile: what it is and what it costs and does."""


def private_entries(view: MaracaiboView, tr: Translate) -> list[tuple[str, list[Entry]]]:
    """(caption, entries) of the seat's private panel: only the seat's own hidden things,
    each card and tile with its text (``rules.maracaibo.cardtext``)."""
    you = view.you
    seat = view.viewer or ""
    if you is None or seat not in view.players:
        return []
    p = view.players[seat]

    def cards(ids: list[str]) -> list[Entry]:
        return [(tr.text(card_term(c)), tr.text(ct.card_detail(c))) for c in ids]

    def careers(ids: list[str]) -> list[Entry]:
        return [(tr.text(career_term(c)), tr.text(ct.career_detail(c))) for c in ids]

    out: list[tuple[str, list[Entry]]] = [
        (tr(R + "hand", count=len(you.hand)), cards(you.hand)),
        (tr(R + "plan"), cards(p.plan)),
    ]
    if you.career_options and not p.career:
        out.append((tr(R + "career_choice"), careers(you.career_options)))
    elif p.career:
        out.append((tr(R + "career"), careers([p.career])))
    if you.setup_discards:
        out.append((tr(R + "setup_discards"), cards(you.setup_discards)))
    if you.tokens:
        tokens = [(tr.text(token_term(t)), tr.text(ct.token_detail(t))) for t in you.tokens]
        out.append((tr(R + "tokens"), tokens))
    tiles = [*you.quests, *you.card_quests.values()]
    if tiles:
        quests = [
            (tr.text(tile_term(q)), tr.text(ct.quest_detail(q, view.story_tiles))) for q in tiles
        ]
        out.append((tr(R + "quests"), quests))
    return out


def private_lines(
    view: MaracaiboView, tr: Translate, sections: list[tuple[str, list[Entry]]] | None = None
) -> list[tuple[str, list[str]]]:
    """(caption, items) of the private panel as one line per card: name and text
    (``sections``: the ``private_entries`` already worded for the picture)."""
    if sections is None:
        sections = private_entries(view, tr)
    return [
        (caption, [f"{name}: {body}" if body else name for name, body in entries])
        for caption, entries in sections
    ]


def setup_hint(view: MaracaiboView, tr: Translate) -> list[str]:
    """During setup, what the seat still has to choose (lines that fit the panel)."""
    if view.phase != "setup" or view.viewer is None:
        return []
    p = view.players.get(view.viewer)
    if p is None or p.setup_done:
        return []
    return wrap(tr(R + "setup_hint"), WIDTH - 2 * PAD)


DETAIL_LINE = 34
MAX_HEIGHT = 2000


def _entry_lines(entry: Entry, width: float, compact: bool) -> list[str]:
    """An entry's text broken into lines of ``width`` (its own line breaks kept); compact:
    one line, cut with an ellipsis (the image's text summary keeps every word)."""
    if compact:
        return [kit.shorten(entry[1].replace("\n", " · "), width, font(TEXT))] if entry[1] else []
    return [line for part in entry[1].split("\n") if part for line in wrap(part, width)]


def _private_height(sections: list[tuple[str, list[Entry]]], hint: list[str], compact: bool) -> int:
    height = 60 + 12 + LINE * len(hint)
    for _caption, entries in sections:
        height += LINE + 8
        height += (
            sum(LINE + DETAIL_LINE * len(_entry_lines(e, DETAIL_WIDTH, compact)) for e in entries)
            or LINE
        )
    return height + 10


DETAIL_WIDTH = WIDTH - 2 * PAD - 24


def draw_private(
    view: MaracaiboView,
    tr: Translate,
    title: str,
    sections: list[tuple[str, list[Entry]]] | None = None,
) -> Image.Image:
    """The seat's hidden things, every card and tile with its cost and effect under its name
    (one line each when the whole text would be taller than the size limit)."""
    if sections is None:
        sections = private_entries(view, tr)
    hint = setup_hint(view, tr)
    compact = _private_height(sections, hint, False) > MAX_HEIGHT
    height = min(MAX_HEIGHT, _private_height(sections, hint, compact))
    # drawn in the palette: flat colours and text only (``kit.palette_canvas``)
    img = kit.palette_canvas(WIDTH, height, kit.PAPER, PALETTE)
    d = ImageDraw.Draw(img)
    y = flat_header(img, d, title) + 12
    for line in hint:
        flat_text(img, (PAD, y + LINE // 2), line, TEXT, False, kit.HIGHLIGHT, "lm")
        y += LINE
    for caption, entries in sections:
        flat_text(img, (PAD, y + 20), caption, TEXT, True, kit.INK, "lm", WIDTH - 2 * PAD)
        y += LINE
        if not entries:
            flat_text(img, (PAD, y + LINE // 2), tr(R + "none"), TEXT, False, kit.MUTED, "lm")
            y += LINE
        for entry in entries:
            flat_text(
                img, (PAD, y + LINE // 2), entry[0], TEXT, True, kit.INK, "lm", WIDTH - 2 * PAD
            )
            y += LINE
            for line in _entry_lines(entry, DETAIL_WIDTH, compact):
                flat_text(img, (PAD + 24, y + DETAIL_LINE // 2), line, TEXT, False, kit.MUTED, "lm")
                y += DETAIL_LINE
        y += 8
    return img
