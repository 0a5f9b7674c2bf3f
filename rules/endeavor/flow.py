"""Round and phase flow: the round's steps, automatic steps, turn order, crown passing (END-R20..R23, R35, R40).

The steps are the bottom of the decision stack (``rules.endeavor.model``): the current step
on top of those still to come, under whatever interrupts it.
"""

from __future__ import annotations

from functools import lru_cache

from rules.core import Event
from rules.core.copying import deep_copy
from rules.endeavor.components import data
from rules.endeavor.events import event as _event
from rules.endeavor.legal import (
    build_options,
    can_open_turn,
    salary_left,
    salary_slots,
    scarce_options,
)
from rules.endeavor.model import EndeavorState, Step, StepKind, Turn
from rules.endeavor.query import growth, hand_valid, turn_order
from rules.endeavor.query import to_act as to_act  # where the engine and views read it


def current_phase(state: EndeavorState) -> str:
    if state.over:
        return "over"
    step = state.step
    return "setup" if step is None else step.kind


def round_steps(state: EndeavorState) -> list[Step]:
    """END-R20/R22 (+ END-R106 opt. 3): the queue of one round."""
    order = turn_order(state)
    steps: list[Step] = []
    if state.options.sf_scarce_buildings:
        steps.append(_step("scarce", order[1]))
    if state.options.player_by_player and not state.strict_order:
        for s in order:
            steps += [_step("build", s), _step("growth", s)]
            steps.append(_step("salary", s))
    else:
        steps += [_step("build", s) for s in order]
        steps += [_step("growth", s) for s in order]
        steps += [_step("salary", s) for s in order]
    steps.append(_step("action", order[0]))  # END-R40: the crown holder first
    steps += [_step("discard", s) for s in order]
    return steps


def start_round(state: EndeavorState, events: list[Event]) -> None:
    state.round += 1
    state.decisions[:0] = reversed(round_steps(state))  # the first step on top
    events.append(_event("round_started", state.crown, round=state.round, seat=state.crown))


def end_round(state: EndeavorState, events: list[Event]) -> None:
    """END-R23: the crown passes to the left; after round 7 the game ends."""
    if state.round >= data().tracks.rounds:
        state.over = True
        events.append(_event("game_over", None))
        return
    i = state.seats.index(state.crown)
    state.crown = state.seats[(i + 1) % len(state.seats)]
    events.append(_event("crown_passed", state.crown, seat=state.crown))
    start_round(state, events)


def next_action_seat(state: EndeavorState, after: str) -> str | None:
    """END-R40: the next player clockwise who has not passed (possibly ``after`` again)."""
    n = len(state.seats)
    i = state.seats.index(after)
    for k in range(1, n + 1):
        s = state.seats[(i + k) % n]
        if s not in state.passed:
            return s
    return None


def pop_step(state: EndeavorState) -> None:
    """The current step is done (the topmost step leaves the stack)."""
    stack = state.decisions
    for i in range(len(stack) - 1, -1, -1):
        if isinstance(stack[i], Step):
            del stack[i]
            break
    state.salary_paid = 0
    state.arranged = False


@lru_cache(maxsize=256)
def _step(kind: StepKind, seat: str) -> Step:
    """The step ``kind`` of ``seat`` (frozen: one instance per step and seat, shared)."""
    return Step(kind=kind, seat=seat)


def pass_on(state: EndeavorState, after: str) -> None:
    """END-R40: the Action phase goes on with the next player who has not passed after
    ``after``; when everyone has passed it is over."""
    following = next_action_seat(state, after)
    if following is None:
        pop_step(state)
        state.passed = []
        return
    stack = state.decisions
    for i in range(len(stack) - 1, -1, -1):
        if isinstance(stack[i], Step):
            stack[i] = _step("action", following)
            return


def own_turn(state: EndeavorState) -> Turn:
    """The turn in progress, copied into this state before it changes (a copy of a state
    shares the stack's items, ``EndeavorState.__shallow_fields__``)."""
    stack = state.decisions
    for i in range(len(stack) - 1, -1, -1):
        turn = stack[i]
        if isinstance(turn, Turn):
            mine = stack[i] = deep_copy(turn)
            return mine
    raise AssertionError("no turn in progress")


PHASE_RANK = {"build": 0, "growth": 1, "salary": 2}


def demand_phase_order(state: EndeavorState) -> None:
    """DP23 / END-R22: strict phase-by-phase order from the next phase on.

    The step being decided now is not interrupted; the Build, Growth and Salary steps still
    queued after it are re-ordered phase by phase (turn order within each phase), and every
    later round is played phase by phase.
    """
    state.strict_order = True
    queue = state.queue
    if not queue:
        return
    head, rest = queue[:1], queue[1:]
    block = [st for st in rest if st.kind in PHASE_RANK]
    others = [st for st in rest if st.kind not in PHASE_RANK]
    block.sort(key=lambda st: PHASE_RANK[st.kind])  # stable: turn order kept within a phase
    state.decisions[: len(queue)] = reversed(head + block + others)  # steps are the bottom


def needs_discard_decision(state: EndeavorState, seat: str) -> bool:
    """DP18 is asked only when it can matter: over the limit, a held governor could go into
    the empty slot, or (last round) the slotted governor could leave it for the +3 (END-R88).
    Once the slot is arranged (one decision per step) a valid hand ends the step."""
    d = data()
    p = state.players[seat]
    if not hand_valid(p):
        return True
    if state.arranged:
        return False
    if p.governor_slot is None:
        return any(c in d.governors for c in p.cards)
    return state.round >= d.tracks.rounds


def advance(state: EndeavorState, events: list[Event]) -> None:
    """Resolve automatic steps (END-R114) until someone must decide or the game is over."""
    while True:
        if state.over:
            return
        if not state.decisions:
            if state.round == 0:
                start_round(state, events)
            else:
                end_round(state, events)
            continue
        step = state.decisions[-1]
        if not isinstance(step, Step):
            return  # a Memorial, a governor, the Silent Fleet or a turn: someone decides
        seat = step.seat
        if step.kind == "start":
            return
        if step.kind == "scarce":
            if scarce_options(state, seat):
                return
            events.append(_event("scarce_skipped", seat, seat=seat))
            pop_step(state)
        elif step.kind == "build":
            if build_options(state, seat)[0]:
                return
            events.append(_event("build_skipped", seat, seat=seat))
            pop_step(state)
        elif step.kind == "growth":
            p = state.player(seat)
            n = min(growth(p), p.supply)
            p.supply -= n
            p.harbour += n
            events.append(_event("growth", seat, seat=seat, count=n))
            pop_step(state)
        elif step.kind == "salary":
            if salary_slots(state.players[seat]) and salary_left(state, seat) > 0:
                return
            pop_step(state)
        elif step.kind == "action":
            current = seat
            if can_open_turn(state, current):
                return
            state.passed.append(current)
            events.append(_event("passed", current, seat=current))
            pass_on(state, current)
        else:
            if needs_discard_decision(state, seat):
                return
            pop_step(state)
