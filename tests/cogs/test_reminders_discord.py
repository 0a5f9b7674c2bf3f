"""Turn reminders run on the bot's injected clock, so virtual time drives them (issue 2, item 8)."""

from __future__ import annotations

from tests.cogs.helpers import acting_member, open_table
from tests.harness import Harness


async def test_idle_game_pings_the_acting_player_once(harness: Harness) -> None:
    h = harness
    members = await open_table(h, "endeavor", ["alice", "bob"])
    actor = acting_member(h, members)
    await h.advance(3 * 3600)
    assert not [m for m in h.messages() if "Reminder" in m.content], "reminded too early"
    await h.advance(22 * 3600)
    reminders = [m for m in h.messages() if "Reminder" in m.content]
    assert len(reminders) == 1 and f"<@{actor.id}>" in reminders[0].content
    await h.advance(2 * 3600)
    assert len([m for m in h.messages() if "Reminder" in m.content]) == 1, (
        "reminded twice for one turn"
    )
