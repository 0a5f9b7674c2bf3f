"""Phase 6: placing tokens, dominance, competition, Cathedral, extra cards (AOR-R70-R103)."""

from __future__ import annotations

from typing import Literal

from rules.core import Event, Text, term
from rules.core.engine import quiet
from rules.core.models import event
from rules.renaissance.board import by_ship_only, per_seat
from rules.renaissance.cards import markers_available, remove_all
from rules.renaissance.competition import (
    attacker_wins,
    defenders,
    needs_competition,
    requirement,
)
from rules.renaissance.components import data
from rules.renaissance.deck import draw
from rules.renaissance.economy import from_bank, pay_bank
from rules.renaissance.effects import has
from rules.renaissance.model import Pending, RenaissanceState


def _pterm(province: str) -> Text:
    return term(f"renaissance.province.{province}")


def civil_war_last(state: RenaissanceState, events: list[Event]) -> None:
    """AOR-R70 (1), R52: the Civil War victim becomes last in the order of play."""
    victim = state.civil_war_victim
    if victim is None or state.players[victim].eliminated:
        return
    state.order.remove(victim)
    state.order.append(victim)
    renumber(state)
    events.append(event(key="renaissance.event.civil_war_last", args={"seat": victim}))


def renumber(state: RenaissanceState) -> None:
    """AOR-R25: active players fill the used boxes of the display in order of play."""
    used = data().oop.boxes[str(state.options.players)]
    state.boxes = {s: used[i] for i, s in enumerate(state.active())}


def start_phase(state: RenaissanceState, events: list[Event]) -> None:
    """AOR-R70 (3): Holy Indulgence between every holder and every non-holder."""
    active = state.active()
    holders = [s for s in active if has(state, s, "holy_indulgence")]
    for holder in holders:
        for other in active:
            if other in holders:
                continue
            o = state.player(other)
            back = min(2, o.expansion)
            o.expansion -= back
            o.stock += back
            paid = pay_bank(state, other, 2 - back)
            h = state.player(holder)
            gain = min(2, h.stock)
            h.stock -= gain
            h.expansion += gain
            if gain < 2:
                from_bank(state, holder, 2 - gain)
            events.append(
                event(
                    key="renaissance.event.indulgence",
                    args={"seat": holder, "other": other, "count": back, "amount": paid},
                )
            )


def can_place(state: RenaissanceState, seat: str, province: str, room: dict[str, int]) -> bool:
    if state.players[seat].expansion < 1 or room.get(province, 0) < 1:
        return False
    prov = state.provinces[province]
    if prov.dm is not None:
        return False
    info = data().provinces[province]
    if info.kind == "satellite":
        return prov.count() == 0
    return prov.count() < info.size


def place(state: RenaissanceState, seat: str, province: str, events: list[Event]) -> None:
    """AOR-R73-R82: one white token; an uncontested market at its size becomes a white DM."""
    player = state.player(seat)
    if by_ship_only(state, seat, province):
        key = per_seat(state, seat, province)
        state.shipped[key] = state.shipped.get(key, 0) + 1
    player.expansion -= 1
    prov = state.province(province)
    prov.tokens[seat] = prov.tokens.get(seat, 0) + 1
    prov.white[seat] = prov.white.get(seat, 0) + 1
    if not quiet(events):
        events.append(
            event(key="renaissance.event.placed", args={"seat": seat, "province": _pterm(province)})
        )
    _check_dominance(state, seat, province, events)


def _check_dominance(
    state: RenaissanceState, seat: str, province: str, events: list[Event]
) -> None:
    info = data().provinces[province]
    prov = state.province(province)
    if info.kind == "satellite" or set(prov.tokens) != {seat}:
        return
    if prov.tokens[seat] >= info.size and markers_available(state, seat):
        state.player(seat).stock += prov.tokens.pop(seat)
        prov.white.pop(seat, None)
        prov.dm = seat
        prov.dm_white = True
        events.append(
            event(
                key="renaissance.event.dominates",
                args={"seat": seat, "province": _pterm(province)},
            )
        )


def own_present(state: RenaissanceState, seat: str, province: str) -> int:
    """AOR-R88: own tokens already there count only for the first attempt this turn (v2: the
    attacker's own first attempt; another player's attempt there changes nothing)."""
    if per_seat(state, seat, province) in state.attempted:
        return 0
    return state.provinces[province].tokens.get(seat, 0)


def attack_cost(state: RenaissanceState, seat: str, province: str) -> int:
    """Tokens that must come from the expansion area for this attempt."""
    return max(0, requirement(state, seat, province) - own_present(state, seat, province))


def can_attack(
    state: RenaissanceState,
    seat: str,
    province: str,
    room: dict[str, int],
    markers: bool | None = None,
) -> bool:
    """``markers``: ``markers_available(state, seat)`` when the caller has it (a listing
    asks for every province)."""
    if province not in room or not needs_competition(state, seat, province):
        return False
    if state.provinces[province].dm == seat:
        return False
    info = data().provinces[province]
    if info.kind != "satellite":
        if markers is None:
            markers = markers_available(state, seat)
        if not markers:
            return False
    need = attack_cost(state, seat, province)
    return need <= state.players[seat].expansion and need <= room[province]


def can_cathedral(state: RenaissanceState, seat: str, province: str) -> bool:
    """AOR-R100: once per turn per opposing non-holder; no defender may hold it."""
    if not has(state, seat, "cathedral"):
        return False
    foes = defenders(state, seat, province)
    if any(has(state, f, "cathedral") for f in foes):
        return False
    return all(f not in state.players[seat].cathedral_against for f in foes)


def attack(
    state: RenaissanceState, seat: str, province: str, cathedral: bool, events: list[Event]
) -> None:
    """AOR-R87-R93: commit tokens, roll (or Cathedral), apply the result."""
    player = state.player(seat)
    need = requirement(state, seat, province)
    present = own_present(state, seat, province)
    from_area = max(0, need - present)
    used_present = need - from_area
    player.expansion -= from_area
    if by_ship_only(state, seat, province):
        key = per_seat(state, seat, province)
        state.shipped[key] = state.shipped.get(key, 0) + from_area
    prov = state.province(province)
    if used_present:
        prov.tokens[seat] -= used_present
        prov.white[seat] = min(prov.white.get(seat, 0), prov.tokens[seat])
        if not prov.tokens[seat]:
            del prov.tokens[seat]
            prov.white.pop(seat, None)
    state.attempted.append(per_seat(state, seat, province))
    foes = defenders(state, seat, province)
    if not cathedral and can_defend_with_cathedral(state, seat, foes):
        state.decisions.append(
            Pending(
                seat=foes[0], kind="cathedral_defence", province=province, other=seat, count=need
            ),
        )
        return
    resolve_attack(state, seat, province, need, "attacker" if cathedral else "dice", events)


def can_defend_with_cathedral(state: RenaissanceState, seat: str, foes: list[str]) -> bool:
    """AOR-R100 on defence: a single defending holder, once per turn per non-holder."""
    if len(foes) != 1 or has(state, seat, "cathedral"):
        return False
    return has(state, foes[0], "cathedral") and seat not in state.players[foes[0]].cathedral_against


def resolve_attack(
    state: RenaissanceState,
    seat: str,
    province: str,
    need: int,
    mode: Literal["attacker", "defender", "dice"],
    events: list[Event],
) -> None:
    """AOR-R90-R92: Cathedral or the three dice decide; committed tokens go to stock."""
    player = state.player(seat)
    prov = state.province(province)
    foes = defenders(state, seat, province)
    if mode == "attacker":
        player.cathedral_against.extend(foes)
        won = True
        events.append(
            event(
                key="renaissance.event.cathedral",
                args={"seat": seat, "province": _pterm(province)},
            )
        )
    elif mode == "defender":
        won = False
        events.append(
            event(
                key="renaissance.event.cathedral_defence",
                args={"seat": foes[0], "other": seat, "province": _pterm(province)},
            )
        )
    else:
        w, b, c = (state.rng.randint(1, 6) for _ in range(3))
        won = attacker_wins(state, seat, province, w, b, c)
        events.append(
            event(
                key="renaissance.event.competition",
                args={
                    "seat": seat,
                    "province": _pterm(province),
                    "white": w,
                    "black": b,
                    "coloured": c,
                    "box": state.boxes[seat],
                    "result": term("renaissance.result.won" if won else "renaissance.result.lost"),
                },
                reveals=True,
            )
        )
    player.stock += need
    if not won:
        return
    had_dm = prov.dm
    remove_all(state, province)
    info = data().provinces[province]
    if info.kind == "satellite":
        player.stock -= 1
        prov.tokens[seat] = 1
        prov.white[seat] = 1
    else:
        prov.dm = seat
        prov.dm_white = True
        prov.tokens.pop(seat, None)
    if (
        had_dm is not None
        and had_dm != seat
        and has(state, seat, "wind_watermill")
        and not state.options.euro_watermill
        and not player.watermill_used
        and player.expansion >= info.size
        and state.players[had_dm].hand
        and player.hand
    ):
        state.wait_last(Pending(seat=seat, kind="watermill", province=province, other=had_dm))


def watermill_roll(
    state: RenaissanceState, seat: str, province: str, loser: str, events: list[Event]
) -> bool:
    """AOR-R101: pay tokens equal to the market size, roll one die, success if <= size."""
    player = state.player(seat)
    size = data().provinces[province].size
    player.watermill_used = True
    player.expansion -= size
    player.stock += size
    die = state.rng.randint(1, 6)
    ok = die <= size
    events.append(
        event(
            key="renaissance.event.watermill",
            args={
                "seat": seat,
                "other": loser,
                "die": die,
                "result": term("renaissance.result.won" if ok else "renaissance.result.lost"),
            },
            reveals=True,
        )
    )
    return ok


def card_price(state: RenaissanceState) -> int:
    """AOR-D13: the k-th card bought this phase costs k tokens (fan data)."""
    prices = data().card_prices.prices
    return prices[min(state.cards_bought_expansion, len(prices) - 1)]


def can_buy_card(state: RenaissanceState, seat: str) -> bool:
    player = state.players[seat]
    return (
        not player.expansion_card
        and not state.deck_exhausted
        and player.expansion >= card_price(state)
    )


def buy_card(state: RenaissanceState, seat: str, events: list[Event]) -> None:
    player = state.player(seat)
    cost = card_price(state)
    player.expansion -= cost
    player.stock += cost
    player.expansion_card = True
    state.cards_bought_expansion += 1
    events.append(event(key="renaissance.event.card_bought", args={"seat": seat, "count": cost}))
    draw(state, seat, events)
