"""Where a Maracaibo action points on the board (``GameSpec.choice_anchor``), for the
numbered pictures of spatial choices.

Anchor ids: ``loc:<location>`` (sailing destinations, ownership markers placed on a village,
conquer / expel / annex targets), ``space:<explorer space>`` (the last space of an explorer
path), ``fleet:<space>`` (a Silver Fleet space, legacy tile L6) and ``legacy:<tile>`` (a
skull legacy tile a story card removes; drawn at the place where it lies).
"""

from __future__ import annotations

from rules.core import Action
from rules.maracaibo.actions import Choose, CombatAction, Explore, PlaceMarker, Sail
from rules.maracaibo.model import MaracaiboState

TARGETED = ("conquer", "expel", "annex")


def choice_anchor(state: MaracaiboState, seat: str, action: Action) -> str | None:
    """The board place ``action`` targets, or ``None`` for an action that targets none."""
    if isinstance(action, Sail):
        return f"loc:{action.to}"
    if isinstance(action, Explore) and action.path:
        return f"space:{action.path[-1]}"
    if isinstance(action, PlaceMarker):
        return f"loc:{action.village}"
    if isinstance(action, CombatAction):
        if action.action in TARGETED and action.target:
            return f"loc:{action.target}"
        if action.action == "silver_fleet" and action.target:
            return f"fleet:{action.target}"
        return None
    top = state.opened()
    skull = top is not None and top.kind == "remove_skull"
    if isinstance(action, Choose) and top is not None and skull and action.option < len(top.items):
        return f"legacy:{top.items[action.option]}"
    return None


__all__ = ["choice_anchor"]
