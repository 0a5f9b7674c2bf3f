"""Absent players (issue 24 point 3): the table option ``absent=ai`` and the AI that plays a
silent player's seat until they come back.

A game opened with ``absent=ai`` (or ``absent=<level>``) keeps that AI level
(``GameRecord.absent_ai``). When a decision has waited for the time limit
(``REFEREE_TIMEOUT_HOURS``), every acting player's seat gets a stand-in of that level
(``SeatRecord.stand_in``) that plays it, in the bot-seat thread and ``bot.ai_seats``'
workers, from then on while the player stays silent. The player's next press in the game, or
``/game back``, makes it step aside. The seat stays theirs: their scores, result and rating
are theirs, and the moves the AI played are logged as such (``NewAction.stand_in``) and
counted at the end of the game.

Here: what players type, and the seats before and after a change; the service does the rest.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from bot.errors import UserError, echo
from bot.i18n import t
from db.store import GameRecord, SeatRecord
from rules.ai import LEVELS
from rules.core import Text

OPTION_NAMES = ("absent", "부재", "자리비움")
"""The option's name as players type it in ``/game new``'s options (English or Korean)."""

DEFAULT_LEVEL = "easy"
"""What ``absent=ai`` plays at."""

_AI_WORDS = {"ai", "bot", "봇", "인공지능"}
_OFF_WORDS = {"off", "no", "none", "false", "끄기", "아니오", "아니요", "없음"}
_LANGS = ("en", "ko")


def level_named(typed: str) -> str:
    """The AI level (``""``: none) a player typed: ``ai`` (the default level), a level's key,
    or its name in either language (``쉬움``); anything else is refused, naming the levels."""
    word = "".join(typed.split()).lower()
    if word in _AI_WORDS:
        return DEFAULT_LEVEL
    if word in _OFF_WORDS:
        return ""
    for level in LEVELS:
        names = {level, *(t(f"core.record.level.{level}", lang) for lang in _LANGS)}
        if word in {n.lower() for n in names}:
            return level
    raise UserError("error.absent_level", value=echo(typed), levels=level_words())


def level_words(*, default: bool = True) -> list[Text]:
    """What a player may type for the AI, in the reader's words (each is accepted in both
    languages): ``ai`` (with ``default``) and every level's name."""
    words = [Text(key="core.absent_ai_word")] if default else []
    return words + [Text(key=f"core.record.level.{level}") for level in LEVELS]


def split_option(text: str) -> tuple[str, str | None]:
    """``/game new``'s options text without its ``absent=...`` part, and the level that part
    names (None: not given). The game's own options are left for the game to read."""
    kept: list[str] = []
    level: str | None = None
    for word in text.replace(",", " ").split():
        name, sep, value = word.partition("=")
        if sep and "".join(name.split()).lower().replace("-", "_") in OPTION_NAMES:
            level = level_named(value)
        else:
            kept.append(word)
    return " ".join(kept), level


def absent_acting(game: GameRecord, acting: Iterable[str]) -> list[str]:
    """The acting seats a person holds with no AI playing for them yet, in seat order."""
    now = set(acting)
    return [s.seat for s in game.seats if s.seat in now and s.user_id and s.stand_in is None]


def with_stand_ins(game: GameRecord, seats: Iterable[str]) -> list[SeatRecord]:
    """The game's seats with the game's absent-player AI playing ``seats``."""
    taken = set(seats)
    return [replace(s, stand_in=game.absent_ai) if s.seat in taken else s for s in game.seats]


def stood_in(game: GameRecord, user_id: int) -> SeatRecord | None:
    """The user's seat if an AI plays it for them now, else None."""
    return next((s for s in game.seats if s.user_id == user_id and s.stand_in), None)


def without_stand_in(game: GameRecord, seat: str) -> list[SeatRecord]:
    """The game's seats with ``seat`` played by its own player again."""
    return [replace(s, stand_in=None) if s.seat == seat else s for s in game.seats]


def players_of(game: GameRecord) -> dict[str, str]:
    """Seat -> level of every seat an AI plays: the bot seats and the absent players' seats
    (the random bot is ``random``)."""
    out = {s.seat: s.level or "random" for s in game.seats if s.is_bot}
    out.update({s.seat: s.stand_in for s in game.seats if s.stand_in and not s.is_bot})
    return out
