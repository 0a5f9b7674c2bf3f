"""/sealed commands (test-only game): the whole cog is its command table."""

from __future__ import annotations

from bot.game_commands import CommandTable, GameCommand, setup_table

TABLE = CommandTable(kind="sealed", commands=(GameCommand("bid", ("bid",)),))

setup = setup_table(TABLE)
