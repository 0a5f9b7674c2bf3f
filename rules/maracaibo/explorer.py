"""The explorer track (MAR-C30 … C38): reachable paths and moving along one."""

from __future__ import annotations

from rules.core import Event, term
from rules.maracaibo import gains
from rules.maracaibo import query as q
from rules.maracaibo.components import data
from rules.maracaibo.model import MaracaiboState, Pending


def _jumped(s: MaracaiboState, seat: str, space: str) -> bool:
    """MAR-C31 / C34: occupied spaces and fulfilled quest spaces are jumped at no cost."""
    if data().spaces[space].final:
        return False
    if space in s.board.explorer_done:
        return True
    if s.jean is not None and s.jean.explorer == space:
        return True
    return any(p.explorer == space for o, p in s.players.items() if o != seat)


def paths(s: MaracaiboState, seat: str, steps: int) -> list[list[str]]:
    """Every path of 1..steps counted spaces ending on a space the explorer may stop on."""
    p = s.players[seat]
    if data().spaces[p.explorer].final:
        return []
    if q.perm(p, "PERM_EXPLORER_PLUS1"):
        steps += 1
    out: list[list[str]] = []

    def walk(at: str, left: int, path: list[str]) -> None:
        for nxt in data().spaces[at].next:
            jumped = _jumped(s, seat, nxt)
            cost = 0 if jumped else 1
            if cost > left:
                continue
            route = [*path, nxt]
            if not jumped:
                out.append(route)
            if not data().spaces[nxt].final:
                walk(nxt, left - cost, route)

    walk(p.explorer, steps, [])
    return out


def move(s: MaracaiboState, ev: list[Event], seat: str, path: list[str]) -> None:
    """Move along ``path``; barrier rewards on crossing, the reward of the last space only."""
    p = s.player(seat)
    d = data()
    start = p.explorer
    ev.append(gains.event("explore", seat, seat=seat, space=term(f"maracaibo.space.{path[-1]}")))
    later: list[Pending] = []
    steal = bool(q.perm(p, "PERM_EXPLORER_STEAL"))
    prev = start
    for space in path:
        for barrier in d.explorer.barriers:
            if barrier.from_ == prev and barrier.to == space:
                _cross(s, ev, seat, barrier.color, later)
        if space != path[-1] and steal:
            for other, op in list(s.players.items()):
                if other != seat and op.explorer == space and op.vp > 0:
                    gains.vp(s, ev, other, -1, "explorer")
                    gains.vp(s, ev, seat, 1, "explorer")
            jean = s.jean
            if jean is not None and jean.explorer == space and jean.vp > 0:
                jean.vp -= 1
                jean.vp_by["explorer"] = jean.vp_by.get("explorer", 0) - 1
                gains.vp(s, ev, seat, 1, "explorer")
        prev = space
    p.explorer = path[-1]
    dest = d.spaces[path[-1]]
    if dest.final:
        s.board.final_order.append(seat)
        ranks = d.explorer.final_vp
        gains.vp(s, ev, seat, ranks[min(len(s.board.final_order), len(ranks)) - 1], "explorer")
        s.stack.append(Pending(kind="village", seat=seat, n=1))
    tile = s.board.explorer_quests.get(dest.id)
    if dest.quest and tile:
        s.stack.append(Pending(kind="explorer_quest", seat=seat, card=tile, what=dest.id))
    if dest.reward:
        s.stack.append(Pending(kind="ops", seat=seat, ops=list(dest.reward), cat="explorer"))
    s.stack.extend(reversed(later))


def _cross(s: MaracaiboState, ev: list[Event], seat: str, color: str, later: list[Pending]) -> None:
    """MAR-C36: red +3 influence with one nation; blue/green 4 VP first, 2 VP later."""
    p = s.player(seat)
    crossers = s.board.own_crossers(color)
    first = not crossers
    crossers.append(seat)
    p.barriers.append(color)
    if color == "red":
        later.append(Pending(kind="nation", seat=seat, what="red", n=data().explorer.red_influence))
        return
    vps = data().explorer.barrier_vp
    gains.vp(s, ev, seat, vps["first"] if first else vps["later"], "explorer")
