"""Issue 24 point 3: AI seats think in a worker process, never on the event loop."""

from __future__ import annotations

from bot.ai_seats import AiSeats
from rules.ai import observe
from rules.registry import GAMES


def test_issue24_3_an_ai_decision_comes_from_a_worker_process() -> None:
    """Issue 24 point 3: the seat's observation goes to the pool; a legal action comes back."""
    spec = GAMES["endeavor"]
    state = spec.new_game(["p1", "p2"], spec.Options(players=2), 3)
    seat = min(spec.to_act(state))
    seats = AiSeats(processes=1, seconds=0.05)
    try:
        answer = seats.decide("endeavor", "strong", observe(spec, state, seat))
        assert seats._pool is not None  # it ran in the pool, not in this process
    finally:
        seats.close()
    assert spec.parse_action(answer) in spec.legal_actions(state, seat)
