"""Age of Renaissance images from real games: phone size and legibility, hidden information,
numbered choices, goldens, and every word in the viewer's language (issue 11)."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from PIL import ImageDraw, ImageFont

import render
from bot.i18n import Translator
from render import kit
from render import renaissance as renderer
from render.renaissance import board as renaissance_map
from rules.core.bots import play_random_game
from rules.renaissance.components import data
from rules.renaissance.spec import SPEC
from rules.renaissance.view import RenaissanceView
from tests.korean import latin_words
from tests.render.games import state_at, view_at
from tests.render.imaging import GOLDEN_DIR, assert_matches_golden, decode, updating
from tests.render.recording import Recording

MAX_WIDTH = 1600
MAX_HEIGHT = 2000
MAX_BYTES = 350 * 1024
EN = Translator("en", {})
NAMES_KO = {
    f"p{i}": name
    for i, name in enumerate(("김하나", "이둘", "박셋", "최넷", "정다섯", "한여섯"), 1)
}
KO = Translator("ko", NAMES_KO)


def _view(players: int, fraction: float, seat: str | None = None) -> RenaissanceView:
    view = view_at("renaissance", players, 11, fraction, seat)
    assert isinstance(view, RenaissanceView)
    return view


# ------------------------------------------------------------------------ size and speed


@pytest.mark.parametrize(
    ("players", "fraction"), [(3, 0.5), (4, 0.5), (5, 0.5), (6, 0.5), (6, 0.0), (6, 1.0)]
)
def test_every_part_decodes_and_fits_a_phone(players: int, fraction: float) -> None:
    """Every part fits (nothing cut at the height limit) and stays small."""
    view = _view(players, fraction)
    assert render.board_parts(view) == list(renderer.BOARD_PARTS)
    assert renderer.BOARD_PARTS[0] == "map"
    for part in renderer.BOARD_PARTS:
        out = render.render_board_part(view, EN, part)
        img = decode(out.png)
        assert img.width <= MAX_WIDTH and img.height < MAX_HEIGHT, (part, img.size)
        assert len(out.png) <= MAX_BYTES, (part, len(out.png))
        assert EN(f"renaissance.part.{part}") in out.summary
    assert render.render_board(view, EN).png == render.render_board_part(view, EN, "map").png


def test_the_board_png_is_a_palette_image() -> None:
    from PIL import Image

    out = render.render_board(_view(4, 0.5), EN)
    assert Image.open(io.BytesIO(out.png)).mode == "P"


@pytest.mark.parametrize("fraction", [0.0, 0.02, 1.0])
def test_setup_and_finished_games_render(fraction: float) -> None:
    view = _view(5, fraction)
    for part in renderer.BOARD_PARTS:
        assert decode(render.render_board_part(view, KO, part).png).width <= MAX_WIDTH
    private = render.render_private(_view(5, fraction, "p1"), KO)
    assert private is not None and decode(private.png).height <= MAX_HEIGHT


@pytest.mark.parametrize(
    ("players", "preset"), [(3, "euro1999"), (4, "ah1996"), (5, "source"), (6, "euro1999")]
)
def test_every_image_renders_through_a_whole_game(players: int, preset: str) -> None:
    """Every part and each acting seat's private screen draw at many points of a game."""
    options = (("preset", preset),)
    for fraction in (0.0, 0.2, 0.45, 0.7, 1.0):
        state = state_at("renaissance", players, 3, fraction, options)
        public = SPEC.view(state, None)
        for part in renderer.BOARD_PARTS:
            out = render.render_board_part(public, KO, part)
            assert decode(out.png).height < MAX_HEIGHT, (fraction, part)
        for seat in sorted(SPEC.to_act(state)) or state.seats[:1]:
            private = render.render_private(SPEC.view(state, seat), KO)
            assert private is not None and decode(private.png).height <= MAX_HEIGHT


class _Sizes:
    """Records the pixel size of every text Pillow draws (caches of drawn text cleared)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.sizes: list[float] = []
        inner = ImageDraw.ImageDraw.text

        def text(draw: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kw: Any) -> None:
            fnt = kw.get("font")
            if text:
                assert isinstance(fnt, ImageFont.FreeTypeFont), "text without a sized font"
                self.sizes.append(fnt.size)
            inner(draw, xy, text, *args, **kw)

        monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
        kit._text_sprite.cache_clear()
        renaissance_map._layer.cache_clear()
        renaissance_map.piece.cache_clear()  # type: ignore[attr-defined]


@pytest.mark.parametrize("players", [3, 6])
def test_text_is_at_least_14_px_when_shown_400_px_wide(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Phone legibility: font px >= 14 * image width / 400, for every part, the private
    screen and a choices picture (scaled pictures keep the ratio)."""
    view = _view(players, 0.6, "p1")
    images: list[bytes] = []
    sizes = _Sizes(monkeypatch)
    for part in renderer.BOARD_PARTS:
        images.append(render.render_board_part(view, KO, part).png)
    private = render.render_private(view, KO)
    assert private is not None
    images.append(private.png)
    marks = [(n, pid) for n, pid in enumerate(sorted(view.provinces)[:12], 1)]
    choices = render.render_choices(view, KO, marks)
    assert choices is not None
    assert sizes.sizes
    widest = max(decode(png).width for png in images)
    assert min(sizes.sizes) >= 14 * widest / 400, (min(sizes.sizes), widest)
    # the choices picture may be scaled down as a whole: font and width shrink together
    scaled = decode(choices.png)
    assert min(sizes.sizes) * scaled.width / renderer.WIDTH >= 14 * scaled.width / 400


# -------------------------------------------------------------------- hidden information


def _find_state(players: int, seed: int, want: Any) -> Any:
    found: list[Any] = []

    def look(before: Any, _seat: str, _action: Any, _after: Any) -> None:
        if not found and want(before):
            found.append(before)

    play_random_game(SPEC, SPEC.Options(players=players), seed, on_step=look)
    assert found, "no such state in the game"
    return found[0]


def _some_secret(state: Any) -> bool:
    """A secret phase where a seat other than p1 has chosen and another seat has not."""
    if state.phase == "bid":
        chosen = {s: p.token_bid is not None for s, p in state.players.items()}
    elif state.phase == "setup":
        chosen = {s: p.capital_bid is not None for s, p in state.players.items()}
    else:
        return False
    return any(v for s, v in chosen.items() if s != "p1") and not all(chosen.values())


@pytest.mark.parametrize("phase", ["setup", "bid"])
def test_no_secret_bid_or_hand_on_the_board_or_in_another_seats_view(phase: str) -> None:
    """AOR §6: the public board is the same from every seat and from the public view, and
    another seat's private screen does not change with someone's secret bid or hand."""
    state = _find_state(4, 5, lambda s: s.phase == phase and _some_secret(s))
    public = SPEC.view(state, None)
    for part in renderer.BOARD_PARTS:
        base = render.render_board_part(public, EN, part)
        for seat in state.seats:
            seen = render.render_board_part(SPEC.view(state, seat), EN, part)
            assert seen.png == base.png and seen.summary == base.summary, (part, seat)
    # change only hidden fields of another seat that has chosen: p1's screen and the
    # board stay the same (counts and "has chosen" are public, the values are not)
    other = state.model_copy(deep=True)
    who = next(
        s
        for s in state.seats
        if s != "p1"
        and (state.players[s].token_bid if phase == "bid" else state.players[s].capital_bid)
        is not None
    )
    secret = other.players[who]
    if secret.hand:
        secret.hand[0] = next(c for c in ("war", "famine", "stone_1") if c != secret.hand[0])
    if phase == "bid":
        assert secret.token_bid is not None
        secret.token_bid = -secret.token_bid - 1
    else:
        assert secret.capital_bid is not None
        secret.capital_bid = (secret.capital_bid + 1) % 41
        secret.ranking = list(reversed(secret.ranking))
    for part in renderer.BOARD_PARTS:
        a = render.render_board_part(SPEC.view(state, "p1"), EN, part)
        b = render.render_board_part(SPEC.view(other, "p1"), EN, part)
        assert a.png == b.png and a.summary == b.summary, part
    mine = render.render_private(SPEC.view(state, "p1"), EN)
    mine_after = render.render_private(SPEC.view(other, "p1"), EN)
    assert mine is not None and mine_after is not None
    assert mine.png == mine_after.png and mine.summary == mine_after.summary
    # while p2's own screen shows the change
    theirs = render.render_private(SPEC.view(state, who), EN)
    theirs_after = render.render_private(SPEC.view(other, who), EN)
    assert theirs is not None and theirs_after is not None
    assert theirs.summary != theirs_after.summary


def test_the_private_screen_shows_the_own_secret_bid() -> None:
    state = _find_state(3, 9, lambda s: s.phase == "bid" and s.players["p1"].token_bid is not None)
    out = render.render_private(SPEC.view(state, "p1"), EN)
    assert out is not None
    assert str(state.players["p1"].token_bid) in out.summary.splitlines()[-1] or any(
        f"order bid: {state.players['p1'].token_bid}" in line for line in out.summary.splitlines()
    )
    for card in state.players["p1"].hand:
        from rules.renaissance.deck import card_term_key

        assert EN(card_term_key(card)) in out.summary


def test_public_view_has_no_private_screen() -> None:
    with pytest.raises(ValueError):
        render.render_private(_view(4, 0.5), EN)


# ------------------------------------------------------------------------------ choices


@pytest.mark.parametrize("players", [3, 6])
def test_choice_pictures_number_every_mark(players: int) -> None:
    """The picture's legend lists exactly the marks' numbers, each with its place."""
    spec = SPEC
    for fraction in (0.0, 0.3, 0.5, 0.7):
        state = state_at("renaissance", players, 11, fraction)
        for seat in sorted(spec.to_act(state)):
            marks: list[tuple[int, str]] = []
            for action in spec.legal_actions(state, seat):
                anchor = spec.choice_anchor(state, seat, action)
                if anchor is not None:
                    marks.append((len(marks) + 1, anchor))
            if not marks:
                continue
            out = render.render_choices(spec.view(state, seat), EN, marks)
            assert out is not None
            img = decode(out.png)
            assert img.width <= MAX_WIDTH and img.height <= MAX_HEIGHT
            assert len(out.png) <= MAX_BYTES
            numbers = [
                int(n)
                for line in out.summary.splitlines()[1:]
                for n in re.findall(r"\d+", line.split(":")[0])
            ]
            assert sorted(numbers) == [n for n, _a in marks]
            legend = renderer.choice_legend(marks, EN)
            assert sorted(n for nums, _p in legend for n in nums) == [n for n, _a in marks]


def test_area_choices_are_drawn_on_the_area_chip() -> None:
    view = _view(6, 0.5, "p1")
    out = render.render_choices(view, KO, [(1, "area:5"), (2, "area:8"), (3, "venice")])
    assert out is not None
    assert (
        KO("renaissance.area.5") in out.summary and KO("renaissance.province.venice") in out.summary
    )
    assert not latin_words(out.summary)


def test_unknown_anchors_draw_nothing() -> None:
    assert render.render_choices(_view(4, 0.5, "p1"), EN, [(1, "atlantis")]) is None


# ------------------------------------------------------------------- geography (issue 20)


def _overlaps(texts: list[tuple[kit.Box, str]]) -> list[tuple[str, str]]:
    return [
        (a, b)
        for i, (box_a, a) in enumerate(texts)
        for box_b, b in texts[i + 1 :]
        if kit.overlaps(box_a, box_b)
    ]


@pytest.mark.parametrize(("players", "fraction", "tr"), [(3, 0.02, KO), (6, 0.9, EN)])
def test_map_labels_never_overlap_and_every_province_is_drawn(
    players: int, fraction: float, tr: Translator
) -> None:
    """Issue 20: on every map part no two drawn labels (province, sea and area names) overlap,
    each lies inside the picture, and every province of the data is named on its part at the
    place of its city."""
    view = _view(players, fraction)
    named: set[str] = set()
    for part in renaissance_map.MAP_PARTS:
        img, placer = renaissance_map.draw_map_placed(view, tr, part)
        assert not _overlaps(placer.texts), part
        for box, _words in placer.texts:
            assert box[0] >= 0 and box[2] <= img.width and box[1] >= 0 and box[3] <= img.height
        words = {w for _b, w in placer.texts}
        port = renaissance_map.part_viewport(part)
        for pid in renaissance_map.part_ids(part):
            assert kit.safe_text(tr(f"renaissance.province.{pid}")) in words, (part, pid)
            lon, lat = renaissance_map.anchor_lonlat(pid)[0]
            assert port.inside(lon, lat), (part, pid)
            named.add(pid)
        summary = render.render_board_part(view, tr, part).summary
        assert all(
            tr(f"renaissance.province.{pid}") in summary for pid in renaissance_map.part_ids(part)
        )
    assert named == set(data().provinces)
    # the sea zones of the game's movement are named on the map
    seas = {
        kit.safe_text(tr(f"renaissance.sea.{z}")) for z in data().zones if not z.startswith("c_")
    }
    drawn = {
        w
        for part in renaissance_map.MAP_PARTS
        for _b, w in renaissance_map.draw_map_placed(view, tr, part)[1].texts
    }
    assert seas <= drawn, seas - drawn


def _digit_height(img: Any, box: kit.Box) -> int:
    """Rows of white (the number's glyphs) inside a red choice pill, its outline left out."""
    inner = img.convert("RGB").crop(
        (round(box[0]) + 6, round(box[1]) + 6, round(box[2]) - 6, round(box[3]) - 6)
    )
    rows = [
        y
        for y in range(inner.height)
        if any(min(inner.getpixel((x, y))) > 200 for x in range(inner.width))
    ]
    return (max(rows) - min(rows) + 1) if rows else 0


def test_a_choice_picture_zooms_to_its_marks_and_numbers_sit_beside_their_places() -> None:
    """Issue 20: a choice picture covers the marks' places with context, not the whole map;
    each number lies beside its place (never over a printed number or name) and is at least
    14 px tall when the picture is shown 400 px wide."""
    view = _view(4, 0.5, "p1")
    marks = [([1], "paris"), ([2], "bruges"), ([3], "amsterdam"), ([4], "cologne")]
    drawn = renaissance_map.choice_map(view, KO, marks, "t")
    assert drawn is not None
    img, placer = drawn
    full = renaissance_map.part_viewport("north")
    assert img.width == full.width
    pills = [(b, w) for b, w in placer.texts if w.isdigit()]
    assert sorted(w for _b, w in pills) == ["1", "2", "3", "4"]
    assert not _overlaps(placer.texts)
    for box, _w in pills:
        assert _digit_height(img, box) * 400 / img.width >= 14
    # the same places on the whole part would be far smaller: the picture is zoomed
    names = [b for b, w in placer.texts if w == kit.safe_text(KO("renaissance.province.paris"))]
    assert names
    whole = renaissance_map.draw_map_placed(view, KO, "north")[1]
    assert img.height < renaissance_map.draw_map(view, KO, "north").height
    del whole


# ----------------------------------------------------------------------------- goldens

GOLDENS = {
    "renaissance_map_4p": (4, 0.55, "map", "en"),
    "renaissance_status_5p_ko": (5, 0.6, "status", "ko"),
    # issue 20: the geographic map, early and late, both languages
    "renaissance_map_5p_ko_early": (5, 0.02, "map", "ko"),
    "renaissance_north_6p_ko_late": (6, 0.9, "north", "ko"),
    "renaissance_east_3p_early": (3, 0.02, "east", "en"),
    "renaissance_east_6p_late": (6, 0.9, "east", "en"),
}


@pytest.mark.parametrize("name", sorted(GOLDENS))
def test_golden_image(name: str) -> None:
    """Renders a stored view (saved with the golden) and compares with a tolerance; regenerate
    with REFEREE_UPDATE_GOLDEN=1 after an intended visual change. One golden is Korean."""
    players, fraction, part, lang = GOLDENS[name]
    view_file: Path = GOLDEN_DIR / f"{name}.view.json"
    if updating():
        view = _view(players, fraction)
        view_file.write_text(view.model_dump_json(indent=1), encoding="utf-8")
    view = RenaissanceView.model_validate_json(view_file.read_text(encoding="utf-8"))
    out = renderer.render_board_part(view, KO if lang == "ko" else EN, part)
    assert_matches_golden(name, out.png)


def test_golden_comparison_catches_a_moved_marker() -> None:
    from tests.render.imaging import BLOCK_TOLERANCE, compare_golden

    if updating():
        pytest.skip("goldens are being rewritten")
    view = RenaissanceView.model_validate_json(
        (GOLDEN_DIR / "renaissance_map_4p.view.json").read_text(encoding="utf-8")
    )
    from rules.renaissance.model import Province

    view.provinces["fez"] = Province(dm=view.players[0].seat)
    _mean, block = compare_golden("renaissance_map_4p", renderer.render_board(view, EN).png)
    assert block >= BLOCK_TOLERANCE


# ---------------------------------------------------------------------------- languages


@pytest.mark.parametrize(("players", "fraction"), [(3, 0.0), (4, 0.5), (5, 0.8), (6, 1.0)])
def test_korean_summaries_have_no_english_word(players: int, fraction: float) -> None:
    view = _view(players, fraction, "p1")
    texts = [render.render_board_part(view, KO, part).summary for part in renderer.BOARD_PARTS]
    private = render.render_private(view, KO)
    assert private is not None
    texts.append(private.summary)
    for text in texts:
        assert not latin_words(text), text
    status = texts[renderer.BOARD_PARTS.index("status")]
    for p in view.players:
        assert NAMES_KO[p.seat] in status


def test_korean_board_differs_from_the_english_one() -> None:
    view = _view(4, 0.5)
    assert render.render_board(view, KO).png != render.render_board(view, EN).png


def test_english_summaries_name_components_not_ids() -> None:
    view = _view(6, 0.8)
    tr = Translator("en", {p.seat: p.seat.upper() for p in view.players})
    for part in renderer.BOARD_PARTS:
        summary = render.render_board_part(view, tr, part).summary
        assert not re.search(r"\b[a-z]+_[a-z_]+\b|renaissance\.|[{}]", summary), summary


def test_every_word_drawn_for_a_korean_viewer_is_korean() -> None:
    tr = Recording(KO)
    view = _view(6, 0.6, "p1")
    for part in renderer.BOARD_PARTS:
        render.render_board_part(view, tr, part)
    render.render_private(view, tr)
    assert len(tr.out) > 100
    drawn = {w for text in tr.out for w in latin_words(text)}
    assert not drawn, sorted(drawn)
