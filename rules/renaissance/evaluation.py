"""How an Age of Renaissance AI judges a position (rules.ai.hooks): the final score it would
have now (advances + cash - misery, AOR-R120), chaos as the worst of all (AOR-R116), and what
keeps a player out of chaos: income from dominations (AOR-R112), tokens on the map and tokens
bought for this turn's expansion (AOR-R21: a player who buys none never regains a lost
domination), and the stabilization its hand will cost (AOR-R60), as misery when the cash is
not there."""

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
TOKEN = 2.0
"""A token on the map (market presence, on its way to a domination): more than the $1 it
cost, so buying tokens and placing them is worth it."""
DOMINATION = 4.0
"""A domination besides its income (it supplies commodities, AOR-R41, and holds the
province against placement, AOR-R80)."""
EXPANSION_TOKEN = 1.5
"""A token in the expansion area before its player's expansion is over (AOR-R21: bought at
$1 in phase 1); worth less than a placed token, so it is placed."""
USEFUL_EXPANSION = 6
"""Tokens beyond this many in the expansion area are worth only ``SPARE_TOKEN`` (a turn's
expansion rarely places more), so the phase 1 bid stays within what can be used."""
SPARE_TOKEN = 0.25
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
ROLLOUT_STEPS = 0
"""The search scores the position its tree reached (rules.ai.hooks): random plays after it
(misery events against oneself, bids of all one's cash) ruin a position faster than the
evaluation can see past them."""
TURN_STEPS = 0
"""A card play carries all its choices (rules.ai.hooks): the one-ply judgement scores a
candidate as it is, not after more cards played at random (which would make passing look
best, since random plays include misery events against oneself)."""


def evaluate(state: RenaissanceState) -> dict[str, float]:
    advances = data().advances
    tokens: dict[str, int] = {}
    dominations: dict[str, int] = {}
    for prov in state.provinces.values():
        for seat, n in prov.tokens.items():
            tokens[seat] = tokens.get(seat, 0) + n
        if prov.dm is not None:
            dominations[prov.dm] = dominations.get(prov.dm, 0) + 1
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
            value += TOKEN * tokens.get(seat, 0) + DOMINATION * dominations.get(seat, 0)
            value += _expansion_value(state, seat)
            value += INCOME_TURNS * income(state, seat)
            stabilization = stabilization_cost(state, seat)
            unpaid = stabilization > p.cash
            value += CARD * len(p.hand) - stabilization * (DANGER if unpaid else 1.0)
        out[seat] = value
    return out


_BEFORE_EXPANSION = frozenset(
    {"bid", "q_swap", "watermill", "buyoff", "buy_cards", "play", "purchase"}
)


def _expansion_value(state: RenaissanceState, seat: str) -> float:
    """Tokens in the expansion area while they can still be placed this turn (AOR-R103:
    unused ones go back to stock at the end of the turn, worth nothing)."""
    p = state.players[seat]
    usable = state.phase in _BEFORE_EXPANSION or (
        state.phase == "expansion" and not p.expansion_done
    )
    if not usable:
        return 0.0
    useful = min(p.expansion, USEFUL_EXPANSION)
    return EXPANSION_TOKEN * useful + SPARE_TOKEN * (p.expansion - useful)
