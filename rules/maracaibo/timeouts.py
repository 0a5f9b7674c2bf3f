"""What the bot chooses for an off-turn prompt left unanswered past the table's time limit
(§14 D25, a ruling): the PERM_ASSISTANT_VISIT owner takes 1 VP. Every other decision belongs
to the player whose turn it is and is only reminded."""

from __future__ import annotations

from rules.maracaibo.actions import MaracaiboAction, VisitReward
from rules.maracaibo.legal import legal_actions
from rules.maracaibo.model import MaracaiboState


def timeout_actions(state: MaracaiboState, seat: str) -> list[MaracaiboAction]:
    """D25: 1 VP for the assistant-visit reward; nothing for any other decision."""
    if any(isinstance(a, VisitReward) for a in legal_actions(state, seat)):
        return [VisitReward(reward="vp")]
    return []
