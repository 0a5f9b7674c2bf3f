"""Where images are drawn: worker processes, so drawing never holds the bot's event loop.

Pillow drawing is mostly Python code under the GIL; in threads, many channels' renders
contend with the event loop and with each other. ``Renderer`` runs the ``render`` functions
in a process pool (``REFEREE_RENDER_PROCESSES`` workers; 0 means threads, which the tests
use). Views and translators are plain picklable models, and every worker keeps its own
caches of static layers and fonts warm across calls. ``Renderer.start`` launches every worker
at start-up: a pool started on demand would spawn its second worker (tens of milliseconds of
the event loop's time) in the middle of the first busy moment.

``PartPictures`` keeps the last picture of each board part of each table: a part whose
inputs (``render.part_inputs``) did not change since is not drawn again.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import gc
import logging
import multiprocessing
import os
import pickle
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

from bot.i18n import Translator
from render import RenderedImage, part_caption, part_inputs, render_board_part
from rules.core import View
from rules.core.data import DataSet, pinned_data_sets, using_data_sets

log = logging.getLogger(__name__)

T = TypeVar("T")
V = TypeVar("V")


def load_renderers() -> None:
    """Import every game's renderer (and Pillow with them) and load its component data. The
    bot's own process needs them too: ``render.board_parts`` names a game's parts from its
    renderer module, and a first import there would hold the event loop for a few hundred
    milliseconds."""
    import render  # noqa: F401
    from rules.registry import GAMES

    for spec in GAMES.values():
        __import__(spec.renderer)
        spec.data_source()


WARM_LANGUAGES = ("ko", "en")


def draw_first_boards() -> None:
    """Draw every part of a new game's board of every game, in each language: the fonts,
    maps and other static layers a board draws once are ready before the first post (a
    cold table of the largest game took about 300 ms more than a warm one)."""
    from bot.i18n import Translator
    from render import board_parts, render_board_part
    from rules.core.bots import seat_names
    from rules.registry import GAMES

    for spec in GAMES.values():
        try:
            players = max(spec.min_players, min(4, spec.max_players))
            state = spec.new_game(seat_names(players), spec.Options(players=players), 0)
            view = spec.view(state, None)
            for lang in WARM_LANGUAGES:
                for part in board_parts(view):
                    render_board_part(view, Translator(lang, {}), part)
        except Exception:  # warming is a head start only: a worker must start regardless
            log.warning("could not draw a first board of %s", spec.key, exc_info=True)


def _warm_up() -> None:
    """Load the renderers once per worker and draw a first board of every game (fonts and
    static layers load on first use), then freeze what that left alive: the worker's full
    collections walk only what its drawings keep, not the modules, component data and
    static layers (as ``bot.collector`` does for the bot)."""
    load_renderers()
    draw_first_boards()
    gc.collect()
    gc.freeze()


READY_WAIT = 0.2
"""Seconds a worker stays busy answering ``Renderer.start``'s roll call, so that the other
calls of the same round go to other workers."""
READY_SECONDS = 120.0
"""How long ``Renderer.start`` keeps calling the roll while workers are still starting (a
worker busy loading its renderers answers none; on a crowded machine that takes seconds)."""


def _ready() -> int:
    time.sleep(READY_WAIT)
    return os.getpid()


def _render_packed(packed: bytes, tr: Translator, part: str) -> RenderedImage:
    """``render_board_part`` of a view pickled once for all the parts drawn from it
    (``PartPictures.draw``): the view is by far the largest argument, and a worker call
    pickles its arguments anew each time, on the bot's side."""
    view: View = pickle.loads(packed)
    return render_board_part(view, tr, part)


def _pinned_call(pins: dict[str, DataSet], function: Callable[..., T], *args: Any) -> T:
    with using_data_sets(pins):
        return function(*args)


class Renderer:
    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    def _executor(self) -> concurrent.futures.Executor | None:
        if self.processes <= 0:
            return None
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.processes, mp_context=context, initializer=_warm_up
            )
        return self._pool

    async def start(self) -> int:
        """Load the renderers here and launch every worker process now (at the bot's
        start-up), not on the first pictures, and wait until each has started; returns how
        many workers answered (0 with threads)."""
        load_renderers()
        executor = self._executor()
        if executor is None:
            return 0
        loop = asyncio.get_running_loop()
        # one call per worker at once makes the pool spawn them all; calling the roll again
        # until each has answered waits out their start-up, which may end at different times
        up: set[int] = set()
        deadline = loop.time() + READY_SECONDS
        while len(up) < self.processes and loop.time() < deadline:
            calls = (loop.run_in_executor(executor, _ready) for _ in range(self.processes))
            up.update(await asyncio.gather(*calls))
        return len(up)

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a worker process (or a thread when there are none), with the
        component data sets pinned here (a game on older data draws with its own)."""
        executor = self._executor()
        if executor is None:
            return await asyncio.to_thread(function, *args)  # the thread copies the pins
        loop = asyncio.get_running_loop()
        pins = pinned_data_sets()
        if pins:
            return await loop.run_in_executor(executor, _pinned_call, pins, function, *args)
        return await loop.run_in_executor(executor, function, *args)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


class PictureCache(Generic[V]):
    """The last ``size`` pictures drawn, by a key naming everything they show (least recently
    used goes first): showing the same thing again draws nothing."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[Hashable, V] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: Hashable) -> V | None:
        item = self._items.get(key)
        if item is not None:
            self._items.move_to_end(key)
        return item

    def put(self, key: Hashable, item: V) -> None:
        self._items[key] = item
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)


def _inputs(view: View, part: str) -> bytes | None:
    """``render.part_inputs``, or None (the part is drawn) when the declaration fails."""
    try:
        return part_inputs(view, part)
    except Exception:
        log.exception("the inputs of board part %s of %s could not be read", part, view.game)
        return None


PART_PICTURES = 512
"""Board part pictures kept, the last one per table, part and reader (about 100 KiB each;
enough for every part of a hundred tables of the largest game)."""


class PartPictures:
    """The last picture drawn of each board part, per table (a game, in one language with
    its names): a hand-over draws only the parts whose inputs (``render.part_inputs``)
    changed since the table's last post, and gives the others the picture kept (the post
    attaches it again, with the caption written for the new view)."""

    def __init__(self, size: int = PART_PICTURES) -> None:
        self._kept: PictureCache[tuple[bytes, bytes]] = PictureCache(size)
        self.drawn = 0
        """Parts drawn by the renderer so far."""
        self.reused = 0
        """Parts given their kept picture so far."""

    async def draw(
        self, renderer: Renderer, table: Hashable, view: View, tr: Translator, parts: list[str]
    ) -> list[RenderedImage | BaseException]:
        """Every part of ``view``'s board in ``parts``, in order (an exception in place of
        one that failed to draw), for ``table`` (what tells one game's tables apart: the
        game's id); the parts to draw are drawn by ``renderer``, at once."""
        reader = (tr.lang, tuple(sorted(tr.names.items())))
        keys = [(table, reader, part) for part in parts]
        digests = [_inputs(view, part) for part in parts]
        images: list[RenderedImage | BaseException | None] = []
        for key, digest, part in zip(keys, digests, parts, strict=True):
            kept = self._kept.get(key) if digest is not None else None
            if kept is not None and kept[0] == digest:
                try:
                    filename, summary = part_caption(view, tr, part)
                except Exception as error:  # as a failed drawing: left out of the post
                    images.append(error)
                    continue
                images.append(RenderedImage(png=kept[1], filename=filename, summary=summary))
                self.reused += 1
            else:
                images.append(None)
        drawing = [n for n, image in enumerate(images) if image is None]
        if len(drawing) > 1 and renderer.processes > 0:  # one pickle for every part
            packed = pickle.dumps(view, pickle.HIGHEST_PROTOCOL)
            calls = [renderer.run(_render_packed, packed, tr, parts[n]) for n in drawing]
        else:
            calls = [renderer.run(render_board_part, view, tr, parts[n]) for n in drawing]
        drawn = await asyncio.gather(*calls, return_exceptions=True)
        self.drawn += len(drawing)
        for n, image in zip(drawing, drawn, strict=True):
            images[n] = image
            digest = digests[n]
            if digest is not None and isinstance(image, RenderedImage):
                self._kept.put(keys[n], (digest, image.png))
        return [image for image in images if image is not None]
