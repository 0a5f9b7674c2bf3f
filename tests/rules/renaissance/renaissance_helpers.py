"""Shared helpers for the Age of Renaissance tests: games, seats and hand-built positions."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rules.core.contract import checked_apply
from rules.core.replay import GameLog, LoggedAction
from rules.renaissance.actions import (
    CapitalBid,
    EndStep,
    RankCapital,
    Relief,
    RenaissanceAction,
    ReturnCard,
    Stabilize,
    TokenBid,
)
from rules.renaissance.legal import legal_actions
from rules.renaissance.model import Options, RenaissanceState
from rules.renaissance.spec import SPEC
from tests.rules.renaissance.renaissance_bot import steer

Step = Callable[[RenaissanceState, str, RenaissanceAction, Any], None]
Bot = Callable[[RenaissanceState, str, random.Random], RenaissanceAction]


def seats(n: int) -> list[str]:
    return [f"p{i + 1}" for i in range(n)]


def choose(state: RenaissanceState, seat: str, rnd: random.Random) -> RenaissanceAction:
    """A random legal action, nudged so that games last (small bids, paying stabilization)."""
    actions = legal_actions(state, seat)
    bids = [a for a in actions if isinstance(a, TokenBid)]
    if bids:
        cash = state.players[seat].cash
        return TokenBid(amount=rnd.randint(-min(2, cash), min(8, cash)))
    pay = [a for a in actions if isinstance(a, Stabilize) and a.pay]
    if pay and rnd.random() < 0.9:
        return pay[0]
    doing = [a for a in actions if not isinstance(a, EndStep)]
    if doing and len(doing) < len(actions) and rnd.random() < 0.8:
        return doing[rnd.randrange(len(doing))]  # play, buy and expand more than pass
    relief = [a for a in actions if isinstance(a, Relief)]
    if relief:
        return max(relief, key=lambda a: a.boxes)
    return actions[rnd.randrange(len(actions))]


def play(
    options: Options,
    seed: int,
    *,
    checked: bool = True,
    on_step: Step | None = None,
    nudged: bool = True,
    max_steps: int = 20_000,
    bot: Bot = steer,
) -> tuple[RenaissanceState, GameLog]:
    """One whole game; every seat played by ``bot`` (default: the steered bot that reaches
    the real end), or with ``nudged=False`` by a uniform random choice of the legal actions."""
    names = seats(options.players)
    state = SPEC.new_game(names, options, seed)
    log = GameLog(
        game="renaissance",
        seats=names,
        seed=seed,
        options=options.model_dump(),
        rules_version=state.rules_version,
    )
    rnd = random.Random(seed)
    for _ in range(max_steps):
        if SPEC.is_over(state):
            return state, log
        seat = sorted(SPEC.to_act(state))[0]
        if nudged:
            action = bot(state, seat, rnd)
        else:
            legal = SPEC.legal_actions(state, seat)
            action = legal[rnd.randrange(len(legal))]
        result = (
            checked_apply(SPEC, state, seat, action) if checked else SPEC.apply(state, seat, action)
        )
        if on_step is not None:
            on_step(state, seat, action, result)
        log.actions.append(LoggedAction(seat=seat, action=action.model_dump(mode="json")))
        state = result.state
    raise AssertionError(f"game with seed {seed} did not end")


def started(
    players: int = 4, seed: int = 1, version: int | None = None, **opts: Any
) -> RenaissanceState:
    """A game past setup: seat i ranks the capitals in a rotated order, bids i dollars
    (on rules ``version``, default the newest)."""
    options = Options.model_validate({"players": players, **opts})
    state = SPEC.new_game(seats(players), options, seed, rules_version=version)
    for i, seat in enumerate(seats(players)):
        if options.held_cards_setup:
            state = SPEC.apply(state, seat, ReturnCard(card=state.players[seat].dealt[0])).state
        caps = [a.capital for a in SPEC.legal_actions(state, seat) if isinstance(a, RankCapital)]
        caps = caps[i:] + caps[:i]
        for cap in caps:
            state = SPEC.apply(state, seat, RankCapital(capital=cap)).state
        state = SPEC.apply(state, seat, CapitalBid(amount=10 - i)).state
    return state


def bid_all(state: RenaissanceState, bids: dict[str, int]) -> RenaissanceState:
    for seat, amount in bids.items():
        state = SPEC.apply(state, seat, TokenBid(amount=amount)).state
    return state


CAPITALS = {"p1": "barcelona", "p2": "genoa", "p3": "venice", "p4": "paris"}


def position(players: int = 4, **opts: Any) -> RenaissanceState:
    """A started game reset to an empty map with known capitals (p1 Barcelona, p2 Genoa,
    p3 Venice, p4 Paris, p5 London, p6 Hamburg), each capital's DM in place."""
    state = started(players, **opts)
    caps = {**CAPITALS, "p5": "london", "p6": "hamburg"}
    for prov in state.provinces.values():
        prov.tokens, prov.white, prov.dm, prov.dm_white = {}, {}, None, False
    for i, seat in enumerate(seats(players)):
        p = state.players[seat]
        p.capital = caps[seat]
        p.pick_rank = i + 1
        p.stock, p.expansion = 36, 0
        state.provinces[caps[seat]].dm = seat
    state.boxes = {s: i + 1 for i, s in enumerate(seats(players))}
    state.order = seats(players)
    return state


def fixed_dice(monkeypatch: Any, rolls: list[int]) -> list[int]:
    """Replace the generator's ``randint`` with these rolls, in order (dice scenarios)."""
    from rules.core import Rng

    left = list(rolls)

    def randint(_self: Rng, lo: int, hi: int) -> int:
        value = left.pop(0)
        assert lo <= value <= hi
        return value

    monkeypatch.setattr(Rng, "randint", randint)
    return left
