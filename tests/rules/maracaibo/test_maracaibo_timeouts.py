"""§14 D25 (ruling): an off-turn assistant-visit reward left unanswered past the time limit
is answered with 1 VP; the active player's own decisions have no default."""

from __future__ import annotations

from rules.maracaibo.actions import Sail, VisitReward
from rules.maracaibo.model import Assistant
from rules.maracaibo.spec import SPEC
from tests.rules.maracaibo.helpers import act, after_setup, find_card, give_card


def test_mar_d25_visit_reward_defaults_to_one_vp_and_nothing_else_has_a_default() -> None:
    s = after_setup()
    me = s.active
    owner = next(x for x in s.seats if x != me)
    assert SPEC.timeout_actions(s, me) == [], "the active player's turn has no default"
    s = give_card(s, owner, find_card("PERM_ASSISTANT_VISIT"))
    aa = find_card("AA_3GOODS_4D_4VP")
    s = give_card(s, owner, aa)
    s.players[owner].personal -= 1
    s.board.assistants.append(Assistant(seat=owner, card=aa, location="2", placed=0))
    s = act(s, me, Sail(to="2"))
    assert SPEC.to_act(s) == frozenset({owner})
    assert SPEC.timeout_actions(s, owner) == [VisitReward(reward="vp")]
    vp = s.players[owner].vp
    s = act(s, owner, SPEC.timeout_actions(s, owner)[0])
    assert s.players[owner].vp == vp + 1 and SPEC.to_act(s) == frozenset({me})
