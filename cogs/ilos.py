"""/ilos commands: one per decision point of Ilos, with autocomplete limited to what is legal now.

Paying a card's cost: the ``pay`` option lists exactly the legal discards; left empty, the
default payment spends the card types you hold most of (you keep the widest choice).
"""

from __future__ import annotations

from bot.game_commands import CommandTable, FollowUp, GameCommand, setup_table

PAY = (FollowUp("pay", ("pay",), default_first=True),)

TABLE = CommandTable(
    kind="ilos",
    commands=(
        GameCommand("mulligan", ("mulligan",)),
        GameCommand("explore", ("explore",)),
        GameCommand("ship", ("ship",)),
        GameCommand("farm", ("farm",), follow=PAY),
        GameCommand("mine", ("gold_mine",), follow=PAY),
        GameCommand("build", ("building",), follow=PAY),
        GameCommand("ruins", ("ruins",), follow=PAY),
        GameCommand("market", ("market",), follow=PAY),
        GameCommand("pay", ("pay",), key="pay_cmd"),
        GameCommand("cancel", ("cancel",), choice=False),
        GameCommand("end-turn", ("end_turn",), choice=False),
    ),
)

setup = setup_table(TABLE)
