"""The description line of a sailing, explorer or combat choice: what it costs and what the
place, space or target gives, read from the same functions and data the engine uses
(``sailing``, ``legal.main_options``, the explorer track, ``combat``). Catalog keys:
``maracaibo.ch.*``. Shown as the second line of a select option (``describe_detail``).
"""

from __future__ import annotations

from rules.core import Text, decisions, term
from rules.maracaibo import cardtext as ct
from rules.maracaibo import combat, sailing
from rules.maracaibo import query as q
from rules.maracaibo.actions import CombatAction, Explore, Main, Sail
from rules.maracaibo.components import data
from rules.maracaibo.model import MaracaiboState

H = "maracaibo.ch."


def _dotted(parts: list[Text]) -> Text:
    """Parts one after another, "a · b · c"."""
    out = parts[0]
    for part in parts[1:]:
        out = term(H + "dot", a=out, b=part)
    return out


def sail_budget(state: MaracaiboState) -> int:
    """The MP a sail may spend now: a pending extra sail's (MAR-T18) or the turn's 7."""
    top = state.opened()
    return top.n if top is not None and top.kind == "sail" else data().tracks.mp


def _place(state: MaracaiboState, seat: str, loc: str, mp: int, extra: bool) -> list[Text]:
    """What a main action at ``loc`` can do (MAR-T10): the city or homeward action with the
    market's open spaces, the village actions the MP give, each own assistant's action, each
    quest lying there; and the round's or the game's end."""
    from rules.maracaibo.legal import main_options

    out: list[Text] = []
    place = data().locations[loc]
    for main in main_options(state, seat, loc):
        assert isinstance(main, Main)
        if main.kind == "city":
            action, x = q.city_action_of(state, loc)
            ops = ct.city_action_detail(action, x)
            key = "home" if place.kind == "homeward" else "city"
            if ops is not None:
                out.append(term(H + key, ops=ops))
            markets = q.market_of(state, loc) if place.kind != "homeward" else []
            taken = state.board.markets.get(loc, [])
            goods = [
                term(f"maracaibo.good.{g}")
                for i, g in enumerate(markets)
                if i >= len(taken) or not taken[i]
            ]
            if goods:
                out.append(term(H + "deliver", goods=goods))
        elif main.kind == "village":
            spent = mp if extra else state.turn.mp + mp
            n = sailing.village_count(state, seat, spent, main=not extra)
            out.append(term(H + "village", count=n))
        elif main.kind == "assistant":
            out.append(term(H + "assistant", ops=ct.assistant_detail(main.target)))
    for tile in state.board.quests.get(loc, []):
        out.append(term(H + "quest", quest=ct.quest_detail(tile, ct.story_tiles_of(state))))
    if state.round in place.round_end:
        final = state.round >= max(r for p in data().board.locations for r in p.round_end)
        out.append(term(H + ("final" if final else "interim")))
    return out


def sail_detail(state: MaracaiboState, seat: str, a: Sail) -> Text | None:
    """MAR-T1 … T10: the MP the sail spends (and any toll), the bonus for own assistants it
    passes (MAR-A3 case 1), and what the destination offers."""
    if seat not in state.board.ships:
        return None
    budget = sail_budget(state)
    try:
        mp, toll, _via = sailing.route_taken(state, seat, a, budget)
    except (KeyError, StopIteration):
        return None
    parts: list[Text] = [term(H + "mp", count=mp)]
    if toll:
        parts.append(term(H + "toll", count=toll))
    lo = q.location_number(state.board.ships[seat])
    hi = q.location_number(a.to)
    passed = sum(
        1
        for x in state.board.assistants
        if x.seat == seat and lo < q.location_number(x.location) < hi
    )
    if passed:
        parts.append(term(H + "passed", count=passed * data().tracks.assistant_bonus_vp))
    now = decisions.top(state.stack)
    extra = now is not None and now.kind == "sail"
    offers = _place(state, seat, a.to, mp, extra)
    return _dotted(parts + (offers or [term(H + "nothing")]))


def explore_detail(state: MaracaiboState, seat: str, a: Explore) -> Text | None:
    """MAR-C33 … C37: the barriers the move crosses and what they give, the reward of the
    space the explorer stops on (only that one), its quest, the final space's points."""
    if not a.path or seat not in state.players:
        return None
    d = data()
    parts: list[Text] = []
    prev = state.players[seat].explorer
    for space in a.path:
        for barrier in d.explorer.barriers:
            if barrier.from_ == prev and barrier.to == space:
                if barrier.color == "red":
                    parts.append(term(H + "barrier_red", count=d.explorer.red_influence))
                else:
                    first = not state.board.barrier_crossers.get(barrier.color)
                    vp = d.explorer.barrier_vp["first" if first else "later"]
                    parts.append(term(H + f"barrier_{barrier.color}", count=vp))
        prev = space
    dest = d.spaces[a.path[-1]]
    if dest.final:
        ranks = d.explorer.final_vp
        vp = ranks[min(len(state.board.final_order) + 1, len(ranks)) - 1]
        parts.append(term(H + "final_space", count=vp))
    if dest.reward:
        parts.append(term(H + "reward", ops=ct.ops_text(list(dest.reward))))
    tile = state.board.explorer_quests.get(dest.id)
    if dest.quest and tile and dest.id not in state.board.explorer_done:
        parts.append(term(H + "quest", quest=ct.quest_detail(tile, ct.story_tiles_of(state))))
    return _dotted(parts or [term(H + "no_reward")])


def combat_detail(state: MaracaiboState, seat: str, a: CombatAction) -> Text | None:
    """MAR-C13 and 8.6: the strength a combat action spends and what it gives the player
    with the ally nation."""
    c = state.combat
    cost = combat.action_cost(state, seat, a.action, a.target)
    if c is None or cost is None:
        return None
    nation = term(f"maracaibo.nation.{c.ally}")
    cn = data().tracks.combat
    gain: Text
    if a.action == "influence":
        gain = term(H + "ca_influence", nation=nation, count=int(a.target))
    elif a.action in ("conquer", "expel"):
        flag = q.flag_of(state, a.target)
        gain = term(
            H + "ca_flag",
            nation=nation,
            flag=ct.ops_text(list(flag)) if flag else term(ct.C + "none"),
        )
    elif a.action == "annex":
        gain = term(
            H + "ca_annex",
            nation=nation,
            own=cn.annex_own_assistant_d,
            other=cn.annex_other_assistant_d,
        )
    elif a.action == "silver_fleet":
        fleet = next((t for t in data().legacy.get("L6", []) if t.kind == "silver_fleet"), None)
        if fleet is None:
            return None
        gain = term(H + "ca_silver_fleet", nation=nation, count=fleet.n, doubloons=fleet.doubloons)
    elif a.action == "inf_vp":
        gain = term(H + "ca_inf_vp", nation=nation, count=int(a.target))
    else:
        gain = term(H + "ca_syn_d")
    holder = state.board.markers.get(a.target) if a.action in ("expel", "annex") else None
    if holder:
        expel = term(H + "ca_expel", holder=term(f"maracaibo.nation.{holder}"))
        gain = term(H + "dot", a=expel, b=gain)
    return term(H + "dot", a=term(H + "strength", count=cost), b=gain)


__all__ = ["combat_detail", "explore_detail", "sail_budget", "sail_detail"]
