"""Secret inputs left unanswered are answered by the bot after the time limit, through the
platform's reminders (AOR §7 timeouts, issue 11): the reminder says so first, the silent
players get the game's default, a player who answered keeps their answer, and a decision
without a default is only ever reminded."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import spec_of
from db.store import GameRecord
from tests.cogs.helpers import open_id, open_table, press_action, prompt
from tests.harness import Harness
from tests.korean import latin_words

NAMES = ["민지", "서준", "하린"]


async def _state(h: Harness) -> tuple[GameRecord, Any]:
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None
    return game, h.bot.service.state_of(game)


@pytest.mark.guild_locale("ko")
async def test_aor_dp2_silent_players_get_a_random_return_after_the_time_limit(
    harness: Harness,
) -> None:
    h = harness
    members = [h.member(n, locale="ko") for n in NAMES]
    await open_table(h, "renaissance", NAMES)
    game, state = await _state(h)
    spec = spec_of(game)
    assert spec.to_act(state) == {"p1", "p2", "p3"}  # DP-2: every player returns a card
    # p1 answers all of setup by the menu (card, ranking, bid); the other two stay silent
    first = next(m for m in members if game.seat_of(m.id) == "p1")
    kept = spec.legal_actions(state, "p1")[-1]
    while "p1" in spec.to_act(state):
        menu = await h.click(first, prompt(h), custom_id=open_id(prompt(h)))
        legal = spec.legal_actions(state, "p1")
        await press_action(h, first, menu, spec, state, len(legal) - 1)
        game, state = await _state(h)
    assert spec.to_act(state) == {"p2", "p3"}

    posts = len(h.messages())
    await h.advance(12 * 3600)
    await h.advance(13 * 3600)  # the reminder, with the warning of the default
    reminder = h.messages()[posts:]
    assert len(reminder) == 1 and "알림" in reminder[0].content
    assert "기본 선택" in reminder[0].content and "24시간" in reminder[0].content
    assert not latin_words(reminder[0].content.split(">")[-1], set())
    _, unchanged = await _state(h)
    assert spec.to_act(unchanged) == {"p2", "p3"}, "answered before the time limit"

    await h.advance(12 * 3600)
    await h.advance(12 * 3600)  # 49 idle hours: past REFEREE_TIMEOUT_HOURS (48)
    game, state = await _state(h)
    assert spec.to_act(state).isdisjoint({"p2", "p3"}) or state.phase != "setup"
    players = state.players
    assert players["p1"].returned == kept.card
    for seat in ("p2", "p3"):
        assert players[seat].returned is not None, "the silent seat was not answered for"
    names = {s.seat: s.name for s in game.seats}
    told = [
        line.removeprefix("• ")
        for m in h.messages()[posts + 1 :]
        for line in m.content.splitlines()
    ]
    # the summary (one line per event) opens with the timeout sentence
    timed_out = [line.split("답했습니다")[0] for line in told if line.startswith("⏰")]
    assert len(timed_out) == 1, told
    assert names["p2"] in timed_out[0] and names["p3"] in timed_out[0]
    assert names["p1"] not in timed_out[0], "the player who answered was answered for"
    assert not latin_words(timed_out[0], set())
    log = await h.slash(members[1], "game log")
    assert log.ephemeral


async def test_decisions_without_a_default_are_only_reminded(harness: Harness) -> None:
    """Ilos gives no default for any decision: two days idle remind once and change nothing."""
    h = harness
    await open_table(h, "ilos", ["alice", "bob"])
    game, _ = await _state(h)
    for _ in range(6):
        await h.advance(12 * 3600)
    after, _ = await _state(h)
    assert after.version == game.version
    assert len([m for m in h.messages() if "Reminder" in m.content]) == 1
    assert not any("⏰" in m.content for m in h.messages())
