"""The engine contract shared by every game (docs/architecture.md, "The engine contract")."""

from rules.core.errors import DataError, OptionRefused, RuleViolation, StateUnreadable
from rules.core.models import (
    Action,
    Event,
    GameOptions,
    GameState,
    Result,
    Scores,
    SeatScore,
    Text,
    View,
    rank_scores,
    term,
)
from rules.core.rng import Rng
from rules.core.spec import Campaign, CardText, GameSpec

__all__ = [
    "Action",
    "Campaign",
    "CardText",
    "DataError",
    "Event",
    "GameOptions",
    "GameSpec",
    "GameState",
    "OptionRefused",
    "Result",
    "Rng",
    "RuleViolation",
    "Scores",
    "SeatScore",
    "StateUnreadable",
    "Text",
    "View",
    "rank_scores",
    "term",
]
