"""The schematic map of Age of Renaissance: where each province is drawn (designed).

The shipped data gives provinces, areas and connections but no coordinates, so the map is a
schematic, not a geographic drawing: each map part is a grid of four columns, and every
province has one cell, placed by hand so that west stays left, north stays up and land
neighbours stay near each other (legible beats geographic). Overseas boxes sit at the edges
of the part nearest to where their ships sail from. ``.`` is an empty cell.
"""

from __future__ import annotations

MAP_PARTS: tuple[str, ...] = ("map", "east", "north")

GRIDS: dict[str, tuple[tuple[str, str, str, str], ...]] = {
    # areas IV and VII, the west of area VIII, the New World
    "map": (
        ("north_america", "bordeaux", "lyon", "milan"),
        ("basque", "toulouse", "marseille", "venice"),
        ("leon", "montpellier", "genoa", "belgrade"),
        ("lisbon", "barcelona", "florence", "dubrovnik"),
        ("toledo", "palma", "rome", "bari"),
        ("seville", "valencia", "cagliari", "naples"),
        ("south_america", "granada", "sicily", "tunis"),
        ("west_africa", "fez", "oran", "algiers"),
    ),
    # areas V and VI, the east of area VIII, the Far East
    "east": (
        ("durazzo", "kiev", "tana", "kamishin"),
        ("corfu", "varna", "kaffa", "sarai"),
        ("salonika", "gallipoli", "abasgia", "poti"),
        ("athens", "constantinople", "trebizond", "erzerum"),
        ("crete", "smyrna", "angora", "china"),
        ("tripoli", "adalia", "tarsus", "india"),
        ("barca", "cyprus", "aleppo", "east_indies"),
        ("libya", "alexandria", "levant", "."),
        (".", "cairo", "acre", "."),
        (".", "suez", "jerusalem", "."),
    ),
    # areas I, II and III
    "north": (
        ("iceland", "shetland", "bergen", "novgorod"),
        ("armagh", "edinburgh", "kongsberg", "stockholm"),
        ("waterford", "york", "malmo", "visby"),
        ("wales", "chester", "copenhagen", "riga"),
        ("portsmouth", "london", "hamburg", "mitau"),
        ("cornwall", "amsterdam", "lubeck", "danzig"),
        ("bruges", "cologne", "nuremberg", "stettin"),
        ("st_malo", "paris", "prague", "breslau"),
        ("loire", "strasbourg", "salzburg", "vienna"),
        ("dijon", "basel", "st_gallen", "budapest"),
        (".", ".", ".", "esseg"),
    ),
}


def cells() -> dict[str, tuple[str, int, int]]:
    """Province id -> (map part, column, row)."""
    out: dict[str, tuple[str, int, int]] = {}
    for part, rows in GRIDS.items():
        for r, row in enumerate(rows):
            for c, pid in enumerate(row):
                if pid != ".":
                    out[pid] = (part, c, r)
    return out


__all__ = ["GRIDS", "MAP_PARTS", "cells"]
