"""Endeavor's copies that share (issue 22 point 2): a step copies a player only when it
changes (``EndeavorState.player``) and shares the shipping tracks, open seas and decks, each
replaced (never changed in place) when a rule changes it; ``copied()`` (the AI's copy)
shares nothing. Every step of random games leaves its input state as it was (END-R40..R72
played through the trusted path)."""

from __future__ import annotations

import random

from rules.core.replay import state_hash
from rules.endeavor import SPEC
from rules.endeavor.model import EndeavorState


def _played(players: int, seed: int, steps: int) -> EndeavorState:
    options = SPEC.Options.model_validate({"players": players})
    state = SPEC.new_game([f"p{i + 1}" for i in range(players)], options, seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        seat = sorted(SPEC.to_act(state))[0]
        acts = SPEC.legal_actions(state, seat)
        state = SPEC.apply_trusted(state, seat, acts[rnd.randrange(len(acts))]).state
    return state


def test_end_r40_issue22_a_step_shares_the_players_it_does_not_change() -> None:
    """Issue 22 point 2: every step of a random game leaves its input as it was, and the
    players a step does not change stay shared with the state it was copied from."""
    options = SPEC.Options.model_validate({"players": 4})
    state = SPEC.new_game(["p1", "p2", "p3", "p4"], options, 1 << 255 | 4)
    rnd = random.Random(4)
    shared = 0
    while not SPEC.is_over(state):
        seat = sorted(SPEC.to_act(state))[0]
        acts = SPEC.legal_actions(state, seat)
        before = state_hash(state)
        after = SPEC.apply_trusted(state, seat, acts[rnd.randrange(len(acts))]).state
        assert state_hash(state) == before
        shared += sum(after.players[x] is state.players[x] for x in state.seats)
        state = after
    assert shared > 0


def test_end_r63_issue22_tracks_seas_and_decks_are_shared_until_replaced() -> None:
    """Issue 22 point 2 (END-R63, R66, R70): a step copy shares each shipping track, open sea
    and deck; ``own_*`` replaces one before a change, leaving the other state's as it was."""
    state = _played(3, 1 << 255 | 7, 40)
    before = state_hash(state)
    copy = state.step_copy()
    region = next(iter(copy.tracks))
    deck = next(d for d, cards in copy.decks.items() if cards)
    assert copy.tracks[region] is state.tracks[region]
    assert copy.open_sea[region] is state.open_sea[region]
    assert copy.decks[deck] is state.decks[deck]
    copy.own_track(region).append("p1")
    copy.own_sea(region)["p1"] = 9
    copy.own_deck(deck).pop()
    copy.player("p1").harbour += 5
    assert copy.player("p1") is copy.players["p1"]
    assert state_hash(state) == before


def test_issue22_copied_shares_nothing() -> None:
    """Issue 22 point 2: ``copied()`` (the AI's determinization) owns every player, track,
    sea and deck, so changing it in place leaves the original."""
    state = _played(2, 1 << 255 | 9, 50)
    before = state_hash(state)
    world = state.copied()
    assert world == state
    for p in world.players.values():
        p.harbour += 1
        p.cards.append("x")
    for track in world.tracks.values():
        track.append("p2")
    for sea in world.open_sea.values():
        sea["p2"] = 3
    for cards in world.decks.values():
        cards.clear()
    assert state_hash(state) == before
