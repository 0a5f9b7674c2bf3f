"""How an Age of Renaissance AI judges a position (rules.ai.hooks): the final score it would
have now (advances + cash - misery, AOR-R120), chaos as the worst of all (AOR-R116), and what
keeps a player out of chaos: income from dominations (AOR-R112), tokens on the map and tokens
bought for this turn's expansion (AOR-R21: a player who buys none never regains a lost
domination), and the stabilization its hand will cost (AOR-R60), as misery when the cash is
not there; and the commodity cards in hand, by what they would pay now (AOR-R41)."""

from __future__ import annotations

import math

from rules.renaissance.actions import PlayCard, RenaissanceAction
from rules.renaissance.components import data
from rules.renaissance.letters import LETTER, SWAPPED
from rules.renaissance.model import RenaissanceState

SCALE = 40.0
"""About one advance: a lead this big is a clear lead."""

CHAOS = -4400.0
"""A player in chaos (AOR-R116): worse than any position still in the game (``FLOOR``; at
-3000 with no floor, a seat one box from chaos was judged worse off than in chaos, and so
walked into it), yet above the reward squash's limit (-30 times ``ABSOLUTE_SCALE``)."""
FLOOR = -4000.0
KNEE = -1500.0
"""Below ``KNEE`` a seat's value bends smoothly towards ``FLOOR``, never reaching it: the
misery penalty can exceed 6000, and every position past the squash's limit got the same
reward, so a seat deep in misery played its first legal action (a Civil War against
itself)."""
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
HELD_PAYOUT = 0.5
"""A commodity card in hand counts for this share of what it would pay its holder if played
now (AOR-R41: value x the square of the supplying provinces it dominates, shortage,
surplus and Industry aside; the better of a dual card's two), so tokens go where they raise
a held card's payout. Counted only by the holder: a card held is not yet anyone's money, and
playing it pays more (the whole payout). 4 seats, strong + 3 easy, 100 iterations, seeds
9001-9100: strong won 33 before, 42 after (45 seeds changed hands: 27 to strong, 18 away,
sign test p = 0.23), its mean place 2.18 -> 2.03 (+-0.14): a lean, not a proof."""
ABSOLUTE = 0.5
"""Half of a reward is the seat's own value: misery events hurt every player, and a lead
among players who all fall into chaos is worth nothing (rules.ai.hooks)."""
ABSOLUTE_SCALE = 150.0
ROLLOUT_STEPS = 0
"""The search scores the position its tree reached (rules.ai.hooks): random plays after it
(misery events against oneself, bids of all one's cash) ruin a position faster than the
evaluation can see past them."""
EXPLORATION = 0.05
PRIOR_VISITS = 4
"""The search's exploration and the weight of its one-ply prior (rules.ai.hooks): rewards of
two root actions differ by a few hundredths (an advance's credit, squashed over ``SCALE``),
far below the default exploration of 0.7, which spread the visits evenly over the 8 best
judged actions and so played one of them at random (an END_STEP where easy bought an
advance). 3 seats, strong + 2 easy, 30 games at 30 iterations, seeds 1-30: strong won 6 ->
11 (and 12 once sealed bids are judged as paid, ``_after_bid``). Tried from there, same
settings, no better: greedy follow-ups and greedy nodes (GREEDY_FOLLOW_UPS; strong 1 of the
first 6 games against 3, at 4x the time per game, as easy's sealed bids follow greedy replies
too); scoring a search iteration before the random move that adds its node (so ending one's
turn, which hands the random move to another seat, no longer looks best): 11 of 30; an
advance worth a quarter of the credits it gives its category's advances not yet held: 12 of
30, strong's mean score 551 -> 307. At 4 seats (strong + 3 easy, 48 games, seeds 1-48) the
exploration and sealed-bid changes did not move strong: 13 wins before and after (27%).
Then, 4 seats, 40 games at 100 iterations, seeds 1-40: strong won 15 (38%, CI 24-53%), and at
1000 iterations (about a fifth of what 3 s buys on one core: some 1,650 iterations a CPU
second, measured on a loaded machine) 7 of the first 12 (58%, CI 32-81%; the same 12 seeds at 100 iterations: 2), every
game chaos-free. Tried at 100 iterations, no better: crediting the moves above the node an
iteration adds with the position before the added move (a random move of whoever moves
next; the search overruled its prior's card play with a pass 10 times in ~80 play
decisions instead of 20, yet strong won 14 of 40); an order-of-play value (10 times the
AOR-D10 odds of the seat's box, a sealed bid placed among the others' last bids) with bids
weighed within -6..12 and the others' sealed bids sampled within 3 of their last: 12 of 40,
every seat's mean score fell (easy 235 -> 98: AIs underbid one another for the first box,
down to bids that buy no tokens); the bid range and that sampling alone: 13 of 40."""
TURN_STEPS = 0
"""A card play carries all its choices (rules.ai.hooks): the one-ply judgement scores a
candidate as it is, not after more cards played at random (which would make passing look
best, since random plays include misery events against oneself)."""


def evaluate(state: RenaissanceState) -> dict[str, float]:
    # Reads each data-set table once (misery_value, income, stabilization_cost and effects.has
    # inline, the same numbers) and the provinces in one pass.
    d = data()
    cost = d.advance_cost
    boxes = d.misery.boxes
    cards, commodities, suppliers = d.cards, d.commodities, d.suppliers
    voided = state.voided  # misery burdens, never played (AOR-R45)
    top_box = len(boxes) - 1
    tokens: dict[str, int] = {}
    dominated: dict[str, set[str]] = {}  # by seat, the provinces it dominates
    for name, prov in state.provinces.items():
        placed = prov.tokens
        if placed:
            for seat, n in placed.items():
                tokens[seat] = tokens.get(seat, 0) + n
        dm = prov.dm
        if dm is not None:
            dominated.setdefault(dm, set()).add(name)
    phase = state.phase
    over = phase == "over"
    if not over:
        table = d.income.tables[str(state.options.players)]
        top_income = len(table) - 1
        bonus = d.income.middle_class_bonus
        costs = d.stabilization.costs
        top_cost = len(costs) - 1
        divisor = d.stabilization.middle_class_divisor
        middle_class = (SWAPPED if state.options.euro_jk_swap else LETTER)["middle_class"]
        usable = phase in _BEFORE_EXPANSION
    out: dict[str, float] = {}
    players = state.players
    for seat in state.seats:
        p = players[seat]
        if p.eliminated:
            out[seat] = CHAOS + p.out_order
            continue
        cash, expansion = p.cash, p.expansion
        if phase == "bid" and p.token_bid is not None:
            cash, expansion = _after_bid(p.cash, p.expansion, p.stock, p.token_bid)
        value = float(sum([cost[a] for a in p.advances]) + cash)
        misery = boxes[min(p.misery, top_box)]
        if over:
            value -= misery
        else:
            value -= DANGER * misery + BOX_DANGER * max(0, p.misery - SAFE_BOX) ** 2
            mine = dominated.get(seat, set())
            dms = len(mine)
            value += TOKEN * tokens.get(seat, 0) + DOMINATION * dms
            if usable or (phase == "expansion" and not p.expansion_done):
                # tokens in the expansion area while they can still be placed this turn
                # (AOR-R103: unused ones go back to stock at the end of the turn)
                useful = min(expansion, USEFUL_EXPANSION)
                value += EXPANSION_TOKEN * useful + SPARE_TOKEN * (expansion - useful)
            middle = middle_class in p.advances
            earned = table[min(dms, top_income)]
            if middle:
                earned += bonus
            value += INCOME_TURNS * earned
            hand = len(p.hand)
            if mine:
                for card in p.hand:
                    info = cards[card]
                    if info.kind == "commodity" and card not in voided:
                        value += HELD_PAYOUT * max(
                            commodities[c].value * sum(1 for x in suppliers[c] if x in mine) ** 2
                            for c in info.commodities
                        )
            stabilization = costs[min(hand, top_cost)]
            if middle:
                stabilization = -(-stabilization // divisor)
            unpaid = stabilization > cash
            value += CARD * hand - stabilization * (DANGER if unpaid else 1.0)
        out[seat] = _bent(value)
    return out


def _bent(value: float) -> float:
    """``value`` above ``KNEE``; below it, bent smoothly (slope 1 at the knee) towards
    ``FLOOR``."""
    if value >= KNEE:
        return value
    room = KNEE - FLOOR
    return KNEE - room * (1.0 - math.exp((value - KNEE) / room))


SELF_HARM = frozenset(
    {"famine", "mysticism_abounds", "revolutionary_uprisings", "religious_strife"}
)
"""The events that give every player misery, their player included (AOR-D8)."""


def considered(
    state: RenaissanceState, seat: str, actions: list[RenaissanceAction]
) -> list[RenaissanceAction]:
    """The actions the AI weighs (rules.ai.hooks): in the play-cards phase, never an event
    that gives every player misery (``SELF_HARM``). Played, it goes to the discard pile and
    comes back in the next epoch's deck (AOR-R32: all of them recycle), so the same Famine
    can strike three times; held, it is played once, at the end (AOR-R118). AI tables that
    played them whenever the lead gained sank into chaos together."""
    if state.phase != "play":
        return actions
    cards = data().cards
    return [
        a for a in actions if not (isinstance(a, PlayCard) and cards[a.card].effect in SELF_HARM)
    ]


def out_of_game(state: RenaissanceState, seat: str) -> bool:
    """Whether ``seat`` fell into chaos (AOR-R116: out of the game; the arena counts it)."""
    return state.players[seat].eliminated


_BEFORE_EXPANSION = frozenset(
    {"bid", "q_swap", "watermill", "buyoff", "buy_cards", "play", "purchase"}
)


def _after_bid(cash: int, expansion: int, stock: int, bid: int) -> tuple[int, int]:
    """Cash and expansion tokens once a sealed token bid is paid (AOR-R21, as
    ``flow.reveal_bids`` does): a bid is judged by what it costs and buys as soon as it is
    made, not only once every bid is in (the search scores positions between two sealed bids,
    where every bid looked the same and the AI bid at random, up to $17 for tokens it could
    not use)."""
    return cash - min(abs(bid), cash), expansion + min(max(bid, 0), stock)
