"""Ilos images from real games: decoding, phone size, hidden information, language, goldens."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

import render
from bot.i18n import Translator
from render import ilos as ilos_render
from rules.ilos.view import IlosView, PlacedRegionView, PlacedTileView, SpotView
from tests.render.games import spec_for, state_at, view_at
from tests.render.imaging import GOLDEN_DIR, assert_matches_golden, decode, mean_abs_diff, updating
from tests.render.menu_pictures import check_numbered_pages

MAX_WIDTH = 1600
MAX_HEIGHT = 2000
MAX_BYTES = 350 * 1024
EN = Translator("en", {})
KO_NAMES = {"p1": "김민수", "p2": "이영희", "p3": "박철수", "p4": "최지우", "p5": "정하늘"}
KO = Translator("ko", KO_NAMES)
LATIN_WORD = re.compile(r"[A-Za-z]{2,}|\b[A-Za-z]\b")
RAW_ID = re.compile(r"\bT\d\d\b|\bp\d(\.\d)?\b|\b[a-z]+_[a-z_]+\b|\bilos\.")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_mid_game_board_decodes_and_fits_a_phone(players: int) -> None:
    out = render.render_board(view_at("ilos", players, 11, 0.5), EN)
    img = decode(out.png)
    assert img.width <= MAX_WIDTH and img.height <= MAX_HEIGHT
    assert len(out.png) < 2_000_000
    assert f"round {view_at('ilos', players, 11, 0.5).round}" in out.summary


@pytest.mark.parametrize("fraction", [0.0, 0.02, 1.0])
def test_start_setup_and_end_boards_render(fraction: float) -> None:
    view = view_at("ilos", 3, 4, fraction)
    for tr in (EN, KO):
        img = decode(render.render_board(view, tr).png)
        assert img.width <= MAX_WIDTH


def test_board_shows_every_placed_tile_and_face_up_tile_in_summary() -> None:
    """Tiles are named by their printed number, in the summary as in the labels."""
    view = view_at("ilos", 4, 11, 0.5)
    out = render.render_board(view, EN)
    assert f"{len(view.board)} island tiles placed" in out.summary
    for tile in view.face_up:
        assert f"tile {tile.number}" in out.summary
        assert tile.id not in out.summary


def test_private_panel_of_one_seat_differs_from_another() -> None:
    """ILOS-R130: each seat's hand and screen go only to that seat, so the panels differ."""
    a = render.render_private(view_at("ilos", 3, 11, 0.5, "p1"), EN)
    b = render.render_private(view_at("ilos", 3, 11, 0.5, "p2"), EN)
    assert a is not None and b is not None
    assert a.png != b.png and a.summary != b.summary
    assert mean_abs_diff(decode(a.png), decode(b.png)) > 0.5
    assert decode(a.png).width <= MAX_WIDTH


def test_public_board_is_the_same_from_any_seat_view() -> None:
    """ILOS-R130/R131: the channel board never shows a hand, whichever view it is drawn from."""
    public = render.render_board(view_at("ilos", 3, 11, 0.5), EN)
    from_seat = render.render_board(view_at("ilos", 3, 11, 0.5, "p2"), EN)
    assert public.png == from_seat.png
    assert public.summary == from_seat.summary


def _with_hidden_changed(seat_index: int) -> object:
    """The mid-game state with one seat's hand mix and screen changed (hand size kept)."""
    state = state_at("ilos", 3, 11, 0.5).model_copy(deep=True)
    player = state.players[seat_index]
    size = sum(player.hand.values())
    player.hand = {k: 0 for k in player.hand}
    player.hand["ruins"] = size
    player.screen = {k: 7 + i for i, k in enumerate(player.screen)}
    return state


@pytest.mark.parametrize("seat_index", [0, 1, 2])
def test_public_image_and_summary_ignore_hands_and_screens(seat_index: int) -> None:
    """ILOS-R130, ILOS-R132: nothing held privately (cards, screen tokens, totals) reaches the
    public image or its text summary: changing them changes neither, while the owner's private
    panel does change."""
    spec = spec_for("ilos")
    base = state_at("ilos", 3, 11, 0.5)
    changed = _with_hidden_changed(seat_index)
    for part in ilos_render.BOARD_PARTS:
        before = render.render_board_part(spec.view(base, None), EN, part)
        after = render.render_board_part(spec.view(changed, None), EN, part)
        assert before.png == after.png, part
        assert before.summary == after.summary, part
        seat_view = spec.view(changed, base.seats[seat_index])
        assert render.render_board_part(seat_view, EN, part).png == after.png, part
    seat = base.seats[seat_index]
    private_before = render.render_private(spec.view(base, seat), EN)
    private_after = render.render_private(spec.view(changed, seat), EN)
    assert private_before is not None and private_after is not None
    assert private_before.summary != private_after.summary
    assert "ruins" in private_after.summary.lower()
    assert "screen" not in before.summary.lower()


def test_public_summary_follows_public_hand_size() -> None:
    """ILOS-R131: hand sizes are public, so the summary must change when one changes."""
    spec = spec_for("ilos")
    base = state_at("ilos", 3, 11, 0.5)
    changed = base.model_copy(deep=True)
    changed.players[0].hand["ship"] += 3
    assert (
        render.render_board(spec.view(base, None), EN).summary
        != render.render_board(spec.view(changed, None), EN).summary
    )


def test_finished_game_reveals_screens() -> None:
    """ILOS-R134: at the end every screen is shown."""
    view = view_at("ilos", 2, 4, 1.0)
    assert view.phase == "finished"
    out = render.render_board(view, EN)
    assert "screen" in out.summary and "wealth" in out.summary
    korean = render.render_board(view, KO)
    assert "가림판" in korean.summary and "총 가치" in korean.summary


def test_player_names_in_any_script() -> None:
    """Names are drawn on the table part (the players' rows; the map names no one)."""
    view = view_at("ilos", 2, 11, 0.5)
    tr = Translator("en", {"p1": "김민수", "p2": "Zoë"})
    named = render.render_board_part(view, tr, "table")
    assert "김민수" in named.summary and "Zoë" in named.summary
    assert named.png != render.render_board_part(view, EN, "table").png
    assert "김민수" in render.render_board(view, tr).summary


def _pending_view() -> IlosView | None:
    spec = spec_for("ilos")
    state = state_at("ilos", 3, 11, 0.5)
    for _ in range(200):
        seat = sorted(spec.to_act(state))[0]
        if spec.view(state, seat).pending is not None:
            view: IlosView = spec.view(state, seat)
            return view
        actions = spec.legal_actions(state, seat)
        state = spec.apply(state, seat, actions[-1]).state
    return None


def test_private_panel_shows_the_pending_declaration() -> None:
    """ILOS-R130(3): the declaration in progress is on its player's panel, in words."""
    view = _pending_view()
    if view is None:
        pytest.skip("no staged declaration reached")
    out = render.render_private(view, EN)
    assert out is not None and "next: choose" in out.summary
    assert view.pending is not None and EN.text(view.pending.title) in out.summary


def test_first_island_panel_speaks_of_the_first_island() -> None:
    """Issue 13 point 7: the setup declaration is not "Declaring: setup, step cell"."""
    spec = spec_for("ilos")
    state = spec.new_game(["p1", "p2"], spec.Options(players=2), 3)
    while state.phase == "mulligan":
        state = spec.apply(
            state, state.active_seat, spec.legal_actions(state, state.active_seat)[0]
        ).state
    state = spec.apply(state, "p1", spec.legal_actions(state, "p1")[0]).state
    out = render.render_private(spec.view(state, "p1"), EN)
    assert out is not None
    assert "First island: placing tile" in out.summary
    assert "setup" not in out.summary and "step" not in out.summary
    assert "Declaring" not in out.summary


@pytest.mark.parametrize("fraction", [0.0, 0.03, 0.5, 1.0])
def test_korean_summaries_have_no_english_words_or_raw_ids(fraction: float) -> None:
    """Issue 7: board and private summaries in Korean (the viewer's language) carry no Latin
    word and no raw id (tile ids, spot ids, snake_case ids, catalog keys)."""
    for players in (2, 4):
        view = view_at("ilos", players, 11, fraction)
        texts = [render.render_board(view, KO).summary]
        for seat in view.to_act or ["p1"]:
            private = render.render_private(view_at("ilos", players, 11, fraction, seat), KO)
            assert private is not None
            texts.append(private.summary)
        for text in texts:
            assert not LATIN_WORD.search(text), text
            assert not RAW_ID.search(text), text
    pending = _pending_view()
    if pending is not None:
        out = render.render_private(pending, KO)
        assert out is not None and "다음:" in out.summary
        assert not LATIN_WORD.search(out.summary) and not RAW_ID.search(out.summary)


def test_korean_board_differs_from_english_board() -> None:
    """Images are drawn in the viewer's language."""
    view = view_at("ilos", 3, 11, 0.5)
    en = decode(render.render_board(view, Translator("en", KO_NAMES)).png)
    ko = decode(render.render_board(view, KO).png)
    assert en.size == ko.size
    assert mean_abs_diff(en, ko) > 0.05


# ----------------------------------------------------------------------------------- goldens

GOLDENS: dict[str, tuple[int, int, float, str | None, str]] = {
    "ilos_board_4p": (4, 21, 0.55, None, "en"),
    "ilos_private_4p_p1": (4, 21, 0.55, "p1", "en"),
    "ilos_board_4p_ko": (4, 21, 0.55, None, "ko"),
    "ilos_private_3p_ko": (3, 11, 0.5, "pending", "ko"),
}


@pytest.mark.parametrize("name", sorted(GOLDENS))
def test_golden_image(name: str) -> None:
    """Renders a stored view (saved with the golden) and compares with a tolerance; regenerate
    with REFEREE_UPDATE_GOLDEN=1 after an intended visual change."""
    players, seed, fraction, seat, lang = GOLDENS[name]
    tr = Translator(lang, KO_NAMES if lang == "ko" else {})
    view_file: Path = GOLDEN_DIR / f"{name}.view.json"
    if updating():
        if seat == "pending":
            fresh = _pending_view()
            assert fresh is not None
        else:
            fresh = view_at("ilos", players, seed, fraction, seat)
        view_file.write_text(fresh.model_dump_json(indent=1), encoding="utf-8")
    view = IlosView.model_validate_json(view_file.read_text(encoding="utf-8"))
    if view.viewer is None:
        out = ilos_render.render_board(view, tr)
    else:
        private = ilos_render.render_private(view, tr)
        assert private is not None
        out = private
    assert_matches_golden(name, out.png)


# ------------------------------------------------------------------------------- choices


def _spatial_states(players: int, seed: int) -> list[tuple[object, str, list[tuple[int, str]]]]:
    """States of a random game where the acting seat has spatial choices, one per kind of
    choice (cells, rotations, coasts, spots...), with their marks numbered in menu order."""
    from rules.ilos.anchors import choice_anchor

    spec = spec_for("ilos")
    found: dict[tuple[str, ...], tuple[object, str, list[tuple[int, str]]]] = {}
    for fraction in (0.0, 0.01, 0.02, 0.03, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9):
        state = state_at("ilos", players, seed, fraction)
        for _ in range(6):
            seats = sorted(spec.to_act(state))
            if not seats:
                break
            seat = seats[0]
            actions = spec.legal_actions(state, seat)
            anchors = [choice_anchor(state, seat, a) for a in actions]
            marks = [(n, a) for n, a in enumerate((a for a in anchors if a), 1)]
            if marks:
                kinds = tuple(sorted({a.split(":")[0] for _, a in marks}))
                found.setdefault(kinds, (state, seat, marks))
            spatial = [a for a, anchor in zip(actions, anchors, strict=True) if anchor]
            state = spec.apply(state, seat, (spatial or actions)[0]).state
    return list(found.values())


@pytest.mark.parametrize(("players", "lang"), [(3, "en"), (4, "ko")])
def test_choice_picture_numbers_match_the_marks(players: int, lang: str) -> None:
    """Issue 8: the picture's legend lists exactly the numbers given, each with its place in
    the reader's language (Korean without Latin words or raw ids); it fits a phone."""
    spec = spec_for("ilos")
    tr = KO if lang == "ko" else EN
    cases = _spatial_states(players, 11)
    kinds = {a.split(":")[0] for _, _, marks in cases for _, a in marks}
    assert {"cell", "rotation", "coast", "spot"} <= kinds, kinds
    for state, seat, marks in cases:
        out = render.render_choices(spec.view(state, seat), tr, marks)
        assert out is not None, marks
        img = decode(out.png)
        assert img.width <= MAX_WIDTH and img.height <= 2000 and len(out.png) <= 350 * 1024
        numbers = [int(n) for n in re.findall(r"(\d+): ", out.summary)]
        assert numbers == [n for n, _ in marks], out.summary
        if lang == "ko":
            assert not LATIN_WORD.search(out.summary), out.summary
            assert not RAW_ID.search(out.summary), out.summary
        else:
            assert "coast:" not in out.summary and "spot:" not in out.summary


def test_choice_picture_text_is_legible_on_a_phone() -> None:
    """Issue 8: every text of a choice picture is at least 14 px at a 400 px-wide view."""
    from render.ilos.tiles import recording_fonts

    spec = spec_for("ilos")
    for state, seat, marks in _spatial_states(3, 11)[:4]:
        with recording_fonts() as sizes:
            out = render.render_choices(spec.view(state, seat), KO, marks)
        assert out is not None and sizes
        assert min(sizes) >= 14 * decode(out.png).width / 400, (marks, min(sizes))


def test_menu_numbers_match_the_picture_legend() -> None:
    """Issue 8, as the bot builds it: on every menu page with spatial choices, the numbered
    labels, the marks and the picture's legend agree."""
    spec = spec_for("ilos")
    pages_checked = 0
    for state, seat, _marks in _spatial_states(4, 21):
        pages_checked += check_numbered_pages(spec, state, seat)
    assert pages_checked >= 4


# --------------------------------------------------------------------------------- parts


@pytest.mark.parametrize("players", [2, 5])
def test_every_part_fits_a_phone(players: int) -> None:
    """Issue 8: the map and the table are separate images, each at most 1,600 x 2,000 px and
    350 KiB, late in the game too; the map is the first part (channel posts)."""
    for fraction in (0.5, 0.95):
        view = view_at("ilos", players, 11, fraction)
        assert render.board_parts(view) == ["map", "table"]
        for part in ilos_render.BOARD_PARTS:
            out = render.render_board_part(view, EN, part)
            img = decode(out.png)
            assert img.width <= MAX_WIDTH and img.height <= MAX_HEIGHT, (part, img.size)
            assert len(out.png) <= MAX_BYTES, (part, len(out.png))
        assert render.render_board(view, EN).png == render.render_board_part(view, EN, "map").png


def test_part_names_are_in_both_catalogs() -> None:
    for part in ilos_render.BOARD_PARTS:
        assert EN(f"ilos.part.{part}") != f"ilos.part.{part}"
        assert not LATIN_WORD.search(KO(f"ilos.part.{part}"))


@pytest.mark.parametrize(("lang", "fraction"), [("en", 0.5), ("ko", 0.9), ("en", 1.0)])
def test_text_is_legible_on_a_phone(lang: str, fraction: float) -> None:
    """Issue 8: every text of every part is at least 14 px at a 400 px-wide view (every
    font an image uses is recorded, cached layers included)."""
    from render.ilos.tiles import recording_fonts

    view = view_at("ilos", 5, 11, fraction)
    tr = KO if lang == "ko" else EN
    for part in ilos_render.BOARD_PARTS:
        with recording_fonts() as sizes:
            img = decode(render.render_board_part(view, tr, part).png)
        assert sizes, part
        assert min(sizes) >= 14 * img.width / 400, (part, img.width, min(sizes))
    for seat in ("p1", "p3"):
        with recording_fonts() as sizes:
            private = render.render_private(view_at("ilos", 5, 11, fraction, seat), tr)
        assert private is not None and sizes
        img = decode(private.png)
        assert img.width <= MAX_WIDTH and img.height <= MAX_HEIGHT
        assert min(sizes) >= 14 * img.width / 400, ("private", img.width, min(sizes))
    pending = _pending_view()
    assert pending is not None
    with recording_fonts() as sizes:
        private = render.render_private(pending, tr)
    assert private is not None
    assert min(sizes) >= 14 * decode(private.png).width / 400


def test_golden_table_part() -> None:
    """The table part (exploration, prices, players) of the stored 4-player view."""
    view = IlosView.model_validate_json(
        (GOLDEN_DIR / "ilos_board_4p.view.json").read_text(encoding="utf-8")
    )
    assert_matches_golden("ilos_table_4p", ilos_render.render_board_part(view, EN, "table").png)


def test_a_crowded_choice_picture_still_fits_and_reads() -> None:
    """The menu page with the most spatial choices of a whole game (dozens of spots and
    building options late in the game) stays within 1,600 x 2,000 px and 350 KiB with every
    text at least 14 px at a 400 px-wide view; the summary still lists every number."""
    from bot.menu import choices_for, layout
    from render.ilos.tiles import recording_fonts
    from rules.core.bots import play_random_game

    spec = spec_for("ilos")
    _, log = play_random_game(spec, spec.Options(players=5), 9)
    state = spec.new_game(log.seats, spec.Options(**log.options), 9)
    best: tuple[int, object, str, list[tuple[int, str]]] = (0, state, "", [])
    for i, entry in enumerate(log.actions):
        if i % 4 == 0:
            for seat in spec.to_act(state):
                choices = choices_for(spec, state, seat, "ko", KO_NAMES)
                for page in range(layout(choices, 0).pages):
                    marks = layout(choices, page).numbered().marks()
                    if len(marks) > best[0]:
                        best = (len(marks), state, seat, marks)
        state = spec.apply(state, entry.seat, spec.parse_action(entry.action)).state
    count, crowded, seat, marks = best
    assert count >= 20
    with recording_fonts() as sizes:
        out = render.render_choices(spec.view(crowded, seat), KO, marks)
    assert out is not None
    img = decode(out.png)
    assert img.width <= MAX_WIDTH and img.height <= MAX_HEIGHT and len(out.png) <= MAX_BYTES
    assert min(sizes) >= 14 * img.width / 400
    assert [int(n) for n in re.findall(r"(\d+): ", out.summary)] == [n for n, _ in marks]


CHOICE_GOLDENS = {
    "ilos_choices_spots": (4, 21, "spot", "en"),
    "ilos_choices_rotation_ko": (3, 11, "rotation", "ko"),
}


@pytest.mark.parametrize("name", sorted(CHOICE_GOLDENS))
def test_golden_choices(name: str) -> None:
    """A stored view and its marks, drawn as the numbered choice picture (regenerate with
    REFEREE_UPDATE_GOLDEN=1 after an intended visual change)."""
    import json

    players, seed, kind, lang = CHOICE_GOLDENS[name]
    view_file = GOLDEN_DIR / f"{name}.view.json"
    marks_file = GOLDEN_DIR / f"{name}.marks.json"
    if updating():
        spec = spec_for("ilos")
        state, seat, marks = next(
            (s, seat, m)
            for s, seat, m in _spatial_states(players, seed)
            if any(a.startswith(kind) for _, a in m)
        )
        view_file.write_text(spec.view(state, seat).model_dump_json(indent=1), encoding="utf-8")
        marks_file.write_text(json.dumps(marks), encoding="utf-8")
    view = IlosView.model_validate_json(view_file.read_text(encoding="utf-8"))
    marks = [(int(n), str(a)) for n, a in json.loads(marks_file.read_text(encoding="utf-8"))]
    out = ilos_render.render_choices(view, KO if lang == "ko" else EN, marks)
    assert out is not None
    assert_matches_golden(name, out.png)


def test_tiles_keep_one_layout_at_every_map_size() -> None:
    """ILOS-R101-R103: a tile's berths, hideout and number lie where its artwork (drawn once,
    at one size, and shrunk) puts them, at every hex size a map or picture uses: the pirate
    ship sits on the hideout's skull however far the map is zoomed out."""
    from render.ilos import tiles
    from rules.ilos.components import components
    from rules.ilos.view import tile_geometry

    comp = components()
    for tile_id in comp.tiles:
        geometry = tile_geometry(comp, tile_id)
        for rotation in range(6):
            key = ilos_render.rotated_key(geometry, rotation)
            art = tiles.tile_shape(key, tiles.ART_SIZE)
            for size in range(40, 152, 8):
                f = size / tiles.ART_SIZE
                shape = tiles.tile_shape(key, size)
                points = [(shape.label, art.label), (shape.hideout, art.hideout)] + [
                    (r.berth, a.berth) for r, a in zip(shape.regions, art.regions, strict=True)
                ]
                for p, q in points:
                    assert (p is None) == (q is None)
                    if p is not None and q is not None:
                        assert abs(p[0] - q[0] * f) < 1e-6 and abs(p[1] - q[1] * f) < 1e-6


def test_map_is_the_same_picture_whatever_was_drawn_before() -> None:
    """ILOS-R101: the map part draws a few sprites of its next zoom level ahead on every
    view; a map drawn after the earlier views of its game (the archipelago growing through
    zoom steps) is byte for byte the map drawn in a fresh process."""
    from render import kit

    views = [view_at("ilos", 4, 11, f) for f in (0.2, 0.3, 0.4, 0.5, 0.6, 0.7)]
    fresh = []
    for view in (views[2], views[-1]):
        kit.clear_text_layers()
        fresh.append(render.render_board(view, EN).png)
    kit.clear_text_layers()
    drawn = [render.render_board(v, EN).png for v in views]
    assert [drawn[2], drawn[-1]] == fresh


# --------------------------------------------------------------------------- part inputs


def _edit_board(view: IlosView, edit: object) -> IlosView:
    """A copy of ``view`` whose board went through ``edit`` (a function changing a deep copy
    of the placed tiles in place)."""
    board = [t.model_copy(deep=True) for t in view.board]
    assert callable(edit)
    edit(board)
    return view.model_copy(update={"board": board})


def _first_spot(board: list[PlacedTileView], owned: bool) -> SpotView:
    return next(
        s
        for t in board
        for r in t.regions
        for s in r.spots
        if (s.owner is not None) == owned and s.kind != "ruins"
    )


def _first_ship_region(board: list[PlacedTileView]) -> PlacedRegionView:
    return next(r for t in board for r in t.regions if r.ships)


def _map_edits(view: IlosView) -> dict[str, IlosView]:
    """Views differing from ``view`` in one thing the map part shows."""
    seats = [p.seat for p in view.players]
    hideout = next(t for t in view.board if t.hideout)

    def colonist(board: list[PlacedTileView]) -> None:
        _first_spot(board, owned=False).owner = seats[0]

    def fort(board: list[PlacedTileView]) -> None:
        spot = _first_spot(board, owned=True)
        spot.building = "fort"

    def owner(board: list[PlacedTileView]) -> None:
        spot = _first_spot(board, owned=True)
        spot.owner = next(s for s in seats if s != spot.owner)

    def sail(board: list[PlacedTileView]) -> None:
        region = _first_ship_region(board)
        ship = region.ships.pop()
        target = next(r for t in board for r in t.regions if r is not region)
        target.ships.append(ship)

    def pirate(board: list[PlacedTileView]) -> None:
        next(t for t in board if t.tile == hideout.tile).pirate_owner = seats[-1]

    def turn(board: list[PlacedTileView]) -> None:
        board[0].number += 40

    recoloured = [p.model_copy(update={"colour": view.players[1].colour}) for p in view.players]
    recoloured[1] = view.players[1].model_copy(update={"colour": view.players[0].colour})
    ships = [s.model_copy(update={"owner": seats[-1]}) for s in view.ships]
    return {
        "round": view.model_copy(update={"round": view.round + 1}),
        "phase": view.model_copy(update={"phase": "finished"}),
        "last round": view.model_copy(update={"last_round": not view.last_round}),
        "colours": view.model_copy(update={"players": recoloured}),
        "ship owners": view.model_copy(update={"ships": ships}),
        "colonist": _edit_board(view, colonist),
        "fort": _edit_board(view, fort),
        "spot owner": _edit_board(view, owner),
        "ship sails": _edit_board(view, sail),
        "pirate": _edit_board(view, pirate),
        "tile number": _edit_board(view, turn),
    }


def _table_edits(view: IlosView) -> dict[str, IlosView]:
    """Views differing from ``view`` in one thing the table part shows and the map does not."""

    def player(**update: object) -> IlosView:
        players = list(view.players)
        players[0] = players[0].model_copy(update=update)
        return view.model_copy(update={"players": players})

    first = view.players[0]
    prices = list(view.prices)
    prices[0] = prices[0].model_copy(update={"step": prices[0].step + 1})
    other = next(p.seat for p in view.players if p.seat != view.active)
    active = [p.model_copy(update={"is_active": p.seat == other}) for p in view.players]
    return {
        "to act": view.model_copy(update={"active": other, "players": active}),
        "first player": player(is_first=not first.is_first),
        "hand size": player(hand_size=first.hand_size + 1),
        "ships": player(ships_in_play=first.ships_in_play + 1),
        "supply": player(ships_in_supply=first.ships_in_supply + 1),
        "colonists": player(colonists_used=first.colonists_used + 1),
        "forts": player(forts=first.forts + 1),
        "posts": player(trading_posts=first.trading_posts + 1),
        "production": player(production={**first.production, "gold": 7}),
        "draws": player(draw_count=first.draw_count + 1),
        "face-up": view.model_copy(update={"face_up": view.face_up[1:]}),
        "stack": view.model_copy(update={"stack_size": view.stack_size + 1}),
        "deck": view.model_copy(update={"deck_size": view.deck_size + 1}),
        "discards": view.model_copy(update={"discard_size": view.discard_size + 1}),
        "buildings": view.model_copy(update={"building_tokens_left": 3}),
        "price": view.model_copy(update={"prices": prices}),
        "markers": view.model_copy(update={"markers_left": view.markers_left - 1}),
    }


def test_issue23_every_field_a_part_shows_is_in_its_inputs() -> None:
    """Issue 23: a board part is drawn again only when its inputs (``render.part_inputs``)
    change. Each edit below changes one thing a part's picture shows: its picture differs,
    and so must its inputs (a field left out of ``render.ilos.inputs`` fails here). What
    only the table shows, who acts among it, leaves the map's inputs (and picture) alone."""
    view = view_at("ilos", 4, 11, 0.6)
    assert isinstance(view, IlosView)
    for part, edits in (("map", _map_edits(view)), ("table", _table_edits(view))):
        before = render.part_inputs(view, part)
        picture = render.render_board_part(view, EN, part).png
        for what, edited in edits.items():
            assert render.render_board_part(edited, EN, part).png != picture, (part, what)
            assert render.part_inputs(edited, part) != before, f"{part}: {what} not in inputs"
    map_inputs = render.part_inputs(view, "map")
    map_picture = render.render_board_part(view, EN, "map").png
    for what, edited in _table_edits(view).items():
        assert render.part_inputs(edited, "map") == map_inputs, f"map inputs read {what}"
        assert render.render_board_part(edited, EN, "map").png == map_picture, what


def test_issue23_table_is_the_same_picture_whatever_was_drawn_before() -> None:
    """Issue 23: the table part keeps its exploration and price panels and its player rows,
    in the palette, for the next hand-overs; a table drawn after earlier views of its game,
    in both languages, is byte for byte the table drawn in a fresh process, and its picture
    is the RGB panels (the players' rows drawn in place) stacked and mapped as a whole."""
    from render import kit

    views = [view_at("ilos", 4, 11, f) for f in (0.3, 0.32, 0.34, 0.5, 0.52)]
    fresh = []
    for view in views:
        kit.clear_text_layers()
        fresh.append(
            (
                render.render_board_part(view, EN, "table").png,
                render.render_board_part(view, KO, "table").png,
            )
        )
    kit.clear_text_layers()
    drawn = []
    for view in views:
        drawn.append(
            (
                render.render_board_part(view, EN, "table").png,
                render.render_board_part(view, KO, "table").png,
            )
        )
    assert drawn == fresh
    view = views[-1]
    styles = ilos_render._styles(view)
    inner = ilos_render.TABLE_W - 2 * ilos_render.MARGIN
    # the players' panel drawn in place, in RGB: the legend, then each row below the last
    t = ilos_render.T
    legend = ilos_render._wrap(EN("ilos.board.legend"), inner - 16, kit.font(t))
    legend_h = len(legend) * (t + 8) + 12
    rows = [ilos_render._row_height(False) for _ in view.players]
    players = Image.new("RGB", (inner, legend_h + sum(rows) + 12 * len(rows)), kit.PAPER)
    d = ImageDraw.Draw(players)
    for i, line in enumerate(legend):
        kit.label(d, (8, 6 + (t + 8) * (i + 0.5)), line, kit.font(t), fill=kit.MUTED, anchor="lm")
    y = legend_h
    for p, h in zip(view.players, rows, strict=True):
        ilos_render._player_row(players, d, y, inner, p, styles[p.seat], EN, False, None)
        y += h + 12
    rgb = kit.stack(
        [
            ilos_render._exploration_panel(view, inner, EN),
            ilos_render._price_panel(view, inner, EN),
            players,
        ]
    )
    header = ilos_render._header(view, styles, EN, ilos_render.TABLE_W, t)
    margin = ilos_render.MARGIN
    whole = Image.new(
        "RGB", (ilos_render.TABLE_W, header.height + rgb.height + 2 * margin), kit.PAPER
    )
    whole.paste(header, (0, 0))
    whole.paste(rgb, (margin, header.height + margin))
    assert kit.encode_png_palette(whole, "ilos") == drawn[-1][0]
