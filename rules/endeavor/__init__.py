"""Endeavor: Age of Sail (base game, without the Exploits module)."""

from __future__ import annotations

from typing import Any

from rules.core import GameSpec
from rules.endeavor.actions import ACTION_ADAPTER
from rules.endeavor.anchors import choice_anchor
from rules.endeavor.cardtext import visible_cards
from rules.endeavor.components import data
from rules.endeavor.describe import action_group, describe_action, describe_detail
from rules.endeavor.designed import designed_cards
from rules.endeavor.engine import anytime_actions, apply, apply_trusted, is_over
from rules.endeavor.flow import to_act
from rules.endeavor.invariants import invariants
from rules.endeavor.legal import legal_actions
from rules.endeavor.model import EndeavorState, Options
from rules.endeavor.scoring import round_of, scores
from rules.endeavor.setup import new_game
from rules.endeavor.versions import VERSIONS
from rules.endeavor.view import EndeavorView, view


def _data_source() -> str:
    return data().source


SPEC: GameSpec[EndeavorState, Options, Any, EndeavorView] = GameSpec(
    key="endeavor",
    title="Endeavor: Age of Sail",
    min_players=2,
    max_players=5,
    Options=Options,
    State=EndeavorState,
    action_adapter=ACTION_ADAPTER,
    new_game=new_game,
    to_act=to_act,
    legal_actions=legal_actions,
    apply=apply,
    fast_apply=apply_trusted,
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
)

__all__ = ["SPEC", "EndeavorState", "EndeavorView", "Options"]
