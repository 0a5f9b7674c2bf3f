"""Event construction: id arguments become nested game terms (``rules.endeavor.terms``)."""

from __future__ import annotations

import functools

from rules.core import Event
from rules.core.models import event as new_event
from rules.endeavor.components import Data, data
from rules.endeavor.terms import term_args


def event(key: str, actor: str | None = None, /, **args: str | int) -> Event:
    """A public ``endeavor.<key>`` event (Endeavor is open information, END-R110).

    String arguments are component ids or seats, named by what they hold (``building``,
    ``region``, ``city``, ``card``...): each becomes its catalog term, so no raw id reaches
    a player. Events are frozen: the same event (same key, actor and arguments, and for a
    card the same data set, which names it) is made once and shared.
    """
    return _made(data() if "card" in args else None, key, actor, tuple(args.items()))


@functools.lru_cache(maxsize=4096)
def _made(
    d: Data | None, key: str, actor: str | None, args: tuple[tuple[str, str | int], ...]
) -> Event:
    return new_event(f"endeavor.{key}", term_args(dict(args)), actor)
