"""Suggested drawing positions inside a placed hex (non-normative rendering hints, section 11a).

Coordinates are hex-local: the tile centre is (0, 0), the circumradius is 1, y points down
(flat-top hex: corners at 0, 60, ... degrees; the N edge midpoint is at (0, -sqrt(3)/2)).
A renderer scales by its hex size and adds the tile's pixel centre.
"""

from __future__ import annotations

import math
from functools import cache

from rules.ilos.components import components
from rules.ilos.geometry import board_edge

APOTHEM = math.sqrt(3) / 2
Point = tuple[float, float]


def edge_midpoint(edge: int) -> Point:
    """Midpoint of board edge 0=N .. 5=NW."""
    angle = math.radians(-90 + 60 * edge)
    return (APOTHEM * math.cos(angle), APOTHEM * math.sin(angle))


def _round(p: Point) -> Point:
    return (round(p[0], 3), round(p[1], 3))


@cache
def tile_layout(
    tile_id: str, rotation: int
) -> tuple[dict[str, Point], dict[str, Point], Point | None]:
    """(region anchors by region id, spot centres by spot id, hideout centre or None)."""
    comp = components()
    tile = comp.tiles[tile_id]
    anchors: dict[str, Point] = {}
    spots: dict[str, Point] = {}
    for region in tile.regions:
        if not region.edges:
            continue
        mids = [edge_midpoint(board_edge(e, rotation)) for e in region.edges]
        x = sum(m[0] for m in mids) / len(mids)
        y = sum(m[1] for m in mids) / len(mids)
        norm = math.hypot(x, y)
        # Edges all around (e.g. N, SE, SW) average near the centre: keep it there.
        anchor = (x * 0.5, y * 0.5) if norm < 0.2 else (x / norm * 0.48, y / norm * 0.48)
        anchors[f"{tile_id}.{region.id}"] = anchor
    for region in tile.regions:
        if region.edges:
            continue
        # An inner islet sits away from the coastal regions.
        sx = sum(a[0] for a in anchors.values())
        sy = sum(a[1] for a in anchors.values())
        norm = math.hypot(sx, sy)
        anchors[f"{tile_id}.{region.id}"] = (
            (0.0, 0.0) if norm < 0.2 else (-sx / norm * 0.3, -sy / norm * 0.3)
        )
    for region in tile.regions:
        rid = f"{tile_id}.{region.id}"
        anchor = anchors[rid]
        ids = comp.region_spots[rid]
        ring = 0.0 if len(ids) == 1 else 0.17
        for i, sid in enumerate(ids):
            a = math.radians(-90 + 360 * i / len(ids))
            spots[sid] = _round((anchor[0] + ring * math.cos(a), anchor[1] + ring * math.sin(a)))
    anchors = {k: _round(v) for k, v in anchors.items()}
    hideout: Point | None = None
    sea = [d for d in range(6) if not tile.is_land((d - rotation) % 6)]
    if tile.hideout and not sea:
        hideout = (0.0, 0.0)
    elif tile.hideout:
        best = max(
            sea,
            key=lambda d: min(
                (
                    math.dist((edge_midpoint(d)[0] * 0.6, edge_midpoint(d)[1] * 0.6), p)
                    for p in spots.values()
                ),
                default=1.0,
            ),
        )
        m = edge_midpoint(best)
        hideout = _round((m[0] * 0.6, m[1] * 0.6))
    return anchors, spots, hideout
