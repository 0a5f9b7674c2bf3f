"""Legacy tiles on the board (spec 12.3): what the tiles in play say, read only.

What tiles do when they arrive or when a ship stops by them is ``rules.maracaibo.legacy``
(which reads these); the split keeps the queries free of the effects' imports.
"""

from __future__ import annotations

from rules.maracaibo.components import Edge, LegacyTile, data
from rules.maracaibo.model import MaracaiboState


def active(s: MaracaiboState) -> list[LegacyTile]:
    """The rules of every legacy tile on the board."""
    play = s.campaign
    if play is None:
        return []
    return [rule for t in sorted(play.legacy) for rule in data().legacy.get(t, [])]


def disc_tile(s: MaracaiboState, loc: str) -> LegacyTile | None:
    """L10-L17 at ``loc`` with room left for a disc."""
    play = s.campaign
    if play is None:
        return None
    for tile in active(s):
        room = play.tile_discs.get(tile.id, 0) < tile.capacity
        if tile.kind == "disc" and tile.location == loc and room:
            return tile
    return None


def edge_cost(s: MaracaiboState, a: str, b: str) -> int:
    """MAR-T2: L2 / L8 / L18 make their route cost 3 MP."""
    for tile in active(s):
        if tile.kind == "route_cost" and tile.edge == [a, b]:
            return tile.n
    return 1


def toll(s: MaracaiboState, loc: str) -> int:
    """MAR-T7: L11: passing through costs 2 doubloons (else the ship must stop there)."""
    return sum(t.n for t in active(s) if t.kind == "toll" and t.location == loc)


def plague(s: MaracaiboState, loc: str) -> bool:
    """L3: no city or village action, no ownership marker."""
    return any(t.kind == "plague" and t.location == loc for t in active(s))


def no_village(s: MaracaiboState, loc: str) -> bool:
    """L20-L23 (and L3): no village action there."""
    return plague(s, loc) or any(t.kind == "no_village" and t.location == loc for t in active(s))


def silver_fleet(s: MaracaiboState) -> LegacyTile | None:
    return next((t for t in active(s) if t.kind == "silver_fleet"), None)


def passed(explorer: str, gate: str) -> bool:
    """MAR-T8: the explorer has reached or passed ``gate`` (on the track of the data set in
    force: ``Data.downstream``)."""
    return explorer == gate or explorer in data().downstream[gate]


def _rule(s: MaracaiboState, kind: str, loc: str) -> LegacyTile | None:
    return next((t for t in active(s) if t.kind == kind and t.location == loc), None)


def city_rule(s: MaracaiboState, loc: str) -> LegacyTile | None:
    """L1: a village that became a city."""
    return _rule(s, "city", loc)


def open_for(s: MaracaiboState, loc: str, explorer: str) -> bool:
    """A legacy city (L4, L7) is in play and this explorer opens it (MAR-T8)."""
    place = data().locations[loc]
    if place.legacy is None:
        return True
    rule = _rule(s, "new_city", loc)
    return rule is not None and passed(explorer, rule.gate)


def edge_open(s: MaracaiboState, edge: Edge, explorer: str) -> bool:
    if edge.legacy is None:
        return True
    if not any(t.id == edge.legacy for t in active(s)):
        return False
    return open_for(s, edge.to, explorer)
