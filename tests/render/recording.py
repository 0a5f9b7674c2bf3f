"""A translator that keeps every string it produced: all the words an image drew."""

from __future__ import annotations

from bot.i18n import Translator
from rules.core import Text


class Recording:
    """Translates as ``inner`` does and records each result in ``out``."""

    def __init__(self, inner: Translator) -> None:
        self.inner = inner
        self.out: list[str] = []

    @property
    def lang(self) -> str:
        return self.inner.lang

    def __call__(self, key: str, /, **args: object) -> str:
        self.out.append(self.inner(key, **args))
        return self.out[-1]

    def text(self, text: Text) -> str:
        self.out.append(self.inner.text(text))
        return self.out[-1]

    def name(self, seat: str) -> str:
        return self.inner.name(seat)
