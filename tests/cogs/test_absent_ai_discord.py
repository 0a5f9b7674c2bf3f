"""Issue 24 point 3: an AI for absent players and AI takers of seat offers, through the
harness in Korean, on the test-only Sealed Bids game (its AI hooks registered; the harness
gives the AI 0.05 s a decision, in the bot's thread).

A game opened with ``absent=ai`` lets an AI (easy) play a silent player's seat once their
decision has waited ``REFEREE_TIMEOUT_HOURS`` (48 in the harness), until their next press;
a seat offered to an AI with the holder's (or, for a holder who left, a moderator's) consent
becomes a bot seat."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from db.store import GameRecord
from rules.ai.hooks import register_ai, unregister_ai
from rules.registry import register, unregister
from tests.cogs.helpers import open_id, prompt
from tests.cogs.sealed_bids import bid
from tests.harness import Harness, Reply
from tests.korean import latin_words
from tests.plugin_game.ai import HOOKS
from tests.plugin_game.rules import SPEC


@pytest.fixture
def sealed_ai() -> Iterator[None]:
    """The test game with its AI hooks, registered before the bot starts."""
    register(SPEC)
    register_ai(SPEC.key, HOOKS)
    yield
    unregister_ai(SPEC.key)
    unregister(SPEC.key)


async def _game(h: Harness) -> tuple[GameRecord, Any]:
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None
    return game, h.bot.service.state_of(game)


async def _idle(h: Harness, hours: int) -> None:
    """Let ``hours`` pass in steps (the reminder loop runs every 15 minutes)."""
    for _ in range(hours // 12):
        await h.advance(12 * 3600)
    await h.advance((hours % 12) * 3600)


def _watch_decisions(h: Harness) -> list[str]:
    """The level of each AI decision the bot asks ``bot.ai_seats`` for, or ``"event loop"``
    for one asked on the event loop's thread (which must never happen)."""
    seen: list[str] = []
    ai = h.bot.service.ai
    real = ai.decide

    def decide(key: str, level: str, obs: Any) -> str:
        try:
            asyncio.get_running_loop()
            seen.append("event loop")
        except RuntimeError:
            seen.append(level)
        return real(key, level, obs)

    ai.decide = decide  # type: ignore[method-assign]
    return seen


def _seat_button(reply: Reply, role: str) -> str:
    return next(i for i in reply.custom_ids if i.startswith("rf:seat:") and i.endswith(role))


def _korean(text: str, *allowed: str) -> bool:
    return not latin_words(text, allowed)


@pytest.mark.guild_locale("ko")
async def test_issue24_3_absent_ai_plays_after_the_time_limit_and_steps_aside_on_return(
    sealed_ai: None, harness: Harness
) -> None:
    """Issue 24 point 3 (absent=ai): the reminder warns of the AI; at 48 idle hours an easy AI
    bids for the silent player (the post says so, in Korean, naming them and the hours) and
    keeps bidding for them while they stay silent; their next press makes it step aside (a
    post says so) and they bid themselves again; the end names the moves the AI played and
    the seat's result and rating stay theirs."""
    h = harness
    minji, seojun = h.member("민지", locale="ko"), h.member("서준", locale="ko")
    await h.slash(minji, "game new", kind="sealed", options="absent=ai rounds=4")
    await h.slash(seojun, "game join")
    lobby = await h.slash(minji, "game start")
    assert lobby.ephemeral, lobby.content
    game, state = await _game(h)
    assert game.absent_ai == "easy"
    mine = {game.seat_of(minji.id): minji, game.seat_of(seojun.id): seojun}
    his = game.seat_of(seojun.id)
    assert his is not None and state.round == 1

    decided = _watch_decisions(h)
    await bid(h, minji, 1)
    posts = len(h.messages())
    await _idle(h, 25)
    reminder = [m.content for m in h.messages()[posts:]]
    assert len(reminder) == 1 and "인공지능(쉬움)" in reminder[0], reminder
    assert "돌아올 때까지" in reminder[0] and "24시간" in reminder[0]
    game, state = await _game(h)
    assert state.round == 1 and his in SPEC.to_act(state), "the AI played before the limit"

    await _idle(h, 24)  # 49 idle hours: past REFEREE_TIMEOUT_HOURS (48)
    game, state = await _game(h)
    assert state.round == 2, "the AI did not bid for the absent player"
    assert his not in SPEC.to_act(state), "the AI did not keep playing the silent seat"
    assert [s.stand_in for s in game.seats if s.seat == his] == ["easy"]
    told = "\n".join(m.content for m in h.messages()[posts + 1 :])
    line = next(x for x in told.splitlines() if "인공지능(쉬움)" in x)
    assert "서준님이 48시간 동안 답하지 않아" in line and "민지" not in line, line
    assert "언제든 돌아올 수 있습니다" in line and "/game back" in line
    assert _korean(line, "서준")

    posts = len(h.messages())
    await bid(h, minji, 0)  # round 2 ends; the AI bids round 3 for him at once
    game, state = await _game(h)
    assert state.round == 3 and SPEC.to_act(state) == {game.seat_of(minji.id)}
    # each post marks the moves the AI made for him with 🤖 instead of the bullet
    lines = [x for m in h.messages(start=posts) for x in m.content.splitlines()]
    marked = [x for x in lines if x.startswith("🤖 ")]
    assert "🤖 서준 님이 봉인 입찰을 했습니다." in marked, lines
    assert all(x.startswith("🤖 서준 님이") for x in marked), lines
    assert "• 민지 님이 봉인 입찰을 했습니다." in lines, lines

    posts = len(h.messages())
    back = await h.click(seojun, prompt(h), custom_id=open_id(prompt(h)))
    assert back.ephemeral and "돌아오신 것을 환영합니다" in back.content, back.content
    assert _korean(back.content)
    said = [m.content for m in h.messages()[posts:]]
    assert said == ["서준님이 돌아왔습니다. 이제 인공지능이 대신 두지 않습니다."], said
    game, _ = await _game(h)
    assert all(s.stand_in is None for s in game.seats)

    await bid(h, minji, 0)  # round 3 ends: round 4 waits for him again
    game, state = await _game(h)
    assert state.round == 4 and his in SPEC.to_act(state), "the AI still played for him"
    await bid(h, seojun, 0)
    await bid(h, minji, 0)
    final = await h.bot.store.get_game(game.id)
    assert final is not None and final.status == "finished"
    played = [a for a in await h.bot.store.actions(game.id) if a.stand_in is not None]
    assert [(a.seat, a.stand_in, a.user_id) for a in played] == [(his, "easy", None)] * 3
    assert decided == ["easy"] * 3, "an AI decision ran on the event loop, or at another level"
    end = h.last_message().content
    assert "게임 종료" in end
    assert "서준님이 자리를 비운 동안 인공지능이 3수를 대신 두었습니다" in end, end
    log = await h.slash(minji, "game log")
    marked = [x for x in log.content.splitlines() if "인공지능(쉬움)이 둠" in x]
    assert len(marked) == 3 and all("서준" in x for x in marked), log.content
    archived = await h.bot.store.archived_games(guild_id=h.guild.id)
    players = {s.player for s in archived[0].seats}
    assert players == {f"user:{m.id}" for m in mine.values()}, players


@pytest.mark.guild_locale("ko")
async def test_issue24_3_back_command_and_refusals_of_the_absent_option(
    sealed_ai: None, harness: Harness
) -> None:
    """Issue 24 point 3, bad input: an unknown level, the option from a non-creator or after
    the start, another player's press and ``/game back`` by someone no AI plays for are each
    refused with a short Korean message and change nothing; ``/game back`` brings back a
    player an AI plays for."""
    h = harness
    minji, seojun = h.member("민지", locale="ko"), h.member("서준", locale="ko")
    refused = await h.slash(minji, "game new", kind="sealed", options="자리비움=천재")
    assert refused.ephemeral and "인공지능 실력은 없습니다" in refused.content, refused.content
    assert "인공지능, 무작위, 쉬움, 강함" in refused.content and _korean(refused.content)
    assert await h.bot.store.current_game(h.channel().id) is None

    await h.slash(minji, "game new", kind="sealed")
    await h.slash(seojun, "game join")
    refused = await h.slash(seojun, "game absent", level="strong")
    assert refused.ephemeral and "만든 사람만" in refused.content, refused.content
    lobby = await h.slash(minji, "game absent", level="strong")
    assert "자리 비움: 기한이 지나면 돌아올 때까지 인공지능(강함)이 대신 둡니다." in lobby.content
    lobby = await h.slash(minji, "game absent", level="random")
    await h.slash(minji, "game start")
    game, _ = await _game(h)
    assert game.absent_ai == "random"
    refused = await h.slash(minji, "game absent", level="easy")
    assert refused.ephemeral and "이미 시작" in refused.content, refused.content
    refused = await h.slash(minji, "game back")
    assert refused.ephemeral and "대신 두고 있지 않습니다" in refused.content
    unchanged, _ = await _game(h)
    assert (unchanged.version, unchanged.absent_ai) == (game.version, "random")

    await bid(h, minji, 1)
    game, _ = await _game(h)
    # the time limit as the reminder loop reaches it (the first test waits it out)
    assert await h.bot.service.time_out(h.channel().id, game.version) is not None
    game, _ = await _game(h)
    his = game.seat_of(seojun.id)
    assert [s.stand_in for s in game.seats if s.seat == his] == ["random"]
    status = await h.slash(minji, "game status")
    assert "• 서준 (자리 비움: 인공지능(무작위)이 대신 두는 중)" in status.content, status.content
    # minji's own press brings nobody back: the AI goes on playing for seojun
    menu = await h.click(minji, prompt(h), custom_id=open_id(prompt(h)))
    assert "환영" not in menu.content
    after, _ = await _game(h)
    assert [s.stand_in for s in after.seats if s.seat == his] == ["random"]
    back = await h.slash(seojun, "game back")
    assert back.ephemeral and "돌아오신 것을 환영합니다" in back.content
    after, _ = await _game(h)
    assert all(s.stand_in is None for s in after.seats)
    assert "서준님이 돌아왔습니다" in h.last_message().content


@pytest.mark.guild_locale("ko")
async def test_issue24_3_seat_offer_to_an_ai_with_consent(
    sealed_ai: None, harness: Harness
) -> None:
    """Issue 24 point 3: the seat of a player who left is offered to an easy AI through the
    consented seat offer: nobody but the holder may give it, nobody but a moderator confirms
    for a holder who left (and only once they have), a stranger cannot offer it and a second
    offer at another level is refused; the moderator's confirmation makes it a bot seat that
    bids at once, plays on, and is rated as a bot."""
    h = harness
    minji, seojun, harin = (h.member(n, locale="ko") for n in ("민지", "서준", "하린"))
    mod = h.member("관리자", manage_channels=True, locale="ko")
    stranger = h.member("손님", locale="ko")
    await h.slash(minji, "game new", kind="sealed", options="rounds=2")
    await h.slash(seojun, "game join")
    await h.slash(harin, "game join")
    await h.slash(minji, "game start")
    game, _ = await _game(h)
    seat = game.seat_of(harin.id)
    assert seat is not None

    refused = await h.slash(stranger, "game replace", old=harin, ai="easy")
    assert refused.ephemeral and "플레이어나 관리자만" in refused.content, refused.content
    refused = await h.slash(minji, "game replace", old=harin, new=stranger, ai="easy")
    assert refused.ephemeral and "하나만 정하세요" in refused.content, refused.content
    offer = await h.slash(minji, "game replace", old=harin, ai="easy")
    assert not offer.ephemeral and "인공지능(쉬움)에게 넘기려 합니다" in offer.content
    assert _korean(offer.content.replace(f"<@{harin.id}>", ""))
    assert {_seat_button(offer, "give"), _seat_button(offer, "mod")} <= set(offer.custom_ids)
    assert not any(i.endswith(":take") for i in offer.custom_ids), "nobody takes for an AI"
    refused = await h.slash(seojun, "game replace", old=harin, ai="strong")
    assert refused.ephemeral and "이미 인공지능(쉬움)에게" in refused.content, refused.content

    give, confirm = _seat_button(offer, "give"), _seat_button(offer, "mod")
    refused = await h.click(seojun, offer, custom_id=give)  # pressing for someone else
    assert "그 자리의 플레이어만" in refused.content, refused.content
    refused = await h.click(stranger, offer, custom_id=confirm)
    assert refused.ephemeral
    refused = await h.click(mod, offer, custom_id=confirm)  # harin is still here
    assert refused.ephemeral
    unchanged, _ = await _game(h)
    assert unchanged.seat_of(harin.id) == seat and unchanged.version == game.version

    h.guild.remove_member(harin)
    done = await h.click(mod, offer, custom_id=confirm)
    assert "인공지능(쉬움)이 게임이 끝날 때까지" in done.content, done.content
    game, state = await _game(h)
    taken = next(s for s in game.seats if s.seat == seat)
    assert (taken.user_id, taken.level, taken.name) == (None, "easy", "🤖 1 (쉬움)")
    assert game.creator_id == minji.id
    assert seat not in SPEC.to_act(state), "the AI did not bid at once"
    for _ in range(2):
        await bid(h, minji, 0)
        await bid(h, seojun, 0)
    final = await h.bot.store.get_game(game.id)
    assert final is not None and final.status == "finished"
    by_ai = [a for a in await h.bot.store.actions(game.id) if a.seat == seat]
    assert len(by_ai) == 2 and all(a.user_id is None and a.stand_in is None for a in by_ai)
    archived = await h.bot.store.archived_games(guild_id=h.guild.id)
    players = {s.seat: s.player for s in archived[0].seats}
    assert players[seat] == "bot:easy"
