"""The club's record (issue 25), through the harness in Korean with the test-only sealed-bid
game (four bids end it): the end post's chart of how the game went."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from typing import Any

import pytest
from openskill.models import PlackettLuce

from bot.service import GameService, spec_of
from db.club_record import ArchivedGame
from db.postgres import PostgresStore
from db.tools import check, copy_sqlite_to_postgres
from tests.cogs.helpers import open_table
from tests.cogs.sealed_bids import bid
from tests.harness import Harness, select_options
from tests.korean import latin_words

NAMES = ["민지", "서준"]


async def play(h: Harness, members: list[Any], rounds: list[tuple[int, int]]) -> None:
    """Both seats bid ``rounds`` (minji's bid, seojun's bid); two rounds end the game."""
    minji, seojun = members
    for a, b in rounds:
        await bid(h, minji, a)
        await bid(h, seojun, b)
    assert "게임 종료" in h.last_message().content


@pytest.mark.guild_locale("ko")
async def test_issue25_4_the_end_post_carries_the_chart_of_how_the_game_went(
    sealed: None, harness: Harness
) -> None:
    h = harness
    members = [h.member(n, locale="ko") for n in NAMES]
    await open_table(h, "sealed", NAMES)
    await play(h, members, [(2, 1), (0, 1)])
    end = h.last_message()
    charts = [a for a in end.attachments if a.filename == "score-chart.png"]
    assert len(charts) == 1, [a.filename for a in end.attachments]
    alt = charts[0].description or ""
    assert "점수 흐름" in alt and "민지: 0 → 1 → 1" in alt and "서준: 0 → 0 → 1" in alt, alt
    assert (await charts[0].read())[:8] == b"\x89PNG\r\n\x1a\n"


async def open_in(h: Harness, channel: Any, members: list[Any], bots: int = 0) -> None:
    """Open a sealed-bid game in ``channel`` with ``members`` (the first opens it) and bots."""
    await h.slash(members[0], "game new", channel, kind="sealed")
    for m in members[1:]:
        await h.slash(m, "game join", channel)
    for _ in range(bots):
        await h.slash(members[0], "game add-bot", channel)
    await h.slash(members[0], "game start", channel)


def expected_ratings(games: list[ArchivedGame]) -> dict[str, tuple[float, float]]:
    """openskill's own Plackett-Luce, game after game in the order they ended (ranks as
    archived; ties share a rank)."""
    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    for game in sorted(games, key=lambda g: (g.ended_at, g.game_id)):
        players = [s.player for s in game.seats]
        teams = [[ratings.get(p, model.rating())] for p in players]
        rated = model.rate(teams, ranks=[float(s.rank or 0) for s in game.seats])
        ratings.update({p: team[0] for p, team in zip(players, rated, strict=True)})
    return {p: (r.mu, r.sigma) for p, r in ratings.items()}


@pytest.mark.guild_locale("ko")
async def test_issue25_three_games_in_one_server_make_results_stats_and_leaderboard(
    sealed: None, harness: Harness
) -> None:
    """Points 1-3: two games in one channel (one a full tie), one against a bot in another
    channel, one abandoned; results per channel and server, stats and the leaderboard in
    Korean, the ratings exactly openskill's, the abandoned game archived and not rated."""
    h = harness
    minji, seojun = members = [h.member(n, locale="ko") for n in NAMES]
    table, other = h.channel(), h.channel("other")
    await open_in(h, table, members)
    await play(h, members, [(2, 1), (0, 1)])  # 1 point each; seojun keeps more coins: wins
    await open_in(h, table, members)
    await play(h, members, [(0, 0), (0, 0)])  # nobody scores, same coins: a shared win
    await open_in(h, other, [minji], bots=1)
    for _ in range(2):
        offered = await h.autocomplete(minji, "sealed bid", "choice", "", other)
        await h.slash(minji, "sealed bid", other, choice=offered[-1]["value"])
    assert "게임 종료" in h.messages(other)[-1].content
    await open_in(h, other, [minji, seojun])
    confirm = await h.slash(minji, "game abandon", other)
    await h.click(minji, confirm, custom_id=confirm.custom_ids[0])

    store = h.bot.store
    archived = await store.archived_games(guild_id=h.guild.id, outcome=None)
    assert [g.outcome for g in archived] == ["abandoned", "finished", "finished", "finished"]
    assert not archived[0].rated and all(s.rating.mu_after is None for s in archived[0].seats)
    finished = archived[1:]
    assert all(g.rated for g in finished)
    tie = finished[1]
    assert [s.rank for s in tie.seats] == [1, 1] and len(tie.winners) == 2
    assert {s.player for s in finished[0].seats} == {f"user:{minji.id}", "bot:random"}

    # ratings: exactly openskill's, and the leaderboard shows mu - 3 sigma
    expected = expected_ratings(finished)
    stored = {r.player: r for r in await store.ratings(h.guild.id, "sealed")}
    assert set(stored) == set(expected) == {f"user:{minji.id}", f"user:{seojun.id}", "bot:random"}
    for player, (mu, sigma) in expected.items():
        assert stored[player].mu == pytest.approx(mu, abs=1e-9)
        assert stored[player].sigma == pytest.approx(sigma, abs=1e-9)
    assert stored[f"user:{minji.id}"].games == 3 and stored["bot:random"].games == 1
    board = await h.slash(seojun, "game leaderboard", game="sealed")
    assert "레이팅 순위" in board.content and "μ − 3σ" in board.content, board.content
    assert "🤖 무작위 봇" in board.content and "민지" in board.content
    best = max(stored.values(), key=lambda r: r.ordinal)
    assert f"1. {best.name if best.user_id else '🤖 무작위 봇'} · 레이팅 {best.ordinal:.1f}" in (
        board.content
    )
    assert await board.images()
    assert not latin_words(board.content, allow=["sealed"]), board.content
    english = await h.slash(h.member("Alex"), "game leaderboard", game="sealed")
    assert "Sealed Bids ratings (this server)" in english.content, english.content
    assert "🤖 random bot" in english.content and "μ − 3σ" in english.content

    # results: this channel (two games), the server (three, with their channels), one game
    here = await h.slash(seojun, "game results")
    assert "이 채널에서 끝난 게임** (2개" in here.content, here.content
    server = await h.slash(seojun, "game results", scope="server", game="sealed")
    assert "이 서버에서 끝난 게임** (3개" in server.content, server.content
    assert f"<#{other.id}>" in server.content and "🤖 무작위 봇" in server.content
    assert "승자: 민지, 서준" in server.content or "승자: 서준, 민지" in server.content
    options = select_options(server.components)["rf:results"]
    elsewhere = next(o for o in options if o["value"] == str(finished[0].game_id))
    opened = await h.select(seojun, server, "rf:results", [elsewhere["value"]])
    assert "게임 종료" in opened.content, "a game of another channel of the server opens too"

    # stats: minji's card (three games) and seojun's (two), in Korean, with an image
    mine = await h.slash(minji, "game stats")
    for words in ("민지의 기록", "게임 수: 3", "가장 많이 한 게임", "최근 게임"):
        assert words in mine.content, mine.content
    cards = await mine.images()
    assert len(cards) == 1 and cards[0].width <= 1600 and cards[0].height <= 2000
    theirs = await h.slash(minji, "game stats", user=seojun, game="sealed")
    assert "서준의" in theirs.content and "게임 수: 2" in theirs.content, theirs.content
    assert "승리: 2" in theirs.content and "최고 점수: 1" in theirs.content
    assert not latin_words(theirs.content), theirs.content


async def replays_to_its_archive(service: GameService, record: ArchivedGame) -> None:
    """The archived game's log, replayed, ends in exactly the archived result."""
    game = await service.store.get_game(record.game_id)
    assert game is not None and game.status == "finished"
    state, _ = await service.replay(game, await service.store.actions(game.id))
    assert spec_of(game).scores(state).model_dump_json() == record.scores_json
    assert [s.score for s in record.seats] == [
        row.total for row in spec_of(game).scores(state).seats
    ]


@pytest.mark.guild_locale("ko")
async def test_issue25_5_an_archive_replays_after_a_restart_and_after_db_copy(
    sealed: None, harness: Harness, postgres_url: str
) -> None:
    h = harness
    members = [h.member(n, locale="ko") for n in NAMES]
    await open_in(h, h.channel(), members)
    await play(h, members, [(2, 1), (0, 1)])
    await open_in(h, h.channel(), members)
    await play(h, members, [(3, 0), (1, 0)])

    await h.restart()
    archived = await h.bot.store.archived_games(guild_id=h.guild.id)
    assert len(archived) == 2
    for record in archived:
        await replays_to_its_archive(h.bot.service, record)
    listed = await h.slash(members[1], "game results")
    assert "(2개" in listed.content, listed.content
    ratings = await h.bot.store.ratings(h.guild.id, "sealed")

    await h.bot.store.close()  # db copy wants the bot on the file stopped
    await copy_sqlite_to_postgres(str(h.db_path), postgres_url)
    async with PostgresStore(postgres_url) as store:
        service = GameService(store)
        await service.prepare()
        assert await store.archived_games(guild_id=h.guild.id) == archived
        assert await store.ratings(h.guild.id, "sealed") == ratings
        for record in archived:
            await replays_to_its_archive(service, record)
    report = await check(postgres_url)
    assert report.ok, report.problems

    # db check replays every archived result: an edited one is reported
    assert (await check(str(h.db_path))).ok
    with closing(sqlite3.connect(h.db_path)) as raw:
        raw.execute("DROP TRIGGER game_records_never_changed")
        raw.execute(
            "UPDATE game_records SET scores_json = json_set(scores_json, '$.winners', json('[]'))"
        )
        raw.commit()
    problems = (await check(str(h.db_path))).problems
    assert any("archived result differs" in p for p in problems), problems
