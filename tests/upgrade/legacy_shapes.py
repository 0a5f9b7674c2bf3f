"""States in the shape an older engine stored them, to compare with hashes that engine wrote.

Issue 22, point 1 moved the games' pending decisions onto one stack
(``rules.core.decisions``): the state's JSON changed shape, the game did not. A test that
holds the hash of a state written before (``test_splitmix_games.py``) hashes today's state
written back in the old shape, key for key in the old order, as pydantic wrote it
(``model_dump_json``: compact, UTF-8), so the hash still proves the same game.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from rules.core.models import GameState


def _ilos(new: dict[str, Any]) -> dict[str, Any]:
    """Before: ``phase`` after ``options``, ``pending`` (no seat, ``kind`` for the building)
    in the place of ``decisions``."""
    stack = new["decisions"]
    phase = stack[0]["kind"] if stack else "finished"
    pending: dict[str, Any] | None = None
    if len(stack) > 1:
        pending = {}
        for key, value in stack[-1].items():
            if key not in ("seat", "kind"):
                pending["kind" if key == "building" else key] = value
    out: dict[str, Any] = {}
    for key, value in new.items():
        if key == "decisions":
            out["pending"] = pending
            continue
        out[key] = value
        if key == "options":
            out["phase"] = phase
    return out


OLD_SHAPES: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {"ilos": _ilos}


def old_shape_json(kind: str, state: GameState) -> str:
    """The state's JSON in the shape the engine before the decision stack wrote it."""
    raw = json.loads(state.model_dump_json())
    shape = OLD_SHAPES.get(kind)
    shaped = shape(raw) if shape is not None else raw
    return json.dumps(shaped, separators=(",", ":"), ensure_ascii=False)


def old_shape_hash(kind: str, state: GameState) -> str:
    """SHA-256 of ``old_shape_json``: the hash the engine before the stack gave the state."""
    return hashlib.sha256(old_shape_json(kind, state).encode()).hexdigest()
