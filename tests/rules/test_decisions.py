"""The decision stack of rules.core.decisions (issue 22, point 1): who decides, and where an
interrupting decision waits."""

from __future__ import annotations

from rules.core.decisions import Decision, JointDecision, deciding, top, wait_behind


def _kinds(stack: list[Decision]) -> list[str]:
    return [f"{d.kind}:{d.seat}" for d in stack]


def test_issue22_1_the_top_decision_decides() -> None:
    """Issue 22.1: the seat of the last pushed decision acts; nobody on an empty stack."""
    stack = [Decision(seat="p1", kind="turn"), Decision(seat="p2", kind="reaction")]
    assert deciding(stack) == frozenset({"p2"})
    assert top(stack) is stack[-1]
    stack.pop()
    assert deciding(stack) == frozenset({"p1"})
    assert deciding([]) == frozenset() and top([]) is None


def test_issue22_1_a_joint_decision_names_every_seat_still_to_answer() -> None:
    """Issue 22.1: several seats deciding at once in secret are one level of the stack."""
    bids = JointDecision(seat="p1", kind="bid", waiting=["p1", "p3"])
    stack: list[Decision] = [Decision(seat="p1", kind="turn"), bids]
    assert deciding(stack) == frozenset({"p1", "p3"})
    bids.waiting.remove("p3")
    assert deciding(stack) == frozenset({"p1"})


def test_issue22_1_interruptions_wait_behind_those_already_waiting() -> None:
    """Issue 22.1: ``wait_behind`` queues a decision under the named ones at the top, in the
    order they arose, and above everything else."""
    stack = [Decision(seat="p1", kind="step"), Decision(seat="p1", kind="turn")]

    def ahead(d: Decision) -> bool:
        return d.kind in ("memorial", "governor")

    wait_behind(stack, Decision(seat="p2", kind="governor"), ahead)
    wait_behind(stack, Decision(seat="p1", kind="governor"), ahead)
    wait_behind(stack, Decision(seat="p3", kind="memorial"), lambda d: d.kind == "memorial")
    assert _kinds(stack) == [
        "step:p1",
        "turn:p1",
        "governor:p1",
        "governor:p2",
        "memorial:p3",
    ]
    assert deciding(stack) == frozenset({"p3"})
