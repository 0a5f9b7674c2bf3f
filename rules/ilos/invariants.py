"""Invariants checked after every action by the random playouts."""

from __future__ import annotations

from collections import Counter

from rules.ilos.board import markers_used
from rules.ilos.components import CARD_TYPES, RESOURCES, components
from rules.ilos.geometry import placement_ok
from rules.ilos.model import Declaration, IlosState, PlacedTile, Turn


def invariants(state: IlosState) -> list[str]:
    comp = components()
    c = comp.constants
    bad: list[str] = []
    # Cards: 90 conserved, per type, across deck, discard and hands.
    total: Counter[str] = Counter(state.deck) + Counter(state.discard)
    for p in state.players:
        for card, n in p.hand.items():
            if n < 0:
                bad.append(f"{p.seat} holds {n} {card}")
            total[card] += max(n, 0)
        for res in RESOURCES:
            if p.screen[res] < 0 or p.production[res] < 0:
                bad.append(f"{p.seat}: negative {res}")
    for card in CARD_TYPES:
        if total[card] != comp.cards[card].count:
            bad.append(f"{card}: {total[card]} cards, expected {comp.cards[card].count}")
    # Tiles: every tile exactly once across board, face-up, stack and box.
    tiles = [p.tile for p in state.board] + state.face_up + state.stack + state.box
    if sorted(tiles) != sorted(comp.tile_order):
        bad.append("tiles not conserved")
    if len(state.face_up) > c.face_up or (state.stack and len(state.face_up) != c.face_up):
        bad.append("face-up area not kept at 3 while the stack lasts")
    cells = {(p.q, p.r) for p in state.board}
    if len(cells) != len(state.board):
        bad.append("two tiles on one cell")
    placed: dict[tuple[int, int], PlacedTile] = {}
    for pt in state.board:
        if placed and not placement_ok(
            comp, placed, comp.tiles[pt.tile], (pt.q, pt.r), pt.rotation
        ):
            bad.append(f"tile {pt.tile} placed illegally")
        placed[(pt.q, pt.r)] = pt
    placed_ids = {pt.tile for pt in state.board}
    # Ships.
    per_owner: Counter[str] = Counter(s.owner for s in state.ships)
    for seat, n in per_owner.items():
        if n > c.ships_per_player:
            bad.append(f"{seat} has {n} ships in play")
    hideouts: Counter[str] = Counter()
    for s in state.ships:
        if (s.region is None) == (s.hideout is None):
            bad.append(f"ship {s.id} must be on exactly one coast or hideout")
        if s.region is not None and s.region.split(".")[0] not in placed_ids:
            bad.append(f"ship {s.id} on a tile not in play")
        if s.hideout is not None:
            hideouts[s.hideout] += 1
            if s.hideout not in placed_ids or not comp.tiles[s.hideout].hideout:
                bad.append(f"ship {s.id} on a missing hideout")
    if any(n > 1 for n in hideouts.values()):
        bad.append("two ships on one hideout")
    # Colonists, buildings and production follow the spots.
    used: Counter[str] = Counter()
    production: dict[str, Counter[str]] = {p.seat: Counter() for p in state.players}
    buildings = 0
    for sid, spot in state.spots.items():
        used[spot.owner] += 1
        if sid.split(".")[0] not in placed_ids:
            bad.append(f"colonist on {sid}, not in play")
        kind = comp.spot_kind[sid]
        if kind in RESOURCES:
            production[spot.owner][kind] += 1
        if kind == "site":
            buildings += 1
            if spot.building is None:
                bad.append(f"site {sid} without a building")
            if spot.building == "trading_post":
                if spot.label is None or spot.label == "gold":
                    bad.append(f"trading post {sid} without a farm label")
                else:
                    production[spot.owner][spot.label] += 1
        elif spot.building is not None:
            bad.append(f"building on non-site {sid}")
    for p in state.players:
        if p.colonists_used > c.colonists_per_player or p.colonists_used != used[p.seat]:
            bad.append(f"{p.seat}: colonists used {p.colonists_used}, on board {used[p.seat]}")
        for res in RESOURCES:
            if p.production[res] != production[p.seat][res]:
                bad.append(f"{p.seat}: production {res} does not match the board")
    if (
        state.building_tokens_left != c.building_tokens - buildings
        or state.building_tokens_left < 0
    ):
        bad.append("building tokens not conserved")
    # Market.
    if markers_used(state) > comp.prices.markers_total:
        bad.append("more than 8 price markers used")
    for res, step in state.price_step.items():
        if not 0 <= step < len(comp.prices.tracks[res]):
            bad.append(f"{res} price step {step} out of range")
    if state.phase == "actions" and state.round < 1:
        bad.append("normal turns before round 1")
    bad += _decision_stack(state)
    return bad


def _decision_stack(state: IlosState) -> list[str]:
    """Issue 22.1: the seat in turn's ``Turn``, and at most its one declaration on top."""
    stack = state.decisions
    if not stack:
        return []
    bad: list[str] = []
    bottom, rest = stack[0], stack[1:]
    if not isinstance(bottom, Turn) or bottom.seat != state.active_seat:
        bad.append("the decision stack does not start with the turn of the seat in turn")
    if len(rest) > 1 or any(not isinstance(d, Declaration) for d in rest):
        bad.append("more than one declaration on the turn")
    if any(d.seat != bottom.seat for d in rest):
        bad.append("a declaration of a seat not in turn")
    if rest and bottom.kind == "mulligan":
        bad.append("a declaration during the mulligan")
    return bad
