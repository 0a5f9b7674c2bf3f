"""Generic /game commands: lobby, status, board, private hand, log, undo, abandon, replace, rules.

No handler guards itself: failures go through the command tree's one error path
(``bot.errors.answer_error``). Nothing here names a game: games come from the registry.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.absence import level_words
from bot.client import RefereeBot
from bot.club_record import Card, leaderboard_card, player_stats, result_line, stats_card
from bot.components import AbandonConfirm, ResultSelect, SeatOffer, UndoVote, player_of
from bot.errors import UserError
from bot.i18n import catalog, escape_name, has, t
from bot.messages import file_of
from bot.presenter import lang_of, lobby_text, lobby_view, reply, title_of, translator
from bot.service import game_kind, spec_of
from render.club_cards import render_cards
from rules.ai import LEVELS
from rules.core import Text
from rules.core.data import override_dir
from rules.registry import GAMES

AI_LEVELS = [
    app_commands.Choice(name=_("Bot (random)", key="core.ai_choice.random"), value="random"),
    app_commands.Choice(name=_("Bot (easy)", key="core.ai_choice.easy"), value="easy"),
    app_commands.Choice(name=_("Bot (strong)", key="core.ai_choice.strong"), value="strong"),
]
"""The AI levels (``rules.ai.LEVELS``) as a command's choices."""

OFF_CHOICE = app_commands.Choice(name=_("Off", key="core.ai_choice.off"), value="off")


def level_name(level: str, lang: str) -> str:
    return t(f"core.record.level.{level}", lang)


def game_arg(value: str) -> int | None:
    """A ``game`` option's value (a finished game's number from its autocomplete); ``None``
    when empty; anything else is refused."""
    value = value.strip()
    if not value:
        return None
    if not (value.isascii() and value.isdigit() and len(value) <= 19):
        raise UserError("error.no_such_result")
    return int(value)


def record_kind(typed: str) -> str | None:
    """The game a record command is about (a key or a title, as ``/game new`` takes it);
    None when empty; an unknown game is refused."""
    if not typed.strip():
        return None
    kind = game_kind(typed.strip())
    if kind not in GAMES:
        titles = [Text(key=f"{k}.title") for k in sorted(GAMES)]
        raise UserError("error.unknown_game", kind=typed[:40], known=titles)
    return kind


def kind_choices(lang: str, current: str) -> list[app_commands.Choice[str]]:
    """Every registered game matching what was typed, by its title in ``lang``."""
    titles = sorted((title_of(k, lang), k) for k in GAMES)
    needle = current.lower().strip()
    return [
        app_commands.Choice(name=title, value=key)
        for title, key in titles
        if needle in title.lower() or needle in key
    ][:25]


def topics_of(kind: str) -> list[str]:
    """The rules topic ids a game lists in its catalog (``<kind>.rules.topics``)."""
    listed = catalog("en").get(f"{kind}.rules.topics", "")
    return [n.strip() for n in listed.split(",") if n.strip()] if isinstance(listed, str) else []


def topic_title(kind: str, name: str, lang: str) -> str:
    key = f"{kind}.rules.title.{name}"
    return t(key, lang) if has(key) else name


class Lobby(
    commands.GroupCog,
    group_name="game",
    group_description=_("Play board games in this channel", key="cmd.game"),
):
    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot
        super().__init__()

    async def _update_lobby(self, interaction: discord.Interaction[Any], game: Any) -> None:
        """The lobby stays one message, edited in place; the user sees it privately too."""
        await interaction.response.defer(ephemeral=True)
        await self.bot.presenter.refresh_lobby(game)
        await interaction.followup.send(lobby_text(game, lang_of(interaction)), ephemeral=True)

    # -------------------------------------------------------------- lobby
    @app_commands.command(
        name="new", description=_("Open a new game in this channel", key="cmd.game.new")
    )
    @app_commands.describe(
        kind=_("Which game", key="cmd.game.new.kind"),
        options=_(
            "Options as name=value, separated by spaces (a wrong name lists the game's options)",
            key="cmd.game.new.options",
        ),
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        kind: app_commands.Range[str, 1, 40],
        options: app_commands.Range[str, 0, 300] = "",
    ) -> None:
        outcome = await self.bot.service.new_game(
            interaction.channel_id or 0,
            interaction.guild_id,
            kind,
            player_of(interaction),
            options,
        )
        lang = lang_of(interaction)
        await interaction.response.send_message(
            lobby_text(outcome.game, lang),
            view=lobby_view(outcome.game, lang),
            allowed_mentions=discord.AllowedMentions.none(),  # names its creator, pings nobody
        )

    @new.autocomplete("kind")
    async def game_kinds(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """Every registered game, by its title in the user's language."""
        return kind_choices(lang_of(interaction), current)

    @app_commands.command(
        name="join", description=_("Take a seat in this channel's game", key="cmd.game.join")
    )
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        outcome = await self.bot.service.join(interaction.channel_id or 0, player_of(interaction))
        await self._update_lobby(interaction, outcome.game)

    @app_commands.command(
        name="leave", description=_("Leave the game before it starts", key="cmd.game.leave")
    )
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        outcome = await self.bot.service.leave(interaction.channel_id or 0, player_of(interaction))
        await self._update_lobby(interaction, outcome.game)

    @app_commands.command(
        name="add-bot", description=_("Fill a seat with a bot", key="cmd.game.add_bot")
    )
    @app_commands.describe(level=_("How well it plays", key="cmd.game.add_bot.level"))
    @app_commands.choices(level=AI_LEVELS)
    async def add_bot(self, interaction: discord.Interaction[Any], level: str = "random") -> None:
        outcome = await self.bot.service.add_bot(
            interaction.channel_id or 0, player_of(interaction), level, lang_of(interaction)
        )
        await self._update_lobby(interaction, outcome.game)

    @app_commands.command(
        name="absent",
        description=_(
            "Let an AI play for players absent past the time limit (creator, before the start)",
            key="cmd.game.absent",
        ),
    )
    @app_commands.describe(level=_("How well it plays, or off", key="cmd.game.absent.level"))
    @app_commands.choices(level=[*AI_LEVELS, OFF_CHOICE])
    async def absent(self, interaction: discord.Interaction[Any], level: str = "easy") -> None:
        """The lobby's ``absent=`` option, changed after the game was opened."""
        outcome = await self.bot.service.set_absent_ai(
            interaction.channel_id or 0, player_of(interaction), level
        )
        await self._update_lobby(interaction, outcome.game)

    @app_commands.command(
        name="back",
        description=_("Play your seat again instead of the AI", key="cmd.game.back"),
    )
    async def back(self, interaction: discord.Interaction[Any]) -> None:
        outcome = await self.bot.service.come_back(interaction.channel_id or 0, interaction.user.id)
        if outcome is None:
            raise UserError("error.not_absent")
        await reply(interaction, t("core.absent_welcome", lang_of(interaction)))

    @app_commands.command(
        name="start", description=_("Start the game (the creator only)", key="cmd.game.start")
    )
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        outcome = await self.bot.service.start(interaction.channel_id or 0, player_of(interaction))
        await self.bot.presenter.refresh_lobby(outcome.game)
        await interaction.followup.send(
            t("core.started_short", lang_of(interaction)), ephemeral=True
        )

    # -------------------------------------------------------------- looking
    @app_commands.command(
        name="status", description=_("Who is playing and who must act", key="cmd.game.status")
    )
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        channel_id = interaction.channel_id or 0
        game = await self.bot.store.current_game(channel_id) or await self.bot.service.viewable(
            channel_id
        )
        lang = lang_of(interaction)
        if game.status == "lobby":
            await reply(interaction, lobby_text(game, lang))
            return
        spec = spec_of(game)
        state = self.bot.service.state_of(game)
        lines = [t("core.status_header", lang, game=title_of(game.kind, lang))]
        lines += [
            f"• {escape_name(s.name)}"
            + (" 🤖" if s.is_bot else "")
            + (
                t("core.status_stand_in", lang, level=level_name(s.stand_in, lang))
                if s.stand_in
                else ""
            )
            for s in game.seats
        ]
        if spec.is_over(state):
            lines.append(self.bot.presenter.score_text(game, state, lang))
        else:
            lines.append(self.bot.presenter.to_act_text(game, state, lang))
        await reply(interaction, "\n".join(lines), allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(
        name="board", description=_("Show the current board", key="cmd.game.board")
    )
    @app_commands.describe(
        part=_("Which part of the board (if it comes in parts)", key="cmd.game.board.part"),
        game=_("A finished game of this channel (see /game results)", key="cmd.game.which"),
    )
    async def board(
        self,
        interaction: discord.Interaction[Any],
        part: app_commands.Range[str, 0, 40] = "",
        game: app_commands.Range[str, 0, 20] = "",
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        shown = await self.bot.service.viewable(interaction.channel_id or 0, game_arg(game))
        await self._board(interaction, shown, part)

    async def _board(self, interaction: discord.Interaction[Any], game: Any, part: str) -> None:
        state = self.bot.service.state_of(game)
        parts = self.bot.presenter.board_parts(game, state)
        if part and part not in parts:
            raise UserError("error.bad_input")
        chosen = part or parts[0]
        board = await self.bot.presenter.board_file(
            game, state, lang_of(interaction), None if chosen == parts[0] else chosen
        )
        if board is None:
            raise UserError("error.render_failed")
        await interaction.followup.send(board[1][:2000], file=board[0], ephemeral=True)

    @board.autocomplete("part")
    async def board_part_names(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            game = await self.bot.service.viewable(
                interaction.channel_id or 0, game_arg(str(interaction.namespace.game or ""))
            )
            if game.state_json is None:
                return []
            parts = self.bot.presenter.board_parts(game, self.bot.service.state_of(game))
        except UserError:
            return []
        lang = lang_of(interaction)
        named = [
            (t(f"{game.kind}.part.{p}", lang) if has(f"{game.kind}.part.{p}") else p, p)
            for p in parts
        ]
        return [
            app_commands.Choice(name=n, value=p) for n, p in named if current.lower() in n.lower()
        ]

    @app_commands.command(
        name="hand",
        description=_("Your private hand and screen (only you see it)", key="cmd.game.hand"),
    )
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self.bot.service.viewable(interaction.channel_id or 0)
        if game.status == "lobby":
            raise UserError("error.not_started")
        seat = game.seat_of(interaction.user.id)
        if seat is None:
            raise UserError("error.not_seated")
        state = self.bot.service.state_of(game)
        private = await self.bot.presenter.private_file(game, state, seat, lang_of(interaction))
        if private is None:
            raise UserError("error.no_private_info")
        await interaction.followup.send(private[1][:2000], file=private[0], ephemeral=True)

    @app_commands.command(
        name="card",
        description=_("Read one card, tile or advance in full", key="cmd.game.card"),
    )
    @app_commands.describe(name=_("Start typing its name", key="cmd.game.card.name"))
    async def card(
        self, interaction: discord.Interaction[Any], name: app_commands.Range[str, 1, 100]
    ) -> None:
        """One card the asker may see (``GameSpec.visible_cards`` of their seat, or the public
        for a spectator), in full: picked from the autocomplete, or typed (a unique match)."""
        game = await self.bot.service.viewable(interaction.channel_id or 0)
        if game.state_json is None:
            raise UserError("error.unknown_card", name=name[:100])
        state = self.bot.service.state_of(game)
        lang = lang_of(interaction)
        tr = translator(game, lang)
        cards = spec_of(game).visible_cards(state, game.seat_of(interaction.user.id))
        found = next((c for c in cards if c.key == name), None)
        if found is None:
            needle = name.strip().lower()
            matches = [c for c in cards if needle and needle in tr.text(c.name).lower()]
            found = matches[0] if len(matches) == 1 else None
        if found is None:
            raise UserError("error.unknown_card", name=name[:100])
        await reply(interaction, tr.text(found.text)[:2000])

    @card.autocomplete("name")
    async def card_names(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            game = await self.bot.service.viewable(interaction.channel_id or 0)
            if game.state_json is None:
                return []
            state = self.bot.service.state_of(game)
        except UserError:
            return []
        tr = translator(game, lang_of(interaction))
        cards = spec_of(game).visible_cards(state, game.seat_of(interaction.user.id))
        needle = current.strip().lower()
        named = [(tr.text(c.name), c.key) for c in cards]
        return [
            app_commands.Choice(name=shown[:100], value=key[:100])
            for shown, key in named
            if needle in shown.lower()
        ][:25]

    @app_commands.command(name="log", description=_("What happened recently", key="cmd.game.log"))
    @app_commands.describe(
        page=_("1 = the most recent actions", key="cmd.game.log.page"),
        game=_("A finished game of this channel (see /game results)", key="cmd.game.which"),
    )
    async def log(
        self,
        interaction: discord.Interaction[Any],
        page: app_commands.Range[int, 1, 1000] = 1,
        game: app_commands.Range[str, 0, 20] = "",
    ) -> None:
        """The game's history as the asking user may see it (a spectator sees public events);
        after the game ends, until a new one starts, the finished game's."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        shown = await self.bot.service.viewable(interaction.channel_id or 0, game_arg(game))
        viewer = shown.seat_of(interaction.user.id)
        text = await self.bot.presenter.log_page(shown, viewer, page, lang_of(interaction))
        await reply(interaction, text)

    @board.autocomplete("game")
    @log.autocomplete("game")
    async def finished_game_names(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The channel's finished games, newest first, by date, title and players."""
        lang = lang_of(interaction)
        out = []
        for game in await self.bot.store.finished_games(interaction.channel_id or 0):
            head, _scores = self.bot.presenter.result_line(game, lang)
            players = ", ".join(s.name for s in game.seats)
            name = f"{head} ({players})"
            if current.lower() in name.lower():
                out.append(app_commands.Choice(name=name[:100], value=str(game.id)))
        return out[:25]

    @app_commands.command(
        name="results",
        description=_("Finished games of this channel or server", key="cmd.game.results"),
    )
    @app_commands.describe(
        scope=_("This channel or the whole server", key="cmd.game.results.scope"),
        game=_("Only this game", key="cmd.game.record.game"),
    )
    @app_commands.choices(
        scope=[
            app_commands.Choice(
                name=_("This channel", key="cmd.game.scope.channel"), value="channel"
            ),
            app_commands.Choice(name=_("This server", key="cmd.game.scope.server"), value="server"),
        ]
    )
    async def results(
        self,
        interaction: discord.Interaction[Any],
        scope: str = "channel",
        game: app_commands.Range[str, 0, 40] = "",
    ) -> None:
        """The archived finished games of the channel (or the server), newest first, of one
        game if asked (date, players, scores, winners), and a menu that opens any one's final
        board and log."""
        lang = lang_of(interaction)
        kind = record_kind(game)
        server = scope == "server" and interaction.guild_id is not None
        games = await self.bot.store.archived_games(
            guild_id=interaction.guild_id,
            channel_id=None if server else interaction.channel_id or 0,
            kind=kind,
        )
        if not games:
            raise UserError("error.no_results_server" if server else "error.no_results")
        header = "core.results_header_server" if server else "core.results_header"
        lines = [t(header, lang, count=len(games))]
        options = []
        for record in games:
            head, scores = result_line(record, lang, channel=server)
            lines.append(f"• **{head}**: {scores}")
            label, _scores = result_line(record, lang)
            options.append(
                discord.SelectOption(
                    label=label[:100], description=scores[:100], value=str(record.game_id)
                )
            )
        view = discord.ui.View(timeout=None)
        view.add_item(ResultSelect(placeholder=t("core.results_open", lang)[:150], options=options))
        await reply(
            interaction,
            "\n".join(lines)[:2000],
            view=view,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(
        name="stats", description=_("A player's record in this server", key="cmd.game.stats")
    )
    @app_commands.describe(
        user=_("Whose record (you, if left empty)", key="cmd.game.stats.user"),
        game=_("Only this game", key="cmd.game.record.game"),
    )
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        user: discord.User | None = None,
        game: app_commands.Range[str, 0, 40] = "",
    ) -> None:
        """Games played, wins, average and best score, favourite game and last games of a
        player in this server: a card as an image, and the same words in the message."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = lang_of(interaction)
        kind = record_kind(game)
        who = user or interaction.user
        games = await self.bot.store.archived_games(
            guild_id=interaction.guild_id, kind=kind, user_id=who.id, limit=1000
        )
        found = player_stats(who.id, who.display_name, games)
        card = stats_card(found, lang, kind)
        await self._card_reply(
            interaction, card.text(), [stats_card(found, lang, kind, escape=False)], "stats.png"
        )

    @app_commands.command(
        name="leaderboard",
        description=_("A game's ratings in this server", key="cmd.game.leaderboard"),
    )
    @app_commands.describe(game=_("Which game", key="cmd.game.new.kind"))
    async def leaderboard(
        self, interaction: discord.Interaction[Any], game: app_commands.Range[str, 1, 40]
    ) -> None:
        """The game's ratings in this server (openskill's Plackett-Luce; shown as mu - 3
        sigma), best first: an image and the same words in the message."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = lang_of(interaction)
        kind = record_kind(game)
        assert kind is not None
        ratings = await self.bot.store.ratings(interaction.guild_id, kind, limit=20)
        card = leaderboard_card(kind, ratings, lang)
        drawn = leaderboard_card(kind, ratings, lang, escape=False)
        await self._card_reply(interaction, card.text(), [drawn], "leaderboard.png")

    async def _card_reply(
        self, interaction: discord.Interaction[Any], text: str, cards: list[Card], filename: str
    ) -> None:
        image = await self.bot.renderer.run(render_cards, cards, filename)
        await reply(
            interaction,
            text[:2000],
            file=file_of(image),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @results.autocomplete("game")
    @stats.autocomplete("game")
    @leaderboard.autocomplete("game")
    async def record_kinds(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return kind_choices(lang_of(interaction), current)

    # -------------------------------------------------------------- table management
    @app_commands.command(
        name="undo", description=_("Ask to take back your last action", key="cmd.game.undo")
    )
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        channel_id = interaction.channel_id or 0
        lang = lang_of(interaction)
        game = await self.bot.service.current(channel_id)
        if not self.bot.service.undo_voters(game, interaction.user.id):
            await interaction.response.defer(ephemeral=True)
            await self.bot.service.undo_alone(channel_id, interaction.user.id)
            await interaction.followup.send(t("core.undo_done", lang), ephemeral=True)
            return
        game, request = await self.bot.service.request_undo(channel_id, interaction.user.id)
        voters = self.bot.service.undo_voters(game, request.requester_id)
        view = discord.ui.View(timeout=None)
        view.add_item(UndoVote(game.id, game.version, "y", label=t("core.approve", lang)))
        view.add_item(UndoVote(game.id, game.version, "n", label=t("core.refuse", lang)))
        mentions = " ".join(f"<@{v}>" for v in sorted(voters))
        await interaction.response.send_message(
            t("core.undo_asked", lang, user=interaction.user.mention, voters=mentions),
            view=view,
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(id=v) for v in sorted(voters)]
            ),
        )

    @app_commands.command(
        name="abandon",
        description=_("End this channel's game without a result", key="cmd.game.abandon"),
    )
    async def abandon(self, interaction: discord.Interaction[Any]) -> None:
        game = await self.bot.service.current(interaction.channel_id or 0)
        if interaction.user.id != game.creator_id and not interaction.permissions.manage_channels:
            raise UserError("error.abandon_forbidden")
        lang = lang_of(interaction)
        view = discord.ui.View(timeout=None)
        view.add_item(AbandonConfirm(game.id, game.version, label=t("core.abandon_button", lang)))
        await reply(interaction, t("core.abandon_confirm", lang), view=view)

    @app_commands.command(
        name="replace",
        description=_("Give a player's seat to someone else", key="cmd.game.replace"),
    )
    @app_commands.describe(
        old=_("Whose seat", key="cmd.game.replace.old"),
        new=_("Who takes it", key="cmd.game.replace.new"),
        ai=_("Or an AI takes it, playing this well", key="cmd.game.replace.ai"),
    )
    @app_commands.choices(ai=AI_LEVELS)
    async def replace(
        self,
        interaction: discord.Interaction[Any],
        old: discord.Member,
        new: discord.Member | None = None,
        ai: str = "",
    ) -> None:
        """Offer ``old``'s seat to ``new``: nothing changes until ``new`` presses Take and
        ``old`` presses Give (or, if ``old`` has left the server, a moderator confirms).
        With ``ai`` instead, the seat is offered to an AI of that level (``offer_to_ai``)."""
        game = await self.bot.service.current(interaction.channel_id or 0)
        if game.seat_of(old.id) is None:
            raise UserError("error.replace_not_seated")
        if (new is None) == (not ai):
            raise UserError("error.replace_whom")
        if new is None:
            await self.offer_to_ai(interaction, game, old, ai)
            return
        if game.seat_of(new.id) is not None:
            raise UserError("error.already_joined")
        if new.bot:
            raise UserError("error.bot_cannot_sit")
        lang = lang_of(interaction)
        view = discord.ui.View(timeout=None)
        for role in ("take", "give", "mod"):
            label = t(f"core.seat_{role}", lang)
            view.add_item(SeatOffer(game.id, old.id, new.id, role, label=label))
        text = t("core.seat_offer", lang, old=old.mention, new=new.mention)
        await interaction.response.send_message(
            text,
            view=view,
            allowed_mentions=discord.AllowedMentions(users=[old, new], roles=False, everyone=False),
        )

    async def offer_to_ai(
        self, interaction: discord.Interaction[Any], game: Any, old: discord.Member, level: str
    ) -> None:
        """Offer ``old``'s seat to an AI of ``level`` (taker 0 in the store): the asker, who
        must hold a seat at the table or manage the channel, consents for the AI at once;
        the seat moves when ``old`` presses Give (or, if ``old`` has left the server, a
        moderator confirms), as for a person. It is then a bot seat to the game's end."""
        if level not in LEVELS:
            raise UserError(
                "error.absent_level", value=level[:40], levels=level_words(default=False)
            )
        if game.status != "active":
            raise UserError("error.not_started")
        user = interaction.user
        perms = getattr(interaction, "permissions", None)
        if game.seat_of(user.id) is None and not (perms and perms.manage_channels):
            raise UserError("error.ai_offer_forbidden")
        lang = lang_of(interaction)
        consent = await self.bot.store.consent_to_seat(
            game.id, old.id, 0, "take", user.id, taker_level=level
        )
        if consent.taker_level != level:
            shown = t(f"core.record.level.{consent.taker_level or 'random'}", lang)
            raise UserError("error.ai_offer_open", level=shown)
        if consent.complete:  # the holder had given it already: the seat moves now
            await interaction.response.defer()
            await self.bot.service.replace_with_ai(
                interaction.channel_id or 0, game.id, old.id, level, lang
            )
            await interaction.followup.send(
                t("core.replaced_ai", lang, old=old.mention, level=level_name(level, lang)),
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return
        view = discord.ui.View(timeout=None)
        for role in ("give", "mod"):
            label = t(f"core.seat_{role}", lang)
            view.add_item(SeatOffer(game.id, old.id, 0, role, label=label))
        text = t("core.seat_offer_ai", lang, old=old.mention, level=level_name(level, lang))
        await interaction.response.send_message(
            text,
            view=view,
            allowed_mentions=discord.AllowedMentions(users=[old], roles=False, everyone=False),
        )

    # -------------------------------------------------------------- rules
    @app_commands.command(name="rules", description=_("Short rule summaries", key="cmd.game.rules"))
    @app_commands.describe(topic=_("Start typing a topic", key="cmd.game.rules.topic"))
    async def rules(self, interaction: discord.Interaction[Any], topic: str) -> None:
        lang = lang_of(interaction)
        kind, _sep, name = topic[:100].partition(":")
        if kind not in GAMES or name not in topics_of(kind):
            raise UserError("error.unknown_topic", topic=topic[:100])
        source = override_dir()
        data = (
            t("core.data_override", lang, path=source) if source else t("core.data_shipped", lang)
        )
        spec = GAMES[kind]
        version = spec.rules_version
        game = await self.bot.store.current_game(interaction.channel_id or 0)
        if game is not None and game.kind == kind and game.state_json is not None:
            state = self.bot.service.state_of(game)  # the channel's game: its own rules
            version = state.rules_version
            today = self.bot.service.data_sets.today(spec)
            if today is not None and state.data_hash != today.hash:
                data = t("core.data_stored", lang, hash=state.data_hash)
        rules_line = t(
            "core.rules_version.line",
            lang,
            number=version,
            newest=spec.rules_version,
            changes=spec.version(version).changes,
        )
        title = f"**{title_of(kind, lang)}: {topic_title(kind, name, lang)}**"
        body = t(f"{kind}.rules.{name}", lang)
        await reply(interaction, f"{title}\n{body}\n-# {rules_line}\n-# {data}")

    @rules.autocomplete("topic")
    async def rules_topics(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        game = await self.bot.store.current_game(interaction.channel_id or 0)
        kinds = [game.kind] if game else sorted(GAMES)
        lang = lang_of(interaction)
        out: list[app_commands.Choice[str]] = []
        for kind in kinds:
            for name in topics_of(kind):
                shown = f"{title_of(kind, lang)}: {topic_title(kind, name, lang)}"
                if current.lower() in shown.lower():
                    out.append(app_commands.Choice(name=shown[:100], value=f"{kind}:{name}"))
        return out[:25]


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, RefereeBot)
    await bot.add_cog(Lobby(bot))
