"""Read-only facts derived from the state: tracks, levels, presence, open regions (END-R24, R60, R61)."""

from __future__ import annotations

from rules.core.decisions import deciding
from rules.endeavor.components import ATTRIBUTES, Attribute, Board, Data, data
from rules.endeavor.model import EndeavorState, PlayerState


def board(state: EndeavorState) -> Board:
    return data().boards[state.side]


def held_items(p: PlayerState) -> list[str]:
    """Buildings, held cards and the slotted governor: everything whose icons count."""
    items = [b.kind for b in p.buildings] + list(p.cards)
    if p.governor_slot is not None:
        items.append(p.governor_slot)
    return items


def track_value(p: PlayerState, attr: Attribute, d: Data | None = None) -> int:
    """END-R24: icons on buildings, held cards and governors, brown tokens, Memorial discs."""
    icons = (d or data()).icons  # icons_of, read from one table
    total = p.tokens.get(attr, 0) + p.memorial_discs.get(attr, 0)
    for b in p.buildings:
        total += icons[b.kind].get(attr, 0)
    for card in p.cards:
        total += icons[card].get(attr, 0)
    if p.governor_slot is not None:
        total += icons[p.governor_slot].get(attr, 0)
    return max(total, 0)


def track_values(p: PlayerState) -> dict[Attribute, int]:
    d = data()
    return {a: track_value(p, a, d) for a in ATTRIBUTES}


def level(attr: Attribute, value: int, d: Data | None = None) -> int:
    """END-D02: the level read from a track value (bands; tops out at level 5)."""
    t = (d or data()).tracks
    result = t.levels[attr][0]
    for bound, lvl in zip(t.bands, t.levels[attr], strict=True):
        if value >= bound:
            result = lvl
    return result


def build_level(p: PlayerState) -> int:
    d = data()
    return level("industry", track_value(p, "industry", d), d)


def growth(p: PlayerState) -> int:
    d = data()
    return level("culture", track_value(p, "culture", d), d)


def salary(p: PlayerState) -> int:
    d = data()
    return level("wealth", track_value(p, "wealth", d), d)


def card_limit(p: PlayerState) -> int:
    """END-R85: influence level, capped at 5 (A3)."""
    d = data()
    return min(level("influence", track_value(p, "influence", d), d), d.tracks.card_cap)


def is_open(state: EndeavorState, area: str) -> bool:
    """END-R61: Europe is always open; a region opens when its track is full."""
    if area == "europe":
        return True
    return len(state.tracks[area]) >= data().track_lengths[state.side][area]


def node_area(state: EndeavorState, node: str) -> str:
    return data().nodes[state.side][node].area


def presence_count(state: EndeavorState, who: str, area: str) -> int:
    """END-R60: discs in cities, fleets, the shipping track and the open sea of ``area``."""
    nodes = data().nodes[state.side]
    count = sum(1 for n, occ in state.nodes.items() if occ == who and nodes[n].area == area)
    if area != "europe":
        count += state.tracks[area].count(who)
        count += state.open_sea[area].get(who, 0)
    return count


def is_present(state: EndeavorState, who: str, area: str) -> bool:
    """END-R60: presence for Occupy/Attack; everyone is present in Europe."""
    return area == "europe" or presence_count(state, who, area) >= 1


def controls(state: EndeavorState, seat: str, conn_id: str) -> bool:
    """END-R68: both end nodes hold the seat's discs."""
    conn = data().connections[state.side][conn_id]
    return state.nodes.get(conn.a) == seat and state.nodes.get(conn.b) == seat


def turn_order(state: EndeavorState) -> list[str]:
    """END-R21: crown holder first, then clockwise (seat order)."""
    i = state.seats.index(state.crown)
    return state.seats[i:] + state.seats[:i]


def discs_on_board(state: EndeavorState, who: str) -> int:
    count = sum(1 for occ in state.nodes.values() if occ == who)
    count += sum(track.count(who) for track in state.tracks.values())
    count += sum(sea.get(who, 0) for sea in state.open_sea.values())
    return count


def hand_counts(p: PlayerState) -> tuple[int, int]:
    """(regular cards outside the governor slot, slavery cards held) for END-R85."""
    d = data()
    n_sl = sum(1 for c in p.cards if c in d.cards and d.cards[c].slavery)
    return len(p.cards) - n_sl, n_sl


def hand_excess(n_reg: int, n_sl: int, limit: int) -> int:
    """How many cards too many (END-R85): over the limit (+1 slavery) or over the cap of 5."""
    cap = data().tracks.card_cap
    return max(0, n_reg + max(0, n_sl - 1) - limit, n_reg + n_sl - cap)


def hand_valid(p: PlayerState) -> bool:
    """END-R85 formula: n_reg + max(0, n_sl - 1) <= L and n_reg + n_sl <= 5."""
    n_reg, n_sl = hand_counts(p)
    return hand_excess(n_reg, n_sl, card_limit(p)) == 0


def cards_allowed(p: PlayerState) -> int:
    """The cards outside the governor slot the player may keep now (END-R85): the card limit,
    plus 1 while holding a slavery card, never more than 5."""
    _n_reg, n_sl = hand_counts(p)
    return min(card_limit(p) + (1 if n_sl else 0), data().tracks.card_cap)


def to_act(state: EndeavorState) -> frozenset[str]:
    """Who decides now: the seat of the top decision (a Memorial owner, a new governor's
    owner (DP17), the SF chooser, the turn player, or the current step's seat)."""
    return deciding(state.decisions)
