"""Three bot processes on one PostgreSQL database, one of them killed mid-game (issue 12).

Three worker processes (``tests/multiprocess/worker.py``: a ``GameService`` on a
``PostgresStore``, no Discord) share one fresh schema. Games run in 50 channels at once, every
command routed to a random process. Each channel has one driver that presses as its acting
player would: it sends a press with the prompt's version, and when the process handling it
dies before answering, it sends the very same press (same interaction id) to another one. A
quarter of the presses reach two processes at once, and a fifth are sent again later
without a version (a retried interaction).

Midway, one process is killed with SIGKILL while presses are in flight and restarted; the
restarted process first runs with ``REFEREE_DB_CRASH_POINT=after_log_write`` so it dies inside
its first write (log row inserted, not committed), then once more normally. Afterwards:

- no press applied twice: every game's logged interaction ids are exactly the presses its
  driver saw applied, in order, each once, and repeating an applied press never applies it;
- none lost: every press a process acknowledged is in the log (and a press whose process died
  in the write is not, until it is pressed again);
- every game's log replays to its stored state (``python -m db check``'s ``db.tools.check``);
- every reminder is claimed exactly once, though all three processes claim the same games'
  versions at once (the bot's reminder loop, then every version each game went through).

Skipped with the reason when ``REFEREE_TEST_POSTGRES_URL`` is unset or its server does not
answer (as the store tests in ``tests/db``).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import random
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from db.postgres import CRASH_POINT_ENV, PostgresStore
from db.tools import check
from rules.registry import GAMES

REPO = Path(__file__).resolve().parents[2]
CHANNELS = 50
PROCESSES = 3
PRESSES = 6
"""Presses per channel at least; channels keep playing until the kill and crash are over."""
MAX_PRESSES = 999
KILL_AFTER = CHANNELS * PRESSES // 4
"""Applied presses before the kill."""
REPEAT_CHANCE = 0.2
"""How often a driver sends an applied press again, later (a retried interaction)."""
DOUBLE_CHANCE = 0.25
"""How often a press reaches two processes at once."""
REFUSED_AS_DONE = ("error.stale_prompt", "error.duplicate")
START_TIMEOUT = 60.0
TEST_TIMEOUT = 150.0

KINDS = [k for k, spec in sorted(GAMES.items()) if spec.min_players <= 2 <= spec.max_players]


class WorkerGone(Exception):
    """The process died before answering."""


class Worker:
    """One worker process and the requests waiting for its answers."""

    _rids = itertools.count(1)

    def __init__(self, name: str, proc: asyncio.subprocess.Process, log: Path) -> None:
        self.name = name
        self.proc = proc
        self.log = log
        self.alive = True
        self.pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.lost: list[int] = []
        """Interaction ids of presses in flight when the process died."""
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def start(cls, name: str, url: str, logs: Path, *, crash: bool = False) -> Worker:
        env = {k: v for k, v in os.environ.items() if k != CRASH_POINT_ENV}
        if crash:
            env[CRASH_POINT_ENV] = "after_log_write"
        log = logs / f"{name}.log"
        with log.open("wb") as err:
            proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tests.multiprocess.worker",
                url,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=err,
                cwd=REPO,
                env=env,
            )
        assert proc.stdout is not None
        line = await asyncio.wait_for(proc.stdout.readline(), START_TIMEOUT)
        assert line.startswith(b'{"ready"'), f"{name} did not start: {log.read_text()}"
        return cls(name, proc, log)

    async def _read(self) -> None:
        assert self.proc.stdout is not None
        while line := await self.proc.stdout.readline():
            reply = json.loads(line)
            future = self.pending.pop(reply.pop("rid"), None)
            if future is not None and not future.done():
                future.set_result(reply)
        self.alive = False
        for future in self.pending.values():
            if not future.done():
                future.set_exception(WorkerGone(self.name))
        self.pending.clear()

    async def call(self, op: str, **args: Any) -> dict[str, Any]:
        if not self.alive:
            raise WorkerGone(self.name)
        rid = next(self._rids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.pending[rid] = future
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write((json.dumps({"rid": rid, "op": op, **args}) + "\n").encode())
            await self.proc.stdin.drain()
        except (BrokenPipeError, ConnectionResetError) as exc:
            self.pending.pop(rid, None)
            raise WorkerGone(self.name) from exc
        return await future

    async def exited(self) -> int:
        """Wait for the process to end (and its last answers to be read); its exit status."""
        code = await self.proc.wait()
        await self._reader
        return code

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)

    async def stop(self) -> int:
        """Close its input (it finishes what it has and exits); the exit status."""
        if self.proc.returncode is None and self.proc.stdin is not None:
            self.proc.stdin.close()
        try:
            return await asyncio.wait_for(self.exited(), 20)
        except TimeoutError:
            self.kill()
            return await self.exited()


class Cluster:
    """The worker processes; every request goes to a random live one."""

    def __init__(self, url: str, logs: Path) -> None:
        self.url = url
        self.logs = logs
        self.slots: list[Worker] = []
        self.retired: list[Worker] = []
        self.rng = random.Random(12)

    async def start(self) -> None:
        self.slots = list(
            await asyncio.gather(
                *(Worker.start(f"worker{i}", self.url, self.logs) for i in range(PROCESSES))
            )
        )

    async def replace(self, slot: int, name: str, *, crash: bool = False) -> Worker:
        self.retired.append(self.slots[slot])
        worker = await Worker.start(name, self.url, self.logs, crash=crash)
        self.slots[slot] = worker
        return worker

    def pick(self) -> Worker:
        return self.rng.choice([w for w in self.slots if w.alive])

    def pick_distinct(self, count: int) -> list[Worker]:
        live = [w for w in self.slots if w.alive]
        return self.rng.sample(live, min(count, len(live)))

    async def call(self, op: str, **args: Any) -> dict[str, Any]:
        """Send to a random live process; a request that is safe to repeat is repeated when
        its process dies (presses are not: the drivers decide what a lost press means)."""
        for _ in range(10):
            try:
                return await self.pick().call(op, **args)
            except WorkerGone:
                if op == "press":
                    raise
        raise AssertionError(f"{op} {args}: ten processes died under it")

    async def everywhere(self, op: str, **args: Any) -> list[dict[str, Any]]:
        """The same request to every live process at once."""
        return list(await asyncio.gather(*(w.call(op, **args) for w in self.slots if w.alive)))

    def stderr(self) -> str:
        return "\n".join(
            f"--- {w.name} (exit {w.proc.returncode}):\n{w.log.read_text()[-3000:]}"
            for w in [*self.retired, *self.slots]
            if w.log.exists() and w.log.stat().st_size
        )

    async def stop(self) -> list[int]:
        return [await w.stop() for w in self.slots]

    async def kill_all(self) -> None:
        for w in [*self.retired, *self.slots]:
            if w.proc.returncode is None:
                w.kill()
                await w.proc.wait()


@dataclass
class Channel:
    """One channel's driver and what it saw."""

    channel: int
    kind: str
    game: int | None = None
    version: int = 0
    applied: list[int] = field(default_factory=list)
    """Interaction ids applied, in order: acknowledged, or proved applied by the version."""
    acknowledged: set[int] = field(default_factory=set)
    applied_after_loss: set[int] = field(default_factory=set)
    """Presses lost with a process and applied by another (the lost copy did not commit)."""
    died_committed: set[int] = field(default_factory=set)
    """Presses lost with their process whose write had committed (pressing again was stale)."""
    versions: set[int] = field(default_factory=set)
    repeats: int = 0
    doubles: int = 0

    @property
    def users(self) -> tuple[int, int]:
        return (self.channel * 10 + 1, self.channel * 10 + 2)


@dataclass
class Play:
    cluster: Cluster
    chaos_done: asyncio.Event = field(default_factory=asyncio.Event)
    applied: int = 0


async def set_up(cluster: Cluster, ch: Channel) -> dict[str, Any]:
    """``/game new``, ``/game join`` by the second player, ``/game start``: each on a random
    process."""
    creator, other = ch.users
    for op, user in (("new", creator), ("join", other), ("start", creator)):
        reply = await cluster.call(op, channel=ch.channel, kind=ch.kind, user=user)
        assert "refused" not in reply and "failed" not in reply, (ch.channel, op, reply)
    ch.game = reply["game"]
    return reply


async def drive(play: Play, ch: Channel, reply: dict[str, Any]) -> None:
    cluster = play.cluster
    rng = random.Random(ch.channel)
    for n in range(MAX_PRESSES):
        if reply["over"] or (n >= PRESSES and play.chaos_done.is_set()):
            return
        ch.version = reply["version"]
        ch.versions.add(ch.version)
        press = {
            "channel": ch.channel,
            "user": rng.choice(reply["acting"]),
            "iid": ch.channel * 1000 + n,
            "pick": rng.randrange(2**31),
            "version": ch.version,
        }
        copies = 2 if rng.random() < DOUBLE_CHANCE else 1
        ch.doubles += copies - 1
        reply = await press_once(play, ch, press, copies)
        if rng.random() < REPEAT_CHANCE:
            # The same interaction again, without a version: the store's duplicate check
            # (or the turn check, if the other player acts now) refuses it.
            try:
                again = await cluster.call("press", **{**press, "version": None})
            except WorkerGone:
                continue  # lost with its process (had it been applied, the log would say)
            assert not again.get("applied"), f"channel {ch.channel}: {press} applied again"
            assert again.get("refused") in (
                "error.duplicate",
                "error.not_your_turn",
                "error.game_over",
            ), again
            ch.repeats += 1
    raise AssertionError(f"channel {ch.channel}: still playing after {MAX_PRESSES} presses")


async def press_once(play: Play, ch: Channel, press: dict[str, Any], copies: int) -> dict[str, Any]:
    """Press until the press's fate is known; the channel's state after it. The first try
    sends ``copies`` copies of the interaction to different processes at once (the same
    interaction delivered twice); exactly one may be applied."""
    iid = press["iid"]
    lost = False
    for attempt in range(10):
        workers = play.cluster.pick_distinct(copies if attempt == 0 else 1)
        results = await asyncio.gather(
            *(w.call("press", **press) for w in workers), return_exceptions=True
        )
        replies: list[dict[str, Any]] = []
        for worker, result in zip(workers, results, strict=True):
            if isinstance(result, WorkerGone):
                worker.lost.append(iid)
                lost = True
            elif isinstance(result, BaseException):
                raise result
            else:
                replies.append(result)
        applied = [r for r in replies if r.get("applied")]
        refused = [r for r in replies if not r.get("applied")]
        assert len(applied) <= 1, f"channel {ch.channel}: press {press} applied twice"
        if applied:
            assert all(r.get("refused") in REFUSED_AS_DONE for r in refused), refused
            ch.applied.append(iid)
            ch.acknowledged.add(iid)
            if lost:
                ch.applied_after_loss.add(iid)
            play.applied += 1
            return applied[0]
        if lost and refused:
            # Only this driver presses in this channel, so the version moved because the
            # process that died had committed this very press.
            assert all(r.get("refused") in REFUSED_AS_DONE for r in refused), refused
            ch.applied.append(iid)
            ch.died_committed.add(iid)
            play.applied += 1
            return await play.cluster.call("status", channel=ch.channel)
        assert not refused, f"channel {ch.channel}: press {press} answered {refused}"
    raise AssertionError(f"channel {ch.channel}: press {press} lost ten times")


@dataclass
class Chaos:
    killed_in_flight: int = 0
    killed_code: int | None = None
    crashed_code: int | None = None
    crashed_lost: list[int] = field(default_factory=list)
    killed_lost: list[int] = field(default_factory=list)
    mid_claims: list[tuple[str, int, int]] = field(default_factory=list)


async def chaos(play: Play, result: Chaos) -> None:
    """SIGKILL one process with presses in flight, restart it with the crash point set (it
    dies inside its first write), then restart it for good; then a reminder round on every
    process while the games go on."""
    cluster = play.cluster
    try:
        while play.applied < KILL_AFTER:
            await asyncio.sleep(0.01)
        victim = cluster.slots[0]
        deadline = time.monotonic() + 10
        while len(victim.pending) < 2 and time.monotonic() < deadline:
            await asyncio.sleep(0.002)
        result.killed_in_flight = len(victim.pending)
        victim.kill()
        result.killed_code = await victim.exited()
        result.killed_lost = victim.lost

        crashing = await cluster.replace(0, "worker0-crash-in-write", crash=True)
        result.crashed_code = await asyncio.wait_for(crashing.exited(), 60)
        result.crashed_lost = crashing.lost

        await cluster.replace(0, "worker0-restarted")
        for reply, worker in zip(await cluster.everywhere("remind"), cluster.slots, strict=True):
            result.mid_claims += [(worker.name, g, v) for g, v in reply["claimed"]]
    finally:
        play.chaos_done.set()


async def test_three_processes_one_killed(postgres_url: str, tmp_path: Path) -> None:
    assert KINDS, "no registered game seats two players"
    cluster = Cluster(postgres_url, tmp_path)
    try:
        await asyncio.wait_for(run(cluster, postgres_url), TEST_TIMEOUT)
    except BaseException as exc:
        exc.add_note(cluster.stderr())
        raise
    finally:
        await cluster.kill_all()


async def run(cluster: Cluster, url: str) -> None:
    # Migrations run once, before the processes start (as an operator's `python -m db
    # migrate`); each process's store then finds the schema up to date.
    async with PostgresStore(url):
        pass
    await cluster.start()
    play = Play(cluster)
    channels = [Channel(9000 + i, KINDS[i % len(KINDS)]) for i in range(CHANNELS)]
    result = Chaos()
    started = await asyncio.gather(*(set_up(cluster, ch) for ch in channels))
    await asyncio.gather(
        chaos(play, result), *(drive(play, ch, r) for ch, r in zip(channels, started, strict=True))
    )

    # The kill and the crash happened where they were meant to.
    assert result.killed_code == -signal.SIGKILL
    assert result.killed_in_flight >= 1, "the killed process had no press in flight"
    assert result.crashed_code == -signal.SIGKILL, "the crash point was never reached"
    assert result.crashed_lost, "the process that crashed in a write lost no press"
    lost_in_crash = set(result.crashed_lost)
    committed = set().union(*(ch.died_committed for ch in channels))
    assert not lost_in_crash & committed, "a write the process died in was committed"
    assert lost_in_crash <= set().union(*(ch.applied_after_loss for ch in channels))
    assert set(result.killed_lost) <= set().union(
        *(ch.applied_after_loss | ch.died_committed for ch in channels)
    )

    # Final reminder rounds: the bot's loop on every process at once, twice, then every
    # version any game went through, claimed by every process at once.
    claims = list(result.mid_claims)
    for _ in range(2):
        for reply, worker in zip(await cluster.everywhere("remind"), cluster.slots, strict=True):
            claims += [(worker.name, g, v) for g, v in reply["claimed"]]
    pairs = sorted({(ch.game, v) for ch in channels for v in ch.versions})
    for reply, worker in zip(
        await cluster.everywhere("claim", pairs=pairs), cluster.slots, strict=True
    ):
        claims += [(worker.name, g, v) for g, v in reply["claimed"]]
    assert all(code == 0 for code in await cluster.stop())

    claimed = [(g, v) for _, g, v in claims]
    twice = {p for p in claimed if claimed.count(p) > 1}
    assert not twice, f"reminders claimed more than once: {sorted(twice)}"
    assert {(g, v) for g, v in pairs} <= set(claimed)

    async with PostgresStore(url) as store:
        games = {g.id: g for g in await store.open_games()}
        assert {(g.id, g.version) for g in games.values() if g.status == "active"} <= set(
            claimed
        ), "an active game's current version was never reminded"
        async with store.connection() as conn:
            rows = await conn.fetchval("SELECT count(*) FROM reminders")
            assert rows == len(claimed)
            dupes = await conn.fetchval(
                "SELECT count(*) FROM (SELECT interaction_id FROM actions WHERE "
                "interaction_id IS NOT NULL GROUP BY interaction_id HAVING count(*) > 1) d"
            )
            assert dupes == 0
        for ch in channels:
            assert ch.game is not None
            game = await store.get_game(ch.game)
            assert game is not None and game.channel_id == ch.channel
            log = await store.actions(ch.game, include_undone=True)
            logged = [a.interaction_id for a in log]
            # Each press applied once, none lost, nothing else written: new, join and start
            # are versions 0-2, then one version per applied press.
            assert logged == ch.applied, (ch.channel, logged, ch.applied)
            assert ch.acknowledged <= set(logged)
            assert game.version == 2 + len(ch.applied), (ch.channel, game.version)

    report = await check(url)
    assert report.games == CHANNELS
    assert report.ok, report.problems

    total = sum(len(ch.applied) for ch in channels)
    print(
        f"\n{PROCESSES} processes, {CHANNELS} channels ({', '.join(KINDS)}): {total} presses "
        f"applied ({sum(ch.doubles for ch in channels)} of them sent to two processes at "
        f"once), {sum(ch.repeats for ch in channels)} repeated presses refused; SIGKILL "
        f"lost {len(result.killed_lost)} in flight ({len(committed)} of them committed before "
        f"it died), the crash in a write lost "
        f"{len(result.crashed_lost)}; {len(claimed)} reminders claimed once each"
    )
