"""Maracaibo's copies that share (issue 22 point 2): a step copies a player only when it
changes and shares the board's lists of quests, markets, marker supplies, piles, barrier
crossers, assistants and prestige slots, each replaced (never changed in place) when a rule
changes it; ``copied()`` (the AI's copy) shares nothing."""

from __future__ import annotations

import random

from rules.core.replay import state_hash
from rules.maracaibo.actions import Finish, Sail
from rules.maracaibo.model import Board, MaracaiboState
from rules.maracaibo.spec import SPEC


def _started(players: int, seed: int) -> MaracaiboState:
    """A game past its setup choices (the first legal choice each time)."""
    options = SPEC.Options.model_validate({"players": players})
    state = SPEC.new_game([f"p{i + 1}" for i in range(players)], options, seed)
    while state.phase == "setup":
        seat = sorted(SPEC.to_act(state))[0]
        state = SPEC.apply(state, seat, SPEC.legal_actions(state, seat)[0]).state
    return state


def test_issue22_a_step_shares_the_players_it_does_not_change() -> None:
    """Issue 22 point 2: sailing changes no player; the players stay shared, the input as it
    was; finishing the turn copies only the players that change."""
    state = _started(3, 1 << 255 | 5)
    seat = state.active
    sail = next(a for a in SPEC.legal_actions(state, seat) if isinstance(a, Sail))
    before = state_hash(state)
    sailed = SPEC.apply(state, seat, sail).state
    assert state_hash(state) == before
    assert all(sailed.players[x] is state.players[x] for x in state.seats)
    assert sailed.players is not state.players
    finished = SPEC.apply(sailed, seat, Finish()).state
    assert state_hash(sailed) != state_hash(finished)
    for x in state.seats:
        same = finished.players[x] == sailed.players[x]
        assert (finished.players[x] is sailed.players[x]) == same


def _items(container: object) -> list[object]:
    if isinstance(container, dict):
        return list(container.values())
    assert isinstance(container, list)
    return list(container)


def test_issue22_board_lists_are_shared_until_replaced() -> None:
    """Issue 22 point 2: the board's nested lists are shared by a step copy; ``own_*``
    replaces one before a change, leaving the other state's as it was."""
    state = _started(2, 1 << 255 | 8)
    copy = state.step_copy()
    for name in Board.__shallow_fields__:
        mine, theirs = _items(getattr(copy.board, name)), _items(getattr(state.board, name))
        assert getattr(copy.board, name) is not getattr(state.board, name)
        assert len(mine) == len(theirs) and all(a is b for a, b in zip(mine, theirs, strict=True))
    loc = next(iter(copy.board.quests))
    before = list(state.board.quests[loc])
    copy.board.own_quests(loc).pop()
    assert state.board.quests[loc] == before
    copy.board.own_slot(0).investors.append("p1")
    assert state.board.prestige[0].investors == []
    copy.board.own_pile(0).pop()
    copy.board.own_supply(next(iter(copy.board.supply)))[0] -= 1
    copy.board.own_crossers("blue").append("p1")
    assert state_hash(state) == state_hash(_started(2, 1 << 255 | 8))


def test_issue22_copied_shares_nothing() -> None:
    """Issue 22 point 2: ``copied()`` (determinization, projections) owns every player and
    every board item, so changing it in place leaves the original."""
    state = _started(4, 1 << 255 | 3)
    rnd = random.Random(3)
    for _ in range(40):
        seat = sorted(SPEC.to_act(state))[0]
        acts = SPEC.legal_actions(state, seat)
        state = SPEC.apply_trusted(state, seat, acts[rnd.randrange(len(acts))]).state
    before = state_hash(state)
    copy = state.copied()
    assert copy == state
    for seat, p in copy.players.items():
        assert p is not state.players[seat]
        p.hand.append("X")
        p.doubloons += 5
    for slot in copy.board.prestige:
        slot.investors.append("p1")
    for tiles in copy.board.quests.values():
        tiles.append("Q")
    for pile in copy.board.piles:
        pile.append("T")
    assert state_hash(state) == before
