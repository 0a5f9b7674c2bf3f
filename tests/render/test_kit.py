"""The shared drawing kit: fonts, seat styles, glyph fallback, caching and PNG output."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from render import kit
from tests.render.imaging import decode


def test_shipped_font_draws_hangul() -> None:
    """Players may use Korean names: the shipped NanumSquare must have real Hangul glyphs."""
    fnt = kit.font(30, bold=True)
    missing = fnt.getmask("\uffff")
    for ch in "민수일로스":
        mask = fnt.getmask(ch)
        assert (mask.size, bytes(mask)) != (missing.size, bytes(missing)), ch


def test_fonts_are_cached_per_size_and_weight() -> None:
    assert kit.font(24) is kit.font(24)
    assert kit.font(24) is not kit.font(25)
    assert kit.font(24) is not kit.font(24, bold=True)


def test_seat_styles_differ_by_colour_letter_and_shape() -> None:
    """Colour-blind safe: every seat has its own colour, letter and shape."""
    styles = kit.styles_for(["p1", "p2", "p3", "p4", "p5"])
    assert len({s.colour for s in styles.values()}) == 5
    assert len({s.letter for s in styles.values()}) == 5
    assert len({s.shape for s in styles.values()}) == 5


def test_named_colours_keep_letters_and_shapes() -> None:
    styles = kit.styles_for(["p1", "p2"], ["black", "yellow"])
    assert styles["p1"].colour == kit.NAMED_COLOURS["black"]
    assert styles["p1"].letter == "A" and styles["p2"].letter == "B"
    assert styles["p1"].text_colour == kit.WHITE
    assert styles["p2"].text_colour == kit.INK


def test_safe_text_replaces_glyphs_the_font_lacks() -> None:
    assert kit.safe_text("Gorée") == "Goree"
    assert kit.safe_text("민수 · ×2") == "민수 · ×2"
    assert kit.safe_text("\u22121") == "-1"


def test_static_layers_are_cached() -> None:
    a = kit.icon("ship", 40, kit.INK)
    assert a is kit.icon("ship", 40, kit.INK)
    assert a.size == (40, 40) and a.mode == "RGBA"
    assert kit.piece("circle", (1, 2, 3), 20, "A") is kit.piece("circle", (1, 2, 3), 20, "A")


def test_every_icon_draws_something() -> None:
    for kind in kit._ICON_DRAWERS:
        img = kit.icon(kind, 32, kit.INK)  # type: ignore[arg-type]
        assert img.getbbox() is not None, kind


def test_encode_png_round_trips() -> None:
    img = Image.new("RGB", (64, 48), (10, 20, 30))
    out = decode(kit.encode_png(img))
    assert out.size == (64, 48)
    assert out.getpixel((5, 5)) == (10, 20, 30)


def test_english_list_words() -> None:
    assert kit.join_words(["a"]) == "a"
    assert kit.join_words(["a", "b", "c"]) == "a, b and c"
    assert kit.plural(1, "card") == "1 card" and kit.plural(2, "card") == "2 cards"


def test_choice_marks_sit_beside_their_places_and_cover_no_recorded_text() -> None:
    """Issue 20: a numbered mark is placed beside its place (outside the ring around it),
    never over a text the picture recorded, and is recorded itself."""
    from PIL import Image

    img = Image.new("RGB", (400, 300), kit.WHITE)
    placer = kit.Placer(400, 300)
    printed = placer.block((150, 120, 260, 150), "Maracaibo")  # a printed name right of (120, 135)
    marks = [kit.Mark("7", (120, 135), 24), kit.Mark("8", (190, 60), 24)]
    boxes = kit.mark_choices(img, placer, marks, 38)
    assert len(boxes) == 2
    pills = [b for b, w in placer.texts if w in ("7", "8")]
    assert len(pills) == 2
    for pill in pills:
        assert not kit.overlaps(pill, printed)
        assert pill[0] >= 0 and pill[1] >= 0 and pill[2] <= 400 and pill[3] <= 300
        for m in marks:  # never over a marked place's own number
            x, y = m.at
            assert not kit.overlaps(pill, (x - m.radius, y - m.radius, x + m.radius, y + m.radius))
    assert not kit.overlaps(pills[0], pills[1])


def test_placer_finds_no_spot_when_everything_is_taken() -> None:
    placer = kit.Placer(100, 100)
    placer.block((0, 0, 100, 100))
    assert placer.spot((20, 10), (50, 50), 5) is None


PALETTES = sorted(p.stem for p in (Path(kit.__file__).parent / "palettes").glob("*.json"))
KIT_COLOURS = list(kit.EXACT_COLOURS)


@pytest.mark.parametrize("palette", PALETTES)
def test_issue23_2_fixed_palette_keeps_seat_and_kit_colours_exact(palette: str) -> None:
    """Images are encoded in the renderer's fixed palette (no quantiser): a palette PNG in
    which every seat colour and every neutral of the kit comes out exactly as drawn."""
    img = Image.new("RGB", (8 * len(KIT_COLOURS), 8), kit.PAPER)
    for i, colour in enumerate(KIT_COLOURS):
        img.paste(colour, (8 * i, 0, 8 * i + 8, 8))
    png = kit.encode_png_palette(img, palette)
    assert Image.open(io.BytesIO(png)).mode == "P"
    out = decode(png)
    for i, colour in enumerate(KIT_COLOURS):
        assert out.getpixel((8 * i + 4, 4)) == colour, (palette, colour)


@pytest.mark.parametrize("palette", PALETTES)
def test_issue23_2_antialiased_text_stays_close_in_fixed_palette(palette: str) -> None:
    """Anti-aliased text (ink on paper, white on every seat colour) keeps its edges: each
    pixel stays near its drawn colour, so text reads as drawn."""
    backs = [(kit.PAPER, kit.INK), *((s.colour, s.text_colour) for s in kit.SEAT_STYLES)]
    img = Image.new("RGB", (420, 40 * len(backs)), kit.PAPER)
    draw = ImageDraw.Draw(img)
    for i, (back, ink) in enumerate(backs):
        draw.rectangle((0, 40 * i, 420, 40 * i + 40), fill=back)
        draw.text((6, 40 * i + 6), "일로스 Round 8: 민지 +12", font=kit.font(22), fill=ink)
    out = decode(kit.encode_png_palette(img, palette))
    diff = ImageChops.difference(img, out).convert("L")
    assert ImageStat.Stat(diff).mean[0] < 2.0
    _low, high = diff.getextrema()
    assert isinstance(high, int) and high < 48


def test_issue23_2_a_renderer_without_a_fixed_palette_gets_an_adaptive_one() -> None:
    img = Image.new("RGB", (64, 48), (10, 20, 30))
    img.paste((200, 100, 50), (0, 0, 32, 48))
    out = decode(kit.encode_png_palette(img, "no-such-palette"))
    assert out.getpixel((5, 5)) == (200, 100, 50) and out.getpixel((50, 5)) == (10, 20, 30)


@pytest.mark.parametrize("palette", [PALETTES[0], "no-such-palette"])
def test_issue23_palette_png_holds_exactly_the_mapped_image(palette: str) -> None:
    """The boards' PNG is written by the kit (ISA-L deflate), not by Pillow: it decodes to the
    very indices and palette ``to_palette`` made, for an odd-sized image (row filter bytes,
    no padding) with a fixed palette and with an adaptive one. The image is deflated in
    strips of rows: this one takes four, the last shorter (a strip left out or repeated
    would change the image decoded)."""
    step = kit.PNG_STRIP // 334
    img = Image.effect_mandelbrot((333, 3 * step + 5), (-2.0, -1.5, 1.0, 1.5), 60).convert("RGB")
    ImageDraw.Draw(img).rectangle((40, 30, 140, 90), fill=(200, 40, 40))
    expected = kit.to_palette(img, palette)
    out = Image.open(io.BytesIO(kit.encode_png_palette(img, palette)))
    out.load()
    assert (out.mode, out.size) == ("P", img.size)
    assert out.tobytes() == expected.tobytes()
    assert out.convert("RGB").tobytes() == expected.convert("RGB").tobytes()


def test_issue23_2_chosen_palette_keeps_exact_colours_and_reaches_every_entry() -> None:
    """The palette maker's choice: the exact colours first, a colour sharing their cache cell
    left out, at most 256 entries, and a pixel of each entry's colour maps to that entry."""
    exact = [kit.INK, kit.PAPER]
    counts = {(34, 37, 41): 900, (120, 10, 200): 5000, **{(i, i, 255 - i): 3 for i in range(256)}}
    colours = kit.choose_palette(counts, exact, 128, 400)
    assert colours[:3] == [kit.INK, kit.PAPER, (120, 10, 200)]
    assert (34, 37, 41) not in colours and len(colours) <= 256
    probe = Image.new("RGB", (len(colours), 1))
    probe.putdata(colours)
    palette = Image.new("P", (1, 1))
    flat = [v for c in colours for v in c]
    palette.putpalette(flat + flat[:3] * (256 - len(colours)))
    mapped = probe.quantize(palette=palette, dither=Image.Dither.NONE).tobytes()
    assert list(mapped) == list(range(len(colours)))


def test_issue23_placer_cells_answer_as_a_scan_of_every_obstacle() -> None:
    """Issue 23: ``Placer.free`` looks obstacles up by cell (a crowded choice picture asks it
    tens of thousands of times); it must answer exactly as a check against every obstacle,
    for boxes across cell edges, touching edges, negative and fractional coordinates, and
    in a copy (which must not share the original's cells)."""
    import random

    rnd = random.Random(23)
    placer = kit.Placer(500, 400, -20)

    def scan(p: kit.Placer, box: kit.Box) -> bool:
        x0, y0, x1, y1 = p.bounds
        inside = box[0] >= x0 and box[1] >= y0 and box[2] <= x1 and box[3] <= y1
        return inside and not any(kit.overlaps(box, o) for o in p.obstacles)

    def box_at() -> kit.Box:
        x, y = rnd.uniform(-40, 520), rnd.uniform(-40, 420)
        return (x, y, x + rnd.choice([0.5, 10, 63.9, 64, 130, 300]), y + rnd.uniform(1, 140))

    for _ in range(60):
        placer.block(box_at())
    placer.block((128, 128, 192, 192))  # exactly on cell edges
    copy = placer.copy()
    copy.block((0, 0, 500, 1))
    probes = [box_at() for _ in range(3000)] + [(192, 150, 200, 160), (120, 192, 130, 200)]
    disagreements = [b for b in probes if placer.free(b) != scan(placer, b)]
    assert not disagreements
    assert all(copy.free(b) == scan(copy, b) for b in probes)
    assert sum(placer.free(b) for b in probes) > 0  # the probes reach free space too
    assert not placer.free((128, 128, 129, 129)) and placer.free((192, 192, 193, 193))


def test_issue23_placer_anywhere_answers_as_a_sort_of_the_whole_grid() -> None:
    """Issue 23: ``Placer.anywhere`` remembers, per size and step, which grid corners an
    obstacle covers and sorts only the others; it must yield exactly what sorting every
    corner by distance and checking each would, every box and in the same order (ties too),
    after obstacles added between calls, for two sizes on one placer, for boxes touching an
    obstacle's edge, zero-width and negative-coordinate obstacles and in a copy."""
    import random

    rnd = random.Random(23)
    placer = kit.Placer(400, 300, -20)

    def full_sort(
        p: kit.Placer, size: tuple[float, float], anchor: kit.Point, step: float
    ) -> list[kit.Box]:
        w, h = size
        x0, y0, x1, y1 = p.bounds
        cols = max(0, int((x1 - x0 - w) // step))
        rows = max(0, int((y1 - y0 - h) // step))
        corners = [(x0 + i * step, y0 + j * step) for i in range(cols + 1) for j in range(rows + 1)]
        ax, ay = anchor
        corners.sort(key=lambda c: (c[0] + w / 2 - ax) ** 2 + (c[1] + h / 2 - ay) ** 2)
        free = [b for bx, by in corners if p.free(b := (bx, by, bx + w, by + h))]
        shut.append(len(corners) - len(free))
        return free

    shut: list[int] = []

    def check(p: kit.Placer, size: tuple[float, float], step: float) -> int:
        anchor = (rnd.uniform(-30, 430), rnd.uniform(-50, 330))
        expected = full_sort(p, size, anchor, step)
        assert list(p.anywhere(size, anchor, step)) == expected
        return len(expected)

    def box_at() -> kit.Box:
        x, y = rnd.uniform(-40, 420), rnd.uniform(-60, 320)
        return (x, y, x + rnd.choice([0, 0.5, 10, 33, 90]), y + rnd.uniform(0, 60))

    found = []
    for _ in range(12):
        for size, step in (((41, 39), 13.0), ((58.5, 20), 20 / 3)):
            found.append(check(placer, size, step))
        for _ in range(6):
            placer.block(box_at())
    # edges exactly on grid boxes of step 10 (x from 0, y from -20): touching is free
    placer.block((100, 30, 130, 40))
    placer.block((250, 80, 250, 95))  # zero width still covers what spans it
    for _ in range(5):
        found.append(check(placer, (20, 10), 10.0))
    copy = placer.copy()
    copy.block((0, -20, 400, 100))
    found.append(check(copy, (41, 39), 13.0))
    found.append(check(placer, (41, 39), 13.0))  # the copy's obstacle is not the original's
    assert min(found) > 0 and min(shut[2:]) > 0  # free corners, and shut ones


def test_issue23_crosses_text_answers_as_a_check_of_every_text() -> None:
    """Issue 23: ``crosses_text`` looks only at texts near the segment; it must answer as a
    check of every point against every text (segments ending on a text's edge too)."""
    import random

    rnd = random.Random(5)
    placer = kit.Placer(400, 300)
    for n in range(40):
        x, y = rnd.uniform(0, 380), rnd.uniform(0, 280)
        placer.block((x, y, x + rnd.uniform(0, 40), y + rnd.uniform(0, 20)), str(n))

    def every(a: kit.Point, b: kit.Point) -> bool:
        steps = max(1, round(math.dist(a, b) / 3))
        points = [
            (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
            for i in range(steps + 1)
        ]
        return any(
            t[0] <= x <= t[2] and t[1] <= y <= t[3] for x, y in points for t, _w in placer.texts
        )

    box = placer.texts[0][0]
    segments = [
        ((rnd.uniform(0, 400), rnd.uniform(0, 300)), (rnd.uniform(0, 400), rnd.uniform(0, 300)))
        for _ in range(400)
    ]
    ends = [
        ((box[0] - 20, box[1]), (box[0], box[1])),  # ends on a corner, from the left
        ((box[2] + 20, box[3]), (box[2], box[3])),  # from the right
        ((box[2], box[3]), (box[2] + 9, box[3] + 9)),  # starts on a corner
        ((box[0], box[1] - 30), (box[0], box[3] + 30)),  # straight down along an edge
        ((box[2], box[3] + 30), (box[2], box[1] - 30)),  # straight up along an edge
    ]
    beside = [((box[0] - 0.01, box[1] - 30), (box[0] - 0.01, box[3] + 30))]
    segments += ends + beside
    answers = [placer.crosses_text(a, b) for a, b in segments]
    assert answers == [every(a, b) for a, b in segments]
    assert any(answers) and not all(answers)
    assert answers[-len(ends) - len(beside) : -len(beside)] == [True] * len(ends)


def test_issue23_still_free_answers_as_spots_asked_again() -> None:
    """Issue 23: ``mark_choices`` keeps each place's free spots from before any number and
    later keeps those ``still_free`` instead of asking ``spots`` again; with obstacles added
    meanwhile, that must be exactly what ``spots`` finds then, in its order."""
    import random

    rnd = random.Random(11)
    placer = kit.Placer(300, 200, 10)
    for _ in range(25):
        x, y = rnd.uniform(0, 300), rnd.uniform(0, 200)
        placer.block((x, y, x + rnd.uniform(0, 30), y + rnd.uniform(0, 20)))
    asks = [
        ((rnd.uniform(10, 40), 20.0), (rnd.uniform(0, 300), rnd.uniform(0, 200))) for _ in range(30)
    ]
    before = [list(placer.spots(size, at, 12, rings=10)) for size, at in asks]
    for _ in range(40):
        x, y = rnd.uniform(0, 300), rnd.uniform(0, 200)
        placer.block((x, y, x + rnd.uniform(0, 40), y + rnd.uniform(0, 30)))
    after = [list(placer.spots(size, at, 12, rings=10)) for size, at in asks]
    assert [placer.still_free(found) for found in before] == after
    assert sum(map(len, after)) > 0 and sum(map(len, after)) < sum(map(len, before))


def test_issue23_a_planned_sprite_pastes_the_pixels_of_a_blended_paste() -> None:
    """Issue 23: ``kit.plan_paste`` lets a large sprite be pasted by parts (opaque runs
    copied, the rest blended); a paste anywhere on the canvas or cut by its edges gives the
    pixels one blended paste gives. A copy of the sprite drawn on after the plan was made
    is pasted whole."""
    from PIL import ImageDraw

    sprite = Image.new("RGBA", (120, 104), (0, 0, 0, 0))
    d = ImageDraw.Draw(sprite)
    d.polygon(kit.hexagon((60, 52), 58), fill=(200, 180, 120, 255))
    d.ellipse((40, 30, 80, 70), fill=(30, 90, 200, 140))  # translucent inside
    sprite = sprite.resize((96, 83), Image.Resampling.LANCZOS)  # soft edges
    kit.plan_paste(sprite)
    spots = [(50, 50), (300, 200), (-10, 30), (590, 410), (20, -25), (300, 200)]
    for centre in spots:
        planned = Image.new("RGB", (600, 420), (90, 150, 200))
        plain = planned.copy()
        kit.paste(planned, sprite, centre)
        x = round(centre[0] - sprite.width / 2)
        y = round(centre[1] - sprite.height / 2)
        plain.paste(sprite, (x, y), sprite)
        assert planned.tobytes() == plain.tobytes(), centre
    changed = sprite.copy()
    ImageDraw.Draw(changed).rectangle((0, 0, 95, 82), fill=(255, 0, 0, 255))
    canvas = Image.new("RGB", (200, 200), (0, 0, 0))
    kit.paste(canvas, changed, (100, 100))
    assert canvas.getpixel((100, 100)) == (255, 0, 0)


@pytest.mark.parametrize("palette", ["maracaibo", "ilos"])
def test_issue23_a_palette_canvas_draws_the_pixels_mapping_would_give(palette: str) -> None:
    """Issue 23: text drawn straight in a fixed palette (``palette_canvas``, ``flat_label``)
    is, pixel for pixel, the RGB drawing (``label``) mapped by ``to_palette``, and
    ``encode_png_palette`` writes both to the same file."""
    header = (44, 62, 80)
    lines = [
        ("Gain 3 doubloons (x2), then move up to 4 spaces — Goree", kit.INK, kit.PAPER, "lm"),
        ("금화 3개를 얻고 배를 4칸까지 움직입니다 (점수 +2)", kit.MUTED, kit.PAPER, "la"),
        ("Round 3 · p1's turn", kit.WHITE, header, "mm"),
        ("   ", kit.INK, kit.PAPER, "la"),
    ]
    rgb = Image.new("RGB", (760, 420), kit.PAPER)
    d = ImageDraw.Draw(rgb)
    d.rectangle((0, 360, 760, 420), fill=header)
    flat = kit.palette_canvas(760, 420, kit.PAPER, palette)
    ImageDraw.Draw(flat).rectangle((0, 360, 760, 420), fill=kit.palette_index(header, palette))
    row = 0
    for words, fill, bg, anchor in lines:
        for size, bold in ((27, False), (32, True))[: 1 if bg == header else 2]:
            fnt = kit.font(size, bold)
            at = (380.4, 390.0) if bg == header else (18.0, 20.5 + 45 * row)
            kit.label(d, at, words, fnt, fill=fill, anchor=anchor)
            kit.flat_label(flat, at, words, fnt, fill, bg, palette, anchor)
            row += bg != header
    mapped = kit.to_palette(rgb, palette)
    assert flat.tobytes() == mapped.tobytes()
    assert kit.encode_png_palette(flat, palette) == kit.encode_png_palette(rgb, palette)


@pytest.mark.parametrize("title", ["Prices · 7 of 8 markers left", "가격 · 마커 7/8개 남음"])
def test_issue23_a_panel_title_from_the_sprite_cache_has_the_pixels_of_drawn_text(
    title: str,
) -> None:
    """Issue 23: a panel's title at a whole pixel is pasted from the cached text sprites
    (boards draw the same titles again and again); its pixels are those of the text drawn
    in place (``ImageDraw.text``, which ``label`` falls back to without an image)."""
    pictures = []
    for cached in (True, False):
        img = Image.new("RGB", (700, 200), kit.PAPER)
        draw = ImageDraw.Draw(img)
        if not cached:
            draw._image = None  # type: ignore[assignment]  # label draws the text in place
        kit.panel(draw, (10, 20, 690, 190), title=title, title_font=kit.font(28, True))
        pictures.append(img.tobytes())
    assert pictures[0] == pictures[1]
