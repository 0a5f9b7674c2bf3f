"""Invariants checked after every action in the playout tests (components, cash, secrecy)."""

from __future__ import annotations

from rules.renaissance.components import MARKERS_PER_PLAYER, TOKENS_PER_PLAYER, data
from rules.renaissance.deck import epoch_cards
from rules.renaissance.model import Pending, RenaissanceState


def invariants(state: RenaissanceState) -> list[str]:
    problems: list[str] = []
    for seat, p in state.players.items():
        on_map = sum(prov.tokens.get(seat, 0) for prov in state.provinces.values())
        on_map += sum(
            p.count for p in state.pending if p.kind == "cathedral_defence" and p.other == seat
        )
        if on_map + p.stock + p.expansion != TOKENS_PER_PLAYER:
            problems.append(f"{seat}: tokens {on_map}+{p.stock}+{p.expansion} != 36")
        dms = sum(1 for prov in state.provinces.values() if prov.dm == seat)
        if dms > MARKERS_PER_PLAYER:
            problems.append(f"{seat}: {dms} dominance markers on the map")
        if min(p.cash, p.stock, p.expansion) < 0:
            problems.append(f"{seat}: negative cash or tokens")
        for pid, prov in state.provinces.items():
            if prov.white.get(seat, 0) > prov.tokens.get(seat, 0):
                problems.append(f"{pid}: more white than tokens for {seat}")
    for pid, prov in state.provinces.items():
        info = data().provinces[pid]
        if info.kind == "satellite" and (prov.dm is not None or prov.count() > 1):
            problems.append(f"{pid}: satellite holds a DM or several tokens")
        if prov.dm is not None and prov.count():
            problems.append(f"{pid}: tokens beside a DM")
    cash = sum(p.cash for p in state.players.values()) + state.on_leaders
    if cash != state.bank_net:
        problems.append(f"cash {cash} != bank ledger {state.bank_net}")
    cards: list[str] = list(state.draw_pile) + state.discard + state.removed + state.held_aside
    for p in state.players.values():
        cards += p.hand + p.dealt
    cards += [lp.card for lp in state.leaders]
    cards += [c for e in range(state.epoch + 1, 4) for c in epoch_cards(state, e)]
    if sorted(cards) != sorted(data().cards):
        problems.append("history cards not conserved")
    problems += _secrets(state)
    problems += _order(state)
    return problems


def _order(state: RenaissanceState) -> list[str]:
    """Issue 22.1: the bottom of the decision stack is the phase's order, every
    interrupting decision above it."""
    order = [d for d in state.decisions if not isinstance(d, Pending)]
    problems: list[str] = []
    if state.decisions[: len(order)] != order:
        problems.append("an order-of-play decision above an interrupting one")
    if order != state.order_of_play():
        problems.append(f"order-of-play decisions {order} != {state.order_of_play()}")
    return problems


def _secrets(state: RenaissanceState) -> list[str]:
    """AOR §6: no view shows another seat's hand, dealt cards, ranking or unrevealed bid."""
    from rules.renaissance.view import view

    problems: list[str] = []
    for viewer in [None, *state.seats]:
        for row in view(state, viewer).players:
            if row.seat == viewer:
                continue
            hidden = (
                row.hand,
                row.dealt,
                row.returned,
                row.ranking,
                row.capital_bid,
                row.token_bid,
            )
            if any(x is not None for x in hidden):
                problems.append(f"{row.seat}: private information shown to {viewer}")
    return problems
