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
ROWS = 5  # Discord's rows per message; a select fills one
ROW_WIDTH = ROW_SIZE  # buttons per row
NAV_BUTTONS = 2  # ◀ and ▶


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
    """The seat's legal actions as menu choices, in legal order. A label names what the
    player chooses, so actions with the same label are one choice to the player (two copies
    of one commodity card, two of one's ships on the same coast): only the first is offered,
    and no two options of a menu share a label."""
    out = []
    seen: set[str] = set()
    for i, action in enumerate(spec.legal_actions(state, seat)):
        label = tx(spec.describe_action(state, seat, action), lang, names)
        if label in seen:
            continue
        seen.add(label)
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


def layout(
    choices: list[Choice], page: int = 0, *, extra_buttons: int = 0, extra_rows: int = 0
) -> MenuPage:
    """Lay ``choices`` out in Discord's five rows. ``extra_buttons`` (a number input's button,
    say) and ``extra_rows`` (a multi-select) are added by the caller and kept room for.

    Buttons when every choice fits as one and none has a detail; else selects by group.
    Choices with a detail always go into selects (only a select option shows a second line);
    when the others fit in one row, they stay buttons above the selects on every page. A
    group of one plain choice (ending the turn, passing) is a button on every page too, so it
    never hides on page 2."""
    rows = ROWS - extra_rows
    detailed = [c for c in choices if c.detail]
    if not detailed and len(choices) + extra_buttons <= min(BUTTON_LIMIT, rows * ROW_WIDTH):
        return MenuPage(buttons=choices, selects=[], page=0, pages=1, total=len(choices))
    plain = [c for c in choices if not c.detail]
    groups: dict[str, list[Choice]] = {}
    for c in choices:
        groups.setdefault(c.group, []).append(c)
    if detailed and len(plain) + extra_buttons <= ROW_WIDTH:
        buttons = plain
    else:
        room = max(0, ROW_WIDTH - NAV_BUTTONS - extra_buttons)
        buttons = [g[0] for g in groups.values() if len(g) == 1 and not g[0].detail][:room]
    # one row of buttons (the page buttons beside them when they fit), the rest selects
    nav_row = 0 if len(buttons) + extra_buttons + NAV_BUTTONS <= ROW_WIDTH else 1
    per_page = max(1, min(SELECTS_PER_PAGE, rows - 1 - nav_row))
    chunks: list[Chunk] = []
    for group, items in groups.items():
        items = [c for c in items if c not in buttons]
        parts = (len(items) + SELECT_SIZE - 1) // SELECT_SIZE
        for p in range(parts):
            chunks.append(
                Chunk(group, items[p * SELECT_SIZE : (p + 1) * SELECT_SIZE], p + 1, parts)
            )
    pages = max(1, (len(chunks) + per_page - 1) // per_page)
    page = max(0, min(page, pages - 1))
    shown = chunks[page * per_page : (page + 1) * per_page]
    return MenuPage(buttons=buttons, selects=shown, page=page, pages=pages, total=len(choices))
