"""The GameSpec of Age of Renaissance."""

from __future__ import annotations

from typing import Any

from rules.core import GameSpec
from rules.renaissance.actions import ACTION_ADAPTER
from rules.renaissance.anchors import choice_anchor
from rules.renaissance.cardtext import visible_cards
from rules.renaissance.components import data, geography
from rules.renaissance.describe import action_group, describe_action, describe_detail
from rules.renaissance.designed import designed_cards
from rules.renaissance.engine import anytime_actions, apply, apply_trusted, is_over, step
from rules.renaissance.flow import to_act
from rules.renaissance.invariants import invariants
from rules.renaissance.legal import legal_actions
from rules.renaissance.model import Options, RenaissanceState
from rules.renaissance.numbers import number_choice
from rules.renaissance.scoring import round_of, scores
from rules.renaissance.setup import new_game
from rules.renaissance.timeouts import timeout_actions
from rules.renaissance.versions import VERSIONS
from rules.renaissance.view import RenaissanceView, view


def _data_source() -> str:
    """Where the data comes from, once it loaded and validated: the rules' files and the
    map's ``geography.json`` (drawing only, but checked with the rest, issue 20)."""
    geography()
    return data().source


SPEC: GameSpec[RenaissanceState, Options, Any, RenaissanceView] = GameSpec(
    key="renaissance",
    title="Age of Renaissance",
    min_players=3,
    max_players=6,
    Options=Options,
    State=RenaissanceState,
    action_adapter=ACTION_ADAPTER,
    new_game=new_game,
    to_act=to_act,
    legal_actions=legal_actions,
    apply=apply,
    fast_apply=apply_trusted,
    fast_step=step,
    view=view,
    is_over=is_over,
    scores=scores,
    describe_action=describe_action,
    describe_detail=describe_detail,
    visible_cards=visible_cards,
    round_of=round_of,
    designed_cards=designed_cards,
    action_group=action_group,
    invariants=invariants,
    seat_order="random",
    data_source=_data_source,
    versions=VERSIONS,
    anytime_actions=anytime_actions,
    choice_anchor=choice_anchor,
    timeout_actions=timeout_actions,
    number_choice=number_choice,
)

__all__ = ["SPEC", "Options", "RenaissanceState", "RenaissanceView"]
