"""What bot processes share through the store (both backends): takeback requests and their
approvals, reminder claims that succeed exactly once, seat offers whose consents meet across
processes, what the bot remembers of players' DMs, and the channel lock.

A second store opened on the same database stands for a second process (for SQLite within
one process, which the file lock allows; several processes need PostgreSQL).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

import pytest

from db.store import (
    DirectMessage,
    GameNotFound,
    GameRecord,
    GameStore,
    NewAction,
    SeatRecord,
    VersionConflict,
)
from tests.db.conftest import Backend

NewGame = Callable[..., Awaitable[GameRecord]]  # the new_game fixture


async def played(store: GameStore, new_game: NewGame, channel_id: int = 5000) -> GameRecord:
    game = await new_game(channel_id)
    return await store.record_actions(
        game.id,
        game.version,
        [NewAction("p1", 101, '{"type": "a"}', 1), NewAction("p2", 102, '{"type": "b"}', 2)],
        '{"turn": 2}',
        "active",
    )


async def test_an_undo_request_is_kept_with_its_requester_and_target(
    store: GameStore, new_game: NewGame, backend: Backend
) -> None:
    game = await played(store, new_game)
    assert await store.undo_request(game.id, game.version) is None
    request = await store.request_undo(game.id, game.version, 102, 1)
    assert (request.game_id, request.version, request.requester_id) == (game.id, game.version, 102)
    assert request.keep_through_seq == 1 and request.approvals == frozenset()
    assert request.created_at.tzinfo is not None

    # A second request at the same version does not replace the first one.
    again = await store.request_undo(game.id, game.version, 101, 0)
    assert again == request
    # Another process (a second store) sees the same request; a restart does not lose it.
    other = backend.store()
    await other.open()
    try:
        assert await other.undo_request(game.id, game.version) == request
    finally:
        await other.close()
    assert await store.undo_request(game.id, game.version + 1) is None


async def test_undo_requests_name_the_version_the_game_is_at(
    store: GameStore, new_game: NewGame
) -> None:
    game = await played(store, new_game)
    with pytest.raises(VersionConflict):
        await store.request_undo(game.id, game.version - 1, 102, 1)
    with pytest.raises(GameNotFound):
        await store.request_undo(999, 0, 102, 1)
    with pytest.raises(ValueError):
        await store.request_undo(game.id, game.version, 102, -1)
    assert await store.undo_request(game.id, game.version - 1) is None


async def test_approvals_from_several_processes_are_all_kept(
    store: GameStore, new_game: NewGame, backend: Backend
) -> None:
    game = await played(store, new_game)
    assert await store.approve_undo(game.id, game.version, 101) is None  # nothing open
    await store.request_undo(game.id, game.version, 102, 1)
    others = [backend.store() for _ in range(2)]
    for other in others:
        await other.open()
    try:
        voters = [store, *others]
        results = await asyncio.gather(
            *(s.approve_undo(game.id, game.version, 200 + i) for i, s in enumerate(voters)),
            store.approve_undo(game.id, game.version, 200),  # a repeated press
        )
        assert all(r is not None for r in results)
        final = await others[0].undo_request(game.id, game.version)
        assert final is not None and final.approvals == frozenset({200, 201, 202})
    finally:
        for other in others:
            await other.close()


async def test_closing_a_request_succeeds_once_and_keeps_it(
    store: GameStore, new_game: NewGame, backend: Backend
) -> None:
    game = await played(store, new_game)
    await store.request_undo(game.id, game.version, 102, 1)
    await store.approve_undo(game.id, game.version, 101)
    other = backend.store()
    await other.open()
    try:
        closed = await asyncio.gather(
            store.close_undo_request(game.id, game.version),
            other.close_undo_request(game.id, game.version),
            store.close_undo_request(game.id, game.version),
        )
        assert sorted(closed) == [False, False, True]
    finally:
        await other.close()
    assert await store.undo_request(game.id, game.version) is None
    assert await store.approve_undo(game.id, game.version, 102) is None
    assert await store.close_undo_request(game.id, game.version) is False
    assert await backend.raw("SELECT COUNT(*) FROM undo_requests") == [(1,)]  # kept

    # A new request at the same version starts afresh, without the old approvals.
    fresh = await store.request_undo(game.id, game.version, 101, 0)
    assert fresh.requester_id == 101 and fresh.approvals == frozenset()


async def test_a_reminder_is_claimed_exactly_once_across_processes(
    store: GameStore, new_game: NewGame, backend: Backend
) -> None:
    game = await played(store, new_game)
    others = [backend.store() for _ in range(2)]
    for other in others:
        await other.open()
    try:
        claims = await asyncio.gather(
            *(s.claim_reminder(game.id, game.version) for s in [store, *others] * 4)
        )
        assert claims.count(True) == 1 and len(claims) == 12
        # The next version of the game is a new reminder; a restart remembers the old one.
        assert await others[1].claim_reminder(game.id, game.version + 1) is True
    finally:
        for other in others:
            await other.close()
    reopened = backend.store()
    await reopened.open()
    try:
        assert await reopened.claim_reminder(game.id, game.version) is False
        assert await reopened.claim_reminder(game.id, game.version + 1) is False
    finally:
        await reopened.close()


@asynccontextmanager
async def opened(backend: Backend, count: int = 1) -> AsyncIterator[list[GameStore]]:
    """``count`` more open stores on the same database: other processes, or a restart."""
    stores: list[GameStore] = [backend.store() for _ in range(count)]
    for other in stores:
        await other.open()
    try:
        yield stores
    finally:
        for other in stores:
            await other.close()


async def test_seat_consents_given_on_two_processes_meet_and_complete_once(
    store: GameStore, new_game: NewGame, backend: Backend
) -> None:
    """Issue 18 point 8: seat offers kept their consents in one process's memory, so Take
    and Give pressed on two processes never met. Pressed at the same moment on two stores
    (two processes on PostgreSQL), exactly one press completes each offer; a press after
    that opens a new offer, and a restart between the two presses loses no consent."""
    game = await played(store, new_game)
    async with opened(backend) as (other,):
        for taker in range(300, 310):
            take = store.consent_to_seat(game.id, 101, taker, "take", taker, f"t{taker}")
            give = other.consent_to_seat(game.id, 101, taker, "give", 101)
            pair = (
                await asyncio.gather(take, give) if taker % 2 else await asyncio.gather(give, take)
            )
            assert [c.complete for c in pair].count(True) == 1, taker
            done = next(c for c in pair if c.complete)
            assert (done.taker_name, done.given_by) == (f"t{taker}", 101)
        # The offer is closed: a repeated press starts a new one, which waits for both again.
        again = await store.consent_to_seat(game.id, 101, 300, "take", 300, "t300")
        assert not again.complete
        assert not (await store.consent_to_seat(game.id, 101, 300, "take", 300)).complete
    # Take before a restart, Give (by a moderator, for a holder who left) after it.
    await store.consent_to_seat(game.id, 102, 400, "take", 400, "민지")
    async with opened(backend) as (reopened,):
        done = await reopened.consent_to_seat(game.id, 102, 400, "give", 900)
        assert done.complete and (done.taker_name, done.given_by) == ("민지", 900)
    with pytest.raises(ValueError):
        await store.consent_to_seat(game.id, 101, 300, "mod", 900)  # type: ignore[arg-type]


async def test_remembered_dms_and_the_closed_dm_notice_are_shared(
    store: GameStore, new_game: NewGame, backend: Backend
) -> None:
    """Issue 18 point 8 (left by issue 19): the DM a player's next own step edits and the
    "your DMs are closed" notice were remembered per process. Any process (or a restart)
    finds the DM to edit, taking it forgets it, and the notice is claimed once per game and
    player across processes."""
    game = await played(store, new_game)
    assert await store.take_own_dm(game.id, 101) is None
    await store.keep_own_dm(game.id, 101, DirectMessage(11, 12))
    await store.keep_own_dm(game.id, 101, DirectMessage(11, 13))  # the newer DM replaces it
    async with opened(backend, 2) as others:
        assert await others[0].take_own_dm(game.id, 101) == DirectMessage(11, 13)
        assert await others[1].take_own_dm(game.id, 101) is None  # taken: edited once
        claims = await asyncio.gather(
            *(s.claim_dm_closed_notice(game.id, 102) for s in [store, *others] * 3)
        )
        assert claims.count(True) == 1
        assert await others[0].claim_dm_closed_notice(game.id, 101) is True  # another player
        await others[1].keep_own_dm(game.id, 102, DirectMessage(21, 22))
    async with opened(backend) as (reopened,):
        assert await reopened.take_own_dm(game.id, 102) == DirectMessage(21, 22)
        assert await reopened.claim_dm_closed_notice(game.id, 102) is False


async def test_channel_lock_lets_one_change_at_a_time_per_channel(store: GameStore) -> None:
    order: list[str] = []

    a_holds = asyncio.Event()

    async def change(channel_id: int, name: str, pause: float) -> None:
        async with store.channel_lock(channel_id):
            order.append(f"{name}+")
            if name == "a":
                a_holds.set()
            await asyncio.sleep(pause)
            order.append(f"{name}-")

    # a holds channel 1's lock before b and c ask (gathered at once, b could be first in line
    # on a store whose lock is taken over a connection; b then a is no less one at a time).
    first = asyncio.create_task(change(1, "a", 0.5))
    await a_holds.wait()
    await asyncio.gather(first, change(1, "b", 0.0), change(2, "c", 0.0))
    # b waited for a (same channel); c did not (another channel).
    assert order.index("a-") < order.index("b+")
    assert order.index("c-") < order.index("a-")


async def test_channel_lock_is_released_when_the_body_raises(store: GameStore) -> None:
    with pytest.raises(RuntimeError):
        async with store.channel_lock(7):
            raise RuntimeError("boom")
    async with asyncio.timeout(5), store.channel_lock(7):
        pass


async def test_issue24_3_absent_ai_stand_ins_and_ai_seat_offers_are_stored(
    store: GameStore, new_game: NewGame, backend: Backend
) -> None:
    """Issue 24 point 3, on both backends: a game's AI for absent players is kept (set when
    opened, changed in the lobby), a seat's standing-in AI is written with the moves it
    played in one write and read back by another process, a logged action keeps the level
    that played it for its absent player, and a seat offer to an AI (taker 0) keeps the
    level it was opened with: a later consent naming another level never changes it."""
    game = await new_game(start=False, absent_ai="easy")
    assert game.absent_ai == "easy"
    game = await store.update_game(game.id, game.version, absent_ai="strong")
    game = await store.update_game(game.id, game.version, status="active", state_json="{}")
    assert game.absent_ai == "strong"
    seats = [SeatRecord("p1", 101, "Ana"), SeatRecord("p2", 102, "민준", stand_in="strong")]
    moved = await store.record_actions(
        game.id,
        game.version,
        [NewAction("p2", None, '{"type": "b"}', stand_in="strong")],
        '{"turn": 1}',
        "active",
        seats=seats,
    )
    assert moved.seats == seats and moved.version == game.version + 1
    async with opened(backend) as (other,):
        seen = await other.get_game(game.id)
        assert seen is not None and seen.seats == seats and seen.absent_ai == "strong"
        logged = await other.actions(game.id)
        assert [(a.seat, a.user_id, a.stand_in) for a in logged] == [("p2", None, "strong")]
        first = await other.consent_to_seat(game.id, 101, 0, "take", 102, taker_level="easy")
        assert (first.taker_level, first.complete) == ("easy", False)
    later = await store.consent_to_seat(game.id, 101, 0, "take", 102, taker_level="strong")
    assert later.taker_level == "easy"
    done = await store.consent_to_seat(game.id, 101, 0, "give", 101)
    assert done.complete and done.taker_level == "easy"
