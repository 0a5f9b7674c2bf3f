"""One-ply judgement: each candidate action played in one determinization and scored by the
game's evaluation once its effect shows (the ``easy`` level, and the ``strong`` level's
first guess at its root)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rules.ai.hooks import GameAI
from rules.ai.policy import Memo, play_follow_up
from rules.ai.search import step_function
from rules.core.spec import GameSpec

MAX_ACTIONS = 48
"""At most this many of the legal actions are judged (a random sample of them)."""
BATCH_STEPS = 12
"""At most this many steps per seat deciding at the same time as the candidate's seat, so a
sealed choice is judged once all are made and revealed (a sealed setup is several steps)."""


def one_ply(
    spec: GameSpec[Any, Any, Any, Any],
    ai: GameAI,
    world: Any,
    seat: str,
    actions: list[Any],
    rnd: random.Random,
    done: Callable[[int], bool] | None = None,
) -> list[float | None]:
    """Each action's reward for ``seat`` in ``world`` (``None``: not judged; once ``done``
    says the time is up, the rest are not). Every candidate is followed by the same random
    choices (common random numbers), so the candidates are compared on the same footing and
    not on the luck of the others' random replies; a game may ask for several such
    follow-ups per candidate (``GameAI.replies``), averaged."""
    step = step_function(spec)
    order = list(range(len(actions)))
    rnd.shuffle(order)
    batch = spec.to_act(world)
    replies = [rnd.getrandbits(64) for _ in range(max(1, ai.replies))]
    values: list[float | None] = [None] * len(actions)
    for judged, i in enumerate(order[:MAX_ACTIONS]):
        if judged and done is not None and done(0):
            break
        played = step(world, seat, actions[i])
        rewards: list[float] = []
        memo = Memo()  # the replies start alike: each reuses what the others worked out
        for reply in replies:
            state = settle(spec, played, seat, batch, random.Random(reply), done, ai=ai, memo=memo)
            rewards.append(memo.reward(spec, ai, state, seat))
            if state is played:  # nothing random followed: every follow-up is the same
                break
        values[i] = sum(rewards) / len(rewards)
    return values


def settle(
    spec: GameSpec[Any, Any, Any, Any],
    state: Any,
    seat: str,
    batch: frozenset[str],
    rnd: random.Random,
    done: Callable[[int], bool] | None = None,
    *,
    turn_steps: int | None = None,
    ai: GameAI | None = None,
    memo: Memo | None = None,
) -> Any:
    """Play on at random (with ``ai``: as ``rules.ai.policy`` says) until ``seat``'s choice
    shows: up to ``turn_steps`` more steps of its own turn (``GameAI.turn_steps``: so a first step of a multi-step choice is judged by
    a finished step), and the others' choices made at the same time as its own (or until
    ``done``). With ``ai`` (its ``turn_steps`` unless given, its ``considered`` actions), a
    game that tells when a choice is being declared (``GameAI.declaring``) stops the seat's
    own steps as soon as its choice is made."""
    step = step_function(spec)
    if turn_steps is None:
        turn_steps = ai.turn_steps if ai is not None else GameAI.turn_steps
    declaring = ai.declaring if ai is not None else None
    own_steps = 0
    last: str | None = None
    known: float | None = None  # the last mover's reward at ``state``, when worked out
    for _ in range(turn_steps + BATCH_STEPS * len(batch)):
        if spec.is_over(state) or (done is not None and done(0)):
            break
        acting = spec.to_act(state)
        own_turn = acting == {seat} and own_steps < turn_steps
        if own_turn and declaring is not None and not declaring(state, seat):
            own_turn = False
        same_batch = len(batch) > 1 and seat not in acting and acting <= batch
        if not (own_turn or same_batch):
            break
        own_steps += own_turn
        who = min(acting)
        if ai is not None:
            state, known = play_follow_up(
                spec, ai, state, who, rnd, known if who == last else None, memo
            )
            last = who
        else:
            options = spec.legal_actions(state, who)
            state = step(state, who, options[rnd.randrange(len(options))])
    return state
