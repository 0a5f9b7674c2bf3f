"""Async measurements: persisting one action, and one command handled inside the bot."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from db.sqlite import SqliteStore
from db.store import NewAction, SeatRecord


async def persist_times(path: Path, kind: str, state: Any, rounds: int) -> list[float]:
    store = SqliteStore(str(path))
    await store.open()
    try:
        seats = [SeatRecord(seat=s, user_id=i + 1, name=s) for i, s in enumerate(state.seats)]
        game = await store.create_game(
            channel_id=1, guild_id=1, kind=kind, creator_id=1, options={}, seed=1, seats=seats
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


async def bot_handling_times(path: Path, kind: str, players: int, presses: int) -> list[float]:
    """Time our handler for real button presses through the Discord harness (test extra).

    The clock runs around our components' callback (``bot.components.Component``): from the
    interaction reaching our handler to
    the reply handed to discord.py (load, apply, persist, render, post), without the
    harness's idle settle wait.
    """
    try:
        from tests.cogs.helpers import (
            acting_member,
            open_id,
            open_table,
            press_first_choice,
            prompt,
        )
        from tests.harness import running
    except ImportError:
        return []
    from bot.components import Component

    durations: list[float] = []
    original = Component.callback

    async def timed(self: Component, interaction: Any) -> None:
        start = time.perf_counter()
        await original(self, interaction)
        durations.append(time.perf_counter() - start)

    Component.callback = timed  # type: ignore[method-assign]
    try:
        async with running(path) as h:
            members = await open_table(h, kind, [f"player{i}" for i in range(players)])
            presses_timed: list[float] = []
            for _ in range(presses):
                actor = acting_member(h, members)
                menu = await h.click(actor, prompt(h), custom_id=open_id(prompt(h)))
                durations.clear()
                await press_first_choice(h, actor, menu)
                presses_timed += durations
            return presses_timed
    finally:
        Component.callback = original  # type: ignore[method-assign]
