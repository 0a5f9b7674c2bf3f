"""Event construction: id arguments become nested game terms (``rules.endeavor.terms``)."""

from __future__ import annotations

from rules.core import Event
from rules.core.models import event as new_event
from rules.endeavor.terms import term_args


def event(key: str, actor: str | None = None, /, **args: str | int) -> Event:
    """A public ``endeavor.<key>`` event (Endeavor is open information, END-R110).

    String arguments are component ids or seats, named by what they hold (``building``,
    ``region``, ``city``, ``card``...): each becomes its catalog term, so no raw id reaches
    a player.
    """
    return new_event(f"endeavor.{key}", term_args(args), actor)
