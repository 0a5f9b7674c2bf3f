"""Age of Renaissance rules version 2 through the bot, in Korean (issue 21, issue 18 point 9).

The agreed time limit (AOR-R10, R117 (3), AOR-A12): the rules never read a clock, so
``/renaissance time-up`` is each player's agreement that the time is over. One player's word
at minute 0 ends nothing; a second press by the same player is refused; when every player has
agreed, the current turn is the last ("플레이하기로 한 시간이 다 되었다", "마지막은 턴 종료
단계(5.7)로 끝납니다"). Also: the rulings topic of /game rules and the end summary when
everyone fell into chaos."""

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


@pytest.mark.guild_locale("ko")
async def test_aor_rulings_topic_in_korean(harness: Harness) -> None:
    """Issue 21 point 8 and issue 18 point 9: /game rules states, in the reader's language,
    whom Rebellion, Civil War and Alchemist's Gold may target, the Cathedral in a shared
    province, and that the time limit is the players' agreement (the book prints no card
    text)."""
    h = harness
    member = h.member("민지", locale="ko")
    choices = await h.autocomplete(member, "game rules", "topic", "판정")
    assert "renaissance:rulings" in [c["value"] for c in choices], choices
    answer = await h.slash(member, "game rules", topic="renaissance:rulings")
    assert answer.ephemeral
    for word in ("반란", "내란", "연금술", "대성당", "동의", "다른 플레이어의 수도"):
        assert word in answer.content, (word, answer.content)
    assert not latin_words(answer.content.split("\n-#")[0], set()), answer.content


@pytest.mark.guild_locale("ko")
async def test_aor_r116_everyone_in_chaos_end_summary_names_no_winner(harness: Harness) -> None:
    """Issue 21 point 7: when every player fell into chaos, the bot's end summary says plainly
    that no one won (no "승자" line) and ranks the last to fall first."""
    h = harness
    await open_table(h, "renaissance", NAMES)
    game, state = await _state(h)
    state = state.model_copy(deep=True)
    state.phase = "over"
    for when, seat in enumerate(("p2", "p3", "p1"), start=1):
        player = state.players[seat]
        player.eliminated, player.misery, player.out_order = True, 26, when
    text = h.bot.presenter.score_text(game, state, "ko")
    assert "승자는 없습니다" in text and "승자:" not in text, text
    lines = [line for line in text.splitlines() if line[:2] in ("1.", "2.", "3.")]
    names = []
    for seat in ("p1", "p3", "p2"):
        user = game.user_of(seat)
        assert user is not None, seat
        names.append(user.name)
    assert [line.split(":")[0][3:] for line in lines] == names, text
