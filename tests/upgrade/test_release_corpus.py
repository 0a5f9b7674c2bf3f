"""Issue 17.4: databases written by earlier releases open, check and play on with today's code.

Each ``tests/upgrade/releases/<commit>.sqlite3`` was written by that release's own code
(``python -m tests.upgrade.make_corpus``); a test works on a copy. After the upgrade:

- ``python -m db migrate`` applies today's migrations and ``python -m db check`` finds nothing;
- every running game plays to its end with random legal moves through ``GameService``, and
  ``db check`` still finds its log (old entries, then today's) replaying to its state;
- through the bot (Korean players), ``/game log`` and an agreed ``/game undo`` work on an old
  game of each kind, and a takeback vote the old release left open can still be answered;
- ``python -m db copy`` moves the migrated database into PostgreSQL (skipped without
  ``REFEREE_TEST_POSTGRES_URL``, as the store tests are).
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import shutil
import tempfile
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.i18n import t
from bot.service import GameService, current_data_hash, spec_of
from db.__main__ import main as db_main
from db.snapshot import read_sqlite
from db.sqlite import SqliteStore
from db.store import ActionRecord, GameRecord, GameStore
from db.tools import check
from db.verify import replay_problems
from rules.core import data as core_data
from rules.maracaibo import components as maracaibo_components
from tests.harness import Harness
from tests.upgrade.make_corpus import data_dir_of

RELEASES = Path(__file__).with_name("releases")
CORPUS = sorted(p.stem for p in RELEASES.glob("*.sqlite3"))


def _clear_data_caches() -> None:
    core_data.override_dir.cache_clear()
    maracaibo_components.data.cache_clear()
    current_data_hash.cache_clear()


@pytest.fixture(params=CORPUS)
def corpus(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The release's database, with the club data folder its games were played with (if any)."""
    database = RELEASES / f"{request.param}.sqlite3"
    club = data_dir_of(database)
    if club.is_dir():
        monkeypatch.setenv("REFEREE_DATA_DIR", str(club))
    else:
        monkeypatch.delenv("REFEREE_DATA_DIR", raising=False)
    _clear_data_caches()
    yield database
    monkeypatch.delenv("REFEREE_DATA_DIR", raising=False)
    _clear_data_caches()


@pytest.fixture
def db_path(tmp_path: Path, corpus: Path) -> Iterator[Path]:
    """A copy of the release's database (also the file the harness's bot opens), in memory
    where the machine offers it: the store syncs every move to disk, which is slow here and
    beside the point (crash safety is tested in tests/db)."""
    memory = Path("/dev/shm")
    folder = Path(tempfile.mkdtemp(dir=memory)) if os.access(memory, os.W_OK) else tmp_path
    path = folder / "referee.sqlite3"
    shutil.copyfile(corpus, path)
    yield path
    if folder != tmp_path:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[SqliteStore]:
    opened = SqliteStore(str(db_path))
    await opened.open()  # today's migrations run here
    try:
        yield opened
    finally:
        await opened.close()


async def _running(store: GameStore) -> list[GameRecord]:
    return [g for g in await store.open_games() if g.status == "active"]


def _name(game: GameRecord) -> str:
    return f"{game.kind} game {game.id} (channel {game.channel_id})"


def test_17_4_migrate_then_check_finds_no_problem(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """17.4 / 17.3: migrations apply and every game's log replays to its stored state."""
    assert db_main(["migrate", "--db", str(db_path)]) == 0, capsys.readouterr().err
    assert db_main(["check", "--db", str(db_path)]) == 0, capsys.readouterr().out


def _random_run(spec: Any, rnd: random.Random) -> Callable[[Any, str], list[Any]]:
    """Random legal actions for the seat while it alone keeps acting (one press of a player
    who does several steps in a row; fewer writes)."""

    def choose(state: Any, seat: str) -> list[Any]:
        actions = []
        for _ in range(50):
            legal = spec.legal_actions(state, seat)
            action = legal[rnd.randrange(len(legal))]
            actions.append(action)
            state = spec.apply(state, seat, action).state
            if spec.is_over(state) or spec.to_act(state) != frozenset({seat}):
                break
        return actions

    return choose


async def test_17_4_every_running_game_plays_to_its_end(store: SqliteStore, db_path: Path) -> None:
    """17.4: every game the old release left running ends with random legal moves through
    GameService (every failure is listed, not only the first), and the old logs with today's
    moves after them still replay to the stored states (db check)."""
    service = GameService(store)
    failures = []
    games = await _running(store)
    assert games, "the corpus has running games"
    for game in games:
        rnd = random.Random(game.channel_id)
        try:
            spec = spec_of(game)
            current, state = game, service.state_of(game)
            for _ in range(5_000):
                seat = sorted(spec.to_act(state))[0]
                user = current.user_of(seat)
                assert user is not None and user.user_id is not None
                outcome = await service.act(game.channel_id, user.user_id, _random_run(spec, rnd))
                if outcome.ended:
                    break
                current, state = outcome.game, outcome.state
            ended = await store.get_game(game.id)
            assert ended is not None and ended.status == "finished", "did not end"
        except Exception as exc:
            failures.append(f"{_name(game)}: {exc!r}")
    assert not failures, f"{len(failures)} of {len(games)} games:\n" + "\n".join(failures)
    report = await check(str(db_path))
    played = [p for p in report.problems if any(f"game {g.id} (" in p for g in games)]
    assert not played, f"{len(played)} of {len(games)} games played on:\n" + "\n".join(played)


async def test_issue25_5_games_ended_before_the_archive_are_archived_at_start(
    store: SqliteStore, db_path: Path
) -> None:
    """Issue 25 point 5: at start-up the bot archives (and rates, in the order they ended) the
    finished and abandoned games an old release left, each finished one with the result its
    log replays to (db check compares them)."""
    ended = await store.unarchived_games()
    assert {g.status for g in ended} == {"finished", "abandoned"}, "the corpus has ended games"
    service = GameService(store)
    await service.data_sets.load(store)
    assert await service.archive_ended_games() == len(ended)  # what start-up does for them
    assert await store.unarchived_games() == []
    snapshot = read_sqlite(db_path)
    records = {r.game_id: r for r in snapshot.game_records}
    assert {g.id: g.status for g in ended} == {i: r.outcome for i, r in records.items()}
    finished = [r for r in records.values() if r.outcome == "finished"]
    assert all(r.scores_json is not None and r.rated for r in finished)
    assert not replay_problems(snapshot, [r.game_id for r in finished])


@contextmanager
def _pinned_ids(h: Harness, ids: list[int]) -> Iterator[None]:
    """The next Discord objects simcord makes get ``ids`` (the old database's channel and
    user ids, as the real server would have them)."""
    backend = h.env.backend
    queue = list(ids)
    original = backend.snowflake

    def next_id() -> int:
        return backend.reserve_id(queue.pop(0)) if queue else original()  # type: ignore[no-any-return]

    backend.snowflake = next_id
    try:
        yield
    finally:
        del backend.snowflake
    assert not queue, f"ids not used: {queue}"


def _undo_target(log: list[ActionRecord]) -> tuple[int, int] | None:
    """The player whose latest action may be taken back (nothing revealed since) and that
    action's position, or None."""
    humans = [a for a in log if a.user_id is not None]
    if not humans:
        return None
    user, seq = humans[-1].user_id, humans[-1].seq
    assert user is not None
    if any(a.reveals for a in log if a.seq >= seq):
        return None
    return user, seq


async def _forged_button(h: Harness, channel: Any, custom_id: str) -> Any:
    """A message carrying the old release's takeback button (its message is not in simcord)."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="?", custom_id=custom_id))
    sent = h.bot.get_channel(channel.id)
    assert isinstance(sent, discord.TextChannel)
    return await sent.send("takeback", view=view)


@pytest.mark.guild_locale("ko")
async def test_17_4_game_log_and_agreed_undo_through_the_bot(harness: Harness) -> None:
    """17.4: Korean players of old games, through the bot. ``/game log`` answers in the old
    game of each kind with the longest log; ``/game undo`` agreed by the other players takes
    back the last action of the longest old game of each kind where that may be taken back
    (nothing revealed since); a takeback vote the old release left open completes."""
    h = harness
    store = h.bot.store
    games = await _running(store)
    logs = {g.id: await store.actions(g.id) for g in games}
    kinds = sorted({g.kind for g in games})
    longest = {
        k: max((g for g in games if g.kind == k), key=lambda g: len(logs[g.id])) for k in kinds
    }
    undoable: dict[str, tuple[GameRecord, int, int]] = {}
    open_votes = []
    for game in sorted(games, key=lambda g: len(logs[g.id])):
        if await store.undo_request(game.id, game.version) is not None:
            open_votes.append(game)
            continue
        target = _undo_target(logs[game.id])
        if target is not None and sum(1 for s in game.seats if s.user_id) >= 2:
            undoable[game.kind] = (game, *target)
    assert sorted(undoable) == kinds, "an old game of each kind whose last action may go back"

    shown_games = {g.id: g for g in [*longest.values(), *open_votes]}
    shown_games.update({g.id: g for g, _, _ in undoable.values()})
    users = sorted({s.user_id for g in shown_games.values() for s in g.seats if s.user_id})
    with _pinned_ids(h, users):
        members = {u: h.member(f"player{i}", locale="ko") for i, u in enumerate(users)}
    channels = {}
    for game in shown_games.values():
        with _pinned_ids(h, [game.channel_id]):
            channels[game.id] = h.channel(f"table{game.id}")
    failed = t("error.internal", "ko")
    problems = []

    for game in longest.values():
        viewer = members[next(s.user_id for s in game.seats if s.user_id is not None)]
        shown = await h.slash(viewer, "game log", channels[game.id])
        if failed in shown.content or not re.search(r"`\s*\d+`", shown.content):
            problems.append(f"/game log in {_name(game)}: {shown.content[:200]!r}")

    for game, requester, seq in undoable.values():
        ask = await h.slash(members[requester], "game undo", channels[game.id])
        yes = [i for i in ask.custom_ids if i.endswith(":y")]
        if not yes:
            problems.append(f"/game undo in {_name(game)}: {ask.content[:200]!r}")
            continue
        answers = [
            await h.click(members[voter], ask, custom_id=yes[0])
            for voter in sorted(GameService.undo_voters(game, requester))
        ]
        after = await store.get_game(game.id)
        live = await store.actions(game.id)
        if after is None or after.version != game.version + 1 or live[-1].seq >= seq:
            said = answers[-1].content[-120:] if answers else ""
            problems.append(f"agreed undo of action {seq} in {_name(game)}: {said!r}")

    for game in open_votes:
        request = await store.undo_request(game.id, game.version)
        assert request is not None
        left = sorted(GameService.undo_voters(game, request.requester_id) - request.approvals)
        custom_id = f"rf:undo:{game.id}:{game.version}:y"
        button = await _forged_button(h, channels[game.id], custom_id)
        answers = [await h.click(members[v], button, custom_id=custom_id) for v in left]
        after = await store.get_game(game.id)
        if after is None or after.version != game.version + 1:
            said = answers[-1].content[-120:] if answers else ""
            problems.append(f"the open takeback vote in {_name(game)}: {said!r}")
    seen = h.expect_logged_errors()
    assert not problems, "\n".join(problems) + "\nlogged:\n" + "\n".join(seen)


async def test_17_4_db_copy_of_the_migrated_database_to_postgres(
    db_path: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """17 (done when): a club with old games moves to PostgreSQL."""
    assert await asyncio.to_thread(db_main, ["migrate", "--db", str(db_path)]) == 0
    code = await asyncio.to_thread(db_main, ["copy", str(db_path), postgres_url])
    assert code == 0, capsys.readouterr().err
