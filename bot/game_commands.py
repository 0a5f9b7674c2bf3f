"""A game's slash commands as data: a command table served by one legal-choice autocomplete.

Each game's cog declares a :class:`CommandTable`: one :class:`GameCommand` per decision point,
named in the game's own vocabulary, with the action groups it covers. A command takes one
``choice`` whose autocomplete (:class:`LegalChoice`) offers only what is legal for the user
right now, and optional follow-up options (e.g. ``pay``) that complete the next steps of a
staged decision; when a decision still has open steps afterwards, the reply is the private
menu for them. A command without a choice plays the one legal action of its groups (end
turn, cancel, pass). Descriptions come from the game's catalog: ``cmd.<game>`` for the group,
``cmd.<game>.<command>`` per command (``-`` read as ``_``), ``cmd.<game>.choice`` for the
choice and ``cmd.<game>.<option>`` for a follow-up option.

Choice values carry the game version (``"<version>:<index>"``), so a value picked before the
game moved on is refused as out of date; anything else is refused as not understood.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.components import Host, bot_of, show_next
from bot.errors import UserError
from bot.i18n import catalog, tx
from bot.language import lang_of
from bot.service import Turn, names_of

MAX_CHOICES = 25
MAX_VALUE = 24  # "<version>:<index>" never needs more characters


def encode(version: int, index: int) -> str:
    return f"{version}:{index}"


def decode(value: str, version: int) -> int:
    """The legal-action index a choice value names; refuses anything not made by ``encode``."""
    head, sep, tail = value.partition(":")
    if (
        len(value) > MAX_VALUE
        or not sep
        or not (head.isascii() and head.isdigit())
        or not (tail.isascii() and tail.isdigit())
    ):
        raise UserError("error.bad_choice")
    if int(head) != version:
        raise UserError("error.stale_prompt")
    return int(tail)


@dataclass(frozen=True)
class FollowUp:
    """An optional option that completes the next step of a staged decision (e.g. ``pay``).

    Left empty, the step stays open (its choices come in the reply's menu), unless
    ``default_first`` says to take the first legal choice (the engine orders a default first).
    """

    name: str
    groups: tuple[str, ...]
    default_first: bool = False


@dataclass(frozen=True)
class GameCommand:
    """One slash command: the action groups it plays, and how."""

    name: str
    groups: tuple[str, ...]
    choice: bool = True
    follow: tuple[FollowUp, ...] = ()
    anytime: bool = False
    """Plays one of the game's ``anytime_actions`` (any seated player, at any time)."""
    key: str = ""
    """Catalog key suffix of the description when it is not the command's name."""
    types: tuple[str, ...] = ()
    """Narrows the groups to these action types (e.g. ``pass`` within the ``turn`` group)."""

    def plays(self, spec: Any, action: Any) -> bool:
        return spec.action_group(action) in self.groups and (
            not self.types or action.type in self.types
        )


def _description(key: str) -> locale_str:
    english = catalog("en").get(key)
    if not isinstance(english, str):
        raise KeyError(f"command description {key!r} is missing from the English catalog")
    return locale_str(english[:100], key=key)


class LegalChoice(app_commands.Transformer):
    """A ``choice`` option: autocomplete lists the legal actions of ``groups`` right now,
    after the picks already made in the ``earlier`` options of the same command."""

    def __init__(
        self,
        kind: str,
        groups: tuple[str, ...],
        earlier: tuple[str, ...] = (),
        types: tuple[str, ...] = (),
    ) -> None:
        self.kind, self.groups, self.earlier, self.types = kind, groups, earlier, types

    async def transform(self, interaction: discord.Interaction[Any], value: Any) -> str:
        return str(value)

    async def autocomplete(  # type: ignore[override]
        self, interaction: discord.Interaction[Any], value: int | float | str, /
    ) -> list[app_commands.Choice[str]]:
        bot = bot_of(interaction)
        try:
            turn = await bot.service.turn(
                interaction.channel_id or 0, interaction.user.id, kind=self.kind
            )
            earlier = [getattr(interaction.namespace, name, None) for name in self.earlier]
            if any(v is None for v in earlier):
                return []
            picks = [decode(str(v), turn.game.version) for v in earlier]
        except UserError:
            return []
        state = _advance(turn, picks)
        if state is None or turn.seat not in turn.spec.to_act(state):
            return []
        lang, names = lang_of(interaction), names_of(turn.game, raw=True)
        needle = str(value).lower().strip()
        out: list[app_commands.Choice[str]] = []
        for index, action in enumerate(turn.spec.legal_actions(state, turn.seat)):
            if turn.spec.action_group(action) not in self.groups:
                continue
            if self.types and action.type not in self.types:
                continue
            label = tx(turn.spec.describe_action(state, turn.seat, action), lang, names)
            if needle and needle not in label.lower():
                continue
            out.append(
                app_commands.Choice(name=label[:100], value=encode(turn.game.version, index))
            )
            if len(out) >= MAX_CHOICES:
                break
        return out


def _advance(turn: Turn, picks: Sequence[int]) -> Any:
    """The state after applying earlier picks (for autocompleting later options)."""
    state = turn.state
    for index in picks:
        actions = turn.spec.legal_actions(state, turn.seat)
        if not 0 <= index < len(actions):
            return None
        state = turn.spec.apply(state, turn.seat, actions[index]).state
    return state


@dataclass(frozen=True)
class CommandTable:
    """A game's slash commands: ``/<kind> <command>`` for each entry."""

    kind: str
    commands: tuple[GameCommand, ...]

    def group(self) -> app_commands.Group:
        group = app_commands.Group(name=self.kind, description=_description(f"cmd.{self.kind}"))
        for command in self.commands:
            group.add_command(self._command(command))
        return group

    def _command(self, command: GameCommand) -> app_commands.Command[Any, Any, None]:
        key = f"cmd.{self.kind}.{command.key or command.name.replace('-', '_')}"
        params = [
            inspect.Parameter(
                "interaction",
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                annotation=discord.Interaction,
            )
        ]
        descriptions: dict[str, locale_str] = {}
        if command.choice:
            first = LegalChoice(self.kind, command.groups, types=command.types)
            params.append(self._parameter("choice", first, True))
            descriptions["choice"] = _description(f"cmd.{self.kind}.choice")
            earlier: tuple[str, ...] = ("choice",)
            for step in command.follow:
                choice = LegalChoice(self.kind, step.groups, earlier)
                params.append(self._parameter(step.name, choice, False))
                descriptions[step.name] = _description(f"cmd.{self.kind}.{step.name}")
                earlier = (*earlier, step.name)

        table, spec_command = self, command

        async def callback(interaction: discord.Interaction[Any], /, **values: str | None) -> None:
            await table.run(interaction, spec_command, values)

        callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
        callback = app_commands.describe(**descriptions)(callback)
        callback.__name__ = callback.__qualname__ = command.name.replace("-", "_")
        return app_commands.Command(
            name=command.name, description=_description(key), callback=callback
        )

    @staticmethod
    def _parameter(name: str, choice: LegalChoice, required: bool) -> inspect.Parameter:
        return inspect.Parameter(
            name,
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
            annotation=choice,
            default=inspect.Parameter.empty if required else None,
        )

    async def run(
        self, interaction: discord.Interaction[Any], command: GameCommand, values: dict[str, Any]
    ) -> None:
        bot = bot_of(interaction)
        if not command.choice:
            turn = await bot.service.turn(
                interaction.channel_id or 0,
                interaction.user.id,
                kind=self.kind,
                acting=not command.anytime,
            )
            actions = (
                turn.spec.anytime_actions(turn.state, turn.seat)
                if command.anytime
                else turn.spec.legal_actions(turn.state, turn.seat)
            )
            index = next((i for i, a in enumerate(actions) if command.plays(turn.spec, a)), None)
            if index is None:
                raise UserError("error.not_now")
            values = {"choice": encode(turn.game.version, index)}
        await play(bot, interaction, self.kind, command, values)


async def play(
    bot: Host,
    interaction: discord.Interaction[Any],
    kind: str,
    command: GameCommand,
    values: dict[str, Any],
) -> None:
    """Apply the chosen action and any follow-up steps in one change, then show what is next."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    await bot.service.return_from_absence(interaction.channel_id or 0, interaction.user.id)
    game = await bot.service.current(interaction.channel_id or 0)
    first = decode(str(values.get("choice") or ""), game.version)  # stale values first
    turn = bot.service.check_turn(game, interaction.user.id, kind=kind, acting=not command.anytime)
    version, spec = turn.game.version, turn.spec

    def choose(state: Any, seat: str) -> list[Any]:
        actions = (
            spec.anytime_actions(state, seat)
            if command.anytime
            else spec.legal_actions(state, seat)
        )
        if not 0 <= first < len(actions) or not command.plays(spec, actions[first]):
            raise UserError("error.stale_prompt")
        chosen = [actions[first]]
        state = spec.apply(state, seat, actions[first]).state
        for step in command.follow:
            if seat not in spec.to_act(state):
                break
            legal = spec.legal_actions(state, seat)
            options = [a for a in legal if spec.action_group(a) in step.groups]
            if not options:
                break
            raw = values.get(step.name)
            if raw:
                index = decode(str(raw), version)
                if (
                    not 0 <= index < len(legal)
                    or spec.action_group(legal[index]) not in step.groups
                ):
                    raise UserError("error.bad_choice")
                action = legal[index]
            elif step.default_first:
                action = options[0]
            else:
                break
            chosen.append(action)
            state = spec.apply(state, seat, action).state
        return chosen

    outcome = await bot.service.act(
        interaction.channel_id or 0,
        interaction.user.id,
        choose,
        interaction_id=interaction.id,
        expected_version=version,
        anytime=command.anytime,
    )
    await show_next(interaction, outcome, edit=False)


def setup_table(table: CommandTable) -> Callable[[Any], Awaitable[None]]:
    """The ``setup`` of a game's cog module: adds the table's command group to the bot."""

    async def setup(bot: Any) -> None:
        bot.tree.add_command(table.group())

    return setup


__all__ = [
    "CommandTable",
    "FollowUp",
    "GameCommand",
    "LegalChoice",
    "decode",
    "encode",
    "setup_table",
]
