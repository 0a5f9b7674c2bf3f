"""/ilos commands: one per decision point of Ilos, with autocomplete limited to what is legal now.

Paying a card's cost: the ``pay`` option lists exactly the legal discards; left empty, the
default payment spends the card types you hold most of (you keep the widest choice).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.client import RefereeBot
from bot.game_commands import Step, complete, play, play_only

KIND = "ilos"
Choices = list[app_commands.Choice[str]]
CHOICE = _("Start typing: only legal choices are offered", key="cmd.ilos.choice")
PAY = _(
    "Which cards to discard as the cost (default: the types you hold most of)", key="cmd.ilos.pay"
)


class Ilos(commands.GroupCog, group_name="ilos", group_description=_("Ilos moves", key="cmd.ilos")):
    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot
        super().__init__()

    async def _card(
        self, interaction: discord.Interaction[Any], group: str, choice: str, pay: str | None
    ) -> None:
        await play(
            self.bot, interaction, KIND, (group,), choice, [Step(("pay",), pay, default_first=True)]
        )

    async def _choices(
        self, interaction: discord.Interaction[Any], current: str, group: str
    ) -> Choices:
        return await complete(self.bot, interaction, KIND, current, (group,))

    async def _pay_choices(
        self, interaction: discord.Interaction[Any], current: str, group: str
    ) -> Choices:
        earlier = [getattr(interaction.namespace, "choice", None)]
        return await complete(self.bot, interaction, KIND, current, ("pay",), earlier)

    # ------------------------------------------------------------------ setup
    @app_commands.command(
        name="mulligan",
        description=_("Once, at the start: discard and draw back to 5", key="cmd.ilos.mulligan"),
    )
    @app_commands.describe(choice=CHOICE)
    async def mulligan(self, interaction: discord.Interaction[Any], choice: str) -> None:
        await play(self.bot, interaction, KIND, ("mulligan",), choice)

    @mulligan.autocomplete("choice")
    async def _mulligan(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._choices(interaction, current, "mulligan")

    @app_commands.command(
        name="explore",
        description=_("Choose a face-up tile, its place and rotation", key="cmd.ilos.explore"),
    )
    @app_commands.describe(choice=CHOICE)
    async def explore(self, interaction: discord.Interaction[Any], choice: str) -> None:
        await play(self.bot, interaction, KIND, ("explore",), choice)

    @explore.autocomplete("choice")
    async def _explore(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._choices(interaction, current, "explore")

    # ------------------------------------------------------------------ action cards
    @app_commands.command(
        name="ship",
        description=_("Play a Ship card: place, move or land a ship", key="cmd.ilos.ship"),
    )
    @app_commands.describe(choice=CHOICE)
    async def ship(self, interaction: discord.Interaction[Any], choice: str) -> None:
        await play(self.bot, interaction, KIND, ("ship",), choice)

    @ship.autocomplete("choice")
    async def _ship(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._choices(interaction, current, "ship")

    @app_commands.command(
        name="farm",
        description=_("Play a Farm card: a colonist on a plantation", key="cmd.ilos.farm"),
    )
    @app_commands.describe(choice=CHOICE, pay=PAY)
    async def farm(
        self, interaction: discord.Interaction[Any], choice: str, pay: str | None = None
    ) -> None:
        await self._card(interaction, "farm", choice, pay)

    @farm.autocomplete("choice")
    async def _farm(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._choices(interaction, current, "farm")

    @farm.autocomplete("pay")
    async def _farm_pay(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._pay_choices(interaction, current, "farm")

    @app_commands.command(name="mine", description=_("Play a Gold mine card", key="cmd.ilos.mine"))
    @app_commands.describe(choice=CHOICE, pay=PAY)
    async def mine(
        self, interaction: discord.Interaction[Any], choice: str, pay: str | None = None
    ) -> None:
        await self._card(interaction, "gold_mine", choice, pay)

    @mine.autocomplete("choice")
    async def _mine(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._choices(interaction, current, "gold_mine")

    @mine.autocomplete("pay")
    async def _mine_pay(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._pay_choices(interaction, current, "gold_mine")

    @app_commands.command(
        name="build",
        description=_("Play a Building card: a fort or a trading post", key="cmd.ilos.build"),
    )
    @app_commands.describe(choice=CHOICE, pay=PAY)
    async def build(
        self, interaction: discord.Interaction[Any], choice: str, pay: str | None = None
    ) -> None:
        await self._card(interaction, "building", choice, pay)

    @build.autocomplete("choice")
    async def _build(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._choices(interaction, current, "building")

    @build.autocomplete("pay")
    async def _build_pay(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._pay_choices(interaction, current, "building")

    @app_commands.command(name="ruins", description=_("Play a Ruins card", key="cmd.ilos.ruins"))
    @app_commands.describe(choice=CHOICE, pay=PAY)
    async def ruins(
        self, interaction: discord.Interaction[Any], choice: str, pay: str | None = None
    ) -> None:
        await self._card(interaction, "ruins", choice, pay)

    @ruins.autocomplete("choice")
    async def _ruins(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._choices(interaction, current, "ruins")

    @ruins.autocomplete("pay")
    async def _ruins_pay(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._pay_choices(interaction, current, "ruins")

    @app_commands.command(
        name="market", description=_("Play a Market card: raise a price", key="cmd.ilos.market")
    )
    @app_commands.describe(choice=CHOICE, pay=PAY)
    async def market(
        self, interaction: discord.Interaction[Any], choice: str, pay: str | None = None
    ) -> None:
        await self._card(interaction, "market", choice, pay)

    @market.autocomplete("choice")
    async def _market(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._choices(interaction, current, "market")

    @market.autocomplete("pay")
    async def _market_pay(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._pay_choices(interaction, current, "market")

    @app_commands.command(
        name="pay", description=_("Pay the cost of the card being played", key="cmd.ilos.pay_cmd")
    )
    @app_commands.describe(choice=PAY)
    async def pay(self, interaction: discord.Interaction[Any], choice: str) -> None:
        await play(self.bot, interaction, KIND, ("pay",), choice)

    @pay.autocomplete("choice")
    async def _pay(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await self._choices(interaction, current, "pay")

    # ------------------------------------------------------------------ turn
    @app_commands.command(
        name="cancel",
        description=_(
            "Take back the card being declared (nothing is spent)", key="cmd.ilos.cancel"
        ),
    )
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        await play_only(self.bot, interaction, KIND, "cancel")

    @app_commands.command(
        name="end-turn",
        description=_("End your actions: production and draw follow", key="cmd.ilos.end_turn"),
    )
    async def end_turn(self, interaction: discord.Interaction[Any]) -> None:
        await play_only(self.bot, interaction, KIND, "end_turn")


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, RefereeBot)
    await bot.add_cog(Ilos(bot))
