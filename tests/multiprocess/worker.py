"""One bot process without Discord, for the multi-process test: a ``GameService`` on a
``PostgresStore``, driven by JSON lines on stdin and answering JSON lines on stdout.

``python -m tests.multiprocess.worker URL`` prints ``{"ready": PID}`` once its store is
open, then serves every request line as its own task (so one process handles many channels
at once, as the bot does), answering ``{"rid": N, ...}`` in whatever order they finish.
End of input closes the store and exits 0. ``REFEREE_DB_CRASH_POINT`` works as in the bot.

Requests (``rid`` and ``op`` plus):

- ``new`` / ``join`` / ``start``: ``channel``, ``user`` (``new`` also ``kind``)
- ``press``: ``channel``, ``user``, ``iid`` (the interaction id), ``pick`` (seeds the random
  legal choice), optional ``version`` (the prompt's version, as a button's ``custom_id``)
- ``status``: ``channel``
- ``remind``: what ``RefereeBot.remind`` does, without sending: every due game's reminder is
  claimed in the store; answers the claimed ``[game, version]`` pairs
- ``claim``: ``pairs`` (``[game, version]``), each claimed with ``claim_reminder``

A game answer has ``game``, ``version``, ``acting`` (the users who must act) and ``over``;
a refusal has ``refused`` (the message key).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import sys
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from bot.errors import UserError
from bot.reminders import due
from bot.service import GameService, Outcome, Player, spec_of
from db.postgres import PostgresStore
from db.store import GameRecord
from rules.core.bots import random_action
from rules.registry import GAMES

GUILD = 1


def player(user: int) -> Player:
    return Player(user_id=user, name=f"user {user}")


def describe(game: GameRecord | None, service: GameService) -> dict[str, Any]:
    """Where the channel's game stands: version, who must act (user ids), whether it is over."""
    if game is None:
        return {"game": None, "version": None, "acting": [], "over": True}
    acting: list[int] = []
    over = game.status not in ("lobby", "active")
    if game.status == "active" and game.state_json is not None:
        spec = spec_of(game)
        state = service.state_of(game)
        over = spec.is_over(state)
        users = {s.seat: s.user_id for s in game.seats}
        if not over:
            acting = sorted(u for s in spec.to_act(state) if (u := users.get(s)) is not None)
    return {"game": game.id, "version": game.version, "acting": acting, "over": over}


def chooser(pick: int) -> Callable[[Any, str], list[Any]]:
    """``choose`` for ``GameService.act``: one random legal action, seeded by ``pick`` (the
    same press on the same state chooses the same action, whichever process handles it)."""

    def choose(state: Any, seat: str) -> list[Any]:
        spec = next(s for s in GAMES.values() if isinstance(state, s.State))
        return [random_action(spec, state, seat, random.Random(pick))]

    return choose


class Worker:
    def __init__(self, store: PostgresStore) -> None:
        self.store = store
        self.service = GameService(store)

    def outcome(self, outcome: Outcome) -> dict[str, Any]:
        return describe(outcome.game, self.service)

    async def handle(self, req: dict[str, Any]) -> dict[str, Any]:
        op = req["op"]
        service = self.service
        if op == "new":
            return self.outcome(
                await service.new_game(req["channel"], GUILD, req["kind"], player(req["user"]))
            )
        if op == "join":
            return self.outcome(await service.join(req["channel"], player(req["user"])))
        if op == "start":
            return self.outcome(await service.start(req["channel"], player(req["user"])))
        if op == "press":
            outcome = await service.act(
                req["channel"],
                req["user"],
                chooser(req["pick"]),
                interaction_id=req["iid"],
                expected_version=req.get("version"),
            )
            return {**describe(outcome.game, self.service), "applied": True}
        if op == "status":
            return describe(await self.store.current_game(req["channel"]), self.service)
        if op == "remind":
            now = service.clock() + timedelta(days=1)
            claimed = []
            for game in due(await self.store.open_games(), now, timedelta(hours=1)):
                if await self.store.claim_reminder(game.id, game.version):
                    claimed.append([game.id, game.version])
            return {"claimed": claimed}
        if op == "claim":
            results = await asyncio.gather(
                *(self.store.claim_reminder(g, v) for g, v in req["pairs"])
            )
            return {"claimed": [p for p, ok in zip(req["pairs"], results, strict=True) if ok]}
        raise ValueError(f"unknown op {op!r}")

    async def answer(self, req: dict[str, Any]) -> None:
        try:
            reply = await self.handle(req)
        except UserError as exc:
            reply = {"refused": exc.key}
        except Exception as exc:
            logging.exception("request %s failed", req)
            reply = {"failed": repr(exc)}
        sys.stdout.write(json.dumps({"rid": req["rid"], **reply}) + "\n")
        sys.stdout.flush()


async def serve(url: str) -> None:
    store = PostgresStore(url)
    await store.open()
    worker = Worker(store)
    sys.stdout.write(json.dumps({"ready": os.getpid()}) + "\n")
    sys.stdout.flush()
    loop = asyncio.get_running_loop()
    tasks: set[asyncio.Task[None]] = set()
    try:
        while line := await loop.run_in_executor(None, sys.stdin.readline):
            task = asyncio.create_task(worker.answer(json.loads(line)))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
        if tasks:
            await asyncio.wait(tasks)
    finally:
        await store.close()


def main() -> None:
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    asyncio.run(serve(sys.argv[1]))


if __name__ == "__main__":
    main()
