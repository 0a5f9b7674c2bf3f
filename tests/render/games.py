"""Real games for the renderer tests: random legal play (``rules.core.bots``) stopped mid-game.

Views come from the engines' own ``view`` function, never built by hand, so the renderer is
tested against exactly what the bot will hand it.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from rules.core.bots import play_random_game
from rules.core.spec import GameSpec
from rules.registry import GAMES


def spec_for(game: str) -> GameSpec[Any, Any, Any, Any]:
    """The registered spec (falls back to the game package's ``SPEC`` before registration)."""
    if game in GAMES:
        return GAMES[game]
    spec: GameSpec[Any, Any, Any, Any] = importlib.import_module(f"rules.{game}").SPEC
    return spec


@cache
def _log(game: str, players: int, seed: int, options: tuple[tuple[str, Any], ...]) -> Any:
    spec = spec_for(game)
    opts = spec.Options(players=players, **dict(options))
    _, log = play_random_game(spec, opts, seed)
    return log


def game_log(game: str, players: int, seed: int) -> Any:
    """The recorded random game (cached, shared with ``state_at``)."""
    return _log(game, players, seed, ())


@cache
def state_at(
    game: str, players: int, seed: int, fraction: float, options: tuple[tuple[str, Any], ...] = ()
) -> Any:
    """The state after ``fraction`` of a whole random game's actions (1.0 = the finished game)."""
    spec = spec_for(game)
    log = _log(game, players, seed, options)
    state = spec.new_game(log.seats, spec.Options(**log.options), seed)
    for entry in log.actions[: int(len(log.actions) * fraction)]:
        state = spec.apply(state, entry.seat, spec.parse_action(entry.action)).state
    return state


def view_at(
    game: str,
    players: int,
    seed: int,
    fraction: float,
    seat: str | None = None,
    options: tuple[tuple[str, Any], ...] = (),
) -> Any:
    return spec_for(game).view(state_at(game, players, seed, fraction, options), seat)
