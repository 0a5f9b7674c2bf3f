"""What a player reads about an action card: its cost, pirate cost, ships needed and colonist
from ``data/cards.json`` (what the engine charges and checks, section 5.0) and its effect
(section 5.1-5.6). Catalog keys: ``ilos.ct.*``."""

from __future__ import annotations

from rules.core import CardText, Text, term
from rules.ilos import terms
from rules.ilos.components import components
from rules.ilos.model import IlosState

C = "ilos.ct."


def card_detail(kind: str) -> Text:
    comp = components()
    card = next(c for c in comp.cards.values() if c.id == kind)
    parts: list[Text] = []
    if kind == "market":
        parts.append(term(C + "cost_resource"))
    elif card.pirate_cost is not None:
        parts.append(term(C + "cost_pirate", count=card.cost, pirate=card.pirate_cost))
    else:
        parts.append(term(C + "cost", count=card.cost))
    if card.ships_needed:
        parts.append(term(C + "ships", count=card.ships_needed))
    if card.uses_colonist:
        parts.append(term(C + "colonist"))
    parts.append(term(C + f"effect_{kind}", count=comp.constants.ruins_gold))
    return term(C + "list", items=parts)


def visible_cards(state: IlosState, seat: str | None) -> list[CardText]:
    """The six kinds of action card (their faces are the rulebook's, no hidden card is named),
    the asker's own first."""
    comp = components()
    kinds: list[str] = list(comp.cards)
    if seat is not None and any(p.seat == seat for p in state.players):
        held = [k for k, n in state.player(seat).hand.items() if n]
        kinds = [*held, *(k for k in kinds if k not in held)]
    out: list[CardText] = []
    for kind in kinds:
        name = terms.card(kind)
        out.append(CardText(kind, name, term(C + "full", title=name, body=card_detail(kind))))
    return out
