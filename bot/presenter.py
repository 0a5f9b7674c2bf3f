"""Everything the bot shows on Discord: turn announcements, menus, private views, the lobby.

The presenter turns service outcomes into channel messages (event summary, board image with
a text summary, a mention of who must act and a "take your turn" button), builds the
ephemeral action menu for the acting player, and sends private views by DM (falling back to
a channel note that says only "use /game hand" when DMs are closed).

Table manners (docs/architecture.md, "Table manners"): one channel post per turn hand-over
(the acting seats change) or when a game starts or ends, never one per sub-step. The public
events of the steps in between are kept and told in the next post as one paragraph; the acting
player meanwhile works in their private menu, edited in place. A post mentions only seats that just became
acting, and carries the board only when it differs from the last board posted there.

Language: channel posts follow the server's locale; ephemeral replies the user's; DMs the
recipient's last known locale (remembered from their interactions), else the server's.
Events reach a person only when ``Event.visible_for`` their seat says so.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Hashable, Iterable
from typing import Any, Protocol

import discord

from bot.components import (
    ActButton,
    ActSelect,
    LobbyButton,
    ManySelect,
    MenuPageButton,
    NumberButton,
    OpenTurn,
)
from bot.errors import send_ephemeral
from bot.i18n import Translator, escape_name, has, t, tx
from bot.language import guild_lang, lang_of, picture_translator, translator
from bot.menu import MenuPage, choices_for, layout
from bot.messages import Menu, file_of
from bot.rendering import PartPictures, PictureCache, Renderer
from bot.service import GameService, Outcome, names_of, spec_of
from db.store import DirectMessage, GameRecord
from render import (
    RenderedImage,
    board_parts,
    private_inputs,
    render_board,
    render_board_part,
    render_choices,
    render_private,
)
from render.score_chart import render_score_chart
from rules.core import Event

log = logging.getLogger(__name__)

MAX_SUMMARY_LINES = 12
MAX_OWN_STEPS = 500
"""How many trailing logged steps one change may have made (a bot's or a timeout's chain)."""
MAX_ATTACHMENTS = 10  # Discord's limit per message
LOG_PAGE = 15


def actor_of(event: Event) -> str | None:
    """The seat an event is about (its ``seat``, else a ``seat`` argument), if any."""
    if event.seat is not None:
        return event.seat
    seat = event.args.get("seat")
    return seat if isinstance(seat, str) else None


def played_by_no_one(game: GameRecord, events: Iterable[Event]) -> frozenset[str]:
    """The seats no person plays (a game's automa opponent, a bot seat, or the seat of an
    absent player an AI plays for) that took a turn among ``events``. Such a turn is told at
    once, in full, although the acting person did not change (issue 19: solo and bot seats
    are visible)."""
    people = {s.seat for s in game.seats if s.user_id and not s.stand_in}
    return frozenset(
        a for e in events if e.public and (a := actor_of(e)) is not None and a not in people
    )


def visible_lines(
    events: Iterable[Event],
    viewer: str | None,
    tr: Translator,
    keep: frozenset[str] = frozenset(),
    by_ai: frozenset[str] = frozenset(),
) -> list[str]:
    """The events ``viewer`` may see (``None``: the public), one line each, in order, at most
    a dozen. A line said again within the same summary is not repeated: the first one
    counts how often it happened (``×2``). Runs of one player's events stay together and a
    blank line parts one player's run from the next. When there are more, the lines of the
    seats in ``keep`` (an automa's turn) are all told and the others' first ones. The lines
    of the seats in ``by_ai`` (an AI plays for their absent player) are marked 🤖 instead of
    the bullet."""
    texts: list[str] = []
    actors: list[str | None] = []
    counts: dict[str, int] = {}
    for event in events:
        if not event.visible_for(viewer):
            continue
        text = tr.text(event.text).strip()
        if not text:
            continue
        if text in counts:
            counts[text] += 1
            continue
        counts[text] = 1
        texts.append(text)
        actors.append(actor_of(event))
    shown = list(range(len(texts)))
    hidden = 0
    room = MAX_SUMMARY_LINES - 1
    if len(texts) > MAX_SUMMARY_LINES:
        kept = [n for n in shown if actors[n] in keep][: room - 1]
        others = [n for n in shown if n not in kept][: room - len(kept)]
        hidden = len(texts) - len(kept) - len(others)
        shown = sorted([*kept, *others])
    lines: list[str] = []
    for i, n in enumerate(shown):
        if i and actors[n] != actors[shown[i - 1]] and actors[n] is not None:
            lines.append("")
        times = counts[texts[n]]
        mark = "🤖" if actors[n] in by_ai else "•"
        lines.append(f"{mark} {texts[n]}" + (f" ×{times}" if times > 1 else ""))
    if hidden:
        lines.append(tr("core.more_events", count=hidden))
    return lines


def title_of(kind: str, lang: str) -> str:
    return t(f"{kind}.title", lang)


async def reply(interaction: discord.Interaction[Any], content: str, **kwargs: Any) -> None:
    """Answer an interaction ephemerally (or follow up if it was already answered)."""
    await send_ephemeral(interaction, content, **kwargs)


def _children(row: Any) -> list[Any]:
    return list(getattr(row, "children", [row]))


async def _nothing() -> None:
    return None


class Host(Protocol):
    """What the presenter needs of the running bot (``bot.client.RefereeBot``)."""

    renderer: Renderer
    service: GameService

    @property
    def user(self) -> discord.ClientUser | None: ...

    def get_channel(self, id: int, /) -> Any: ...

    def get_user(self, id: int, /) -> discord.User | None: ...

    async def fetch_user(self, user_id: int, /) -> discord.User: ...

    def get_partial_messageable(
        self, id: int, *, guild_id: int | None = None, type: discord.ChannelType | None = None
    ) -> discord.PartialMessageable: ...


CHOICE_PICTURES = 128
"""Choice pictures kept (about 100 KiB each)."""


def choices_key(
    game: GameRecord, seat: str, lang: str, marks: list[tuple[int, str]]
) -> Hashable | None:
    """Everything a choice picture shows: the game and its stored state (a digest of the state
    itself, not the version: after an undo the key is the restored state's), the seat whose
    private view it is, the language, the player names and the page's marks. None when the
    game has no stored state."""
    if game.state_json is None:
        return None
    digest = hashlib.blake2b(game.state_json.encode(), digest_size=16).digest()
    names = tuple((s.seat, s.name) for s in game.seats)
    return (game.id, digest, seat, lang, names, tuple(marks))


PRIVATE_PICTURES = 256
"""Private panels kept (tens of KiB each)."""


def private_key(game: GameRecord, seat: str, tr: Translator, view: Any) -> Hashable | None:
    """Everything a seat's private panel shows: the game, the seat, the reader (language and
    names) and the digest of the slice of the seat's view the panel is drawn from; None when
    the game's renderer declares no such slice (the panel is drawn every time)."""
    try:
        digest = private_inputs(view)
    except Exception:
        log.exception("the inputs of the private view of game %s could not be read", game.id)
        return None
    if digest is None:
        return None
    return (game.id, seat, tr.lang, tuple(sorted(tr.names.items())), digest)


class Presenter:
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.user_langs: dict[int, str] = {}
        """Each user's language as last seen in one of their interactions (for DMs)."""
        self.untold: dict[int, list[Event]] = {}
        """Per game: public events of steps not posted yet (told with the next post)."""
        self.untold_version: dict[int, int] = {}
        """Per game: the game version ``untold`` is complete up to. A change this process
        did not see (before a restart, or made by another process) makes the next post
        derive its untold steps from the store instead (``untold_from_store``)."""
        self.last_board: dict[int, str] = {}
        """Per channel: the hash of the last board image posted there."""
        self.choice_pictures: PictureCache[RenderedImage] = PictureCache(CHOICE_PICTURES)
        """Choice pictures by ``choices_key``: re-opening a menu (or its page) draws nothing."""
        self.private_pictures: PictureCache[RenderedImage] = PictureCache(PRIVATE_PICTURES)
        """Private panels by ``private_key``: an update that leaves a seat's panel as it
        was draws nothing."""
        self.part_pictures = PartPictures()
        """The last picture of each board part per game and reader: a hand-over draws only
        the parts that changed."""

    def remember(self, interaction: discord.Interaction[Any]) -> None:
        self.user_langs[interaction.user.id] = lang_of(interaction)

    # ------------------------------------------------------------------ images
    async def board_image(self, game: GameRecord, state: Any, lang: str) -> RenderedImage | None:
        """The public board, or None if drawing it failed."""
        view = spec_of(game).view(state, None)
        try:
            return await self.bot.renderer.run(render_board, view, picture_translator(game, lang))
        except Exception:
            log.exception("rendering the board of game %s failed", game.id)
            return None

    async def table_images(self, game: GameRecord, state: Any, lang: str) -> list[RenderedImage]:
        """Every public part of the board (``render.board_parts``), at most ten (one Discord
        message's attachments): what a hand-over post shows. A part whose inputs did not
        change since the game's last table is not drawn again (``PartPictures``). Parts that
        failed to draw are left out (and logged)."""
        view = spec_of(game).view(state, None)
        tr = picture_translator(game, lang)
        parts = board_parts(view)[:MAX_ATTACHMENTS]
        drawn = await self.part_pictures.draw(self.bot.renderer, game.id, view, tr, parts)
        images = []
        for part, image in zip(parts, drawn, strict=True):
            if isinstance(image, BaseException):
                log.error("rendering part %s of game %s failed", part, game.id, exc_info=image)
            else:
                images.append(image)
        return images

    @staticmethod
    def board_parts(game: GameRecord, state: Any) -> list[str]:
        """The parts the game's board is drawn in; the first one is what posts carry."""
        return board_parts(spec_of(game).view(state, None))

    async def board_file(
        self, game: GameRecord, state: Any, lang: str, part: str | None = None
    ) -> tuple[discord.File, str] | None:
        """The public board, or one named part of it (``render.board_parts``)."""
        if part is None:
            image = await self.board_image(game, state, lang)
        else:
            view = spec_of(game).view(state, None)
            try:
                image = await self.bot.renderer.run(
                    render_board_part, view, picture_translator(game, lang), part
                )
            except Exception:
                log.exception("rendering part %s of game %s failed", part, game.id)
                return None
        return None if image is None else (file_of(image), escape_name(image.summary))

    async def private_file(
        self, game: GameRecord, state: Any, seat: str, lang: str
    ) -> tuple[discord.File, str] | None:
        """The seat's private panel and its summary; drawn again only when what it shows
        (``render.private_inputs``) changed since it was last drawn for that seat."""
        view = spec_of(game).view(state, seat)
        tr = picture_translator(game, lang)
        key = private_key(game, seat, tr, view)
        image = self.private_pictures.get(key) if key is not None else None
        if image is None:
            try:
                image = await self.bot.renderer.run(render_private, view, tr)
            except Exception:
                log.exception("rendering the private view of game %s failed", game.id)
                return None
            if image is not None and key is not None:
                self.private_pictures.put(key, image)
        if image is None:
            return None
        return file_of(image), escape_name(image.summary)

    # ------------------------------------------------------------------ channel posts
    async def announce(self, outcome: Outcome) -> None:
        """Post for a start, an end or a hand-over; otherwise keep the public events for later.
        Private events go to their seats by DM either way."""
        game = outcome.game
        if game.status == "abandoned":
            await self._abandoned(outcome)
            return
        if game.status == "lobby" or outcome.state is None:
            return
        channel = self.bot.get_channel(game.channel_id)
        if channel is None or not isinstance(channel, discord.abc.Messageable):
            log.warning("channel %s of game %s is not reachable", game.channel_id, game.id)
            return
        if outcome.back is not None:
            await self._back(channel, outcome, outcome.back)
            return
        spec = spec_of(game)
        state = outcome.state
        over = spec.is_over(state)
        acting = frozenset() if over else spec.to_act(state)
        if not outcome.started and self.untold_version.get(game.id) != game.version - 1:
            self.untold[game.id] = await self.untold_from_store(game, outcome)
        self.untold_version[game.id] = game.version
        untold = self.untold.setdefault(game.id, [])
        untold += [e for e in outcome.events if e.public]
        post = (
            self._post(channel, outcome, acting - outcome.acting_before)
            if outcome.started
            or over
            or acting != outcome.acting_before
            or played_by_no_one(game, outcome.events)
            else _nothing()
        )
        # the private views draw while the table does (the render workers share the work)
        await asyncio.gather(post, self.send_private_updates(game, state, outcome))

    async def untold_from_store(self, game: GameRecord, outcome: Outcome) -> list[Event]:
        """The public events of the logged steps since the last post, before ``outcome``'s
        own steps (the trailing steps whose events are the outcome's), replayed from the
        store. A post follows a step that changed who acts, ended the game, or was played by
        a seat no person holds; the steps since the last such one are untold."""
        try:
            first, steps = await self.bot.service.logged_steps(game)
        except Exception:
            log.warning("cannot replay game %s to tell its earlier steps", game.id, exc_info=True)
            return []
        own: list[Event] = []
        mine = 0
        while mine < min(len(steps), MAX_OWN_STEPS) and own != outcome.events:
            mine += 1
            own = steps[-mine].events + own
        if own != outcome.events:
            return []  # the outcome's own steps cannot be told apart: tell what it brought
        earlier = steps[: len(steps) - mine]
        untold: list[Event] = []
        acting = first
        for step in earlier:
            untold += [e for e in step.events if e.public]
            if step.over or step.acting != acting or played_by_no_one(game, step.events):
                untold = []  # a post told them
            acting = step.acting
        return untold

    async def _back(self, channel: discord.abc.Messageable, outcome: Outcome, seat: str) -> None:
        """Tell the channel that a player is back and the AI that played for them stepped
        aside (a change of seats only: what was untold stays untold)."""
        game = outcome.game
        if self.untold_version.get(game.id) == game.version - 1:
            self.untold_version[game.id] = game.version
        lang = guild_lang(channel)
        await channel.send(
            t("core.absent_back", lang, who=names_of(game).get(seat, seat)),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def stand_in_lines(self, game: GameRecord, lang: str) -> list[str]:
        """At the end of a game: for each seat an AI played for its absent player, how many
        moves it played (the result stays the player's)."""
        counts = await self.bot.service.stand_in_moves(game)
        names = names_of(game)
        return [
            t("core.absent_summary", lang, who=names.get(seat, seat), count=count)
            for seat, count in sorted(counts.items())
        ]

    async def _abandoned(self, outcome: Outcome) -> None:
        """Tell the channel that its game was abandoned, and by whom (nobody is pinged)."""
        game = outcome.game
        self.untold.pop(game.id, None)
        self.untold_version.pop(game.id, None)
        channel = self.bot.get_channel(game.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return
        lang = guild_lang(channel)
        who = f"<@{outcome.by_user}>" if outcome.by_user else ""
        await channel.send(
            t("core.abandoned_by", lang, game=title_of(game.kind, lang), user=who),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def _post(
        self, channel: discord.abc.Messageable, outcome: Outcome, newly_acting: frozenset[str]
    ) -> None:
        """One channel post: what happened since the last post, the board if it changed, who
        acts now (mentioning only who just became acting) and the "take your turn" button."""
        game, state = outcome.game, outcome.state
        lang = guild_lang(channel)
        tr = translator(game, lang)
        spec = spec_of(game)
        lines: list[str] = []
        if outcome.started:
            order = [s.seat for s in game.seats]
            lines.append(tr("core.started", game=title_of(game.kind, lang), order=order))
        untold = self.untold.pop(game.id, [])
        standing_in = frozenset(s.seat for s in game.seats if s.stand_in)
        told = visible_lines(untold, None, tr, played_by_no_one(game, untold), standing_in)
        if told:
            lines.append("\n".join(told))
        view: discord.ui.View | None = None
        mentions: list[discord.abc.Snowflake] = []
        if spec.is_over(state):
            lines.append(self.score_text(game, state, lang))
            lines += await self.stand_in_lines(game, lang)
        elif game.status == "active":
            lines.append(self.to_act_text(game, state, lang))
            view = turn_view(game, lang)
            mentions = [
                discord.Object(id=u.user_id)
                for s in sorted(newly_acting)
                if (u := game.user_of(s)) and u.user_id
            ]
        kwargs: dict[str, Any] = {
            "allowed_mentions": discord.AllowedMentions(users=mentions, roles=False, everyone=False)
        }
        over = spec.is_over(state)
        table, chart = await asyncio.gather(
            self.table_images(game, state, lang),
            self.score_chart(game, state, lang) if over else _nothing(),
        )
        files: list[discord.File] = []
        if table:
            digest = hashlib.sha256(b"".join(i.png for i in table)).hexdigest()
            if self.last_board.get(game.channel_id) != digest:
                files = [file_of(i) for i in table]
                self.last_board[game.channel_id] = digest
        if chart is not None:
            files = [*files[: MAX_ATTACHMENTS - 1], file_of(chart)]
        if files:
            kwargs["files"] = files
        if view is not None:
            kwargs["view"] = view
        await channel.send("\n".join(lines)[:2000], **kwargs)

    async def score_chart(self, game: GameRecord, state: Any, lang: str) -> RenderedImage | None:
        """The chart of how the game went (a ``render.RenderedImage``: every scored seat's
        score round by round from the replayed log), or None if it could not be drawn."""
        try:
            track = await self.bot.service.score_track(game)
            spec = spec_of(game)
            names = dict(names_of(game, raw=True))
            for seat in track.seats:
                names.setdefault(seat, t(f"{game.kind}.seat.{seat}", lang))
            title = t("core.chart.title", lang, game=title_of(game.kind, lang))
            axis_key = f"{game.kind}.chart.rounds"
            axis = t(axis_key if has(axis_key) else "core.chart.rounds", lang)
            image: RenderedImage = await self.bot.renderer.run(
                render_score_chart,
                track,
                spec.view(state, None),
                Translator(lang, names),
                title,
                axis,
            )
        except Exception:
            log.exception("drawing the score chart of game %s failed", game.id)
            return None
        return image

    def to_act_text(self, game: GameRecord, state: Any, lang: str) -> str:
        """Who must act; for simultaneous choices also how many of the seats have chosen."""
        spec = spec_of(game)
        acting = sorted(spec.to_act(state))
        who = ", ".join(self.mention(game, seat) for seat in acting)
        if len(acting) > 1:
            return t("core.to_act_many", lang, who=who, count=len(acting), total=len(game.seats))
        return t("core.to_act", lang, who=who)

    def mention(self, game: GameRecord, seat: str) -> str:
        user = game.user_of(seat)
        if user is None:
            return seat
        return f"<@{user.user_id}>" if user.user_id else f"{escape_name(user.name)} 🤖"

    @staticmethod
    def score_names(game: GameRecord, scores: Any, lang: str) -> dict[str, str]:
        """Every scored seat's name; a seat no person holds (an automa opponent) is named by
        ``<game>.seat.<id>``."""
        names = names_of(game)
        names.update(
            {
                r.seat: t(f"{game.kind}.seat.{r.seat}", lang)
                for r in scores.seats
                if r.seat not in names
            }
        )
        return names

    def result_line(self, game: GameRecord, lang: str) -> tuple[str, str]:
        """A finished game in short: (its date and title, every player's total and the
        winners)."""
        head = t(
            "core.result_head",
            lang,
            date=f"{game.updated_at:%Y-%m-%d}",
            game=title_of(game.kind, lang),
        )
        try:
            scores = spec_of(game).scores(self.bot.service.state_of(game))
        except Exception:  # a game whose data changed since: listed without its scores
            log.warning("finished game %s cannot be scored", game.id, exc_info=True)
            return head, ", ".join(escape_name(s.name) for s in game.seats)
        names = self.score_names(game, scores, lang)
        totals = ", ".join(f"{names[r.seat]} {r.total}" for r in scores.seats)
        winners = [names[w] for w in scores.winners]
        won = t("core.winners", lang, winners=winners, count=len(winners))
        return head, f"{totals} · {won}"

    async def log_page(self, game: GameRecord, viewer: str | None, page: int, lang: str) -> str:
        """One page of the game's history as ``viewer`` may see it (page 1: the newest)."""
        entries = await self.bot.service.history(game, viewer)
        if not entries:
            return t("core.log_empty", lang)
        pages = (len(entries) + LOG_PAGE - 1) // LOG_PAGE
        page_no = max(1, min(page, pages))
        end = len(entries) - (page_no - 1) * LOG_PAGE
        chunk = entries[max(0, end - LOG_PAGE) : end]
        tr = translator(game, lang)
        lines = [t("core.log_header", lang, page=page_no, pages=pages)]
        for entry in chunk:
            text = " · ".join(tr.text(e.text) for e in entry.events)
            if entry.stand_in is not None:
                level = t(f"core.record.level.{entry.stand_in}", lang)
                text += t("core.log_stand_in", lang, level=level)
            lines.append(f"`{entry.seq:>4}` {text}")
        return "\n".join(lines)[:2000]

    def score_text(self, game: GameRecord, state: Any, lang: str) -> str:
        scores = spec_of(game).scores(state)
        tr = translator(game, lang)
        names = self.score_names(game, scores, lang)
        rows = [tr("core.game_over")]
        rows += [tr.text(note) for note in scores.notes]
        for row in scores.seats:
            parts = ", ".join(
                f"{score_name(game.kind, k, lang)} {v}" for k, v in row.breakdown.items()
            )
            rows.append(f"{row.rank}. {names[row.seat]}: **{row.total}** ({parts})")
        winners = [names[w] for w in scores.winners]
        if winners:  # a game may end with no winner; its notes say so
            rows.append(tr("core.winners", winners=winners, count=len(winners)))
        return "\n".join(rows)

    async def send_private_updates(self, game: GameRecord, state: Any, outcome: Outcome) -> None:
        seats = {s for e in outcome.events if e.visible_to for s in e.visible_to}
        if outcome.started:
            seats |= {s.seat for s in game.seats}
        sends = []
        for seat in sorted(seats):
            user = game.user_of(seat)
            if user is None or user.user_id is None:
                continue
            mine = [e for e in outcome.events if e.visible_to and seat in e.visible_to]
            own = seat == outcome.actor and not outcome.started
            sends.append(self.dm_private(game, state, seat, user.user_id, mine, own=own))
        await asyncio.gather(*sends)  # each seat's picture draws beside the others'

    def dm_lang(self, user_id: int, channel: Any) -> str:
        return self.user_langs.get(user_id) or guild_lang(channel)

    async def dm_private(
        self,
        game: GameRecord,
        state: Any,
        seat: str,
        user_id: int,
        events: list[Event],
        *,
        own: bool = False,
    ) -> None:
        """Send a seat its private view by DM. ``own``: the update follows the seat's own
        step; while a player steps through their own choices, the DM of their previous own
        step is edited in place rather than a new one sent per press. When DMs are closed,
        the channel is told once per game (with a ping), never on every update. Both the DM
        to edit and the notice given are kept in the store, so a restart or another process
        edits the same DM and never tells the channel twice."""
        channel = self.bot.get_channel(game.channel_id)
        lang = self.dm_lang(user_id, channel)
        private = await self.private_file(game, state, seat, lang)
        if private is None and not events:
            return
        tr = translator(game, lang)
        where = getattr(channel, "mention", "") if channel else ""
        lines = [tr("core.private_header", game=title_of(game.kind, lang), channel=where)]
        lines += [tr.text(e.text) for e in events]
        if private is not None:
            lines.append(private[1])
        content = "\n".join(lines)[:2000]
        store = self.bot.service.store
        previous = await store.take_own_dm(game.id, user_id)
        try:
            if own and previous is not None:
                try:
                    attachments = [private[0]] if private is not None else []
                    dm = self.bot.get_partial_messageable(
                        previous.channel_id, type=discord.ChannelType.private
                    )
                    await dm.get_partial_message(previous.message_id).edit(
                        content=content, attachments=attachments
                    )
                    await store.keep_own_dm(game.id, user_id, previous)
                    return
                except discord.HTTPException:
                    pass  # gone (deleted by the player): send a new one
                if private is not None:  # the file was read by the failed edit
                    private = await self.private_file(game, state, seat, lang)
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            kwargs: dict[str, Any] = {}
            if private is not None:
                kwargs["file"] = private[0]
            sent = await user.send(content, **kwargs)
            if own:
                await store.keep_own_dm(game.id, user_id, DirectMessage(sent.channel.id, sent.id))
        except (discord.Forbidden, discord.HTTPException):
            log.info("cannot DM user %s; pointing them to /game hand", user_id)
            if not await store.claim_dm_closed_notice(game.id, user_id):
                return
            if isinstance(channel, discord.abc.Messageable):
                await channel.send(
                    t("core.dm_closed", guild_lang(channel), user=f"<@{user_id}>"),
                    allowed_mentions=discord.AllowedMentions(users=[discord.Object(id=user_id)]),
                )

    # ------------------------------------------------------------------ lobby and menus
    def lobby(self, game: GameRecord, lang: str) -> tuple[str, discord.ui.View]:
        return lobby_text(game, lang), lobby_view(game, lang)

    async def refresh_lobby(self, game: GameRecord) -> bool:
        """Edit the game's one lobby message in place (its text, and its buttons while the
        game is in the lobby). Found by its Join button in the channel's recent history; if
        it is gone, a lobby still open is posted again."""
        channel = self.bot.get_channel(game.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return False
        marker = f"rf:lobby:{game.id}:join"
        lang = guild_lang(channel)
        async for message in channel.history(limit=50):
            if message.author.id != getattr(self.bot.user, "id", None):
                continue
            ids = [
                getattr(c, "custom_id", None) for row in message.components for c in _children(row)
            ]
            if marker in ids:
                if game.status == "lobby":
                    await message.edit(content=lobby_text(game, lang), view=lobby_view(game, lang))
                else:
                    await message.edit(view=None)
                return True
        if game.status == "lobby":
            await channel.send(
                lobby_text(game, lang),
                view=lobby_view(game, lang),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        return False

    async def menu(self, game: GameRecord, state: Any, seat: str, lang: str, page: int = 0) -> Menu:
        """The acting seat's private menu (one page); spatial choices are numbered and come
        with a picture marking the same numbers on the board."""
        spec = spec_of(game)
        tr = translator(game, lang)
        many = spec.many_choice(state, seat)
        number = spec.number_choice(state, seat)
        choices = choices_for(spec, state, seat, lang, names_of(game, raw=True))
        own_groups = {c.group for c in (many, number) if c is not None}
        choices = [c for c in choices if c.group not in own_groups]
        extras: list[discord.ui.Item[Any]] = []
        content = t("core.menu_header", lang, count=len(choices))
        if number is not None:
            # a number in a range: one button opening a number input, not a button per number
            label = t(
                "core.number_button",
                lang,
                prompt=tr.text(number.prompt),
                unit=tr.text(number.unit),
                low=number.low,
                high=number.high,
            )
            extras.append(NumberButton(game.id, game.version, label=label[:80]))
            content = f"{label}\n-# {tr.text(number.hint)}"
        nothing = None
        if many is not None and many.min_picks == 0:
            # picking nothing (keeping one's hand) is a button: a multi-select cannot send it
            empty = many.build([])
            legal = spec.legal_actions(state, seat)
            if empty in legal:
                nothing = legal.index(empty)
                label = picture_translator(game, lang).text(
                    spec.describe_action(state, seat, empty)
                )
                extras.append(ActButton(game.id, game.version, nothing, label=label[:80]))
        laid = layout(
            choices, page, extra_buttons=len(extras), extra_rows=1 if many is not None else 0
        ).numbered()
        view = menu_view(game, laid, lang, extras)
        if many is not None:
            content = tr.text(many.prompt)
            labels = picture_translator(game, lang)
            options = [
                discord.SelectOption(label=labels.text(label)[:100], value=item)
                for item, label in many.items[:25]
            ]
            low = max(many.min_picks, 1 if nothing is not None else 0)
            view.add_item(
                ManySelect(
                    game.id,
                    game.version,
                    placeholder=tr.text(many.prompt)[:150],
                    options=options,
                    min_values=min(low, len(options)),
                    max_values=min(many.max_picks, len(options)),
                )
            )
        picture = await self.choices_file(game, state, seat, lang, laid.marks())
        return Menu(content, view, picture)

    async def choices_file(
        self, game: GameRecord, state: Any, seat: str, lang: str, marks: list[tuple[int, str]]
    ) -> discord.File | None:
        if not marks:
            return None
        key = choices_key(game, seat, lang, marks)
        image = self.choice_pictures.get(key) if key is not None else None
        if image is None:
            view = spec_of(game).view(state, seat)
            try:
                image = await self.bot.renderer.run(
                    render_choices, view, picture_translator(game, lang), marks
                )
            except Exception:
                log.exception("drawing the choices of game %s failed", game.id)
                return None
            if image is not None and key is not None:
                self.choice_pictures.put(key, image)
        return None if image is None else file_of(image)


def group_name(kind: str, group: str, lang: str) -> str:
    """A game's name for an action group (``<kind>.group.<group>``)."""
    return t(f"{kind}.group.{group}", lang)


def score_name(kind: str, category: str, lang: str) -> str:
    return t(f"{kind}.score.{category}", lang)


def turn_view(game: GameRecord, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(OpenTurn(game.id, game.version, label=t("core.take_turn", lang)))
    return view


def menu_view(
    game: GameRecord, laid: MenuPage, lang: str, extras: Iterable[discord.ui.Item[Any]] = ()
) -> discord.ui.View:
    """A menu page as Discord components: ``extras`` (buttons the caller made) first, then
    the page's buttons, its selects and the page buttons."""
    view = discord.ui.View(timeout=None)
    for item in extras:
        view.add_item(item)
    for choice in laid.buttons:
        view.add_item(ActButton(game.id, game.version, choice.index, label=choice.label))
    for n, chunk in enumerate(laid.selects):
        title = t(
            "core.choose_group",
            lang,
            group=group_name(game.kind, chunk.group, lang),
            part=chunk.part,
            parts=chunk.parts,
        )
        options = [
            discord.SelectOption(
                label=c.label[:100], value=str(c.index), description=c.detail[:100] or None
            )
            for c in chunk.choices
        ]
        view.add_item(ActSelect(game.id, game.version, n, placeholder=title[:150], options=options))
    if laid.pages > 1:
        if laid.page > 0:
            view.add_item(
                MenuPageButton(game.id, game.version, laid.page - 1, label=t("core.prev", lang))
            )
        if laid.page < laid.pages - 1:
            view.add_item(
                MenuPageButton(game.id, game.version, laid.page + 1, label=t("core.next", lang))
            )
    return view


def option_text(kind: str, name: str, value: Any, lang: str) -> str:
    """``name=value`` of a game option in the reader's words where the catalog has them."""
    label_key = f"{kind}.option.{name}"
    label = t(label_key, lang) if has(label_key) else name
    if isinstance(value, bool):
        shown = t("core.yes" if value else "core.no", lang)
    else:
        value_key = f"{kind}.option.{name}.{value}"
        shown = t(value_key, lang) if has(value_key) else str(value)
    return f"{label}: {shown}"


def lobby_text(game: GameRecord, lang: str) -> str:
    spec = spec_of(game)
    lines = [
        t(
            "core.lobby_header",
            lang,
            game=title_of(game.kind, lang),
            creator=f"<@{game.creator_id}>",
        ),
        t(
            "core.lobby_players",
            lang,
            count=len(game.seats),
            min=spec.min_players,
            max=spec.max_players,
        ),
    ]
    lines += [f"• {escape_name(s.name)}" + (" 🤖" if s.is_bot else "") for s in game.seats]
    shown = {k: v for k, v in game.options.items() if k != "players"}
    if shown:
        options = ", ".join(option_text(game.kind, k, v, lang) for k, v in shown.items())
        lines.append(t("core.lobby_options", lang, options=options))
    if game.absent_ai:
        level = t(f"core.record.level.{game.absent_ai}", lang)
        lines.append(t("core.lobby_absent_ai", lang, level=level))
    lines.append(t("core.lobby_hint", lang))
    return "\n".join(lines)


def lobby_view(game: GameRecord, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(LobbyButton(game.id, "join", label=t("core.join", lang)))
    view.add_item(LobbyButton(game.id, "start", label=t("core.start", lang)))
    return view


__all__ = ["Presenter", "lang_of", "reply", "translator", "tx", "visible_lines"]
