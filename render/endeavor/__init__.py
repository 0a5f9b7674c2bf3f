"""Endeavor: Age of Sail images, drawn only from ``EndeavorView``.

The board is drawn in three phone-sized parts (``BOARD_PARTS``): the world ``map`` (areas
open or closed, shipping tracks, open seas, cities and fleets with discs, links, trade tokens,
deck tops, governors, the discard pile; channel posts carry it), the player ``mats`` (tracks,
shore buildings with discs, harbour, cards, governor slot) and the building ``tray``. Every
text is at least 14 px when the whole image is shown 400 px wide. ``render_choices`` marks
numbered spatial choices (anchors from ``rules.endeavor.anchors``) on the map panels they
concern. Endeavor is open information (END-R110), so there is no private image. Every word
comes from the reader's ``Translate``. Images are encoded as 256-colour PNGs.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render import RenderedImage, Translate, kit
from render.endeavor.board import (
    MAP_W,
    TEXT,
    draw_map,
    graph_layout,
    mark_choices,
    place_name,
)
from render.endeavor.common import (
    ATTRS,
    SEA_BG,
    SILENT_FLEET_STYLE,
    R,
    as_endeavor,
    font,
    seat_name,
    styles_of,
)
from render.endeavor.common import (
    style as style_of,
)
from render.endeavor.inputs import part_inputs
from render.endeavor.mats import draw_mats, draw_tray, honour_spaces
from rules.core import View, term
from rules.endeavor.view import EndeavorView

BOARD_PARTS = ("map", "mats", "tray")

__all__ = [
    "BOARD_PARTS",
    "board_summary",
    "draw_board",
    "graph_layout",
    "honour_spaces",
    "part_caption",
    "part_inputs",
    "render_board",
    "render_board_part",
    "render_choices",
    "render_private",
]


def _mark(st: kit.SeatStyle, tr: Translate) -> str:
    """The seat letter after a colour word in text (English; Korean text names the colour)."""
    return tr(f"{R}mark.{st.letter}")


def draw_part(view: EndeavorView, tr: Translate, part: str) -> Image.Image:
    styles = styles_of(view)
    if part == "map":
        return draw_map(view, tr, styles)[0]
    if part == "mats":
        return draw_mats(view, tr, styles)
    if part == "tray":
        return draw_tray(view, tr)
    raise ValueError(f"unknown Endeavor board part {part!r}; parts: {', '.join(BOARD_PARTS)}")


def draw_board(view: EndeavorView, tr: Translate) -> Image.Image:
    """The first part (the world map), as channel posts carry it."""
    return draw_part(view, tr, BOARD_PARTS[0])


def board_summary(view: EndeavorView, tr: Translate) -> str:
    """The image's text for people who cannot see it, in the reader's language."""
    styles = styles_of(view)
    sep = tr("core.list_separator")

    def who(seat: str) -> str:
        st = style_of(styles, seat)
        colour = tr(f"core.colour.{st.name}")
        return tr(R + "summary.who", name=seat_name(seat, tr), style=colour + _mark(st, tr))

    lines: list[str] = []
    if view.over:
        lines.append(tr(R + "summary.over"))
    else:
        lines.append(
            tr(
                R + "summary.head",
                round=view.round,
                rounds=view.rounds,
                phase=tr(f"endeavor.phase.{view.phase}"),
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


def _filename(view: EndeavorView, part: str) -> str:
    when = "final" if view.over else f"round{view.round}"
    return f"endeavor-{part}-{when}.png"


def _part_summary(view: EndeavorView, tr: Translate, part: str) -> str:
    summary = board_summary(view, tr)
    if part == "map":
        return summary
    return tr(R + "summary.part", part=tr(f"endeavor.part.{part}")) + "\n" + summary


def seat_styles(view: View) -> dict[str, kit.SeatStyle]:
    """Each seat's colour, letter and shape as the board draws them (the score chart's)."""
    assert isinstance(view, EndeavorView)
    return styles_of(view)


def part_caption(view: View, tr: Translate, part: str) -> tuple[str, str]:
    """The file name and summary of board part ``part`` (``render.part_caption``)."""
    v = as_endeavor(view)
    return _filename(v, part), _part_summary(v, tr, part)


def render_board_part(view: View, tr: Translate, part: str) -> RenderedImage:
    v = as_endeavor(view)
    img = draw_part(v, tr, part)
    filename, summary = part_caption(v, tr, part)
    return RenderedImage(
        png=kit.encode_png_palette(img, "endeavor"), filename=filename, summary=summary
    )


def render_board(view: View, tr: Translate) -> RenderedImage:
    return render_board_part(view, tr, BOARD_PARTS[0])


def choices_summary(view: EndeavorView, tr: Translate, marks: Sequence[tuple[int, str]]) -> str:
    """Every number with the place it marks, in the reader's language ("1: London, 2: ...")."""
    items = [tr(R + "choice", number=n, place=place_name(view, a, tr)) for n, a in marks]
    return tr(R + "choices", items=tr("core.list_separator").join(items))


LEGEND_GAP = 6


def render_choices(
    view: View, tr: Translate, marks: Sequence[tuple[int, str]]
) -> RenderedImage | None:
    """The map panels holding the marks (only those), each choice's number drawn at its
    place, and a legend below them ("1 London  2 Paris")."""
    v = as_endeavor(view)
    img, geo = draw_map(v, tr, styles_of(v))
    drawable = [(n, a) for n, a in marks if geo.anchor(a) is not None]
    if not drawable:
        return None
    spans = mark_choices(img, geo, drawable) or [(0, img.height)]
    panels = [
        img.crop((0, max(0, top - 4), MAP_W, min(img.height, bottom + 4))) for top, bottom in spans
    ]
    crop = Image.new("RGB", (MAP_W, sum(p.height for p in panels)), SEA_BG)
    y0 = 0
    for panel in panels:
        crop.paste(panel, (0, y0))
        y0 += panel.height
    fnt = font(TEXT + 2, True)
    entries = [f"{n} {place_name(v, a, tr)}" for n, a in drawable]
    lines: list[str] = []
    for entry in entries:
        entry = kit.shorten(entry, MAP_W - 24, fnt)
        if lines and fnt.getlength(lines[-1] + "   " + entry) <= MAP_W - 24:
            lines[-1] += "   " + entry
        else:
            lines.append(entry)
    line_h = TEXT + 12
    out = Image.new("RGB", (MAP_W, crop.height + LEGEND_GAP + line_h * len(lines) + 8), kit.PAPER)
    out.paste(crop, (0, 0))
    d = ImageDraw.Draw(out)
    y = crop.height + LEGEND_GAP + line_h / 2
    for line in lines:
        kit.label(d, (12, y), line, fnt, anchor="lm")
        y += line_h
    return RenderedImage(
        png=kit.encode_png_palette(out, "endeavor"),
        filename="endeavor-choices.png",
        summary=choices_summary(v, tr, drawable),
    )


def render_private(view: View, tr: Translate) -> RenderedImage | None:
    """Endeavor is open information (END-R110, R112): there is no private image."""
    as_endeavor(view)
    return None
