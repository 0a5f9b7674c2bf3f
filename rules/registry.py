"""Every playable game, by key. The generic layers (bot, db, render, bench, tests) use only this."""

from __future__ import annotations

from typing import Any

from rules.core.spec import GameSpec

GAMES: dict[str, GameSpec[Any, Any, Any, Any]] = {}


def register(spec: GameSpec[Any, Any, Any, Any]) -> None:
    GAMES[spec.key] = spec


def get(key: str) -> GameSpec[Any, Any, Any, Any]:
    try:
        return GAMES[key]
    except KeyError:
        raise KeyError(f"unknown game {key!r}; known: {', '.join(sorted(GAMES))}") from None


from rules.endeavor import SPEC as _ENDEAVOR  # noqa: E402

register(_ENDEAVOR)

from rules.ilos import SPEC as _ILOS  # noqa: E402

register(_ILOS)
