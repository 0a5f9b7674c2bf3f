"""Every playable game, by key, found by convention.

A game is the package ``rules/<key>/`` (not ``core`` nor ``ai``) that exports ``SPEC`` (a
``GameSpec`` whose ``key`` is the folder name); nothing lists games anywhere. A package without ``SPEC`` (a game still being
built) is not offered. Tests may ``register`` a game that lives outside ``rules/``.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import rules
from rules.core.spec import GameSpec

GAMES: dict[str, GameSpec[Any, Any, Any, Any]] = {}


def register(spec: GameSpec[Any, Any, Any, Any]) -> None:
    GAMES[spec.key] = spec


def unregister(key: str) -> None:
    GAMES.pop(key, None)


def get(key: str) -> GameSpec[Any, Any, Any, Any]:
    try:
        return GAMES[key]
    except KeyError:
        raise KeyError(f"unknown game {key!r}; known: {', '.join(sorted(GAMES))}") from None


def discover() -> None:
    """Register every ``rules/<key>/`` package that exports ``SPEC``."""
    for info in sorted(pkgutil.iter_modules(rules.__path__), key=lambda m: m.name):
        if not info.ispkg or info.name in {"core", "ai"}:
            continue
        module = importlib.import_module(f"rules.{info.name}")
        spec = getattr(module, "SPEC", None)
        if isinstance(spec, GameSpec):
            if spec.key != info.name:
                raise ValueError(f"rules/{info.name}/ exports SPEC with key {spec.key!r}")
            register(spec)


discover()
