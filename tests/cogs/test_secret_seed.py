"""A new game's secret stays in the database (issue 18 point 1), through the harness.

A Maracaibo game on a 256-bit secret, played a few moves with every generic command a player
or spectator has (status, board, hand, log) and a restart: no post, reply, DM, image, alt text
or log line carries the secret or the generator's state.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from bot.service import new_secret
from tests.cogs.helpers import acting_member, open_id, open_table, press_first_choice, prompt
from tests.harness import Harness, Reply, running
from tests.rules.test_rng import secret_marks


def _message_text(message: Any) -> str:
    parts = [message.content or ""]
    parts += [str(e.to_dict()) for e in message.embeds]
    parts += [f"{a.filename} {a.description}" for a in message.attachments]
    parts += [str(c.to_dict()) for c in message.components]
    return "\n".join(parts)


async def _reply_text(reply: Reply) -> str:
    sources = [reply.result.response, *reply.result.followups]
    texts = [reply.content, str(reply.components)]
    for source in sources:
        if source is None:
            continue
        for att in source.attachments:
            texts.append(f"{att.filename} {att.description}")
            texts.append((await att.read()).decode("latin-1"))
    return "\n".join(texts)


async def _everything_shown(h: Harness, replies: list[Reply], members: list[Any]) -> str:
    texts = [await _reply_text(r) for r in replies]
    for message in h.messages():
        texts.append(_message_text(message))
        for att in message.attachments:
            texts.append((await att.read()).decode("latin-1"))
    for member in members:
        texts += [_message_text(m) for m in h.dms(member)]
    return "\n".join(texts)


async def test_no_post_reply_dm_image_or_log_line_shows_the_secret(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    secret = new_secret()
    caplog.set_level(logging.DEBUG)
    async with running(tmp_path / "referee.sqlite3", seed=secret) as h:
        members = await open_table(h, "maracaibo", ["alice", "bob"])
        game = await h.bot.store.current_game(h.channel().id)
        assert game is not None and game.seed == secret  # the game runs on the secret
        state = h.bot.service.state_of(game)
        assert state.rng.keyed and state.rng.key is not None
        replies: list[Reply] = []
        for _ in range(3):
            actor = acting_member(h, members)
            menu = await h.click(actor, prompt(h), custom_id=open_id(prompt(h)))
            replies += [menu, await press_first_choice(h, actor, menu)]
        for member in [*members, h.member("spectator")]:
            for command in ("game status", "game board", "game hand", "game log"):
                replies.append(await h.slash(member, command))
        await h.restart()
        replies.append(await h.slash(members[0], "game status"))
        shown = await _everything_shown(h, replies, members)
        logged = "\n".join(r.getMessage() for r in caplog.records)
        marks = [*secret_marks(secret), state.rng.key[:16], state.rng.key[-16:]]
        assert not [m for m in marks if m in shown]
        assert not [m for m in marks if m in logged]
        assert len(shown) > 1000  # the check read real posts and images
