"""User-facing errors: each carries a catalog key and is answered ephemerally, changing nothing."""

from __future__ import annotations

from typing import Any


class UserError(Exception):
    """Something the user asked for that cannot happen; ``key``/``args`` name the message."""

    def __init__(self, key: str, /, **args: Any) -> None:
        super().__init__(key)
        self.key = key
        self.args_ = args


class RulesRefused(UserError):
    """The engine refused an action (``RuleViolation``); its message is shown as given."""

    def __init__(self, message: str) -> None:
        super().__init__("error.rules", message=message)
