"""AI seats: game-independent players over the engine contract (docs/architecture.md, "AI seats").

- ``observe(spec, state, seat)`` is the one place the true state is read: it keeps what that
  seat may know (the game's ``determinization.mask``) and nothing else.
- ``decide(level, spec, observation, rnd, budget)`` picks an action from that observation
  only, with the levels ``random``, ``easy`` and ``strong`` (``rules.ai.levels``).
- ``python -m rules arena`` measures them (``rules.ai.arena``).
"""

from rules.ai.budget import Budget
from rules.ai.hooks import GameAI, game_ai
from rules.ai.levels import LEVELS, decide
from rules.ai.observe import Observation, observe

__all__ = ["LEVELS", "Budget", "GameAI", "Observation", "decide", "game_ai", "observe"]
