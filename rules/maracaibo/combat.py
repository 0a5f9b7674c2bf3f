"""Combat (MAR-C10 … C19) and the extra combat actions of cards and the ship board (8.6)."""

from __future__ import annotations

from rules.core import Event, term
from rules.maracaibo import gains, legacy
from rules.maracaibo import query as q
from rules.maracaibo.actions import Ally, Boost, CombatAction, MaracaiboAction, Pile, Skip
from rules.maracaibo.components import NATIONS, data, substitute
from rules.maracaibo.model import Combat, MaracaiboState, Pending
from rules.maracaibo.terms import token_term


def start(s: MaracaiboState, ev: list[Event], seat: str) -> None:
    """PERM_CP_ON_COMBAT: once per turn 1 CP before a combat."""
    p = s.players[seat]
    if q.perm(p, "PERM_CP_ON_COMBAT") and not s.turn.cp_on_combat_used:
        s.turn.cp_on_combat_used = True
        gains.cp(s, ev, seat, 1)
    s.combat = Combat(seat=seat)
    s.stack.append(Pending(kind="combat", seat=seat))
    if not any(s.board.piles):
        # MAR-C10: both piles empty: every nation has strength 3, no token.
        s.combat.stage = "ally"


def _options(s: MaracaiboState, seat: str) -> list[tuple[str, str, int]]:
    """Combat actions still possible this turn: (action, target, strength cost)."""
    c = s.combat
    assert c is not None
    p = s.players[seat]
    used = s.turn.combat_used
    cn = data().tracks.combat
    ally = c.ally
    has_marker = q.supply_left(s, ally) > 0
    out: list[tuple[str, str, int]] = []
    if "CA_INF" not in used:
        for row in cn.influence:
            out.append(("influence", str(row["n"]), row["cost"]))
    if "CA_FLAG" not in used and has_marker:
        for loc in q.flag_cities(s, p.explorer):
            holder = s.board.markers.get(loc)
            if holder is None:
                out.append(("conquer", loc, cn.conquer))
            elif holder != ally:
                out.append(("expel", loc, cn.expel))
    if "CA_VILLAGE_ANNEX" not in used and has_marker and q.has_upgrade(p, "U7"):
        for loc in q.villages(s):
            holder = s.board.markers.get(loc)
            if holder is None:
                out.append(("annex", loc, cn.annex_empty))
            elif holder != ally:
                out.append(("annex", loc, cn.annex_expel))
    fleet = legacy.silver_fleet(s)
    if fleet is not None and "CA_SILVER_FLEET" not in used and has_marker:
        for space in fleet.spaces:
            if f"L6:{space}" not in s.board.markers:
                out.append(("silver_fleet", str(space), space))
    for x in q.perm(p, "CA_INF_VP"):
        if "CA_INF_VP" not in used:
            out.append(("inf_vp", str(x), 2))
    if "CA_3D_SYN" not in used and q.perm(p, "CA_3D_SYN"):
        out.append(("syn_d", "", 1))
    return out


def action_cost(s: MaracaiboState, seat: str, action: str, target: str) -> int | None:
    """The strength a combat action open now costs (``None`` if it is not open); read by the
    menu's description line."""
    if s.combat is None:
        return None
    return next((k for a, t, k in _options(s, seat) if a == action and t == target), None)


def legal(s: MaracaiboState, seat: str) -> list[MaracaiboAction]:
    c = s.combat
    assert c is not None
    p = s.players[seat]
    if c.stage == "pile":
        return [Pile(pile=i) for i, pile in enumerate(s.board.piles) if pile]
    if c.stage == "ally":
        out: list[MaracaiboAction] = []
        for nation in NATIONS:
            if c.token:
                eff = data().tokens[c.token].nations[nation].effect
                if eff.kind == "pay" and p.doubloons < eff.n:
                    continue  # AMB3
            out.append(Ally(nation=nation))
        if not out and s.rules_version >= 2:
            # v2: no nation's cost can be paid (possible with a club's token data): the
            # combat ends without an ally, so it never leaves the player without a move
            out.append(Skip())
        return out
    acts: list[MaracaiboAction] = []
    options = _options(s, seat)
    for action, target, cost in options:
        if cost <= c.strength:
            acts.append(CombatAction(action=action, target=target))
    useful = max((cost for _, _, cost in options), default=0)
    if c.strength < useful:
        if p.cp > 0:
            acts.append(Boost(using="cp"))
        if p.personal > 0:
            acts.append(Boost(using="figure"))
    acts.append(Skip())
    return acts


def choose_pile(s: MaracaiboState, ev: list[Event], seat: str, pile: int) -> None:
    c = s.combat
    assert c is not None
    c.token = s.board.own_pile(pile).pop(0)
    c.stage = "ally"
    ev.append(
        Event(
            key="maracaibo.event.token",
            args={"seat": seat, "token": token_term(c.token)},
            seat=seat,
            reveals=True,
        )
    )


def choose_ally(s: MaracaiboState, ev: list[Event], seat: str, nation: str) -> None:
    """MAR-C11 / C12: the ally's cost or reward, then its strength with the modifier."""
    c = s.combat
    assert c is not None
    p = s.player(seat)
    c.ally = nation
    c.stage = "act"
    ev.append(gains.event("ally", seat, seat=seat, nation=term(f"maracaibo.nation.{nation}")))
    for _ in q.perm_nations(p, "PERM_NATION_CP"):
        if _ == nation:
            gains.cp(s, ev, seat, 2)
    if not c.token:
        c.strength = data().combat.empty_strength
        return
    tok = data().tokens[c.token]
    side = tok.nations[nation]  # type: ignore[index]
    eff = side.effect
    if eff.kind == "pay":
        p.doubloons -= eff.n
    elif eff.kind == "doubloons":
        gains.doubloons(s, ev, seat, eff.n)
    elif eff.kind == "influence":
        gains.influence(s, ev, seat, nation, eff.n)
    elif eff.kind == "vp":
        gains.vp(s, ev, seat, eff.n, "combat")
    else:
        gains.figures(s, ev, seat, eff.n)
    strength = side.strength
    if tok.modifier is not None:
        counts = q.markers_on_map(s)
        mine = counts[nation]
        others = [counts[n] for n in NATIONS if n != nation]
        if tok.modifier.kind == "most" and all(mine > o for o in others):
            strength += tok.modifier.delta
        if tok.modifier.kind == "fewest" and all(mine < o for o in others):
            strength += tok.modifier.delta
    c.strength = max(0, strength)


def boost(s: MaracaiboState, seat: str, using: str) -> None:
    """MAR-C15: +1 strength per CP paid or figure returned."""
    c = s.combat
    assert c is not None
    p = s.player(seat)
    if using == "cp":
        p.cp -= 1
    else:
        p.personal -= 1
        p.general += 1
    c.strength += 1


def act(s: MaracaiboState, ev: list[Event], seat: str, action: str, target: str) -> None:
    c = s.combat
    assert c is not None
    p = s.player(seat)
    cost = next(k for a, t, k in _options(s, seat) if a == action and t == target)
    c.strength -= cost
    ally = c.ally
    cn = data().tracks.combat
    if action == "influence":
        s.turn.combat_used.append("CA_INF")
        gains.influence(s, ev, seat, ally, int(target))
    elif action in ("conquer", "expel"):
        s.turn.combat_used.append("CA_FLAG")
        if action == "expel":
            gains.expel(s, ev, seat, target)
        gains.place_marker(s, ev, seat, ally, target)
        gains.influence(s, ev, seat, ally, 1)
        flag = q.flag_of(s, target)
        ops = [op.model_copy(update={"nation": ally}) if op.nation == "ally" else op for op in flag]
        if ops:
            s.stack.append(Pending(kind="ops", seat=seat, ops=substitute(ops, 0), cat="combat"))
    elif action == "annex":
        s.turn.combat_used.append("CA_VILLAGE_ANNEX")
        if target in s.board.markers:
            gains.expel(s, ev, seat, target)
        gains.place_marker(s, ev, seat, ally, target)
        gains.influence(s, ev, seat, ally, 1)
        here = [a for a in s.board.assistants if a.location == target]
        own = sum(1 for a in here if a.seat == seat)
        gains.doubloons(
            s,
            ev,
            seat,
            own * cn.annex_own_assistant_d + (len(here) - own) * cn.annex_other_assistant_d,
        )
    elif action == "silver_fleet":
        # 8.6 CA_SILVER_FLEET: ally marker on the space (never expelled), +3 influence, +8 D.
        fleet = legacy.silver_fleet(s)
        assert fleet is not None
        s.turn.combat_used.append("CA_SILVER_FLEET")
        gains.take_marker(s, ally)
        s.board.markers[f"L6:{target}"] = ally
        gains.influence(s, ev, seat, ally, fleet.n)
        gains.doubloons(s, ev, seat, fleet.doubloons)
    elif action == "inf_vp":
        s.turn.combat_used.append("CA_INF_VP")
        gains.influence(s, ev, seat, ally, 1)
        gains.vp(s, ev, seat, int(target), "combat")
    else:
        s.turn.combat_used.append("CA_3D_SYN")
        gains.doubloons(s, ev, seat, 3)
        wanted = [
            e.synergy for cid in p.tableau for e in q.card(cid).effects if e.id == "CA_3D_SYN"
        ]
        if any(w in p.synergies for w in wanted):
            gains.vp(s, ev, seat, 2, "combat")


def finish(s: MaracaiboState, ev: list[Event], seat: str) -> None:
    """MAR-C17: leftover strength is lost; the token goes face down onto the ship board."""
    c = s.combat
    assert c is not None
    if c.token:
        s.player(seat).tokens.append(c.token)
    s.combat = None
    ev.append(gains.event("combat_end", seat, seat=seat))
