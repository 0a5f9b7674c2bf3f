"""Texts and events built without validation (issue 22, point 2: engines build several per
step): ``term`` and ``event`` give exactly what ``Text(...)`` and ``Event(...)`` give, the
same fields and values of the same types, and validate whatever is not already of its type."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from rules.core.models import Event, Text, event, term

PLAIN_ARGS: list[dict[str, Any]] = [
    {},
    {"seat": "p1", "count": 3},
    {"card": Text(key="x.card.c1"), "cards": [Text(key="x.a"), Text(key="x.b")]},
    {"seats": ["p1", "p2"], "numbers": [1, 2], "none": []},
]
VALIDATED_ARGS: list[dict[str, Any]] = [
    {"flag": True},  # a bool is validated (an int to the union)
    {"seats": ("p1", "p2")},  # a tuple is validated (a list to the union)
]


def _same(made: Any, validated: Any) -> None:
    assert made == validated
    assert made.model_dump_json() == validated.model_dump_json()
    assert type(made) is type(validated)
    for name, value in validated.__dict__.items():
        assert type(made.__dict__[name]) is type(value), name


@pytest.mark.parametrize("args", PLAIN_ARGS + VALIDATED_ARGS)
def test_issue22_term_is_text(args: dict[str, Any]) -> None:
    """Issue 22 point 2: ``term`` equals ``Text(...)`` (validated when it must be)."""
    _same(term("x.key", **args), Text(key="x.key", args=args))


@pytest.mark.parametrize("args", PLAIN_ARGS + VALIDATED_ARGS)
@pytest.mark.parametrize(
    ("seat", "visible_to", "reveals"), [(None, None, False), ("p1", ["p1"], True)]
)
def test_issue22_event_is_event(
    args: dict[str, Any], seat: str | None, visible_to: list[str] | None, reveals: bool
) -> None:
    """Issue 22 point 2: ``event`` equals ``Event(...)``, its argument lists and seats new
    lists (changing the caller's list later changes nothing in the event)."""
    made = event("x.key", args, seat, visible_to, reveals)
    _same(made, Event(key="x.key", args=args, seat=seat, visible_to=visible_to, reveals=reveals))
    for name, value in args.items():
        if isinstance(value, list) and name in made.args:
            assert made.args[name] is not value
    if visible_to is not None:
        assert made.visible_to is not visible_to


def test_issue22_event_refuses_what_event_refuses() -> None:
    """Issue 22 point 2: a value no field accepts is refused as ``Event(...)`` refuses it."""
    with pytest.raises(ValidationError):
        event("x.key", {"bad": 1.5})  # type: ignore[dict-item]
    with pytest.raises(ValidationError):
        event("x.key", {}, visible_to=[1])  # type: ignore[list-item]
