"""Issue 22, point 1: every pending Maracaibo decision is on the decision stack and ``to_act``
is its top's deciders: the setup's secret choices (MAR-S15 / S16) as one joint decision, the
active player's turn (MAR-T1) at the bottom under what it opens, a reward Jean's turn leaves
(J15) above the next turn, a story vote (D20) as one joint decision."""

from __future__ import annotations

from rules.core.decisions import JointDecision
from rules.maracaibo.actions import Choose, Finish, Sail
from rules.maracaibo.model import MainStep, Options, Pending, SetupChoice, Vote
from rules.maracaibo.ops import run
from rules.maracaibo.spec import SPEC
from tests.rules.maracaibo.helpers import act, after_setup, start_scoring, trim_hand
from tests.upgrade.maracaibo_stories import stories


def test_mar_s15_s16_setup_is_one_joint_decision_left_by_each_last_discard() -> None:
    """MAR-S15 / S16: every player chooses at once; a player leaves the decision with the
    last discard, and the last one to leave starts the first turn."""
    s = SPEC.new_game(["p1", "p2", "p3"], Options(players=3), 4)
    (setup,) = s.stack
    assert isinstance(setup, SetupChoice) and isinstance(setup, JointDecision)
    assert setup.waiting == ["p1", "p2", "p3"] and SPEC.to_act(s) == frozenset(s.seats)
    while "p2" in SPEC.to_act(s):
        s = act(s, "p2", SPEC.legal_actions(s, "p2")[0])
    (setup,) = s.stack
    assert isinstance(setup, SetupChoice) and setup.waiting == ["p1", "p3"]
    assert s.players["p2"].setup_done and SPEC.to_act(s) == frozenset({"p1", "p3"})
    for seat in ("p1", "p3"):
        while seat in SPEC.to_act(s):
            s = act(s, seat, SPEC.legal_actions(s, seat)[0])
    assert s.phase == "play" and s.stack == [MainStep(seat=s.active)]
    assert SPEC.to_act(s) == frozenset({s.active})


def test_mar_t1_the_turn_stays_at_the_bottom_until_the_next_player_starts() -> None:
    """MAR-T1 / R3: sail, main action (what it opens goes above the turn), draw; then the next
    player's turn replaces it."""
    s = after_setup()
    me = s.active
    trim_hand(s, me, 2)
    s = act(s, me, Sail(to="1"))
    assert s.stack == [MainStep(seat=me)] and s.turn.step == "main"
    s = act(s, me, Finish())
    bottom, draw = s.stack
    assert bottom == MainStep(seat=me) and isinstance(draw, Pending) and draw.kind == "draw"
    while s.active == me:
        s = act(s, me, SPEC.legal_actions(s, me)[0])
    assert s.stack == [MainStep(seat=s.active)]


def test_mar_j15_a_reward_from_jeans_turn_waits_above_the_players_turn() -> None:
    """J15 / D25: the assistant-visit reward Jean's turn gives is decided before the human's
    own turn, which waits beneath it."""
    s = after_setup(1, 2)
    me = s.seats[0]
    s.stack = [MainStep(seat=me), Pending(kind="visit", seat=me)]
    assert SPEC.to_act(s) == frozenset({me})
    s = act(s, me, SPEC.legal_actions(s, me)[0])
    assert s.stack == [MainStep(seat=me)]


def test_mar_d20_a_story_vote_is_one_joint_decision_waiting_for_who_has_not_voted() -> None:
    """D20: every seated player votes at once; a vote takes its player out of the decision,
    the last vote closes it (the votes cast stay secret in the campaign)."""
    with stories():
        s = SPEC.new_game(["p1", "p2", "p3"], Options(players=3, campaign=True), 5)
        while s.phase == "setup":
            seat = sorted(SPEC.to_act(s))[0]
            s = act(s, seat, SPEC.legal_actions(s, seat)[0])
        s = s.copied()
        s.board.quests["15"].remove("S1")
        s.players["p2"].quests.append("S1")
        start_scoring(s, "interim", s.active)
        run(s, [])
        vote = s.stack[-1]
        assert isinstance(vote, Vote) and isinstance(vote, JointDecision)
        assert vote.seat == "p2" and vote.waiting == ["p1", "p2", "p3"]
        s = act(s, "p3", Choose(option=0))
        vote = s.stack[-1]
        assert isinstance(vote, Vote) and vote.waiting == ["p1", "p2"]
        assert SPEC.to_act(s) == frozenset({"p1", "p2"})
        s = act(s, "p1", Choose(option=0))
        s = act(s, "p2", Choose(option=1))
        assert not any(isinstance(d, Vote) for d in s.stack)
