"""Event construction: ids in arguments become English display names for the channel log."""

from __future__ import annotations

from functools import cache

from rules.core import Event
from rules.endeavor.components import data
from rules.endeavor.model import SILENT_FLEET


@cache
def display_names() -> dict[str, str]:
    d = data()
    names: dict[str, str] = {}
    for token in d.tokens.values():
        names[token.id] = token.id.replace("_", "/").title()
    for board in d.boards.values():
        names.update({a.id: a.name for a in board.areas})
        names.update({n.id: n.name for n in board.nodes})
        for c in board.connections:
            names[c.id] = f"{names[c.a]}–{names[c.b]}"
    names.update({deck.id: deck.name for deck in d.decks.values()})
    names.update({c.id: f"{d.decks[c.deck].name} {c.value}" for c in d.cards.values()})
    for g in d.governors.values():
        names[g.id] = f"Governor of {names[g.region]}"
    names.update({b.id: b.name for b in d.buildings.values()})
    names[SILENT_FLEET] = "Silent Fleet"
    return names


def display(item: str) -> str:
    """English display name of any component id (seat ids pass through unchanged)."""
    return display_names().get(item, item)


def event(key: str, actor: str | None = None, /, **args: str | int) -> Event:
    """An ``endeavor.<key>`` event; string arguments naming components are shown by name."""
    names = display_names()
    shown: dict[str, str | int] = {
        k: names.get(v, v) if isinstance(v, str) and k != "seat" else v for k, v in args.items()
    }
    return Event(key=f"endeavor.{key}", seat=actor, args=dict(shown))
