"""Store behaviour on both backends: games, the optimistic version check, the action log,
campaigns. Every test here runs on SQLite and on PostgreSQL (see conftest.py)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta, timezone
from typing import Any, Protocol

import pytest

from bot.service import new_secret
from db.store import (
    ChannelBusy,
    DuplicateInteraction,
    GameNotFound,
    GameRecord,
    GameStore,
    NewAction,
    SeatRecord,
    VersionConflict,
)
from rules.registry import GAMES
from tests.db.conftest import Backend


class Clock(Protocol):
    """The clock fixture: moves one second per reading; ``current`` is the last reading."""

    current: datetime

    def __call__(self) -> datetime: ...


GameArgs = Callable[..., dict[str, Any]]  # the game_args fixture
NewGame = Callable[..., Awaitable[GameRecord]]  # the new_game fixture


def act(
    n: int, *, interaction: int | None = None, seat: str = "p1", reveals: bool = False
) -> NewAction:
    return NewAction(
        seat=seat,
        user_id=101 if seat == "p1" else 102,
        action_json=f'{{"type": "move", "n": {n}}}',
        interaction_id=interaction,
        reveals=reveals,
    )


async def test_store_satisfies_the_protocol(store: GameStore) -> None:
    typed: GameStore = store  # mypy checks the structural match; this checks it at runtime
    for name in GameStore.__dict__:
        if not name.startswith("_"):
            assert callable(getattr(typed, name)), name


async def test_create_game_starts_in_lobby_at_version_0(
    store: GameStore, clock: Clock, game_args: GameArgs, seats: list[SeatRecord]
) -> None:
    game = await store.create_game(**game_args())
    assert game.status == "lobby"
    assert game.version == 0
    assert game.kind == "ilos" and game.channel_id == 5000 and game.guild_id == 77
    assert game.options == {"players": 2, "variant": "base"}
    assert game.seats == seats
    assert game.seat_of(102) == "p2" and game.user_of("p2") == seats[1]
    assert game.state_json is None
    assert game.created_at == game.updated_at == clock.current
    assert game.created_at.tzinfo is not None
    assert await store.get_game(game.id) == game


async def test_current_game_is_the_channels_open_game(store: GameStore, new_game: NewGame) -> None:
    assert await store.current_game(5000) is None
    game = await new_game(5000)
    other = await new_game(6000, start=False)
    assert await store.current_game(5000) == game
    assert await store.current_game(6000) == other
    assert [g.id for g in await store.open_games()] == [game.id, other.id]

    finished = await store.update_game(game.id, game.version, status="finished")
    assert await store.current_game(5000) is None
    assert [g.id for g in await store.open_games()] == [other.id]
    assert await store.get_game(game.id) == finished  # kept, just no longer open


async def test_idle_games_are_the_active_games_unchanged_since_a_moment(
    store: GameStore, new_game: NewGame
) -> None:
    """Issue 23 point 4: the reminder loop asks only for games that have waited long enough
    (active, last changed at or before the moment), never lobbies or finished games."""
    early = await new_game(5000)
    await new_game(6000, start=False)  # a lobby waits for players, not for a move
    late = await new_game(7000)
    ended = await store.update_game((await new_game(8000)).id, 1, status="finished")
    assert [g.id for g in await store.idle_games(early.updated_at)] == [early.id]
    assert [g.id for g in await store.idle_games(late.updated_at)] == [early.id, late.id]
    assert ended.id not in [g.id for g in await store.idle_games(ended.updated_at)]
    assert await store.idle_games(early.updated_at - timedelta(seconds=1)) == []


async def test_finished_games_are_the_channels_finished_games_newest_first(
    store: GameStore, new_game: NewGame
) -> None:
    """Issue 19 point 4: a channel's finished games stay (``/game results``); abandoned games,
    open games and other channels' games are not among them."""
    assert await store.finished_games(5000) == []
    first = await new_game(5000)
    first = await store.update_game(first.id, first.version, status="finished")
    gone = await new_game(5000)
    await store.update_game(gone.id, gone.version, status="abandoned")
    second = await new_game(5000)
    second = await store.update_game(second.id, second.version, status="finished")
    elsewhere = await new_game(6000)
    await store.update_game(elsewhere.id, elsewhere.version, status="finished")
    await new_game(5000)  # a new game is open in the channel: the finished ones stay
    assert await store.finished_games(5000) == [second, first]
    assert await store.finished_games(5000, limit=1) == [second]
    assert [g.id for g in await store.finished_games(6000)] == [elsewhere.id]


async def test_one_open_game_per_channel(
    store: GameStore, new_game: NewGame, game_args: GameArgs
) -> None:
    first = await new_game(5000, start=False)
    with pytest.raises(ChannelBusy):
        await store.create_game(**game_args(5000))
    started = await store.update_game(first.id, first.version, status="active")
    with pytest.raises(ChannelBusy):
        await store.create_game(**game_args(5000, kind="endeavor"))
    await store.create_game(**game_args(5001))  # another channel is free

    abandoned = await store.update_game(started.id, started.version, status="abandoned")
    second = await store.create_game(**game_args(5000))
    assert (await store.current_game(5000)) == second
    # The abandoned game cannot come back while the channel has another open game.
    with pytest.raises(ChannelBusy):
        await store.update_game(abandoned.id, abandoned.version, status="active")
    with pytest.raises(ChannelBusy):
        await store.record_actions(abandoned.id, abandoned.version, [act(1)], "{}", "active")
    assert await store.get_game(abandoned.id) == abandoned


async def test_partial_unique_index_enforces_one_open_game(
    store: GameStore, backend: Backend, game_args: GameArgs
) -> None:
    """The rule holds in the schema itself, not only in the store's pre-check."""
    await store.create_game(**game_args(5000))
    insert = (
        "INSERT INTO games (channel_id, guild_id, kind, status, creator_id, options_json, seed,"
        " seats_json, version, created_at, updated_at) "
        "VALUES (5000, NULL, 'ilos', ?, 1, '{}', '1', '[]', 0, CURRENT_TIMESTAMP,"
        " CURRENT_TIMESTAMP)"
    )
    with pytest.raises(backend.integrity_errors, match=r"(?i)unique|duplicate"):
        await backend.raw(insert, "active")
    await backend.raw(insert, "finished")  # closed games may pile up
    await backend.raw(insert, "abandoned")


async def test_update_game_changes_only_the_given_fields(
    store: GameStore, new_game: NewGame
) -> None:
    game = await new_game()
    seats = [SeatRecord("p1", 101, "Ana"), SeatRecord("p2", None, "Bot")]
    updated = await store.update_game(game.id, game.version, seats=seats)
    assert updated.version == game.version + 1
    bot_seat = updated.user_of("p2")
    assert updated.seats == seats and bot_seat is not None and bot_seat.is_bot
    assert updated.status == game.status and updated.options == game.options
    assert updated.state_json == game.state_json
    assert updated.created_at == game.created_at and updated.updated_at > game.updated_at

    again = await store.update_game(updated.id, updated.version, options={"players": 3})
    assert again.options == {"players": 3} and again.seats == seats


async def test_update_game_with_stale_version_changes_nothing(
    store: GameStore, new_game: NewGame
) -> None:
    game = await new_game()
    moved = await store.update_game(game.id, game.version, state_json='{"turn": 1}')
    with pytest.raises(VersionConflict):
        await store.update_game(game.id, game.version, status="abandoned", state_json="{}")
    assert await store.get_game(game.id) == moved


async def test_unknown_game_raises_game_not_found(store: GameStore) -> None:
    assert await store.get_game(999) is None
    with pytest.raises(GameNotFound):
        await store.update_game(999, 0, status="active")
    with pytest.raises(GameNotFound):
        await store.record_actions(999, 0, [act(1)], "{}", "active")
    with pytest.raises(GameNotFound):
        await store.undo_to(999, 0, 0, "{}")


async def test_record_actions_appends_log_and_state_together(
    store: GameStore, new_game: NewGame, clock: Clock
) -> None:
    game = await new_game()
    after = await store.record_actions(
        game.id,
        game.version,
        [act(1, interaction=900), act(2, seat="p2", reveals=True)],
        '{"turn": 2}',
        "active",
    )
    assert after.version == game.version + 1
    assert after.state_json == '{"turn": 2}'
    log = await store.actions(game.id)
    assert [(a.seq, a.seat, a.interaction_id, a.reveals, a.undone) for a in log] == [
        (1, "p1", 900, False, False),
        (2, "p2", None, True, False),
    ]
    assert log[0].action_json == '{"type": "move", "n": 1}'
    assert log[0].user_id == 101 and log[1].user_id == 102
    assert log[0].created_at == after.updated_at == clock.current

    final = await store.record_actions(game.id, after.version, [act(3)], "{}", "finished")
    assert final.status == "finished" and final.version == after.version + 1
    assert [a.seq for a in await store.actions(game.id)] == [1, 2, 3]
    assert await store.current_game(5000) is None


async def test_record_actions_returns_the_game_as_stored(
    store: GameStore, new_game: NewGame
) -> None:
    """Issue 23: ``record_actions`` builds the record it returns instead of reading the row
    back; it must be exactly what a read gives, whatever the log's head was before (none,
    a row logged just now, a row left by an undo, none left by an undo)."""
    game = await new_game()
    steps: list[Callable[[GameRecord], Awaitable[GameRecord]]] = [
        lambda g: store.record_actions(g.id, g.version, [act(1), act(2)], '"s2"', "active"),
        lambda g: store.record_actions(g.id, g.version, [act(3, seat="p2")], '"s3"', "active"),
        lambda g: store.undo_to(g.id, g.version, 2, '"s2"'),
        lambda g: store.record_actions(g.id, g.version, [act(4, interaction=9)], '"4"', "active"),
        lambda g: store.undo_to(g.id, g.version, 0, '"s0"'),
        lambda g: store.record_actions(
            g.id,
            g.version,
            [act(5)],
            '"s5"',
            "active",
            seats=[SeatRecord("p1", 101, "Ann", stand_in="easy"), SeatRecord("p2", 102, "Bo")],
        ),
        lambda g: store.record_actions(
            g.id, g.version, [act(6), act(7)], '"end"', "finished", campaign={"round": 2}
        ),
    ]
    for step in steps:
        game = await step(game)
        assert await store.get_game(game.id) == game


async def test_version_conflict_leaves_state_and_log_unchanged(
    store: GameStore, new_game: NewGame
) -> None:
    game = await new_game()
    v1 = await store.record_actions(game.id, game.version, [act(1, interaction=1)], '"a"', "active")
    log_before = await store.actions(game.id, include_undone=True)
    with pytest.raises(VersionConflict):
        await store.record_actions(
            game.id, game.version, [act(2, interaction=2)], '"stale"', "finished"
        )
    assert await store.get_game(game.id) == v1
    assert await store.actions(game.id, include_undone=True) == log_before
    # The interaction of the refused write was not recorded: it can be used again.
    v2 = await store.record_actions(game.id, v1.version, [act(2, interaction=2)], '"b"', "active")
    assert v2.version == v1.version + 1


async def test_duplicate_interaction_is_rejected_and_nothing_written(
    store: GameStore, new_game: NewGame
) -> None:
    game = await new_game()
    v1 = await store.record_actions(
        game.id, game.version, [act(1, interaction=4242)], '"a"', "active"
    )
    log_before = await store.actions(game.id, include_undone=True)

    # A double press at the current version, and a retry with the version it first read:
    # both are duplicates (not version conflicts), and neither writes anything.
    for version in (v1.version, game.version):
        with pytest.raises(DuplicateInteraction):
            await store.record_actions(
                game.id,
                version,
                [act(7, interaction=4243), act(8, interaction=4242)],
                '"x"',
                "active",
            )
    with pytest.raises(DuplicateInteraction):
        await store.record_actions(
            game.id, v1.version, [act(7, interaction=5), act(8, interaction=5)], '"x"', "active"
        )
    assert await store.get_game(game.id) == v1
    assert await store.actions(game.id, include_undone=True) == log_before
    await store.record_actions(game.id, v1.version, [act(7, interaction=4243)], '"b"', "active")


async def test_interaction_ids_are_unique_per_game_only(
    store: GameStore, new_game: NewGame
) -> None:
    a, b = await new_game(1), await new_game(2)
    await store.record_actions(a.id, a.version, [act(1, interaction=77)], "{}", "active")
    await store.record_actions(b.id, b.version, [act(1, interaction=77)], "{}", "active")
    # Actions without an interaction (bot seats, timeouts) are not constrained.
    g = await store.record_actions(a.id, a.version + 1, [act(2), act(3)], "{}", "active")
    await store.record_actions(a.id, g.version, [act(4)], "{}", "active")
    assert [x.interaction_id for x in await store.actions(a.id)] == [77, None, None, None]


async def test_undo_marks_later_actions_undone_and_keeps_them(
    store: GameStore, new_game: NewGame
) -> None:
    game = await new_game()
    g = await store.record_actions(
        game.id, game.version, [act(1, interaction=11), act(2), act(3)], '"s3"', "active"
    )
    undone = await store.undo_to(game.id, g.version, 1, '"s1"')
    assert undone.version == g.version + 1 and undone.state_json == '"s1"'
    assert [a.seq for a in await store.actions(game.id)] == [1]
    everything = await store.actions(game.id, include_undone=True)
    assert [(a.seq, a.undone) for a in everything] == [(1, False), (2, True), (3, True)]
    assert everything[2].action_json == '{"type": "move", "n": 3}'  # kept intact

    # New actions continue after the highest seq; undone rows stay where they were.
    g = await store.record_actions(game.id, undone.version, [act(4)], '"s4"', "active")
    assert [a.seq for a in await store.actions(game.id)] == [1, 4]
    with pytest.raises(VersionConflict):
        await store.undo_to(game.id, undone.version, 0, '"s0"')
    assert [a.seq for a in await store.actions(game.id)] == [1, 4]
    # An undone interaction stays recorded: replaying the old press is still a duplicate.
    with pytest.raises(DuplicateInteraction):
        await store.record_actions(game.id, g.version, [act(1, interaction=11)], "{}", "active")

    g = await store.undo_to(game.id, g.version, 0, '"s0"')
    assert await store.actions(game.id) == []
    assert len(await store.actions(game.id, include_undone=True)) == 4


async def test_nothing_can_be_deleted_and_the_log_is_append_only(
    store: GameStore, new_game: NewGame, backend: Backend
) -> None:
    game = await new_game()
    await store.record_actions(game.id, game.version, [act(1)], "{}", "active")
    await store.put_campaign(5000, "maracaibo", {"round": 1})
    request = await store.request_undo(game.id, game.version + 1, 101, 0)
    await store.approve_undo(request.game_id, request.version, 102)
    await store.claim_reminder(game.id, game.version + 1)
    await store.consent_to_seat(game.id, 101, 103, "take", 103, "c")
    await store.consent_to_seat(game.id, 101, 103, "give", 101)  # closed: never changes
    for sql in (
        "DELETE FROM actions",
        "DELETE FROM games",
        "DELETE FROM campaigns",
        "DELETE FROM undo_requests",
        "DELETE FROM undo_approvals",
        "DELETE FROM reminders",
        "UPDATE actions SET action_json = '{}'",
        "UPDATE actions SET seq = 9",
        "UPDATE undo_requests SET keep_through_seq = 1",
        "DELETE FROM seat_offers",
        "UPDATE seat_offers SET taker_id = 104",
    ):
        with pytest.raises(backend.integrity_errors):
            await backend.raw(sql)
    await backend.raw("UPDATE actions SET undone = TRUE")
    with pytest.raises(backend.integrity_errors, match="only be marked undone"):
        await backend.raw("UPDATE actions SET undone = FALSE")
    with pytest.raises(backend.integrity_errors, match=r"(?i)foreign key"):
        await backend.raw(
            "INSERT INTO actions (game_id, seq, seat, action_json, created_at) "
            "VALUES (999, 1, 'p1', '{}', CURRENT_TIMESTAMP)"
        )
    assert len(await store.actions(game.id, include_undone=True)) == 1


async def test_invalid_json_and_status_are_refused_without_writing(
    store: GameStore, new_game: NewGame, backend: Backend
) -> None:
    game = await new_game()
    with pytest.raises(backend.data_errors):
        await store.record_actions(game.id, game.version, [act(1)], "{not json", "active")
    bad = NewAction(seat="p1", user_id=1, action_json="nope")
    with pytest.raises(backend.data_errors):
        await store.record_actions(game.id, game.version, [bad], "{}", "active")
    with pytest.raises(ValueError):
        await store.record_actions(game.id, game.version, [act(1)], "{}", "paused")  # type: ignore[arg-type]
    assert await store.get_game(game.id) == game
    assert await store.actions(game.id, include_undone=True) == []


async def test_campaign_round_trip(store: GameStore, backend: Backend, clock: Clock) -> None:
    assert await store.get_campaign(5000, "maracaibo") is None
    data = {"round": 2, "scores": {"p1": 14, "p2": 9}, "note": "항구", "done": [1, 2]}
    await store.put_campaign(5000, "maracaibo", data)
    await store.put_campaign(5000, "renaissance", {"other": True})
    assert await store.get_campaign(5000, "maracaibo") == data
    assert await store.get_campaign(5001, "maracaibo") is None
    await store.put_campaign(5000, "maracaibo", {"round": 3})
    assert await store.get_campaign(5000, "maracaibo") == {"round": 3}
    await store.close()

    reopened = backend.store(now=clock)
    await reopened.open()
    try:
        assert await reopened.get_campaign(5000, "maracaibo") == {"round": 3}
        assert await reopened.get_campaign(5000, "renaissance") == {"other": True}
    finally:
        await reopened.close()


async def test_values_round_trip_exactly(store: GameStore, game_args: GameArgs) -> None:
    big_seed = 2**64 - 1  # beyond SQLite's signed 64-bit INTEGER
    snowflake = 1_234_567_890_123_456_789
    game = await store.create_game(
        **game_args(
            snowflake,
            guild_id=None,
            seed=big_seed,
            creator_id=snowflake,
            seats=[SeatRecord("p1", snowflake, "Zoë 🎲 김")],
            options={"nested": {"a": [1, 2.5, None, "한"]}},
        )
    )
    again = await store.current_game(snowflake)
    assert again == game
    assert again.seed == big_seed and again.guild_id is None
    assert again.seats[0].name == "Zoë 🎲 김" and again.seat_of(snowflake) == "p1"
    assert again.options == {"nested": {"a": [1, 2.5, None, "한"]}}


async def test_a_256_bit_secret_and_its_state_round_trip_exactly(
    store: GameStore, game_args: GameArgs
) -> None:
    """Issue 18 point 1: a new game's seed is a 256-bit secret. It is stored as decimal text
    (an INTEGER or BIGINT column would overflow; SQLite would even turn a number-like text
    into a REAL in a column with numeric affinity), and the state holding it and its
    generator's key comes back byte for byte."""
    spec = GAMES["maracaibo"]
    secret = new_secret()
    game = await store.create_game(**game_args(5000, seed=secret))
    state = spec.new_game(["p1", "p2"], spec.Options.model_validate({"players": 2}), secret)
    text = state.model_dump_json()
    game = await store.update_game(game.id, game.version, status="active", state_json=text)
    again = await store.get_game(game.id)
    assert again is not None and again.seed == secret and again.state_json == text
    assert again.state_json is not None and spec.load_state(again.state_json).rng == state.rng


async def test_times_come_from_the_injected_clock_in_utc(
    backend: Backend, game_args: GameArgs
) -> None:
    seoul = timezone(timedelta(hours=9))
    migrated = datetime(2026, 3, 1, 9, 0, tzinfo=seoul)
    moments = iter([migrated] * backend.migrations + [datetime(2026, 3, 1, 9, 30, tzinfo=seoul)])
    store = backend.store(now=lambda: next(moments))
    await store.open()  # first readings: each migration's applied_at
    try:
        game = await store.create_game(**game_args())
        assert game.created_at == datetime(2026, 3, 1, 0, 30, tzinfo=UTC)
        assert game.created_at.utcoffset() == timedelta(0)
    finally:
        await store.close()

    naive = backend.store(now=lambda: datetime(2026, 3, 1, 9, 0))
    await naive.open()
    try:
        with pytest.raises(ValueError, match="timezone-aware"):
            await naive.create_game(**game_args(6000))
    finally:
        await naive.close()


async def test_store_must_be_open(backend: Backend) -> None:
    store = backend.store()
    with pytest.raises(Exception, match="not open"):
        await store.current_game(1)
    async with backend.store() as opened:
        assert await opened.current_game(1) is None


async def test_record_actions_writes_the_campaign_in_the_same_transaction(
    store: GameStore, new_game: NewGame
) -> None:
    game = await new_game(5000, kind="maracaibo")
    await store.put_campaign(5000, "maracaibo", {"round": 1})
    with pytest.raises(VersionConflict):
        await store.record_actions(
            game.id, game.version + 5, [act(1)], "{}", "finished", campaign={"round": 2}
        )
    assert await store.get_campaign(5000, "maracaibo") == {"round": 1}  # nothing written
    done = await store.record_actions(
        game.id, game.version, [act(1)], '{"over": true}', "finished", campaign={"round": 2}
    )
    assert done.status == "finished"
    assert await store.get_campaign(5000, "maracaibo") == {"round": 2}
    assert await store.get_campaign(5000, "ilos") is None


async def test_a_game_keeps_the_campaign_it_started_from(
    store: GameStore, new_game: NewGame
) -> None:
    game = await new_game(5000, start=False)
    assert game.campaign is None
    started = await store.update_game(
        game.id, game.version, status="active", campaign={"round": 3, "이름": "항구"}
    )
    assert started.campaign == {"round": 3, "이름": "항구"}
    moved = await store.record_actions(started.id, started.version, [act(1)], "{}", "active")
    stored = await store.get_game(game.id)
    assert stored is not None
    assert moved.campaign == started.campaign == stored.campaign
