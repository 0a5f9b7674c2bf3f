"""/endeavor commands: one per decision point of Endeavor: Age of Sail (spec section 12).

Each command's ``choice`` autocomplete lists only the legal actions of its action groups for
the user right now. After an activation (or a blue token), the building's sub-actions come in
the private menu of the reply, or through ``/endeavor ship``, ``occupy``, ``attack``,
``payment``, ``draw``, ``finish`` and ``cancel``. ``pass``, ``finish`` and ``cancel`` take no
option: each plays its one action. ``phase-order`` lets any seated player, at any time of a
player-by-player game, demand the strict phase order (effective from the next phase).
"""

from __future__ import annotations

from bot.game_commands import CommandTable, GameCommand, setup_table

TABLE = CommandTable(
    kind="endeavor",
    commands=(
        GameCommand("start-building", ("setup",)),
        GameCommand("build", ("build",)),
        GameCommand("salary", ("salary",)),
        GameCommand("activate", ("buildings",)),
        GameCommand("token", ("tokens",)),
        GameCommand("pass", ("turn",), choice=False, types=("pass",)),
        GameCommand("ship", ("ship",)),
        GameCommand("occupy", ("occupy",)),
        GameCommand("attack", ("attack",)),
        GameCommand("payment", ("payment",)),
        GameCommand("draw", ("draw",)),
        GameCommand("memorial", ("memorial",)),
        GameCommand("finish", ("turn",), choice=False, types=("finish",)),
        GameCommand("cancel", ("turn",), choice=False, types=("cancel",)),
        GameCommand("discard", ("discard",)),
        GameCommand("governor", ("governor",)),
        GameCommand("silent-fleet", ("silent_fleet",)),
        GameCommand("phase-order", ("phase_order",), choice=False, anytime=True),
    ),
)

setup = setup_table(TABLE)
