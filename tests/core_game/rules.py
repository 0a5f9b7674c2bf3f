"""Rules of Pig (test-only game; rule ids PIG-R1..PIG-R4), written only against the core.

PIG-R1  Seats take turns in seat order; a turn starts with 0 turn points.
PIG-R2  On a turn the seat rolls a die any number of times: a 2..6 adds to the turn points,
        a 1 loses them and ends the turn.
PIG-R3  Instead of rolling, a seat with turn points may bank them and end the turn.
PIG-R4  The first seat to bank ``goal`` points or more wins at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, Field, TypeAdapter

from rules.core import (
    Action,
    Campaign,
    Event,
    GameOptions,
    GameSpec,
    GameState,
    Rng,
    RuleViolation,
    Scores,
    SeatScore,
    Text,
    View,
    rank_scores,
    term,
)
from rules.core.decisions import Decision, deciding, top
from rules.core.engine import Engine, Refusal, refusal

KEY = "pig"


class Options(GameOptions):
    players: int = Field(default=2, ge=2, le=4)
    goal: int = Field(default=20, ge=5, le=100)


class State(GameState):
    goal: int
    points: dict[str, int]
    turn_points: int = 0
    stack: list[Decision] = Field(default_factory=list)


class Roll(Action):
    type: Literal["roll"] = "roll"


class Bank(Action):
    type: Literal["bank"] = "bank"


PigAction = Annotated[Roll | Bank, Field(discriminator="type")]
ADAPTER: TypeAdapter[Roll | Bank] = TypeAdapter(PigAction)


class SeatView(BaseModel):
    seat: str
    points: int


class PigView(View):
    goal: int
    turn_points: int
    deciding: str | None
    seats: list[SeatView]


def new_game(
    seats: Sequence[str],
    options: Options,
    seed: int,
    campaign: Campaign | None = None,
    rules_version: int | None = None,
) -> State:
    return State(
        seats=list(seats),
        seed=seed,
        rng=Rng.from_seed(seed),
        data_hash="test",
        goal=options.goal,
        points={s: 0 for s in seats},
        stack=[Decision(seat=seats[0], kind="turn")],
    )


def is_over(state: State) -> bool:
    return not state.stack


def to_act(state: State) -> frozenset[str]:
    return deciding(state.stack)


def legal_actions(state: State, seat: str) -> list[Roll | Bank]:
    now = top(state.stack)
    if now is None or now.seat != seat:
        return []
    return [Roll(), Bank()] if state.turn_points else [Roll()]


def _refuse(code: Refusal, state: State, seat: str, action: Roll | Bank) -> RuleViolation:
    reason = code if code in ("game_over", "not_your_turn") else "illegal"
    return refusal("pig.refusal", code, reason)


def _end_turn(state: State, seat: str) -> None:
    """PIG-R1: the next seat's turn (the decision on the stack is replaced)."""
    state.stack.pop()
    state.turn_points = 0
    following = state.seats[(state.seats.index(seat) + 1) % len(state.seats)]
    state.stack.append(Decision(seat=following, kind="turn"))


def _dispatch(state: State, seat: str, action: Roll | Bank, events: list[Event]) -> None:
    if isinstance(action, Roll):  # PIG-R2
        die = state.rng.randint(1, 6)
        events.append(Event(key="pig.rolled", args={"seat": seat, "die": die}, reveals=True))
        if die == 1:
            events.append(Event(key="pig.busted", args={"seat": seat}))
            _end_turn(state, seat)
        else:
            state.turn_points += die
        return
    state.points[seat] += state.turn_points  # PIG-R3
    events.append(Event(key="pig.banked", args={"seat": seat, "count": state.turn_points}))
    _end_turn(state, seat)


def _settle(state: State, events: list[Event]) -> None:
    """PIG-R4: a seat at the goal ends the game (nothing is pending any more)."""
    winners = [s for s in state.seats if state.points[s] >= state.goal]
    if winners and state.stack:
        state.stack.clear()
        events.append(Event(key="pig.game_over", args={"seat": winners[0]}))


ENGINE: Engine[State, Roll | Bank] = Engine(
    is_over=is_over,
    to_act=to_act,
    legal_actions=legal_actions,
    refuse=_refuse,
    dispatch=_dispatch,
    settle=_settle,
)


def view(state: State, seat: str | None) -> PigView:
    now = top(state.stack)
    return PigView(
        game=KEY,
        viewer=seat,
        goal=state.goal,
        turn_points=state.turn_points,
        deciding=now.seat if now else None,
        seats=[SeatView(seat=s, points=state.points[s]) for s in state.seats],
    )


def scores(state: State) -> Scores:
    return rank_scores(
        [
            SeatScore(seat=s, total=state.points[s], breakdown={"points": state.points[s]})
            for s in state.seats
        ]
    )


def describe_action(state: State, seat: str, action: Roll | Bank) -> Text:
    if isinstance(action, Bank):
        return term("pig.action.bank", count=state.turn_points)
    return term("pig.action.roll")


SPEC: GameSpec[State, Options, Roll | Bank, PigView] = GameSpec(
    key=KEY,
    title="Pig",
    min_players=2,
    max_players=4,
    Options=Options,
    State=State,
    action_adapter=ADAPTER,
    new_game=new_game,
    to_act=to_act,
    legal_actions=legal_actions,
    apply=ENGINE.apply,
    fast_apply=ENGINE.apply_trusted,
    view=view,
    is_over=is_over,
    scores=scores,
    describe_action=describe_action,
    seat_order="join",
    package="tests.core_game",
    renderer="tests.core_game",  # never drawn nor offered in Discord: a rules-only game
    cog="tests.core_game",
)
