"""What each Endeavor board part reads of the public view (``render.part_inputs``).

The building ``tray`` changes only when a building is taken (or the level 5 stack turns), so
it is declared; the ``map`` (its header names who acts) and the ``mats`` (the acting seat's
mat is tagged) change with every hand-over and are drawn every time (``None``).
``tests/render/test_part_inputs.py`` checks that equal slices draw equal pictures.
"""

from __future__ import annotations

from rules.core import View
from rules.endeavor.view import EndeavorView


def part_inputs(view: View, part: str) -> object:
    """The slice of ``view`` board part ``part`` is drawn from, or ``None``: always drawn."""
    if not isinstance(view, EndeavorView):
        raise TypeError(f"render.endeavor needs an EndeavorView, got {type(view).__name__}")
    if part == "tray":
        return view.tray
    return None
