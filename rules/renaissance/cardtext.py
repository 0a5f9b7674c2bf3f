"""What a player reads about a history card or an advance, from the data the engine plays
with (``data/history_cards.json``, ``data/advances.json``, ``data/commodities.json``): a
card's kind, epoch, whether it recycles, its leader discounts, its commodities with their
value and payout, an event's effect; an advance's category, cost (= points), credits toward
the same category, prerequisites and misery relief. Catalog keys: ``renaissance.ct.*``."""

from __future__ import annotations

from rules.core import CardText, Text, term
from rules.renaissance.components import data
from rules.renaissance.model import RenaissanceState

C = "renaissance.ct."


def advance_name(letter: str) -> Text:
    return term(f"renaissance.advance.{data().advances[letter].id}")


def card_name(card: str) -> Text:
    from rules.renaissance.deck import card_term

    return card_term(card)


def card_detail(card: str) -> Text:
    info = data().cards[card]
    parts: list[Text] = [
        term(f"renaissance.render.kind.{info.kind}"),
        term("renaissance.render.epoch", epoch=info.epoch),
    ]
    if info.military:
        parts.append(term("renaissance.render.military_card"))
    for letter, amount in sorted(info.discounts.items()):
        parts.append(
            term("renaissance.render.discount", advance=advance_name(letter), amount=amount)
        )
    values = {c.id: c.value for c in data().commodities.values()}
    for good in info.commodities:
        parts.append(
            term(
                C + "commodity",
                commodity=term(f"renaissance.commodity.{good}"),
                value=values.get(good, 0),
            )
        )
    if info.kind == "event":
        parts.append(term(C + f"effect.{info.effect}"))
    parts.append(term("renaissance.render." + ("recycles" if info.recycles else "leaves")))
    return term(C + "list", items=parts)


def advance_detail(letter: str, credit_table: str = "ah") -> Text:
    adv = data().advances[letter]
    credit = adv.credit_euro if credit_table == "euro" else adv.credit_ah
    parts: list[Text] = [
        term(f"renaissance.category.{adv.category}"),
        term(C + "advance_cost", count=adv.cost),
    ]
    if credit:
        parts.append(
            term(C + "credit", count=credit, category=term(f"renaissance.category.{adv.category}"))
        )
    if adv.prerequisites:
        parts.append(term(C + "needs", advances=[advance_name(p) for p in adv.prerequisites]))
    if adv.misery_relief:
        parts.append(term(C + "misery_relief", count=adv.misery_relief))
    return term(C + "list", items=parts)


def _full(title: Text, body: Text) -> Text:
    return term(C + "full", title=title, body=body)


def visible_cards(state: RenaissanceState, seat: str | None) -> list[CardText]:
    """The asker's own hand (and the cards dealt at setup), the leaders and cards played this
    turn, and every advance (the chart is public)."""
    from rules.renaissance.view import view

    v = view(state, seat)
    out: dict[str, CardText] = {}
    cards: list[str] = []
    for p in v.players:
        if p.seat == seat:
            cards += [*(p.hand or []), *(p.dealt or [])]
    cards += [lp.card for lp in v.leaders] + [card for _seat, card in v.military]
    for card in cards:
        if card in data().cards and card not in out:
            name = card_name(card)
            out[card] = CardText(card, name, _full(name, card_detail(card)))
    table = state.options.credit_table
    for letter in sorted(data().advances):
        key = f"advance:{letter}"
        name = advance_name(letter)
        out[key] = CardText(key, name, _full(name, advance_detail(letter, table)))
    return list(out.values())
