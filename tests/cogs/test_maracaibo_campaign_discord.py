"""A Maracaibo campaign through the bot (issue 10, spec 12.4): games opened and started by
Discord commands in one channel, moves through the GameService (the one path every press
takes), a real SQLite file, and the channel's campaign written when a game ends and read when
the next one starts. The story cards are the rules tests' TEST DATA (the rulebook prints none).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.service import current_data_hash, spec_of
from rules.core.spec import GameSpec
from rules.maracaibo import components
from rules.maracaibo.model import CampaignState
from tests.harness import Harness
from tests.rules.maracaibo.test_maracaibo_campaign import write_test_stories

NAMES = ["민지", "서준"]
Chooser = Callable[[Any, str], list[Any]]


@pytest.fixture
def story_cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The club's story cards as a REFEREE_DATA_DIR override (test data)."""
    write_test_stories(tmp_path / "data")
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path / "data"))
    components.data.cache_clear()
    current_data_hash.cache_clear()
    yield
    monkeypatch.delenv("REFEREE_DATA_DIR")
    components.data.cache_clear()
    current_data_hash.cache_clear()


async def _play_out(h: Harness, members: list[Any], seed: int) -> None:
    """Random legal moves by whoever must act, each through ``GameService.act``."""
    rnd = random.Random(seed)
    channel = h.channel().id
    for _ in range(5000):
        game = await h.bot.store.current_game(channel)
        if game is None:
            return
        spec = spec_of(game)
        seat = sorted(spec.to_act(h.bot.service.state_of(game)))[0]
        member = next(m for m in members if game.seat_of(m.id) == seat)
        choose = _random_move(spec, rnd)
        await h.bot.service.act(channel, member.id, choose, expected_version=game.version)
    raise AssertionError("the game did not end")


def _random_move(spec: GameSpec[Any, Any, Any, Any], rnd: random.Random) -> Chooser:
    def choose(state: Any, seat: str) -> list[Any]:
        legal = spec.legal_actions(state, seat)
        return [legal[rnd.randrange(len(legal))]]

    return choose


@pytest.mark.guild_locale("ko")
async def test_mar_12_4_a_campaign_carries_over_between_games_in_one_channel(
    harness: Harness, story_cards: None
) -> None:
    h = harness
    members = [h.member(n, locale="ko") for n in NAMES]
    channel = h.channel().id
    saved: dict[str, Any] | None = None
    for game_no in range(2):
        await h.slash(members[0], "game new", kind="maracaibo", options="campaign=true")
        await h.slash(members[1], "game join")
        started = await h.slash(members[0], "game start")
        assert started.ephemeral, started.content
        game = await h.bot.store.current_game(channel)
        assert game is not None and game.status == "active"
        state = h.bot.service.state_of(game)
        assert state.campaign is not None
        if saved is None:
            assert state.campaign.in_play == ["01"]  # 12.1: the first game reads card 01
        else:
            # 12.4: the next game starts from exactly what the last one wrote
            assert state.campaign.before.model_dump(mode="json") == saved
            assert set(saved["story_cards_in_archive"]) <= set(state.campaign.in_play)
        before = await h.bot.store.get_campaign(channel, "maracaibo")
        await _play_out(h, members, seed=11 + game_no)
        finished = await h.bot.store.get_game(game.id)
        assert finished is not None and finished.status == "finished"
        after = await h.bot.store.get_campaign(channel, "maracaibo")
        assert after is not None and after != before, "the finished game wrote no campaign"
        kept = CampaignState.model_validate(after)
        assert kept.player_count_history[-1] == 2
        assert "01" in kept.story_cards_in_archive
        saved = after
    assert saved is not None and len(saved["player_count_history"]) == 2


@pytest.mark.guild_locale("ko")
async def test_mar_12_4_an_abandoned_game_writes_nothing(
    harness: Harness, story_cards: None
) -> None:
    h = harness
    members = [h.member(n, locale="ko") for n in NAMES]
    await h.slash(members[0], "game new", kind="maracaibo", options="campaign=true")
    await h.slash(members[1], "game join")
    await h.slash(members[0], "game start")
    assert await h.bot.store.get_campaign(h.channel().id, "maracaibo") is None
    confirm = await h.slash(members[0], "game abandon")
    await h.click(members[0], confirm, custom_id=confirm.custom_ids[0])
    assert await h.bot.store.current_game(h.channel().id) is None
    assert await h.bot.store.get_campaign(h.channel().id, "maracaibo") is None
