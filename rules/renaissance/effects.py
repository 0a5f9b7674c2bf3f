"""Which advance letter carries which effect (AOR-D5; letters J/K swap with AOR-A1, EU-8)."""

from __future__ import annotations

from rules.renaissance.components import data
from rules.renaissance.letters import LETTER, SWAPPED
from rules.renaissance.model import RenaissanceState

__all__ = ["LETTER", "advance_term_key", "has", "letter_of", "tier"]


def letter_of(state: RenaissanceState, effect: str) -> str:
    """The letter holding ``effect`` under this game's options (Euro: J and K swapped)."""
    return (SWAPPED if state.options.euro_jk_swap else LETTER)[effect]


def has(state: RenaissanceState, seat: str, effect: str) -> bool:
    return letter_of(state, effect) in state.players[seat].advances


def advance_term_key(state: RenaissanceState, letter: str) -> str:
    """Catalog key naming the advance printed at ``letter`` (Euro J/K names swap)."""
    if state.options.euro_jk_swap and letter in ("J", "K"):
        other = "K" if letter == "J" else "J"
        return f"renaissance.advance.{data().advances[other].id}"
    return f"renaissance.advance.{data().advances[letter].id}"


def tier(state: RenaissanceState, seat: str) -> int:
    """AOR-R11a: the least number of advances held in any one category."""
    held = state.players[seat].advances
    counts: dict[str, int] = {}
    for letter in held:
        cat = data().advances[letter].category
        counts[cat] = counts.get(cat, 0) + 1
    cats = {a.category for a in data().advances.values()}
    return min(counts.get(c, 0) for c in cats)
