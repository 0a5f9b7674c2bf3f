"""Images drawn in worker processes equal those drawn in the bot's own process (issue 8)."""

from __future__ import annotations

from bot.i18n import Translator
from bot.rendering import PartPictures, Renderer
from render import board_parts, render_board, render_board_part
from rules.core.bots import seat_names
from rules.registry import GAMES


async def test_worker_processes_draw_the_same_board_as_threads() -> None:
    spec = GAMES["endeavor"]
    state = spec.new_game(seat_names(2), spec.Options(players=2), 5)
    view = spec.view(state, None)
    tr = Translator("ko", {"p1": "민지", "p2": "서준"})
    threads, processes = Renderer(0), Renderer(1)
    try:
        here = await threads.run(render_board, view, tr)
        there = await processes.run(render_board, view, tr)
    finally:
        processes.close()
    assert there.png == here.png and there.summary == here.summary


async def test_start_launches_every_worker_before_the_first_picture() -> None:
    """Issue 23 (event-loop stalls): the bot's start-up launches all render workers, so no
    worker is spawned on the event loop in the middle of a busy moment; threads need none."""
    processes = Renderer(2)
    try:
        assert await processes.start() == 2
    finally:
        processes.close()
    assert await Renderer(0).start() == 0


async def test_parts_drawn_from_one_pickled_view_equal_parts_drawn_in_threads() -> None:
    """Issue 23: when several parts of a board are drawn in worker processes, the view is
    pickled once for all of them; every part is the picture a thread draws."""
    spec = GAMES["endeavor"]
    state = spec.new_game(seat_names(3), spec.Options(players=3), 8)
    view = spec.view(state, None)
    tr = Translator("en", {"p1": "Ann", "p2": "Bo", "p3": "Cy"})
    parts = board_parts(view)
    assert len(parts) > 1
    processes = Renderer(1)
    try:
        there = await PartPictures().draw(processes, 1, view, tr, parts)
    finally:
        processes.close()
    here = [render_board_part(view, tr, part) for part in parts]
    assert [(i.png, i.filename, i.summary) for i in there] == [  # type: ignore[union-attr]
        (i.png, i.filename, i.summary) for i in here
    ]
