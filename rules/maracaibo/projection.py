"""The final scoring (10.2 steps 2-5) held now, read without playing it: each competitor's
VP, as ``flow._final_steps`` would leave them on a copy of the state, for the AI's
evaluation (rules.maracaibo.evaluation), which asks it thousands of times per decision
(the copy, its player copies and its events were most of a search's time). It reads the
data set's values from tables built once per data set (``Tables``) and each piece of the
state once: the same VP in the same order of additions as the scoring itself."""

from __future__ import annotations

from dataclasses import dataclass

from rules.maracaibo import automa
from rules.maracaibo import query as q
from rules.maracaibo.components import NATIONS, Data, data
from rules.maracaibo.flow import income_vp, prestige_vp
from rules.maracaibo.model import MaracaiboState


def _add(total: int, n: int) -> int:
    """``gains.vp``: a loss never takes the total below 0."""
    return max(0, total + n) if n < 0 else total + n


def _add_jean(total: int, n: int) -> int:
    """``automa.vp``: the same for Jean."""
    return max(0, total + n) if n <= 0 else total + n


@dataclass(frozen=True)
class Tables:
    """What the projection and the evaluation read of one data set, by id."""

    income_vp: dict[int, int]
    """10.2 step 2: VP of each doubloon-income position (``flow.income_vp``)."""
    end_vp: dict[str, int]
    """Each project card's end VP."""
    noble_rank: list[int]
    """``query.noble_rank`` of each influence position from 0 to the last printed rank's
    (every position beyond has the last one's)."""
    majority_vp: int
    majority_bonus: list[int]
    number: dict[str, int]
    """Each location's number on the route."""


def tables(d: Data) -> Tables:
    """The data set ``d``'s ``Tables``, built once per data set."""
    key = ("projection_tables", "")
    found: Tables | None = d.memo.get(key)
    if found is None:
        top = max([0, *(r.pos for r in d.tracks.influence.noble_ranks)])
        found = d.memo[key] = Tables(
            income_vp=income_vp(),
            end_vp={c: card.end_vp for c, card in d.cards.items()},
            noble_rank=[q.noble_rank(pos) for pos in range(top + 1)],
            majority_vp=d.tracks.majority_vp,
            majority_bonus=list(d.tracks.majority_bonus),
            number={loc: place.number for loc, place in d.locations.items()},
        )
    return found


def final_vp(s: MaracaiboState) -> dict[str, int]:
    """Each seat's VP (and ``automa.JEAN``'s in a solo game) after the final scoring."""
    t = tables(data())
    dvp = t.income_vp
    end_vp = t.end_vp
    players = s.players
    prestige = s.board.prestige
    out: dict[str, int] = {}
    for seat in s.seats:
        p = players[seat]
        total = _add(p.vp, p.inc_vp + dvp.get(p.inc_d, 0))
        total = _add(total, sum([end_vp[c] for c in p.tableau]))
        for slot in prestige:
            if seat in slot.investors:
                total = _add(total, prestige_vp(s, seat, slot.building))
        out[seat] = total
    jean = s.jean
    if jean is not None:
        out[automa.JEAN] = _add_jean(jean.vp, automa.track_vp(jean.discs_removed) + len(jean.cards))
    # 10.2 step 4 (``flow.majority_holders``): the most influence with each nation, ties all
    # hold it, no one while the most is 0
    influence = [(seat, players[seat].influence) for seat in s.seats]
    if jean is not None:
        influence.append((automa.JEAN, jean.influence))
    majority_vp = t.majority_vp
    for nation in NATIONS:
        top = 0
        for _, inf in influence:
            if inf[nation] > top:
                top = inf[nation]
        if top:
            for who, inf in influence:
                if inf[nation] == top:
                    add = _add_jean if who == automa.JEAN else _add
                    out[who] = add(out[who], majority_vp)
    # 10.2 step 5 (``flow.nation_weights``): emptied marker spaces plus the majority bonus
    markers = list(s.board.markers.values())
    counts = [markers.count(n) for n in NATIONS]
    bonus = t.majority_bonus
    supply = s.board.supply
    weights = []
    for n, mine in zip(NATIONS, counts, strict=True):
        higher = 0
        for other in counts:
            if other > mine:
                higher += 1
        weights.append(supply[n].count(0) + (bonus[higher] if higher < len(bonus) else 0))
    rank = t.noble_rank
    last = len(rank) - 1
    for who, inf in influence:
        points = sum(
            [rank[min(inf[n], last)] * weight for n, weight in zip(NATIONS, weights, strict=True)]
        )
        if who == automa.JEAN:
            total = _add_jean(out[who], points)
            for part in automa.final_bonus_parts(s):
                total = _add_jean(total, part)
            out[who] = total
        else:
            out[who] = _add(out[who], points)
    return out
