"""What each game gives its AI seats, found by convention beside its rules.

``rules/<game>/evaluation.py`` exports ``evaluate(state) -> {competitor: points}`` (an
estimate of each competitor's final score now: seats, and a solo game's automa under
its own key) and ``SCALE`` (how many points make a clear lead); optionally ``ABSOLUTE``
and ``ABSOLUTE_SCALE`` (``GameAI.absolute``), ``TURN_STEPS``, ``REPLIES`` and
``ROLLOUT_STEPS`` (``GameAI.turn_steps``, ``GameAI.replies``, ``GameAI.rollout_steps``),
``ROLLOUT_HANDOVERS`` (``GameAI.rollout_handovers``),
``EXPLORATION``, ``PRIOR_VISITS``, ``GREEDY_FOLLOW_UPS``, ``WIDENING`` and
``ROLLOUTS_FINISH_DECLARATIONS`` (``GameAI.exploration``, ``GameAI.prior_visits``,
``GameAI.greedy_follow_ups``, ``GameAI.widening``, ``GameAI.rollouts_finish_declarations``),
``DECIDED`` (``GameAI.decided``), and
``considered(state, seat, actions)``, ``searched(state, seat, actions)``, ``declaring(state,
seat)``, ``out_of_game(state, seat)`` and ``rollout_horizon(state)`` (``GameAI.considered``,
``GameAI.searched``, ``GameAI.declaring``, ``GameAI.out_of_game``,
``GameAI.rollout_horizon``).
``rules/<game>/determinization.py`` exports ``mask(state, seat)`` (the same state with every
piece of information hidden from ``seat`` replaced by a canonical stand-in, so two states
that look the same to ``seat`` mask to the same state) and ``sample(masked, seat, rnd)`` (a
state consistent with what ``seat`` knows, the hidden parts drawn from ``rnd``). Both are
pure: they never change their input and use no randomness but ``rnd``.
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from rules.core.spec import GameSpec


@dataclass(frozen=True)
class GameAI:
    """One game's evaluation and determinization."""

    evaluate: Callable[[Any], dict[str, float]]
    scale: float
    mask: Callable[[Any, str], Any]
    sample: Callable[[Any, str, random.Random], Any]
    absolute: float = 0.0
    """How much of a reward is the seat's own value, not its lead (a game where everyone
    can lose together, e.g. by a shared disaster, needs some): 0 to 1."""
    absolute_scale: float = 1.0
    turn_steps: int = 6
    """How many random steps of its own turn follow a candidate action before the one-ply
    judgement scores it (``rules.ai.greedy``): enough to finish a choice made in several
    steps. A game whose actions carry all their choices sets 0, since random further
    actions of the seat's own turn (another card played at random) would blur the judgement
    of the candidate itself."""
    replies: int = 1
    """How many random follow-ups the one-ply judgement averages per candidate: a game
    whose turns are long chains of choices judges less by the luck of one follow-up."""
    rollout_steps: int = 4
    """Random steps the search plays after its tree before scoring (``rules.ai.search``);
    0 where random play ruins a position faster than the evaluation can see past it."""
    rollout_handovers: int = 0
    """When above 0, the search's rollouts play on past ``rollout_steps`` until the turn has
    passed this many times (a different seat decides), at most ``ROLLOUT_CAP`` steps: a game
    whose turns are long chains of choices sees the others' replies only this way. 0 (the
    default): ``rollout_steps`` steps."""
    exploration: float = 0.7
    """The search's UCB exploration constant (``rules.ai.search``): a game whose rewards differ
    little between moves (a lead squashed over a wide scale) needs less, or the visits are
    spread evenly and the most visited move is a matter of luck."""
    prior_visits: int = 2
    """How many visits the one-ply judgement of a root action counts for in the search."""
    greedy_follow_ups: bool = False
    """Whether the moves the AI does not search (one-ply follow-ups, rollouts) and the
    nodes the search adds are greedy over the evaluation instead of random
    (``rules.ai.policy``)."""
    widening: float = 0.0
    """Progressive widening of the search's nodes below the root (``rules.ai.search``): when
    above 0, a node visited n times has at most ``ceil(widening * sqrt(n))`` children, added
    in the order the greedy follow-ups prefer them (with ``greedy_follow_ups``); 0 (the
    default): every legal action is tried once before any is tried again. Where a turn is a
    long chain of choices with many options each, trying them all dilutes a move's value
    with its worst follow-ups, the more so the more a search iterates."""
    rollouts_finish_declarations: bool = False
    """Whether a rollout after the tree plays only the steps that finish a choice being
    declared (``declaring``; up to ``rollout_steps``) and then scores, instead of playing on
    at random: where a turn is a chain of free choices, random further plays (a card on a
    random target) blur the judgement of the tree's moves, while a choice left half-declared
    shows nothing of its effect yet."""
    decided: float = 0.0
    """When above 0, the search also stops early once the game looks decided
    (``rules.ai.search.decided``): every root action's mean reward within this of 1 (the
    seat wins whatever it does here, in every future sampled) or every one within it of 0.
    More thinking then only spreads the visits over moves that are all as good, at the full
    budget per decision; 0 (the default): never."""
    considered: Callable[[Any, str, list[Any]], list[Any]] | None = None
    """Which of a seat's legal actions the AI weighs (never none of them; ``None``: all): a
    game may leave out moves that never help, e.g. taking back a choice declared in steps,
    which only returns to the position before it (weighing it let the AI choose and take
    back the same choice again and again)."""
    searched: Callable[[Any, str, list[Any]], bool] | None = None
    """Whether the strong level's search decides among these actions (``None``: always);
    where a game says not, strong takes its one-ply judgement's best, as easy does. A game
    may keep the search to the kinds of choice where it was measured to beat that judgement
    (``python -m rules judge``). One kind where it does worse: a choice between a known
    outcome and a hidden one (a face-up card against a blind draw), since below the known
    one the tree learns what to do with it, below the hidden one its statistics are spread
    over every outcome sampled, so the known one looks better than it is."""
    declaring: Callable[[Any, str], bool] | None = None
    """Whether the seat is in the middle of a choice made in several steps; where a game
    tells, the one-ply judgement's random follow-up of the seat's own turn stops as soon as
    the choice is made (up to ``turn_steps``) instead of playing further random actions."""

    out_of_game: Callable[[Any, str], bool] | None = None
    """Whether a seat has been knocked out of the game (where a game can do that, e.g. by
    chaos); the arena counts such seats per level."""
    rollout_horizon: Callable[[Any], tuple[int, int]] | None = None
    """The search's rollouts at a table like this state's, as ``(rollout_steps,
    rollout_handovers)``: where a game's search was measured to want rollouts of another
    length at some tables (more seats, say) than at others (``None``: those two settings
    everywhere; ``horizon``)."""

    def horizon(self, state: Any) -> tuple[int, int]:
        """How the search's rollouts from ``state`` end: ``rollout_steps`` steps, then on
        until the turn has passed ``rollout_handovers`` times (``rollout_horizon``)."""
        if self.rollout_horizon is None:
            return self.rollout_steps, self.rollout_handovers
        return self.rollout_horizon(state)

    def actions(self, spec: GameSpec[Any, Any, Any, Any], state: Any, seat: str) -> list[Any]:
        """The legal actions of ``seat`` the AI weighs (``considered``)."""
        legal = spec.legal_actions(state, seat)
        if self.considered is None or len(legal) < 2:
            return legal
        return self.considered(state, seat, legal) or legal

    def rewards(self, spec: GameSpec[Any, Any, Any, Any], state: Any) -> dict[str, float]:
        """Each seat's reward in [0, 1]: at the end, mostly whether it won (a shared win is
        split) plus a little for the margin; before it, the evaluation's lead over the best
        other competitor, squashed by ``scale``."""
        if spec.is_over(state):
            result = spec.scores(state)
            totals = {row.seat: float(row.total) for row in result.seats}
            share = 1.0 / len(result.winners) if result.winners else 0.0
            out: dict[str, float] = {}
            for seat in state.seats:
                won = share if seat in result.winners else 0.0
                relative = 0.8 * won + 0.2 * _lead(totals, seat, self.scale)
                out[seat] = self._blend(relative, totals.get(seat, 0.0))
            return out
        values = self.evaluate(state)
        return {
            seat: self._blend(_lead(values, seat, self.scale), values.get(seat, 0.0))
            for seat in state.seats
        }

    def reward(self, spec: GameSpec[Any, Any, Any, Any], state: Any, seat: str) -> float:
        """``rewards(spec, state).get(seat, 0.0)``, working out only ``seat``'s (what a greedy
        follow-up compares, thousands of times per decision)."""
        if spec.is_over(state) or seat not in state.seats:
            return self.rewards(spec, state).get(seat, 0.0)
        values = self.evaluate(state)
        return self._blend(_lead(values, seat, self.scale), values.get(seat, 0.0))

    def _blend(self, relative: float, own: float) -> float:
        if not self.absolute:
            return relative
        return (1 - self.absolute) * relative + self.absolute * _squash(own / self.absolute_scale)


def _squash(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def _lead(values: dict[str, float], seat: str, scale: float) -> float:
    mine = values.get(seat, 0.0)
    others = [v for k, v in values.items() if k != seat]
    if not others:
        return 0.5
    return _squash((mine - max(others)) / scale)


_REGISTERED: dict[str, GameAI] = {}
"""Hooks of games living outside ``rules/`` (a test game), by key."""


def register_ai(key: str, hooks: GameAI) -> None:
    """Give a game registered at run time (``rules.registry.register``) its AI hooks."""
    _REGISTERED[key] = hooks


def unregister_ai(key: str) -> None:
    _REGISTERED.pop(key, None)


def game_ai(spec: GameSpec[Any, Any, Any, Any]) -> GameAI:
    """The game's AI hooks (``LookupError`` naming what is missing if it has none)."""
    registered = _REGISTERED.get(spec.key)
    if registered is not None:
        return registered
    return _hooks(spec.key, spec.package)


@cache
def _hooks(key: str, package: str) -> GameAI:
    if not package.startswith("rules."):
        raise LookupError(f"{key}: no AI hooks (its rules live outside rules/)")
    name = package.removeprefix("rules.")
    try:
        evaluation = importlib.import_module(f"rules.{name}.evaluation")
        determinization = importlib.import_module(f"rules.{name}.determinization")
    except ImportError as exc:
        raise LookupError(f"{key}: no AI hooks ({exc})") from None
    return GameAI(
        evaluate=evaluation.evaluate,
        scale=float(evaluation.SCALE),
        mask=determinization.mask,
        sample=determinization.sample,
        absolute=float(getattr(evaluation, "ABSOLUTE", 0.0)),
        absolute_scale=float(getattr(evaluation, "ABSOLUTE_SCALE", 1.0)),
        turn_steps=int(getattr(evaluation, "TURN_STEPS", GameAI.turn_steps)),
        replies=int(getattr(evaluation, "REPLIES", GameAI.replies)),
        rollout_steps=int(getattr(evaluation, "ROLLOUT_STEPS", GameAI.rollout_steps)),
        rollout_handovers=int(getattr(evaluation, "ROLLOUT_HANDOVERS", GameAI.rollout_handovers)),
        considered=getattr(evaluation, "considered", None),
        searched=getattr(evaluation, "searched", None),
        declaring=getattr(evaluation, "declaring", None),
        out_of_game=getattr(evaluation, "out_of_game", None),
        rollout_horizon=getattr(evaluation, "rollout_horizon", None),
        exploration=float(getattr(evaluation, "EXPLORATION", GameAI.exploration)),
        prior_visits=int(getattr(evaluation, "PRIOR_VISITS", GameAI.prior_visits)),
        greedy_follow_ups=bool(getattr(evaluation, "GREEDY_FOLLOW_UPS", False)),
        widening=float(getattr(evaluation, "WIDENING", GameAI.widening)),
        rollouts_finish_declarations=bool(
            getattr(evaluation, "ROLLOUTS_FINISH_DECLARATIONS", False)
        ),
        decided=float(getattr(evaluation, "DECIDED", GameAI.decided)),
    )


def has_ai(spec: GameSpec[Any, Any, Any, Any]) -> bool:
    try:
        game_ai(spec)
    except LookupError:
        return False
    return True
