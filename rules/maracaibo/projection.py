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
    out: dict[str, int] = {}
    for seat in s.seats:
        p = s.players[seat]
        total = _add(p.vp, p.inc_vp + dvp.get(p.inc_d, 0))
        total = _add(total, sum(q.card(c).end_vp for c in p.tableau))
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
    for seat in s.seats:
        p = s.players[seat]
        rank = sum(q.noble_rank(p.influence[n]) * weights[n] for n in NATIONS)
        out[seat] = _add(out[seat], rank)
    if jean is not None:
        rank = sum(q.noble_rank(jean.influence[n]) * weights[n] for n in NATIONS)
        total = _add_jean(out[automa.JEAN], rank)
        for n in automa.final_bonus_parts(s):
            total = _add_jean(total, n)
        out[automa.JEAN] = total
    return out
