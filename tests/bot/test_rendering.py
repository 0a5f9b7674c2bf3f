"""Images drawn in worker processes equal those drawn in the bot's own process (issue 8)."""

from __future__ import annotations

from bot.i18n import Translator
from bot.rendering import Renderer
from render import render_board
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
