"""What an Endeavor seat cannot see, for its AI (rules.ai.hooks): the order of each deck
below its face-up top card (END-R110..R112), the face-down level-5 buildings (their ids are
the complement of the public ones, only their order is unknown) and the generator."""

from __future__ import annotations

import random

from rules.ai.hidden import forget_secret, new_secret
from rules.endeavor.model import EndeavorState


def mask(state: EndeavorState, seat: str) -> EndeavorState:
    masked = state.copied()
    for deck, cards in masked.decks.items():
        if cards:
            masked.decks[deck] = [*sorted(cards[:-1]), cards[-1]]
    masked.hidden_level5 = sorted(masked.hidden_level5)
    forget_secret(masked)
    return masked


def sample(masked: EndeavorState, seat: str, rnd: random.Random) -> EndeavorState:
    world = masked.copied()
    for deck, cards in world.decks.items():
        if cards:
            below = cards[:-1]
            rnd.shuffle(below)
            world.decks[deck] = [*below, cards[-1]]
    new_secret(world, rnd)
    return world
