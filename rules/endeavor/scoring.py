"""Final scoring A-E (END-R89..R95) with a per-category breakdown; ties are shared."""

from __future__ import annotations

from rules.core import Scores, SeatScore, rank_scores
from rules.endeavor.components import ATTRIBUTES, data
from rules.endeavor.model import EndeavorState, PlayerState
from rules.endeavor.query import controls, track_value

CATEGORIES = ("tracks", "board", "buildings_cards", "population", "slavery")


def snap(value: int) -> int:
    """END-R90 / END-D03: the nearest honour space at or below ``value``; score = its number."""
    t = data().tracks
    if value >= t.extender_start:
        return t.extender_start + t.extender_step * ((value - t.extender_start) // t.extender_step)
    return max(h for h in t.honour_spaces if h <= value)


def score_tracks(p: PlayerState) -> int:
    return sum(snap(track_value(p, a)) for a in ATTRIBUTES)


def score_board(state: EndeavorState, seat: str) -> int:
    """END-R91: occupied city honour plus honour of controlled connections."""
    d = data()
    nodes = d.nodes[state.side]
    cities = sum(nodes[n].honour for n, occ in state.nodes.items() if occ == seat)
    conns = sum(c.honour for c in d.boards[state.side].connections if controls(state, seat, c.id))
    return cities + conns


def building_honour(p: PlayerState) -> int:
    """END-R92 / END-R81: printed honour; City Hall counts the Draw icons on every building."""
    d = data()
    draws = sum(d.buildings[b.kind].actions.count("draw") for b in p.buildings)
    total = 0
    for b in p.buildings:
        kind = d.buildings[b.kind]
        total += draws if kind.special == "city_hall" else kind.honour
    return total


def card_honour(p: PlayerState) -> int:
    d = data()
    items = list(p.cards) + ([p.governor_slot] if p.governor_slot else [])
    return sum(d.cards[c].honour if c in d.cards else d.governors[c].honour for c in items)


def breakdown(state: EndeavorState, seat: str) -> dict[str, int]:
    p = state.players[seat]
    empty_slot = 3 if p.governor_slot is None else 0
    return {
        "tracks": score_tracks(p),
        "board": score_board(state, seat),
        "buildings_cards": building_honour(p) + card_honour(p) + empty_slot,
        "population": p.harbour // 3,
        "slavery": -len(p.set_aside),
    }


def scores(state: EndeavorState) -> Scores:
    """END-R95: highest total wins; equal totals share the win (no tie-breaker)."""
    rows = []
    for seat in state.seats:
        parts = breakdown(state, seat)
        rows.append(SeatScore(seat=seat, total=sum(parts.values()), breakdown=parts))
    return rank_scores(rows)


def round_of(state: EndeavorState) -> int:
    """The round the game is in (the chart of how a game went samples scores per round)."""
    return state.round
