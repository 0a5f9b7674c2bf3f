"""The map geometry's fast paths answer as their plain forms (issue 23: an Age of
Renaissance choices picture for a new viewport redraws its map, and these ran per point)."""

from __future__ import annotations

import math
import random

from render import geo


def test_issue23_xys_puts_every_point_where_xy_does() -> None:
    rnd = random.Random(23)
    for _ in range(20):
        west, south = rnd.randint(-20, 20), rnd.randint(20, 50)
        port = geo.Viewport(
            west, south, west + rnd.randint(4, 40), south + rnd.randint(4, 30), 1000, 60, 38.5
        )
        points = [(rnd.uniform(-30, 70), rnd.uniform(10, 80)) for _ in range(50)]
        assert port.xys(points) == [port.xy(lon, lat) for lon, lat in points]
    assert port.xys([]) == []


def test_issue23_nearest_seed_is_the_first_of_a_plain_search() -> None:
    """Ties (equal squared distances) go to the first seed, as the plain search finds."""
    rnd = random.Random(5)

    def plain(dx2: list[float], dy2: list[float]) -> tuple[int, float]:
        best, at = 1e18, 0
        for k in range(len(dx2)):
            dist = dx2[k] + dy2[k]
            if dist < best:
                best, at = dist, k
        return at, best

    cases = 0
    for _ in range(300):
        n = rnd.randint(1, 30)
        seeds = [(rnd.choice([0.0, 10.0, 20.0]), rnd.choice([0.0, 10.0])) for _ in range(n)]
        seeds += [(rnd.uniform(-50, 50), rnd.uniform(-50, 50)) for _ in range(n)]
        rnd.shuffle(seeds)
        x, y = rnd.choice([(10.0, 5.0), (rnd.uniform(-60, 60), rnd.uniform(-60, 60))])
        dx2 = geo.squares(x, [s[0] for s in seeds])
        dy2 = geo.squares(y, [s[1] for s in seeds])
        assert dx2 == [(s[0] - x) ** 2 for s in seeds]
        assert geo.nearest_seed(dx2, dy2) == plain(dx2, dy2)
        cases += plain(dx2, dy2)[0] > 0
    assert cases > 100  # not always the first seed
    assert geo.nearest_seed([2e18], [0.0]) == plain([2e18], [0.0]) == (0, 1e18)
    assert geo.nearest_seed([1.0, 4.0, 1.0], [4.0, 1.0, 4.0]) == (0, 5.0)
    assert math.isclose(geo.nearest_seed([9.0], [16.0])[1], 25.0)
