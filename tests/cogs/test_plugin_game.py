"""The plug-in contract end to end (docs/architecture.md "Games as plug-ins"; issue 7): a game that lives
only in tests/plugin_game is registered at run time and played through the real bot in
Korean, with simultaneous secret bids, a redacted log and a campaign across two games."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from tests.cogs.helpers import open_id, open_table, prompt
from tests.cogs.sealed_bids import bid
from tests.harness import Harness, select_options
from tests.korean import latin_words

NAMES = ["민지", "서준"]


def _korean_members(h: Harness) -> list[Any]:
    return [h.member(n, locale="ko") for n in NAMES]


async def _log(h: Harness, member: Any) -> str:
    reply = await h.slash(member, "game log")
    assert reply.ephemeral
    return reply.content


def _public_text(h: Harness) -> str:
    return "\n".join(m.content for m in h.messages())


@pytest.mark.guild_locale("ko")
async def test_plugin_game_plays_with_secret_bids_redacted_log_and_campaign(
    sealed: None, harness: Harness
) -> None:
    h = harness
    minji, seojun = _korean_members(h)
    spectator = h.member("관전자", locale="ko")
    await open_table(h, "sealed", NAMES)

    # SB-R2: both seats act at once; the channel says how many still choose, nothing more.
    assert "2명 중 2명이" in _public_text(h)
    await bid(h, minji, 2)
    assert f"차례: <@{seojun.id}>" in _public_text(h).splitlines()[-1]
    assert "민지 님이 봉인 입찰을 했습니다." in _public_text(h)
    # The bid itself: only its bidder sees it (log, DM), never the channel or the others.
    assert "동전 2개" not in _public_text(h)
    assert "동전 2개를 입찰했습니다." in await _log(h, minji)
    for other in (seojun, spectator):
        text = await _log(h, other)
        assert "봉인 입찰을 했습니다" in text and "동전 2개" not in text
    again = await h.slash(minji, "sealed bid", choice="9:0")
    assert again.ephemeral and "민지" not in again.content  # refused, nothing revealed

    # SB-R3: the last bid reveals every bid together, in public.
    await bid(h, seojun, 1)
    assert "입찰 공개: 민지 2, 서준 1" in _public_text(h)
    assert "민지 님이 동전 2개로 라운드를 이겼습니다." in _public_text(h)
    await bid(h, minji, 0)
    await bid(h, seojun, 1)
    assert "게임 종료" in _public_text(h)

    # SB-R5: the finished game wrote the channel's campaign with its final state.
    channel_id = h.channel().id
    campaign = await h.bot.store.get_campaign(channel_id, "sealed")
    # round 1: 민지 won paying 2; round 2: 서준 won paying 1; 1 point each, 서준 keeps more coins
    assert campaign == {"games": 1, "last_winners": ["p2"]}

    # SB-R1: the next game in the channel starts from the campaign (4 coins each).
    await open_table(h, "sealed", NAMES)
    offered = await h.autocomplete(minji, "sealed bid", "choice", "")
    assert [c["name"] for c in offered][-1] == "동전 4개 입찰"
    game = await h.bot.store.current_game(channel_id)
    assert game is not None and game.campaign == campaign

    # Korean everywhere: channel, DMs and every ephemeral reply above.
    texts = [m.content for m in h.messages()]
    texts += [m.content for who in (minji, seojun) for m in h.dms(who)]
    texts += [await _log(h, who) for who in (minji, seojun, spectator)]
    for text in texts:
        assert not latin_words(text), text


@pytest.mark.guild_locale("ko")
async def test_spatial_choices_come_with_a_picture_numbered_like_the_menu(
    sealed: None, harness: Harness
) -> None:
    """Issue 8: a spatial decision's private menu carries a picture of the candidates, each
    marked with the number its menu entry shows (the picture's legend says the same)."""
    h = harness
    minji, _seojun = _korean_members(h)
    await open_table(h, "sealed", NAMES)
    menu = await h.click(minji, prompt(h), custom_id=open_id(prompt(h)))
    assert menu.labels() == ["동전 0개 입찰"], "one multi-select (and a button for no coins)"
    assert "입찰할 동전을 손에 쥐세요" in menu.content


@pytest.mark.guild_locale("ko")
async def test_many_subsets_are_one_multi_select(sealed: None, harness: Harness) -> None:
    """Issue 13 (Ilos mulligan, as a platform feature): a decision among many subsets is one
    Discord select with several values; the picks become the one legal action they name."""
    h = harness
    minji, _seojun = _korean_members(h)
    await open_table(h, "sealed", NAMES)
    menu = await h.click(minji, prompt(h), custom_id=open_id(prompt(h)))
    many = next(i for i in menu.custom_ids if i.startswith("rf:many:"))
    options = select_options(menu.components)[many]
    assert [o["label"] for o in options] == ["동전 1", "동전 2", "동전 3"]
    view = discord.ui.View(timeout=None)
    fake = [discord.SelectOption(label=v, value=v) for v in ("c1", "c9")]
    view.add_item(discord.ui.Select(custom_id=many, options=fake, max_values=2))
    channel = h.bot.get_channel(h.channel().id)
    assert isinstance(channel, discord.TextChannel)
    forged_menu = await channel.send("forged", view=view)
    forged = await h.select(minji, forged_menu, many, ["c1", "c9"])
    assert "이해하지 못했습니다" in forged.content, "a coin the player does not hold"
    await h.select(minji, menu, many, ["c1", "c3"])
    log = await h.slash(minji, "game log")
    assert "동전 2개를 입찰했습니다." in log.content
