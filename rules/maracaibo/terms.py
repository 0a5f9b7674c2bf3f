"""Game terms built from component ids, so that data a club adds or renames still reads as
words (a number and a kind), never as a raw id."""

from __future__ import annotations

from rules.core import Text, term


def _number(component_id: str) -> int:
    digits = "".join(ch for ch in component_id if ch.isdigit())
    return int(digits) if digits else 0


def tile_term(tile: str) -> Text:
    """A quest tile, or a story tile (``S1``…)."""
    if tile.startswith("S"):
        return term("maracaibo.story_tile", number=_number(tile))
    return term("maracaibo.quest", number=_number(tile))


def token_term(token: str) -> Text:
    return term("maracaibo.token", number=_number(token))


def career_term(career: str) -> Text:
    return term("maracaibo.career", number=_number(career))
