"""Cash with the bank, the misery track and elimination (AOR-D7, AOR-R116, AOR-A17)."""

from __future__ import annotations

from rules.core import Event
from rules.core.engine import quiet
from rules.core.models import event
from rules.renaissance.components import data
from rules.renaissance.model import Pending, RenaissanceState


def pay_bank(state: RenaissanceState, seat: str, amount: int) -> int:
    """``seat`` pays up to ``amount`` to the bank (never into debt); returns what was paid."""
    player = state.player(seat)
    paid = max(0, min(amount, player.cash))
    player.cash -= paid
    state.bank_net -= paid
    return paid


def from_bank(state: RenaissanceState, seat: str, amount: int) -> None:
    state.player(seat).cash += amount
    state.bank_net += amount


def transfer(state: RenaissanceState, payer: str, payee: str, amount: int) -> int:
    paid = max(0, min(amount, state.player(payer).cash))
    state.player(payer).cash -= paid
    state.player(payee).cash += paid
    return paid


def misery_value(box: int) -> int:
    boxes = data().misery.boxes
    return boxes[min(box, len(boxes) - 1)]


def last_box() -> int:
    return len(data().misery.boxes) - 1


def misery_change(state: RenaissanceState, seat: str, boxes: int, events: list[Event]) -> None:
    """Move the misery marker ``boxes`` boxes (negative: down, never below 0); AOR-R116."""
    player = state.player(seat)
    if player.eliminated or boxes == 0:
        return
    before = player.misery
    player.misery = max(0, player.misery + boxes)
    if player.misery == before:
        return
    if not quiet(events):
        events.append(
            event(
                key="renaissance.event.misery",
                args={"seat": seat, "value": misery_value(player.misery)},
                seat=seat,
            )
        )
    if player.misery > last_box():
        eliminate(state, seat, events)


def misery_for_cost(box: int, cost: int) -> int:
    """AOR-R60/D7: boxes to climb until the cumulative increase reaches ``cost``."""
    boxes = data().misery.boxes
    climbed = 0
    total = 0
    while total < cost:
        here = boxes[min(box + climbed, len(boxes) - 1)]
        step = boxes[box + climbed + 1] - here if box + climbed + 1 < len(boxes) else 100
        total += step
        climbed += 1
    return climbed


def eliminate(state: RenaissanceState, seat: str, events: list[Event]) -> None:
    """AOR-R116, AOR-A17: chaos; pieces leave the map, cards go to the discard pile."""
    from rules.renaissance.deck import discard_card

    player = state.player(seat)
    player.eliminated = True
    for pid, seen in state.provinces.items():  # only the provinces with its pieces change
        if seen.dm != seat and seat not in seen.tokens and seat not in seen.white:
            continue
        prov = state.province(pid)
        if prov.dm == seat:
            prov.dm = None
            prov.dm_white = False
        n = prov.tokens.pop(seat, 0)
        prov.white.pop(seat, None)
        player.stock += n
    player.stock += player.expansion
    player.expansion = 0
    for card in list(player.hand):
        player.hand.remove(card)
        discard_card(state, card)
    events.append(event(key="renaissance.event.eliminated", args={"seat": seat}, seat=seat))
    state.decisions = [
        d for d in state.decisions if not (isinstance(d, Pending) and d.seat == seat)
    ]
    if state.boxes:  # AOR-R27: out of the display; the others fill the used boxes in order
        used = data().oop.boxes[str(state.options.players)]
        state.boxes = {s: used[i] for i, s in enumerate(state.active())}
