"""Persistent buttons and selects, routed by ``custom_id`` so they keep working after a restart.

Every id names the game and the game version it was built for (``rf:<kind>:<game>:<version>...``,
under Discord's 100-character limit). A press on a prompt whose version is no longer current
is answered "out of date" and changes nothing. Every component derives from :class:`Component`,
whose callback runs the item's ``handle`` and sends any failure down the one error path
(``bot.errors.answer_error``), so no handler carries its own guard.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, ClassVar, Protocol, cast

import discord

from bot.errors import UserError, answer_error, send_ephemeral
from bot.i18n import t
from bot.language import lang_of, translator
from bot.messages import Menu, file_of
from bot.service import GameService, Player, Turn, spec_of
from db.store import GameRecord, GameStore
from render import RenderedImage
from rules.core import Event
from rules.core.spec import GameSpec


class Screens(Protocol):
    """What a press shows through the presenter (``bot.presenter.Presenter``)."""

    async def menu(
        self, game: GameRecord, state: Any, seat: str, lang: str, page: int = 0
    ) -> Menu: ...

    def lobby(self, game: GameRecord, lang: str) -> tuple[str, discord.ui.View]: ...

    async def dm_private(
        self,
        game: GameRecord,
        state: Any,
        seat: str,
        user_id: int,
        events: list[Event],
        *,
        own: bool = False,
    ) -> None: ...

    def result_line(self, game: GameRecord, lang: str) -> tuple[str, str]: ...

    def score_text(self, game: GameRecord, state: Any, lang: str) -> str: ...

    async def table_images(
        self, game: GameRecord, state: Any, lang: str
    ) -> list[RenderedImage]: ...

    async def log_page(self, game: GameRecord, viewer: str | None, page: int, lang: str) -> str: ...


class Host(Protocol):
    """What a press needs of the running bot (``bot.client.RefereeBot``)."""

    store: GameStore
    service: GameService

    @property
    def presenter(self) -> Screens: ...

    async def admit(self, interaction: discord.Interaction[Any]) -> bool: ...


def bot_of(interaction: discord.Interaction[Any]) -> Host:
    return cast("Host", interaction.client)


def player_of(interaction: discord.Interaction[Any]) -> Player:
    user = interaction.user
    return Player(user_id=user.id, name=getattr(user, "display_name", user.name))


class Component:
    """Mixed into each of our persistent components (before ``DynamicItem``): one error path,
    the user's language remembered, and the ``custom_id`` template kept where the bot can
    read it (``known_custom_id``)."""

    templates: ClassVar[list[re.Pattern[str]]] = []

    def __init_subclass__(cls, *, template: str | None = None, **kwargs: Any) -> None:
        if template is not None:
            Component.templates.append(re.compile(template))
            kwargs["template"] = template
        super().__init_subclass__(**kwargs)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if not await bot_of(interaction).admit(interaction):
            return
        try:
            await self.handle(interaction)
        except Exception as exc:
            await answer_error(interaction, exc)

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        raise NotImplementedError


def known_custom_id(custom_id: str) -> bool:
    """Is ``custom_id`` one of our components' (by their templates)?"""
    return any(template.fullmatch(custom_id) for template in Component.templates)


async def _game_at(interaction: discord.Interaction[Any], game_id: int, version: int | None) -> Any:
    game = await bot_of(interaction).store.current_game(interaction.channel_id or 0)
    return await _checked_at(interaction, game, game_id, version)


async def _checked_at(
    interaction: discord.Interaction[Any], game: Any, game_id: int, version: int | None
) -> Any:
    """``game``, the channel's current game as just read, if it is the game at that version
    (or a clear refusal)."""
    store = bot_of(interaction).store
    if game is None or game.id != game_id:
        old = await store.get_game(game_id)
        if old is not None and old.channel_id == interaction.channel_id:
            if old.status == "abandoned":
                raise UserError("error.game_abandoned")
            if old.status == "finished":
                raise UserError("error.game_over")
        raise UserError("error.stale_prompt")
    if version is not None and game.version != version:
        raise UserError("error.stale_prompt")
    return game


async def _turn_at(
    interaction: discord.Interaction[Any], game_id: int, version: int | None, *, acting: bool
) -> Turn:
    """The game at that version and the pressing user's seat (or a clear refusal)."""
    game = await _play_at(interaction, game_id, version)
    return bot_of(interaction).service.check_turn(game, interaction.user.id, acting=acting)


async def _play_at(interaction: discord.Interaction[Any], game_id: int, version: int | None) -> Any:
    """``_game_at`` for a press that plays: the press of a player an AI plays for (absent,
    ``bot.absence``) brings them back and does only that (``Returned``), whatever prompt
    it was on."""
    service = bot_of(interaction).service
    channel_id = interaction.channel_id or 0
    game = await service.store.current_game(channel_id)  # read once for both
    await service.return_if_absent(channel_id, game, interaction.user.id)
    return await _checked_at(interaction, game, game_id, version)


def _button(custom_id: str, label: str, style: discord.ButtonStyle) -> discord.ui.Button[Any]:
    return discord.ui.Button(label=label, style=style, custom_id=custom_id)


class OpenTurn(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rf:open:(?P<g>[0-9]{1,19}):(?P<v>[0-9]{1,9})",
):
    """The channel message's button: opens the acting player's private action menu."""

    def __init__(self, game_id: int, version: int, label: str = "Take your turn") -> None:
        super().__init__(
            _button(f"rf:open:{game_id}:{version}", label, discord.ButtonStyle.primary)
        )
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> OpenTurn:
        return cls(int(match["g"]), int(match["v"]))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        # Any prompt of the running game opens the menu of its current state: the menu carries
        # the version it was built for, so an older channel post is still a way in.
        turn = await _turn_at(interaction, self.game_id, None, acting=True)
        presenter = bot_of(interaction).presenter
        menu = await presenter.menu(turn.game, turn.state, turn.seat, lang_of(interaction))
        await interaction.response.send_message(menu.content, ephemeral=True, **menu.send_kwargs())


async def act_on_index(
    interaction: discord.Interaction[Any], game_id: int, version: int, index: int
) -> None:
    """Play legal action ``index`` of the game at ``version``; then show the next menu."""
    await interaction.response.defer(ephemeral=True)
    spec = spec_of(await _play_at(interaction, game_id, version))

    def pick(state: Any, seat: str) -> Any:
        actions = spec.legal_actions(state, seat)
        if not 0 <= index < len(actions):
            raise UserError("error.stale_prompt")
        return actions[index]

    await act_and_show(interaction, version, pick)


async def act_and_show(
    interaction: discord.Interaction[Any],
    version: int,
    pick: Callable[[Any, str], Any],
    spec: GameSpec[Any, Any, Any, Any] | None = None,
) -> None:
    """Play the one action ``pick`` makes from the stored state (checked against the legal
    actions when ``spec`` is given: ``pick`` built it from the player's input) through the
    service at ``version``; then show the player what comes next. Defer before calling."""

    def choose(state: Any, seat: str) -> list[Any]:
        action = pick(state, seat)
        if spec is not None and action not in spec.legal_actions(state, seat):
            raise UserError("error.not_now")
        return [action]

    outcome = await bot_of(interaction).service.act(
        interaction.channel_id or 0,
        interaction.user.id,
        choose,
        interaction_id=interaction.id,
        expected_version=version,
    )
    await show_next(interaction, outcome, edit=True)


async def show_next(interaction: discord.Interaction[Any], outcome: Any, *, edit: bool) -> None:
    """After a move: the user's next menu if they still act, else "done"."""
    bot = bot_of(interaction)
    game, state = outcome.game, outcome.state
    seat = game.seat_of(interaction.user.id)
    lang = lang_of(interaction)
    if game.status == "active" and seat is not None and seat in spec_of(game).to_act(state):
        menu = await bot.presenter.menu(game, state, seat, lang)
        if edit:
            await interaction.edit_original_response(**menu.edit_kwargs())
        else:
            await interaction.followup.send(menu.content, ephemeral=True, **menu.send_kwargs())
        return
    if edit:
        await interaction.edit_original_response(
            content=done_text(outcome, lang), view=None, attachments=[]
        )
    else:
        await interaction.followup.send(done_text(outcome, lang), ephemeral=True)


def done_text(outcome: Any, lang: str) -> str:
    """'Done.', plus a warning when the channel could not be told (e.g. missing permissions)."""
    text = t("core.done", lang)
    if outcome.announce_failed:
        text += "\n" + t("core.announce_failed", lang)
    return text


class ActButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rf:act:(?P<g>[0-9]{1,19}):(?P<v>[0-9]{1,9}):(?P<i>[0-9]{1,6})",
):
    def __init__(self, game_id: int, version: int, index: int, label: str = "?") -> None:
        super().__init__(
            _button(f"rf:act:{game_id}:{version}:{index}", label, discord.ButtonStyle.secondary)
        )
        self.game_id, self.version, self.index = game_id, version, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> ActButton:
        return cls(int(match["g"]), int(match["v"]), int(match["i"]))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        await act_on_index(interaction, self.game_id, self.version, self.index)


class ActSelect(
    Component,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"rf:sel:(?P<g>[0-9]{1,19}):(?P<v>[0-9]{1,9}):(?P<n>[0-9]{1,2})",
):
    def __init__(
        self,
        game_id: int,
        version: int,
        number: int,
        placeholder: str = "",
        options: list[discord.SelectOption] | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"rf:sel:{game_id}:{version}:{number}",
                placeholder=placeholder or None,
                options=options or [discord.SelectOption(label="-", value="-1")],
            )
        )
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> ActSelect:
        return cls(int(match["g"]), int(match["v"]), int(match["n"]))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or ["-1"]
        value = str(values[0])
        index = int(value) if value.isascii() and value.isdigit() and len(value) < 7 else -1
        await act_on_index(interaction, self.game_id, self.version, index)


class ManySelect(
    Component,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"rf:many:(?P<g>[0-9]{1,19}):(?P<v>[0-9]{1,9})",
):
    """One multi-select for a decision among many subsets (``GameSpec.many_choice``): the
    picked items are checked against the current state's items and turned into the action,
    which must be one of the legal actions."""

    def __init__(
        self,
        game_id: int,
        version: int,
        placeholder: str = "",
        options: list[discord.SelectOption] | None = None,
        min_values: int = 0,
        max_values: int = 1,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"rf:many:{game_id}:{version}",
                placeholder=placeholder or None,
                options=options or [discord.SelectOption(label="-", value="-")],
                min_values=min_values,
                max_values=max(1, max_values),
            )
        )
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> ManySelect:
        return cls(int(match["g"]), int(match["v"]))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        picked = [str(v)[:40] for v in (data.get("values") or [])][:25]
        await interaction.response.defer(ephemeral=True)
        spec = spec_of(await _play_at(interaction, self.game_id, self.version))

        def pick(state: Any, seat: str) -> Any:
            many = spec.many_choice(state, seat)
            ids = {item for item, _ in many.items} if many is not None else set()
            if many is None or not set(picked) <= ids or len(set(picked)) != len(picked):
                raise UserError("error.bad_input")
            if not many.min_picks <= len(picked) <= many.max_picks:
                raise UserError("error.bad_choice")
            return many.build(picked)

        await act_and_show(interaction, self.version, pick, spec)


MINUS = ("-", "\u2212", "\uff0d")  # hyphen-minus, minus sign, fullwidth hyphen-minus


def parse_number(text: str, low: int, high: int) -> int | None:
    """A whole number typed by a player (``12``, ``-3``, ``−3``, ``+5``) within ``low`` and
    ``high``; ``None`` for anything else (strictly: digits only, no spaces inside)."""
    raw = text.strip()
    sign = 1
    if raw[:1] in MINUS:
        sign, raw = -1, raw[1:]
    elif raw[:1] == "+":
        raw = raw[1:]
    if not raw or len(raw) > 9 or not (raw.isascii() and raw.isdigit()):
        return None
    value = sign * int(raw)
    return value if low <= value <= high else None


class NumberButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rf:num:(?P<g>[0-9]{1,19}):(?P<v>[0-9]{1,9})",
):
    """Opens the number input of a ``GameSpec.number_choice`` (a bid) for the acting seat."""

    def __init__(self, game_id: int, version: int, label: str = "…") -> None:
        super().__init__(_button(f"rf:num:{game_id}:{version}", label, discord.ButtonStyle.primary))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> NumberButton:
        return cls(int(match["g"]), int(match["v"]))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        turn = await _turn_at(interaction, self.game_id, self.version, acting=True)
        number = turn.spec.number_choice(turn.state, turn.seat)
        if number is None:
            raise UserError("error.stale_prompt")
        lang = lang_of(interaction)
        tr = translator(turn.game, lang)
        await interaction.response.send_modal(
            NumberModal(
                self.game_id,
                self.version,
                title=tr.text(number.prompt),
                label=t(
                    "core.number_field",
                    lang,
                    unit=tr.text(number.unit),
                    low=number.low,
                    high=number.high,
                ),
                hint=tr.text(number.hint),
            )
        )


class NumberModal(discord.ui.Modal):
    """The number input: what is typed is parsed strictly and checked against the range of
    the game's number choice at the version the menu was built for; a bad number gets a short
    message and changes nothing."""

    def __init__(self, game_id: int, version: int, *, title: str, label: str, hint: str) -> None:
        super().__init__(title=title[:45], custom_id=f"rf:nummodal:{game_id}:{version}")
        self.game_id, self.version = game_id, version
        self.amount: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label=label[:45], placeholder=hint[:100], max_length=10, required=True
        )
        self.add_item(self.amount)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        if not await bot_of(interaction).admit(interaction):
            return
        try:
            await self.submit(interaction, str(self.amount.value or ""))
        except Exception as exc:
            await answer_error(interaction, exc)

    async def submit(self, interaction: discord.Interaction[Any], typed: str) -> None:
        turn = await _turn_at(interaction, self.game_id, self.version, acting=True)
        number = turn.spec.number_choice(turn.state, turn.seat)
        if number is None:
            raise UserError("error.stale_prompt")
        value = parse_number(typed, number.low, number.high)
        if value is None:
            lang = lang_of(interaction)
            unit = translator(turn.game, lang).text(number.unit)
            raise UserError("error.number_range", low=number.low, high=number.high, unit=unit)
        spec = turn.spec
        await interaction.response.defer(ephemeral=True)

        def pick(state: Any, seat: str) -> Any:
            now = spec.number_choice(state, seat)
            if now is None or not now.low <= value <= now.high:
                raise UserError("error.stale_prompt")
            return now.build(value)

        await act_and_show(interaction, self.version, pick, spec)


class MenuPageButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rf:page:(?P<g>[0-9]{1,19}):(?P<v>[0-9]{1,9}):(?P<p>[0-9]{1,4})",
):
    def __init__(self, game_id: int, version: int, page: int, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(label=label, custom_id=f"rf:page:{game_id}:{version}:{page}")
        )
        self.game_id, self.version, self.page = game_id, version, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> MenuPageButton:
        return cls(int(match["g"]), int(match["v"]), int(match["p"]))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        turn = await _turn_at(interaction, self.game_id, self.version, acting=False)
        menu = await bot_of(interaction).presenter.menu(
            turn.game, turn.state, turn.seat, lang_of(interaction), self.page
        )
        await interaction.response.edit_message(**menu.edit_kwargs())


class LobbyButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rf:lobby:(?P<g>[0-9]{1,19}):(?P<what>join|start)",
):
    """Join / Start buttons under the lobby message."""

    def __init__(self, game_id: int, what: str, label: str = "") -> None:
        style = discord.ButtonStyle.success if what == "start" else discord.ButtonStyle.primary
        super().__init__(
            discord.ui.Button(
                label=label or what, style=style, custom_id=f"rf:lobby:{game_id}:{what}"
            )
        )
        self.game_id, self.what = game_id, what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["g"]), match["what"])

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        await _game_at(interaction, self.game_id, None)
        channel_id = interaction.channel_id or 0
        if self.what == "join":
            outcome = await bot.service.join(channel_id, player_of(interaction))
            content, view = bot.presenter.lobby(outcome.game, lang_of(interaction))
            await interaction.response.edit_message(content=content, view=view)
        else:
            await interaction.response.defer()
            await bot.service.start(channel_id, player_of(interaction))
            await interaction.edit_original_response(view=None)


class UndoVote(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rf:undo:(?P<g>[0-9]{1,19}):(?P<v>[0-9]{1,9}):(?P<a>[yn])",
):
    """Approve or refuse the open takeback request of the game at that version.

    The id names only the game, its version and the answer: who asked and what is kept come
    from the stored request, so a forged id cannot change them.
    """

    def __init__(self, game_id: int, version: int, answer: str, label: str = "") -> None:
        style = discord.ButtonStyle.success if answer == "y" else discord.ButtonStyle.danger
        super().__init__(
            discord.ui.Button(
                label=label or answer,
                style=style,
                custom_id=f"rf:undo:{game_id}:{version}:{answer}",
            )
        )
        self.game_id, self.version, self.answer = game_id, version, answer

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> UndoVote:
        return cls(int(match["g"]), int(match["v"]), match["a"])

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        lang = lang_of(interaction)
        await interaction.response.defer()
        result = await bot.service.vote_undo(
            interaction.channel_id or 0,
            self.game_id,
            self.version,
            interaction.user.id,
            approve=self.answer == "y",
        )
        if result.refused:
            text = t("core.undo_refused", lang, user=interaction.user.mention)
            await interaction.edit_original_response(content=text, view=None)
        elif result.left:
            await send_ephemeral(interaction, t("core.undo_approved_wait", lang, count=result.left))
        else:
            await interaction.edit_original_response(content=t("core.undo_done", lang), view=None)


class AbandonConfirm(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rf:abandon:(?P<g>[0-9]{1,19}):(?P<v>[0-9]{1,9})",
):
    def __init__(self, game_id: int, version: int, label: str = "Abandon") -> None:
        super().__init__(
            _button(f"rf:abandon:{game_id}:{version}", label, discord.ButtonStyle.danger)
        )
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> AbandonConfirm:
        return cls(int(match["g"]), int(match["v"]))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        await _game_at(interaction, self.game_id, self.version)
        perms = getattr(interaction, "permissions", None)
        can_manage = bool(perms and perms.manage_channels)
        await bot_of(interaction).service.abandon(
            interaction.channel_id or 0, player_of(interaction), can_manage=can_manage
        )
        await interaction.response.edit_message(
            content=t("core.abandoned", lang_of(interaction)), view=None
        )


class SeatOffer(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rf:seat:(?P<g>[0-9]{1,19}):(?P<o>[0-9]{1,20}):(?P<n>[0-9]{1,20}):(?P<r>take|give|mod)",
):
    """Consent to a seat changing hands: the taker presses "take"; the holder presses "give",
    or, when the holder has left the server, a member with Manage Channels presses "mod".

    The id names the two people; each press only records the presser's own consent, so a
    forged id moves no seat without both real presses. Consents live in the store
    (``consent_to_seat``): Take and Give pressed on two processes, or across a restart, meet,
    and exactly one press (the one that completes the offer) moves the seat.

    Taker 0 is an AI (``/game replace ai:``): whoever offered the seat consented for it, its
    level is the one the store recorded with that consent, and the seat becomes a bot seat.
    """

    def __init__(self, game_id: int, old: int, new: int, role: str, label: str = "") -> None:
        style = discord.ButtonStyle.success if role == "take" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=label or role, style=style, custom_id=f"rf:seat:{game_id}:{old}:{new}:{role}"
            )
        )
        self.game_id, self.old, self.new, self.role = game_id, old, new, role

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> SeatOffer:
        return cls(int(match["g"]), int(match["o"]), int(match["n"]), match["r"])

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        lang = lang_of(interaction)
        user = interaction.user
        game = await _game_at(interaction, self.game_id, None)
        if game.seat_of(self.old) is None or game.seat_of(self.new) is not None:
            raise UserError("error.stale_prompt")
        if self.role == "take" and user.id != self.new:
            raise UserError("error.seat_not_taker")
        if self.role == "give" and user.id != self.old:
            raise UserError("error.seat_not_holder")
        if self.role == "mod":
            perms = getattr(interaction, "permissions", None)
            if not (perms and perms.manage_channels):
                raise UserError("error.forbidden")
            if not await _has_left(interaction, self.old):
                raise UserError("error.seat_holder_present")
        taking = self.role == "take"
        consent = await bot.store.consent_to_seat(
            self.game_id,
            self.old,
            self.new,
            "take" if taking else "give",
            user.id,
            getattr(user, "display_name", user.name) if taking else None,
        )
        if not consent.complete:
            await send_ephemeral(interaction, t("core.seat_consent_recorded", lang))
            return
        await interaction.response.defer()
        if self.new == 0:
            level = consent.taker_level or "random"
            await bot.service.replace_with_ai(
                interaction.channel_id or 0, self.game_id, self.old, level, lang
            )
            shown = t(f"core.record.level.{level}", lang)
            text = t("core.replaced_ai", lang, old=f"<@{self.old}>", level=shown)
            await interaction.edit_original_response(content=text, view=None)
            return
        name = consent.taker_name or str(self.new)
        outcome = await bot.service.replace(
            interaction.channel_id or 0, self.game_id, self.old, Player(self.new, name)
        )
        text = t("core.replaced", lang, old=f"<@{self.old}>", new=f"<@{self.new}>")
        await interaction.edit_original_response(content=text, view=None)
        seat = outcome.game.seat_of(self.new)
        if outcome.state is not None and seat is not None:
            await bot.presenter.dm_private(outcome.game, outcome.state, seat, self.new, [])


class ResultSelect(
    Component,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"rf:results",
):
    """``/game results``' menu: opens one finished game of the channel (its final board,
    every part, with the scores, and the newest page of its log). The picked value is a game
    number, checked to be a finished game of this very channel."""

    def __init__(
        self, placeholder: str = "", options: list[discord.SelectOption] | None = None
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id="rf:results",
                placeholder=placeholder or None,
                options=options or [discord.SelectOption(label="-", value="-")],
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> ResultSelect:
        return cls()

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        value = str((data.get("values") or [""])[0])
        if not (value.isascii() and value.isdigit() and len(value) <= 19):
            raise UserError("error.no_such_result")
        bot = bot_of(interaction)
        lang = lang_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await bot.service.viewable(
            interaction.channel_id or 0, int(value), guild_id=interaction.guild_id
        )
        state = bot.service.state_of(game)
        head, _scores = bot.presenter.result_line(game, lang)
        text = f"**{head}**\n{bot.presenter.score_text(game, state, lang)}"
        files = [file_of(i) for i in await bot.presenter.table_images(game, state, lang)]
        none = discord.AllowedMentions.none()
        await interaction.followup.send(
            text[:2000], files=files, ephemeral=True, allowed_mentions=none
        )
        viewer = game.seat_of(interaction.user.id)
        log_text = await bot.presenter.log_page(game, viewer, 1, lang)
        await interaction.followup.send(log_text, ephemeral=True, allowed_mentions=none)


async def _has_left(interaction: discord.Interaction[Any], user_id: int) -> bool:
    """Is ``user_id`` no longer a member of this server?"""
    guild = interaction.guild
    if guild is None:
        return False
    if guild.get_member(user_id) is not None:
        return False
    try:
        await guild.fetch_member(user_id)
    except discord.NotFound:
        return True
    return False


ALL_COMPONENTS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    OpenTurn,
    ActButton,
    ActSelect,
    ManySelect,
    MenuPageButton,
    LobbyButton,
    UndoVote,
    AbandonConfirm,
    SeatOffer,
    ResultSelect,
    NumberButton,
)
