"""The chart of how a game went (issue 25 point 4): each seat's score round by round, from the
replayed log, with the board's seat colours, within the image limits (1600x2000 px, 350 KiB)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.i18n import Translator
from render.score_chart import chart_styles, render_score_chart
from rules.core.bots import play_random_game
from rules.core.replay import GameSetup
from rules.core.score_track import ScoreTrack, score_track
from rules.registry import GAMES
from tests.plugin_game.rules import SPEC as SEALED
from tests.plugin_game.rules import Bid

MAX_BYTES = 350 * 1024
SHORT = {"renaissance": {"end_condition": "epochs_1"}}
"""Options that keep a random whole game short (the default run stays fast)."""


def test_issue25_4_sealed_bids_track_has_the_start_each_round_and_the_end() -> None:
    """Two rounds of sealed bids: p1 wins the first (2 against 1), p2 the second."""
    setup = GameSetup(seats=["p1", "p2"], options={"players": 2, "rounds": 2}, seed=3)
    bids = [("p1", 2), ("p2", 1), ("p1", 0), ("p2", 1)]
    entries = [(seat, Bid(amount=n).model_dump_json()) for seat, n in bids]
    track = score_track(SEALED, setup, 1, entries)
    assert track.seats == ["p1", "p2"]
    assert track.rounds == [1, 1, 2]
    assert track.totals == {"p1": [0, 1, 1], "p2": [0, 0, 1]}


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_issue25_4_every_game_tracks_its_final_scores_from_the_log(kind: str) -> None:
    """The last point of every game's track is its final result (scores from replay)."""
    spec = GAMES[kind]
    players = 1 if spec.min_players == 1 else spec.min_players
    options = spec.Options.model_validate({"players": players, **SHORT.get(kind, {})})
    state, log = play_random_game(spec, options, 5)
    setup = GameSetup(seats=log.seats, options=log.options, seed=log.seed)
    entries = [(a.seat, a.action) for a in log.actions]
    track = score_track(spec, setup, log.rules_version, entries)
    final = {row.seat: row.total for row in spec.scores(state).seats}
    assert track.last() == final
    assert len(track.rounds) >= 2 and track.rounds == sorted(track.rounds)


def test_issue25_4_chart_of_six_seats_and_many_rounds_keeps_the_image_limits() -> None:
    seats = [f"p{i}" for i in range(1, 7)]
    track = ScoreTrack(seats=[], rounds=[], totals={})
    for r in range(40):
        track.add(r, {s: (i + 1) * r * 7 - 50 for i, s in enumerate(seats)})
    names = {s: f"아주 긴 이름의 선수 {s}" for s in seats}
    view = SEALED.view(SEALED.new_game(seats, SEALED.Options(players=6), 1), None)
    image = render_score_chart(track, view, Translator("ko", names), "점수 흐름", "라운드")
    assert len(image.png) <= MAX_BYTES
    width, height = Image.open(io.BytesIO(image.png)).size
    assert width <= 1600 and height <= 2000
    assert "아주 긴 이름의 선수 p6" in image.summary and "-50 → -43" in image.summary


def test_issue25_4_chart_uses_the_boards_seat_colours() -> None:
    """Ilos seats have the colours the board draws (the renderer's ``seat_styles``)."""
    from render.ilos import seat_styles

    spec = GAMES["ilos"]
    state = spec.new_game(["p1", "p2", "p3"], spec.Options.model_validate({"players": 3}), 2)
    view = spec.view(state, None)
    assert chart_styles(view, ["p1", "p2", "p3"]) == seat_styles(view)
