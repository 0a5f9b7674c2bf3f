"""Competition: the token requirement and the three dice (AOR-R83-R100, AOR-D10)."""

from __future__ import annotations

from rules.renaissance.board import capital_owner, controls
from rules.renaissance.components import data
from rules.renaissance.effects import has
from rules.renaissance.model import RenaissanceState

STRENGTH = {"stirrups": 1, "armor": 2, "long_bow": 3, "gunpowder": 4}


def military_strength(state: RenaissanceState, seat: str) -> int:
    """Strongest military advantage card ``seat`` played this turn (AOR-R97, D8 matrix)."""
    return max((STRENGTH[c] for s, c in state.military if s == seat), default=0)


def military_edge(state: RenaissanceState, a: str, b: str) -> int:
    """+1 when ``a`` has the dominant advantage over ``b``, -1 the other way, 0 if equal."""
    sa, sb = military_strength(state, a), military_strength(state, b)
    return (sa > sb) - (sa < sb)


def home_area(state: RenaissanceState, seat: str) -> int | None:
    capital = state.players[seat].capital
    return data().capitals[capital].home_area if capital else None


def defenders(state: RenaissanceState, seat: str, province: str) -> list[str]:
    prov = state.provinces[province]
    out = [s for s, n in prov.tokens.items() if n and s != seat]
    if prov.dm is not None and prov.dm != seat and prov.dm not in out:
        out.append(prov.dm)
    return sorted(out)


def needs_competition(state: RenaissanceState, seat: str, province: str) -> bool:
    """AOR-R81, R83: any DM, or a satellite or full market holding another player's token."""
    prov = state.provinces[province]
    if prov.dm is not None:
        return True
    size = data().provinces[province].size
    return prov.count() >= size and bool(defenders(state, seat, province))


def requirement(state: RenaissanceState, seat: str, province: str) -> int:
    """Physical tokens ``seat`` must commit to attack ``province`` (AOR-R84-R98, AOR-A24)."""
    d = data()
    info = d.provinces[province]
    prov = state.provinces[province]
    size = info.size
    owner = capital_owner(state, province)
    foes = defenders(state, seat, province)
    if prov.dm is not None and prov.dm != seat:
        points = size + size * (2 if prov.dm == owner else 1)
    else:
        points = size + sum(
            n * (2 if s == owner else 1) for s, n in prov.tokens.items() if s != seat
        )
    if prov.dm is not None and prov.dm != seat:
        for sat in d.arrows_into[province]:
            if controls(state, prov.dm, sat):
                points += 1
    if has(state, seat, "cosmopolitan"):
        for sat in d.arrows_into[province]:
            if controls(state, seat, sat):
                points -= 1
    edges = [military_edge(state, seat, f) for f in foes]
    if any(e < 0 for e in edges):
        points += 1
    elif edges and all(e > 0 for e in edges):
        points -= 1
    area = info.area
    mine = has(state, seat, "nationalism") and home_area(state, seat) == area
    theirs = any(has(state, f, "nationalism") and home_area(state, f) == area for f in foes)
    if mine and not theirs:
        points -= 1
    elif theirs and not mine:
        points += 1
    points = max(points, size)
    if owner == seat:
        return -(-points // 2)
    return points


def attacker_wins(
    state: RenaissanceState, seat: str, province: str, white: int, black: int, coloured: int
) -> bool:
    """AOR-D10: black > white or coloured > box; ties with a card effective on all; [G]."""
    table = data().competition
    box = state.boxes[seat]
    foes = defenders(state, seat, province)
    if black > white:
        return True
    effective = bool(foes) and all(military_edge(state, seat, f) > 0 for f in foes)
    if table.military_wins_ties and black == white and effective:
        return True
    if coloured > box:
        return True
    proselytism = table.proselytism_wins_on_equal_position and has(state, seat, "proselytism")
    return coloured == box and proselytism
