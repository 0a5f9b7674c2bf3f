"""What a player reads about a building or card, written from the component data the engine
plays with (``data/buildings.json``, ``data/cards.json``): attribute icons, actions and how
they combine (one, both, or either), honour, a population icon, Abolition and Slavery.
Catalog keys: ``endeavor.ct.*``."""

from __future__ import annotations

from collections.abc import Iterable

from rules.core import CardText, Text, term
from rules.endeavor import terms
from rules.endeavor.components import data
from rules.endeavor.model import EndeavorState

C = "endeavor.ct."


def _icons(icons: Iterable[tuple[str, int]]) -> list[Text]:
    return [term(C + "icon", attribute=terms.attribute(k), count=v) for k, v in icons if v]


def building_detail(kind: str) -> Text:
    """Level, the attribute icons it gives, its action(s), honour and rule notes."""
    b = data().buildings[kind]
    acts = [terms.action_kind(a) for a in b.actions]
    parts: list[Text] = [term(C + "level", count=b.level)]
    parts += _icons(b.icons.items())
    if b.structure == "none" or not acts:
        parts.append(term(C + "no_action"))
    elif b.structure == "plus":
        parts.append(term(C + "actions_both", actions=acts))
    elif b.structure == "slash":
        parts.append(term(C + "actions_either", actions=acts))
    else:
        parts.append(term(C + "action", action=acts[0]))
    if b.special == "city_hall":
        parts.append(term(C + "city_hall"))
    elif b.honour:
        parts.append(term(C + "honour", count=b.honour))
    if b.special == "memorial":
        parts.append(term(C + "memorial"))
    if b.no_payment:
        parts.append(term(C + "no_payment"))
    return term(C + "list", items=parts)


def card_detail(card_id: str) -> Text:
    """An asset or governor card: its icons, honour and what it does when taken."""
    d = data()
    if card_id in d.governors:
        g = d.governors[card_id]
        parts = _icons(g.icons.items())
        if g.honour:
            parts.append(term(C + "honour", count=g.honour))
        parts.append(term(C + "governor"))
        return term(C + "list", items=parts)
    c = d.cards[card_id]
    parts = _icons(c.icons.items())
    if c.honour:
        parts.append(term(C + "honour", count=c.honour))
    if c.population:
        parts.append(term(C + "population"))
    if c.abolition:
        parts.append(term(C + "abolition"))
    if c.slavery:
        parts.append(term(C + "slavery"))
    return term(C + "list", items=parts or [term(C + "nothing")])


def _full(title: Text, body: Text) -> Text:
    return term(C + "full", title=title, body=body)


def visible_cards(state: EndeavorState, seat: str | None) -> list[CardText]:
    """Every building (the supply is open) and every card face-up on the table: deck tops,
    governors, players' cards, the Europe discard pile (all public, END-R70)."""
    from rules.endeavor.view import view

    v = view(state, seat)
    out: dict[str, CardText] = {}
    for kind in data().buildings:
        key = f"building:{kind}"
        name = terms.building(kind)
        out[key] = CardText(key, name, _full(name, building_detail(kind)))
    faces = [c for a in v.areas for c in [*(d.top for d in a.decks), a.governor] if c]
    for p in v.players:
        faces += [*p.cards, *p.set_aside]
        if p.governor_slot is not None:
            faces.append(p.governor_slot)
    faces += v.discard_pile
    for face in faces:
        if face.id not in out:
            name = terms.card(face.id)
            out[face.id] = CardText(face.id, name, _full(name, card_detail(face.id)))
    return list(out.values())
