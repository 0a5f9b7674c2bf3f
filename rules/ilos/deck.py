"""The action deck: drawing, reshuffling and the rare both-empty rule (ILOS-R30, R31)."""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from rules.core import Event
from rules.core.engine import quiet
from rules.ilos import terms
from rules.ilos.components import CARD_TYPES, CardType
from rules.ilos.model import IlosState


def hand_list(hand: dict[CardType, int]) -> list[CardType]:
    """A hand as a list of card types in catalogue order."""
    return [t for t in CARD_TYPES for _ in range(hand.get(t, 0))]


def counts(cards: list[CardType]) -> dict[CardType, int]:
    return {t: cards.count(t) for t in CARD_TYPES if t in cards}


def sub_multisets(avail: dict[CardType, int], size: int | None = None) -> list[dict[CardType, int]]:
    """Every multiset drawn from ``avail`` (of exactly ``size`` cards when given), in the
    order of ``itertools.product`` over the counts of each card type (catalogue order).
    Built once per hand and size (``_multisets``); every call gets new dicts."""
    held = tuple((t, avail[t]) for t in CARD_TYPES if avail.get(t, 0) > 0)
    return [dict(combo) for combo in _multisets(held, size)]


Multiset = tuple[tuple[CardType, int], ...]


@lru_cache(maxsize=4096)
def _multisets(held: Multiset, size: int | None) -> tuple[Multiset, ...]:
    types = [t for t, _ in held]
    caps = [n for _, n in held]
    if size is None:
        return tuple(
            tuple((t, n) for t, n in zip(types, combo, strict=True) if n)
            for combo in product(*(range(cap + 1) for cap in caps))
        )
    after = [sum(caps[i + 1 :]) for i in range(len(caps))]  # cards of the later types
    out: list[Multiset] = []
    combo = [0] * len(types)

    def fill(i: int, left: int) -> None:
        # Only counts that can still make ``size``, ascending: the same order as filtering
        # the whole product, without building the combinations that cannot.
        if i == len(types):
            if left == 0:
                out.append(tuple((t, n) for t, n in zip(types, combo, strict=True) if n))
            return
        for n in range(max(0, left - after[i]), min(caps[i], left) + 1):
            combo[i] = n
            fill(i + 1, left - n)

    fill(0, size)
    return tuple(out)


def _victim(state: IlosState, seat: str) -> str | None:
    """ILOS-A16: the opponent with most cards; ties go to the first clockwise after ``seat``."""
    n = len(state.seats)
    start = state.seats.index(seat)
    best: str | None = None
    best_size = 0
    for i in range(1, n):
        other = state.seats[(start + i) % n]
        size = sum(state.player(other).hand.values())
        if size > best_size:
            best, best_size = other, size
    return best


def draw_cards(state: IlosState, seat: str, n: int, events: list[Event]) -> None:
    """Draw ``n`` cards for ``seat`` (mutates ``state``), reshuffling and stealing as needed;
    what happened is appended to ``events`` (nothing built when it keeps nothing,
    ``quiet``)."""
    hand = state.player(seat).hand
    drawn: list[CardType] = []
    stolen: dict[str, list[CardType]] = {}
    victim: str | None = None
    lost = 0
    while len(drawn) < n:
        if state.deck:
            card = state.deck.pop()
        elif state.discard:
            state.deck = list(state.discard)
            state.discard = []
            state.rng.shuffle(state.deck)
            events.append(
                Event(key="ilos.reshuffled", args={"count": len(state.deck)}, reveals=True)
            )
            continue
        else:
            if victim is None or sum(state.player(victim).hand.values()) == 0:
                victim = _victim(state, seat)
            if victim is None:
                lost = n - len(drawn)
                break
            vhand = state.player(victim).hand
            card = state.rng.choice(hand_list(vhand))
            vhand[card] -= 1
            stolen.setdefault(victim, []).append(card)
        hand[card] = hand.get(card, 0) + 1
        drawn.append(card)
    if quiet(events):
        return
    for victim_seat, cards in stolen.items():
        events.append(
            Event(
                key="ilos.cards_taken",
                args={"seat": seat, "victim": victim_seat, "count": len(cards)},
                seat=seat,
                reveals=True,
            )
        )
        events.append(
            Event(
                key="ilos.cards_lost_private",
                args={"seat": seat, "count": len(cards), "cards": terms.cards_list(cards)},
                seat=victim_seat,
                visible_to=[victim_seat],
                reveals=True,
            )
        )
    events.append(
        Event(key="ilos.drew", args={"seat": seat, "count": len(drawn)}, seat=seat, reveals=True)
    )
    events.append(
        Event(
            key="ilos.drew_private",
            args={"cards": terms.cards_list(drawn), "count": len(drawn)},
            seat=seat,
            visible_to=[seat],
            reveals=True,
        )
    )
    if lost:
        events.append(Event(key="ilos.draw_lost", args={"seat": seat, "count": lost}, seat=seat))
