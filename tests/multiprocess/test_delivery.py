"""Every reminder, timeout post and hand-over post reaches its channel exactly once, while bot
processes share one store and one of them is killed (issue 18 point 8).

Each worker (``tests/multiprocess/presenter_worker.py``) is the real bot (presenter, reminder
loop, timeouts) in its own simcord Discord, serving its own server: an Ilos table played in
bursts with idle days between (hand-over posts and reminders) and an Age of Renaissance table
nobody answers (reminders, then the bot answers with the game's defaults after the time
limit). The test moves the game clock by hours between rounds; every process runs its
reminder loop each round, and sees every game of the shared store. Midway, one process is
killed with SIGKILL between two requests (a kill inside a request may lose the post of a
step already stored or a claimed reminder: those are at most once by design, and the log
survives, as tests/multiprocess/test_shared_postgres.py shows) and a new process serving the
same server starts later; its due reminder and timeout must come from it, not from another
process that cannot post there.

What each process posted is written to a file (its Discord dies with it). Afterwards, per
game, from the store: as many reminder posts as reminders claimed; as many timeout posts as
timeouts logged; as many hand-over posts as the logged steps call for (the start, then each
stored change of who acts, each timeout and the end). A reminder claimed or a timeout
answered by a process that could not post, or a hand-over posted twice or lost, fails.

SQLite serves one process at a time (its file lock), so on SQLite the killed process is
replaced; on PostgreSQL (when ``REFEREE_TEST_POSTGRES_URL`` answers) two processes run at
once. ``REFEREE_DELIVERY_ROUNDS`` (default 10, eight hours each) makes a longer soak.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path
from typing import Any

from bot.service import logged_steps
from db.snapshot import Snapshot, read_sqlite
from db.tools import read_postgres_target
from tests.db.conftest import Backend, postgres_backend

__all__ = ["postgres_backend"]  # the fixture: a fresh schema, dropped afterwards (skips without)

REPO = Path(__file__).resolve().parents[2]
ROUNDS = int(os.environ.get("REFEREE_DELIVERY_ROUNDS", "10"))
ROUND_HOURS = 8
KILL_AFTER_PLAYS_OF = 4
"""The round after whose plays world 0's process is killed; its successor starts a round
later (so the reminder loop runs once without it)."""
ANSWER_TIMEOUT = 60.0


class Proc:
    """One worker process, asked one request at a time."""

    def __init__(self, proc: asyncio.subprocess.Process, log: Path) -> None:
        self.proc = proc
        self.log = log

    @classmethod
    async def start(cls, target: str, world: int, tmp: Path, now: float) -> Proc:
        log = tmp / f"world{world}.log"
        err = log.open("ab")
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.multiprocess.presenter_worker",
            target,
            str(world),
            str(tmp / f"posts{world}.jsonl"),
            str(now),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=err,
            cwd=REPO,
        )
        err.close()
        worker = cls(proc, log)
        ready = await worker.read()
        assert "ready" in ready, log.read_text()
        return worker

    async def read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = await asyncio.wait_for(self.proc.stdout.readline(), ANSWER_TIMEOUT)
        assert line, "the worker died:\n" + self.log.read_text()[-3000:]
        answer: dict[str, Any] = json.loads(line)
        return answer

    async def call(self, op: str, now: float, **args: Any) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write((json.dumps({"op": op, "now": now, **args}) + "\n").encode())
        await self.proc.stdin.drain()
        return await self.read()

    async def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()

    async def stop(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        assert await asyncio.wait_for(self.proc.wait(), ANSWER_TIMEOUT) == 0


@dataclass
class Clock:
    """The game clock the test moves: a second per request, hours per round."""

    now: float = 0.0

    def step(self, seconds: float = 1.0) -> float:
        self.now += seconds
        return self.now


async def run(target: str, worlds: int, tmp: Path) -> None:
    clock = Clock()
    procs: list[Proc | None] = [await Proc.start(target, w, tmp, clock.now) for w in range(worlds)]
    for proc in procs:
        assert proc is not None
        await proc.call("setup", clock.step())
    for round_ in range(ROUNDS):
        if round_ % 4 == 0:  # Ilos: a burst of play, then idle long enough for a reminder
            for pick in range(3):
                for w, proc in enumerate(procs):
                    if proc is not None:
                        await proc.call("play", clock.step(), table=0, pick=round_ * 10 + pick + w)
        if round_ == KILL_AFTER_PLAYS_OF:
            assert procs[0] is not None
            await procs[0].kill()
            procs[0] = None
        elif procs[0] is None:
            procs[0] = await Proc.start(target, 0, tmp, clock.now)
        clock.step(ROUND_HOURS * 3600)
        await asyncio.gather(*(p.call("tick", clock.now) for p in procs if p is not None))
    for proc in procs:
        assert proc is not None
        await proc.stop()


def posts_of(tmp: Path) -> tuple[dict[int, list[str]], dict[int, set[int]]]:
    """What every process posted, by channel; and which processes posted, by world."""
    out: dict[int, list[str]] = {}
    posters: dict[int, set[int]] = {}
    for path in sorted(tmp.glob("posts*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            post = json.loads(line)
            out.setdefault(post["channel"], []).append(post["content"])
            posters.setdefault(post["world"], set()).add(post["pid"])
    return out, posters


def expected(snapshot: Snapshot) -> dict[int, tuple[int, int, int]]:
    """Per channel, from the store: (reminders claimed, timeouts answered, hand-over posts
    the logged steps call for)."""
    reminders = {
        g.id: sum(1 for r in snapshot.reminders if r.game_id == g.id) for g in snapshot.games
    }
    logs = snapshot.logs()
    out = {}
    for row in snapshot.games:
        game = row.record()
        log = [a.record() for a in logs[game.id] if not a.undone]
        acting, steps = logged_steps(game, log)
        by_seq = {s.seq: s for s in steps}
        timeouts, posts = 0, 1  # the start post
        # one stored change (a press, a timeout) is one transaction: its rows share a time
        for _, group in groupby(log, key=lambda a: a.created_at):
            rows = list(group)
            last = by_seq[rows[-1].seq]
            timed_out = all(r.user_id is None for r in rows)  # no bot seats at these tables
            timeouts += timed_out
            posts += timed_out or last.over or last.acting != acting
            acting = last.acting
        out[game.channel_id] = (reminders[game.id], timeouts, posts)
    return out


def check(snapshot: Snapshot, tmp: Path, worlds: int) -> None:
    posted, posters = posts_of(tmp)
    wanted = expected(snapshot)
    assert len(wanted) == 2 * worlds
    for channel, (reminders, timeouts, posts) in wanted.items():
        texts = posted.get(channel, [])
        said = [t for t in texts if t.startswith("Reminder:")]
        told = [t for t in texts if not t.startswith("Reminder:")]
        late = [t for t in told if "No answer in time" in t]
        assert (len(said), len(late), len(told)) == (reminders, timeouts, posts), (
            f"channel {channel}: posted (reminders, timeouts, hand-overs) "
            f"{(len(said), len(late), len(told))}, the store says {(reminders, timeouts, posts)}"
        )
    totals = [sum(v[i] for v in wanted.values()) for i in range(3)]
    assert totals[0] >= 2 * worlds and totals[1] >= worlds, totals  # the test saw both
    assert len(posters[0]) == 2, "the killed process or its successor posted nothing"


async def test_each_post_reaches_its_channel_once_on_sqlite_with_a_process_killed(
    tmp_path: Path,
) -> None:
    target = str(tmp_path / "referee.sqlite3")
    await run(target, 1, tmp_path)
    check(read_sqlite(target), tmp_path, 1)


async def test_each_post_reaches_its_channel_once_on_postgres_with_a_process_killed(
    tmp_path: Path, postgres_backend: Backend
) -> None:
    target = postgres_backend.target
    await run(target, 2, tmp_path)
    check(await read_postgres_target(target), tmp_path, 2)
