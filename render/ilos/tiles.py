"""Ilos island tiles: where each region, spot, ship berth and hideout lies, and tile sprites.

Geometry follows the spec (ILOS-R100 to R103): flat-top hexes, edges 0=N, 1=NE, 2=SE, 3=S,
4=SW, 5=NW; a tile at rotation k shows printed edge e on board edge (e + k) mod 6. Each region
is drawn as land reaching the middle of its land edges (so land meets land across tile
borders), inner islets as a small island inside the tile, the hideout as a skull in open sea.
Positions are relative to the tile centre, in pixels, for a hex of circumradius ``size``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache

from PIL import Image, ImageDraw

from render import kit

Point = tuple[float, float]

SPOT_COLOURS: dict[str, kit.RGB] = {
    "ebony": (92, 62, 40),
    "spice": (214, 96, 38),
    "dye": (128, 70, 178),
    "gold": (232, 184, 30),
    "ruins": (120, 120, 120),
    "site": (70, 70, 70),
}
SPOT_ICON: dict[str, kit.IconKind] = {
    "ebony": "ebony",
    "spice": "spice",
    "dye": "dye",
    "gold": "gold",
    "ruins": "ruins",
    "site": "site",
}

SEA_COLOUR = kit.SEA
TILE_EDGE = (86, 138, 178)
LAND_FILL = (222, 204, 150)
LAND_SHORE = (132, 108, 62)
BEACH = (240, 228, 190)


min_font = kit.min_font
font = kit.font
recording_fonts = kit.recording_fonts


register_cache = kit.register_text_layer


def _dir(angle_deg: float) -> Point:
    a = math.radians(angle_deg)
    return (math.cos(a), math.sin(a))


def edge_angle(edge: int) -> float:
    """Pixel angle (y down) from the tile centre to the middle of board edge ``edge``."""
    return 270.0 + 60.0 * edge


def corner(size: float, angle_deg: float) -> Point:
    dx, dy = _dir(angle_deg)
    return (size * dx, size * dy)


def _lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _add(a: Point, b: Point, k: float = 1.0) -> Point:
    return (a[0] + b[0] * k, a[1] + b[1] * k)


def _dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _seg_dist(p: Point, a: Point, b: Point) -> float:
    """Distance from ``p`` to the segment ``a``-``b``."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return _dist(p, (ax + t * dx, ay + t * dy))


@dataclass(frozen=True)
class RegionShape:
    """One region's land on a tile: its hub, spot centres and where its ships are drawn."""

    id: str
    edges: tuple[int, ...]  # board edges (after rotation)
    hub: Point
    hub_radius: float
    spots: tuple[Point, ...]
    berth: Point  # sea point next to the region where its ships sit
    berth_axis: Point  # unit vector along which several ships line up


@dataclass(frozen=True)
class TileShape:
    size: float
    spot_radius: float
    regions: tuple[RegionShape, ...]
    hideout: Point | None
    label: Point

    def region(self, region_id: str) -> RegionShape:
        for r in self.regions:
            if r.id == region_id:
                return r
        raise KeyError(region_id)


def _cluster(n: int, centre: Point, radial: Point, spacing: float) -> list[Point]:
    """``n`` spot centres around ``centre``; rows run across ``radial`` (along the coast)."""
    tx, ty = -radial[1], radial[0]  # tangent
    rx, ry = radial
    if n == 1:
        offsets = [(0.0, 0.0)]
    elif n == 2:
        offsets = [(-0.5, 0.0), (0.5, 0.0)]
    elif n == 3:
        offsets = [(-0.5, 0.29), (0.5, 0.29), (0.0, -0.58)]
    else:
        offsets = [(-0.5, 0.5), (0.5, 0.5), (-0.5, -0.5), (0.5, -0.5)]
        if n > 4:
            offsets += [(0.0, 0.0)] * (n - 4)
    return [
        (centre[0] + spacing * (a * tx + b * rx), centre[1] + spacing * (a * ty + b * ry))
        for a, b in offsets
    ]


def _cluster_extent(n: int, spacing: float) -> float:
    return {1: 0.0, 2: 0.5, 3: 0.58}.get(n, 0.71) * spacing


@dataclass(frozen=True)
class TileKey:
    """A tile as placed (or face up), hashable, for geometry and the sprite cache.

    ``tile`` is the label printed on the tile: its number, what the rules' texts call it
    ("tile 4"). ``regions`` holds ``(short region id, board edges after rotation, spot kinds)``; a region
    with no edges is an inner islet.
    """

    tile: str
    hideout: bool
    regions: tuple[tuple[str, tuple[int, ...], tuple[str, ...]], ...]


_EDGE_DIRS: tuple[Point, ...] = tuple(_dir(edge_angle(e)) for e in range(6))


@lru_cache(maxsize=64)
def _sea_points(size: float) -> list[Point]:
    """Candidate sea points of a hex of ``size`` (berths, hideout): a ring grid inside the
    hex, kept clear of the border; the same for every tile of that size. Callers only read
    the list."""
    apothem = size * math.sqrt(3) / 2
    candidates: list[Point] = []
    for ring in (0.3, 0.45, 0.58, 0.7):
        for step in range(24):
            p = _add((0, 0), _dir(15.0 * step), ring * size)
            if all(p[0] * u[0] + p[1] * u[1] <= apothem - 0.2 * size for u in _EDGE_DIRS):
                candidates.append(p)
    return candidates


LAYOUT_SIZE = 160
"""Every tile is laid out once, at this hex size, and the layout scaled to the size drawn:
the artwork (drawn at this size too) and what the map places on it (pieces, boats, the
pirate beside the hideout's skull) always agree, and a zoom step lays out nothing."""


def _scaled(point: Point, f: float) -> Point:
    return (point[0] * f, point[1] * f)


@lru_cache(maxsize=1024)
def tile_shape(key: TileKey, size: float) -> TileShape:
    """Where everything on a tile lies (edges already rotated, ILOS-R103), for hex ``size``:
    the tile's layout (``_layout``) scaled."""
    shape = _layout(replace(key, tile=""))
    f = size / LAYOUT_SIZE
    if f == 1:
        return shape
    regions = tuple(
        replace(
            r,
            hub=_scaled(r.hub, f),
            hub_radius=r.hub_radius * f,
            spots=tuple(_scaled(p, f) for p in r.spots),
            berth=_scaled(r.berth, f),
        )
        for r in shape.regions
    )
    hideout = None if shape.hideout is None else _scaled(shape.hideout, f)
    return TileShape(size, shape.spot_radius * f, regions, hideout, _scaled(shape.label, f))


@lru_cache(maxsize=512)
def _layout(key: TileKey) -> TileShape:
    """The tile laid out at ``LAYOUT_SIZE``: land hubs, spots, berths clear of the land and
    of each other, the hideout in the most open sea, the number where it covers nothing."""
    size = float(LAYOUT_SIZE)
    spot_r = size * 0.15
    spacing = spot_r * 2.3
    land_regions = [r for r in key.regions if r[1]]
    islets = [r for r in key.regions if not r[1]]
    land_vec = (0.0, 0.0)
    land_edges = [e for r in land_regions for e in r[1]]
    for e in land_edges:
        land_vec = _add(land_vec, _dir(edge_angle(e)))
    sea_edges = [d for d in range(6) if d not in land_edges]

    hubs: list[tuple[str, tuple[int, ...], Point, float, Point, int]] = []
    for rid, redges, kinds in land_regions:
        edges = tuple(sorted(redges))
        vec = (0.0, 0.0)
        for e in edges:
            vec = _add(vec, _dir(edge_angle(e)))
        vec = (vec[0] / len(edges), vec[1] / len(edges))
        n = len(kinds)
        mag = math.hypot(*vec)
        if mag < 0.45:
            # the region spans the tile (e.g. opposite edges): its hub is the centre
            radial = (0.0, -1.0) if mag < 1e-6 else (vec[0] / mag, vec[1] / mag)
            hub = (0.0, 0.0)
        else:
            radial = (vec[0] / mag, vec[1] / mag)
            depth = {1: 0.5, 2: 0.46}.get(n, 0.32) * size
            if len(land_regions) + len(islets) == 1:
                depth = min(depth, 0.3 * size)
            hub = (radial[0] * depth, radial[1] * depth)
        hubs.append((rid, edges, hub, _cluster_extent(n, spacing) + spot_r * 1.25, radial, n))

    for rid, _, kinds in islets:
        mag = math.hypot(*land_vec)
        if mag > 0.3:
            away = (-land_vec[0] / mag, -land_vec[1] / mag)
        else:
            # land on opposite sides: put the islet toward a sea edge
            d = sea_edges[0] if sea_edges else 0
            away = _dir(edge_angle(d))
        n = len(kinds)
        dist = 0.36 * size if land_regions else 0.0
        hub = (away[0] * dist, away[1] * dist)
        hubs.append(
            (
                rid,
                (),
                hub,
                _cluster_extent(n, spacing) + spot_r * 1.3,
                (-away[1], away[0]) if n > 1 else away,
                n,
            )
        )

    apothem = size * math.sqrt(3) / 2
    candidates = _sea_points(size)

    spokes: list[tuple[Point, Point]] = []
    for _, edges, hub, *_ in hubs:
        for e in edges:
            spokes.append((_add((0, 0), _dir(edge_angle(e)), apothem), hub))

    def clearance(p: Point) -> float:
        """Distance from ``p`` to the nearest land (hub discs and spokes)."""
        best = min((_dist(p, h[2]) - h[3] for h in hubs), default=size)
        for a_, b_ in spokes:
            best = min(best, _seg_dist(p, a_, b_) - 0.3 * size)
        return best

    free = {c: clearance(c) for c in candidates}
    hideout: Point | None = None
    if key.hideout:
        hideout = max(candidates, key=lambda p: (round(free[p] / (0.05 * size)), -abs(p[0])))
    taken: list[Point] = [hideout] if hideout is not None else []

    regions: list[RegionShape] = []
    boat_r = 0.17 * size
    # regions with the least sea around them choose first
    order = sorted(range(len(hubs)), key=lambda i: -len(hubs[i][1]))
    chosen: dict[int, Point] = {}
    for i in order:
        hub = hubs[i][2]
        hub_r = hubs[i][3]
        ok = [
            c
            for c in candidates
            if free[c] >= boat_r * 0.9 and all(_dist(c, t) >= 0.42 * size for t in taken)
        ]
        if not ok:
            ok = [
                c for c in candidates if all(_dist(c, t) >= 0.3 * size for t in taken)
            ] or candidates
            berth = max(ok, key=lambda p: free[p] - 0.3 * _dist(p, hub))
        else:
            berth = min(ok, key=lambda p: _dist(p, hub) - hub_r)
        chosen[i] = berth
        taken.append(berth)
    for i, (rid, edges, hub, hub_r, radial, n) in enumerate(hubs):
        spots = _cluster(n, hub, radial, spacing)
        berth = chosen[i]
        bx, by = berth
        bm = math.hypot(bx, by) or 1.0
        axis = (-by / bm, bx / bm)
        regions.append(RegionShape(rid, edges, hub, hub_r, tuple(spots), berth, axis))

    label_spots = [corner(size * 0.78, 60 * i) for i in range(6)]
    label = max(
        label_spots,
        key=lambda p: (
            round(
                min(clearance(p), min((_dist(p, u) for u in taken), default=size)) / (0.1 * size)
            ),
            p[1] < 0,
        ),
    )
    return TileShape(size, spot_r, tuple(regions), hideout, label)


def _land_pieces(shape: TileShape, grow: float) -> list[tuple[str, list[Point]]]:
    """Polygons ("poly") and discs ("disc", centre + radius as a 2-point list) of the land."""
    size = shape.size
    out: list[tuple[str, list[Point]]] = []
    for region in shape.regions:
        hub = region.hub
        hub_r = region.hub_radius + grow
        out.append(("disc", [hub, (hub_r, 0.0)]))
        for d in region.edges:
            c1 = corner(size * 1.15, 240 + 60 * d)
            c2 = corner(size * 1.15, 300 + 60 * d)
            p1 = _lerp(c1, c2, 0.24)
            p2 = _lerp(c1, c2, 0.76)
            mid = _add((0, 0), _dir(edge_angle(d)), size * 0.87)
            along = _dir(edge_angle(d) + 90)
            w = size * 0.3 + grow
            p1 = _add(p1, along, -grow)
            p2 = _add(p2, along, grow)
            # spoke from the edge to the hub, slightly narrowing
            to_hub = (hub[0] - mid[0], hub[1] - mid[1])
            q1 = _add(hub, along, -min(w, hub_r))
            q2 = _add(hub, along, min(w, hub_r))
            if math.hypot(*to_hub) < 1:
                q1, q2 = _lerp(p1, (0, 0), 0.6), _lerp(p2, (0, 0), 0.6)
            out.append(("poly", [p1, p2, q2, q1]))
            if (d + 1) % 6 in region.edges:
                shared = corner(size * 1.15, 300 + 60 * d)
                nxt = (d + 1) % 6
                n1 = _lerp(
                    corner(size * 1.15, 240 + 60 * nxt), corner(size * 1.15, 300 + 60 * nxt), 0.24
                )
                out.append(("poly", [p2, shared, n1, hub]))
    return out


def _draw_land(
    draw: ImageDraw.ImageDraw,
    shape: TileShape,
    origin: Point,
    scale: float,
    grow: float,
    fill: kit.RGB | int,
) -> None:
    ox, oy = origin
    for kind, pts in _land_pieces(shape, grow):
        if kind == "disc":
            (cx, cy), (r, _) = pts
            draw.ellipse(
                (
                    (ox + cx) * scale - r * scale,
                    (oy + cy) * scale - r * scale,
                    (ox + cx) * scale + r * scale,
                    (oy + cy) * scale + r * scale,
                ),
                fill=fill,
            )
        else:
            draw.polygon([((ox + x) * scale, (oy + y) * scale) for x, y in pts], fill=fill)


ART_SIZE = 144
"""Tile artwork is drawn once at this hex size and shrunk for smaller maps (a growing
archipelago changes the map's hex size, and every zoom step shrinks every tile again). The
shrink is a box filter (each pixel the mean of the artwork it covers): on flat artwork it
looks the same as Lanczos at a third of the cost (0.4 ms against 1.2 ms a tile). 144 is the
largest hex a map is drawn at (``render.ilos``: at most 150 px, in steps of 8): a new map's
tiles are the artwork itself, with no shrink, and a smaller artwork shrinks faster."""


_ART_COLOURS: tuple[kit.RGB, ...] = (TILE_EDGE, SEA_COLOUR, LAND_SHORE, BEACH, LAND_FILL)
"""The colours of a tile's supersampled artwork, by palette index (0, the tile's edge, is
also what lies outside it: the shrunk border blends only edge colour)."""
_ART_PALETTE = [v for colour in _ART_COLOURS for v in colour]


TILE_ARTS = 64
"""Tile artworks kept (``_tile_art``): 0.28 MiB each at ``ART_SIZE``, 18 MiB when full (256
were 72 MiB). The map's tiles are shrunk from them once per hex size (``map_tile`` keeps
those), so an artwork is read again only when a tile is placed or a map changes size."""


@kit.static_layer(maxsize=TILE_ARTS)
def _tile_art(key: TileKey, size: int) -> Image.Image:
    """The tile's artwork (``_draw_tile_art``) kept premultiplied ("RGBa"), the form Pillow
    shrinks an RGBA image in: each new size converts only its small result back."""
    return _draw_tile_art(key, size).convert("RGBa")


@lru_cache(maxsize=16)
def _hex_mask(size: int, s: int) -> Image.Image:
    """The alpha of a tile's artwork: the hex of ``size`` drawn ``s`` times bigger and shrunk
    (the same for every tile of that size; callers only read it)."""
    w = 2 * size + 4
    h = math.ceil(math.sqrt(3) * size) + 4
    origin = (w / 2, h / 2)
    hex_pts = [((origin[0] + x) * s, (origin[1] + y) * s) for x, y in kit.hexagon((0, 0), size)]
    mask = Image.new("L", (w * s, h * s), 0)
    ImageDraw.Draw(mask).polygon(hex_pts, fill=255)
    return mask.reduce(s)


def _draw_tile_art(key: TileKey, size: int) -> Image.Image:
    """The tile's artwork without its number (sea, land, empty spots, hideout).

    The land is drawn supersampled in palette indices (one byte a pixel) and shrunk as RGB,
    and the hex's own supersampled mask gives the alpha: no clipping pass and no
    premultiplied shrink of a large RGBA layer."""
    shape = tile_shape(key, size)
    s = 2  # supersample: the art is shrunk again to the map; 3 looked the same, twice the cost
    w = 2 * size + 4
    h = math.ceil(math.sqrt(3) * size) + 4
    origin = (w / 2, h / 2)
    big = Image.new("P", (w * s, h * s), 0)
    d = ImageDraw.Draw(big)
    hex_pts = [((origin[0] + x) * s, (origin[1] + y) * s) for x, y in kit.hexagon((0, 0), size)]
    d.polygon(hex_pts, fill=1)
    # land with a shore line: a grown dark pass, a beach pass, then the land fill
    _draw_land(d, shape, origin, s, size * 0.05, 2)
    _draw_land(d, shape, origin, s, size * 0.03, 3)
    _draw_land(d, shape, origin, s, 0, 4)
    # the edge drawn inside the hex and just outside it: land beyond the hex never reaches a
    # border pixel of the shrunk tile (the mask makes everything further out transparent)
    d.polygon(hex_pts, outline=0, width=2 * s)
    outside = [((origin[0] + x) * s, (origin[1] + y) * s) for x, y in kit.hexagon((0, 0), size + 2)]
    d.polygon(outside, outline=0, width=3 * s)
    big.putpalette(_ART_PALETTE)
    # a box filter: as smooth as Lanczos on flat art, far faster
    img = big.convert("RGB").reduce(s).convert("RGBA")
    img.putalpha(_hex_mask(size, s))
    dd = ImageDraw.Draw(img)
    r = shape.spot_radius
    icon_size = round(r * 1.45)
    kinds_of = {rid: kinds for rid, _, kinds in key.regions}
    for region in shape.regions:
        for (x, y), kind in zip(region.spots, kinds_of[region.id], strict=True):
            cx, cy = origin[0] + x, origin[1] + y
            dd.ellipse(
                (cx - r, cy - r, cx + r, cy + r),
                fill=kit.WHITE,
                outline=SPOT_COLOURS[kind],
                width=max(2, round(r / 6)),
            )
            kit.paste_icon(img, SPOT_ICON[kind], (cx, cy), icon_size, SPOT_COLOURS[kind])
    if shape.hideout is not None:
        hx, hy = origin[0] + shape.hideout[0], origin[1] + shape.hideout[1]
        hr = r * 1.05
        dd.ellipse(
            (hx - hr, hy - hr, hx + hr, hy + hr), fill=(40, 44, 52), outline=kit.WHITE, width=2
        )
        kit.paste_icon(img, "skull", (hx, hy), round(hr * 1.3), kit.WHITE, (40, 44, 52))
    return img


def _shrunk(img: Image.Image, size: int) -> Image.Image:
    """``img``, drawn for a hex of ``ART_SIZE``, shrunk for a hex of ``size``."""
    f = size / ART_SIZE
    return img.resize(
        (max(1, round(img.width * f)), max(1, round(img.height * f))), Image.Resampling.BOX
    )


def _print_number(img: Image.Image, key: TileKey, size: int, number_px: int) -> None:
    """The tile's number on ``img`` (the tile centred in it), where the tile prints it."""
    shape = tile_shape(key, size)
    kit.label(
        ImageDraw.Draw(img),
        (img.width / 2 + shape.label[0], img.height / 2 + shape.label[1]),
        key.tile,
        font(number_px or max(22, round(size * 0.2)), bold=True),
        fill=kit.WHITE,
        outline=TILE_EDGE,
        anchor="mm",
    )


@kit.static_layer(maxsize=512)
def tile_sprite(
    key: TileKey, size: int, number_px: int = 0, shared_art: bool = True
) -> Image.Image:
    """The tile's artwork and its number, cached per tile, pose and size.

    The returned RGBA image is about ``2 * size`` wide and ``sqrt(3) * size`` high plus a
    small margin, centred on the tile centre. ``shared_art``: shrunk from the artwork every
    size of that pose shares (the map's tiles, drawn again at every zoom step); otherwise
    the artwork is drawn at ``size`` itself, a third of the work of the shared one for a
    small tile shown at one size (the face-up tiles: placed, most take another rotation).
    """
    art_key = replace(key, tile="")
    if not shared_art and size < ART_SIZE:
        img = _draw_tile_art(art_key, size)
    elif size < ART_SIZE:
        img = _shrunk(_tile_art(art_key, ART_SIZE), size).convert("RGBA")
    else:
        img = _tile_art(art_key, size).convert("RGBA")
    if not key.tile:
        return kit.plan_paste(img)
    _print_number(img, key, size, number_px)
    return kit.plan_paste(img)  # pasted on every map: copied where opaque, blended at edges


_ANY = [0] + [255] * 255  # a lookup table: any alpha to "drawn"


def _art_over(art_key: TileKey, bg: kit.RGB) -> Image.Image:
    """The tile's artwork at ``ART_SIZE`` over ``bg`` (RGB), from the kept artwork."""
    art = _tile_art(art_key, ART_SIZE).convert("RGBA")
    out = Image.new("RGB", art.size, bg)
    out.paste(art, (0, 0), art)
    return out


@lru_cache(maxsize=32)
def _art_mask(size: int) -> Image.Image:
    """Where a tile's artwork shrunk to ``size`` has any alpha (every tile's: its hex)."""
    return _shrunk(_hex_mask(ART_SIZE, 2), size).point(_ANY, "1")


@dataclass(frozen=True)
class MapTile:
    """A tile as a map drawn in a fixed palette pastes it (``map_tile``): its indices where
    ``mask`` is set (shared by the tiles of a size), then its number's box (``number``: the
    box's corner in the tile, its indices and mask), which may reach past the hex."""

    indices: Image.Image
    mask: Image.Image
    number: tuple[tuple[int, int], Image.Image, Image.Image] | None

    def paste(self, canvas: Image.Image, centre: Point) -> None:
        """Paste on a "P" canvas, centred at ``centre`` (as ``kit.paste`` places a sprite)."""
        x = round(centre[0] - self.indices.width / 2)
        y = round(centre[1] - self.indices.height / 2)
        canvas.paste(self.indices, (x, y), self.mask)
        if self.number is not None:
            (nx, ny), indices, mask = self.number
            canvas.paste(indices, (x + nx, y + ny), mask)


MAP_TILES = 512
"""Map tiles kept (``map_tile``): 20-75 KiB each (hex sizes 88-144), about 25 MiB when full;
a game in play needs its tiles at its map's size and the two sizes drawn ahead (40-60).
Fifty 4-player games at once through two render workers (``bench.throughput``): a worker's
peak resident memory 306 MiB (197 once started) with 512 map tiles and 64 artworks, 346 with
1024 and 128, for the same render CPU within the noise (22-24 s)."""


@lru_cache(maxsize=MAP_TILES)  # a static layer (shared, never drawn on)
def map_tile(key: TileKey, size: int, number_px: int, bg: kit.RGB, palette: str) -> MapTile:
    """``tile_sprite`` over ``bg`` in the fixed ``palette``, as a map drawn in that palette
    pastes it (``MapTile``). For a hex smaller than ``ART_SIZE`` the artwork is laid over
    ``bg`` before it is shrunk (the same blend, within a level's rounding, for the cost of an
    RGB shrink and no blend afterwards), and every tile of that size shares one mask."""
    art_key = replace(key, tile="")
    if size < ART_SIZE:
        img = _shrunk(_art_over(art_key, bg), size)
        mask = _art_mask(size)
    else:
        sprite = _tile_art(art_key, size).convert("RGBA")
        img = Image.new("RGB", sprite.size, bg)
        img.paste(sprite, (0, 0), sprite)
        mask = sprite.getchannel("A").point(_ANY, "1")
    printed: Image.Image | None = None
    if key.tile:
        # the number may reach past the hex: its box is pasted with its own mask
        printed = Image.new("RGBA", img.size, (0, 0, 0, 0))
        for target in (img, printed):
            _print_number(target, key, size, number_px)
    indices = kit.to_palette(img, palette)
    box = printed.getchannel("A").getbbox() if printed is not None else None
    if printed is None or box is None:
        return MapTile(indices, mask, None)
    number_mask = printed.crop(box).getchannel("A").point(_ANY, "1")
    return MapTile(indices, mask, ((box[0], box[1]), indices.crop(box), number_mask))


register_cache(tile_sprite.cache_clear)  # type: ignore[attr-defined]
register_cache(map_tile.cache_clear)
register_cache(_tile_art.cache_clear)  # type: ignore[attr-defined]
