"""The GameSpec of Maracaibo."""

from __future__ import annotations

from rules.core import GameSpec
from rules.maracaibo.actions import ACTION_ADAPTER, MaracaiboAction, action_group
from rules.maracaibo.anchors import choice_anchor
from rules.maracaibo.campaign import after as campaign_after
from rules.maracaibo.cardtext import visible_cards
from rules.maracaibo.components import data, geography
from rules.maracaibo.describe import describe_action, describe_detail
from rules.maracaibo.designed import designed_cards
from rules.maracaibo.engine import apply, apply_trusted, step
from rules.maracaibo.invariants import invariants
from rules.maracaibo.legal import legal_actions, to_act
from rules.maracaibo.model import MaracaiboState, Options
from rules.maracaibo.scoring import round_of, scores
from rules.maracaibo.setup import new_game
from rules.maracaibo.timeouts import timeout_actions
from rules.maracaibo.versions import VERSIONS
from rules.maracaibo.view import MaracaiboView, build_view


def _is_over(state: MaracaiboState) -> bool:
    return state.phase == "over"


def _data_source() -> str:
    """Where the data comes from, once it loaded and validated: the rules' files and the
    map's ``geography.json`` (drawing only, but checked with the rest, issue 20)."""
    geography()
    return data().source


SPEC: GameSpec[MaracaiboState, Options, MaracaiboAction, MaracaiboView] = GameSpec(
    key="maracaibo",
    title="Maracaibo",
    min_players=1,
    max_players=4,
    Options=Options,
    State=MaracaiboState,
    action_adapter=ACTION_ADAPTER,
    new_game=new_game,
    to_act=to_act,
    legal_actions=legal_actions,
    apply=apply,
    fast_apply=apply_trusted,
    fast_step=step,
    view=build_view,
    is_over=_is_over,
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
    campaign_after=campaign_after,
    choice_anchor=choice_anchor,
    timeout_actions=timeout_actions,
)
