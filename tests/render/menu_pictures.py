"""What every game's numbered-choice tests share (issue 8): a menu page built by the bot's
own code numbers its spatial choices 1..n, and the picture's legend says the same numbers."""

from __future__ import annotations

import re
from typing import Any

import render
from bot.i18n import Translator
from bot.menu import choices_for, layout
from rules.core.spec import GameSpec

EN = Translator("en", {})


def check_numbered_pages(spec: GameSpec[Any, Any, Any, Any], state: Any, seat: str) -> int:
    """Check every page of ``seat``'s menu: labels, marks and the picture's legend agree.
    Returns how many pages had numbered choices."""
    checked = 0
    choices = choices_for(spec, state, seat, "en", {})
    for page in range(layout(choices, 0).pages):
        laid = layout(choices, page).numbered()
        marks = laid.marks()
        if not marks:
            continue
        shown = [*laid.buttons, *(c for chunk in laid.selects for c in chunk.choices)]
        numbered = [c.label.split(". ", 1)[0] for c in shown if c.anchor is not None]
        assert numbered == [str(n) for n, _ in marks]
        picture = render.render_choices(spec.view(state, seat), EN, marks)
        assert picture is not None
        legend = [int(n) for n in re.findall(r"(\d+): ", picture.summary)]
        assert legend == [n for n, _ in marks], picture.summary
        checked += 1
    return checked
