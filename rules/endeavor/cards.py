"""Cards: Draw, the Europe discard pile, population icons, abolition, discarding (END-R70..R74, R85..R87)."""

from __future__ import annotations

from rules.core import Event
from rules.endeavor.components import data
from rules.endeavor.events import event as _event
from rules.endeavor.model import EndeavorState
from rules.endeavor.query import presence_count


def deck_area(deck: str) -> str:
    return data().decks[deck].area


def drawable_decks(state: EndeavorState, who: str) -> list[str]:
    """END-R70: deck tops whose value <= the presence count in the deck's area."""
    d = data()
    out = []
    for deck, cards in state.decks.items():
        if cards and d.cards[cards[-1]].value <= presence_count(state, who, d.decks[deck].area):
            out.append(deck)
    return out


def can_draw(state: EndeavorState, who: str) -> bool:
    """END-R70/R72: a Draw action has a target (``drawable_decks`` or ``drawable_discards`` is
    not empty), each area's presence counted once."""
    d = data()
    counts: dict[str, int] = {}
    for deck, cards in state.decks.items():
        if not cards:
            continue
        area = d.decks[deck].area
        count = counts.get(area)
        if count is None:
            count = counts[area] = presence_count(state, who, area)
        if d.cards[cards[-1]].value <= count:
            return True
    if not state.discard_pile:
        return False
    europe = counts.get("europe")
    if europe is None:
        europe = presence_count(state, who, "europe")
    return any(d.cards[c].value <= europe for c in state.discard_pile)


def drawable_discards(state: EndeavorState, seat: str) -> list[str]:
    """END-R72: any discard-pile card with value <= the Europe count (each kind once)."""
    d = data()
    europe = presence_count(state, seat, "europe")
    return sorted({c for c in state.discard_pile if d.cards[c].value <= europe})


def abolish(state: EndeavorState, events: list[Event]) -> None:
    """END-R74: every held slavery card is set aside; the Slavery deck leaves the game."""
    d = data()
    state.abolished = True
    events.append(_event("abolition", None))
    for seat in state.seats:
        slaves = [c for c in state.players[seat].cards if c in d.cards and d.cards[c].slavery]
        if slaves:
            p = state.player(seat)
            p.cards = [c for c in p.cards if c not in slaves]
            p.set_aside.extend(slaves)
            events.append(_event("slavery_set_aside", seat, seat=seat, count=len(slaves)))
    state.removed_cards.extend(state.decks["slavery"])
    state.decks["slavery"] = []


def gain_card(state: EndeavorState, seat: str, card: str, events: list[Event]) -> None:
    """A card joins the player's cards; population icon and abolition apply at once."""
    d = data()
    info = d.cards[card]
    p = state.player(seat)
    p.cards.append(card)
    if info.population and p.supply > 0:
        p.supply -= 1
        p.harbour += 1
        events.append(_event("population", seat, seat=seat))
    if info.abolition and not state.abolished:
        abolish(state, events)


def draw_deck(state: EndeavorState, seat: str, deck: str, events: list[Event]) -> None:
    card = state.own_deck(deck).pop()
    events.append(_event("drew", seat, seat=seat, card=card, deck=deck))
    gain_card(state, seat, card, events)


def draw_discard(state: EndeavorState, seat: str, card: str, events: list[Event]) -> None:
    state.discard_pile.remove(card)
    events.append(_event("drew_discard", seat, seat=seat, card=card))
    gain_card(state, seat, card, events)


def discard(state: EndeavorState, seat: str, card: str, events: list[Event]) -> None:
    """END-R86: slavery set aside, governors leave the game, others to the Europe pile."""
    d = data()
    p = state.player(seat)
    p.cards.remove(card)
    if card in d.governors:
        state.removed_governors.append(card)
        events.append(_event("discarded_governor", seat, seat=seat, card=card))
    elif d.cards[card].slavery:
        p.set_aside.append(card)
        events.append(_event("slavery_discarded", seat, seat=seat, card=card))
    else:
        state.discard_pile.append(card)
        events.append(_event("discarded", seat, seat=seat, card=card))
