"""Invariants checked after every action in random playouts (conservation, no negatives)."""

from __future__ import annotations

from collections import Counter

from rules.endeavor.components import TOTAL_TOKENS, data
from rules.endeavor.model import (
    SILENT_FLEET,
    EndeavorState,
    Memorial,
    PendingGovernor,
    SfReaction,
    Step,
    Turn,
)
from rules.endeavor.query import discs_on_board, hand_valid


def invariants(state: EndeavorState) -> list[str]:
    d = data()
    problems: list[str] = []
    # trade tokens: board + held + spent + removed = 95, per kind too
    tokens: Counter[str] = Counter(state.tokens.values())
    tokens.update(state.removed_tokens)
    tokens.update(state.spent_tokens)
    for p in state.players.values():
        for attr, n in p.tokens.items():
            tokens[attr] += n
        for kind, n in p.blue_tokens.items():
            tokens[kind] += n
            if n <= 0:
                problems.append(f"{p.seat}: non-positive blue token count {kind}")
    if sum(tokens.values()) != TOTAL_TOKENS:
        problems.append(f"trade tokens total {sum(tokens.values())}, expected 95")
    for kind, info in d.tokens.items():
        if tokens[kind] != info.count:
            problems.append(f"token kind {kind}: {tokens[kind]} != {info.count}")
    # cards and governors: 42 + 6, each exactly once
    places: list[str] = [c for deck in state.decks.values() for c in deck]
    places += state.discard_pile + state.removed_cards + state.removed_governors
    places += list(state.governors.values())
    for p in state.players.values():
        places += p.cards + p.set_aside + ([p.governor_slot] if p.governor_slot else [])
    if sorted(places) != sorted(list(d.cards) + list(d.governors)):
        problems.append("cards/governors are not each in exactly one place")
    if state.governors and any(g not in d.governors for g in state.governors.values()):
        problems.append("unknown governor on the board")
    # buildings: tray + hidden + removed + shores = 49 (+ one start tile per player)
    built: Counter[str] = Counter(state.removed_buildings)
    built.update(state.hidden_level5)
    for kind, n in state.tray.items():
        if n < 0:
            problems.append(f"tray stack {kind} negative")
        built[kind] += n
    for p in state.players.values():
        starts = [b for b in p.buildings if d.buildings[b.kind].start]
        if len(starts) > 1 or (p.buildings and not d.buildings[p.buildings[0].kind].start):
            problems.append(f"{p.seat}: start building not in the first shore slot")
        for b in p.buildings:
            if not d.buildings[b.kind].start:
                built[b.kind] += 1
            if b.disc and not d.buildings[b.kind].actions:
                problems.append(f"{p.seat}: disc on a building without an activation space")
    for kind, b_info in d.buildings.items():
        if not b_info.start and built[kind] != b_info.copies:
            problems.append(f"building {kind}: {built[kind]} != {b_info.copies}")
    # population discs: 35 per player
    per = d.tracks.discs_per_player
    for seat, p in state.players.items():
        on_buildings = sum(1 for b in p.buildings if b.disc)
        memorial = sum(p.memorial_discs.values()) + state.memorial.count(seat)
        total = p.supply + p.harbour + on_buildings + discs_on_board(state, seat) + memorial
        if total != per:
            problems.append(f"{seat}: {total} discs, expected {per}")
        if min(p.supply, p.harbour) < 0 or any(v < 0 for v in p.tokens.values()):
            problems.append(f"{seat}: negative count")
    if state.options.silent_fleet:
        sf_total = state.sf_pool + discs_on_board(state, SILENT_FLEET)
        if sf_total != d.tracks.silent_fleet_discs:
            problems.append(f"silent fleet: {sf_total} discs")
    elif state.sf_pool != 0 or discs_on_board(state, SILENT_FLEET):
        problems.append("silent fleet discs in a standard game")
    # tracks never overfull; abolition consistency; hand valid after own discard step
    for region, track in state.tracks.items():
        if len(track) > d.areas[state.side][region].track_length:
            problems.append(f"track {region} overfull")
    if state.abolished and state.decks["slavery"]:
        problems.append("slavery deck remains after abolition")
    if state.abolished:
        for p in state.players.values():
            if any(d.cards[c].slavery for c in p.cards if c in d.cards):
                problems.append(f"{p.seat}: holds slavery cards after abolition")
    for pending in state.governor_pending:
        if pending.card not in state.players[pending.seat].cards:
            problems.append(f"{pending.seat}: pending governor {pending.card} not held")
    if state.over:
        for p in state.players.values():
            if not hand_valid(p):
                problems.append(f"{p.seat}: over the card limit at game end")
    problems += _decision_stack(state)
    return problems


_RANK = {Step: 0, Turn: 1, SfReaction: 1, Memorial: 3, PendingGovernor: 2}


def _decision_stack(state: EndeavorState) -> list[str]:
    """Issue 22.1: the stack is the steps, then at most one turn or Silent Fleet reaction,
    then governor choices, then Memorial choices (top); empty once the game is over."""
    ranks = [_RANK[type(d)] for d in state.decisions]
    problems: list[str] = []
    if ranks != sorted(ranks) or ranks.count(1) > 1:
        problems.append("decisions out of order on the stack")
    if state.over and state.decisions:
        problems.append("decisions left after the game ended")
    return problems
