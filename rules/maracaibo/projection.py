"""The final scoring (10.2 steps 2-5) held now, read without playing it: each competitor's
VP, as ``flow._final_steps`` would leave them on a copy of the state, for the AI's
evaluation (rules.maracaibo.evaluation), which asks it thousands of times per decision
(the copy, its player copies and its events were most of a search's time). It reads the
data set's values from tables built once per data set (``Tables``) and each piece of the
state once: the same VP in the same order of additions as the scoring itself."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
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


def _influence_vp(
    influence: Mapping[str, int],
    nations: Sequence[tuple[str, int, int]],
    rank: Sequence[int],
    majority_vp: int,
    total: int,
    add: Callable[[int, int], int],
) -> tuple[int, int]:
    """Step 4 and 5 for one competitor: ``total`` with a majority's VP added (by ``add``)
    for each nation it tops, and its nobility points (its rank on each track by the
    nation's weight)."""
    last = len(rank) - 1
    points = 0
    for nation, top, weight in nations:
        level = influence[nation]
        if top and level == top:
            total = add(total, majority_vp)
        points += rank[min(level, last)] * weight
    return total, points


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
    board = s.board
    players = s.players
    jean = s.jean
    # 10.2 step 5 (``flow.nation_weights``): emptied marker spaces plus the majority bonus
    markers = list(board.markers.values())
    counts = [markers.count(n) for n in NATIONS]
    bonus = t.majority_bonus
    supply = board.supply
    weights = []
    for n, mine in zip(NATIONS, counts, strict=True):
        higher = 0
        for other in counts:
            if other > mine:
                higher += 1
        weights.append(supply[n].count(0) + (bonus[higher] if higher < len(bonus) else 0))
    # 10.2 step 4 (``flow.majority_holders``): the most influence with each nation (ties all
    # hold it, no one while the most is 0)
    influences = [players[seat].influence for seat in s.seats]
    if jean is not None:
        influences.append(jean.influence)
    tops = []
    for n in NATIONS:
        top = 0
        for inf in influences:
            if inf[n] > top:
                top = inf[n]
        tops.append(top)
    majority_vp = t.majority_vp
    rank = t.noble_rank
    nations = list(zip(NATIONS, tops, weights, strict=True))
    dvp = t.income_vp
    end_vp = t.end_vp
    invested = [slot for slot in board.prestige if slot.investors]
    out: dict[str, int] = {}
    for seat in s.seats:
        p = players[seat]
        # steps 2 and 3: income, cards, prestige; then step 4 and 5 (majorities, nobility)
        total = _add(p.vp, p.inc_vp + dvp.get(p.inc_d, 0))
        total = _add(total, sum([end_vp[c] for c in p.tableau]))
        for slot in invested:
            if seat in slot.investors:
                total = _add(total, prestige_vp(s, seat, slot.building))
        total, points = _influence_vp(p.influence, nations, rank, majority_vp, total, _add)
        out[seat] = _add(total, points)
    if jean is not None:
        total = _add_jean(jean.vp, automa.track_vp(jean.discs_removed) + len(jean.cards))
        total, points = _influence_vp(jean.influence, nations, rank, majority_vp, total, _add_jean)
        total = _add_jean(total, points)
        for part in automa.final_bonus_parts(s):
            total = _add_jean(total, part)
        out[automa.JEAN] = total
    return out
