"""The whole public table in one hand-over post (issue 19 point 2; docs/architecture.md "Rendering": a
hand-over post shows the whole public table; "Table manners": one post per hand-over).

Through the harness with a Korean server: the post that starts a game carries every public
part of the board as its attachments (Age of Renaissance's six parts, not its west map only),
each within the image limits, and the summary of what happened is one line per event."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.i18n import Translator
from bot.presenter import visible_lines
from bot.service import spec_of
from rules.core import Event
from tests.cogs.helpers import open_id, open_table, press_action, prompt
from tests.harness import Harness

MAX_BYTES = 350 * 1024

GAMES = [
    ("renaissance", 3, ""),
    ("ilos", 2, ""),
    ("endeavor", 2, ""),
    ("maracaibo", 2, ""),
]


@pytest.mark.guild_locale("ko")
@pytest.mark.parametrize(("kind", "players", "options"), GAMES)
async def test_issue19_2_start_post_carries_every_public_part(
    harness: Harness, kind: str, players: int, options: str
) -> None:
    h = harness
    await open_table(h, kind, ["민지", "서준", "하린"][:players], options)
    game = await h.bot.store.get_game(1)
    assert game is not None
    parts = h.bot.presenter.board_parts(game, h.bot.service.state_of(game))
    post = prompt(h)
    assert len(post.attachments) == len(parts) > 1, "every public part, in the one post"
    assert len({a.filename for a in post.attachments}) == len(parts)
    for att in post.attachments:
        data = await att.read()
        assert len(data) <= MAX_BYTES
        image = Image.open(io.BytesIO(data))
        assert image.width <= 1600 and image.height <= 2000
        assert att.description, "every image has its text summary"


@pytest.mark.guild_locale("ko")
async def test_issue19_2_hand_over_post_lists_events_one_per_line_with_every_part(
    harness: Harness,
) -> None:
    h = harness
    members = await open_table(h, "ilos", ["민지", "서준"])
    posts = len(h.messages())
    for _ in range(40):
        game = await h.bot.store.get_game(1)
        assert game is not None
        spec, state = spec_of(game), h.bot.service.state_of(game)
        seat = sorted(spec.to_act(state))[0]
        actor = next(m for m in members if game.seat_of(m.id) == seat)
        menu = await h.click(actor, prompt(h), custom_id=open_id(prompt(h)))
        actions = spec.legal_actions(state, seat)
        ends = [i for i, a in enumerate(actions) if spec.action_group(a) == "end_turn"]
        await press_action(h, actor, menu, spec, state, ends[0] if ends else 0)
        if len(h.messages()) > posts:
            break
    post = h.last_message()
    assert len(post.attachments) == 2, "the map and the table (prices, players, scores)"
    bullets = [line for line in post.content.splitlines() if line.startswith("• ")]
    assert bullets, post.content
    assert len(bullets) == len(set(bullets)), "no line is repeated"


def test_issue19_2_summary_is_one_line_per_event_never_repeated() -> None:
    tr = Translator("ko", {"p1": "민지", "p2": "서준"})
    quest = Event(key="core.undone", seat="p1")
    events = [
        Event(key="core.undone", seat="p1"),
        quest,
        Event(key="core.timed_out", args={"seats": ["p2"]}, seat="p2"),
        Event(key="core.undone", visible_to=["p2"]),
    ]
    lines = visible_lines(events, None, tr)
    assert lines[0].startswith("• ") and lines[0].endswith(" ×2"), lines
    assert lines[1] == "", "a blank line parts one player's events from the next"
    assert lines[2].startswith("• ") and "서준" in lines[2]
    assert len(lines) == 3, "hidden events are not told"
