"""What "no English in Korean output" means in tests: Latin-alphabet words left in a text.

Ignored: Discord mentions (``<@123>``, ``<#123>``), slash-command names (``/game hand``: they
stay English on every client), URLs, custom emoji, and the allowlist a test passes (proper
names such as player names or a game's printed title).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_IGNORED = re.compile(
    r"<[@#][!&]?\d+>"  # mentions
    r"|</?[a-z][\w-]*(?: [\w-]+)*(?::\d+)?>"  # </command:id> style mentions
    r"|/(?:game|[a-z]+)(?: [a-z][a-z-]*)?"  # slash commands
    r"|https?://\S+"
    r"|<a?:\w+:\d+>"
)
_WORD = re.compile(r"[A-Za-z][A-Za-z_.\-]*")


def latin_words(text: str, allow: Iterable[str] = ()) -> list[str]:
    """The Latin-alphabet words of ``text`` that are not mentions, commands or allowed names."""
    allowed = {a.lower() for a in allow}
    cleaned = _IGNORED.sub(" ", text)
    return [w for w in _WORD.findall(cleaned) if w.lower() not in allowed]
