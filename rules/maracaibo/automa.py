"""Jean, the solo automa (MAR-J1 … J16): her turns play themselves inside ``apply``."""

from __future__ import annotations

from rules.core import Event, term
from rules.maracaibo import gains, legacy, quests
from rules.maracaibo import query as q
from rules.maracaibo.components import NATIONS, AutomaAction, AutomaCard, data
from rules.maracaibo.model import Jean, MaracaiboState, Options, Pending
from rules.maracaibo.terms import tile_term, token_term

JEAN = "jean"


def deck_counts(options: Options) -> dict[str, int]:
    """MAR-J2: cards per letter for the difficulty, each replaceable by an option."""
    base: dict[str, int] = {k: v for k, v in data().automa.difficulties[options.difficulty].items()}
    for letter, value in (
        ("A", options.automa_a),
        ("B", options.automa_b),
        ("C", options.automa_c),
    ):
        if value is not None:
            base[letter] = value
    return base


def setup(s: MaracaiboState) -> None:
    """MAR-J1 / J2: Jean's pieces and her shuffled automa deck."""
    jean = Jean(influence={n: 0 for n in NATIONS})
    counts = deck_counts(s.options)
    for letter in ("A", "B", "C"):
        cards = [c.id for c in data().automa.cards if c.letter == letter]
        s.rng.shuffle(cards)
        n = counts.get(letter, 0)
        jean.deck += cards[:n]
        jean.box += cards[n:]
    s.rng.shuffle(jean.deck)
    jean.box.sort()
    s.jean = jean
    s.board.ships[JEAN] = "havana"


def _jean(s: MaracaiboState) -> Jean:
    assert s.jean is not None
    return s.jean


def vp(s: MaracaiboState, ev: list[Event], n: int, cat: str) -> None:
    j = _jean(s)
    if n <= 0:
        n = -min(j.vp, -n)
        if n == 0:
            return
    j.vp += n
    j.vp_by[cat] = j.vp_by.get(cat, 0) + n
    ev.append(gains.event("jean_vp", JEAN, count=n, category=term(f"maracaibo.score.{cat}")))


def influence(s: MaracaiboState, ev: list[Event], nation: str, n: int) -> None:
    track = data().tracks.influence
    j = _jean(s)
    step = min(track.length - j.influence[nation], n)
    j.influence[nation] += step
    ev.append(
        gains.event("jean_influence", JEAN, nation=term(f"maracaibo.nation.{nation}"), count=n)
    )
    if n > step:
        vp(s, ev, (n - step) * track.overflow_vp, "influence")


def track_vp(removed: int) -> int:
    """MAR-J10: the highest emptied value of the automa track (0, n-1 up to 5, then 2(n-3))."""
    n = min(removed, data().automa.track_discs)
    if n == 0:
        return 0
    return n - 1 if n <= 5 else 2 * (n - 3)


def _remove_disc(s: MaracaiboState) -> bool:
    j = _jean(s)
    if j.discs_removed >= data().automa.track_discs:
        return False
    j.discs_removed += 1
    return True


def _counts(s: MaracaiboState, loc: str) -> bool:
    """MAR-J4: villages without a quest are not counted."""
    place = data().locations[loc]
    return place.kind == "homeward" or q.is_city(s, loc) or bool(s.board.quests.get(loc))


def move_ship(s: MaracaiboState, card: AutomaCard) -> str:
    """MAR-J4: counted steps, fork arrows, stop locations end the move."""
    at = s.board.ships[JEAN]
    left = card.steps
    while left > 0:
        explorer = _jean(s).explorer
        edges = [
            e
            for e in data().locations[at].next
            if (e.rounds is None or s.round in e.rounds) and legacy.edge_open(s, e, explorer)
        ]
        if not edges:
            break
        edge = next((e for e in edges if e.label == card.fork), edges[0])
        at = edge.to
        if _counts(s, at):
            left -= 1
        if data().locations[at].stop:
            break
    return at


def play_turn(s: MaracaiboState, ev: list[Event]) -> None:
    """MAR-J3 … J9: one whole automa turn."""
    j = _jean(s)
    if not j.deck:
        j.deck, j.discard = j.discard, []
        s.rng.shuffle(j.deck)
        ev.append(Event(key="maracaibo.event.jean_reshuffle", seat=JEAN, reveals=True))
    card_id = j.deck.pop(0)
    card = data().automa_cards[card_id]
    ev.append(
        Event(
            key="maracaibo.event.jean_card",
            args={"card": term(f"maracaibo.automa.{card_id}")},
            seat=JEAN,
            reveals=True,
        )
    )
    dest = move_ship(s, card)
    s.board.ships[JEAN] = dest
    ev.append(gains.event("jean_sail", JEAN, location=term(f"maracaibo.loc.{dest}")))
    _visit(s, dest)
    if s.round in data().locations[dest].round_end:
        s.turn.round_end = True
    if s.board.quests.get(dest):
        tiles = s.board.own_quests(dest)
        tile = tiles.pop(0)
        if not tiles:
            del s.board.quests[dest]
        j.quests.append(tile)
        ev.append(gains.event("jean_quest", JEAN, tile=tile_term(tile)))
        if legacy.city_rule(s, dest) is not None:
            quests.add_tiles(s, ev, [dest])  # L1 refills its quest space
        j.discard.append(card_id)
        return
    place = data().locations[dest]
    delivered = False
    if place.kind != "homeward" and q.is_city(s, dest):
        spaces = s.board.markets.get(dest, [])
        if "" in spaces and _remove_disc(s):
            s.board.own_market(dest)[spaces.index("")] = JEAN
            delivered = True
            ev.append(gains.event("jean_deliver", JEAN, location=term(f"maracaibo.loc.{dest}")))
    if not delivered and (place.kind == "homeward" or q.is_city(s, dest)):
        _take_display(s, ev, card.display)
    for action in card.actions:
        _action(s, ev, action)
    j.discard.append(card_id)


def _visit(s: MaracaiboState, dest: str) -> None:
    """J15: Jean counts as a player for PERM_ASSISTANT_VISIT."""
    for owner in s.seats:
        if q.perm(s.players[owner], "PERM_ASSISTANT_VISIT") and any(
            a.seat == owner and a.location == dest for a in s.board.assistants
        ):
            s.stack.append(Pending(kind="visit", seat=owner))


def _take_display(s: MaracaiboState, ev: list[Event], position: int) -> None:
    """MAR-J6 / J15: the card at the printed position, else the highest-numbered one left."""
    display = s.board.display
    index = position - 1
    if index >= len(display) or not display[index]:
        filled = [i for i, c in enumerate(display) if c]
        if not filled:
            return
        index = filled[-1]
    _jean(s).cards.append(display[index])
    display[index] = ""
    ev.append(gains.event("jean_card_taken", JEAN, number=index + 1))
    gains.refill_display(s, ev)


def _late(s: MaracaiboState) -> bool:
    return s.round >= data().automa.late_round


def _action(s: MaracaiboState, ev: list[Event], a: AutomaAction) -> None:
    j = _jean(s)
    if a.kind == "influence" and a.nation is not None:
        influence(s, ev, a.nation, 1)
    elif a.kind == "remove_disc":
        _remove_disc(s)
        ev.append(gains.event("jean_disc", JEAN))
        vp(s, ev, a.vp + (a.late_vp if _late(s) else 0), "automa")
    elif a.kind == "explore":
        explore(s, ev, a.n)
    elif a.kind == "vp_explore":
        vp(s, ev, a.vp, "automa")
        explore(s, ev, a.late_n if _late(s) and a.late_n else a.n)
    elif a.kind == "quest_pile":
        if s.board.quest_pile:
            tile = s.board.quest_pile.pop(0)
            j.quests.append(tile)
            ev.append(gains.event("jean_quest", JEAN, tile=tile_term(tile)))
        vp(s, ev, a.vp + (a.late_vp if _late(s) else 0), "automa")
    elif a.kind == "combat":
        combat(s, ev, a)


def _occupied(s: MaracaiboState, space: str) -> bool:
    if data().spaces[space].final:
        return False
    if space in s.board.explorer_done:
        return True
    return any(p.explorer == space for p in s.players.values())


def distance_to_final(space: str) -> int:
    """Counted spaces to the final space on the shortest route (worked out once per space and
    data set, in its ``memo``: the AI's projection asks for it thousands of times)."""
    d = data()
    key = ("distance_to_final", space)
    found: int | None = d.memo.get(key)
    if found is None:
        sp = d.spaces[space]
        found = 0 if sp.final else 1 + min(distance_to_final(n) for n in sp.next)
        d.memo[key] = found
    return found


def _quest_route(s: MaracaiboState, at: str, steps: int) -> list[str]:
    """v2, MAR-J8: the way to the nearest quest tile within Jean's movement range (「퀘스트
    타일이 진의 이동 범위 내에 있다면, 진은 그 칸에서 이동을 마칩니다」), counted as her moves
    count (occupied spaces are jumped free); nearest by counted steps, then the board's arrow
    order. Empty when no quest tile is in range."""
    best: tuple[int, list[str]] | None = None

    def walk(here: str, used: int, path: list[str]) -> None:
        nonlocal best
        for n in data().spaces[here].next:
            occupied = _occupied(s, n)
            cost = used + (0 if occupied else 1)
            if cost > steps:
                continue
            way = [*path, n]
            if not occupied and n in s.board.explorer_quests:
                if best is None or cost < best[0]:
                    best = (cost, way)
            elif not data().spaces[n].final:
                walk(n, cost, way)

    walk(at, 0, [])
    return best[1] if best is not None else []


def explore(s: MaracaiboState, ev: list[Event], steps: int) -> None:
    """MAR-J8: exactly ``steps`` counted spaces, stopping early on a quest tile in reach;
    otherwise the shortest route. No space, barrier or final rewards, but she takes ranks."""
    j = _jean(s)
    at = j.explorer
    route = _quest_route(s, at, steps) if s.rules_version >= 2 else []
    left = steps
    while left > 0 and not data().spaces[at].final:
        nxt = data().spaces[at].next
        if route:
            step = route.pop(0)
        else:
            # v1 looked for a quest tile on the next space only
            with_quest = [n for n in nxt if n in s.board.explorer_quests]
            if s.rules_version >= 2:
                with_quest = []
            step = with_quest[0] if with_quest else min(nxt, key=distance_to_final)
        for barrier in data().explorer.barriers:
            if barrier.from_ == at and barrier.to == step:
                s.board.own_crossers(barrier.color).append(JEAN)
                j.barriers.append(barrier.color)
        at = step
        if _occupied(s, at):
            continue
        left -= 1
        if at in s.board.explorer_quests:
            tile = s.board.explorer_quests.pop(at)
            s.board.explorer_done.append(at)
            j.quests.append(tile)
            ev.append(gains.event("jean_quest", JEAN, tile=tile_term(tile)))
            break
    if data().spaces[at].final and JEAN not in s.board.final_order:
        s.board.final_order.append(JEAN)
    j.explorer = at
    ev.append(gains.event("jean_explore", JEAN, space=term(f"maracaibo.space.{at}")))


def combat(s: MaracaiboState, ev: list[Event], a: AutomaAction) -> None:
    """MAR-J9: strongest nation after noble ranks and the modifier; annex the lowest empty
    city (else village, else the marker leaves the game)."""
    j = _jean(s)
    human = s.players[s.seats[0]]
    token = ""
    for i, pile in enumerate(s.board.piles):
        if pile:
            token = s.board.own_pile(i).pop(0)
            break
    counts = q.markers_on_map(s)
    best: tuple[int, int, int] | None = None
    ally = NATIONS[0]
    for order, nation in enumerate(NATIONS):
        printed = data().tokens[token].nations[nation].strength if token else 3
        strength = (
            printed + q.noble_rank(j.influence[nation]) - q.noble_rank(human.influence[nation])
        )
        mod = data().tokens[token].modifier if token else None
        others = [counts[n] for n in NATIONS if n != nation]
        if mod is not None and (
            (mod.kind == "most" and all(counts[nation] > o for o in others))
            or (mod.kind == "fewest" and all(counts[nation] < o for o in others))
        ):
            strength += mod.delta
        key = (strength, printed, -order)
        if best is None or key > best:
            best, ally = key, nation
    if token:
        j.tokens.append(token)
        ev.append(gains.event("jean_token", JEAN, token=token_term(token)))
    ev.append(gains.event("jean_ally", JEAN, nation=term(f"maracaibo.nation.{ally}")))
    _annex(s, ev, ally, cities_first=True)
    if a.extra_village:
        _annex(s, ev, ally, cities_first=False)
    influence(s, ev, ally, a.influence)
    vp(s, ev, a.vp, "automa")


def _annex(s: MaracaiboState, ev: list[Event], nation: str, cities_first: bool) -> None:
    if q.supply_left(s, nation) <= 0:
        return
    by_number = [x.id for x in sorted(data().board.locations, key=lambda loc: loc.number)]
    open_cities = set(q.flag_cities(s, _jean(s).explorer))
    cities = [x for x in by_number if x in open_cities and x not in s.board.markers]
    free = set(q.villages(s))
    villages = [x for x in by_number if x in free and x not in s.board.markers]
    spots = (cities or villages) if cities_first else villages
    if spots:
        gains.take_marker(s, nation)
        s.board.markers[spots[0]] = nation
        ev.append(
            gains.event(
                "jean_marker",
                JEAN,
                nation=term(f"maracaibo.nation.{nation}"),
                location=term(f"maracaibo.loc.{spots[0]}"),
            )
        )
    elif cities_first:
        gains.take_marker(s, nation)
        s.board.removed_markers[nation] += 1


def interim_income(s: MaracaiboState, ev: list[Event]) -> None:
    """MAR-J10: the automa track value plus 1 VP per card beside her board."""
    j = _jean(s)
    vp(s, ev, track_vp(j.discs_removed) + len(j.cards), "income")


def final_bonus(s: MaracaiboState, ev: list[Event]) -> None:
    """MAR-J13: quest tiles, quests and 'upgrades' against the human, explorer lead."""
    categories = ("quests", "quests", "upgrades", "explorer")
    for n, cat in zip(final_bonus_parts(s), categories, strict=True):
        vp(s, ev, n, cat)


def final_bonus_parts(s: MaracaiboState) -> list[int]:
    """MAR-J13's four parts in order: quest tiles, quests and 'upgrades' against the human,
    explorer lead (read only: the AI's projection asks it too)."""
    j = _jean(s)
    human = s.players[s.seats[0]]
    bonus = data().automa.end_bonus

    def tiered(diff: int, tiers: list[int], values: list[int]) -> int:
        got = 0
        for floor, value in zip(tiers, values, strict=True):
            if diff >= floor:
                got = value
        return got

    steps = [t.more for t in bonus.steps]
    values = [t.vp for t in bonus.steps]
    lead = distance_to_final(human.explorer) - distance_to_final(j.explorer)
    return [
        bonus.quest_vp * len(j.quests),
        tiered(len(j.quests) - len(human.quests), steps, values),
        tiered(j.discs_removed // 2 - len(q.completed(human)), steps, values),
        tiered(lead, [t.ahead for t in bonus.explorer], [t.vp for t in bonus.explorer]),
    ]
