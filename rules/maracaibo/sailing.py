"""Sailing (MAR-T1 … T9, T18, A3 case 1, PERM_ASSISTANT_VISIT)."""

from __future__ import annotations

from typing import Any, NamedTuple

from rules.core import Event, term
from rules.core.engine import quiet
from rules.maracaibo import gains, legacy
from rules.maracaibo import query as q
from rules.maracaibo.actions import Sail
from rules.maracaibo.components import data
from rules.maracaibo.model import MaracaiboState, Pending


def destinations(s: MaracaiboState, start: str, mp: int) -> dict[str, int]:
    """Every location reachable with 1..mp MP along the arrows; stop locations end a move."""
    return {dest: cost for dest, (cost, _) in routes(s, start, mp).items()}


def _walk_key(s: MaracaiboState, kind: str, start: str, mp: int) -> tuple[object, ...]:
    """Everything a walk of the map reads: the start, the MP, the round, the active seat's
    money and explorer, and the legacy tiles in play (on the data set in force). Without
    legacy tiles every route costs 1 MP and no toll, and an arrow of a legacy tile is closed
    whatever the explorer: the walk reads only whether the money is not negative."""
    p = s.players.get(s.active)
    money = p.doubloons if p else 0
    if s.campaign is None or not s.campaign.legacy:
        return (kind, start, mp, s.round, money >= 0)
    tiles = tuple(sorted(s.campaign.legacy))
    return (kind, start, mp, s.round, money, p.explorer if p else "", tiles)


def _walk_memo() -> dict[tuple[object, ...], Any]:
    """The walks of this data set already made (a step lists the sails, names the one taken
    and takes it: one walk, not three; games without legacy tiles share their walks);
    forgotten when it grows."""
    memo: dict[tuple[object, ...], Any] = data().memo.setdefault(("walks", ""), {})
    if len(memo) > 4096:
        memo.clear()
    return memo


def routes(s: MaracaiboState, start: str, mp: int) -> dict[str, tuple[int, int]]:
    """Destination -> (MP, toll) on its cheapest route (legacy route costs and tolls). The
    answer is shared: read it, do not change it."""
    memo = _walk_memo()
    key = _walk_key(s, "routes", start, mp)
    found: dict[str, tuple[int, int]] | None = memo.get(key)
    if found is None:
        found = memo[key] = _routes(s, start, mp)
    return found


def _routes(s: MaracaiboState, start: str, mp: int) -> dict[str, tuple[int, int]]:
    money = s.players[s.active].doubloons if s.active in s.players else 0
    explorer = s.players[s.active].explorer if s.active in s.players else "start"
    out: dict[str, tuple[int, int]] = {}
    frontier = [(start, 0, 0)]
    while frontier:
        at, spent, paid = frontier.pop()
        for edge in data().locations[at].next:
            if edge.rounds is not None and s.round not in edge.rounds:
                continue
            if not legacy.edge_open(s, edge, explorer):
                continue
            cost = spent + legacy.edge_cost(s, at, edge.to)
            if cost > mp:
                continue
            if edge.to not in out or out[edge.to] > (cost, paid):
                out[edge.to] = (cost, paid)
            toll = legacy.toll(s, edge.to)
            if not data().locations[edge.to].stop and paid + toll <= money:
                frontier.append((edge.to, cost, paid + toll))
    return out


class Route(NamedTuple):
    """One way to a destination (v2): MP spent, tolls paid, the locations passed through."""

    mp: int
    toll: int
    via: tuple[str, ...]


def route_options(s: MaracaiboState, start: str, mp: int) -> dict[str, list[Route]]:
    """v2, MAR-T1 / T3 / T9: destination -> every way there that differs in what it costs
    (MP spent, tolls paid), cheapest first; of ways that cost the same, the first by the arrows'
    order. The player chooses at each fork (「한 지역에 여러 방향으로 이어지는 화살표가 있다면,
    플레이어는 어디로 이동할지 선택할 수 있습니다」), so a longer branch is a choice of its own.
    The answer is shared: read it, do not change it."""
    memo = _walk_memo()
    key = _walk_key(s, "options", start, mp)
    found: dict[str, list[Route]] | None = memo.get(key)
    if found is None:
        found = memo[key] = _route_options(s, start, mp)
    return found


def _route_options(s: MaracaiboState, start: str, mp: int) -> dict[str, list[Route]]:
    money = s.players[s.active].doubloons if s.active in s.players else 0
    explorer = s.players[s.active].explorer if s.active in s.players else "start"
    found: dict[str, dict[tuple[int, int], Route]] = {}

    def walk(at: str, spent: int, paid: int, via: tuple[str, ...]) -> None:
        for edge in data().locations[at].next:
            if edge.rounds is not None and s.round not in edge.rounds:
                continue
            if not legacy.edge_open(s, edge, explorer):
                continue
            cost = spent + legacy.edge_cost(s, at, edge.to)
            if cost > mp:
                continue
            found.setdefault(edge.to, {}).setdefault((cost, paid), Route(cost, paid, via))
            toll = legacy.toll(s, edge.to)
            if not data().locations[edge.to].stop and paid + toll <= money:
                walk(edge.to, cost, paid + toll, (*via, edge.to))

    walk(start, 0, 0, ())
    return {dest: [ways[k] for k in sorted(ways)] for dest, ways in found.items()}


def sail_actions(s: MaracaiboState, seat: str, mp: int) -> list[Sail]:
    """The sails open with ``mp`` MP: one per destination, its cheapest route (no ``via``,
    as in version 1); from version 2 also one per other distinct cost, ``via`` naming it.
    The actions (frozen) are made once per walk and shared; the list is new."""
    start = s.board.ships[seat]
    memo = _walk_memo()
    key = _walk_key(s, f"sails{s.rules_version}", start, mp)
    found: tuple[Sail, ...] | None = memo.get(key)
    if found is None:
        found = memo[key] = tuple(_sail_actions(s, start, mp))
    return list(found)


def _sail_actions(s: MaracaiboState, start: str, mp: int) -> list[Sail]:
    if s.rules_version < 2:
        return [Sail(to=d) for d in sorted(destinations(s, start, mp), key=q.location_number)]
    options = route_options(s, start, mp)
    out: list[Sail] = []
    for d in sorted(options, key=q.location_number):
        out.append(Sail(to=d))
        out.extend(Sail(to=d, via=list(r.via)) for r in options[d][1:])
    return out


def route_taken(s: MaracaiboState, seat: str, a: Sail, mp: int) -> Route:
    """The route a legal sail takes: without ``via`` the cheapest (every version), else (v2)
    the one ``via`` names."""
    start = s.board.ships[seat]
    if not a.via:
        cost, toll = routes(s, start, mp)[a.to]
        return Route(cost, toll, ())
    return next(r for r in route_options(s, start, mp)[a.to] if list(r.via) == a.via)


def sail(s: MaracaiboState, ev: list[Event], seat: str, to: str, mp: int, toll: int = 0) -> None:
    """Move the ship; pay the assistant-skip bonus; note a round-ending stop."""
    start = s.board.ships[seat]
    if toll:
        s.player(seat).doubloons -= toll
    s.board.ships[seat] = to
    s.turn.mp += mp
    s.turn.stops.append(to)
    if not quiet(ev):
        ev.append(
            gains.event("sail", seat, seat=seat, location=term(f"maracaibo.loc.{to}"), count=mp)
        )
    lo, hi = q.location_number(start), q.location_number(to)
    passed = [
        a for a in s.board.assistants if a.seat == seat and lo < q.location_number(a.location) < hi
    ]
    if passed:
        gains.vp(s, ev, seat, data().tracks.assistant_bonus_vp * len(passed), "assistants")
    if s.round in data().locations[to].round_end:
        s.turn.round_end = True
        ev.append(gains.event("round_end", seat, seat=seat))
    legacy.on_stop(s, ev, seat, to)
    for owner in q.order_from(s, seat):
        if not q.perm(s.players[owner], "PERM_ASSISTANT_VISIT"):
            continue
        if any(a.seat == owner and a.location == to for a in s.board.assistants):
            s.stack.append(Pending(kind="visit", seat=owner))


def village_count(s: MaracaiboState, seat: str, mp: int, main: bool = True) -> int:
    """MAR-V3: by MP spent; ship upgrade U1 improves the table, from rules version 2 only for
    village actions taken as the turn's main action (U1: 「주 행동으로 마을 행동을 하는
    경우(다른 효과로 인해서, 혹은 부하 행동의 일부로서가 아닌!)」), not after an extra sail."""
    t = data().tracks
    upgraded = q.has_upgrade(s.players[seat], "U1") and (main or s.rules_version < 2)
    table = t.village_actions_upgraded if upgraded else t.village_actions
    n = 0
    for row in table:
        if mp >= row.min_mp:
            n = row.n
    return n


def unused_assistant_bonus(s: MaracaiboState, ev: list[Event], seat: str) -> None:
    """MAR-A3 case 2: each own assistant where the ship stopped and that was not used."""
    count = 0
    for stop in set(s.turn.stops):
        for a in s.board.assistants:
            if (
                a.seat == seat
                and a.location == stop
                and a.placed < s.turn_no
                and a.card not in s.turn.used_assistants
            ):
                count += 1
    if count:
        gains.vp(s, ev, seat, data().tracks.assistant_bonus_vp * count, "assistants")
