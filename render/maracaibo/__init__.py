"""Maracaibo images, drawn only from ``MaracaiboView``.

The board comes in four phone-sized parts (``BOARD_PARTS``): the ``map`` (the Caribbean on
real geography: places, the route and its forks, ships, markets, ownership markers, quests,
assistants, legacy tiles; channel posts carry it), the ``tracks`` (explorer track, influence, income and
VP, the display, prestige buildings, piles, Jean's board in solo) and the ``ships`` (each
player's ship board) and the ``route`` (a compact schematic of the route with the Silver
Fleet). ``render_private`` draws the seat's hand and private choices;
``render_choices`` numbers spatial choices (anchors from ``rules.maracaibo.anchors``) on the
map zoomed to them (each number beside its place) or on the explorer track. Every image is 760 px wide with text of at least 27 px (14 px at
400 px wide) and every word comes from the reader's ``Translate``. Hidden things (hands,
career choices, deck order) are not in the public view, so they cannot be drawn.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render import RenderedImage, Translate, kit
from render.maracaibo.board import (
    FLEET_RING,
    GEO_NODE,
    anchor_name,
    anchor_point,
    draw_fleet_panel,
    draw_geo_map,
    draw_geo_panel,
    draw_map,
    geo_points,
    geo_zoom,
)
from render.maracaibo.common import (
    NATIONS,
    WIDTH,
    R,
    as_view,
    digits,
    encode,
    header_band,
    seat_name,
    seat_tag,
    styles_of,
)
from render.maracaibo.inputs import part_inputs, private_inputs
from render.maracaibo.parts import (
    EXPLORER_SPACE,
    combat_line,
    draw_explorer,
    draw_private,
    draw_ships,
    draw_tracks,
    explorer_height,
    explorer_point,
    private_entries,
    private_lines,
    setup_hint,
)
from rules.core import View
from rules.maracaibo.view import MaracaiboView

BOARD_PARTS = ("map", "tracks", "ships", "route")
MAX_HEIGHT = 2000

__all__ = [
    "BOARD_PARTS",
    "anchor_drawable",
    "board_summary",
    "part_caption",
    "part_inputs",
    "private_inputs",
    "render_board",
    "render_board_part",
    "render_choices",
    "render_private",
]


def _status(view: MaracaiboView, tr: Translate) -> str:
    if view.phase == "over":
        return tr(R + "status_over")
    if view.phase == "setup":
        return tr(R + "status_setup", round=view.round)
    if view.phase == "scoring":
        return tr(R + "status_scoring", round=view.round)
    return tr(R + "status_turn", round=view.round, name=seat_name(view.active, tr))


def _picture_status(view: MaracaiboView, tr: Translate) -> str:
    """The status a part's header band shows: the round or the phase, never who acts (the
    post's text and the part's caption say that), so a part the turn did not change keeps
    its picture (``render.maracaibo.inputs``)."""
    if view.phase in ("over", "setup", "scoring"):
        return _status(view, tr)
    return tr(R + "status_round", round=view.round)


def _title(view: MaracaiboView, tr: Translate, part: str) -> str:
    return tr(R + "title", part=tr(f"maracaibo.part.{part}"), status=_picture_status(view, tr))


def board_summary(view: MaracaiboView, tr: Translate, part: str = "map") -> str:
    """What the part shows, in words (for people who cannot see the image)."""
    styles = styles_of(view)
    seats = list(view.players) + (["jean"] if view.jean is not None else [])
    out = [tr(R + "summary_head", part=tr(f"maracaibo.part.{part}"), status=_status(view, tr))]
    if part in ("map", "route"):
        ships = [
            tr(
                R + "summary_ship",
                seat=seat_tag(s, styles, tr),
                location=tr(f"maracaibo.loc.{_ship(view, s)}"),
            )
            for s in seats
        ]
        out.append(tr(R + "summary_ships", ships=", ".join(ships)))
        markers = [
            tr(
                R + "summary_marker",
                nation=tr(f"maracaibo.nation.{n}"),
                location=tr(f"maracaibo.loc.{loc}"),
            )
            for loc, n in sorted(view.board.markers.items())
            if ":" not in loc and n in NATIONS
        ]
        if markers:
            out.append(tr(R + "summary_markers", markers=", ".join(markers)))
        helpers = [
            tr(
                R + "summary_assistant",
                seat=seat_tag(a.seat, styles, tr),
                location=tr(f"maracaibo.loc.{a.location}"),
            )
            for a in view.board.assistants
        ]
        if helpers:
            out.append(tr(R + "summary_assistants", items=", ".join(helpers)))
        delivered = [
            tr(
                R + "summary_market",
                location=tr(f"maracaibo.loc.{loc}"),
                seats=", ".join(seat_name(s, tr) for s in spaces if s),
            )
            for loc, spaces in sorted(view.board.markets.items())
            if any(spaces)
        ]
        if delivered:
            out.append(tr(R + "summary_markets", items="; ".join(delivered)))
        tiles = [
            tr(
                R + "summary_market",
                location=tr(f"maracaibo.loc.{loc}"),
                seats=tr(R + "city_tile", number=digits(tile)),
            )
            for loc, tile in sorted(view.board.city_tiles.items())
        ]
        if tiles:
            out.append(tr(R + "summary_city_tiles", items=", ".join(tiles)))
        quests = sum(len(q) for q in view.board.quests.values())
        out.append(tr(R + "summary_quests", count=quests))
    elif part == "tracks":
        for s in seats:
            if s == "jean" and view.jean is not None:
                vp, inf, space = view.jean.vp, view.jean.influence, view.jean.explorer
                income = ""
            else:
                p = view.players[s]
                vp, inf, space = p.vp, p.influence, p.explorer
                income = tr(R + "summary_income", d=p.inc_d, vp=p.inc_vp)
            influence = ", ".join(
                tr(R + "summary_inf", nation=tr(f"maracaibo.nation.{n}"), count=inf.get(n, 0))
                for n in NATIONS
            )
            out.append(
                tr(
                    R + "summary_track",
                    seat=seat_tag(s, styles, tr),
                    vp=vp,
                    influence=influence,
                    space=tr(f"maracaibo.space.{space}"),
                    income=income,
                )
            )
        out.append(tr(R + "summary_display", count=len([c for c in view.board.display if c])))
        combat = combat_line(view, tr)
        if combat:
            out.append(combat + ".")
    else:
        for s, p in view.players.items():
            out.append(
                tr(
                    R + "summary_ship_board",
                    seat=seat_tag(s, styles, tr),
                    vp=p.vp,
                    doubloons=p.doubloons,
                    cp=p.cp,
                    hand=p.hand_count,
                    done=sum(1 for n in p.discs.values() if n == 0),
                    tableau=len(p.tableau),
                    plan=len(p.plan),
                )
            )
    return tr(R + "summary_join", parts=" ".join(out))


def _ship(view: MaracaiboView, seat: str) -> str:
    if seat == "jean" and view.jean is not None:
        return view.jean.ship
    return view.players[seat].ship


def _draw(view: MaracaiboView, tr: Translate, part: str) -> Image.Image:
    title = _title(view, tr, part)
    if part == "map":
        return draw_geo_map(view, tr, title)[0]
    if part == "route":
        return draw_map(view, tr, title)
    if part == "tracks":
        return draw_tracks(view, tr, title)
    if part == "ships":
        return draw_ships(view, tr, title)
    raise KeyError(f"no Maracaibo board part {part!r}; parts: {', '.join(BOARD_PARTS)}")


def seat_styles(view: View) -> dict[str, kit.SeatStyle]:
    """Each seat's colour, letter and shape as the board draws them (the score chart's)."""
    assert isinstance(view, MaracaiboView)
    return styles_of(view)


def part_caption(view: View, tr: Translate, part: str) -> tuple[str, str]:
    """The file name and summary of board part ``part`` (``render.part_caption``)."""
    return f"maracaibo-{part}.png", board_summary(as_view(view), tr, part)


def render_board_part(view: View, tr: Translate, part: str) -> RenderedImage:
    v = as_view(view)
    img = _draw(v, tr, part)
    filename, summary = part_caption(v, tr, part)
    return RenderedImage(png=encode(img), filename=filename, summary=summary)


def render_board(view: View, tr: Translate) -> RenderedImage:
    return render_board_part(view, tr, BOARD_PARTS[0])


def render_private(view: View, tr: Translate) -> RenderedImage | None:
    v = as_view(view)
    if v.viewer is None or v.you is None:
        return None
    title = tr(R + "private_title", name=seat_name(v.viewer, tr))
    sections = private_entries(v, tr)  # worded once, for the picture and its summary
    img = draw_private(v, tr, title, sections)
    parts = [
        tr(R + "summary_section", caption=caption, items=", ".join(items) or tr(R + "none"))
        for caption, items in private_lines(v, tr, sections)
    ]
    hint = " ".join(setup_hint(v, tr))
    summary = tr(
        R + "summary_join", parts=" ".join([title + ".", *([hint] if hint else []), *parts])
    )
    return RenderedImage(png=encode(img), filename="maracaibo-private.png", summary=summary)


# ---------------------------------------------------------------------------- choices


def anchor_drawable(view: View, anchor: str) -> bool:
    """Whether ``render_choices`` can place a number at ``anchor`` for this view."""
    v = as_view(view)
    kind, _, ident = anchor.partition(":")
    if kind == "space":
        return explorer_point(ident, 0) is not None
    if kind == "fleet":
        return anchor_point(v, anchor) is not None
    return _geo_anchor(v, anchor) is not None


MARK_TEXT = 38  # a choice number: about 20 px tall when the picture is shown 400 px wide
TRACK_ROW = 150
"""Rows of the explorer track in its choice picture: room for a number above or below each
space (the track part draws them 80 px apart)."""
CONTEXT = 40
"""Board kept around the marks when a choice picture is cropped to them."""


def _geo_anchor(view: MaracaiboView, anchor: str) -> str | None:
    """The location a ``loc:`` or ``legacy:`` anchor marks on the Caribbean map."""
    kind, _, ident = anchor.partition(":")
    loc = ident if kind == "loc" else view.legacy_tiles.get(ident) if kind == "legacy" else None
    return loc if loc is not None and loc in geo_points() else None


def _crop_to(img: Image.Image, top: int, boxes: list[kit.Box]) -> Image.Image:
    """The header band (``top`` px) over the rows the marks' ``boxes`` span, with context."""
    upper = max(top, round(min(b[1] for b in boxes)) - CONTEXT)
    lower = min(img.height, round(max(b[3] for b in boxes)) + CONTEXT)
    if upper <= top and lower >= img.height:
        return img
    out = Image.new("RGB", (img.width, top + lower - upper), kit.PAPER)
    out.paste(img.crop((0, 0, img.width, top)), (0, 0))
    out.paste(img.crop((0, upper, img.width, lower)), (0, top))
    return out


def _track_choices(
    view: MaracaiboView, tr: Translate, marks: Sequence[tuple[int, str]]
) -> Image.Image | None:
    """The explorer track with rows set apart, each number beside the space it means."""
    img = Image.new("RGB", (WIDTH, 60 + explorer_height(TRACK_ROW) + 10), kit.PAPER)
    d = ImageDraw.Draw(img)
    top = header_band(img, d, tr(R + "choices_track"))
    placer = kit.Placer(WIDTH, img.height, top)
    draw_explorer(img, d, view, top + 4, tr, TRACK_ROW, placer)
    grouped: dict[tuple[int, int], list[int]] = {}
    for n, a in marks:
        point = explorer_point(a.partition(":")[2], top + 4, TRACK_ROW)
        if point is None:
            return None
        grouped.setdefault(point, []).append(n)
    boxes = kit.mark_choices(
        img,
        placer,
        [kit.Mark(",".join(map(str, ns)), at, EXPLORER_SPACE) for at, ns in grouped.items()],
        MARK_TEXT,
    )
    return _crop_to(img, top, boxes)


def _fleet_choices(
    view: MaracaiboView, tr: Translate, marks: Sequence[tuple[int, str]]
) -> Image.Image | None:
    """The Silver Fleet spaces, each number beside the space it means (never over the
    printed strength)."""
    img, placer, points = draw_fleet_panel(view, tr, tr(R + "choices_title"))
    grouped: dict[str, list[int]] = {}
    for n, a in marks:
        space = a.partition(":")[2]
        if space not in points:
            return None
        grouped.setdefault(space, []).append(n)
    kit.mark_choices(
        img,
        placer,
        [kit.Mark(",".join(map(str, ns)), points[sp], FLEET_RING) for sp, ns in grouped.items()],
        MARK_TEXT,
    )
    return img


def _map_choices(
    view: MaracaiboView, tr: Translate, marks: Sequence[tuple[int, str]]
) -> Image.Image | None:
    """The Caribbean map zoomed to the marked places, each number beside its place."""
    places = {a: _geo_anchor(view, a) for _n, a in marks}
    if not all(places.values()):
        return None
    where = geo_points()
    port = geo_zoom([where[loc] for loc in places.values() if loc])
    img, placer, nodes = draw_geo_panel(view, tr, port, tr(R + "choices_title"), None)
    grouped: dict[str, list[int]] = {}
    for n, a in marks:
        grouped.setdefault(places[a] or "", []).append(n)
    marks_at = [
        kit.Mark(",".join(str(n) for n in nums), nodes[loc], GEO_NODE)
        for loc, nums in grouped.items()
        if loc in nodes
    ]
    kit.mark_choices(img, placer, marks_at, MARK_TEXT)
    return img


def render_choices(
    view: View, tr: Translate, marks: Sequence[tuple[int, str]]
) -> RenderedImage | None:
    """The map zoomed to the marked places, the Silver Fleet, and the explorer track (those
    the marks point at, one under another), each mark's number beside the place it means, and
    a legend "number: place" in the summary. ``None`` if an anchor is not drawable."""
    v = as_view(view)
    kinds: dict[str, list[tuple[int, str]]] = {"map": [], "fleet": [], "space": []}
    for n, a in marks:
        kind = a.partition(":")[0]
        kinds[kind if kind in ("fleet", "space") else "map"].append((n, a))
    draws = (
        (_map_choices, kinds["map"]),
        (_fleet_choices, kinds["fleet"]),
        (_track_choices, kinds["space"]),
    )
    images: list[Image.Image] = []
    for draw, some in draws:
        if not some:
            continue
        img = draw(v, tr, some)
        if img is None:
            return None
        images.append(img)
    if not images:
        return None
    while len(images) > 1 and sum(i.height + 12 for i in images) - 12 > MAX_HEIGHT:
        tallest = max(range(len(images)), key=lambda i: images[i].height)
        extra = sum(i.height + 12 for i in images) - 12 - MAX_HEIGHT
        im = images[tallest]
        images[tallest] = im.crop((0, 0, im.width, max(200, im.height - extra)))
    picture = images[0] if len(images) == 1 else kit.stack(images, gap=12)
    legend = ", ".join(
        tr(R + "choice_item", number=n, place=anchor_name(v, a, tr)) for n, a in marks
    )
    summary = tr(R + "choices_summary", items=legend)
    return RenderedImage(png=encode(picture), filename="maracaibo-choices.png", summary=summary)
