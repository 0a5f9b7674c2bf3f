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


async def test_a_process_leaves_the_games_of_servers_it_does_not_serve_alone(
    harness: Harness,
) -> None:
    """Issue 18 point 8: every process's reminder loop walked all open games of the shared
    database and claimed a reminder before finding out it could not reach the channel, so a
    process not serving that server claimed and dropped it; a timeout it answered was saved
    and announced to nobody. A game whose channel this process cannot reach (another
    process's server) is neither reminded nor timed out here; its reminder stays unclaimed
    for the process that serves it. The game in this process's own channel is reminded."""
    from bot.service import Player

    h = harness
    service = h.bot.service
    elsewhere = 987_654_321_000_000_000  # a channel of a server on another process's shards
    people = [Player(900 + i, f"p{i}") for i in range(3)]
    await service.new_game(elsewhere, 123_456_789, "renaissance", people[0])
    for person in people[1:]:
        await service.join(elsewhere, person)
    await service.start(elsewhere, people[0])
    other = await h.bot.store.current_game(elsewhere)
    assert other is not None and other.status == "active"
    members = await open_table(h, "endeavor", ["alice", "bob"])
    actor = acting_member(h, members)
    for _ in range(10):  # 50 hours: past the reminder (24) and the timeout (48)
        await h.advance(5 * 3600)
    assert [m for m in h.messages() if "Reminder" in m.content and f"<@{actor.id}>" in m.content]
    after = await h.bot.store.current_game(elsewhere)
    assert after is not None and after.version == other.version, "timed out by a stranger"
    assert await h.bot.store.claim_reminder(other.id, other.version), (
        "the reminder of another process's game was claimed here"
    )
