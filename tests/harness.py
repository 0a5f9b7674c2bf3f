"""The project's Discord test harness: the only module that imports simcord.

It starts the real RefereeBot (real discord.py client, real cogs, a real SQLite file) inside
simcord's offline Discord, and offers the few verbs our tests need: members, channels,
slash commands, button presses, selects, autocomplete, DMs, channel history, virtual time
and restarts. Everything the bot sent is read back as Discord delivered it.

Locales: simcord sends every interaction as ``en-US``. The harness gives each member the
Discord locale chosen for them (``member(name, locale="ko")``) and the server its preferred
locale (``guild_locale``), as real Discord does: ``interaction.locale`` is the user's client
language and ``interaction.guild_locale`` / ``guild.preferred_locale`` the server's.
"""

from __future__ import annotations

import functools
import io
import logging
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import count
from pathlib import Path
from typing import Any

import discord
import simcord
import simcord.interactions
from PIL import Image
from simcord.results import to_discord_message

from bot.client import RefereeBot, create_bot
from bot.errors import UserError, unwrap
from bot.settings import Settings
from db.sqlite import SqliteStore


@dataclass
class Reply:
    """A flattened view of what the bot answered to one interaction."""

    result: Any

    @property
    def message(self) -> Any:
        followups = self.result.followups
        response = self.result.response
        return response if response is not None else (followups[-1] if followups else None)

    @property
    def ephemeral(self) -> bool:
        msg = self.message
        return bool(msg is not None and msg.ephemeral) or bool(self.result.ephemeral)

    @property
    def content(self) -> str:
        texts = []
        if self.result.response is not None:
            texts.append(self.result.response.content)
        texts += [f.content for f in self.result.followups]
        return "\n".join(t for t in texts if t)

    @property
    def components(self) -> list[dict[str, Any]]:
        msg = self.message
        return msg.components if msg is not None else []

    @property
    def custom_ids(self) -> list[str]:
        return custom_ids(self.components)

    def labels(self) -> list[str]:
        return labels(self.components)

    async def images(self) -> list[Image.Image]:
        out = []
        for source in [self.result.response, *self.result.followups]:
            if source is None:
                continue
            for att in source.attachments:
                out.append(Image.open(io.BytesIO(await att.read())).convert("RGB"))
        return out


_user_locales: dict[int, str] = {}
_original_base_payload = simcord.interactions.base_payload


def _base_payload_with_locales(backend: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
    """simcord's interaction payload with the member's and the server's locales filled in."""
    record, payload = _original_base_payload(backend, **kwargs)
    payload["locale"] = _user_locales.get(int(kwargs["user_id"]), "en-US")
    if kwargs.get("guild_id") is not None:
        guild = backend.get_guild(kwargs["guild_id"])
        payload["guild_locale"] = getattr(guild, "preferred_locale", None) or "en-US"
    return record, payload


simcord.interactions.base_payload = _base_payload_with_locales


class FollowupBeforeResponse(RuntimeError):
    """The bot sent a follow-up before answering the interaction (Discord: 404 Unknown Webhook)."""


_original_followup = discord.Interaction.followup


def _followup_only_after_a_response(self: discord.Interaction[Any]) -> discord.Webhook:
    """Real Discord refuses a follow-up until the interaction was answered or deferred;
    simcord accepts it, so the harness refuses it as Discord would."""
    if not self.response.is_done():
        raise FollowupBeforeResponse(
            f"interaction {self.id}: follow-up before any response (Discord: 404 Unknown Webhook)"
        )
    hook: discord.Webhook = _original_followup.__get__(self, type(self))
    return hook


discord.Interaction.followup = property(_followup_only_after_a_response)  # type: ignore[assignment,method-assign]

SETTLE_POLL = 0.005
"""Real seconds simcord waits between looks while a bot task is busy (its default is 0.05).
The reminder loop's task never finishes: at each tick it awaits the database, then sleeps
again, so simcord's wait for "the first task done" always ran its whole 50 ms. Two days of
virtual time are 192 ticks, ~10 s of a test spent idle; a shorter look only looks more often
(the deadline and what counts as settled are simcord's own). ``_settle_internal`` is
simcord's private method: simcord is pinned in pyproject.toml, and a new version must be
checked for it."""

SETTLE_TIMEOUT = 60.0
"""Real seconds simcord lets one interaction or time step take before it calls the bot stuck
(its default is 5). The deadline only tells a hang from slow work: a press whose picture took
over 5 s on a loaded 2-core CI machine failed a whole Korean game (stop 53) though nothing was
stuck. Speed belongs in ``python -m bench``, never in a test's deadline."""

simcord.Env._settle_internal = functools.partialmethod(  # type: ignore[assignment,method-assign]
    simcord.Env._settle_internal, idle=SETTLE_POLL
)


def _record_only_bugs(env: Any) -> None:
    """simcord counts every exception reaching the command tree's ``on_error`` as a bot error.
    Our bot raises ``UserError`` there on purpose (the one error path answers the user), so
    only other exceptions are recorded; the bot's own ``on_error`` still runs for all."""
    tree = env.bot.tree

    async def on_tree_error(interaction: Any, error: BaseException) -> None:
        if not isinstance(unwrap(error), UserError):
            env._record_error(error)
        await type(tree).on_error(tree, interaction, error)

    tree.on_error = on_tree_error


def _walk(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for c in components:
        out.append(c)
        out += _walk(c.get("components", []))
    return out


def custom_ids(components: list[dict[str, Any]]) -> list[str]:
    return [c["custom_id"] for c in _walk(components) if "custom_id" in c]


def labels(components: list[dict[str, Any]]) -> list[str]:
    return [c.get("label", "") for c in _walk(components) if c.get("type") == 2]


def select_options(components: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    return {c["custom_id"]: c.get("options", []) for c in _walk(components) if c.get("type") == 3}


class Harness:
    def __init__(
        self,
        env: Any,
        db_path: Path,
        clock: Callable[[], datetime],
        errors: Any,
        guild_locale: str = "en-US",
    ) -> None:
        self.env = env
        self.logged_errors = errors
        self._stores: list[Any] = [env.bot.store]
        self.db_path = db_path
        self.clock = clock
        self.guild = env.create_guild("Club", preferred_locale=guild_locale)
        self._channels: dict[str, Any] = {}
        self._members: dict[str, Any] = {}

    @property
    def bot(self) -> RefereeBot:
        return self.env.bot  # type: ignore[no-any-return]

    # ---------------------------------------------------------------- world
    def channel(self, name: str = "table") -> Any:
        if name not in self._channels:
            self._channels[name] = self.guild.create_text_channel(name)
        return self._channels[name]

    def member(
        self,
        name: str,
        *,
        manage_channels: bool = False,
        locale: str = "en-US",
        nick: str | None = None,
    ) -> Any:
        """A server member; ``locale`` is their Discord client language (e.g. ``ko``),
        ``nick`` their server nickname (what the bot sees as their display name)."""
        if name not in self._members:
            roles = []
            if manage_channels:
                roles.append(
                    self.guild.create_role(
                        f"{name}-mod", permissions=discord.Permissions(manage_channels=True)
                    )
                )
            self._members[name] = self.guild.add_member(
                self.env.create_user(name), roles=roles, nick=nick
            )
            _user_locales[self._members[name].id] = locale
        return self._members[name]

    def close_dms(self, member: Any) -> None:
        """Make sending a DM to ``member`` fail as Discord does (403, code 50007)."""
        dm = member.user.dm_channel if hasattr(member, "user") else None
        target = f"/channels/{dm.id}/messages" if dm is not None else "/channels/*/messages"
        self.env.inject_error(
            "POST",
            target,
            status=403,
            code=50007,
            message="Cannot send messages to this user",
            times=None,
        )

    # ---------------------------------------------------------------- verbs
    async def slash(self, user: Any, name: str, channel: Any = None, /, **options: Any) -> Reply:
        return Reply(await user.slash(channel or self.channel(), name, **options))

    async def click(
        self, user: Any, message: Any, *, custom_id: str | None = None, label: str | None = None
    ) -> Reply:
        return Reply(await user.click(_msg(message), custom_id=custom_id, label=label))

    async def select(self, user: Any, message: Any, custom_id: str, values: list[str]) -> Reply:
        return Reply(await user.select(_msg(message), values, custom_id=custom_id))

    async def submit_modal(self, user: Any, shown: Reply, values: dict[str, Any]) -> Reply:
        """Fill and submit the modal the bot answered ``shown`` with (``values`` by the
        inputs' custom ids)."""
        return Reply(await user.submit_modal(shown.result, values))

    async def autocomplete(
        self, user: Any, name: str, option: str, value: str, channel: Any = None, **filled: Any
    ) -> list[dict[str, Any]]:
        choices: list[dict[str, Any]] = await user.autocomplete(
            channel or self.channel(), name, option, value, **filled
        )
        return choices

    def messages(self, channel: Any = None, *, start: int = 0) -> list[discord.Message]:
        """Public channel history (what a spectator sees), oldest first; from the ``start``-th
        message on, without building the earlier ones."""
        visible = self._public(channel)
        return [to_discord_message(self.env, m) for m in visible[start:]]

    def _public(self, channel: Any = None) -> list[Any]:
        """The channel's stored messages a spectator sees, oldest first (not yet built)."""
        where = channel or self.channel()
        spectator = self.member("spectator")
        stored = self.env.backend.messages.get(where.id, {}).values()
        return [m for m in sorted(stored, key=lambda m: m.id) if m.visible_to(spectator.id)]

    def newest_first(self, channel: Any = None) -> Iterator[discord.Message]:
        """Public channel history (what a spectator sees), newest first, each message built
        only when reached: a test after the latest prompt stops early instead of building the
        whole history (which grows with every press of a long game)."""
        for message in reversed(self._public(channel)):
            yield to_discord_message(self.env, message)

    def last_message(self, channel: Any = None) -> discord.Message:
        """The newest public message of the channel."""
        return next(self.newest_first(channel))

    def pinged(self, message: discord.Message) -> set[int]:
        """The users Discord notified for ``message`` (its mentions allowed to ping)."""
        stored = self.env.backend.get_message(message.channel.id, message.id)
        return {int(u) for u in stored.ping_user_ids}

    def notified(self, message: discord.Message) -> tuple[set[int], set[int], bool]:
        """Who Discord notified for ``message``: (users, roles, everyone/here)."""
        stored = self.env.backend.get_message(message.channel.id, message.id)
        return (
            {int(u) for u in stored.ping_user_ids},
            {int(r) for r in stored.ping_role_ids},
            bool(stored.mention_everyone),
        )

    def may_ping(self, message: discord.Message) -> tuple[bool, set[int] | None, set[int] | None]:
        """The mention policy a message was sent with: (everyone/here allowed, the users it may
        ping, the roles it may ping); None means any."""
        policy = self.env.backend.get_message(message.channel.id, message.id).allowed_mentions
        users = None if policy.users is None else {int(u) for u in policy.users}
        roles = None if policy.roles is None else {int(r) for r in policy.roles}
        return bool(policy.everyone), users, roles

    def delete(self, message: discord.Message) -> None:
        """Delete a message as a moderator would."""
        self.env.backend.delete_message(message.channel.id, message.id)

    def dms(self, member: Any) -> list[discord.Message]:
        user = member.user if hasattr(member, "user") else member
        return list(user.dm_channel.history())

    ADVANCE_STEP = 2 * 3600
    """Longest virtual time one ``advance_time`` call covers. simcord gives each call
    ``settle_timeout`` seconds of real time (it was 5 s then), and the bot's loops that wake
    every minute take a few real milliseconds each tick: a day in one call took ~5 s alone, and
    failed on a busy 2-core machine. Advancing in steps gives each step its own deadline; the
    bot sees the same timers fire in the same order."""

    async def advance(self, seconds: float) -> None:
        while seconds > self.ADVANCE_STEP:
            await self.env.advance_time(self.ADVANCE_STEP)
            seconds -= self.ADVANCE_STEP
        await self.env.advance_time(seconds)

    async def expire_menus(self) -> None:
        """Let 15 minutes and a second pass, so discord.py stops the views of the ephemeral
        menus sent so far. A long game's loop calls it every few presses: simcord scans every
        live timer at each settle, so menus left to pile up make each press slower than the
        last (a real event loop keeps its timers in a heap, so the bot itself never pays it)."""
        await self.env.advance_time(15 * 60 + 1)

    async def restart(self) -> None:
        """Stop the bot and start a fresh process-equivalent on the same database file."""
        old = self.bot
        await self.env.restart_bot(_new_bot(self.db_path, self.clock))
        _record_only_bugs(self.env)
        await old.store.close()
        self._stores.append(self.bot.store)
        await self.env.bot.tree.sync()

    def errors(self) -> list[BaseException]:
        return list(self.env.errors)

    def expect_logged_errors(self) -> list[str]:
        """Acknowledge the errors the bot logged so far (for tests that provoke one)."""
        seen: list[str] = self.logged_errors.unexpected()
        self.logged_errors.expected = len(self.logged_errors.records)
        return seen


def _msg(message: Any) -> Any:
    if isinstance(message, Reply):
        return message.message
    return message


_seeds = count(1000)


def _new_bot(
    db_path: Path, clock: Callable[[], datetime], seed: int | None = None, cooldown: int = 0
) -> RefereeBot:
    """The bot as ``python -m bot`` makes it, on ``db_path``; no per-user cooldown unless asked
    (tests press far faster than people)."""
    settings = Settings(
        token="test",
        db_path=str(db_path),
        reminder_hours=24.0,
        cooldown_per_10s=cooldown,
        render_processes=0,  # threads: simcord drives one process (the pool is tested apart)
        ai_processes=0,  # AI seats think in the bot's thread here (the pool is tested apart)
        ai_seconds=0.05,
    )
    fixed = seed if seed is not None else next(_seeds)
    return create_bot(
        settings, store=SqliteStore(str(db_path), now=clock), clock=clock, seed_source=lambda: fixed
    )


def clock_for(holder: dict[str, Any]) -> Callable[[], datetime]:
    """The bot's clock: simcord's virtual time once the environment runs."""

    def clock() -> datetime:
        env = holder.get("env")
        now: datetime = env.now() if env is not None else datetime.now(UTC)
        return now

    return clock


def new_bot(db_path: Path, holder: dict[str, Any], seed: int = 7) -> RefereeBot:
    return _new_bot(db_path, clock_for(holder), seed)


@asynccontextmanager
async def attached(
    env: Any, db_path: Path, holder: dict[str, Any], *, guild_locale: str = "en-US"
) -> AsyncIterator[Harness]:
    """Wrap a started simcord environment; fails if the bot logged unexpected errors."""
    holder["env"] = env
    env.settle_timeout = SETTLE_TIMEOUT
    _record_only_bugs(env)
    await env.bot.tree.sync()
    errors = _ErrorLog()
    logging.getLogger().addHandler(errors)
    harness = Harness(env, db_path, clock_for(holder), errors, guild_locale)
    try:
        yield harness
        assert not errors.unexpected(), "the bot logged errors:\n" + "\n".join(errors.unexpected())
    finally:
        logging.getLogger().removeHandler(errors)
        # simcord does not call bot.close(); close the stores so no SQLite thread outlives the test
        for store in harness._stores:
            await store.close()


@asynccontextmanager
async def running(
    db_path: Path,
    *,
    seed: int = 7,
    guild_locale: str = "en-US",
    bot: RefereeBot | None = None,
) -> AsyncIterator[Harness]:
    """A fresh simcord world with the real bot on ``db_path`` (for use outside pytest fixtures);
    ``bot``: this bot instead, made by the caller (another store or clock)."""
    holder: dict[str, Any] = {}
    async with (
        simcord.run(bot or new_bot(db_path, holder, seed)) as env,
        attached(env, db_path, holder, guild_locale=guild_locale) as h,
    ):
        yield h


class _ErrorLog(logging.Handler):
    """Collects ERROR records the bot logged (tracebacks it caught), so tests see them."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []
        self.expected = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def unexpected(self) -> list[str]:
        return [self.format(r) for r in self.records[self.expected :]]
