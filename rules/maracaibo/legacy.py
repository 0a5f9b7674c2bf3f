"""Legacy tiles on the board (spec 12.3), for the tiles whose rules are implemented: their
effects here, what they say in ``rules.maracaibo.legacy_rules`` (read through this module
too)."""

from __future__ import annotations

from rules.core import Event
from rules.maracaibo import gains, quests
from rules.maracaibo.components import data
from rules.maracaibo.legacy_rules import (
    active as active,
)
from rules.maracaibo.legacy_rules import (
    city_rule as city_rule,
)
from rules.maracaibo.legacy_rules import (
    disc_tile as disc_tile,
)
from rules.maracaibo.legacy_rules import (
    edge_cost as edge_cost,
)
from rules.maracaibo.legacy_rules import (
    edge_open as edge_open,
)
from rules.maracaibo.legacy_rules import (
    no_village as no_village,
)
from rules.maracaibo.legacy_rules import (
    open_for as open_for,
)
from rules.maracaibo.legacy_rules import (
    passed as passed,
)
from rules.maracaibo.legacy_rules import (
    plague as plague,
)
from rules.maracaibo.legacy_rules import (
    silver_fleet as silver_fleet,
)
from rules.maracaibo.legacy_rules import (
    toll as toll,
)
from rules.maracaibo.model import MaracaiboState, Pending


def arrive(s: MaracaiboState, ev: list[Event]) -> None:
    """L3 entering play: the city tile and any marker at Cartagena leave the game; disc tiles
    get their pre-placed discs (2 players: one on L11-L17; solo one more, MAR-J12)."""
    play = s.campaign
    assert play is not None
    for tile in active(s):
        if tile.kind in ("new_city", "city") and tile.id not in play.arrived:
            play.arrived.append(tile.id)
            market = tile.market or data().locations[tile.location].market
            s.board.markets.setdefault(tile.location, ["" for _ in market])
            if tile.kind == "city":
                quests.add_tiles(s, ev, [tile.location])  # L1: a quest on its quest space
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
