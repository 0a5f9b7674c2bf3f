"""The club's record (issue 25), through the harness in Korean with the test-only sealed-bid
game (four bids end it): the end post's chart of how the game went."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rules.registry import register, unregister
from tests.cogs.helpers import open_table
from tests.harness import Harness
from tests.plugin_game.rules import SPEC

NAMES = ["민지", "서준"]


@pytest.fixture
def sealed() -> Iterator[None]:
    register(SPEC)
    yield
    unregister(SPEC.key)


async def bid(h: Harness, member: Any, amount: int) -> None:
    offered = await h.autocomplete(member, "sealed bid", "choice", "")
    value = next(c["value"] for c in offered if c["name"] == f"동전 {amount}개 입찰")
    await h.slash(member, "sealed bid", choice=value)


async def play(h: Harness, members: list[Any], rounds: list[tuple[int, int]]) -> None:
    """Both seats bid ``rounds`` (minji's bid, seojun's bid); two rounds end the game."""
    minji, seojun = members
    for a, b in rounds:
        await bid(h, minji, a)
        await bid(h, seojun, b)
    assert "게임 종료" in h.messages()[-1].content


@pytest.mark.guild_locale("ko")
async def test_issue25_4_the_end_post_carries_the_chart_of_how_the_game_went(
    sealed: None, harness: Harness
) -> None:
    h = harness
    members = [h.member(n, locale="ko") for n in NAMES]
    await open_table(h, "sealed", NAMES)
    await play(h, members, [(2, 1), (0, 1)])
    end = h.messages()[-1]
    charts = [a for a in end.attachments if a.filename == "score-chart.png"]
    assert len(charts) == 1, [a.filename for a in end.attachments]
    alt = charts[0].description or ""
    assert "점수 흐름" in alt and "민지: 0 → 1 → 1" in alt and "서준: 0 → 0 → 1" in alt, alt
    assert (await charts[0].read())[:8] == b"\x89PNG\r\n\x1a\n"
