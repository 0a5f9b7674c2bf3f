"""Issue 24 point 3: AI seats in Discord. ``/game add-bot level:`` seats a bot of that level,
named in the player's language; AI seats decide from their own observation and play a game
to its end through the harness in Korean."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules.ai.hooks import register_ai, unregister_ai
from rules.registry import register, unregister
from tests.cogs.sealed_bids import bid
from tests.harness import Harness
from tests.plugin_game.ai import HOOKS
from tests.plugin_game.rules import SPEC


@pytest.fixture
def sealed() -> Iterator[None]:
    """The test-only game with its AI hooks, registered before the bot starts."""
    register(SPEC)
    register_ai(SPEC.key, HOOKS)
    yield
    unregister_ai(SPEC.key)
    unregister(SPEC.key)


@pytest.mark.guild_locale("ko")
async def test_issue24_3_two_ai_seats_play_a_game_to_its_end_in_korean(
    sealed: None, harness: Harness
) -> None:
    """Issue 24 point 3: a strong and an easy AI seat, added in Korean, bid beside a person
    (sealed bids: they decide without seeing hers) until the game ends; the log holds their
    moves and the club's record rates them by level."""
    h = harness
    minji = h.member("민지", locale="ko")
    await h.slash(minji, "game new", kind="sealed")
    await h.slash(minji, "game add-bot", level="strong")
    lobby = await h.slash(minji, "game add-bot", level="easy")
    assert "🤖 1 (강함)" in lobby.content and "🤖 2 (쉬움)" in lobby.content, lobby.content
    await h.slash(minji, "game start")
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None
    assert sorted(s.level or "" for s in game.seats) == ["", "easy", "strong"]
    for _ in range(2):
        await bid(h, minji, 0)
    assert "게임 종료" in h.last_message().content
    final = await h.bot.store.get_game(game.id)
    assert final is not None and final.status == "finished"
    ai_moves = [a for a in await h.bot.store.actions(game.id) if a.user_id is None]
    assert len(ai_moves) == 4  # two seats, two rounds
    archived = await h.bot.store.archived_games(guild_id=h.guild.id, outcome=None)
    players = {s.player for s in archived[0].seats}
    assert {"bot:strong", "bot:easy"} <= players, players
