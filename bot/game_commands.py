"""Slash commands for a game's decision points, built from its legal actions.

Each game cog declares its commands (named in the game's own vocabulary) with the action
groups each covers. A command takes one ``choice`` whose autocomplete offers only what is
legal for the user right now, and optional follow-up options (e.g. ``pay``) that complete the
next steps of a staged decision; when a decision still has open steps afterwards, the reply
is the private menu for them. Choice values carry the game version, so a value picked before
the game moved on is refused as out of date.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.components import done_text
from bot.errors import UserError
from bot.i18n import t, tx
from bot.presenter import lang_of
from bot.service import names_of, spec_of

if TYPE_CHECKING:
    from bot.client import RefereeBot

MAX_CHOICES = 25


def encode(version: int, index: int) -> str:
    return f"{version}:{index}"


def decode(value: str, version: int) -> int:
    head, _, tail = value.partition(":")
    if not head.isdigit() or not tail.isdigit():
        raise UserError("error.bad_choice")
    if int(head) != version:
        raise UserError("error.stale_prompt")
    return int(tail)


async def _context(
    bot: RefereeBot, interaction: discord.Interaction[Any], kind: str
) -> tuple[Any, Any, str]:
    game = await bot.service.current(interaction.channel_id or 0)
    if game.kind != kind:
        raise UserError("error.other_game", game=t(f"{game.kind}.title", lang_of(interaction)))
    state = bot.service.state_of(game)
    seat = game.seat_of(interaction.user.id)
    if seat is None:
        raise UserError("error.not_seated")
    return game, state, seat


def _advance(spec: Any, state: Any, seat: str, picks: Sequence[int]) -> Any:
    """The state after applying earlier picks (for autocompleting later options)."""
    for index in picks:
        actions = spec.legal_actions(state, seat)
        if not 0 <= index < len(actions):
            return None
        state = spec.apply(state, seat, actions[index]).state
    return state


@dataclass(frozen=True)
class Step:
    """A follow-up option's value and the groups it may choose from."""

    groups: tuple[str, ...]
    value: str | None
    default_first: bool = False


async def play(
    bot: RefereeBot,
    interaction: discord.Interaction[Any],
    kind: str,
    groups: tuple[str, ...],
    choice: str,
    follow: Sequence[Step] = (),
) -> None:
    """Apply the chosen action and any follow-up steps in one change, then show what is next."""

    async def work() -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        game, _state, _seat = await _context(bot, interaction, kind)
        version = game.version
        first = decode(choice, version)
        spec = spec_of(game)

        def choose(state: Any, seat: str) -> list[Any]:
            actions = spec.legal_actions(state, seat)
            if not 0 <= first < len(actions) or spec.action_group(actions[first]) not in groups:
                raise UserError("error.stale_prompt")
            chosen = [actions[first]]
            state = spec.apply(state, seat, actions[first]).state
            for step in follow:
                if seat not in spec.to_act(state):
                    break
                legal = spec.legal_actions(state, seat)
                options = [a for a in legal if spec.action_group(a) in step.groups]
                if not options:
                    break
                if step.value:
                    index = decode(step.value, version)
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
        )
        lang = lang_of(interaction)
        seat = outcome.game.seat_of(interaction.user.id)
        if outcome.game.status == "active" and seat in spec.to_act(outcome.state):
            content, view = bot.presenter.menu(outcome.game, outcome.state, seat, lang)
            await interaction.followup.send(content, view=view, ephemeral=True)
        else:
            await interaction.followup.send(done_text(outcome, lang), ephemeral=True)

    await bot.presenter.guard(interaction, work)


async def complete(
    bot: RefereeBot,
    interaction: discord.Interaction[Any],
    kind: str,
    current: str,
    groups: tuple[str, ...],
    earlier: Sequence[str | None] = (),
) -> list[app_commands.Choice[str]]:
    """Autocomplete: the legal actions of ``groups`` now, after the ``earlier`` options' picks."""
    return await _complete(bot, interaction, kind, current, groups, list(earlier))


async def _complete(
    bot: RefereeBot,
    interaction: discord.Interaction[Any],
    kind: str,
    current: str,
    groups: tuple[str, ...],
    earlier: list[str | None],
) -> list[app_commands.Choice[str]]:
    try:
        game, state, seat = await _context(bot, interaction, kind)
    except UserError:
        return []
    spec = spec_of(game)
    if seat not in spec.to_act(state):
        return []
    try:
        picks = [decode(v, game.version) for v in earlier if v]
    except UserError:
        return []
    if len(picks) != len([v for v in earlier if v is not None]) or None in earlier:
        return []
    state = _advance(spec, state, seat, picks)
    if state is None or seat not in spec.to_act(state):
        return []
    lang = lang_of(interaction)
    names = names_of(game)
    out: list[app_commands.Choice[str]] = []
    needle = current.lower().strip()
    for index, action in enumerate(spec.legal_actions(state, seat)):
        if spec.action_group(action) not in groups:
            continue
        label = tx(spec.describe_action(state, seat, action), lang, names)
        if needle and needle not in label.lower():
            continue
        out.append(app_commands.Choice(name=label[:100], value=encode(game.version, index)))
        if len(out) >= MAX_CHOICES:
            break
    return out


async def play_only(
    bot: RefereeBot, interaction: discord.Interaction[Any], kind: str, group: str
) -> None:
    """Commands without a choice (end turn, cancel, pass): the one legal action of ``group``."""

    async def work() -> None:
        game, state, seat = await _context(bot, interaction, kind)
        spec = spec_of(game)
        if seat not in spec.to_act(state):
            raise UserError("error.not_your_turn", waiting=sorted(spec.to_act(state)))
        index = next(
            (
                i
                for i, a in enumerate(spec.legal_actions(state, seat))
                if spec.action_group(a) == group
            ),
            None,
        )
        if index is None:
            raise UserError("error.not_now")
        await play(bot, interaction, kind, (group,), encode(game.version, index))

    await bot.presenter.guard(interaction, work)
