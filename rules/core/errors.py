"""Errors raised by game engines."""

from __future__ import annotations


class RuleViolation(Exception):
    """An action that the rules do not allow right now.

    ``code`` is a stable machine-readable reason (``not_your_turn``, ``illegal_action``,
    ``game_over``...); ``message`` is a short sentence a player understands. Raising it
    never changes the state: engines work on a copy.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"RuleViolation({self.code!r}, {self.message!r})"


class DataError(Exception):
    """Component data failed validation (raised at load time, never mid-game)."""
