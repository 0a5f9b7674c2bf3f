"""Make ``coastlines.json``: the land of Europe, the Mediterranean and the Caribbean, simplified.

The source is Natural Earth's 1:50m land (public domain), as the TopoJSON file ``land-50m.json``
of the npm package ``world-atlas`` (2.x). The bot never downloads anything: it reads the small
file this script writes. Run it again only to change the regions or the simplification::

    npm install world-atlas@2          # in any scratch folder
    python render/geodata/make_coastlines.py node_modules/world-atlas/land-50m.json

Each region keeps the land polygons that reach into its box (clipped to it), simplified with
Douglas-Peucker, tiny islets dropped; coordinates are stored as hundredths of a degree
(longitude, latitude) in flat lists, outer rings counter-clockwise-free (the renderer fills
outer rings with land and holes, such as the Caspian, with sea).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

Ring = list[tuple[float, float]]

REGIONS: dict[str, dict[str, object]] = {
    # lon min, lat min, lon max, lat max; simplification tolerance in degrees; least area kept
    "europe": {"box": (-30.0, 10.0, 56.0, 70.0), "tolerance": 0.07, "min_area": 0.04},
    "caribbean": {"box": (-92.0, 5.0, -55.0, 30.0), "tolerance": 0.04, "min_area": 0.01},
}


def decode(topo: dict[str, object]) -> list[list[Ring]]:
    """The land polygons (outer ring first, then holes) in degrees."""
    transform = topo["transform"]
    assert isinstance(transform, dict)
    sx, sy = transform["scale"]
    tx, ty = transform["translate"]
    arcs: list[Ring] = []
    raw_arcs = topo["arcs"]
    assert isinstance(raw_arcs, list)
    for arc in raw_arcs:
        x = y = 0
        pts: Ring = []
        for dx, dy in arc:
            x += dx
            y += dy
            pts.append((x * sx + tx, y * sy + ty))
        arcs.append(pts)

    def ring(indices: list[int]) -> Ring:
        out: Ring = []
        for i in indices:
            pts = arcs[i] if i >= 0 else list(reversed(arcs[~i]))
            out.extend(pts if not out else pts[1:])
        return out

    objects = topo["objects"]
    assert isinstance(objects, dict)
    land = objects["land"]
    geoms = land["geometries"] if land["type"] == "GeometryCollection" else [land]
    polygons: list[list[Ring]] = []
    for g in geoms:
        if g["type"] == "Polygon":
            polygons.append([ring(r) for r in g["arcs"]])
        elif g["type"] == "MultiPolygon":
            polygons.extend([ring(r) for r in p] for p in g["arcs"])
    return polygons


def clip(ring: Ring, box: tuple[float, float, float, float]) -> Ring:
    """Sutherland-Hodgman clipping of a ring to a box."""
    x0, y0, x1, y1 = box

    def cut(pts: Ring, inside, cross) -> Ring:  # type: ignore[no-untyped-def]
        out: Ring = []
        for i, cur in enumerate(pts):
            prev = pts[i - 1]
            if inside(cur):
                if not inside(prev):
                    out.append(cross(prev, cur))
                out.append(cur)
            elif inside(prev):
                out.append(cross(prev, cur))
        return out

    def at_x(x: float):  # type: ignore[no-untyped-def]
        return lambda a, b: (x, a[1] + (b[1] - a[1]) * (x - a[0]) / (b[0] - a[0]))

    def at_y(y: float):  # type: ignore[no-untyped-def]
        return lambda a, b: (a[0] + (b[0] - a[0]) * (y - a[1]) / (b[1] - a[1]), y)

    pts = ring
    for inside, cross in (
        (lambda p: p[0] >= x0, at_x(x0)),
        (lambda p: p[0] <= x1, at_x(x1)),
        (lambda p: p[1] >= y0, at_y(y0)),
        (lambda p: p[1] <= y1, at_y(y1)),
    ):
        if not pts:
            break
        pts = cut(pts, inside, cross)
    return pts


def simplify(pts: Ring, tol: float) -> Ring:
    """Douglas-Peucker (iterative)."""
    if len(pts) < 4:
        return pts
    keep = [False] * len(pts)
    keep[0] = keep[-1] = True
    stack = [(0, len(pts) - 1)]
    while stack:
        a, b = stack.pop()
        ax, ay = pts[a]
        bx, by = pts[b]
        dx, dy = bx - ax, by - ay
        norm = (dx * dx + dy * dy) ** 0.5
        best, at = 0.0, -1
        for i in range(a + 1, b):
            px, py = pts[i]
            if norm == 0:
                dist = ((px - ax) ** 2 + (py - ay) ** 2) ** 0.5
            else:
                dist = abs(dy * px - dx * py + bx * ay - by * ax) / norm
            if dist > best:
                best, at = dist, i
        if best > tol and at > 0:
            keep[at] = True
            stack += [(a, at), (at, b)]
    return [p for p, k in zip(pts, keep, strict=True) if k]


def area(pts: Ring) -> float:
    return abs(
        sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(pts, pts[1:] + pts[:1], strict=True)) / 2
    )


def region(
    polygons: list[list[Ring]], box: tuple[float, float, float, float], tol: float, min_area: float
) -> list[list[list[int]]]:
    out: list[list[list[int]]] = []
    for poly in polygons:
        rings: list[list[int]] = []
        for k, r in enumerate(poly):
            c = clip(r, box)
            if len(c) < 3 or area(c) < min_area:
                if k == 0:
                    break
                continue
            s = simplify([*c, c[0]], tol)[:-1]
            if len(s) < 3:
                if k == 0:
                    break
                continue
            flat: list[int] = []
            last = None
            for x, y in s:
                q = (round(x * 100), round(y * 100))
                if q != last:
                    flat += q
                    last = q
            rings.append(flat)
        if rings:
            out.append(rings)
    return out


def main(source: str, target: str | None = None) -> None:
    topo = json.loads(Path(source).read_text())
    polygons = decode(topo)
    data: dict[str, object] = {
        "source": "Natural Earth 1:50m land (public domain), via the npm package world-atlas 2",
        "made_by": "render/geodata/make_coastlines.py",
        "units": "hundredths of a degree: flat [lon, lat, lon, lat, ...] rings, outer ring first",
        "regions": {},
    }
    regions = data["regions"]
    assert isinstance(regions, dict)
    for name, spec in REGIONS.items():
        box = spec["box"]
        assert isinstance(box, tuple)
        regions[name] = {
            "box": [round(v * 100) for v in box],
            "land": region(polygons, box, float(spec["tolerance"]), float(spec["min_area"])),  # type: ignore[arg-type]
        }
    out = Path(target) if target else Path(__file__).with_name("coastlines.json")
    out.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(out, out.stat().st_size, "bytes")


if __name__ == "__main__":
    main(*sys.argv[1:])
