"""The chart of how a game went: each seat's score round by round, a line per seat.

Drawn from a ``rules.core.score_track.ScoreTrack`` (the replayed log) with the seats' colours,
letters and shapes as the game's board draws them (the renderer's ``seat_styles(view)`` when
it has one), within the image limits; the summary says the same in words.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence

from PIL import ImageDraw

from render import RenderedImage, Translate, kit
from rules.core import View
from rules.core.score_track import ScoreTrack
from rules.registry import GAMES

WIDTH = 1000
PLOT_HEIGHT = 460
LEFT, RIGHT, TOP = 90, 40, 80
LEGEND_ROW = 44
MAX_LABELS = 12


def chart_styles(view: View, seats: Sequence[str]) -> dict[str, kit.SeatStyle]:
    """The seats' styles as the game's board draws them; seats it does not style (or a game
    whose renderer offers none) get the kit's styles in seat order."""
    fallback = kit.styles_for(seats)
    spec = GAMES.get(view.game)
    styled = getattr(importlib.import_module(spec.renderer), "seat_styles", None) if spec else None
    if styled is None:
        return fallback
    own: dict[str, kit.SeatStyle] = styled(view)
    return {seat: own.get(seat, fallback[seat]) for seat in seats}


def _ticks(low: int, high: int) -> list[int]:
    span = max(1, high - low)
    step = 1
    for candidate in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        step = candidate
        if span / candidate <= 8:
            break
    first = (low // step) * step
    return list(range(first, high + step, step))


def round_label(track: ScoreTrack, index: int, tr: Translate) -> str:
    return tr("core.chart.start") if index == 0 else str(track.rounds[index])


def summary_of(track: ScoreTrack, tr: Translate, title: str) -> str:
    """The chart in words: each seat's score at every point, start to end."""
    lines = [title]
    for seat in track.seats:
        values = " → ".join(str(v) for v in track.totals[seat])
        lines.append(tr("core.chart.seat_line", name=tr.name(seat), values=values))
    return "\n".join(lines)


def render_score_chart(
    track: ScoreTrack, view: View, tr: Translate, title: str, axis: str
) -> RenderedImage:
    """The chart of ``track`` for the game ``view`` shows (its public view), titled ``title``,
    with ``axis`` naming its rounds."""
    styles = chart_styles(view, track.seats)
    points = len(track.rounds)
    height = TOP + PLOT_HEIGHT + 70 + LEGEND_ROW * len(track.seats) + 20
    image = kit.new_canvas(WIDTH, height)
    draw = ImageDraw.Draw(image)
    draw.text((LEFT, 24), kit.safe_text(title), font=kit.font(30, bold=True), fill=kit.INK)

    values = [v for seat in track.seats for v in track.totals[seat]] or [0]
    ticks = _ticks(min(0, min(values)), max(1, max(values)))
    low, high = ticks[0], ticks[-1]
    plot = (LEFT, TOP, WIDTH - RIGHT, TOP + PLOT_HEIGHT)

    def x_of(i: int) -> float:
        return plot[0] + (plot[2] - plot[0]) * (i / max(1, points - 1))

    def y_of(v: int) -> float:
        return plot[3] - (plot[3] - plot[1]) * ((v - low) / max(1, high - low))

    small = kit.font(20)
    for tick in ticks:
        y = y_of(tick)
        draw.line((plot[0], y, plot[2], y), fill=kit.lighter(kit.PANEL_EDGE, 0.4), width=1)
        draw.text((plot[0] - 12, y), str(tick), font=small, fill=kit.MUTED, anchor="rm")
    draw.line((plot[0], plot[1], plot[0], plot[3]), fill=kit.INK, width=2)
    draw.line((plot[0], y_of(max(low, 0)), plot[2], y_of(max(low, 0))), fill=kit.INK, width=2)
    every = max(1, -(-points // MAX_LABELS))
    for i in range(points):
        last = i == points - 1
        if every == 1 or last or (i % every == 0 and points - 1 - i >= every // 2 + 1):
            draw.text(
                (x_of(i), plot[3] + 12),
                round_label(track, i, tr),
                font=small,
                fill=kit.INK,
                anchor="mt",
            )
    draw.text(
        ((plot[0] + plot[2]) / 2, plot[3] + 42),
        axis,
        font=small,
        fill=kit.MUTED,
        anchor="mt",
    )

    for seat in track.seats:
        style = styles[seat]
        line = [(x_of(i), y_of(v)) for i, v in enumerate(track.totals[seat])]
        if len(line) > 1:
            draw.line(line, fill=kit.darker(style.colour, 0.1), width=5, joint="curve")
        for xy in line:
            kit.draw_shape(draw, style.shape, xy, 8, style.colour, kit.INK, 2)

    legend_top = plot[3] + 80
    name_font = kit.font(24)
    for row, seat in enumerate(track.seats):
        style = styles[seat]
        y = legend_top + LEGEND_ROW * row + LEGEND_ROW / 2
        kit.draw_shape(draw, style.shape, (LEFT + 14, y), 14, style.colour, kit.INK, 2)
        draw.text(
            (LEFT + 14, y),
            style.letter,
            font=kit.font(16, True),
            fill=style.text_colour,
            anchor="mm",
        )
        final = track.totals[seat][-1] if track.totals[seat] else 0
        text = tr("core.chart.legend", name=tr.name(seat), total=final)
        draw.text(
            (LEFT + 40, y),
            kit.shorten(text, WIDTH - LEFT - 80, name_font),
            font=name_font,
            fill=kit.INK,
            anchor="lm",
        )
    return RenderedImage(
        png=kit.encode_png(image), filename="score-chart.png", summary=summary_of(track, tr, title)
    )
