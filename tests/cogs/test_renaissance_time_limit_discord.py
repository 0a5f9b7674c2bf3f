"""Age of Renaissance's agreed time limit through the bot (AOR-R10, R117 (3), AOR-A12; issue 18
point 9, rules version 2): the rules never read a clock, so ``/renaissance time-up`` is each
player's agreement that the time is over. One player's word at minute 0 ends nothing; a
second press by the same player is refused; when every player has agreed, the current turn
is the last ("플레이하기로 한 시간이 다 되었다", "마지막은 턴 종료 단계(5.7)로 끝납니다")."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import spec_of
from db.store import GameRecord
from tests.cogs.helpers import open_table
from tests.harness import Harness
from tests.korean import latin_words

NAMES = ["민지", "서준", "하린"]


async def _state(h: Harness) -> tuple[GameRecord, Any]:
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None
    return game, h.bot.service.state_of(game)


@pytest.mark.guild_locale("ko")
async def test_aor_r117_a12_time_up_needs_every_players_agreement(harness: Harness) -> None:
    h = harness
    members = [h.member(n, locale="ko") for n in NAMES]
    await open_table(h, "renaissance", NAMES, "time_limit_minutes=600")
    game, state = await _state(h)
    spec = spec_of(game)
    seat_of = {m: game.seat_of(m.id) for m in members}
    # setup (secret, simultaneous) answered through the service: the first legal choice
    while state.phase == "setup":
        for m in members:
            if seat_of[m] in spec.to_act(state):
                await h.bot.service.act(
                    h.channel().id, m.id, lambda st, seat: [spec.legal_actions(st, seat)[0]]
                )
        game, state = await _state(h)
    turn = state.turn

    posts = len(h.messages())
    await h.slash(members[0], "renaissance time-up")
    game, state = await _state(h)
    assert state.time_votes == [seat_of[members[0]]]
    assert not state.time_up and not state.end_triggered  # one player's word ends nothing

    again = await h.slash(members[0], "renaissance time-up")
    assert again.ephemeral and "지금은 할 수 없습니다" in again.content, again.content
    _, unchanged = await _state(h)
    assert unchanged.time_votes == state.time_votes

    for m in members[1:]:
        await h.slash(m, "renaissance time-up")
    game, state = await _state(h)
    assert state.time_up and state.end_triggered and state.turn == turn
    # the votes are public: the next hand-over post (after the secret bids) tells them
    for m in members:
        await h.bot.service.act(
            h.channel().id, m.id, lambda st, seat: [spec.legal_actions(st, seat)[0]]
        )
    post = "\n".join(m.content for m in h.messages()[posts:])
    assert "3명 중 1명" in post and "3명 중 3명" in post, post
    assert "모든 플레이어가" in post and "이번 턴이 마지막 턴" in post, post
    assert not latin_words(post.split(">")[-1], set()), post
