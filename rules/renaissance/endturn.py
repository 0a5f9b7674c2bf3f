"""Phase 7: expansion bonus, interest, income, misery reduction, shortage/surplus (R110-R116)."""

from __future__ import annotations

from rules.core import Event, term
from rules.core.engine import quiet
from rules.core.models import event
from rules.renaissance.board import dominated
from rules.renaissance.components import data
from rules.renaissance.deck import draw
from rules.renaissance.economy import from_bank, misery_change, pay_bank
from rules.renaissance.effects import has
from rules.renaissance.model import RenaissanceState


def income(state: RenaissanceState, seat: str, dms: int | None = None) -> int:
    """AOR-R112, D9 (designed table): by DMs on the map (``dms``: their number, when the
    caller has counted them); Middle Class +$10."""
    table = data().income.tables[str(state.options.players)]
    n = len(dominated(state, seat)) if dms is None else dms
    amount = table[min(n, len(table) - 1)]
    if has(state, seat, "middle_class"):
        amount += data().income.middle_class_bonus
    return amount


def end_of_turn(state: RenaissanceState, events: list[Event]) -> None:
    active = state.active()
    # AOR-R110 expansion bonus, AOR-A16
    whites = {
        s: sum(1 for prov in state.provinces.values() if prov.dm == s and prov.dm_white)
        for s in active
    }
    best = max(whites.values(), default=0)
    if best > 0:
        winner = next(s for s in active if whites[s] == best)
        events.append(event(key="renaissance.event.bonus_card", args={"seat": winner}))
        draw(state, winner, events)
    for pid, seen in state.provinces.items():  # only the provinces with white pieces change
        if seen.dm_white or seen.white:
            prov = state.province(pid)
            prov.dm_white = False
            prov.white = {}
    for s in active:
        player = state.player(s)
        player.stock += player.expansion  # AOR-R103
        player.expansion = 0
        earned = income(state, s)
        if has(state, s, "interest_profit"):  # AOR-R111
            interest = min(player.cash, earned)
            if interest:
                from_bank(state, s, interest)
                events.append(
                    event(key="renaissance.event.interest", args={"seat": s, "amount": interest})
                )
        from_bank(state, s, earned)
        if not quiet(events):
            events.append(event(key="renaissance.event.income", args={"seat": s, "amount": earned}))
        misery_change(state, s, -_turn_relief(state, s), events)  # AOR-R113, AOR-R63
    roll_markers(state, events)


def _turn_relief(state: RenaissanceState, seat: str) -> int:
    """Boxes down each turn: New World (AH), Enlightenment (Euro), both (the rulebook's
    text prints both sentences, so a holder of both moves two boxes)."""
    options = state.options
    enlightenment = options.euro_enlightenment_relief or options.enlightenment_turn_relief
    boxes = 1 if enlightenment and has(state, seat, "enlightenment") else 0
    if not options.euro_enlightenment_relief and has(state, seat, "new_world"):
        boxes += 1
    return boxes


def roll_markers(state: RenaissanceState, events: list[Event]) -> None:
    """AOR-R114, R115: two rolls of three dice; cancel, double, majority holders."""
    state.markers = {}
    results: dict[str, int] = {}
    for _ in range(2):
        white, black, coloured = (state.rng.randint(1, 6) for _ in range(3))
        shift = 1 if coloured <= 3 else -1
        names = data().by_roll[white + black]
        for commodity in names:
            results[commodity] = results.get(commodity, 0) + shift
        if quiet(events):
            continue
        events.append(
            event(
                key="renaissance.event.market_roll",
                args={
                    "white": white,
                    "black": black,
                    "coloured": coloured,
                    "commodities": [term(f"renaissance.commodity.{c}") for c in names],
                    "result": term(
                        "renaissance.marker.shortage" if shift > 0 else "renaissance.marker.surplus"
                    ),
                },
                reveals=True,
            )
        )
    state.markers = {c: n for c, n in sorted(results.items()) if n}
    for commodity, n in state.markers.items():
        holder = majority_holder(state, commodity)
        if holder is None:
            continue
        for _ in range(abs(n)):
            if n > 0:
                events.append(event(key="renaissance.event.majority_card", args={"seat": holder}))
                draw(state, holder, events)
            else:
                count = sum(
                    1 for p in data().suppliers[commodity] if state.provinces[p].dm == holder
                )
                paid = pay_bank(state, holder, count)
                events.append(
                    event(
                        key="renaissance.event.majority_pays",
                        args={"seat": holder, "amount": paid},
                    )
                )


def majority_holder(state: RenaissanceState, commodity: str) -> str | None:
    suppliers = data().suppliers[commodity]
    counts = {s: sum(1 for p in suppliers if state.provinces[p].dm == s) for s in state.active()}
    best = max(counts.values(), default=0)
    if best == 0:
        return None
    top = [s for s, n in counts.items() if n == best]
    return top[0] if len(top) == 1 else None
