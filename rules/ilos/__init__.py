"""Ilos (일로스): rules engine. ``SPEC`` is what the registry and the generic layers use."""

from __future__ import annotations

from rules.core import GameSpec
from rules.ilos import engine
from rules.ilos.actions import ACTION_ADAPTER, IlosAction, action_group
from rules.ilos.anchors import choice_anchor
from rules.ilos.cardtext import visible_cards
from rules.ilos.components import components as _components
from rules.ilos.describe import describe_action, describe_detail
from rules.ilos.designed import designed_cards
from rules.ilos.invariants import invariants
from rules.ilos.model import IlosOptions, IlosState
from rules.ilos.mulligan import mulligan_choice
from rules.ilos.scoring import round_of, scores
from rules.ilos.versions import VERSIONS
from rules.ilos.view import IlosView, build_view


def _data_source() -> str:
    return _components().source


SPEC: GameSpec[IlosState, IlosOptions, IlosAction, IlosView] = GameSpec(
    key="ilos",
    title="Ilos",
    min_players=2,
    max_players=5,
    Options=IlosOptions,
    State=IlosState,
    action_adapter=ACTION_ADAPTER,
    new_game=engine.new_game,
    to_act=engine.to_act,
    legal_actions=engine.legal_actions,
    apply=engine.apply,
    fast_apply=engine.apply_trusted,
    fast_step=engine.step,
    view=build_view,
    is_over=engine.is_over,
    scores=scores,
    describe_action=describe_action,
    describe_detail=describe_detail,
    visible_cards=visible_cards,
    round_of=round_of,
    designed_cards=designed_cards,
    action_group=action_group,
    choice_anchor=choice_anchor,
    invariants=invariants,
    many_choice=mulligan_choice,
    seat_order="random",
    data_source=_data_source,
    versions=VERSIONS,
)

__all__ = ["SPEC"]
