"""The club's record in the store (issue 25 points 1 and 3), on SQLite and PostgreSQL: a game
that ends is archived and rated in the transaction that ends it, exactly as openskill rates
it; abandoned games are archived, not rated; a game is archived once."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from db.club_record import ArchiveSeat, GameArchive
from db.store import GameStore, NewAction
from tests.db.conftest import NewGame


def seat(seat: str, player: str, score: int, rank: int, user_id: int | None = None) -> ArchiveSeat:
    return ArchiveSeat(
        seat=seat,
        player=player,
        user_id=user_id,
        name=player,
        score=score,
        rank=rank,
        winner=rank == 1,
    )


def finished(*seats: ArchiveSeat) -> GameArchive:
    return GameArchive(outcome="finished", seats=seats, scores_json='{"seats": []}')


async def end(store: GameStore, new_game: NewGame, channel: int, archive: GameArchive) -> int:
    game = await new_game(channel)
    act = NewAction(seat="p1", user_id=101, action_json='{"type": "x"}')
    await store.record_actions(game.id, game.version, [act], "{}", "finished", archive=archive)
    return game.id


async def test_issue25_1_3_ending_a_game_archives_and_rates_it_in_one_write(
    store: GameStore, new_game: NewGame
) -> None:
    """A 3-player game with a tie for first, then a game with two bots of one level."""
    ana, minjun = "user:101", "user:102"
    first = await end(
        store,
        new_game,
        1,
        finished(
            seat("p1", ana, 10, 1, 101),
            seat("p2", minjun, 10, 1, 102),
            seat("p3", "bot:random", 3, 3),
        ),
    )
    second = await end(
        store,
        new_game,
        2,
        finished(
            seat("p1", ana, 7, 2, 101),
            seat("p2", "bot:random", 9, 1),
            seat("p3", "bot:random", 1, 3),
        ),
    )
    model = PlackettLuce()
    one = model.rate([[model.rating()] for _ in range(3)], ranks=[1.0, 1.0, 3.0])
    bot = one[2][0]
    two = model.rate(
        [
            [one[0][0]],
            [model.rating(mu=bot.mu, sigma=bot.sigma)],
            [model.rating(mu=bot.mu, sigma=bot.sigma)],
        ],
        ranks=[2.0, 1.0, 3.0],
    )
    ratings = {r.player: r for r in await store.ratings(77, "ilos")}
    assert ratings[ana].mu == pytest.approx(two[0][0].mu, abs=1e-9)
    assert ratings[minjun].mu == pytest.approx(one[1][0].mu, abs=1e-9)
    bots = ratings["bot:random"]  # two seats of one level: the mean of their new ratings
    assert bots.mu == pytest.approx((two[1][0].mu + two[2][0].mu) / 2, abs=1e-9)
    assert bots.sigma == pytest.approx((two[1][0].sigma + two[2][0].sigma) / 2, abs=1e-9)
    assert (bots.games, bots.wins, ratings[ana].games, ratings[ana].wins) == (2, 1, 2, 1)
    assert [r.player for r in await store.ratings(77, "ilos")] == sorted(
        ratings, key=lambda p: -ratings[p].ordinal
    )

    archived = await store.archived_games(guild_id=77)
    assert [g.game_id for g in archived] == [second, first]
    assert archived[1].seats[0].rating.mu_before == pytest.approx(model.mu)
    assert archived[1].seats[0].rating.mu_after == pytest.approx(one[0][0].mu)
    assert archived[0].started_at <= archived[0].ended_at
    assert [g.game_id for g in await store.archived_games(guild_id=77, user_id=102)] == [first]
    assert await store.archived_games(guild_id=77, channel_id=1) == [archived[1]]
    assert await store.archived_games(guild_id=77, kind="endeavor") == []
    assert await store.archived_games(guild_id=78) == []
    assert await store.archive_game(first, finished()) is False  # a game is archived once


async def test_issue25_1_an_abandoned_game_is_archived_and_not_rated(
    store: GameStore, new_game: NewGame
) -> None:
    game = await new_game(3)
    archive = GameArchive(
        outcome="abandoned",
        seats=(
            ArchiveSeat("p1", "user:101", 101, "Ana"),
            ArchiveSeat("p2", "user:102", 102, "민준"),
        ),
    )
    await store.update_game(game.id, game.version, status="abandoned", archive=archive)
    [record] = await store.archived_games(guild_id=77, outcome=None)
    assert record.outcome == "abandoned" and not record.rated
    assert await store.archived_games(guild_id=77) == []
    assert await store.ratings(77, "ilos") == []
    assert await store.unarchived_games() == []
