"""Finished games stay (issue 19 point 4): after a game ends, ``/game log``, ``/game board``,
``/game status`` and ``/game hand`` show it in its channel until a new game starts, and
``/game results`` lists the channel's finished games and opens any one's final board and log.
Played in Korean through the harness with the test-only sealed-bid game (four bids end it)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.cogs.helpers import open_table
from tests.cogs.sealed_bids import bid
from tests.harness import Harness, select_options

NAMES = ["민지", "서준"]


async def _play_to_the_end(h: Harness, members: list[Any]) -> None:
    minji, seojun = members
    for a, b in ((2, 1), (0, 1)):
        await bid(h, minji, a)
        await bid(h, seojun, b)
    assert "게임 종료" in h.last_message().content


@pytest.mark.guild_locale("ko")
async def test_issue19_4_finished_game_stays_for_log_board_status_hand_and_results(
    sealed: None, harness: Harness
) -> None:
    h = harness
    members = [h.member(n, locale="ko") for n in NAMES]
    minji, seojun = members
    spectator = h.member("관전자", locale="ko")
    await open_table(h, "sealed", NAMES)
    await _play_to_the_end(h, members)

    log = await h.slash(spectator, "game log")
    assert "입찰 공개: 민지 2, 서준 1" in log.content, log.content
    assert "게임이 없습니다" not in log.content
    board = await h.slash(minji, "game board")
    assert board.ephemeral and await board.images(), board.content
    status = await h.slash(seojun, "game status")
    assert "게임 종료" in status.content and "민지" in status.content
    assert "번째 변경" not in status.content, "no internal numbers"
    hand = await h.slash(minji, "game hand")
    assert hand.ephemeral and "게임이 없습니다" not in hand.content

    results = await h.slash(spectator, "game results")
    assert results.ephemeral
    assert "민지" in results.content and "승자" in results.content, results.content
    options = select_options(results.components)["rf:results"]
    assert len(options) == 1
    opened = await h.select(spectator, results, "rf:results", [options[0]["value"]])
    assert "게임 종료" in opened.content and "입찰 공개" in opened.content, opened.content
    assert await opened.images(), "the final board comes with the scores"

    # A new game opens: until it starts, the finished one is still what log and board show.
    await h.slash(minji, "game new", kind="sealed")
    log = await h.slash(spectator, "game log")
    assert "입찰 공개: 민지 2, 서준 1" in log.content
    await h.slash(seojun, "game join")
    await h.slash(minji, "game start")
    log = await h.slash(spectator, "game log")
    assert "입찰 공개: 민지 2, 서준 1" not in log.content, "the new game's log now"
    old = await h.slash(spectator, "game log", game=options[0]["value"])
    assert "입찰 공개: 민지 2, 서준 1" in old.content, "any finished game's log by /game results"


@pytest.mark.guild_locale("ko")
async def test_issue19_4_a_finished_game_of_another_channel_or_a_bad_number_is_refused(
    sealed: None, harness: Harness
) -> None:
    h = harness
    members = [h.member(n, locale="ko") for n in NAMES]
    await open_table(h, "sealed", NAMES)
    await _play_to_the_end(h, members)
    other = h.channel("other")
    empty = await h.slash(members[0], "game results", other)
    assert "끝난 게임이 아직 없습니다" in empty.content
    for value in ("1", "abc", "99999"):
        refused = await h.slash(members[0], "game log", other, game=value)
        assert "끝난 게임이 아닙니다" in refused.content, (value, refused.content)
