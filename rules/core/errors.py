"""Errors raised by game engines."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.core.models import Text


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
        self.text = text

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
