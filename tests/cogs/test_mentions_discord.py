"""No post can ping anyone a post does not mean to ping (issue 18 point 2).

A creator nicknamed ``@everyone <@&ROLE>`` made the lobby post, the re-posted lobby and the
24-hour reminder ping everyone and that role. Here players are nicknamed with every kind of
mention and with markdown; through a whole opening (lobby, its re-post, the start, the turn
posts, DMs, the reminder, the status and log replies) no message notifies everyone, a role,
or a user who is not seated, and the names are written escaped (the raw text carries no
mention and no markdown of theirs).
"""

from __future__ import annotations

import discord
import pytest

from tests.cogs.helpers import acting_member, open_id, prompt
from tests.harness import Harness

ROLE_NICK = "@everyone <@&{role}> @here"
BOLD_NICK = "**x**"
USER_NICK = "<@{user}> ~~y~~"


def _lobby(h: Harness) -> discord.Message:
    for message in h.newest_first():
        if any(
            str(getattr(c, "custom_id", "")).endswith(":join")
            for row in message.components
            for c in getattr(row, "children", [row])
        ):
            return message
    raise AssertionError("no lobby in the channel")


def _assert_safe(
    h: Harness, message: discord.Message, players: set[int], forged: list[str]
) -> None:
    users, roles, everyone = h.notified(message)
    assert not everyone, f"pinged everyone: {message.content!r}"
    assert not roles, f"pinged roles {roles}: {message.content!r}"
    assert users <= players, f"pinged {users - players}: {message.content!r}"
    everyone_allowed, may_users, may_roles = h.may_ping(message)
    assert not everyone_allowed and may_roles == set(), f"policy too wide: {message.content!r}"
    assert may_users is not None and may_users <= players, f"may ping {may_users}"
    for raw in forged:
        assert raw not in message.content, f"{raw!r} written unescaped: {message.content!r}"


@pytest.mark.parametrize("locale", ["ko", "en-US"])
async def test_names_with_mentions_and_markdown_ping_nobody(harness: Harness, locale: str) -> None:
    h = harness
    role = h.guild.create_role("club", mentionable=True)
    bystander = h.member("bystander")
    nicks = [
        ROLE_NICK.format(role=role.id),
        BOLD_NICK,
        USER_NICK.format(user=bystander.id),
    ]
    members = [h.member(f"p{i}", nick=nick, locale=locale) for i, nick in enumerate(nicks, start=1)]
    forged = [
        "@everyone",
        "@here",
        f"<@&{role.id}>",
        f"<@{bystander.id}>",
        BOLD_NICK,
        "~~y~~",
    ]
    players = {m.id for m in members}
    await h.slash(members[0], "game new", kind="endeavor")
    await h.slash(members[1], "game join")
    h.delete(_lobby(h))  # a moderator removed the lobby: the next change posts it again
    await h.slash(members[2], "game join")
    reposted = _lobby(h)
    assert "**x**" not in reposted.content and "\\*\\*x\\*\\*" in reposted.content
    started = await h.slash(members[0], "game start")
    assert started.ephemeral, started.content
    actor = acting_member(h, members)
    menu = await h.click(actor, prompt(h), custom_id=open_id(prompt(h)))
    assert menu.custom_ids
    status = await h.slash(members[1], "game status")
    assert "@everyone" not in status.content and BOLD_NICK not in status.content
    for _ in range(5):  # the 24-hour reminder
        await h.advance(5 * 3600)
    reminders = [m for m in h.messages() if f"<@{actor.id}>" in m.content]
    assert reminders, "no reminder"
    for message in h.messages():
        _assert_safe(h, message, players, forged)
    for member in members:
        for dm in h.dms(member):
            _assert_safe(h, dm, players, forged)
    assert h.notified(reminders[-1])[0] == {actor.id}, "the reminder must ping who acts"
