"""/endeavor commands: one per decision point of Endeavor: Age of Sail (spec section 12).

Each command's ``choice`` autocomplete lists only the legal actions of its action groups
(``rules.endeavor.describe.GROUPS``) for the user right now; the chosen value carries the game
version, so a value picked before the game moved on is refused as out of date. After an
activation (or a blue token), the building's sub-actions come in the private menu of the reply,
or through ``/endeavor ship``, ``occupy``, ``attack``, ``payment``, ``draw``, ``finish`` and
``cancel``. ``pass``, ``finish`` and ``cancel`` take no option: each plays its one action.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.client import RefereeBot
from bot.errors import UserError
from bot.game_commands import complete, encode, play
from bot.i18n import t
from bot.presenter import lang_of
from bot.service import spec_of
from rules.endeavor.describe import GROUPS

KIND = "endeavor"
Choices = list[app_commands.Choice[str]]
CHOICE = _("Start typing: only legal choices are offered", key="cmd.endeavor.choice")

# Plain English, like the engine's RuleViolation messages (shown as "Not allowed: ...").
NOT_NOW = {
    "pass": "you can pass only when your Action phase turn begins",
    "finish": "there is no turn in progress with an action already taken",
    "cancel": "there is no activation or token to take back",
}


def _group(*action_types: str) -> tuple[str, ...]:
    """The engine's action groups of ``action_types`` (fails at import if the engine renamed one)."""
    return tuple(dict.fromkeys(GROUPS[a] for a in action_types))


SETUP = _group("choose_start")
BUILD = _group("build", "remove_building")
SALARY = _group("pay_salary", "end_salary")
BUILDINGS = _group("activate")
TOKENS = _group("spend_token")
SHIP = _group("ship_track", "ship_fleet", "ship_sea")
OCCUPY = _group("occupy")
ATTACK = _group("attack")
PAYMENT = _group("payment")
DRAW = _group("draw_deck", "draw_discard")
MEMORIAL = _group("memorial")
DISCARD = _group("discard_card", "slot_governor", "unslot_governor", "end_discard")
SILENT_FLEET = _group("sf_react_to", "sf_ship_track", "sf_ship_fleet", "sf_occupy", "sf_draw")


class Endeavor(
    commands.GroupCog,
    group_name="endeavor",
    group_description=_("Endeavor: Age of Sail moves", key="cmd.endeavor"),
):
    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot
        super().__init__()

    async def _play(
        self, interaction: discord.Interaction[Any], groups: tuple[str, ...], choice: str
    ) -> None:
        await play(self.bot, interaction, KIND, groups, choice)

    async def _choices(
        self, interaction: discord.Interaction[Any], current: str, groups: tuple[str, ...]
    ) -> Choices:
        return await complete(self.bot, interaction, KIND, current, groups)

    async def _only(self, interaction: discord.Interaction[Any], action_type: str) -> None:
        """Play the one legal action of ``action_type`` (pass, finish, cancel) now."""

        async def work() -> None:
            game = await self.bot.service.current(interaction.channel_id or 0)
            if game.kind != KIND:
                raise UserError(
                    "error.other_game", game=t(f"{game.kind}.title", lang_of(interaction))
                )
            state = self.bot.service.state_of(game)
            seat = game.seat_of(interaction.user.id)
            if seat is None:
                raise UserError("error.not_seated")
            spec = spec_of(game)
            if spec.is_over(state):
                raise UserError("error.game_over")
            acting = spec.to_act(state)
            if seat not in acting:
                raise UserError("error.not_your_turn", waiting=sorted(acting))
            actions = spec.legal_actions(state, seat)
            index = next((i for i, a in enumerate(actions) if a.type == action_type), None)
            if index is None:
                raise UserError("error.rules", message=NOT_NOW[action_type])
            await play(
                self.bot, interaction, KIND, _group(action_type), encode(game.version, index)
            )

        await self.bot.presenter.guard(interaction, work)

    # ------------------------------------------------------------------ setup and phases 1-3
    @app_commands.command(
        name="start-building",
        description=_(
            "Setup: start with the Colonial House or the Trade Wharf",
            key="cmd.endeavor.start_building",
        ),
    )
    @app_commands.describe(choice=CHOICE)
    async def start_building(self, interaction: discord.Interaction[Any], choice: str) -> None:
        await self._play(interaction, SETUP, choice)

    @start_building.autocomplete("choice")
    async def _start_building(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._choices(interaction, current, SETUP)

    @app_commands.command(
        name="build",
        description=_(
            "Build phase: take a building (Silent Fleet: remove one)", key="cmd.endeavor.build"
        ),
    )
    @app_commands.describe(choice=CHOICE)
    async def build(self, interaction: discord.Interaction[Any], choice: str) -> None:
        await self._play(interaction, BUILD, choice)

    @build.autocomplete("choice")
    async def _build(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._choices(interaction, current, BUILD)

    @app_commands.command(
        name="salary",
        description=_(
            "Salary phase: pay back a disc from a building, or end salary",
            key="cmd.endeavor.salary",
        ),
    )
    @app_commands.describe(choice=CHOICE)
    async def salary(self, interaction: discord.Interaction[Any], choice: str) -> None:
        await self._play(interaction, SALARY, choice)

    @salary.autocomplete("choice")
    async def _salary(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._choices(interaction, current, SALARY)

    # ------------------------------------------------------------------ action phase: turn openers
    @app_commands.command(
        name="activate",
        description=_(
            "Action phase: put a harbor disc on a building to use its actions",
            key="cmd.endeavor.activate",
        ),
    )
    @app_commands.describe(choice=CHOICE)
    async def activate(self, interaction: discord.Interaction[Any], choice: str) -> None:
        await self._play(interaction, BUILDINGS, choice)

    @activate.autocomplete("choice")
    async def _activate(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._choices(interaction, current, BUILDINGS)

    @app_commands.command(
        name="token",
        description=_("Action phase: spend a blue action token", key="cmd.endeavor.token"),
    )
    @app_commands.describe(choice=CHOICE)
    async def token(self, interaction: discord.Interaction[Any], choice: str) -> None:
        await self._play(interaction, TOKENS, choice)

    @token.autocomplete("choice")
    async def _token(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._choices(interaction, current, TOKENS)

    @app_commands.command(
        name="pass",
        description=_(
            "Action phase: pass (out for the rest of this phase)", key="cmd.endeavor.pass"
        ),
    )
    async def pass_(self, interaction: discord.Interaction[Any]) -> None:
        await self._only(interaction, "pass")

    # ------------------------------------------------------------------ action phase: sub-actions
    @app_commands.command(
        name="ship",
        description=_(
            "Ship to a shipping track, a fleet space or an open sea", key="cmd.endeavor.ship"
        ),
    )
    @app_commands.describe(choice=CHOICE)
    async def ship(self, interaction: discord.Interaction[Any], choice: str) -> None:
        await self._play(interaction, SHIP, choice)

    @ship.autocomplete("choice")
    async def _ship(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._choices(interaction, current, SHIP)

    @app_commands.command(
        name="occupy", description=_("Occupy an empty city", key="cmd.endeavor.occupy")
    )
    @app_commands.describe(choice=CHOICE)
    async def occupy(self, interaction: discord.Interaction[Any], choice: str) -> None:
        await self._play(interaction, OCCUPY, choice)

    @occupy.autocomplete("choice")
    async def _occupy(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._choices(interaction, current, OCCUPY)

    @app_commands.command(
        name="attack",
        description=_("Attack a city or fleet disc (2 harbor discs)", key="cmd.endeavor.attack"),
    )
    @app_commands.describe(choice=CHOICE)
    async def attack(self, interaction: discord.Interaction[Any], choice: str) -> None:
        await self._play(interaction, ATTACK, choice)

    @attack.autocomplete("choice")
    async def _attack(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._choices(interaction, current, ATTACK)

    @app_commands.command(
        name="payment",
        description=_(
            "Payment: return a building's disc to your harbor", key="cmd.endeavor.payment"
        ),
    )
    @app_commands.describe(choice=CHOICE)
    async def payment(self, interaction: discord.Interaction[Any], choice: str) -> None:
        await self._play(interaction, PAYMENT, choice)

    @payment.autocomplete("choice")
    async def _payment(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._choices(interaction, current, PAYMENT)

    @app_commands.command(
        name="draw",
        description=_(
            "Draw a deck's top card or a card from the Europe discard pile",
            key="cmd.endeavor.draw",
        ),
    )
    @app_commands.describe(choice=CHOICE)
    async def draw(self, interaction: discord.Interaction[Any], choice: str) -> None:
        await self._play(interaction, DRAW, choice)

    @draw.autocomplete("choice")
    async def _draw(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._choices(interaction, current, DRAW)

    @app_commands.command(
        name="memorial",
        description=_(
            "Memorial: the track for a casualty disc, or send it to the supply",
            key="cmd.endeavor.memorial",
        ),
    )
    @app_commands.describe(choice=CHOICE)
    async def memorial(self, interaction: discord.Interaction[Any], choice: str) -> None:
        await self._play(interaction, MEMORIAL, choice)

    @memorial.autocomplete("choice")
    async def _memorial(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._choices(interaction, current, MEMORIAL)

    @app_commands.command(
        name="finish",
        description=_(
            "End a '+' building's turn before using every action", key="cmd.endeavor.finish"
        ),
    )
    async def finish(self, interaction: discord.Interaction[Any]) -> None:
        await self._only(interaction, "finish")

    @app_commands.command(
        name="cancel",
        description=_(
            "Take back the activation or token before any of its actions",
            key="cmd.endeavor.cancel",
        ),
    )
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        await self._only(interaction, "cancel")

    # ------------------------------------------------------------------ discard phase, Silent Fleet
    @app_commands.command(
        name="discard",
        description=_(
            "Discard phase: discard a card, use the governor slot, or keep your cards",
            key="cmd.endeavor.discard",
        ),
    )
    @app_commands.describe(choice=CHOICE)
    async def discard(self, interaction: discord.Interaction[Any], choice: str) -> None:
        await self._play(interaction, DISCARD, choice)

    @discard.autocomplete("choice")
    async def _discard(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._choices(interaction, current, DISCARD)

    @app_commands.command(
        name="silent-fleet",
        description=_(
            "2 players: choose what the Silent Fleet reacts to and where",
            key="cmd.endeavor.silent_fleet",
        ),
    )
    @app_commands.describe(choice=CHOICE)
    async def silent_fleet(self, interaction: discord.Interaction[Any], choice: str) -> None:
        await self._play(interaction, SILENT_FLEET, choice)

    @silent_fleet.autocomplete("choice")
    async def _silent_fleet(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._choices(interaction, current, SILENT_FLEET)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, RefereeBot)
    await bot.add_cog(Endeavor(bot))
