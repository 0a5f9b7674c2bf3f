"""The history deck: draws, epochs and the discard pile (AOR-R3, R12a, R32, R117)."""

from __future__ import annotations

from rules.core import Event, Text, term
from rules.core.engine import quiet
from rules.core.models import event
from rules.renaissance.components import data
from rules.renaissance.model import RenaissanceState


def epoch_cards(state: RenaissanceState, epoch: int) -> list[str]:
    """The cards of one epoch, with the Timber moved to epoch 1 when the held setup is on."""
    moved = state.options.held_cards_setup
    out: list[str] = []
    for card in sorted(data().cards.values(), key=lambda c: c.id):
        e = 1 if (moved and card.to_epoch1_when_held_setup) else card.epoch
        if e == epoch:
            out.append(card.id)
    return out


def discard_card(state: RenaissanceState, card: str) -> None:
    """After use: circle cards to the discard pile, square cards out of the game (R12a)."""
    if data().cards[card].recycles:
        state.discard.append(card)
    else:
        state.removed.append(card)


def _next_epoch(state: RenaissanceState, events: list[Event]) -> None:
    """AOR-R32: discarded circle cards plus the next epoch's cards, shuffled."""
    state.epoch += 1
    pile = [c for c in state.discard] + epoch_cards(state, state.epoch)
    state.discard = []
    pile.sort()
    state.rng.shuffle(pile)
    state.draw_pile = pile
    events.append(event(key="renaissance.event.epoch", args={"epoch": state.epoch}, reveals=True))


def draw(state: RenaissanceState, seat: str, events: list[Event]) -> str | None:
    """Draw one card for ``seat`` (private); ``None`` once the last chosen epoch ran out."""
    if state.deck_exhausted:
        return None
    if not state.draw_pile:
        if state.epoch >= state.options.last_epoch:
            state.deck_exhausted = True
            state.end_triggered = True
            return None
        _next_epoch(state, events)
        if not state.draw_pile:
            return None
    card = state.draw_pile.pop(0)
    state.player(seat).hand.append(card)
    if not quiet(events):
        events.append(
            event(key="renaissance.event.drew", args={"seat": seat}, seat=seat, reveals=True)
        )
        events.append(
            event(
                key="renaissance.event.drew_card",
                args={"card": card_term(card)},
                seat=seat,
                visible_to=[seat],
                reveals=True,
            )
        )
    if not state.draw_pile and state.epoch >= state.options.last_epoch:
        state.deck_exhausted = True
        state.end_triggered = True
        events.append(event(key="renaissance.event.last_card", args={}))
    return card


def card_term_key(card: str) -> str:
    """Catalog key of a card's name (copies of a commodity share one name)."""
    c = data().cards[card]
    if c.kind == "commodity":
        return "renaissance.card." + "_".join(c.commodities)
    return f"renaissance.card.{c.id}"


def card_term(card: str) -> Text:
    return term(card_term_key(card))
