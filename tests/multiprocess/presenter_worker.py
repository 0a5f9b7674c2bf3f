"""One bot process with the real presenter, in its own simcord world, for the delivery test
(``tests/multiprocess/test_delivery.py``, issue 18 point 8).

``python -m tests.multiprocess.presenter_worker TARGET WORLD POSTS NOW``

- ``TARGET``: the shared store (a SQLite file or a PostgreSQL URL);
- ``WORLD``: which Discord world (a harness, ``tests.harness.running``) this process serves: its server, channels and members get
  the same ids every time a process starts with this number (so a restarted process serves
  the same channels), and ids no other world has (so each process reaches only its own);
- ``POSTS``: every message the bot posted in one of its channels is appended there as a JSON
  line (the process's Discord dies with it, so the test reads what it posted here);
- ``NOW``: the game clock at start, in seconds after ``EPOCH``.

The bot is the real ``RefereeBot`` (presenter, reminder loop, timeouts) on the shared store,
with a game clock the test sets: every request names the moment it happens at. It prints
``{"ready": PID}``, then answers each request line in turn with one JSON line, only after
everything the request set off has settled and the posts are written:

- ``{"op": "setup", "now": T}``: open, fill and start the world's games (unless the store
  already has them: a restarted process);
- ``{"op": "play", "now": T, "table": I, "pick": N}``: the acting player of table I plays
  one random legal action (seeded by N); answers ``over`` when that game has ended;
- ``{"op": "tick", "now": T}``: one round of the bot's reminder loop at game time T.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bot.client import create_bot
from bot.service import Player, spec_of
from bot.settings import Settings
from db.postgres import PostgresStore
from db.sqlite import SqliteStore
from db.store import GameStore
from db.targets import is_postgres
from tests.harness import Harness, running
from tests.multiprocess.worker import chooser

EPOCH = datetime(2030, 1, 1, tzinfo=UTC)
TABLES = [("ilos", 2), ("renaissance", 3)]
"""Each world's games: (kind, players)."""
LOOP_MINUTES = 15
"""``RefereeBot.remind`` runs every 15 minutes of the bot's (simcord's) time."""


class World:
    """This process's Discord (a harness world): its channels, their players, what was posted."""

    def __init__(self, h: Harness, number: int, posts: str) -> None:
        self.h = h
        self.number = number
        self.posts = posts
        self.channels = [h.channel(f"table{i}") for i in range(len(TABLES))]
        self.members = [
            [h.member(f"w{number}t{i}p{j}") for j in range(players)]
            for i, (_, players) in enumerate(TABLES)
        ]
        self.written: set[int] = set()

    async def setup(self) -> dict[str, Any]:
        service = self.h.bot.service
        for (kind, _), channel, members in zip(TABLES, self.channels, self.members, strict=True):
            if await self.h.bot.store.current_game(channel.id) is not None:
                continue
            people = [Player(m.id, f"player {m.id % 1000}") for m in members]
            await service.new_game(channel.id, self.h.guild.id, kind, people[0])
            for person in people[1:]:
                await service.join(channel.id, person)
            await service.start(channel.id, people[0])
        return {}

    async def play(self, table: int, pick: int) -> dict[str, Any]:
        """The acting player presses (through the service: the presenter posts as for a
        press of the menu, without drawing the menu)."""
        channel = self.channels[table]
        service = self.h.bot.service
        game = await self.h.bot.store.current_game(channel.id)
        if game is None or game.status != "active":
            return {"over": True}
        state = service.state_of(game)
        spec = spec_of(game)
        if spec.is_over(state):
            return {"over": True}
        users = {s.seat: s.user_id for s in game.seats}
        user = next(u for s in sorted(spec.to_act(state)) if (u := users.get(s)) is not None)
        await service.act(channel.id, user, chooser(pick), expected_version=game.version)
        return {"over": False}

    async def tick(self) -> dict[str, Any]:
        await self.h.advance(LOOP_MINUTES * 60 + 1)
        return {}

    def write_posts(self) -> int:
        """Append the bot's channel posts not written yet; how many there were."""
        fresh = []
        me = self.h.bot.user.id if self.h.bot.user else None
        for channel in self.channels:
            for message in self.h.messages(channel):
                if message.author.id != me or message.id in self.written:
                    continue
                self.written.add(message.id)
                fresh.append(
                    {
                        "world": self.number,
                        "pid": os.getpid(),
                        "channel": channel.id,
                        "id": message.id,
                        "content": message.content,
                    }
                )
        with open(self.posts, "a", encoding="utf-8") as out:
            for post in fresh:
                out.write(json.dumps(post, ensure_ascii=False) + "\n")
        return len(fresh)


def store_for(target: str, clock: Any) -> GameStore:
    if is_postgres(target):
        return PostgresStore(target, now=clock, pool_size=2, lock_pool_size=2)
    return SqliteStore(target, now=clock)


async def serve(target: str, number: int, posts: str, now: float) -> None:
    game_time = {"now": now}

    def clock() -> datetime:
        return EPOCH + timedelta(seconds=game_time["now"])

    settings = Settings(
        token="test",
        db_path=target,
        reminder_hours=24.0,
        timeout_hours=48.0,
        cooldown_per_10s=0,
        render_processes=0,
    )
    bot = create_bot(settings, store=store_for(target, clock), clock=clock)
    async with running(Path(target), bot=bot) as h:
        # Snowflakes follow simcord's clock: each world makes its channels and members at its
        # own moment, so no two worlds share an id, and a restarted world gets its old ids.
        await h.advance(number * 3600 + 1)
        world = World(h, number, posts)
        sys.stdout.write(json.dumps({"ready": os.getpid()}) + "\n")
        sys.stdout.flush()
        loop = asyncio.get_running_loop()
        while line := await loop.run_in_executor(None, sys.stdin.readline):
            request = json.loads(line)
            game_time["now"] = float(request["now"])
            op = request["op"]
            if op == "setup":
                answer = await world.setup()
            elif op == "play":
                answer = await world.play(request["table"], request["pick"])
            elif op == "tick":
                answer = await world.tick()
            else:
                raise ValueError(f"unknown op {op!r}")
            await h.env.settle()
            answer["posted"] = world.write_posts()
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()


def main() -> None:
    target, number, posts, now = sys.argv[1:5]
    asyncio.run(serve(target, int(number), posts, float(now)))


if __name__ == "__main__":
    main()
