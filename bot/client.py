"""The RefereeBot client: wires the store, the GameService, the presenter and the cogs."""

from __future__ import annotations

import asyncio
import importlib.util
import logging
from datetime import timedelta
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.absence import absent_acting
from bot.ai_seats import AiSeats
from bot.clock import Clock, system_clock
from bot.collector import Ageing, freeze_start_up, thaw
from bot.components import ALL_COMPONENTS, Host, known_custom_id
from bot.cooldown import Cooldown
from bot.errors import UserError, answer_error
from bot.i18n import catalog, language_of, t
from bot.language import guild_lang
from bot.presenter import Presenter
from bot.reminders import due
from bot.rendering import Renderer
from bot.service import GameService, names_of, spec_of
from bot.settings import Settings
from db import store_for
from db.store import GameRecord, GameStore
from rules.registry import GAMES

log = logging.getLogger(__name__)


def extensions() -> tuple[str, ...]:
    """The generic commands plus every registered game's cog (``GameSpec.cog``), if it has one."""
    cogs = [spec.cog for _, spec in sorted(GAMES.items())]
    return ("cogs.lobby", *(c for c in cogs if importlib.util.find_spec(c) is not None))


class RefereeTree(app_commands.CommandTree[Any]):
    """Remembers each user's language (for DMs), applies the per-user cooldown, and sends
    every failure down the one error path."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        client = interaction.client
        if not isinstance(client, RefereeBot):
            return True
        if interaction.type == discord.InteractionType.autocomplete:
            return True
        return await client.admit(interaction)

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError, /
    ) -> None:
        await answer_error(interaction, error)


class CatalogTranslator(app_commands.Translator):
    """Slash-command descriptions and choice names from the catalogs (names stay English)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        if not key or language_of(locale) == "en":
            return None
        entry = catalog(language_of(locale)).get(key)
        return entry if isinstance(entry, str) else None


class RefereeBot(commands.Bot):
    def __init__(
        self,
        settings: Settings,
        *,
        store: GameStore | None = None,
        clock: Clock = system_clock,
        seed_source: Any = None,
        **client_options: Any,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            tree_cls=RefereeTree,
            # Nothing pings unless a send names whom it pings (issue 18): a name that reads
            # "@everyone" or "<@&role>" in any text can never notify anyone.
            allowed_mentions=discord.AllowedMentions.none(),
            **client_options,
        )
        self.settings = settings
        self.store: GameStore = store or store_for(settings.db_path)
        self.clock = clock
        self.cooldown = Cooldown(settings.cooldown_per_10s)
        self.renderer = Renderer(settings.render_processes)
        self.ageing = Ageing()
        self.presenter = Presenter(self)
        self.ai = AiSeats(settings.ai_processes, settings.ai_seconds)
        self.service = GameService(
            self.store,
            clock=clock,
            announcer=self.presenter,
            seed_source=seed_source,
            ai=self.ai,
        )

    async def setup_hook(self) -> None:
        # load and validate every game's component data now, not in a player's first command
        await asyncio.to_thread(lambda: [spec.data_source() for spec in GAMES.values()])
        await self.store.open()
        await self.service.prepare()
        await self.tree.set_translator(CatalogTranslator())
        for name in extensions():
            await self.load_extension(name)
        _host: Host = self  # mypy checks the bot is what every press reaches (``bot_of``)
        self.add_dynamic_items(*ALL_COMPONENTS)
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        if self.settings.reminder_hours > 0 or self.settings.timeout_hours > 0:
            self.remind.start()
        open_games = await self.store.open_games()
        await self.renderer.start()  # every render worker up before the first press
        frozen = freeze_start_up()
        self.ageing.start()  # from now on, what is alive is frozen every tick (bot.collector)
        log.info(
            "ready to serve",
            extra={"fields": {"open_games": len(open_games), "frozen_objects": frozen}},
        )

    async def admit(self, interaction: discord.Interaction[Any]) -> bool:
        """Every interaction passes here first: remember the user's language, and refuse
        (with a short private answer) one that exceeds the user's cooldown."""
        self.presenter.remember(interaction)
        if self.cooldown.allow(interaction.user.id):
            return True
        await answer_error(interaction, UserError("error.slow_down"))
        return False

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A component whose id none of our components recognise (malformed, forged, or far
        too long) gets "I did not understand that" instead of silence; nothing changes."""
        if interaction.type != discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if known_custom_id(custom_id):
            return
        if not interaction.response.is_done():
            await answer_error(interaction, UserError("error.bad_input"))

    async def close(self) -> None:
        if self.remind.is_running():
            self.remind.cancel()
        self.renderer.close()
        self.ai.close()
        await super().close()
        await self.store.close()
        self.ageing.stop()
        thaw()  # what start-up froze may be garbage now (a test process starts many bots)

    @tasks.loop(minutes=15)
    async def remind(self) -> None:
        """Remind idle games' acting players; past the time limit, answer for them the
        decisions their game gives a default. One game's failure never stops the loop.

        Only the games of channels this process can post in (``serves``): several processes
        share one database, each serving its own shards' servers, and a reminder claimed or
        a timeout answered by a process that cannot post would reach nobody."""
        now, settings = self.clock(), self.settings
        waits = [h for h in (settings.reminder_hours, settings.timeout_hours) if h > 0]
        if not waits:
            return
        idle = await self.store.idle_games(now - timedelta(hours=min(waits)))
        games = [g for g in idle if self.serves(g)]
        if settings.reminder_hours > 0:
            for game in due(games, now, timedelta(hours=settings.reminder_hours)):
                try:
                    await self._remind(game)
                except Exception:
                    log.exception("reminding game %s failed", game.id)
        if settings.timeout_hours > 0:
            for game in due(games, now, timedelta(hours=settings.timeout_hours)):
                try:
                    await self.service.time_out(game.channel_id, game.version)
                except Exception:
                    log.exception("answering the timed-out decision of game %s failed", game.id)

    def serves(self, game: GameRecord) -> bool:
        """Can this process post in the game's channel? (Its server is on one of the shards
        this process serves, and the channel is there.)"""
        return isinstance(self.get_channel(game.channel_id), discord.abc.Messageable)

    async def _remind(self, game: GameRecord) -> None:
        if game.integrity_problem() is not None:
            return  # a stopped game (edited or damaged): its players were told when they act
        channel = self.get_channel(game.channel_id)
        if not isinstance(channel, discord.abc.Messageable) or game.state_json is None:
            return  # not this process's to claim: the one that can post claims it
        if not await self.store.claim_reminder(game.id, game.version):
            return  # already sent (by this or another process, before a restart)
        spec = spec_of(game)
        state = self.service.state_of(game)
        acting = sorted(spec.to_act(state))
        lang = guild_lang(channel)
        who = ", ".join(self.presenter.mention(game, s) for s in acting)
        lines = [t("core.reminder", lang, who=who)]
        left = self.settings.timeout_hours - self.settings.reminder_hours
        absent = absent_acting(game, acting)
        if game.absent_ai:
            defaulted, key = absent, "core.reminder_absent_ai"
        else:
            defaulted = [s for s in acting if spec.timeout_actions(state, s)]
            key = "core.reminder_default"
        if defaulted and self.settings.timeout_hours > 0 and left > 0:
            names = ", ".join(names_of(game).get(s, s) for s in defaulted)
            level = t(f"core.record.level.{game.absent_ai or 'easy'}", lang)
            lines.append(t(key, lang, who=names, hours=round(left), level=level))
        pinged = [
            discord.Object(id=u.user_id) for s in acting if (u := game.user_of(s)) and u.user_id
        ]
        await channel.send("\n".join(lines), allowed_mentions=discord.AllowedMentions(users=pinged))

    @remind.before_loop
    async def _before_remind(self) -> None:
        await self.wait_until_ready()


class ShardedRefereeBot(RefereeBot, commands.AutoShardedBot):
    """The bot serving a subset of Discord shards (``REFEREE_SHARD_COUNT``/``_IDS``); several
    such processes share one PostgreSQL database."""


def create_bot(settings: Settings, **kwargs: Any) -> RefereeBot:
    """An unstarted bot (tests start it through the harness; ``python -m bot`` runs it)."""
    if settings.shard_count is None:
        return RefereeBot(settings, **kwargs)
    ids = list(settings.shard_ids) if settings.shard_ids is not None else None
    return ShardedRefereeBot(settings, shard_count=settings.shard_count, shard_ids=ids, **kwargs)
