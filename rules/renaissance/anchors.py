"""Where on the board a spatial action points (``GameSpec.choice_anchor``).

Anchors are ids the renderer (``render.renaissance``) draws a number at: a province id for
actions that target a province (placing, attacking, ceding, raiding, event targets, the
capital ranking), ``area:<n>`` for actions that target a whole area (Black Death). Every other
action is not spatial (``None``). No action of the game targets a water zone.
"""

from __future__ import annotations

from rules.renaissance.actions import (
    Attack,
    Cede,
    PirateTarget,
    Place,
    PlayCard,
    RankCapital,
    RenaissanceAction,
)
from rules.renaissance.model import RenaissanceState

AREA_PREFIX = "area:"


def area_anchor(area: int) -> str:
    return f"{AREA_PREFIX}{area}"


def choice_anchor(state: RenaissanceState, seat: str, action: RenaissanceAction) -> str | None:
    """The province (or ``area:<n>``) ``action`` points at, or ``None`` if it is not spatial."""
    if isinstance(action, Place | Attack | Cede | PirateTarget):
        return action.province
    if isinstance(action, RankCapital):
        return action.capital
    if isinstance(action, PlayCard):
        if action.province is not None:
            return action.province
        if action.area is not None:
            return area_anchor(action.area)
    return None


__all__ = ["AREA_PREFIX", "area_anchor", "choice_anchor"]
