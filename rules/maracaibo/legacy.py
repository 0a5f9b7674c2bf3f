"""Legacy tiles on the board (spec 12.3), for the tiles whose rules are implemented."""

from __future__ import annotations

from rules.core import Event
from rules.maracaibo import gains
from rules.maracaibo.components import LegacyTile, data
from rules.maracaibo.model import MaracaiboState, Pending


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


def arrive(s: MaracaiboState, ev: list[Event]) -> None:
    """L3 entering play: the city tile and any marker at Cartagena leave the game; disc tiles
    get their pre-placed discs (2 players: one on L11-L17; solo one more, MAR-J12)."""
    play = s.campaign
    assert play is not None
    for tile in active(s):
        if tile.kind == "disc" and tile.id not in play.tile_discs:
            pre = int(len(s.seats) <= 2 and tile.id != "L10") + int(s.jean is not None)
            play.tile_discs[tile.id] = min(pre, tile.capacity)
        if tile.kind == "plague":
            s.board.city_tiles.pop(tile.location, None)
            s.board.markets.pop(tile.location, None)
            nation = s.board.markers.pop(tile.location, None)
            if nation is not None:
                s.board.removed_markers[nation] += 1


def on_stop(s: MaracaiboState, ev: list[Event], seat: str, loc: str) -> None:
    """MAR-T13: L5 (take a figure) and L25 (+6 VP) before the main action."""
    for tile in active(s):
        if tile.location != loc:
            continue
        if tile.kind == "figure":
            gains.figures(s, ev, seat, tile.n)
        elif tile.kind == "vp":
            gains.vp(s, ev, seat, tile.n, "legacy")
    spot = disc_tile(s, loc)
    if spot is not None and seat in s.players:
        s.stack.append(Pending(kind="disc_tile", seat=seat, card=spot.id))
