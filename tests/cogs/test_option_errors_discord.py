"""Bad setup options are refused in the player's language when the game is opened, naming the
option and what it takes; options that only a player count rules out wait for the start
(issue 7 "Korean first"; the options of every game, §5.1 of Age of Renaissance)."""

from __future__ import annotations

import pytest

from tests.harness import Harness
from tests.korean import latin_words


async def _refusal(h: Harness, kind: str, options: str) -> str:
    member = h.member("민지", locale="ko")
    reply = await h.slash(member, "game new", kind=kind, options=options)
    assert reply.ephemeral
    assert await h.bot.store.current_game(h.channel().id) is None, "a refused game was opened"
    return reply.content


@pytest.mark.guild_locale("ko")
async def test_one_of_values_are_listed_in_korean(harness: Harness) -> None:
    text = await _refusal(harness, "maracaibo", "difficulty=hardd")
    assert "난이도" in text and "hardd" in text and "매우 어려움" in text, text
    assert "very_hard" not in text, "the values in the player's words (issue 19 point 6)"


@pytest.mark.guild_locale("ko")
async def test_an_unknown_option_lists_absent_among_the_options(harness: Harness) -> None:
    """Issue 24 point 3: ``absent=`` is an option of every game, so it is listed too."""
    text = await _refusal(harness, "ilos", "absnt=ai")
    assert "absnt" in text and "absent (자리 비운 플레이어 대신 둘 인공지능)" in text, text


@pytest.mark.guild_locale("ko")
async def test_issue19_6_korean_titles_option_names_and_values_are_accepted(
    harness: Harness,
) -> None:
    """``/game new kind:일로스`` typed without the autocomplete, ``difficulty=어려움``,
    ``난이도=매우쉬움`` and ``보드면=뒷면`` open games with those options."""
    h = harness
    minji = h.member("민지", locale="ko")
    for kind, options, key, value in (
        ("일로스", "", None, None),
        ("마라카이보", "difficulty=어려움", "difficulty", "hard"),
        ("마라카이보", "난이도=매우 쉬움", "difficulty", "very_easy"),
        ("에이지 오브 르네상스", "규칙묶음=유로게임즈 1999", "preset", "euro1999"),
        ("maracaibo", "난이도=매우쉬움", "difficulty", "very_easy"),
        ("엔데버", "보드면=뒷면", "board_side", "B"),
    ):
        reply = await h.slash(minji, "game new", kind=kind, options=options)
        game = await h.bot.store.current_game(h.channel().id)
        assert game is not None, (kind, options, reply.content)
        if key is not None:
            assert game.options[key] == value, game.options
        confirm = await h.slash(minji, "game abandon")
        await h.click(minji, confirm, custom_id=confirm.custom_ids[0])


@pytest.mark.guild_locale("ko")
async def test_a_number_out_of_range_names_the_range(harness: Harness) -> None:
    text = await _refusal(harness, "maracaibo", "automa_a=9")
    assert "0부터 5까지" in text, text


@pytest.mark.guild_locale("ko")
async def test_the_games_own_reason_is_told_in_korean(harness: Harness) -> None:
    """MAR §12 (campaign data) and AOR §5.1 (toggles that need each other)."""
    campaign = await _refusal(harness, "maracaibo", "campaign=true")
    assert "이야기 카드" in campaign and "데이터 파일" in campaign, campaign
    watermill = await _refusal(harness, "renaissance", "euro_watermill=true euro_jk_swap=false")
    assert "풍차" in watermill, watermill
    for text in (campaign, watermill):
        assert not latin_words(text, set()), text


@pytest.mark.guild_locale("ko")
async def test_a_count_dependent_option_waits_for_the_start(harness: Harness) -> None:
    """Endeavor's Silent Fleet is for 2 players: accepted when opened, refused at a 3-player
    start with the reason, and the lobby stays open."""
    h = harness
    names = ["민지", "서준", "하린"]
    members = [h.member(n, locale="ko") for n in names]
    opened = await h.slash(members[0], "game new", kind="endeavor", options="silent_fleet=true")
    assert await h.bot.store.current_game(h.channel().id) is not None, opened.content
    for m in members[1:]:
        await h.slash(m, "game join")
    refused = await h.slash(members[0], "game start")
    assert "침묵의 함대" in refused.content and "2인" in refused.content, refused.content
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None and game.status == "lobby"


@pytest.mark.guild_locale("ko")
async def test_an_unknown_preset_is_refused_not_a_crash(harness: Harness) -> None:
    """Issue 18 point 7: ``/game new kind:renaissance options:preset=euro`` raised KeyError
    ("Something went wrong", a traceback in the log)."""
    text = await _refusal(harness, "renaissance", "preset=euro")
    # the presets in the player's words (issue 19 point 6; each is accepted typed so)
    assert "규칙 묶음" in text and "유로게임즈 1999" in text and "euro" in text, text
