"""The final scoring (10.2 steps 2-5) held now, read without playing it: each competitor's
VP, as ``flow._final_steps`` would leave them on a copy of the state, for the AI's
evaluation (rules.maracaibo.evaluation), which asks it thousands of times per decision
(the copy, its player copies and its events were most of a search's time)."""

from __future__ import annotations

from rules.maracaibo import automa
from rules.maracaibo import query as q
from rules.maracaibo.components import NATIONS, data
from rules.maracaibo.flow import income_vp, majority_holders, nation_weights, prestige_vp
from rules.maracaibo.model import MaracaiboState


def _add(total: int, n: int) -> int:
    """``gains.vp``: a loss never takes the total below 0."""
    return max(0, total + n) if n < 0 else total + n


def _add_jean(total: int, n: int) -> int:
    """``automa.vp``: the same for Jean."""
    return max(0, total + n) if n <= 0 else total + n


def final_vp(s: MaracaiboState) -> dict[str, int]:
    """Each seat's VP (and ``automa.JEAN``'s in a solo game) after the final scoring."""
    d = data()
    dvp = income_vp()
    cards = d.cards
    out: dict[str, int] = {}
    for seat in s.seats:
        p = s.players[seat]
        total = _add(p.vp, p.inc_vp + dvp.get(p.inc_d, 0))
        total = _add(total, sum(cards[c].end_vp for c in p.tableau))
        for slot in s.board.prestige:
            if seat in slot.investors:
                total = _add(total, prestige_vp(s, seat, slot.building))
        out[seat] = total
    jean = s.jean
    if jean is not None:
        out[automa.JEAN] = _add_jean(jean.vp, automa.track_vp(jean.discs_removed) + len(jean.cards))
    for nation in NATIONS:
        for who in majority_holders(s, nation):
            add = _add_jean if who == automa.JEAN else _add
            out[who] = add(out[who], d.tracks.majority_vp)
    weights = nation_weights(s)
    rank = _noble_ranks()
    last = len(rank) - 1
    for seat in s.seats:
        inf = s.players[seat].influence
        points = sum(rank[min(inf[n], last)] * weights[n] for n in NATIONS)
        out[seat] = _add(out[seat], points)
    if jean is not None:
        inf = jean.influence
        points = sum(rank[min(inf[n], last)] * weights[n] for n in NATIONS)
        total = _add_jean(out[automa.JEAN], points)
        for n in automa.final_bonus_parts(s):
            total = _add_jean(total, n)
        out[automa.JEAN] = total
    return out


def _noble_ranks() -> list[int]:
    """``query.noble_rank`` of each influence position from 0 to the last printed rank's
    (every position beyond has the last one's), once per data set."""
    d = data()
    key = ("noble_ranks", "")
    found: list[int] | None = d.memo.get(key)
    if found is None:
        top = max([0, *(r.pos for r in d.tracks.influence.noble_ranks)])
        found = d.memo[key] = [q.noble_rank(pos) for pos in range(top + 1)]
    return found
