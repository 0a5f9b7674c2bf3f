"""Fuzzing the bot through the harness (issue 9, point 6).

Hypothesis drives random and malformed interactions against random games: legal moves by
their rightful player, presses by the wrong people, forged and garbled component ids, stale
versions, malformed slash-command values. After every interaction: no exception was logged,
and state and log are unchanged unless a legal action was applied by its rightful player;
at the end the log replays to the stored state. Players are nicknamed with mentions
(``@everyone``, a role, a bystander) and markdown, and no post may ping anyone but them;
``/game new`` in the busy channel sends garbled option strings (issue 18 points 2 and 7).
``REFEREE_FUZZ_EXAMPLES`` scales the run.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import discord
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.service import spec_of
from rules.registry import GAMES
from tests.cogs.helpers import component_dicts, open_id, open_table, press_action
from tests.harness import Harness, custom_ids, running

FORGED = "forged"
FORGED_PER_MESSAGE = 1
# The default run presses over 1,000 times (4 x 260); REFEREE_FUZZ_EXAMPLES=8 gives the
# 2,000 of issue 9. Since every hand-over post draws the whole table (issue 19), a press costs
# several times what it did, and the full default kept the README test command past 6 minutes.
EXAMPLES = int(os.environ.get("REFEREE_FUZZ_EXAMPLES", "4"))
STEPS = int(os.environ.get("REFEREE_FUZZ_STEPS", "260"))

GARBAGE = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["²", "٣", "1:²", "-1:0", "0:-1", ":", "9" * 40, "1:" + "9" * 20, "\x00"]),
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
)

GARBAGE_OPTIONS = st.lists(
    st.tuples(
        st.sampled_from(["preset", "difficulty", "board_side", "players", "x", "campaign", ""]),
        st.sampled_from(["=", "", ":"]),
        GARBAGE,
    ).map(lambda p: "".join(p)),
    max_size=4,
).map(lambda parts: " ".join(parts)[:300])


async def _forged_press(h: Harness, user: Any, custom_id: str, select: str | None) -> Any:
    view = discord.ui.View(timeout=None)
    if select is None:
        view.add_item(discord.ui.Button(label="?", custom_id=custom_id))
    else:
        view.add_item(
            discord.ui.Select(
                custom_id=custom_id, options=[discord.SelectOption(label="x", value=select)]
            )
        )
    channel = h.bot.get_channel(h.channel().id)
    assert isinstance(channel, discord.TextChannel)
    message = await channel.send(FORGED, view=view)
    if select is None:
        return await h.click(user, message, custom_id=custom_id)
    return await h.select(user, message, custom_id, [select])


async def _fingerprint(h: Harness) -> tuple[int, int, str | None]:
    game = await h.bot.store.get_game(1)
    assert game is not None
    log = await h.bot.store.actions(game.id, include_undone=True)
    return game.version, len(log), game.state_json


def _prompt(h: Harness) -> Any:
    """The bot's latest real turn prompt (forged messages carry ids that look alike)."""
    for message in h.newest_first():
        if message.content != FORGED and any(
            i.startswith("rf:open:") for i in custom_ids(component_dicts(message))
        ):
            return message
    raise AssertionError("no turn prompt in the channel")


async def _one_interaction(
    h: Harness, data: Any, members: list[Any], spectator: Any, kind: str
) -> Any:
    """Run one drawn interaction; returns the member who may change the game by it (the
    acting player, pressing anything that names a legal move), or None."""
    game = await h.bot.store.get_game(1)
    assert game is not None
    spec = spec_of(game)
    state = h.bot.service.state_of(game) if game.status == "active" else None
    acting = sorted(spec.to_act(state)) if state is not None and not spec.is_over(state) else []
    seats = {m.id: game.seat_of(m.id) for m in members}
    pressed = 1
    if kind == "legal" and acting:
        seat = acting[0]
        actor = next(m for m in members if seats[m.id] == seat)
        menu = await h.click(actor, _prompt(h), custom_id=open_id(_prompt(h)))
        assert menu.custom_ids, f"no menu for the acting player: {menu.content}"
        count = len(spec.legal_actions(state, seat))
        await press_action(h, actor, menu, spec, state, data.draw(st.integers(0, count - 1)))
        return actor, 1
    idle = [m for m in members if seats[m.id] not in acting] + [spectator]
    who = data.draw(st.sampled_from(idle if kind == "wrong_user" else [*members, spectator]))
    if kind == "wrong_user":
        index = data.draw(st.integers(0, 30))
        await _forged_press(h, who, f"rf:act:{game.id}:{game.version}:{index}", None)
    elif kind == "forged":  # forged buttons on one message (FORGED_PER_MESSAGE), each pressed
        ids: list[str] = []
        for _ in range(FORGED_PER_MESSAGE):
            prefix = data.draw(st.sampled_from(["rf:act", "rf:undo", "rf:open", "rf:seat", "rf:x"]))
            tail = data.draw(st.text(alphabet="0123456789:yn-", max_size=60))
            if (forged_id := f"{prefix}:{tail}"[:100]) not in ids:
                ids.append(forged_id)
        view = discord.ui.View(timeout=None)
        for forged_id in ids:
            view.add_item(discord.ui.Button(label="?", custom_id=forged_id))
        channel = h.bot.get_channel(h.channel().id)
        assert isinstance(channel, discord.TextChannel)
        message = await channel.send(FORGED, view=view)
        for forged_id in ids:
            await h.click(who, message, custom_id=forged_id)
        pressed = len(ids)
    elif kind == "options":  # /game new in a busy channel: its options are read first
        await h.slash(who, "game new", kind=game.kind, options=data.draw(GARBAGE_OPTIONS))
    elif kind == "slash":
        name = data.draw(st.sampled_from([f"{game.kind} " + c.name for c in _commands(game.kind)]))
        try:
            await h.slash(who, name, choice=data.draw(GARBAGE))
        except Exception as exc:  # simcord refuses values Discord itself would refuse
            if "choice" not in str(exc) and "option" not in str(exc).lower():
                raise
    else:
        version = data.draw(st.integers(0, game.version + 2))
        value = data.draw(st.one_of(GARBAGE, st.integers(0, 40).map(str)))
        await _forged_press(h, who, f"rf:sel:{game.id}:{version}:0", value[:100] or "0")
    # A forged id that happens to name a legal move of the current version is, pressed by
    # the acting player, exactly that player's move: the only change allowed.
    actor_seats = {seats[m.id] for m in members if m is who}
    return (who if actor_seats & set(acting) else None), pressed


def _commands(kind: str) -> list[Any]:
    import importlib

    module = importlib.import_module(GAMES[kind].cog)
    return [c for c in module.TABLE.commands if c.choice]


async def _fuzz(db_path: Path, data: Any, kind: str) -> int:
    interactions = 0
    async with running(db_path, seed=data.draw(st.integers(0, 10_000))) as h:
        spectator = h.member("spectator")
        players = GAMES[kind].min_players
        role = h.guild.create_role("club", mentionable=True)
        nicks = [f"@everyone <@&{role.id}>", "**ben** @here", f"<@{spectator.id}> _c_"]
        for name, nick in zip(["ann", "ben", "cal"], nicks, strict=True):
            h.member(name, nick=nick)  # names that would ping, if anything wrote them raw
        members = await open_table(h, kind, ["ann", "ben", "cal"][:players])
        seen = 0
        for _ in range(STEPS):
            before = await _fingerprint(h)
            game = await h.bot.store.get_game(1)
            assert game is not None
            if game.status != "active":
                break
            # Mostly refusals (each legal move also posts and draws a board: the slow part).
            kind = data.draw(
                st.sampled_from(
                    [
                        "legal",
                        "wrong_user",
                        "forged",
                        "forged",
                        "slash",
                        "slash",
                        "stale_select",
                        "options",
                    ]
                )
            )
            rightful, pressed = await _one_interaction(h, data, members, spectator, kind)
            interactions += pressed
            assert not h.expect_logged_errors(), "an interaction logged an error"
            posted = h.messages(start=seen)
            for message in posted:
                users, roles, everyone = h.notified(message)
                assert not everyone and not roles, f"a post pinged a crowd: {message.content!r}"
                assert users <= {m.id for m in members}, f"pinged {users}: {message.content!r}"
            seen += len(posted)
            after = await _fingerprint(h)
            if rightful is None:
                assert after == before, "a refused interaction changed the game"
            elif kind == "legal":
                assert after[0] > before[0] and after[1] > before[1], "a legal move was lost"
            if after != before:
                log = await h.bot.store.actions(1)
                assert rightful is not None and log[-1].user_id in (rightful.id, None), (
                    "someone other than the acting player changed the game"
                )
            if interactions % 5 == 0:
                # Let discord.py's ephemeral view timers (15 minutes each) run out: every live
                # timer is scanned at each settle of the harness, so letting them pile up made
                # each press slower than the one before. A move comes every few interactions,
                # so no game waits anywhere near its reminder or time limit.
                await h.advance(600)
        game = await h.bot.store.get_game(1)
        assert game is not None and game.state_json is not None
        log = await h.bot.store.actions(game.id)
        replayed, _ = await h.bot.service.replay(game, log)
        assert replayed.model_dump_json() == game.state_json, "the log does not replay"
    return interactions


PRESSED: list[int] = []


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_random_and_malformed_interactions_change_nothing_but_legal_moves(
    tmp_path_factory: Any, data: Any
) -> None:
    import asyncio

    kinds = sorted(k for k in GAMES)
    kind = data.draw(st.sampled_from(kinds))
    db_path = tmp_path_factory.mktemp("fuzz") / "referee.sqlite3"
    pressed = asyncio.run(_fuzz(db_path, data, kind))
    assert pressed > 0
    PRESSED.append(pressed)


def test_the_fuzz_run_pressed_at_least_a_thousand_times() -> None:
    """Issue 9: at least 1,000 interactions in the default run (runs after the fuzz above;
    ``REFEREE_FUZZ_EXAMPLES=8`` for 2,000)."""
    if os.environ.get("REFEREE_FUZZ_EXAMPLES") or os.environ.get("REFEREE_FUZZ_STEPS"):
        return  # a scaled run (smaller or larger) by choice
    assert sum(PRESSED) >= 1000, PRESSED
