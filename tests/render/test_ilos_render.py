"""Ilos images from real games: decoding, phone size, hidden information, goldens."""

from __future__ import annotations

from pathlib import Path

import pytest

import render
from render import ilos as ilos_render
from rules.ilos.view import IlosView
from tests.render.games import spec_for, state_at, view_at
from tests.render.imaging import GOLDEN_DIR, assert_matches_golden, decode, mean_abs_diff, updating

MAX_WIDTH = 1600
MAX_HEIGHT = 4000


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_mid_game_board_decodes_and_fits_a_phone(players: int) -> None:
    out = render.render_board(view_at("ilos", players, 11, 0.5))
    img = decode(out.png)
    assert img.width <= MAX_WIDTH and img.height <= MAX_HEIGHT
    assert len(out.png) < 2_000_000
    assert f"round {view_at('ilos', players, 11, 0.5).round}" in out.summary


@pytest.mark.parametrize("fraction", [0.0, 0.02, 1.0])
def test_start_setup_and_end_boards_render(fraction: float) -> None:
    view = view_at("ilos", 3, 4, fraction)
    img = decode(render.render_board(view).png)
    assert img.width <= MAX_WIDTH


def test_board_shows_every_placed_tile_and_face_up_tile_in_summary() -> None:
    view = view_at("ilos", 4, 11, 0.5)
    out = render.render_board(view)
    assert f"{len(view.board)} island tile" in out.summary
    for tile in view.face_up:
        assert tile.id in out.summary


def test_private_panel_of_one_seat_differs_from_another() -> None:
    """ILOS-R130: each seat's hand and screen go only to that seat, so the panels differ."""
    a = render.render_private(view_at("ilos", 3, 11, 0.5, "p1"))
    b = render.render_private(view_at("ilos", 3, 11, 0.5, "p2"))
    assert a is not None and b is not None
    assert a.png != b.png and a.summary != b.summary
    assert mean_abs_diff(decode(a.png), decode(b.png)) > 0.5
    assert decode(a.png).width <= MAX_WIDTH


def test_public_board_is_the_same_from_any_seat_view() -> None:
    """ILOS-R130/R131: the channel board never shows a hand, whichever view it is drawn from."""
    public = render.render_board(view_at("ilos", 3, 11, 0.5))
    from_seat = render.render_board(view_at("ilos", 3, 11, 0.5, "p2"))
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
    before = render.render_board(spec.view(base, None))
    after = render.render_board(spec.view(changed, None))
    assert before.png == after.png
    assert before.summary == after.summary
    seat = base.seats[seat_index]
    private_before = render.render_private(spec.view(base, seat))
    private_after = render.render_private(spec.view(changed, seat))
    assert private_before is not None and private_after is not None
    assert private_before.summary != private_after.summary
    assert "ruins" in private_after.summary
    assert "screen" not in before.summary.lower()


def test_public_summary_follows_public_hand_size() -> None:
    """ILOS-R131: hand sizes are public, so the summary must change when one changes."""
    spec = spec_for("ilos")
    base = state_at("ilos", 3, 11, 0.5)
    changed = base.model_copy(deep=True)
    changed.players[0].hand["ship"] += 3
    assert (
        render.render_board(spec.view(base, None)).summary
        != render.render_board(spec.view(changed, None)).summary
    )


def test_finished_game_reveals_screens() -> None:
    """ILOS-R134: at the end every screen is shown."""
    view = view_at("ilos", 2, 4, 1.0)
    assert view.phase == "finished"
    out = render.render_board(view)
    assert "screen" in out.summary


def test_player_names_in_any_script() -> None:
    view = view_at("ilos", 2, 11, 0.5)
    named = render.render_board(view, {"p1": "김민수", "p2": "Zoë"})
    assert "김민수" in named.summary and "Zoë" in named.summary
    assert named.png != render.render_board(view).png


def test_private_panel_shows_the_pending_declaration() -> None:
    spec = spec_for("ilos")
    state = state_at("ilos", 3, 11, 0.5)
    for _ in range(200):
        seat = sorted(spec.to_act(state))[0]
        if spec.view(state, seat).pending is not None:
            break
        actions = spec.legal_actions(state, seat)
        state = spec.apply(state, seat, actions[-1]).state
    seat = sorted(spec.to_act(state))[0]
    view = spec.view(state, seat)
    if view.pending is None:
        pytest.skip("no staged declaration reached")
    out = render.render_private(view)
    assert out is not None and "Declaring" in out.summary


# ----------------------------------------------------------------------------------- goldens

GOLDENS = {
    "ilos_board_4p": (4, 21, 0.55, None),
    "ilos_private_4p_p1": (4, 21, 0.55, "p1"),
}


@pytest.mark.parametrize("name", sorted(GOLDENS))
def test_golden_image(name: str) -> None:
    """Renders a stored view (saved with the golden) and compares with a tolerance; regenerate
    with REFEREE_UPDATE_GOLDEN=1 after an intended visual change."""
    players, seed, fraction, seat = GOLDENS[name]
    view_file: Path = GOLDEN_DIR / f"{name}.view.json"
    if updating():
        view = view_at("ilos", players, seed, fraction, seat)
        view_file.write_text(view.model_dump_json(indent=1), encoding="utf-8")
    view = IlosView.model_validate_json(view_file.read_text(encoding="utf-8"))
    out = ilos_render.render_board(view) if seat is None else ilos_render.render_private(view)
    assert out is not None
    assert_matches_golden(name, out.png)
