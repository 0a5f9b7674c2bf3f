"""Async measurements on either store (a SQLite file path or a ``postgresql://`` URL, as
``REFEREE_DB``): persisting one action, one command through ``GameService`` (and the part of
it spent waiting for the store); ``bench.presses`` times presses through the bot.

PostgreSQL figures are taken in a fresh schema per measurement (``fresh_schema``), dropped
afterwards, so a benchmark never touches anything else in the database.
"""

from __future__ import annotations

import asyncio
import gc
import inspect
import random
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any, TypeVar, cast

from bot.service import GameService, Player
from db import store_for
from db.store import GameStore, NewAction, SeatRecord
from rules.core.bots import random_action
from rules.registry import GAMES

CHANNEL = 1
T = TypeVar("T")


async def persist_times(target: str | Path, kind: str, state: Any, rounds: int) -> list[float]:
    """``record_actions`` of one action with ``state`` (one transaction), ``rounds`` times."""
    store = store_for(str(target))
    await store.open()
    try:
        seats = [SeatRecord(seat=s, user_id=i + 1, name=s) for i, s in enumerate(state.seats)]
        game = await store.create_game(
            channel_id=CHANNEL,
            guild_id=1,
            kind=kind,
            creator_id=1,
            options={},
            seed=1,
            seats=seats,
        )
        game = await store.update_game(
            game.id, game.version, status="active", state_json=state.model_dump_json()
        )
        out = []
        payload = state.model_dump_json()
        for i in range(rounds):
            start = time.perf_counter()
            game = await store.record_actions(
                game.id,
                game.version,
                [NewAction(seat="p1", user_id=1, action_json='{"type":"x"}', interaction_id=i)],
                payload,
                "active",
            )
            out.append(time.perf_counter() - start)
        return out
    finally:
        await store.close()


class TimedStore:
    """A store that adds up the time spent awaiting it (every call, and taking and releasing
    the channel lock); everything else passes through."""

    def __init__(self, store: GameStore) -> None:
        self._store = store
        self.spent = 0.0

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._store, name)
        if not inspect.iscoroutinefunction(attr):
            return attr

        async def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return await attr(*args, **kwargs)
            finally:
                self.spent += time.perf_counter() - start

        return timed

    @asynccontextmanager
    async def channel_lock(self, channel_id: int) -> AsyncIterator[None]:
        start = time.perf_counter()
        async with self._store.channel_lock(channel_id):
            self.spent += time.perf_counter() - start
            yield
            start = time.perf_counter()
        self.spent += time.perf_counter() - start


async def command_times(
    target: str | Path, kind: str, players: int, presses: int
) -> tuple[list[float], list[float]]:
    """One command through ``GameService.act`` (channel lock, load, turn check, random legal
    action, apply, persist; no Discord, no rendering), ``presses`` times from the start of a
    game: each command's whole time, and the part of it spent awaiting the store."""
    spec = GAMES[kind]
    store = store_for(str(target))
    await store.open()
    try:
        timed = TimedStore(store)
        service = GameService(cast(GameStore, timed), seed_source=lambda: 7)
        people = [Player(user_id=i + 1, name=f"player{i + 1}") for i in range(players)]
        await service.new_game(CHANNEL, 1, kind, people[0])
        for person in people[1:]:
            await service.join(CHANNEL, person)
        await service.start(CHANNEL, people[0])
        rnd = random.Random(1)

        def choose(state: Any, seat: str) -> list[Any]:
            return [random_action(spec, state, seat, rnd)]

        whole: list[float] = []
        waited: list[float] = []
        for i in range(presses):
            game = await store.current_game(CHANNEL)  # who acts (not timed)
            if game is None or game.state_json is None:
                break
            state = spec.load_state(game.state_json)
            if spec.is_over(state):
                break
            seat = game.user_of(sorted(spec.to_act(state))[0])
            assert seat is not None and seat.user_id is not None
            timed.spent = 0.0
            start = time.perf_counter()
            await service.act(
                CHANNEL, seat.user_id, choose, interaction_id=i + 1, expected_version=game.version
            )
            whole.append(time.perf_counter() - start)
            waited.append(timed.spent)
        return whole, waited
    finally:
        await store.close()


# -- PostgreSQL ---------------------------------------------------------------------------


async def postgres_problem(url: str) -> str | None:
    """Why the PostgreSQL server at ``url`` cannot be benchmarked (None: it answers)."""
    import asyncpg  # type: ignore[import-untyped]

    from db.postgres_url import redact, split_schema

    plain, _ = split_schema(url)
    try:
        conn = await asyncpg.connect(plain, timeout=5)
    except Exception as exc:
        return f"PostgreSQL at {redact(plain)} does not answer: {exc!r}"
    await conn.close()
    return None


@asynccontextmanager
async def fresh_schema(url: str) -> AsyncIterator[str]:
    """The URL with a new schema of its own (the store creates it), dropped on exit."""
    import asyncpg

    from db.postgres_url import split_schema

    plain, _ = split_schema(url)
    schema = f"referee_bench_{uuid.uuid4().hex[:12]}"
    try:
        yield f"{plain}{'&' if '?' in plain else '?'}schema={schema}"
    finally:
        conn = await asyncpg.connect(plain)
        try:
            await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        finally:
            await conn.close()


def on_postgres(url: str, measure: Callable[[str], Awaitable[T]]) -> T:
    """Run ``measure(target)`` in a fresh schema of the database at ``url``."""

    async def run() -> T:
        async with fresh_schema(url) as target:
            return await measure(target)

    return asyncio.run(run())


@contextmanager
def collector_pauses() -> Iterator[list[tuple[int, float]]]:
    """Record every garbage collection while the block runs: (generation, seconds). A full
    (generation-2) collection stops the whole process, event loop included."""
    pauses: list[tuple[int, float]] = []
    started: list[float] = []

    def observe(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started.append(time.perf_counter())
        elif started:
            pauses.append((info["generation"], time.perf_counter() - started.pop()))

    gc.callbacks.append(observe)
    try:
        yield pauses
    finally:
        gc.callbacks.remove(observe)
