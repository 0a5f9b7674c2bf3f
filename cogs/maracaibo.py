"""/maracaibo commands: one per decision point of Maracaibo (spec section 14).

Each command's ``choice`` autocomplete lists only the legal actions of its action groups for
the user right now. The secret setup choices (career card, planned card, discards) are the
seat's own commands; the engine hides them from everyone else until all have chosen.
A decision with further steps (a purchase's payment, a combat's actions, nested village
actions) continues in the reply's private menu or through the matching command; spatial
choices (sailing, explorer, markers, combat targets) come with a numbered picture.
``finish``, ``figure-to-cp``, ``city-action`` and ``skip`` take no option: each plays its one
action. Follow-up options finish staged decisions in one command: ``career`` takes the
planned card and the three discards too (``planned``, ``discard1``-``discard3``), ``setup``
the remaining discards, ``sail`` the main action where the ship arrives (``action``) and
``buy`` the first payment (``payment``); left empty, the step stays open in the menu.

| command | decision points |
| --- | --- |
| career | D2 |
| setup | D1 |
| sail | D3, D23 |
| main | D5, D10 |
| finish | end of step B |
| plan, task, figure-to-cp | D14 |
| village | D9, D24 |
| buy | D9, D16 (buy or invest) |
| pay | D4, D22, optional payments |
| disc | D13 |
| choose | D7 sub-choices, D12, D17, D18, D19, D20, D25 |
| explore | D11 |
| deliver, city-action | D6, D7 |
| combat | D8 |
| draw | D15 |
| score | D16 |
| skip | declining any optional step |
"""

from __future__ import annotations

from bot.game_commands import CommandTable, FollowUp, GameCommand, setup_table

DISCARDS = (
    FollowUp("discard1", ("setup",)),
    FollowUp("discard2", ("setup",)),
    FollowUp("discard3", ("setup",)),
)
SETUP = (FollowUp("planned", ("setup",)), *DISCARDS)
"""The whole secret setup in one command: career, then the planned card, then 3 discards."""

TABLE = CommandTable(
    kind="maracaibo",
    commands=(
        GameCommand("career", ("setup",), types=("setup_career",), follow=SETUP),
        GameCommand("setup", ("setup",), types=("setup_plan", "setup_discard"), follow=DISCARDS),
        GameCommand("sail", ("sail",), follow=(FollowUp("action", ("main",)),)),
        GameCommand("main", ("main",), types=("main",)),
        GameCommand("finish", ("main",), choice=False, types=("finish",)),
        GameCommand("plan", ("free",), types=("plan",)),
        GameCommand("task", ("free",), types=("task",)),
        GameCommand("figure-to-cp", ("free",), choice=False, types=("figure_to_cp",)),
        GameCommand("village", ("village",)),
        GameCommand("buy", ("buy",), follow=(FollowUp("payment", ("pay",)),)),
        GameCommand("pay", ("pay",)),
        GameCommand("disc", ("disc",)),
        GameCommand("choose", ("choice",)),
        GameCommand("explore", ("explore",)),
        GameCommand("deliver", ("city",), types=("deliver",)),
        GameCommand("city-action", ("city",), choice=False, types=("city_action",)),
        GameCommand("combat", ("combat",)),
        GameCommand("draw", ("draw",)),
        GameCommand("score", ("scoring",)),
        GameCommand("skip", ("skip",), choice=False),
    ),
)

setup = setup_table(TABLE)
