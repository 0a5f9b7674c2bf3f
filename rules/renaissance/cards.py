"""Playing history cards: commodities, leaders and events (AOR-R40-R52, AOR-D8)."""

from __future__ import annotations

import functools

from rules.core import Event, term
from rules.core.engine import quiet
from rules.core.models import event
from rules.renaissance.actions import PlayCard
from rules.renaissance.board import (
    capital_owner,
    dominated,
    in_play,
    overseas_held,
    ship_value,
)
from rules.renaissance.components import data
from rules.renaissance.deck import card_term, discard_card
from rules.renaissance.economy import from_bank, misery_change, pay_bank
from rules.renaissance.effects import has
from rules.renaissance.model import LeaderPlay, Pending, RenaissanceState
from rules.renaissance.versions import V2

IMMUNE_WITH_RULER = {
    "mysticism_abounds",
    "religious_strife",
    "civil_war",
    "revolutionary_uprisings",
    "rebellion",
    "alchemists_gold",
}
PAPAL_CATEGORIES = ("science", "religion", "exploration")


def is_burden(state: RenaissanceState, card: str) -> bool:
    """AOR-R45: a voided card is a misery burden (never playable)."""
    if card in state.voided:
        return True
    effect = data().cards[card].effect
    active = state.active()
    if effect == "alchemists_gold":
        return all(has(state, s, "laws_of_matter") for s in active)
    if effect == "mysticism_abounds":
        science = [a.letter for a in data().advances.values() if a.category == "science"]
        return all(all(x in state.players[s].advances for x in science) for s in active)
    return False


def payout(state: RenaissanceState, seat: str, commodity: str) -> int:
    """AOR-R41: value x index^2, index = provinces + shortage - surplus + Industry."""
    d = data()
    n = sum(1 for p in d.suppliers[commodity] if state.provinces[p].dm == seat)
    if n == 0:
        return 0
    marker = state.markers.get(commodity, 0)
    index = n + (1 if marker > 0 else 0) - (1 if marker < 0 else 0)
    if has(state, seat, "industry"):
        index += 1
    if index <= 0:
        return 0
    return d.commodities[commodity].value * index * index


def leader_discount(state: RenaissanceState, card: str, letter: str) -> int:
    """Printed discount with the Crusades and Mongol Armies boosts (AOR-D8)."""
    base = data().cards[card].discounts.get(letter, 0)
    if card == "walter_the_penniless" and state.crusades_this_turn:
        return 30
    if card == "marco_polo" and state.mongol_played:
        return 40
    return base


def _dm_provinces(state: RenaissanceState) -> list[str]:
    return sorted(p for p, prov in state.provinces.items() if prov.dm is not None)


# Actions are frozen: the listings share the most frequent plays, each built as before.
@functools.cache
def _plain_play(card: str) -> PlayCard:
    return PlayCard(card=card)


@functools.cache
def _commodity_play(card: str, commodity: str) -> PlayCard:
    return PlayCard(card=card, commodity=commodity)


@functools.cache
def _protected_play(card: str, protection: int) -> PlayCard:
    return PlayCard(card=card, protection=protection)


@functools.lru_cache(maxsize=4096)  # seats are players' ids: kept for the recent ones
def _targeted_play(card: str, seat: str) -> PlayCard:
    return PlayCard(card=card, target_seat=seat)


@functools.cache
def _province_play(card: str, province: str) -> PlayCard:
    return PlayCard(card=card, province=province)


@functools.cache
def _category_play(card: str, category: str) -> PlayCard:
    return PlayCard(card=card, category=category)


@functools.cache
def _area_play(card: str, area: int) -> PlayCard:
    return PlayCard(card=card, area=area)


def play_options(state: RenaissanceState, seat: str, card: str, final: bool) -> list[PlayCard]:
    """Every legal way to play ``card`` now (empty: it cannot be played)."""
    if is_burden(state, card):
        return []
    info = data().cards[card]
    others = [s for s in state.active() if s != seat]
    if info.kind == "commodity":
        return [_commodity_play(card, c) for c in info.commodities]
    if info.kind == "leader":
        first = not state.leaders
        if final or first or not state.options.ah_protection_money:
            return [_plain_play(card)]
        cash = state.players[seat].cash
        return [_protected_play(card, m) for m in range(cash + 1)]
    effect = info.effect
    immune = {s for s in state.active() if state.players[s].enlightened_ruler}
    if effect == "alchemists_gold":
        return [
            _targeted_play(card, s)
            for s in state.active()
            if not has(state, s, "laws_of_matter") and s not in immune
        ]
    if effect in ("civil_war",):
        return [_targeted_play(card, s) for s in state.active() if s not in immune]
    if effect == "war":
        return [_targeted_play(card, s) for s in others]
    if effect == "the_crusades":
        return [
            _province_play(card, p)
            for p, info_p in sorted(data().provinces.items())
            if info_p.area == 6 and info_p.kind != "satellite" and in_play(state, p)
        ]
    if effect == "papal_decree":
        return [_category_play(card, c) for c in PAPAL_CATEGORIES]
    if effect == "black_death":
        areas = data().areas_in_play[str(state.options.players)]
        return [_area_play(card, a) for a in areas]
    if effect == "rebellion":
        options = []
        for p in _dm_provinces(state):
            pinfo = data().provinces[p]
            holder = state.provinces[p].dm
            owner = capital_owner(state, p)
            if pinfo.overseas == "new_world":
                continue
            if state.rules_version >= V2:
                # ruling (AOR-D8, "not a foreign capital"): never another player's capital;
                # the player's own capital, e.g. to shake off an occupier, may be chosen
                if owner is not None and owner != seat:
                    continue
            elif owner is not None and owner != holder:
                continue
            if holder is not None and holder in immune:
                continue
            options.append(_province_play(card, p))
        return options
    return [_plain_play(card)]


def reduce_dm(state: RenaissanceState, province: str, events: list[Event]) -> None:
    """AOR-R44: a DM becomes one token of its owner (stock, else the owner's choice)."""
    prov = state.province(province)
    owner = prov.dm
    if owner is None:
        return
    prov.dm = None
    prov.dm_white = False
    player = state.player(owner)
    events.append(
        event(
            key="renaissance.event.reduced",
            args={"seat": owner, "province": term(f"renaissance.province.{province}")},
        )
    )
    if player.stock > 0:
        player.stock -= 1
        prov.tokens[owner] = prov.tokens.get(owner, 0) + 1
    elif player.expansion > 0:
        state.wait_last(Pending(seat=owner, kind="removal", province=province))


def remove_all(state: RenaissanceState, province: str, keep: str | None = None) -> None:
    """Return every piece in ``province`` (except ``keep``'s) to stock and mat."""
    prov = state.province(province)
    if prov.dm is not None and prov.dm != keep:
        prov.dm = None
        prov.dm_white = False
    for s in list(prov.tokens):
        if s == keep:
            continue
        state.player(s).stock += prov.tokens.pop(s)
        prov.white.pop(s, None)


def markers_available(state: RenaissanceState, seat: str) -> bool:
    from rules.renaissance.components import MARKERS_PER_PLAYER

    return len(dominated(state, seat)) < MARKERS_PER_PLAYER


def resolve(state: RenaissanceState, seat: str, action: PlayCard, events: list[Event]) -> None:
    """Play ``action.card`` from ``seat``'s hand (validated by the caller)."""
    card = action.card
    info = data().cards[card]
    state.player(seat).hand.remove(card)
    if not quiet(events):
        events.append(
            event(
                key="renaissance.event.played",
                args={"seat": seat, "card": card_term(card)},
                seat=seat,
                reveals=True,
            )
        )
    if info.kind == "commodity":
        assert action.commodity is not None
        _commodity(state, action.commodity, events)
    elif info.kind == "leader":
        _leader(state, seat, card, action.protection, events)
    else:
        _event(state, seat, action, events)
    if info.kind != "leader":
        discard_card(state, card)


def _commodity(state: RenaissanceState, commodity: str, events: list[Event]) -> None:
    for s in state.active():
        amount = payout(state, s, commodity)
        if amount:
            from_bank(state, s, amount)
            if not quiet(events):
                events.append(
                    event(
                        key="renaissance.event.payout",
                        args={
                            "seat": s,
                            "amount": amount,
                            "commodity": term(f"renaissance.commodity.{commodity}"),
                        },
                    )
                )
    marker = state.markers.get(commodity, 0)
    if marker:
        state.markers[commodity] = marker - (1 if marker > 0 else -1)
        if not state.markers[commodity]:
            del state.markers[commodity]


def _leader(
    state: RenaissanceState, seat: str, card: str, protection: int, events: list[Event]
) -> None:
    if state.phase == "final_play":
        discard_card(state, card)
    else:
        box = len(state.leaders) + 1
        paid = pay_bank(state, seat, protection) if protection else 0
        state.bank_net += paid
        state.on_leaders += paid
        state.leaders.append(
            LeaderPlay(card=card, seat=seat, box=box if box <= 3 else 0, protection=paid)
        )
        if paid:
            events.append(
                event(key="renaissance.event.protection", args={"seat": seat, "amount": paid})
            )
    if has(state, seat, "printed_word"):
        refund = sum(
            leader_discount(state, card, letter)
            for letter in data().cards[card].discounts
            if letter in state.players[seat].advances
        )
        if refund:
            from_bank(state, seat, refund)
            events.append(
                event(key="renaissance.event.refund", args={"seat": seat, "amount": refund})
            )


def _count_category(state: RenaissanceState, seat: str, category: str) -> int:
    return sum(1 for a in state.players[seat].advances if data().advances[a].category == category)


def _event(state: RenaissanceState, seat: str, action: PlayCard, events: list[Event]) -> None:
    effect = data().cards[action.card].effect
    active = state.active()
    spared = {s for s in active if state.players[s].enlightened_ruler}
    if effect == "alchemists_gold" and action.target_seat is not None:
        victim = state.players[action.target_seat]
        loss = min(-(-victim.written_cash // 2), victim.cash)
        pay_bank(state, action.target_seat, loss)
        events.append(
            event(
                key="renaissance.event.cash_lost",
                args={"seat": action.target_seat, "amount": loss},
            )
        )
    elif effect == "civil_war" and action.target_seat is not None:
        victim_seat = action.target_seat
        misery_change(state, victim_seat, 1, events)
        if state.players[victim_seat].eliminated:
            return
        capital = state.players[victim_seat].capital
        if capital is not None and state.provinces[capital].dm == victim_seat:
            reduce_dm(state, capital, events)
        state.civil_war_victim = victim_seat
        state.wait_last(Pending(seat=victim_seat, kind="civil_war"))
    elif effect == "the_crusades" and action.province is not None:
        remove_all(state, action.province)
        if markers_available(state, seat):
            state.province(action.province).dm = seat
            state.province(action.province).dm_white = True
        state.crusades_this_turn = True
        misery_change(state, seat, 1, events)
    elif effect == "enlightened_ruler":
        state.player(seat).enlightened_ruler = True
    elif effect == "famine":
        grain = data().suppliers["grain"]
        for s in active:
            n = 4 - sum(1 for p in grain if state.provinces[p].dm == s)
            n -= 1 if has(state, s, "improved_agriculture") else 0
            misery_change(state, s, max(0, n), events)
    elif effect == "mysticism_abounds":
        for s in active:
            if s not in spared:
                misery_change(state, s, max(0, 4 - _count_category(state, s, "science")), events)
    elif effect == "papal_decree" and action.category is not None:
        if not state.strife_this_turn:
            state.papal_ban = action.category
    elif effect == "pirates_vikings":
        state.wait_last(Pending(seat=seat, kind="pirates", count=state.epoch))
    elif effect == "rebellion" and action.province is not None:
        reduce_dm(state, action.province, events)
    elif effect == "revolutionary_uprisings":
        for s in active:
            if s not in spared:
                misery_change(state, s, _count_category(state, s, "commerce"), events)
    elif effect == "war" and action.target_seat is not None:
        war(state, seat, action.target_seat, events)
    elif effect == "black_death" and action.area is not None:
        for p, info in data().provinces.items():
            if info.area != action.area or info.overseas is not None:
                continue
            prov = state.province(p)
            for s in list(prov.tokens):
                state.player(s).stock += prov.tokens.pop(s)
                prov.white.pop(s, None)
            if prov.dm is not None:
                reduce_dm(state, p, events)
    elif effect in ("armor", "stirrups", "long_bow", "gunpowder"):
        state.military.append((seat, effect))
        if effect in ("long_bow", "gunpowder"):
            for c in ("armor", "stirrups"):
                if c not in state.voided and _unplayed(state, c):
                    state.voided.append(c)
    elif effect == "mongol_armies":
        from_bank(state, seat, 10)
        state.mongol_played = True
        if state.epoch >= 2 and "the_crusades" not in state.voided:
            state.voided.append("the_crusades")
    elif effect == "religious_strife":
        for s in active:
            if s not in spared:
                misery_change(state, s, _count_category(state, s, "religion"), events)
        state.strife_this_turn = True
        state.papal_ban = None
        if state.epoch == 3 and "papal_decree" not in state.voided:
            state.voided.append("papal_decree")


def _unplayed(state: RenaissanceState, card: str) -> bool:
    return card not in state.removed and card not in state.discard


def cedable(state: RenaissanceState, loser: str, winner: str) -> list[str]:
    """War!: DMs of the loser that the winner may hold (designed: not the loser's capital,
    area V only with Overland East). Version 2 also keeps the winner's overseas limits
    (AOR-D8 "supportable", R78/R79): Far East and the Americas only with Ocean Navigation and
    room on the shipping display ("보유한 해외 지방의 수는 항해 정보의 숫자에 따라 제한됩니다"),
    the Americas only for a New World holder ("신대륙[U] 진보를 보유한 플레이어도 아메리카 지방를
    점령할 수 있지만")."""
    out: list[str] = []
    if not markers_available(state, winner):
        return out
    v2 = state.rules_version >= V2
    room = overseas_held(state, winner) < ship_value(state, winner)
    ocean = state.players[winner].ship == "ocean"
    for p in dominated(state, loser):
        info = data().provinces[p]
        if p == state.players[loser].capital:
            continue
        if info.area == 5 and not has(state, winner, "overland_east"):
            continue
        if v2 and info.overseas in ("far_east", "new_world"):
            if not (ocean and room):
                continue
            if info.overseas == "new_world" and not has(state, winner, "new_world"):
                continue
        out.append(p)
    return sorted(out)


def war(state: RenaissanceState, seat: str, target: str, events: list[Event]) -> None:
    """War! (AOR-D8): one die each; a tie costs both a box and is rolled again in each later
    round of this play-cards phase (here: each time a player passes)."""
    if state.players[seat].eliminated or state.players[target].eliminated:
        return
    rolls = {}
    for s in (seat, target):
        die = state.rng.randint(1, 6)
        bonus = (1 if has(state, s, "nationalism") else 0) + (
            1 if any(x == s for x, _ in state.military) else 0
        )
        rolls[s] = die + bonus
        events.append(
            event(
                key="renaissance.event.war_roll",
                args={"seat": s, "die": die, "total": die + bonus},
                reveals=True,
            )
        )
    if rolls[seat] == rolls[target]:
        misery_change(state, seat, 1, events)
        misery_change(state, target, 1, events)
        events.append(event(key="renaissance.event.war_tie", args={}))
        if not (state.players[seat].eliminated or state.players[target].eliminated):
            state.wars.append((seat, target))
        return
    winner, loser = (seat, target) if rolls[seat] > rolls[target] else (target, seat)
    misery_change(state, winner, 1, events)
    misery_change(state, loser, 2, events)
    events.append(event(key="renaissance.event.war_won", args={"seat": winner, "loser": loser}))
    diff = abs(rolls[seat] - rolls[target])
    if state.players[loser].eliminated or state.players[winner].eliminated:
        return
    if cedable(state, loser, winner):
        state.wait_last(Pending(seat=loser, kind="war_cede", other=winner, count=diff))


def next_war_round(state: RenaissanceState, events: list[Event]) -> None:
    """A player's turn in the play-cards phase ended: tied wars roll again (AOR-D8)."""
    for a, b in list(state.wars):
        state.wars.remove((a, b))
        war(state, a, b, events)
