"""What a Maracaibo seat cannot see, for its AI (rules.ai.hooks): the other players' hands,
combat tokens and quest tiles (their own and those under their cards), during setup their
plans, set-aside cards and careers; the draw deck, the boxed cards and Jean's face-down
cards; the combat token piles; the quest pile below its top tile; the face-down prestige
buildings; Jean's automa deck (its letters are known, MAR-J2, not which cards nor their
order) and the generator.

Known gap: during setup, which career cards the others were offered is kept (the rest of
the career cards is not in the state to draw from).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rules.ai.hidden import canonical, forget_secret, new_secret, shuffled
from rules.maracaibo.components import data
from rules.maracaibo.model import MaracaiboState, Player

Deal = Callable[[list[str], list[int]], list[list[str]]]


def _others(state: MaracaiboState, seat: str) -> list[Player]:
    return [p for s, p in sorted(state.players.items()) if s != seat]


def _cards(state: MaracaiboState, seat: str, deal: Deal) -> None:
    b = state.board
    setup = state.phase == "setup"
    others = _others(state, seat)
    groups: list[list[str]] = []
    for p in others:
        groups.append(p.hand)
        if setup:
            groups += [p.plan, p.setup_discards]
    groups += [b.deck, b.box]
    if state.jean is not None:
        groups.append(state.jean.cards)
    parts = deal([c for g in groups for c in g], [len(g) for g in groups])
    it = iter(parts)
    for p in others:
        p.hand = next(it)
        if setup:
            p.plan, p.setup_discards = next(it), next(it)
    b.deck, b.box = next(it), next(it)
    if state.jean is not None:
        state.jean.cards = next(it)


def _tokens_and_quests(state: MaracaiboState, seat: str, deal: Deal) -> None:
    b = state.board
    others = _others(state, seat)
    jean = state.jean
    tokens = [p.tokens for p in others] + list(b.piles) + ([jean.tokens] if jean else [])
    parts = deal([t for g in tokens for t in g], [len(g) for g in tokens])
    for p in others:
        p.tokens = parts.pop(0)
    b.piles = [parts.pop(0) for _ in b.piles]
    if jean is not None:
        jean.tokens = parts.pop(0)
    under = [(p, card) for p in others for card in sorted(p.card_quests)]
    quests = [p.quests for p in others] + [b.quest_pile[1:]] + ([jean.quests] if jean else [])
    flat = [q for g in quests for q in g] + [p.card_quests[c] for p, c in under]
    sizes = [len(g) for g in quests] + [1] * len(under)
    parts = deal(flat, sizes)
    for p in others:
        p.quests = parts.pop(0)
    b.quest_pile = b.quest_pile[:1] + parts.pop(0)
    if jean is not None:
        jean.quests = parts.pop(0)
    for p, card in under:
        p.card_quests[card] = parts.pop(0)[0]


def _prestige(state: MaracaiboState, deal: Deal) -> None:
    b = state.board
    hidden = [slot for slot in b.prestige if not slot.revealed]
    parts = deal(
        [s.building for s in hidden] + b.prestige_box, [1] * len(hidden) + [len(b.prestige_box)]
    )
    for slot, part in zip(hidden, parts, strict=False):
        slot.building = part[0]
    b.prestige_box = parts[-1] if hidden or b.prestige_box else []


def _automa(state: MaracaiboState, deal: Deal, rnd: random.Random | None) -> None:
    jean = state.jean
    if jean is None:
        return
    letter = {c.id: c.letter for c in data().automa.cards}
    deck: list[str] = []
    box: list[str] = []
    for each in ("A", "B", "C"):
        in_deck = [c for c in jean.deck if letter[c] == each]
        pool = in_deck + [c for c in jean.box if letter[c] == each]
        part = deal(pool, [len(in_deck), len(pool) - len(in_deck)])
        deck += part[0]
        box += part[1]
    if rnd is not None:
        rnd.shuffle(deck)
    jean.deck, jean.box = deck, sorted(box)


def _all(state: MaracaiboState, seat: str, deal: Deal, rnd: random.Random | None) -> None:
    _cards(state, seat, deal)
    _tokens_and_quests(state, seat, deal)
    _prestige(state, deal)
    _automa(state, deal, rnd)


def mask(state: MaracaiboState, seat: str) -> MaracaiboState:
    masked = state.copied()
    _all(masked, seat, canonical, None)
    forget_secret(masked)
    return masked


def sample(masked: MaracaiboState, seat: str, rnd: random.Random) -> MaracaiboState:
    world = masked.copied()

    def deal(pool: list[str], sizes: list[int]) -> list[list[str]]:
        return shuffled(pool, sizes, rnd)

    _all(world, seat, deal, rnd)
    new_secret(world, rnd)
    return world
