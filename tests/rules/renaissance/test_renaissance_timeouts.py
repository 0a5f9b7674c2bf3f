"""What the bot answers for a secret input left unanswered past the time limit (AOR §7,
bot policy); the Discord side is tests/cogs/test_timeouts_discord.py."""

from __future__ import annotations

from rules.renaissance.actions import ReturnCard
from rules.renaissance.model import Options
from rules.renaissance.spec import SPEC


def test_aor_dp3_dp5_defaults_are_alphabetical_ranking_and_zero_bids() -> None:
    """AOR §7 timeouts: capital ranking alphabetical, capital bid 0, order-of-play bid 0; the
    returned card is any of the dealt cards (the bot picks one at random)."""
    state = SPEC.new_game(["p1", "p2", "p3"], Options.model_validate({"players": 3}), 5)
    dealt = state.players["p1"].dealt
    assert SPEC.timeout_actions(state, "p1") == [ReturnCard(card=c) for c in dealt]
    for seat in ("p1", "p2", "p3"):
        state = SPEC.apply(state, seat, SPEC.timeout_actions(state, seat)[0]).state
    ranked: list[str] = []
    while (defaults := SPEC.timeout_actions(state, "p1")) and defaults[0].type == "rank_capital":
        assert len(defaults) == 1
        ranked.append(defaults[0].capital)
        state = SPEC.apply(state, "p1", defaults[0]).state
    assert ranked == sorted(ranked) and ranked
    assert [(a.type, a.amount) for a in SPEC.timeout_actions(state, "p1")] == [("capital_bid", 0)]
