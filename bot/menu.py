"""The turn menu: a seat's legal actions laid out as Discord buttons and select menus.

Pure layout (no Discord objects): grouping by the game's action groups, chunks of at most 25
options per select, and pages of at most 4 selects, so any number of legal actions fits
Discord's component limits. Indices refer to ``legal_actions(state, seat)`` at the game
version in the component's ``custom_id``, which is deterministic for that version.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from bot.i18n import tx
from rules.core.spec import GameSpec

BUTTON_LIMIT = 20  # four rows of five buttons; the fifth row is navigation
SELECT_SIZE = 25
SELECTS_PER_PAGE = 4
ROW_SIZE = 5
DETAIL_LIMIT = 100  # Discord's limit for a select option's description


@dataclass(frozen=True)
class Choice:
    index: int
    group: str
    label: str
    anchor: str | None = None
    """Where on the board the action points (``GameSpec.choice_anchor``), if it is spatial."""
    detail: str = ""
    """What the chosen card, tile or advance costs and does (``GameSpec.describe_detail``),
    shown as the option's second line; only select options have one, so a choice with a
    detail is always laid out in a select."""


@dataclass(frozen=True)
class Chunk:
    group: str
    choices: list[Choice]
    part: int
    parts: int


@dataclass(frozen=True)
class MenuPage:
    """One page of a menu: either plain buttons or up to four selects."""

    buttons: list[Choice]
    selects: list[Chunk]
    page: int
    pages: int
    total: int

    def marks(self) -> list[tuple[int, str]]:
        """(number, anchor) of the page's spatial choices, numbered 1.. in menu order; the
        labels carry the same numbers (``numbered``), the picture marks them."""
        shown = [*self.buttons, *(c for chunk in self.selects for c in chunk.choices)]
        anchored = [c for c in shown if c.anchor is not None]
        return [(n, c.anchor) for n, c in enumerate(anchored, 1) if c.anchor is not None]

    def numbered(self) -> MenuPage:
        """The page with each spatial choice's label prefixed by its number."""
        numbers = {}
        shown = [*self.buttons, *(c for chunk in self.selects for c in chunk.choices)]
        for n, c in enumerate((c for c in shown if c.anchor is not None), 1):
            numbers[c.index] = n

        def mark(c: Choice) -> Choice:
            n = numbers.get(c.index)
            return c if n is None else replace(c, label=_clip(f"{n}. {c.label}", 80))

        return replace(
            self,
            buttons=[mark(c) for c in self.buttons],
            selects=[replace(ch, choices=[mark(c) for c in ch.choices]) for ch in self.selects],
        )


def choices_for(
    spec: GameSpec[Any, Any, Any, Any], state: Any, seat: str, lang: str, names: Mapping[str, str]
) -> list[Choice]:
    out = []
    for i, action in enumerate(spec.legal_actions(state, seat)):
        label = tx(spec.describe_action(state, seat, action), lang, names)
        anchor = spec.choice_anchor(state, seat, action)
        detail = spec.describe_detail(state, seat, action)
        out.append(
            Choice(
                index=i,
                group=spec.action_group(action),
                label=_clip(label, 76),
                anchor=anchor,
                detail=_clip(tx(detail, lang, names), DETAIL_LIMIT) if detail is not None else "",
            )
        )
    return out


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def layout(choices: list[Choice], page: int = 0) -> MenuPage:
    """Buttons when every choice fits as one and none has a detail; else selects by group.
    Choices with a detail always go into selects (only a select option shows a second line);
    when the others fit in one row, they stay buttons above the selects on every page."""
    detailed = [c for c in choices if c.detail]
    if not detailed and len(choices) <= BUTTON_LIMIT:
        return MenuPage(buttons=choices, selects=[], page=0, pages=1, total=len(choices))
    plain = [c for c in choices if not c.detail]
    buttons: list[Choice] = []
    in_selects = choices
    per_page = SELECTS_PER_PAGE
    if detailed and len(plain) <= ROW_SIZE:
        buttons, in_selects, per_page = plain, detailed, SELECTS_PER_PAGE - 1
    groups: dict[str, list[Choice]] = {}
    for c in in_selects:
        groups.setdefault(c.group, []).append(c)
    chunks: list[Chunk] = []
    for group, items in groups.items():
        parts = (len(items) + SELECT_SIZE - 1) // SELECT_SIZE
        for p in range(parts):
            chunks.append(
                Chunk(group, items[p * SELECT_SIZE : (p + 1) * SELECT_SIZE], p + 1, parts)
            )
    pages = max(1, (len(chunks) + per_page - 1) // per_page)
    page = max(0, min(page, pages - 1))
    shown = chunks[page * per_page : (page + 1) * per_page]
    return MenuPage(buttons=buttons, selects=shown, page=page, pages=pages, total=len(choices))
