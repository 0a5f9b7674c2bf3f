"""States in the shape an older engine stored them, to compare with hashes that engine wrote.

Issue 22, point 1 moved the games' pending decisions onto one stack
(``rules.core.decisions``): the state's JSON changed shape, the game did not. A test that
holds the hash of a state written before (``test_splitmix_games.py``, ``v1_logs``) hashes today's state
written back in the old shape, key for key in the old order, as pydantic wrote it
(``model_dump_json``: compact, UTF-8), so the hash still proves the same game. A game whose
shape did not change is written as it is.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from rules.core.models import GameState
from rules.endeavor.model import EndeavorState
from rules.ilos.model import IlosState
from rules.maracaibo.model import MaracaiboState
from rules.renaissance.model import RenaissanceState


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


def _endeavor(new: dict[str, Any]) -> dict[str, Any]:
    """Before: a front-first step ``queue`` (the Action phase without a seat), then
    ``action_seat`` after ``salary_paid``, and ``turn``, ``sf``, ``memorial`` (seats) and
    ``governor_pending`` after ``passed``."""
    stack = new["decisions"]
    steps = [d for d in reversed(stack) if d["kind"] not in _INTERRUPTS]
    queue = [
        {"kind": d["kind"], "seat": None if d["kind"] == "action" else d["seat"]} for d in steps
    ]
    action_seat = steps[0]["seat"] if steps and steps[0]["kind"] == "action" else None
    turn = next((d for d in stack if d["kind"] == "turn"), None)
    sf = next((d for d in stack if d["kind"] == "silent_fleet"), None)
    memorial = [d["seat"] for d in reversed(stack) if d["kind"] == "memorial"]
    governors = [d for d in reversed(stack) if d["kind"] == "governor"]
    out: dict[str, Any] = {}
    for key, value in new.items():
        if key == "decisions":
            out["queue"] = queue
            continue
        out[key] = value
        if key == "salary_paid":
            out["action_seat"] = action_seat
        if key == "passed":
            out["turn"] = _without_kind(turn)
            out["sf"] = _without_kind(sf)
            out["memorial"] = memorial
            out["governor_pending"] = [_without_kind(g) for g in governors]
    return out


_INTERRUPTS = ("turn", "silent_fleet", "memorial", "governor")


def _renaissance(new: dict[str, Any]) -> dict[str, Any]:
    """Before: ``pending`` (the interrupting decisions, first to decide first) in the place
    of ``decisions``; the phase's order (``turn``, ``setup``, ``bid``) was not stored."""
    return {
        ("pending" if key == "decisions" else key): (
            [d for d in value[::-1] if d["kind"] not in _ORDER] if key == "decisions" else value
        )
        for key, value in new.items()
    }


_ORDER = ("turn", "setup", "bid")


def _maracaibo(new: dict[str, Any]) -> dict[str, Any]:
    """Before: each ``stack`` entry began with ``kind``, then ``seat`` (a ``Decision`` now,
    whose fields come first: ``seat``, ``kind``); and the shape of ``maracaibo_stack``."""
    return {
        key: [_kind_first(d) for d in value] if key == "stack" else value
        for key, value in maracaibo_stack(new).items()
    }


def maracaibo_stack(new: dict[str, Any]) -> dict[str, Any]:
    """Maracaibo's state as the engine before its setup, turns and votes moved onto the
    stack wrote it (main up to the commit that moved them): the setup's choices and the
    turn's main step were not on the stack, and a story vote was a plain entry (every field
    of an entry at its default but ``card`` and ``items``, no ``waiting``)."""
    stack = [_plain_vote(d) for d in new["stack"] if d["kind"] not in ("setup", "turn")]
    return {key: stack if key == "stack" else value for key, value in new.items()}


def _plain_vote(decision: dict[str, Any]) -> dict[str, Any]:
    if decision["kind"] != "vote":
        return decision
    return {
        "seat": decision["seat"],
        "kind": "vote",
        "n": 0,
        "what": "",
        "cat": "",
        "card": decision["card"],
        "items": decision["items"],
        "ops": [],
        "options": [],
    }


def _kind_first(decision: dict[str, Any]) -> dict[str, Any]:
    return {"kind": decision["kind"], **{k: v for k, v in decision.items() if k != "kind"}}


def _without_kind(decision: dict[str, Any] | None) -> dict[str, Any] | None:
    if decision is None:
        return None
    return {k: v for k, v in decision.items() if k != "kind"}


OLD_SHAPES: dict[type[GameState], Callable[[dict[str, Any]], dict[str, Any]]] = {
    IlosState: _ilos,
    EndeavorState: _endeavor,
    RenaissanceState: _renaissance,
    MaracaiboState: _maracaibo,
}


def old_shape_json(state: GameState) -> str:
    """The state's JSON in the shape the engine before the decision stack wrote it."""
    raw = json.loads(state.model_dump_json())
    shape = OLD_SHAPES.get(type(state))
    shaped = shape(raw) if shape is not None else raw
    return json.dumps(shaped, separators=(",", ":"), ensure_ascii=False)


def old_shape_hash(state: GameState) -> str:
    """SHA-256 of ``old_shape_json``: the hash the engine before the stack gave the state."""
    return hashlib.sha256(old_shape_json(state).encode()).hexdigest()
