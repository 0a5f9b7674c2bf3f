"""Issue 17.2: a running game keeps the component data set it started on.

A release that changes a shipped value (or a club that changes its override folder) must not
change the data of a game already running, nor stop it; new games use the new data.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.service import current_data_hash
from rules.core.data import current_data_set, override_dir
from rules.endeavor import components as endeavor_components
from rules.endeavor.components import data
from rules.registry import GAMES
from tests.cogs.helpers import acting_member, open_id, open_table, press_first_choice, prompt
from tests.harness import Harness

SHIPPED = Path(endeavor_components.__file__).parent / "data"


@pytest.fixture
def reload_data(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    yield
    monkeypatch.delenv("REFEREE_DATA_DIR", raising=False)
    override_dir.cache_clear()
    data.cache_clear()


def _change_card_limit(folder: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    """What a release with a data fix does to the files: one value changes (Endeavor's card
    limit, END-R60), here through the override folder the bot reads at start-up."""
    tracks = json.loads((SHIPPED / "tracks.json").read_text(encoding="utf-8"))
    tracks["card_cap"] += 1
    (folder / "endeavor").mkdir(parents=True)
    (folder / "endeavor" / "tracks.json").write_text(json.dumps(tracks), encoding="utf-8")
    monkeypatch.setenv("REFEREE_DATA_DIR", str(folder))
    override_dir.cache_clear()
    data.cache_clear()
    return int(tracks["card_cap"])


@pytest.mark.guild_locale("ko")
async def test_running_game_keeps_its_data_while_a_new_game_uses_the_new_value(
    harness: Harness, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reload_data: None
) -> None:
    """Issue 17 "done when": one shipped data value changes between two runs of the bot."""
    h = harness
    members = await open_table(h, "endeavor", ["alice", "bob"])
    running = await h.bot.store.current_game(h.channel().id)
    assert running is not None
    started_on = h.bot.service.state_of(running).data_hash
    old_cap = data().tracks.card_cap

    new_cap = _change_card_limit(tmp_path / "data", monkeypatch)
    await h.restart()  # the upgraded bot, on the same database

    running = await h.bot.store.current_game(h.channel().id)
    assert running is not None
    state = h.bot.service.state_of(running)  # pins the game's own data set
    assert state.data_hash == started_on
    assert data().tracks.card_cap == old_cap
    actor = acting_member(h, members)
    menu = await h.click(actor, prompt(h), custom_id=open_id(prompt(h)))
    await press_first_choice(h, actor, menu)
    moved = await h.bot.store.current_game(h.channel().id)
    assert moved is not None and moved.version > running.version, "the running game plays on"
    rules = await h.slash(members[0], "game rules", topic="endeavor:build")
    assert started_on in rules.content and "the set this game started on" in rules.content
    korean = h.member("minji", locale="ko")
    rules = await h.slash(korean, "game rules", topic="endeavor:build")
    assert f"이 게임이 시작할 때의 데이터 세트({started_on})" in rules.content
    newest = GAMES["endeavor"].rules_version
    assert f"규칙 버전 {newest} (최신 {newest})" in rules.content

    other = h.channel("second-table")
    await h.slash(members[0], "game new", other, kind="endeavor")
    await h.slash(members[1], "game join", other)
    await h.slash(members[0], "game start", other)
    fresh = await h.bot.store.current_game(other.id)
    assert fresh is not None
    fresh_state = h.bot.service.state_of(fresh)
    assert fresh_state.data_hash != started_on
    assert data().tracks.card_cap == new_cap

    h.bot.service.state_of(running)  # and back: each game on its own set, in one process
    assert data().tracks.card_cap == old_cap


async def test_rules_topic_names_the_games_rules_version(harness: Harness) -> None:
    """Issue 17.1: /game rules says which rules version the channel's game plays."""
    h = harness
    members = await open_table(h, "ilos", ["alice", "bob"])
    reply = await h.slash(members[0], "game rules", topic="ilos:costs")
    newest = GAMES["ilos"].rules_version
    assert f"Rules version {newest} (newest {newest})" in reply.content


def _touch_data_set(game: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new data set for ``game`` that means the same: every shipped file again, one with a
    trailing newline (the set's hash is over the bytes), as a club's override folder."""
    shipped = (
        Path(str(importlib.import_module(f"rules.{game}.components").__file__)).parent / "data"
    )
    target = folder / game
    target.mkdir(parents=True)
    first = sorted(shipped.glob("*.json"))[0]
    (target / first.name).write_bytes(first.read_bytes() + b"\n")
    monkeypatch.setenv("REFEREE_DATA_DIR", str(folder))
    override_dir.cache_clear()
    importlib.import_module(f"rules.{game}.components").data.cache_clear()
    current_data_hash.cache_clear()


@pytest.mark.guild_locale("ko")
@pytest.mark.parametrize(("game", "parts"), [("maracaibo", ["map"]), ("renaissance", ["", "east"])])
async def test_issue20_a_game_pinned_to_an_older_data_set_still_draws_its_map(
    game: str,
    parts: list[str],
    harness: Harness,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 20 with issue 17.2: the geographic maps (``geography.json`` is read from today's
    files, outside a game's pinned set) still draw for a game that plays on an older data
    set after an upgrade: ``/game board`` in Korean answers with the map, no error."""
    h = harness
    names = ["민지", "서준", "하린"]
    members = [h.member(n, locale="ko") for n in names]
    await open_table(h, game, names)
    running = await h.bot.store.current_game(h.channel().id)
    assert running is not None
    started_on = h.bot.service.state_of(running).data_hash
    try:
        _touch_data_set(game, tmp_path / "data", monkeypatch)
        await h.restart()
        running = await h.bot.store.current_game(h.channel().id)
        assert running is not None
        assert h.bot.service.state_of(running).data_hash == started_on  # pinned
        assert current_data_set(GAMES[game]).hash != started_on  # today's set is another
        for part in parts:
            shown = await h.slash(members[0], "game board", **({"part": part} if part else {}))
            images = await shown.images()
            assert images, shown.content
            assert "오류" not in shown.content, shown.content
            assert images[0].width >= 700 and images[0].height >= 700, images[0].size
    finally:
        monkeypatch.delenv("REFEREE_DATA_DIR", raising=False)
        override_dir.cache_clear()
        importlib.import_module(f"rules.{game}.components").data.cache_clear()
        current_data_hash.cache_clear()
