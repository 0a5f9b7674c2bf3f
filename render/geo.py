"""Real geography for the maps: shipped coastlines, a projection and sea zones.

``geodata/coastlines.json`` holds Natural Earth's land (public domain), simplified and clipped
to the regions the games need by ``geodata/make_coastlines.py``; nothing is downloaded at run
time. A :class:`Viewport` maps longitude and latitude to pixels (equirectangular, with the
region's fixed standard parallel so parts and zoomed choice pictures share one shape of the
land). :func:`land_layer` draws sea and land; :func:`zone_borders` draws the borders between
sea zones as the Voronoi regions of their seed points, clipped to the sea.
"""

from __future__ import annotations

import json
import math
import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from PIL import Image, ImageDraw, ImageFilter

from render import kit

LonLat = tuple[float, float]


@lru_cache(maxsize=1)
def _coastlines() -> dict[str, list[list[list[int]]]]:
    raw = resources.files("render").joinpath("geodata", "coastlines.json").read_text()
    regions = json.loads(raw)["regions"]
    return {name: region["land"] for name, region in regions.items()}


def land(region: str) -> list[list[list[LonLat]]]:
    """The land polygons of a shipped region (outer ring first, then holes), in degrees."""
    return [[list(ring) for ring in poly] for poly in _land(region)]


@lru_cache(maxsize=8)
def _land(region: str) -> tuple[tuple[tuple[LonLat, ...], ...], ...]:
    return tuple(
        tuple(
            tuple((ring[i] / 100, ring[i + 1] / 100) for i in range(0, len(ring), 2))
            for ring in poly
        )
        for poly in _coastlines()[region]
    )


@dataclass(frozen=True)
class Viewport:
    """A box of the earth drawn ``width`` px wide, ``top`` px below the image's top edge."""

    west: float
    south: float
    east: float
    north: float
    width: int
    top: int = 0
    parallel: float = 45.0  # the standard parallel: x is scaled by its cosine

    @property
    def scale(self) -> float:
        """Pixels per degree of latitude."""
        return self.width / ((self.east - self.west) * math.cos(math.radians(self.parallel)))

    @property
    def height(self) -> int:
        """The image height (the map below ``top``)."""
        return self.top + round((self.north - self.south) * self.scale)

    def xy(self, lon: float, lat: float) -> kit.Point:
        k = self.scale
        return (
            (lon - self.west) * k * math.cos(math.radians(self.parallel)),
            self.top + (self.north - lat) * k,
        )

    def xys(self, points: Iterable[LonLat]) -> list[kit.Point]:
        """:meth:`xy` of every point (the same sums, the scale worked out once)."""
        k, west, north, top = self.scale, self.west, self.north, self.top
        c = math.cos(math.radians(self.parallel))
        return [((lon - west) * k * c, top + (north - lat) * k) for lon, lat in points]

    def inside(self, lon: float, lat: float, margin: float = 0.0) -> bool:
        x, y = self.xy(lon, lat)
        return margin <= x <= self.width - margin and self.top + margin <= y <= self.height - margin


def zoom(
    points: Sequence[LonLat],
    width: int,
    top: int,
    parallel: float,
    context: float,
    min_span: float,
    max_height: int,
    within: tuple[float, float, float, float] | None = None,
) -> Viewport:
    """The viewport that shows ``points`` with ``context`` degrees around them (at least
    ``min_span`` degrees of latitude tall), ``width`` px wide and at most ``max_height`` px
    tall, kept inside ``within`` (west, south, east, north) where it can be. The box is
    snapped to whole degrees, so repeated choices share a cached drawing."""
    cos = math.cos(math.radians(parallel))
    west = math.floor(min(p[0] for p in points) - context / cos)
    east = math.ceil(max(p[0] for p in points) + context / cos)
    south = math.floor(min(p[1] for p in points) - context)
    north = math.ceil(max(p[1] for p in points) + context)
    if north - south < min_span:
        grow = (min_span - (north - south)) / 2
        south, north = math.floor(south - grow), math.ceil(north + grow)
    # no taller than the image allows: widen the box (the land's shape stays)
    while True:
        port = Viewport(west, south, east, north, width, top, parallel)
        if port.height <= max_height:
            break
        west, east = west - 1, east + 1
    if within is not None:
        w, s, e, n = within
        span_x, span_y = east - west, north - south
        if span_x <= e - w:
            west = min(max(west, math.floor(w)), math.ceil(e) - span_x)
        if span_y <= n - s:
            south = min(max(south, math.floor(s)), math.ceil(n) - span_y)
        port = Viewport(west, south, west + span_x, south + span_y, width, top, parallel)
    return port


def _rings_xy(port: Viewport, region: str) -> list[list[list[kit.Point]]]:
    """The region's land rings in the viewport's pixels (as :meth:`Viewport.xy` puts them)."""
    return [[port.xys(ring) for ring in poly] for poly in _land(region)]


def land_mask(port: Viewport, region: str) -> Image.Image:
    """An ``L`` image of the viewport: 255 on land, 0 at sea (anti-aliased coasts)."""
    return _land_mask(port, _rings_xy(port, region))


def _land_mask(port: Viewport, rings: list[list[list[kit.Point]]]) -> Image.Image:
    s = 2
    big = Image.new("L", (port.width * s, port.height * s), 0)
    d = ImageDraw.Draw(big)
    for poly in rings:
        for k, ring in enumerate(poly):
            d.polygon([(x * s, y * s) for x, y in ring], fill=255 if k == 0 else 0)
    return big.resize((port.width, port.height), Image.Resampling.BILINEAR)


def land_layer(
    port: Viewport, region: str, sea: kit.RGB = kit.SEA, ground: kit.RGB = kit.LAND
) -> tuple[Image.Image, Image.Image]:
    """The map's sea and land (an RGB image) and the land mask it was drawn with."""
    rings = _rings_xy(port, region)
    mask = _land_mask(port, rings)
    img = Image.new("RGB", (port.width, port.height), sea)
    img.paste(Image.new("RGB", img.size, ground), (0, 0), mask)
    # the coast: a thin darker line where land meets sea
    edge = ImageDraw.Draw(img)
    for poly in rings:
        for pts in poly:
            edge.line([*pts, pts[0]], fill=kit.darker(ground, 0.35), width=2)
    return img, mask


@dataclass(frozen=True)
class Zone:
    """A sea zone: its id and its seed points (lon, lat)."""

    id: str
    seeds: tuple[LonLat, ...]


def zone_borders(
    img: Image.Image,
    mask: Image.Image,
    port: Viewport,
    zones: Sequence[Zone],
    reach: float,
    colour: kit.RGB,
    width: int = 3,
    cell: int = 20,
) -> None:
    """Draw, on the sea only, the borders between the Voronoi regions of different zones'
    seeds (each border is the bisector of the two nearest seeds of different zones), within
    ``reach`` degrees of a seed."""
    margin = reach * port.scale
    seeds = [
        (xy, i)
        for i, z in enumerate(zones)
        for lon, lat in z.seeds
        if -margin <= (xy := port.xy(lon, lat))[0] <= port.width + margin
        and port.top - margin <= xy[1] <= port.height + margin
    ]
    if len({i for _p, i in seeds}) < 2:
        return
    reach_px = reach * port.scale

    xs = [sx for (sx, _sy), _z in seeds]
    ys = [sy for (_sx, sy), _z in seeds]

    def nearest_of(dx2: list[float], dy2: list[float]) -> tuple[int, int, float]:
        at, best = nearest_seed(dx2, dy2)
        return at, seeds[at][1], math.sqrt(best)

    def nearest(x: float, y: float) -> tuple[int, int, float]:
        """(seed index, its zone, distance) of the nearest seed."""
        return nearest_of(squares(x, xs), squares(y, ys))

    cols = port.width // cell + 2
    rows = (port.height - port.top) // cell + 2
    # only grid points next to some sea need their nearest seed
    small = mask.crop((0, port.top, cols * cell, port.top + rows * cell)).resize(
        (cols, rows), Image.Resampling.BOX
    )
    # a grid point is wet when any sea lies in the cells around it
    near_sea = small.filter(ImageFilter.MinFilter(3)).load()
    assert near_sea is not None
    wet = [[int(near_sea[c, r]) < 250 for c in range(cols)] for r in range(rows)]  # type: ignore[arg-type]
    far = (0, -1, 1e18)
    # a grid point's squared distances along x are its column's, along y its row's
    across = [squares(c * cell, xs) for c in range(cols)]
    grid = [
        [nearest_of(across[c], down) if wet[r][c] else far for c in range(cols)]
        for r, down in ((r, squares(port.top + r * cell, ys)) for r in range(rows))
    ]
    layer = Image.new("RGBA", (port.width, port.height), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    for r in range(rows - 1):
        for c in range(cols - 1):
            corners = (grid[r][c], grid[r][c + 1], grid[r + 1][c], grid[r + 1][c + 1])
            if (
                any(z < 0 for _k, z, _d in corners)
                or len({z for _k, z, _d in corners}) < 2
                or min(dd for *_x, dd in corners) > reach_px
            ):
                continue
            x0, y0 = c * cell, port.top + r * cell
            pairs = {(a[0], b[0]) for a in corners for b in corners if a[1] < b[1]}
            for ka, kb in pairs:
                seg = _bisector_in_cell(seeds[ka][0], seeds[kb][0], (x0, y0, x0 + cell, y0 + cell))
                if seg is None:
                    continue
                mid = ((seg[0][0] + seg[1][0]) / 2, (seg[0][1] + seg[1][1]) / 2)
                if nearest(*mid)[2] < math.dist(mid, seeds[ka][0]) - 1.0:
                    continue  # a third seed is nearer: not this pair's border here
                d.line(seg, fill=(*colour, 255), width=width)
    sea_only = Image.eval(mask, lambda v: 255 - v)
    img.paste(layer, (0, 0), _and(layer.getchannel("A"), sea_only))


def squares(v: float, of: Sequence[float]) -> list[float]:
    """``(s - v) ** 2`` for every ``s`` of ``of``."""
    return [(s - v) ** 2 for s in of]


def nearest_seed(dx2: Sequence[float], dy2: Sequence[float]) -> tuple[int, float]:
    """(index, squared distance) of the nearest of some seeds, the first of equals, from
    each seed's squared distance along x and along y: what checking ``dx2[k] + dy2[k]``
    seed by seed for a smaller one, from ``1e18`` down, finds (index 0 if none is
    smaller), with the sums and the search done in C."""
    dists = list(map(operator.add, dx2, dy2))
    best = min(dists, default=1e18)
    if not best < 1e18:
        return 0, 1e18
    return dists.index(best), best


def _and(a: Image.Image, b: Image.Image) -> Image.Image:
    from PIL import ImageChops

    return ImageChops.multiply(a, b)


def _bisector_in_cell(
    p: kit.Point, q: kit.Point, box: kit.Box
) -> tuple[kit.Point, kit.Point] | None:
    """The part of the perpendicular bisector of ``p`` and ``q`` inside ``box``."""
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    dx, dy = -(q[1] - p[1]), q[0] - p[0]  # direction of the bisector
    x0, y0, x1, y1 = box
    lo, hi = -1e18, 1e18
    for o, v, a, b in ((mx, dx, x0, x1), (my, dy, y0, y1)):
        if abs(v) < 1e-12:
            if not a <= o <= b:
                return None
            continue
        t1, t2 = (a - o) / v, (b - o) / v
        lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
    if lo >= hi:
        return None
    return (mx + dx * lo, my + dy * lo), (mx + dx * hi, my + dy * hi)


__all__ = ["Viewport", "Zone", "land", "land_layer", "land_mask", "zone_borders", "zoom"]
