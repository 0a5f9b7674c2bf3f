"""What an Ilos seat cannot see, for its AI (rules.ai.hooks): the other players' hands, the
order of the draw deck, the order of the tile stack and which tiles stayed in the box, the
discard pile when cost cards are not revealed, and the generator.

The screens stay: the view hides them, but every token behind a screen came from a public
event (production, ruins, the market), so they are part of the public history.
"""

from __future__ import annotations

import random

from rules.ai.hidden import canonical, forget_secret, new_secret, shuffled
from rules.ilos.components import CARD_TYPES, CardType
from rules.ilos.model import IlosState


def _as_list(hand: dict[CardType, int]) -> list[CardType]:
    return [card for card in CARD_TYPES for _ in range(hand.get(card, 0))]


def _redeal(
    state: IlosState, seat: str, cards: list[list[CardType]], tiles: list[list[str]]
) -> None:
    others = [p for p in state.players if p.seat != seat]
    for player, hand in zip(others, cards, strict=False):
        player.hand = {card: hand.count(card) for card in CARD_TYPES}
    state.deck = cards[len(others)]
    if not state.options.reveal_cost_cards:
        state.discard = cards[len(others) + 1]
    state.stack, state.box = tiles[0], tiles[1]


def _pools(state: IlosState, seat: str) -> tuple[list[CardType], list[int], list[str], list[int]]:
    others = [p for p in state.players if p.seat != seat]
    cards: list[CardType] = []
    sizes: list[int] = []
    for player in others:
        hand = _as_list(player.hand)
        cards += hand
        sizes.append(len(hand))
    cards += state.deck
    sizes.append(len(state.deck))
    if not state.options.reveal_cost_cards:
        cards += state.discard
        sizes.append(len(state.discard))
    tiles = [*state.stack, *state.box]
    return cards, sizes, tiles, [len(state.stack), len(state.box)]


def mask(state: IlosState, seat: str) -> IlosState:
    masked = state.copied()
    cards, sizes, tiles, tile_sizes = _pools(masked, seat)
    _redeal(masked, seat, canonical(cards, sizes), canonical(tiles, tile_sizes))
    forget_secret(masked)
    return masked


def sample(masked: IlosState, seat: str, rnd: random.Random) -> IlosState:
    world = masked.copied()
    cards, sizes, tiles, tile_sizes = _pools(world, seat)
    _redeal(world, seat, shuffled(cards, sizes, rnd), shuffled(tiles, tile_sizes, rnd))
    new_secret(world, rnd)
    return world
