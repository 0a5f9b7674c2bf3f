"""Age of Renaissance images, drawn only from ``RenaissanceView`` (never from raw state).

The board comes in parts (``BOARD_PARTS``), each phone-legible: 800 px wide, text never
smaller than 28 px (14 px when the image is shown 400 px wide), at most 2,000 px tall.
``map``, ``north`` and ``east`` are the west, centre and east of the geographic map
(``render.renaissance.board``)
with tokens and dominance markers in the seat styles (colour, letter and shape) and land
links; ``status`` holds the order of play, cash,
misery, cards and live score per player, the misery index and the shipping display;
``market`` the commodities (value, shortage and surplus markers, dominated suppliers per
player), the leaders and military cards of the turn and the map key; ``advances`` the
advances chart per player with points and tier. ``render_private`` draws the viewer's hand,
dealt cards and own secret choices; ``render_choices`` numbers spatial choices on the map.
Every word comes from the reader's ``Translate``; secret bids and other players' hands are
never read.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageFont

from render import Marks, RenderedImage, Translate, kit
from render.renaissance.board import (
    AREA_TINT,
    COMMODITY,
    MAP_PARTS,
    OUT_OF_PLAY,
    anchor_lonlat,
    arrow,
    choice_map,
    draw_map,
    part_ids,
    part_of,
)
from render.renaissance.board import piece as _piece
from render.renaissance.inputs import part_inputs, private_inputs
from rules.core import View
from rules.renaissance import cardtext
from rules.renaissance.anchors import AREA_PREFIX
from rules.renaissance.components import CATEGORIES, data
from rules.renaissance.deck import card_term_key
from rules.renaissance.view import PlayerView, RenaissanceView

BOARD_PARTS: tuple[str, ...] = (*MAP_PARTS, "status", "market", "advances")
WIDTH = 800
MAX_HEIGHT = 2000
FLOOR = 28  # 14 px at 400 px wide: 14 * WIDTH / 400
BIG = 34
R = "renaissance.render."
MARK: kit.RGB = (200, 30, 30)


def _as_view(view: View) -> RenaissanceView:
    if not isinstance(view, RenaissanceView):
        raise TypeError(f"render.renaissance needs a RenaissanceView, got {type(view).__name__}")
    return view


def _font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """Every font of these images: never below the phone floor."""
    if size < FLOOR:
        raise ValueError(f"text of {size} px is below the {FLOOR} px floor")
    return kit.font(size, bold)


def _text(
    d: ImageDraw.ImageDraw,
    xy: kit.Point,
    text: str,
    size: int = FLOOR,
    bold: bool = False,
    fill: kit.Colour = kit.INK,
    anchor: str = "la",
    width: float | None = None,
    outline: kit.Colour | None = None,
) -> None:
    fnt = _font(size, bold)
    if width is not None:
        text = kit.shorten(text, width, fnt)
    kit.label(
        d, xy, text, fnt, fill=fill, anchor=anchor, outline=outline, stroke=4 if outline else 0
    )


def _styles(view: RenaissanceView) -> dict[str, kit.SeatStyle]:
    return kit.styles_for([p.seat for p in view.players])


def _colour_word(style: kit.SeatStyle, tr: Translate) -> str:
    return tr(f"core.colour.{style.name}")


def _province(pid: str, tr: Translate) -> str:
    return tr(f"renaissance.province.{pid}")


def _areas_in_play(view: RenaissanceView) -> tuple[int, ...]:
    return tuple(data().areas_in_play[str(len(view.players))])


def _in_play(pid: str, areas: tuple[int, ...]) -> bool:
    p = data().provinces[pid]
    return p.overseas is not None or p.area in areas


def _wrap(text: str, fnt: ImageFont.FreeTypeFont, width: float) -> list[str]:
    """``text`` in lines no wider than ``width`` (breaking at spaces)."""
    lines: list[str] = []
    line = ""
    for word in kit.safe_text(text).split(" "):
        trial = f"{line} {word}" if line else word
        if line and fnt.getlength(trial) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines


def _part_areas(part: str) -> list[int]:
    return sorted({data().provinces[pid].area for pid in part_ids(part)} - {0})


# ------------------------------------------------------------------------------ status


def _header(
    d: ImageDraw.ImageDraw, view: RenaissanceView, tr: Translate, title: str, reserve: int = 0
) -> int:
    d.rectangle((0, 0, WIDTH, 100), fill=(52, 44, 36))
    _text(d, (20, 50), title, BIG, True, kit.WHITE, "lm", WIDTH - 40 - reserve)
    line = tr(
        R + "turn_line",
        turn=view.turn,
        epoch=view.epoch,
        phase=tr(f"renaissance.phase.{view.phase}"),
    )
    _text(d, (20, 130), line, FLOOR, True, width=WIDTH - 40)
    return 170


def _player_rows(view: RenaissanceView) -> list[PlayerView]:
    order = {s: i for i, s in enumerate(view.order)}
    return sorted(view.players, key=lambda p: (order.get(p.seat, 99), p.seat))


def _score(p: PlayerView) -> int:
    """AOR-R120: advance points + cash - misery (a player in chaos keeps only the misery)."""
    boxes = data().misery.boxes
    misery = boxes[min(p.misery, len(boxes) - 1)]
    if p.eliminated:
        return -misery
    return sum(data().advances[a].cost for a in p.advances) + p.cash - misery


def draw_status(view: RenaissanceView, tr: Translate) -> Image.Image:
    styles = _styles(view)
    rows = _player_rows(view)
    img = kit.new_canvas(WIDTH, MAX_HEIGHT)
    d = ImageDraw.Draw(img)
    y = _header(d, view, tr, tr("renaissance.part.status"))
    facts = [tr(R + "deck", count=view.draw_pile, discard=view.discard)]
    if view.last_turn:
        facts.append(tr(R + "last_turn"))
    if view.papal_ban:
        facts.append(tr(R + "papal_ban", category=tr(f"renaissance.category.{view.papal_ban}")))
    for line in _wrap(" · ".join(facts), _font(FLOOR), WIDTH - 40):
        _text(d, (20, y), line, width=WIDTH - 40)
        y += 38
    # players table, in order of play
    y += 6
    cols = [
        (92, R + "col.cash"),
        (252, R + "col.misery"),
        (412, R + "col.cards"),
        (572, R + "col.score"),
    ]
    for x, key in cols:
        _text(d, (x, y), tr(key), FLOOR, True, width=150)
    y += 42
    for p in rows:
        st = styles[p.seat]
        d.rounded_rectangle(
            (12, y - 4, WIDTH - 12, y + 84), radius=12, fill=kit.lighter(st.colour, 0.75)
        )
        kit.paste(img, _piece(st, 20, False, False), (46, y + 20))
        name = tr.name(p.seat)
        box = f" · {tr(R + 'box', box=p.box)}" if p.box else ""
        if p.last_token_bid is not None and view.phase not in ("setup", "bid"):
            box += f" · {tr(R + 'bid', amount=p.last_token_bid)}"
        flag = ""
        if p.eliminated:
            flag = tr("renaissance.score.chaos")
        elif view.phase in ("setup", "bid") and not p.submitted:
            flag = tr(R + "choosing")
        elif p.seat in view.acting:
            flag = tr(R + "to_act")
        flag_w = _font(FLOOR).getlength(kit.safe_text(flag)) if flag else 0.0
        flag_w = min(flag_w, 330.0)
        _text(d, (92, y + 20), name + box, FLOOR, True, anchor="lm", width=WIDTH - 130 - flag_w)
        if flag:
            _text(d, (WIDTH - 24, y + 20), flag, FLOOR, False, MARK, "rm", flag_w)
        misery = data().misery.boxes[min(p.misery, len(data().misery.boxes) - 1)]
        values = [f"${p.cash}", str(misery), str(p.hand_count), str(_score(p))]
        for (x, _k), v in zip(cols, values, strict=True):
            _text(d, (x, y + 60), v, FLOOR, False, anchor="lm")
        y += 92
        extra = tr(
            R + "pieces_line",
            stock=p.stock,
            expansion=p.expansion,
            markers=sum(1 for pr in view.provinces.values() if pr.dm == p.seat),
        )
        capital = _province(p.capital, tr) if p.capital else tr(R + "no_capital")
        _text(d, (40, y), f"{capital} · {extra}", width=WIDTH - 60)
        y += 42
    y = _misery_track(img, d, view, styles, tr, y + 10)
    y = _shipping(img, d, view, styles, tr, y + 10)
    return img.crop((0, 0, WIDTH, min(MAX_HEIGHT, y + 20)))


def draw_market(view: RenaissanceView, tr: Translate) -> Image.Image:
    styles = _styles(view)
    img = kit.new_canvas(WIDTH, MAX_HEIGHT)
    d = ImageDraw.Draw(img)
    y = _header(d, view, tr, tr("renaissance.part.market"))
    y = _commodities(img, d, view, styles, tr, y)
    y = _leaders(d, view, tr, y + 10)
    y = _map_key(img, d, view, tr, y + 10)
    return img.crop((0, 0, WIDTH, min(MAX_HEIGHT, y + 20)))


KEY_STYLE = kit.SeatStyle((150, 150, 150), "", "circle", "grey")


def _map_key(
    img: Image.Image, d: ImageDraw.ImageDraw, view: RenaissanceView, tr: Translate, y: int
) -> int:
    """How to read the map parts: the symbols, each with its words."""
    y = _section(d, y, tr(R + "key.title"))
    style = _styles(view)[view.players[0].seat] if view.players else KEY_STYLE
    rows = ("market", "satellite", "capital", "arrow", "marker", "token", "new", "out")
    for key in rows:
        cx, cy = 50, y + 22
        if key == "market":
            d.ellipse(
                (cx - 21, cy - 21, cx + 21, cy + 21), fill=kit.WHITE, outline=kit.INK, width=3
            )
            _text(d, (cx, cy + 1), "3", FLOOR, True, anchor="mm")
        elif key == "satellite":
            d.rectangle(
                (cx - 18, cy - 18, cx + 18, cy + 18), fill=(200, 200, 200), outline=kit.INK, width=3
            )
            _text(d, (cx, cy + 1), "1", FLOOR, True, anchor="mm")
        elif key == "capital":
            d.ellipse(
                (cx - 21, cy - 21, cx + 21, cy + 21), fill=kit.WHITE, outline=kit.INK, width=3
            )
            d.ellipse((cx - 27, cy - 27, cx + 27, cy + 27), outline=style.colour, width=6)
            _text(d, (cx, cy + 1), "5", FLOOR, True, anchor="mm")
        elif key == "arrow":
            arrow(d, (cx - 80, cy), (cx + 70, cy))
        elif key == "out":
            d.rounded_rectangle((cx - 34, cy - 26, cx + 34, cy + 26), radius=10, fill=OUT_OF_PLAY)
        else:
            d.rounded_rectangle((cx - 34, cy - 26, cx + 34, cy + 26), radius=10, fill=AREA_TINT[7])
            piece = _piece(style, 20 if key == "marker" else 18, key == "new", key == "marker")
            kit.paste(img, piece, (cx, cy))
        _text(d, (96, cy), tr(f"{R}key.{key}"), anchor="lm", width=WIDTH - 116)
        y += 52
    return y


def _section(d: ImageDraw.ImageDraw, y: int, title: str) -> int:
    d.line((12, y, WIDTH - 12, y), fill=kit.PANEL_EDGE, width=3)
    _text(d, (20, y + 10), title, 30, True, width=WIDTH - 40)
    return y + 52


def _misery_track(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    view: RenaissanceView,
    styles: dict[str, kit.SeatStyle],
    tr: Translate,
    y: int,
) -> int:
    y = _section(d, y, tr(R + "misery_track"))
    boxes = data().misery.boxes
    per_row, w, h = 7, 108, 92
    at: dict[int, list[str]] = {}
    for p in view.players:
        at.setdefault(min(p.misery, len(boxes) - 1), []).append(p.seat)
    for i, value in enumerate(boxes):
        x0 = 20 + (i % per_row) * w
        y0 = y + (i // per_row) * h
        here = at.get(i, [])
        fill = kit.lighter(MARK, 0.85) if i >= len(boxes) - 6 else kit.PANEL
        d.rounded_rectangle(
            (x0, y0, x0 + w - 8, y0 + h - 8), radius=8, fill=fill, outline=kit.PANEL_EDGE, width=2
        )
        _text(d, (x0 + (w - 8) / 2, y0 + 20), str(value), FLOOR, True, anchor="mm")
        _markers(img, [styles[seat] for seat in here], x0, y0 + 46)
    rows = (len(boxes) + per_row - 1) // per_row
    return y + rows * h


def _markers(img: Image.Image, styles: Sequence[kit.SeatStyle], x0: float, y0: float) -> None:
    """Small seat markers (colour and shape) in a track box: three a row, two rows."""
    for j, st in enumerate(styles[:6]):
        row, col = divmod(j, 3)
        kit.paste(img, kit.piece(st.shape, st.colour, 11), (x0 + 18 + col * 27, y0 + 2 + row * 23))


def _shipping(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    view: RenaissanceView,
    styles: dict[str, kit.SeatStyle],
    tr: Translate,
    y: int,
) -> int:
    y = _section(d, y, tr(R + "shipping"))
    for row in ("galley", "seaworthy", "ocean"):
        _text(d, (20, y + 26), tr(f"renaissance.ship.{row}"), FLOOR, True, anchor="lm", width=250)
        boxes = data().ships[row].boxes
        for i, value in enumerate(boxes):
            x0 = 280 + i * 100
            d.rounded_rectangle(
                (x0, y, x0 + 92, y + 86), radius=8, fill=kit.PANEL, outline=kit.PANEL_EDGE, width=2
            )
            _text(d, (x0 + 46, y + 20), str(value), FLOOR, True, anchor="mm")
            here = [p.seat for p in view.players if p.ship == row and p.ship_box == i]
            _markers(img, [styles[seat] for seat in here], x0, y + 46)
        y += 96
    return y


def _commodities(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    view: RenaissanceView,
    styles: dict[str, kit.SeatStyle],
    tr: Translate,
    y: int,
) -> int:
    y = _section(d, y, tr(R + "commodities"))
    for cid, com in data().commodities.items():
        n = view.markers.get(cid, 0)
        state = (
            tr(R + "shortage", count=n) if n > 0 else tr(R + "surplus", count=-n) if n < 0 else ""
        )
        # the colour that marks the commodity under its provinces on the map
        d.rectangle((20, y + 12, 40, y + 28), fill=COMMODITY[cid], outline=kit.INK, width=2)
        _text(
            d, (48, y + 20), tr(f"renaissance.commodity.{cid}"), FLOOR, True, anchor="lm", width=146
        )
        _text(d, (200, y + 20), f"${com.value}", anchor="lm")
        if state:
            _text(d, (290, y + 20), state, FLOOR, True, MARK, "lm", 220)
        x = 520
        for p in view.players:
            held = sum(
                1
                for pid in data().suppliers.get(cid, [])
                if (pr := view.provinces.get(pid)) is not None and pr.dm == p.seat
            )
            if held:
                kit.paste(img, _piece(styles[p.seat], 16, False, False), (x + 16, y + 20))
                _text(d, (x + 38, y + 20), str(held), FLOOR, True, anchor="lm")
                x += 72
        y += 44
    return y


def leader_lines(view: RenaissanceView, tr: Translate) -> list[str]:
    """The leaders played this turn (protection money, Patronage claims) and military cards."""
    sep = tr(R + "summary.list")
    lines = []
    for lp in view.leaders:
        line = tr(card_term_key(lp.card)) + ": " + tr.name(lp.seat)
        if lp.protection:
            line += " · " + tr(R + "protection", amount=lp.protection)
        if lp.claims:
            line += " · " + tr(R + "claims", names=sep.join(tr.name(c) for c in lp.claims))
        lines.append(line)
    lines += [
        tr(R + "military", seat=tr.name(seat), card=tr(card_term_key(card)))
        for seat, card in view.military
    ]
    return lines


def _leaders(d: ImageDraw.ImageDraw, view: RenaissanceView, tr: Translate, y: int) -> int:
    lines = [w for line in leader_lines(view, tr) for w in _wrap(line, _font(FLOOR), WIDTH - 40)]
    if not lines:
        return y
    y = _section(d, y, tr(R + "leaders"))
    for line in lines:
        _text(d, (20, y), line, width=WIDTH - 40)
        y += 40
    return y


# ---------------------------------------------------------------------------- advances


ADV_COL = 66  # width of one number column of the advances chart


def _advance_key(view: RenaissanceView, letter: str) -> str:
    if view.options.get("euro_jk_swap") and letter in ("J", "K"):
        letter = "K" if letter == "J" else "J"
    return f"renaissance.advance.{data().advances[letter].id}"


def draw_advances(view: RenaissanceView, tr: Translate) -> Image.Image:
    styles = _styles(view)
    seats = [p.seat for p in _player_rows(view)]
    held = {p.seat: set(p.advances) for p in view.players}
    col_w = 50
    x_players = WIDTH - 16 - col_w * len(seats)
    img = kit.new_canvas(WIDTH, MAX_HEIGHT)
    d = ImageDraw.Draw(img)
    y = _header(d, view, tr, tr("renaissance.part.advances"))
    for i, seat in enumerate(seats):
        kit.paste(
            img, _piece(styles[seat], 18, False, False), (x_players + col_w * i + col_w / 2, y + 14)
        )
    # AOR-D5 columns: cost (= points), credit to the category's other advances, misery relief
    # this turn, prerequisites (letters)
    columns = [x_players - 12 - ADV_COL * n for n in (3, 2, 1, 0)]
    credit_column = "credit_euro" if view.options.get("credit_table") == "euro" else "credit_ah"
    for x, key in zip(columns, ("cost", "credit", "relief", "needs"), strict=True):
        _text(d, (x, y + 14), tr(f"{R}advance_col.{key}"), FLOOR, True, kit.MUTED, "rm")
    y += 44
    by_cat = {c: [a for a in data().advances.values() if a.category == c] for c in CATEGORIES}
    for cat in CATEGORIES:
        d.rectangle((12, y, WIDTH - 12, y + 40), fill=(90, 80, 66))
        _text(d, (20, y + 20), tr(f"renaissance.category.{cat}"), FLOOR, True, kit.WHITE, "lm")
        y += 44
        for k, adv in enumerate(sorted(by_cat[cat], key=lambda a: a.letter)):
            if k % 2:
                d.rectangle((12, y, WIDTH - 12, y + 40), fill=(240, 234, 220))
            _text(d, (20, y + 20), adv.letter, FLOOR, True, anchor="lm")
            _text(
                d,
                (56, y + 20),
                tr(_advance_key(view, adv.letter)),
                anchor="lm",
                width=columns[0] - ADV_COL - 56,
            )
            needs = ",".join(adv.prerequisites) or "-"
            cells = (adv.cost, getattr(adv, credit_column) or "-", adv.misery_relief or "-", needs)
            for x, value in zip(columns, cells, strict=True):
                _text(d, (x, y + 20), str(value), anchor="rm")
            for i, seat in enumerate(seats):
                if adv.letter in held[seat]:
                    kit.paste(
                        img,
                        _piece(styles[seat], 16, False, False),
                        (x_players + col_w * i + col_w / 2, y + 20),
                    )
            y += 42
    y = _section(d, y + 10, tr(R + "advance_totals"))
    for seat in seats:
        kit.paste(img, _piece(styles[seat], 16, False, False), (40, y + 20))
        line = tr(
            R + "advance_total",
            name=tr.name(seat),
            count=len(held[seat]),
            points=sum(data().advances[a].cost for a in held[seat]),
            tier=_tier(held[seat]),
        )
        _text(d, (72, y + 20), line, anchor="lm", width=WIDTH - 90)
        y += 44
    return img.crop((0, 0, WIDTH, min(MAX_HEIGHT, y + 16)))


def _tier(held: set[str]) -> int:
    """AOR-R11a: the fewest advances held in any one category."""
    return min(sum(1 for a in held if data().advances[a].category == c) for c in CATEGORIES)


# -------------------------------------------------------------------------------- output


def _png(img: Image.Image) -> bytes:
    """A PNG in the game's fixed palette (``kit.encode_png_palette``)."""
    return kit.encode_png_palette(img, "renaissance")


def _draw_part(view: RenaissanceView, tr: Translate, part: str) -> Image.Image:
    if part in MAP_PARTS:
        return draw_map(view, tr, part)
    if part == "status":
        return draw_status(view, tr)
    if part == "market":
        return draw_market(view, tr)
    if part == "advances":
        return draw_advances(view, tr)
    raise KeyError(f"unknown board part {part!r}; parts: {', '.join(BOARD_PARTS)}")


def seat_styles(view: View) -> dict[str, kit.SeatStyle]:
    """Each seat's colour, letter and shape as the board draws them (the score chart's)."""
    assert isinstance(view, RenaissanceView)
    return _styles(view)


def part_caption(view: View, tr: Translate, part: str) -> tuple[str, str]:
    """The file name and summary of board part ``part`` (``render.part_caption``)."""
    return f"renaissance-{part}.png", part_summary(_as_view(view), tr, part)


def render_board_part(view: View, tr: Translate, part: str) -> RenderedImage:
    v = _as_view(view)
    img = _draw_part(v, tr, part)
    filename, summary = part_caption(v, tr, part)
    return RenderedImage(png=_png(img), filename=filename, summary=summary)


def render_board(view: View, tr: Translate) -> RenderedImage:
    return render_board_part(view, tr, BOARD_PARTS[0])


# ------------------------------------------------------------------------------ summary


def _who(seat: str, styles: dict[str, kit.SeatStyle], tr: Translate) -> str:
    return tr(R + "summary.who", name=tr.name(seat), colour=_colour_word(styles[seat], tr))


def _province_line(view: RenaissanceView, pid: str, tr: Translate) -> str | None:
    prov = view.provinces.get(pid)
    if prov is None:
        return None
    parts = []
    if prov.dm is not None:
        parts.append(tr(R + "summary.dm", name=tr.name(prov.dm)))
    for seat, n in sorted(prov.tokens.items()):
        if n > 0:
            parts.append(tr(R + "summary.tokens", count=n, name=tr.name(seat)))
    if not parts:
        return None
    return tr(
        R + "summary.province",
        province=_province(pid, tr),
        pieces=tr(R + "summary.and").join(parts),
    )


def part_summary(view: RenaissanceView, tr: Translate, part: str) -> str:
    styles = _styles(view)
    head = tr(
        R + "turn_line",
        turn=view.turn,
        epoch=view.epoch,
        phase=tr(f"renaissance.phase.{view.phase}"),
    )
    lines = [tr(f"renaissance.part.{part}") + ": " + head]
    if part in MAP_PARTS:
        lines.append(
            tr(
                R + "summary.provinces",
                list=tr(R + "summary.list").join(_province(pid, tr) for pid in part_ids(part)),
            )
        )
        for pid in part_ids(part):
            line = _province_line(view, pid, tr)
            if line:
                lines.append(line)
        if len(lines) == 2:
            lines.append(tr(R + "summary.empty"))
        playing = _areas_in_play(view)
        out = [tr(f"renaissance.area.{a}") for a in _part_areas(part) if a not in playing]
        if out:
            lines.append(tr(R + "summary.out", areas=tr(R + "summary.list").join(out)))
        for p in view.players:
            if p.capital and part_of(p.capital) == part:
                lines.append(
                    tr(
                        R + "summary.capital",
                        name=_who(p.seat, styles, tr),
                        capital=_province(p.capital, tr),
                    )
                )
    elif part == "market":
        for cid, n in sorted(view.markers.items()):
            if n:
                word = tr(R + "shortage", count=n) if n > 0 else tr(R + "surplus", count=-n)
                lines.append(f"{tr(f'renaissance.commodity.{cid}')}: {word}")
        lines.extend(leader_lines(view, tr))
    elif part == "status":
        for p in _player_rows(view):
            misery = data().misery.boxes[min(p.misery, len(data().misery.boxes) - 1)]
            lines.append(
                tr(
                    R + "summary.player",
                    name=_who(p.seat, styles, tr),
                    cash=p.cash,
                    misery=misery,
                    cards=p.hand_count,
                    score=_score(p),
                    ship=tr(f"renaissance.ship.{p.ship}"),
                )
            )
            if view.phase in ("setup", "bid") and not p.submitted:
                lines.append(tr(R + "summary.choosing", name=tr.name(p.seat)))
    else:
        for p in _player_rows(view):
            names = [tr(_advance_key(view, a)) for a in sorted(p.advances)]
            lines.append(
                tr(
                    R + "summary.advances",
                    name=_who(p.seat, styles, tr),
                    count=len(names),
                    list=tr(R + "summary.list").join(names) or "-",
                )
            )
            held = set(p.advances)
            lines.append(
                tr(
                    R + "advance_total",
                    name=tr.name(p.seat),
                    count=len(held),
                    points=sum(data().advances[a].cost for a in held),
                    tier=_tier(held),
                )
            )
    return "\n".join(lines)


# ------------------------------------------------------------------------------ private


def _card_lines(view: RenaissanceView, card: str, tr: Translate) -> tuple[str, str]:
    """A card's name and its text (kind, epoch, discounts, commodities, event effect)."""
    return tr(card_term_key(card)), tr.text(cardtext.card_detail(card))


def _private_lines(view: RenaissanceView, me: PlayerView, tr: Translate) -> list[tuple[str, bool]]:
    out: list[tuple[str, bool]] = [(tr(R + "private.cash", cash=me.cash), False)]
    if view.phase == "setup":
        if me.returned:
            out.append((tr(R + "private.returned", card=tr(card_term_key(me.returned))), False))
        ranking = tr(R + "summary.list").join(_province(c, tr) for c in me.ranking or [])
        out.append((tr(R + "private.ranking", list=ranking or "-"), False))
        bid = tr(R + "private.not_chosen") if me.capital_bid is None else f"${me.capital_bid}"
        out.append((tr(R + "private.capital_bid", bid=bid), True))
    if view.phase == "bid":
        bid = tr(R + "private.not_chosen") if me.token_bid is None else str(me.token_bid)
        out.append((tr(R + "private.token_bid", bid=bid), True))
    return out


def _card_row(d: ImageDraw.ImageDraw, y: int, name: str, detail: str) -> int:
    """A card's panel: its name, then its whole text on as many lines as it takes."""
    lines = _wrap(detail, _font(FLOOR), WIDTH - 52)
    height = 46 + 38 * len(lines)
    d.rounded_rectangle(
        (12, y, WIDTH - 12, y + height), radius=10, fill=kit.PANEL, outline=kit.PANEL_EDGE, width=2
    )
    _text(d, (26, y + 22), name, FLOOR, True, anchor="lm", width=WIDTH - 52)
    for i, line in enumerate(lines):
        _text(d, (26, y + 60 + 38 * i), line, FLOOR, False, kit.MUTED, "lm", WIDTH - 52)
    return y + height + 8


def render_private(view: View, tr: Translate) -> RenderedImage | None:
    v = _as_view(view)
    me = next((p for p in v.players if p.seat == v.viewer), None)
    if me is None:
        return None
    hand = list(me.hand or [])
    lines = _private_lines(v, me, tr)
    img = kit.new_canvas(WIDTH, MAX_HEIGHT)
    d = ImageDraw.Draw(img)
    y = _header(d, v, tr, tr(R + "private.title", name=tr.name(me.seat)), reserve=90)
    kit.paste(img, _piece(_styles(v)[me.seat], 24, False, False), (WIDTH - 50, 50))
    for text, bold in lines:
        _text(d, (20, y), text, FLOOR, bold, width=WIDTH - 40)
        y += 42
    summary = [tr(R + "private.title", name=tr.name(me.seat)), *(t for t, _b in lines)]
    dealt = list(me.dealt or []) if v.phase == "setup" else []
    if dealt:
        # AOR-R11: the three dealt cards, one of which goes back (secretly)
        y = _section(d, y + 6, tr(R + "private.dealt_title"))
        summary.append(tr(R + "private.dealt_title"))
        for card in dealt:
            name, detail = _card_lines(v, card, tr)
            if card == me.returned:
                detail = tr(R + "private.given_back") + " · " + detail
            y = _card_row(d, y, name, detail)
            summary.append(f"{name}: {detail}")
    y = _section(d, y + 6, tr(R + "private.hand", count=len(hand)))
    summary.append(tr(R + "private.hand", count=len(hand)))
    for card in hand[:16]:
        name, detail = _card_lines(v, card, tr)
        y = _card_row(d, y, name, detail)
        summary.append(f"{name}: {detail}")
    if not hand:
        _text(d, (20, y), tr(R + "private.no_cards"))
        y += 42
        summary.append(tr(R + "private.no_cards"))
    img = img.crop((0, 0, WIDTH, min(MAX_HEIGHT, y + 16)))
    return RenderedImage(png=_png(img), filename="renaissance-hand.png", summary="\n".join(summary))


# ------------------------------------------------------------------------------ choices


def _place_name(anchor: str, tr: Translate) -> str:
    if anchor.startswith(AREA_PREFIX):
        return tr(f"renaissance.area.{anchor[len(AREA_PREFIX) :]}")
    return _province(anchor, tr)


def choice_legend(marks: Marks, tr: Translate) -> list[tuple[list[int], str]]:
    """Numbers grouped by place, in the order of their first number."""
    grouped: dict[str, list[int]] = {}
    for n, anchor in marks:
        grouped.setdefault(anchor, []).append(n)
    return [(nums, _place_name(anchor, tr)) for anchor, nums in grouped.items()]


def render_choices(view: View, tr: Translate, marks: Marks) -> RenderedImage | None:
    """The map zoomed to the marked places (their numbers beside them, never over a printed
    number or name) above a legend "number: place"; ``None`` if no mark has a place."""
    v = _as_view(view)
    legend = choice_legend(marks, tr)
    grouped: dict[str, list[int]] = {}
    for n, anchor in marks:
        grouped.setdefault(anchor, []).append(n)
    placed = [(nums, anchor) for anchor, nums in grouped.items() if anchor_lonlat(anchor)]
    drawn = choice_map(v, tr, placed, tr(R + "choices_title"))
    if drawn is None:
        return None
    pieces: list[Image.Image] = [drawn[0]]
    lines = [
        tr(
            R + "choice_line",
            numbers=tr(R + "summary.list").join(str(n) for n in nums),
            place=place,
        )
        for nums, place in legend
    ]
    widest = max(_font(FLOOR).getlength(kit.safe_text(line)) for line in lines)
    columns = 3 if widest <= 236 else 2 if widest <= 370 else 1
    per_col = (len(lines) + columns - 1) // columns
    col_w = (WIDTH - 40) // columns
    leg = kit.new_canvas(WIDTH, 30 + 40 * max(1, per_col))
    ld = ImageDraw.Draw(leg)
    for i, line in enumerate(lines):
        col, row = divmod(i, per_col)
        _text(ld, (20 + col * col_w, 16 + row * 40), line, width=col_w - 10)
    pieces.append(leg)
    img = kit.stack(pieces, gap=0)
    if img.height > MAX_HEIGHT:
        img = img.crop((0, 0, img.width, MAX_HEIGHT))
    summary = tr(R + "choices_title") + "\n" + "\n".join(lines)
    return RenderedImage(png=_png(img), filename="renaissance-choices.png", summary=summary)


__all__ = [
    "BOARD_PARTS",
    "choice_legend",
    "draw_map",
    "part_caption",
    "part_inputs",
    "part_summary",
    "private_inputs",
    "render_board",
    "render_board_part",
    "render_choices",
    "render_private",
]
