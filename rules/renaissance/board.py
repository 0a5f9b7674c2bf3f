"""Map queries: provinces in play, control, reach by land, caravan and fleet (AOR-R12, R71-R79)."""

from __future__ import annotations

from collections import deque

from rules.renaissance.components import Data, data
from rules.renaissance.effects import has
from rules.renaissance.model import RenaissanceState
from rules.renaissance.versions import V2

UNLIMITED = 10_000


def per_seat(state: RenaissanceState, seat: str, province: str) -> str:
    """The key of a per-turn count kept for ``province`` (tokens shipped, attempts made).

    Version 2 keeps it per player: ship capacity belongs to each player's own fleet (AOR-R75,
    R77, R87, A23: "플레이어는 각 지방에 두 개의 토큰을 운송할 수 있습니다") and the first attempt is
    each attacker's own (AOR-R88: "첫 경쟁 시도에"). Version 1 shared it among all players.
    """
    return f"{seat}/{province}" if state.rules_version >= V2 else province


def own_capital(state: RenaissanceState, seat: str, province: str) -> bool:
    """v2, AOR-R72/R85, A7: a player always expands into its own capital, even when another
    holds it ("(다른 플레이어가 점령하고 있는 경우에도) 자신의 수도 지방에서 확장할 수 있습니다")."""
    return state.rules_version >= V2 and state.players[seat].capital == province


def in_play(state: RenaissanceState, province: str) -> bool:
    """AOR-R12, AOR-A13: areas in use by player count; overseas boxes always."""
    return province in data().in_play[state.options.players]


def capital_owner(state: RenaissanceState, province: str) -> str | None:
    for seat, player in state.players.items():
        if player.capital == province:
            return seat
    return None


def controls(state: RenaissanceState, seat: str, province: str) -> bool:
    """Coloured-side token or DM of ``seat`` (AOR-R72, AOR-A7)."""
    prov = state.provinces[province]
    if prov.dm == seat and not prov.dm_white:
        return True
    return prov.tokens.get(seat, 0) - prov.white.get(seat, 0) > 0


def controlled_by_other(state: RenaissanceState, seat: str, province: str) -> bool:
    """Some other player ``controls`` the province (its coloured DM or coloured tokens)."""
    prov = state.provinces[province]
    dm = prov.dm
    if dm is not None and dm != seat and not prov.dm_white and dm in state.players:
        return True
    white = prov.white
    return any(
        other != seat and n - white.get(other, 0) > 0 and other in state.players
        for other, n in prov.tokens.items()
    )


def sources(state: RenaissanceState, seat: str) -> list[str]:
    out = [
        pid  # controls(state, seat, pid), inline
        for pid, prov in state.provinces.items()
        if (prov.dm == seat and not prov.dm_white)
        or (prov.tokens and prov.tokens.get(seat, 0) - prov.white.get(seat, 0) > 0)
    ]
    capital = state.players[seat].capital
    if capital is not None and capital not in out:
        out.append(capital)
    return out


def dominated(state: RenaissanceState, seat: str) -> list[str]:
    return [p for p, prov in state.provinces.items() if prov.dm == seat]


def overseas_held(state: RenaissanceState, seat: str) -> int:
    """AOR-R78, AOR-A14: Far East and New World boxes holding any piece of ``seat``."""
    n = 0
    info = data().provinces
    for pid, prov in state.provinces.items():
        if info[pid].overseas is None:
            continue
        if prov.dm == seat or prov.tokens.get(seat, 0):
            n += 1
    return n


def _galley_reach(state: RenaissanceState, seat: str, starts: list[str], moves: int) -> set[str]:
    """Provinces whose coastal zone is within ``moves`` zone moves (one sea with [A]): what
    the galleys reach from any of ``starts`` is what they reach from each, joined."""
    d = data()
    one_sea = has(state, seat, "heavens")
    reached: set[str] = set()
    for province in starts:
        key = (province, moves, one_sea)
        found = d.galley_reach.get(key)
        if found is None:
            found = d.galley_reach[key] = frozenset(_galley_search(d, province, moves, one_sea))
        reached |= found
    return reached


def _galley_search(d: Data, start: str, moves: int, one_sea: bool) -> set[str]:
    """The search of ``_galley_reach`` from one province."""
    zones = d.zones
    seen: dict[tuple[str, bool], int] = {}
    queue: deque[tuple[str, bool, int]] = deque()
    for z in d.provinces[start].coasts:
        seen[(z, False)] = 0
        queue.append((z, False, 0))
    reached: set[str] = set()
    while queue:
        zone, used, dist = queue.popleft()
        owner = zones[zone].coast_of
        if owner is not None:
            reached.add(owner)
        if dist == moves:
            continue
        for nxt in zones[zone].adjacent:
            kind = zones[nxt].kind
            if kind == "ocean":
                continue
            now_used = used
            if kind == "sea":
                if used or not one_sea:
                    continue
                now_used = True
            key = (nxt, now_used)
            if key in seen:
                continue
            seen[key] = dist + 1
            queue.append((nxt, now_used, dist + 1))
    return reached


def ship_value(state: RenaissanceState, seat: str) -> int:
    player = state.players[seat]
    if player.ship == "none":
        return 0
    return data().ships[player.ship].boxes[player.ship_box]


def reach(state: RenaissanceState, seat: str) -> dict[str, int]:
    """Every province ``seat`` may expand into now, with how many tokens may still arrive.

    Land and Caravan reach is unlimited; galleys and seaworthy vessels carry at most their
    value per province per turn (counting tokens already shipped there, AOR-A23); Ocean
    Navigation carries any number but limits the overseas boxes held.
    """
    d = data()
    srcs = sources(state, seat)
    out: dict[str, int] = {}
    land: set[str] = set()
    for s in srcs:
        land.update(d.provinces[s].land)
    if has(state, seat, "caravan"):
        blocked: dict[str, bool] = {}
        for s in srcs:
            for mid in d.provinces[s].land:
                if mid not in blocked:
                    blocked[mid] = controlled_by_other(state, seat, mid)
                if blocked[mid]:
                    continue
                land.update(d.provinces[mid].land)
    for p in land:
        out[p] = UNLIMITED
    player = state.players[seat]
    if player.capital is not None and own_capital(state, seat, player.capital):
        out[player.capital] = UNLIMITED
    value = ship_value(state, seat)
    if player.ship == "galley":
        for gp in _galley_reach(state, seat, srcs, value):
            shipped = state.shipped.get(per_seat(state, seat, gp), 0)
            out.setdefault(gp, max(0, value - shipped))
    elif player.ship == "seaworthy":
        for pid, info in d.provinces.items():
            if info.coasts:
                shipped = state.shipped.get(per_seat(state, seat, pid), 0)
                out.setdefault(pid, max(0, value - shipped))
    elif player.ship == "ocean":
        new_world = has(state, seat, "new_world")
        room = overseas_held(state, seat) < value
        for pid, info in d.provinces.items():
            if info.overseas is None:
                if info.coasts:
                    out[pid] = UNLIMITED
            elif info.overseas == "far_east" or new_world:
                held = state.provinces[pid].dm == seat or state.provinces[pid].tokens.get(seat, 0)
                if room or held:
                    out[pid] = UNLIMITED
    playing = d.in_play[state.options.players]
    east = has(state, seat, "overland_east")
    ocean = player.ship == "ocean"
    for pid in list(out):
        info = d.provinces[pid]
        if (
            pid not in playing  # in_play
            or (info.area == 5 and not east)
            or (info.overseas is not None and not ocean)
        ):
            del out[pid]
    return out


def by_ship_only(state: RenaissanceState, seat: str, province: str) -> bool:
    """True when ``province`` is not reachable by land or Caravan (tokens count as shipped)."""
    d = data()
    if own_capital(state, seat, province):
        return False
    srcs = sources(state, seat)
    if any(province in d.provinces[s].land for s in srcs):
        return False
    if has(state, seat, "caravan"):
        for s in srcs:
            for mid in d.provinces[s].land:
                if not controlled_by_other(state, seat, mid) and province in d.provinces[mid].land:
                    return False
    return state.players[seat].ship in ("galley", "seaworthy")
