"""Endeavor images from real games: decoding, phone size and text size (issue 8), open
information, goldens, numbered choice pictures (issue 8), and every word in the viewer's
language (issue 7)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import render
from bot.i18n import Translator
from render import endeavor as endeavor_render
from render.endeavor.board import map_geometry
from render.endeavor.common import recording_fonts
from rules.endeavor.anchors import choice_anchor
from rules.endeavor.view import EndeavorView
from tests.korean import latin_words
from tests.render.games import spec_for, state_at, view_at
from tests.render.imaging import GOLDEN_DIR, assert_matches_golden, decode, updating
from tests.render.recording import Recording

MAX_WIDTH = 1600
MAX_HEIGHT = 2000
MAX_BYTES = 350 * 1024
EN = Translator("en", {})
NAMES_KO = {f"p{i}": name for i, name in enumerate(("김하나", "이둘", "박셋", "최넷", "정다섯"), 1)}
KO = Translator("ko", NAMES_KO)


SIZES = [(p, side) for p in (2, 3, 4, 5) for side in ("A", "B")]


@pytest.mark.parametrize(("players", "side"), SIZES)
def test_every_part_fits_a_phone(players: int, side: str) -> None:
    """Issue 8: every image at most 1,600 x 2,000 px and 350 KiB, for every player count and
    both board sides, late in the game too; the map is the first part (channel posts)."""
    for fraction in (0.5, 0.95):
        view = view_at("endeavor", players, 13, fraction, options=(("board_side", side),))
        assert view.side == side
        assert render.board_parts(view) == ["map", "mats", "tray"]
        for part in endeavor_render.BOARD_PARTS:
            out = render.render_board_part(view, EN, part)
            img = decode(out.png)
            assert img.width <= MAX_WIDTH and img.height <= MAX_HEIGHT, (part, img.size)
            assert len(out.png) <= MAX_BYTES, (part, len(out.png))
            assert f"round {view.round} of {view.rounds}" in out.summary or view.over
        assert render.render_board(view, EN).png == render.render_board_part(view, EN, "map").png


@pytest.mark.parametrize(
    ("players", "side", "lang"), [(5, "B", "en"), (5, "A", "ko"), (2, "A", "en")]
)
def test_text_is_legible_on_a_phone(players: int, side: str, lang: str) -> None:
    """Issue 8: text at least 14 px when the whole image is shown 400 px wide (every font
    an image uses is recorded, cached layers included)."""
    view = view_at("endeavor", players, 13, 0.6, options=(("board_side", side),))
    tr = KO if lang == "ko" else EN
    for part in endeavor_render.BOARD_PARTS:
        with recording_fonts() as sizes:
            img = decode(render.render_board_part(view, tr, part).png)
        assert sizes, part
        assert min(sizes) >= 14 * img.width / 400, (part, img.width, min(sizes))
    with recording_fonts() as sizes:
        out = endeavor_render.render_choices(view, tr, [(1, "node:london")])
    assert out is not None and sizes
    assert min(sizes) >= 14 * decode(out.png).width / 400


def test_part_names_are_in_both_catalogs() -> None:
    for part in endeavor_render.BOARD_PARTS:
        assert EN(f"endeavor.part.{part}") != f"endeavor.part.{part}"
        assert not latin_words(KO(f"endeavor.part.{part}"))


@pytest.mark.parametrize("fraction", [0.0, 0.05, 1.0])
def test_start_and_end_boards_render(fraction: float) -> None:
    view = view_at("endeavor", 3, 6, fraction)
    out = render.render_board(view, EN)
    assert decode(out.png).width <= MAX_WIDTH
    if fraction == 1.0:
        assert view.over and "game over" in out.summary


def test_silent_fleet_game_renders() -> None:
    """The 2-player Silent Fleet variant puts neutral discs on the board (END-R10x)."""
    view = view_at("endeavor", 2, 8, 0.7, options=(("silent_fleet", True),))
    assert view.silent_fleet is not None
    assert decode(render.render_board(view, EN).png).width <= MAX_WIDTH


def test_no_private_image_for_open_information() -> None:
    """END-R110/R112: Endeavor is open information; nothing needs a private image."""
    assert render.render_private(view_at("endeavor", 3, 13, 0.5, "p1"), EN) is None


def test_every_seat_sees_the_same_board() -> None:
    """END-R110: the board image is identical whichever seat's view it is drawn from."""
    public = render.render_board(view_at("endeavor", 3, 13, 0.5), EN)
    for seat in ("p1", "p2", "p3"):
        out = render.render_board(view_at("endeavor", 3, 13, 0.5, seat), EN)
        assert out.png == public.png and out.summary == public.summary


def test_summary_reports_open_regions_and_tracks() -> None:
    view = view_at("endeavor", 4, 13, 0.8)
    out = render.render_board(view, EN)
    for area in view.areas:
        if area.region:
            assert EN(f"endeavor.region.{area.id}") in out.summary
    for p in view.players:
        assert f"industry {p.tracks['industry']}" in out.summary


def test_board_changes_when_a_disc_moves() -> None:
    spec = spec_for("endeavor")
    state = state_at("endeavor", 3, 13, 0.5)
    seat = sorted(spec.to_act(state))[0]
    after = spec.apply(state, seat, spec.legal_actions(state, seat)[0]).state
    a = render.render_board(spec.view(state, None), EN)
    b = render.render_board(spec.view(after, None), EN)
    assert a.png != b.png


def test_graph_layout_keeps_nodes_inside_their_box() -> None:
    view = view_at("endeavor", 5, 13, 0.5)
    for area in view.areas:
        nodes = [n for n in view.nodes if n.area == area.id]
        ids = {n.id for n in nodes}
        edges = tuple((c.a, c.b) for c in view.connections if c.a in ids)
        layout = endeavor_render.graph_layout(
            tuple(n.id for n in nodes), edges, tuple(80 for _ in nodes), 380, 160
        )
        assert set(layout) == ids
        for x, y in layout.values():
            assert 0 <= x <= 380 and 0 <= y <= 160


def test_honour_spaces_match_the_spec() -> None:
    """END-D03: honour spaces 0, 2, 4, 7, 10, 12, 14, then every 2 past the mat."""
    assert endeavor_render.honour_spaces(20) == [0, 2, 4, 7, 10, 12, 14, 16, 18, 20]


# ----------------------------------------------------------------------------------- goldens

GOLDENS = {
    "endeavor_board_4p_A": (4, 23, 0.6, (("board_side", "A"),), "en"),
    "endeavor_board_5p_B": (5, 23, 0.8, (("board_side", "B"),), "en"),
    "endeavor_board_3p_A_ko": (3, 31, 0.7, (("board_side", "A"),), "ko"),
}
PART_GOLDENS = {
    "endeavor_mats_4p_A": ("endeavor_board_4p_A", "mats", "en"),
    "endeavor_mats_3p_A_ko": ("endeavor_board_3p_A_ko", "mats", "ko"),
    "endeavor_tray_3p_A_ko": ("endeavor_board_3p_A_ko", "tray", "ko"),
}


def _golden_view(name: str) -> EndeavorView:
    players, seed, fraction, options, _lang = GOLDENS[name]
    view_file: Path = GOLDEN_DIR / f"{name}.view.json"
    if updating() and not view_file.exists():
        view = view_at("endeavor", players, seed, fraction, None, options)
        view_file.write_text(view.model_dump_json(indent=1), encoding="utf-8")
    return EndeavorView.model_validate_json(view_file.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(GOLDENS))
def test_golden_image(name: str) -> None:
    """Renders a stored view (saved with the golden) and compares with a tolerance; regenerate
    with REFEREE_UPDATE_GOLDEN=1 after an intended visual change. One golden is Korean."""
    view = _golden_view(name)
    out = endeavor_render.render_board(view, KO if GOLDENS[name][4] == "ko" else EN)
    assert_matches_golden(name, out.png)


@pytest.mark.parametrize("name", sorted(PART_GOLDENS))
def test_golden_part(name: str) -> None:
    """The mats and the tray of the stored views (issue 8: separate images)."""
    board, part, lang = PART_GOLDENS[name]
    view = _golden_view(board)
    out = endeavor_render.render_board_part(view, KO if lang == "ko" else EN, part)
    assert_matches_golden(name, out.png)


def test_golden_comparison_catches_a_small_change() -> None:
    """The golden check must fail for a one-digit change (a disc more in one harbour)."""
    from tests.render.imaging import compare_golden

    if updating():
        pytest.skip("goldens are being rewritten")
    view = EndeavorView.model_validate_json(
        (GOLDEN_DIR / "endeavor_board_4p_A.view.json").read_text(encoding="utf-8")
    )
    view.players[1].harbour += 1
    mats = endeavor_render.render_board_part(view, EN, "mats").png
    _mean, block = compare_golden("endeavor_mats_4p_A", mats)
    from tests.render.imaging import BLOCK_TOLERANCE

    assert block >= BLOCK_TOLERANCE


# ----------------------------------------------------------------------------- languages


@pytest.mark.parametrize(
    ("players", "fraction", "options"),
    [
        (2, 0.0, ()),
        (3, 0.5, ()),
        (4, 0.8, (("board_side", "A"),)),
        (5, 1.0, ()),
        (2, 0.7, (("silent_fleet", True),)),
        (4, 0.4, (("player_by_player", True),)),
    ],
)
def test_korean_summary_has_no_english_word_or_raw_id(
    players: int, fraction: float, options: tuple[tuple[str, object], ...]
) -> None:
    """Issue 7: the alt text a Korean player gets is Korean, names included."""
    view = view_at("endeavor", players, 13, fraction, None, options)
    out = render.render_board(view, KO)
    assert not latin_words(out.summary), out.summary
    for seat in view.seats:
        assert NAMES_KO[seat] in out.summary
    assert f"{view.round}/{view.rounds}라운드" in out.summary or view.over


def test_korean_board_differs_from_the_english_one() -> None:
    """Issue 7: the image itself is drawn in the viewer's language."""
    view = view_at("endeavor", 3, 13, 0.5)
    assert render.render_board(view, KO).png != render.render_board(view, EN).png


def test_english_summary_names_components_not_ids() -> None:
    """No raw id (``south_america``, ``p1``...) in the English summary either."""
    view = view_at("endeavor", 4, 13, 0.8)
    summary = render.render_board(
        view, Translator("en", {s: s.upper() for s in view.seats})
    ).summary
    assert not re.search(r"\b[a-z]+_[a-z_]+\b|endeavor\.|[{}]", summary), summary


@pytest.mark.parametrize(
    ("players", "fraction", "options"),
    [(3, 0.5, ()), (5, 1.0, ()), (2, 0.6, (("silent_fleet", True),))],
)
def test_every_word_drawn_for_a_korean_viewer_is_korean(
    players: int, fraction: float, options: tuple[tuple[str, object], ...]
) -> None:
    """Issue 7: every label the board draws comes from the Korean translator and is Korean."""
    tr = Recording(KO)
    render.render_board(view_at("endeavor", players, 13, fraction, None, options), tr)
    assert len(tr.out) > 100
    drawn = {w for text in tr.out for w in latin_words(text)}
    assert not drawn, sorted(drawn)


# ------------------------------------------------------------------------------- choices


def _spatial_menu(
    players: int, seed: int, options: tuple[tuple[str, object], ...]
) -> tuple[object, str, list[tuple[int, str]]]:
    """A state where some seat has spatial choices, and its marks numbered in menu order."""
    spec = spec_for("endeavor")
    for fraction in (0.3, 0.4, 0.5, 0.6, 0.2, 0.7):
        state = state_at("endeavor", players, seed, fraction, options)
        for seat in sorted(spec.to_act(state)):
            anchors = [choice_anchor(state, seat, a) for a in spec.legal_actions(state, seat)]
            marks = [(n, a) for n, a in enumerate((a for a in anchors if a), 1)]
            if len(marks) >= 2:
                return state, seat, marks
    raise AssertionError("no spatial menu found")


@pytest.mark.parametrize(
    ("players", "seed", "options", "lang"),
    [(4, 13, (), "en"), (3, 13, (), "ko"), (2, 8, (("silent_fleet", True),), "en")],
)
def test_choice_picture_numbers_match_the_marks(
    players: int, seed: int, options: tuple[tuple[str, object], ...], lang: str
) -> None:
    """Issue 8: the picture's legend lists exactly the numbers given, each with its place in
    the reader's language; it fits a phone and is cropped to the panels concerned."""
    state, seat, marks = _spatial_menu(players, seed, options)
    view = spec_for("endeavor").view(state, seat)
    tr = KO if lang == "ko" else EN
    out = render.render_choices(view, tr, marks)
    assert out is not None
    img = decode(out.png)
    assert img.width <= MAX_WIDTH and img.height <= MAX_HEIGHT and len(out.png) <= MAX_BYTES
    numbers = [int(n) for n in re.findall(r"(\d+): ", out.summary)]
    assert numbers == [n for n, _ in marks], out.summary
    geometry = map_geometry(view, tr)
    for _n, anchor in marks:
        assert geometry.anchor(anchor) is not None
    if lang == "ko":
        assert not latin_words(out.summary), out.summary
    else:
        assert "node:" not in out.summary and "track:" not in out.summary


def test_choice_picture_names_the_places() -> None:
    view = view_at("endeavor", 4, 13, 0.5, "p1")
    marks = [(1, "node:london"), (2, "track:africa"), (3, "sea:india"), (4, "deck:europe")]
    out = endeavor_render.render_choices(view, EN, marks)
    assert out is not None
    assert out.summary == (
        "Choices on the map: 1: London, 2: Africa shipping track, 3: India open sea, "
        "4: Europe deck."
    )
    full = decode(render.render_board(view, EN).png)
    assert decode(out.png).height <= full.height
    assert endeavor_render.render_choices(view, EN, [(1, "node:atlantis")]) is None


def test_issue19_5_mats_number_every_shore_slot_as_menus_name_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Menus say "시장 활성화 (해안 3번 칸)": each player mat draws its shore slots' numbers
    (1 to the mat's slot count, on empty slots too), so two markets can be told apart."""
    drawn: list[str] = []
    badge = render.kit.badge

    def record(draw: object, centre: object, text: str, *args: object, **kw: object) -> object:
        drawn.append(text)
        return badge(draw, centre, text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(render.kit, "badge", record)
    view = view_at("endeavor", 3, 1, 0.5)
    render.render_board_part(view, Recording(Translator("ko", {})), "mats")
    for player in view.players:
        assert player.buildings, "mid-game, every player has built"
    slots = view.players[0].shore_slots
    for n in range(1, slots + 1):
        assert drawn.count(str(n)) >= len(view.players), f"slot {n} is not numbered on a mat"
