"""How an Age of Renaissance AI judges a position (rules.ai.hooks): the final score it would
have now (advances + cash - misery, AOR-R120), chaos as the worst of all (AOR-R116), and a
little for what earns future income: tokens and dominations on the map, cards in hand."""

from __future__ import annotations

from rules.renaissance.components import data
from rules.renaissance.economy import misery_value
from rules.renaissance.endturn import income
from rules.renaissance.model import RenaissanceState
from rules.renaissance.purchase import stabilization_cost

SCALE = 40.0
"""About one advance: a lead this big is a clear lead."""

CHAOS = -3000.0
"""A player in chaos (AOR-R116): worse than any score still in the game."""
TOKEN = 1.0
"""A token on the map or waiting in the expansion area (on its way to a domination)."""
INCOME_TURNS = 5.0
"""This turn's income (AOR-R112, by dominations) counts this many times: a player who lost
every domination earns nothing and sinks into misery."""
CARD = 1.0
"""A card in hand, less the stabilization it will cost (AOR-R60): paid when the cash is
there, else as misery (counted ``DANGER`` times)."""
DANGER = 3.0
"""Misery is counted this many times over (chaos comes from misery): keep well clear."""
SAFE_BOX = 8
BOX_DANGER = 10.0
"""Above ``SAFE_BOX``, each misery box costs this much more, squared (chaos is box 26)."""
ABSOLUTE = 0.5
"""Half of a reward is the seat's own value: misery events hurt every player, and a lead
among players who all fall into chaos is worth nothing (rules.ai.hooks)."""
ABSOLUTE_SCALE = 150.0


def evaluate(state: RenaissanceState) -> dict[str, float]:
    advances = data().advances
    tokens: dict[str, int] = {}
    for prov in state.provinces.values():
        for seat, n in prov.tokens.items():
            tokens[seat] = tokens.get(seat, 0) + n
    over = state.phase == "over"
    out: dict[str, float] = {}
    for seat in state.seats:
        p = state.players[seat]
        if p.eliminated:
            out[seat] = CHAOS + p.out_order
            continue
        value = float(sum(advances[a].cost for a in p.advances) + p.cash)
        misery = float(misery_value(p.misery))
        if over:
            value -= misery
        else:
            value -= DANGER * misery + BOX_DANGER * max(0, p.misery - SAFE_BOX) ** 2
            value += TOKEN * (tokens.get(seat, 0) + p.expansion)
            value += INCOME_TURNS * income(state, seat)
            stabilization = stabilization_cost(state, seat)
            unpaid = stabilization > p.cash
            value += CARD * len(p.hand) - stabilization * (DANGER if unpaid else 1.0)
        out[seat] = value
    return out
