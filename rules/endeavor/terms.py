"""Game terms as catalog keys: every id a player may read travels as a nested ``Text``.

Buildings, regions, cities and fleet spaces, connections, decks, cards, governors, trade
tokens, attribute tracks and action kinds each have their own ``endeavor.<kind>.<id>`` entry
in ``rules/endeavor/locales/<lang>.json`` (Korean names as printed in the Korean edition;
designed components get a natural translation). Events and action labels use these terms, so
no raw id and no English name reaches a Korean player.

A term is a frozen ``Text``: each is made once per id and shared (``functools.cache``; a
card's once per data set, which names it).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from rules.core import Text, term
from rules.core.models import Arg
from rules.endeavor.components import Data, data
from rules.endeavor.model import SILENT_FLEET


@functools.cache
def building(kind: str) -> Text:
    return term(f"endeavor.building.{kind}")


@functools.cache
def region(area: str) -> Text:
    """Europe or one of the six regions."""
    return term(f"endeavor.region.{area}")


@functools.cache
def node(node_id: str) -> Text:
    """A city or a fleet space."""
    return term(f"endeavor.node.{node_id}")


@functools.cache
def connection(conn_id: str) -> Text:
    """A connection, named by its two end nodes."""
    a, b = conn_id.split("--", 1)
    return term("endeavor.connection", a=node(a), b=node(b))


@functools.cache
def deck(deck_id: str) -> Text:
    return term(f"endeavor.deck.{deck_id}")


def card(card_id: str) -> Text:
    """An asset card (deck and draw value; Abolition by its own name) or a governor card."""
    return _card(data(), card_id)


@functools.cache
def _card(d: Data, card_id: str) -> Text:
    if card_id in d.governors:
        return governor(d.governors[card_id].region)
    info = d.cards[card_id]
    if info.abolition:
        return term("endeavor.card.abolition", value=info.value)
    return term(f"endeavor.card.{info.deck}", value=info.value)


@functools.cache
def governor(area: str) -> Text:
    return term(f"endeavor.governor.{area}")


@functools.cache
def token(kind: str) -> Text:
    return term(f"endeavor.token.{kind}")


@functools.cache
def attribute(attr: str) -> Text:
    return term(f"endeavor.attribute.{attr}")


@functools.cache
def action_kind(kind: str) -> Text:
    """Ship, Occupy, Attack, Payment or Draw."""
    return term(f"endeavor.kind.{kind}")


@functools.cache
def phase(name: str) -> Text:
    return term(f"endeavor.phase.{name}")


def who(occupant: str) -> Arg:
    """A seat id (shown as the player's name) or the Silent Fleet."""
    return term("endeavor.silent_fleet") if occupant == SILENT_FLEET else occupant


def space(space_id: str) -> Text:
    """A city, a fleet space or a shipping-track space (``track:<region>:<n>``)."""
    if space_id.startswith("track:"):
        _, area, index = space_id.split(":")
        return term("endeavor.track_space", region=region(area), index=int(index))
    return node(space_id)


TERM_ARGS: dict[str, Callable[[str], Arg]] = {
    "building": building,
    "region": region,
    "city": node,
    "fleet": node,
    "space": space,
    "connection": connection,
    "deck": deck,
    "card": card,
    "token": token,
    "track": attribute,
    "action": action_kind,
    "defender": who,
    "seat": who,
}
"""Argument name -> the term it holds; an id under any other name is refused (no raw ids)."""


def term_args(args: dict[str, str | int]) -> dict[str, Arg]:
    """Turn id arguments into terms by argument name; integers pass unchanged."""
    out: dict[str, Arg] = {}
    for name, value in args.items():
        if isinstance(value, int):
            out[name] = value
            continue
        convert = TERM_ARGS.get(name)
        if convert is None:
            raise ValueError(f"argument {name}={value!r} is not a known game term")
        out[name] = convert(value)
    return out
