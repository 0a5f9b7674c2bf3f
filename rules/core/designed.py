"""The cards, tiles and buildings a game writes from designed data (not printed in its
rulebooks), for ``docs/designed-cards.md`` (``python -m terminal.designed_cards``).

Each game says which of its components are designed through ``GameSpec.designed_cards``; a
game without it lists none. The texts are the ones ``/game card`` shows, so the document can
never disagree with what the bot tells its players.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.models import Text

DesignedRow = tuple[str, Text, Text]
"""A component's id, its name and the text the bot shows for it."""


@dataclass(frozen=True)
class DesignedSection:
    """One kind of component (its heading, Korean first) from one data file."""

    title: str
    file: str
    rows: tuple[DesignedRow, ...]


@dataclass(frozen=True)
class DesignedCards:
    """What a game's designed-card list says: a note on where its data comes from, and
    each section of designed components."""

    note: str
    sections: tuple[DesignedSection, ...] = ()


def no_designed_cards() -> DesignedCards:
    return DesignedCards(note="")
