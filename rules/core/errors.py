"""Errors raised by game engines."""

from __future__ import annotations

from typing import Any

from rules.core.models import Arg, Text


class RuleViolation(Exception):
    """An action that the rules do not allow right now.

    ``code`` is a stable machine-readable reason (``not_your_turn``, ``illegal_action``,
    ``game_over``...); ``text`` is what a player reads, as a catalog key plus parameters
    (translated by the bot into the player's language). Raising it never changes the state:
    engines work on a copy.
    """

    def __init__(self, code: str, text: Text) -> None:
        super().__init__(code, text)
        self.code = code
        self._text: Text | None = text
        self._key = text.key
        self._args: dict[str, Arg] = {}

    @classmethod
    def deferred(cls, code: str, key: str, args: dict[str, Arg]) -> RuleViolation:
        """A refusal whose ``Text(key, args)`` is built only when it is read: engines raise
        and catch many refusals while they list legal actions (issue 22, point 2)."""
        exc = cls.__new__(cls)
        Exception.__init__(exc, code, key, args)
        exc.code = code
        exc._text = None
        exc._key = key
        exc._args = args
        return exc

    @property
    def text(self) -> Text:
        if self._text is None:
            self._text = Text(key=self._key, args=self._args)
        return self._text

    def __reduce__(self) -> tuple[Any, ...]:
        return (RuleViolation, (self.code, self.text))

    def __str__(self) -> str:
        # Formatted only when read: engines raise and catch many refusals while they list
        # legal actions (issue 22, point 2).
        return f"{self.code}: {self.text.key} {self.text.args}"

    def __repr__(self) -> str:
        return f"RuleViolation({self.code!r}, {self.text!r})"


class DataError(Exception):
    """Component data failed validation (raised at load time, never mid-game)."""


class OptionRefused(ValueError):
    """Setup options that do not go together (raised by an ``Options`` validator; pydantic
    wraps it). ``text`` is what the player reads, as for ``RuleViolation``."""

    def __init__(self, text: Text) -> None:
        super().__init__(f"{text.key} {text.args}")
        self.text = text


class StateUnreadable(ValueError):
    """A stored state that does not validate as its game's state. Its message names where
    the first problem is, never a value (a state holds the game's secret)."""
