"""What the bot chooses for a decision left unanswered past the table's time limit (rulings):
the PERM_ASSISTANT_VISIT owner takes 1 VP (§14 D25), and a silent player abstains from a
story-back vote (D20), so one absent player cannot stop the campaign; a silent reader's tie
(v2) goes to the first tied option as printed. Every other decision
belongs to the player whose turn it is and is only reminded."""

from __future__ import annotations

from rules.core import decisions
from rules.maracaibo.actions import ABSTAIN, Choose, MaracaiboAction, VisitReward
from rules.maracaibo.legal import legal_actions
from rules.maracaibo.model import MaracaiboState


def timeout_actions(state: MaracaiboState, seat: str) -> list[MaracaiboAction]:
    """D25: 1 VP for the assistant-visit reward; D20: abstain from a vote, break a tie with the
    first tied option; nothing else."""
    legal = legal_actions(state, seat)
    if any(isinstance(a, VisitReward) for a in legal):
        return [VisitReward(reward="vp")]
    now = decisions.top(state.stack)
    kind = now.kind if now is not None else ""
    if kind == "vote" and Choose(option=ABSTAIN) in legal:
        return [Choose(option=ABSTAIN)]
    if kind == "tie_break":
        return [Choose(option=0)]  # a silent reader: the first tied option as printed
    return []
    return []
