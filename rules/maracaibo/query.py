"""Derived values read from the state (no changes here)."""

from __future__ import annotations

from collections import Counter

from rules.core import Text
from rules.maracaibo.components import NATIONS, CardEffect, Op, ProjectCard, data
from rules.maracaibo.legacy_rules import active, city_rule, open_for, plague
from rules.maracaibo.model import MaracaiboState, Player


def card(card_id: str) -> ProjectCard:
    return data().cards[card_id]


def card_term(card_id: str) -> Text:
    """A project card as players read it: its code, what it does and the good it shows
    (``cardtext.card_name``; works for cards a club adds through a data override)."""
    from rules.maracaibo.cardtext import card_name

    return card_name(card_id)


def next_seat(state: MaracaiboState, seat: str) -> str:
    seats = state.seats
    return seats[(seats.index(seat) + 1) % len(seats)]


def order_from(state: MaracaiboState, seat: str) -> list[str]:
    i = state.seats.index(seat)
    return state.seats[i:] + state.seats[:i]


def completed(p: Player) -> list[str]:
    return [s for s, n in p.discs.items() if n == 0]


def has_upgrade(p: Player, section: str) -> bool:
    return p.discs.get(section, 0) == 0


def removable_sections(p: Player) -> list[str]:
    """MAR-U1: sections whose prerequisites hold and that still hold a disc."""
    done = completed(p)
    out: list[str] = []
    for sec in data().ship.sections:
        if p.discs[sec.id] == 0:
            continue
        if any(r not in done for r in sec.requires) or len(done) < sec.min_completed:
            continue
        out.append(sec.id)
    return out


def tableau_effects(p: Player) -> dict[str, tuple[CardEffect, ...]]:
    """The effects of the player's tableau by effect id, in tableau and printed order; made
    once per tableau and data set (a tableau changes only when a card is bought). Shared:
    read it, do not change it."""
    memo: dict[tuple[str, ...], dict[str, tuple[CardEffect, ...]]] = data().memo.setdefault(
        ("tableau_effects", ""), {}
    )
    key = tuple(p.tableau)
    found = memo.get(key)
    if found is None:
        if len(memo) > 4096:
            memo.clear()
        by_id: dict[str, list[CardEffect]] = {}
        for c in key:
            for e in card(c).effects:
                by_id.setdefault(e.id, []).append(e)
        found = memo[key] = {k: tuple(v) for k, v in by_id.items()}
    return found


def perm(p: Player, effect: str) -> list[int]:
    """The ``x`` values of one permanent effect over the player's tableau (one per card)."""
    return [e.x for e in tableau_effects(p).get(effect, ())]


def perm_nations(p: Player, effect: str) -> list[str]:
    return [e.nation for e in tableau_effects(p).get(effect, ()) if e.nation]


def compasses(p: Player) -> int:
    """MAR-Q4: the ship board's compass plus every bought card's compass icons."""
    return data().ship.compass + sum(card(c).compass for c in p.tableau)


def hand_limit(p: Player) -> int:
    ship = data().ship
    return ship.hand_limit_upgraded if has_upgrade(p, "U2") else ship.hand_limit


def discount(p: Player) -> int:
    return sum(perm(p, "PERM_DISCOUNT"))


def perm_objects(p: Player, obj: str) -> int:
    return sum(1 for e in tableau_effects(p).get("PERM_OBJECT", ()) if e.object == obj)


def hand_goods(p: Player) -> Counter[str]:
    goods = set(data().synergy.goods)
    return Counter(card(c).discard_as for c in p.hand if card(c).discard_as in goods)


def count_in_hand(p: Player, kind: str) -> int:
    return sum(1 for c in p.hand if card(c).discard_as == kind)


def can_pay_goods_same(p: Player, n: int) -> bool:
    return any(v >= n for v in hand_goods(p).values())


def can_pay_object(p: Player, obj: str, n: int) -> bool:
    return perm_objects(p, obj) + count_in_hand(p, obj) >= n


def markers_on_map(state: MaracaiboState) -> Counter[str]:
    return Counter(state.board.markers.values())


def supply_left(state: MaracaiboState, nation: str) -> int:
    return sum(state.board.supply[nation])


def weight(state: MaracaiboState, nation: str) -> int:
    """AMB1: fully emptied marker spaces."""
    return sum(1 for n in state.board.supply[nation] if n == 0)


def noble_rank(pos: int) -> int:
    rank = 0
    for r in data().tracks.influence.noble_ranks:
        if pos >= r.pos:
            rank = max(rank, r.rank)
    return rank


def assistants_of(state: MaracaiboState, seat: str) -> int:
    return sum(1 for a in state.board.assistants if a.seat == seat)


def location_number(loc: str) -> int:
    return data().locations[loc].number


def city_action_of(state: MaracaiboState, loc: str) -> tuple[str, int]:
    """The printed action of a city (a city tile replaces the board's; L1 its own)."""

    rule = city_rule(state, loc)
    if rule is not None:
        return rule.action, 0
    tile = state.board.city_tiles.get(loc)
    if tile:
        return data().city_tiles[tile].action, 0
    place = data().locations[loc]
    return place.action, place.x


def market_of(state: MaracaiboState, loc: str) -> list[str]:

    rule = city_rule(state, loc)
    if rule is not None:
        return rule.market
    tile = state.board.city_tiles.get(loc)
    if tile:
        return data().city_tiles[tile].market
    return data().locations[loc].market


def is_city(state: MaracaiboState, loc: str) -> bool:
    """A city now: board cities, filled tile slots, legacy cities in play (L1, L4, L7)."""

    place = data().locations[loc]
    if city_rule(state, loc) is not None:
        return True
    if place.legacy is not None:
        return any(t.kind == "new_city" and t.location == loc for t in active(state))
    return place.kind == "city" and (not place.tile_slot or loc in state.board.city_tiles)


def villages(state: MaracaiboState) -> list[str]:
    return [
        loc.id
        for loc in data().board.locations
        if loc.kind == "village" and not is_city(state, loc.id)
    ]


def flag_cities(state: MaracaiboState, explorer: str = "") -> list[str]:
    """Cities whose flag can take a marker (legacy cities only for an explorer past their gate)."""

    return [
        loc.id
        for loc in data().board.locations
        if is_city(state, loc.id)
        and not plague(state, loc.id)
        and (not explorer or open_for(state, loc.id, explorer))
    ]


def flag_of(state: MaracaiboState, loc: str) -> list[Op]:

    rule = city_rule(state, loc)
    if rule is not None:
        return rule.flag
    tile = state.board.city_tiles.get(loc)
    return data().city_tiles[tile].flag if tile else data().locations[loc].flag


def task_value(state: MaracaiboState, seat: str, kind: str) -> int:
    """MAR-CR4: the measured quantity of one career-task kind."""
    p = state.players[seat]
    if kind == "QT":
        return len(p.quests)
    if kind == "CT":
        return len(p.tokens)
    if kind == "INF1":
        return max(p.influence.values())
    if kind == "INF2":
        return sorted(p.influence.values())[-2]
    if kind == "UPG":
        return len(completed(p))
    if kind == "BAR":
        return sum(1 for c in ("blue", "green") if c in p.barriers)
    if kind == "SYN":
        return len(p.synergies)
    return assistants_of(state, seat)


def task_rows(state: MaracaiboState, seat: str) -> list[tuple[int, str]]:
    """MAR-CR1 / CR4: every open career task's rows the player reaches now, as (task, row),
    by task then lower row first (barrier tasks: blue the lower, green the higher)."""
    p = state.players[seat]
    if not p.career:
        return []
    out: list[tuple[int, str]] = []
    for index, task in enumerate(data().careers[p.career].tasks):
        if str(index) in p.tasks:
            continue
        if task.kind == "BAR":
            if "blue" in p.barriers:
                out.append((index, "low"))
            if "green" in p.barriers:
                out.append((index, "high"))
            continue
        value = task_value(state, seat, task.kind)
        if value >= task.low:
            out.append((index, "low"))
        if value >= task.high:
            out.append((index, "high"))
    return out


def nation_list() -> tuple[str, ...]:
    return NATIONS
