"""What an Age of Renaissance seat cannot see, for its AI (rules.ai.hooks): the other
players' hands and dealt cards, the draw pile's order and content, the cards held aside at
setup, the others' sealed choices (returned card, capital ranking, capital bid, token bid:
that they chose is public, what they chose is not) and the generator.

The discard pile stays: its cards were played in the open (public history).
"""

from __future__ import annotations

import random

from rules.ai.hidden import canonical, forget_secret, new_secret, shuffled
from rules.renaissance.model import Player, RenaissanceState

SAMPLED_BID = 5
"""A sealed token bid is drawn between -5 and 5 (within the bidder's cash)."""


def _others(state: RenaissanceState, seat: str) -> list[Player]:
    return [state.players[s] for s in state.seats if s != seat]


def _pool(state: RenaissanceState, seat: str) -> tuple[list[str], list[int]]:
    cards: list[str] = []
    sizes: list[int] = []
    for p in _others(state, seat):
        cards += p.hand + p.dealt
        sizes += [len(p.hand), len(p.dealt)]
    cards += state.draw_pile + state.held_aside
    sizes += [len(state.draw_pile), len(state.held_aside)]
    return cards, sizes


def _redeal(state: RenaissanceState, seat: str, parts: list[list[str]]) -> None:
    others = _others(state, seat)
    for i, p in enumerate(others):
        p.hand, p.dealt = parts[2 * i], parts[2 * i + 1]
    state.draw_pile, state.held_aside = parts[2 * len(others)], parts[2 * len(others) + 1]


def mask(state: RenaissanceState, seat: str) -> RenaissanceState:
    masked = state.copied()
    cards, sizes = _pool(masked, seat)
    _redeal(masked, seat, canonical(cards, sizes))
    for p in _others(masked, seat):
        if p.returned is not None:
            p.returned = p.dealt[0] if p.dealt else p.returned
        p.ranking = sorted(p.ranking)
        if p.capital_bid is not None:
            p.capital_bid = 0
        if p.token_bid is not None:
            p.token_bid = 0
    forget_secret(masked)
    return masked


def sample(masked: RenaissanceState, seat: str, rnd: random.Random) -> RenaissanceState:
    world = masked.copied()
    cards, sizes = _pool(world, seat)
    _redeal(world, seat, shuffled(cards, sizes, rnd))
    for p in _others(world, seat):
        if p.returned is not None and p.dealt:
            p.returned = p.dealt[rnd.randrange(len(p.dealt))]
        rnd.shuffle(p.ranking)
        if p.capital_bid is not None:
            p.capital_bid = rnd.randint(0, min(p.cash, 40))
        if p.token_bid is not None:
            reach = min(p.cash, SAMPLED_BID)
            p.token_bid = rnd.randint(-reach, reach)
    new_secret(world, rnd)
    return world
