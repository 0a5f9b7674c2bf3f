"""What an AI seat decides from: its view and the seat's information state, never more."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.ai.hooks import game_ai
from rules.core.spec import GameSpec


@dataclass(frozen=True)
class Observation:
    """One seat's knowledge at a decision.

    ``info`` is the seat's information state in the engine's form: the game state with all
    that ``seat`` cannot see replaced by canonical stand-ins (``determinization.mask``), so it
    is the same for every state that looks the same to ``seat``. It already holds what the
    public history told the seat (played cards, revealed bids), so no log is needed beside it.
    ``view`` is the contract's view of the seat (what its player reads).
    """

    seat: str
    info: Any
    view: Any


def observe(spec: GameSpec[Any, Any, Any, Any], state: Any, seat: str) -> Observation:
    """The one place an AI's input is taken from the true state: only what ``seat`` may know
    survives. The bot calls it before handing a decision to a worker process."""
    info = game_ai(spec).mask(state, seat)
    return Observation(seat=seat, info=info, view=spec.view(state, seat))
