"""How an Ilos AI judges a position (rules.ai.hooks): the screen at today's prices (the final
score, ILOS-R123), plus what production and the hand will still bring."""

from __future__ import annotations

from rules.ilos.board import ships_in_play
from rules.ilos.components import RESOURCES, components
from rules.ilos.model import IlosState

SCALE = 15.0
"""About one good sale: a lead this big is a clear lead."""

PRODUCTION_TURNS = 3.0
"""A production marker counts for this many more productions at today's price."""
CARD_VALUE = 0.5
"""Each card in hand (a little: it is worth what playing it brings, counted below)."""
COLONIST_VALUE = 4.0
"""Each colonist placed (it holds land and production; the first tie-break, ILOS-R124)."""
SHIP_VALUE = 2.0
"""Each ship in play (it reaches land for colonists)."""


def evaluate(state: IlosState) -> dict[str, float]:
    comp = components()
    prices = {res: comp.price(res, state.price_step[res]) for res in RESOURCES}
    out: dict[str, float] = {}
    finished = state.phase == "finished"
    for player in state.players:
        value = float(sum(player.screen[res] * prices[res] for res in RESOURCES))
        if not finished:
            value += PRODUCTION_TURNS * sum(
                player.production[res] * prices[res] for res in RESOURCES
            )
            value += CARD_VALUE * sum(player.hand.values())
            value += COLONIST_VALUE * player.colonists_used
            value += SHIP_VALUE * ships_in_play(state, player.seat)
        out[player.seat] = value
    return out
