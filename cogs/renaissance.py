"""/renaissance commands: one per decision point of Age of Renaissance (spec section 7).

Each command's ``choice`` autocomplete lists only the legal actions of its action types for
the user right now. The secret inputs (the returned card, the capital ranking and bid, the
order-of-play bid) are simultaneous private choices: the command applies the seat's choice
and the engine keeps it hidden until everyone has chosen (the reply is ephemeral). ``done``,
``ship``, ``history-card`` and ``time-up`` take no option: each plays its one action;
``time-up`` may be used by any seated player at any time once the agreed time is over.
"""

from __future__ import annotations

from bot.game_commands import CommandTable, GameCommand, setup_table

TABLE = CommandTable(
    kind="renaissance",
    commands=(
        # setup (DP-2, DP-3), secret and simultaneous
        GameCommand("return-card", ("setup",), types=("return_card",)),
        GameCommand("capital", ("setup",), types=("rank_capital",)),
        GameCommand("capital-bid", ("setup",), types=("capital_bid",)),
        # phase 1 (DP-5 secret, DP-6 Renaissance swap)
        GameCommand("order-bid", ("bid",)),
        GameCommand("swap", ("order",)),
        # phase 2 (DP-7) and the Eurogames windmill markers (DP-22)
        GameCommand("buy-off", ("markers",), types=("buy_off",)),
        GameCommand("windmill", ("markers",), types=("watermill_marker",)),
        # phase 3 (DP-8, DP-9)
        GameCommand("extra-card", ("cards",), types=("buy_card",)),
        GameCommand("discard", ("cards",), types=("discard_card",)),
        # phase 4 and the final card play (DP-10 to DP-13, DP-21)
        GameCommand("play", ("play",)),
        # answers to effects (DP-13 raids, DP-14, DP-15, DP-16, DP-19, DP-20)
        GameCommand(
            "answer",
            ("respond",),
            types=("civil_war_loss", "removal_source", "cathedral_defence", "watermill_swap"),
        ),
        GameCommand("cede", ("respond",), types=("cede",)),
        GameCommand("raid", ("respond",), types=("pirate_target",)),
        GameCommand("give-card", ("respond",), types=("give_card",)),
        # phase 5 (DP-17)
        GameCommand("ship", ("purchase",), choice=False, types=("upgrade_ship",)),
        GameCommand("advance", ("purchase",), types=("buy_advance",)),
        GameCommand("stabilize", ("purchase",), types=("stabilize",)),
        GameCommand("relief", ("purchase",), types=("relief",)),
        # phase 6 (DP-18)
        GameCommand("place", ("expand",), types=("place",)),
        GameCommand("attack", ("expand",), types=("attack",)),
        GameCommand("history-card", ("expand",), choice=False, types=("expansion_card",)),
        # finish the current step (buy-off, card play, purchases, expansion)
        GameCommand("done", ("end",), choice=False),
        # AOR-R10, AOR-A12: the agreed playing time is over
        GameCommand("time-up", ("time",), choice=False, anytime=True),
    ),
)

setup = setup_table(TABLE)
