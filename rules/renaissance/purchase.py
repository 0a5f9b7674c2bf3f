"""Phase 5: ships, advances, stabilization and misery relief (AOR-R55-R63, D11, D12)."""

from __future__ import annotations

from rules.core import Event, term
from rules.core.engine import quiet
from rules.core.models import event
from rules.renaissance.cards import leader_discount
from rules.renaissance.components import data
from rules.renaissance.economy import (
    misery_change,
    misery_for_cost,
    misery_value,
    pay_bank,
    transfer,
)
from rules.renaissance.effects import has, letter_of, tier
from rules.renaissance.model import LeaderPlay, RenaissanceState

NO_X_CREDIT = ("civics", "religion")


def credit(state: RenaissanceState, seat: str, letter: str) -> int:
    """AOR-R57: credits of advances held at the start of the phase (AOR-A10 option)."""
    d = data()
    adv = d.advances[letter]
    player = state.players[seat]
    column = "credit_euro" if state.options.credit_table == "euro" else "credit_ah"
    total = 0
    for held in player.start_advances:
        other = d.advances[held]
        if other.category == adv.category and held != letter:
            total += getattr(other, column)
    x = letter_of(state, "institutional_research")
    x_held = x in player.start_advances or (
        state.options.x_credit_same_phase and x in player.advances
    )
    if x_held and adv.category not in NO_X_CREDIT:
        total += 10
    return total


def credits(state: RenaissanceState, seat: str) -> dict[str, int]:
    """``credit(state, seat, letter)`` of every advance letter, in one pass over the held
    advances (a listing prices all of them)."""
    d = data()
    player = state.players[seat]
    column = "credit_euro" if state.options.credit_table == "euro" else "credit_ah"
    start = player.start_advances
    by_category: dict[str, int] = {}
    for held in start:
        other = d.advances[held]
        by_category[other.category] = by_category.get(other.category, 0) + getattr(other, column)
    x = letter_of(state, "institutional_research")
    x_held = x in start or (state.options.x_credit_same_phase and x in player.advances)
    out: dict[str, int] = {}
    for letter, adv in d.advances.items():
        total = by_category.get(adv.category, 0)
        if letter in start:  # credit counts the others held, never the advance itself
            total -= start.count(letter) * getattr(adv, column)
        if x_held and adv.category not in NO_X_CREDIT:
            total += 10
        out[letter] = total
    return out


def claimable(state: RenaissanceState, seat: str, play: LeaderPlay) -> bool:
    """AOR-R47, R48: box 1 never; with Euro boxes, box 2 one and box 3 two claimants."""
    if play.seat == seat or play.box == 1:
        return False
    if seat in play.claims:
        return True
    if not has(state, seat, "patronage"):
        return False
    if state.options.euro_leader_boxes and play.box in (2, 3):
        return len(play.claims) < play.box - 1
    return True


def claim_options(state: RenaissanceState, seat: str, letter: str) -> list[list[str]]:
    """Every set of other players' leaders ``seat`` may claim for ``letter`` (AOR-R48)."""
    if not state.leaders:
        return [[]]
    cards = data().cards
    open_ = [
        p.card
        for p in state.leaders
        if p.seat != seat and letter in cards[p.card].discounts and claimable(state, seat, p)
    ]
    subsets: list[list[str]] = [[]]
    for card in open_:
        subsets += [[*s, card] for s in subsets]
    return [sorted(s) for s in subsets]


def leaders_for(
    state: RenaissanceState, seat: str, letter: str, claims: list[str]
) -> list[LeaderPlay]:
    out: list[LeaderPlay] = []
    if not state.leaders:
        return out
    cards = data().cards
    for play in state.leaders:
        if letter not in cards[play.card].discounts:
            continue
        if play.seat == seat or (play.card in claims and claimable(state, seat, play)):
            out.append(play)
    return out


def price(
    state: RenaissanceState,
    seat: str,
    letter: str,
    claims: list[str],
    credited: int | None = None,
) -> tuple[int, int]:
    """(price of the advance, fees to leader owners) for ``seat`` now (AOR-R57);
    ``credited``: ``credit(state, seat, letter)`` when the caller has it."""
    cost = data().advances[letter].cost
    reduction = credit(state, seat, letter) if credited is None else credited
    fees = 0
    bonus = 0 if state.options.euro_no_written_record_bonus else 10
    for play in leaders_for(state, seat, letter, claims):
        reduction += leader_discount(state, play.card, letter)
        if has(state, seat, "written_record"):
            reduction += bonus
        if play.seat != seat and seat not in play.claims:
            fees += play.protection
    return max(0, cost - reduction), fees


def can_buy(state: RenaissanceState, seat: str, letter: str, claims: list[str]) -> bool:
    if not open_to(state, seat, letter):
        return False
    if claims and claims not in claim_options(state, seat, letter):
        return False
    return affordable(state, seat, letter, claims)


def open_to(state: RenaissanceState, seat: str, letter: str) -> bool:
    """``seat`` may buy advance ``letter`` with some claims: not held, its prerequisites
    held, its category not banned by Papal Decree."""
    player = state.players[seat]
    if letter in player.advances:
        return False
    adv = data().advances[letter]
    if any(p not in player.advances for p in adv.prerequisites):
        return False
    return state.papal_ban != adv.category


def affordable(
    state: RenaissanceState,
    seat: str,
    letter: str,
    claims: list[str],
    credited: int | None = None,
) -> bool:
    """``seat`` has the cash for ``letter`` claiming ``claims`` (price and fees; ``credited``
    as for ``price``)."""
    cost, fees = price(state, seat, letter, claims, credited)
    return cost + fees <= state.players[seat].cash


def buy(
    state: RenaissanceState, seat: str, letter: str, claims: list[str], events: list[Event]
) -> None:
    player = state.player(seat)
    cost = price(state, seat, letter, claims)[0]
    for play in leaders_for(state, seat, letter, claims):
        if play.seat != seat and seat not in play.claims:
            play.claims.append(seat)
            if play.protection:
                transfer(state, seat, play.seat, play.protection)
    pay_bank(state, seat, cost)
    player.advances.append(letter)
    player.bought_this_turn.append(letter)
    events.append(
        event(
            key="renaissance.event.advance",
            args={"seat": seat, "advance": term(advance_key(state, letter)), "amount": cost},
            seat=seat,
        )
    )
    if letter == letter_of(state, "seaworthy") and player.ship != "ocean":
        player.ship, player.ship_box = "seaworthy", 0
    if letter == letter_of(state, "ocean_navigation"):
        player.ship, player.ship_box = "ocean", 0
    if letter == letter_of(state, "human_body"):
        misery_change(state, seat, 1 if state.options.human_body_raises_misery else -1, events)
    if letter == letter_of(state, "improved_agriculture"):
        misery_change(state, seat, -1, events)
    if state.options.euro_auto_mr:
        auto_relief(state, seat, events)


def advance_key(state: RenaissanceState, letter: str) -> str:
    from rules.renaissance.effects import advance_term_key

    return advance_term_key(state, letter)


def can_upgrade(state: RenaissanceState, seat: str) -> bool:
    player = state.players[seat]
    if player.upgraded_ship or player.bought_this_turn or player.cash < data().ship_price:
        return False
    if player.ship == "none":
        return True
    return player.ship_box + 1 < len(data().ships[player.ship].boxes)


def upgrade(state: RenaissanceState, seat: str, events: list[Event]) -> None:
    player = state.player(seat)
    pay_bank(state, seat, data().ship_price)
    if player.ship == "none":
        player.ship, player.ship_box = "galley", 0
    else:
        player.ship_box += 1
    player.upgraded_ship = True
    events.append(
        event(
            key="renaissance.event.ship",
            args={
                "seat": seat,
                "ship": term(f"renaissance.ship.{player.ship}"),
                "value": data().ships[player.ship].boxes[player.ship_box],
            },
        )
    )


def stabilization_cost(state: RenaissanceState, seat: str) -> int:
    """AOR-R60, D11: by cards in hand (burdens included); Middle Class halves, rounding up."""
    st = data().stabilization
    n = len(state.players[seat].hand)
    cost = st.costs[min(n, len(st.costs) - 1)]
    if has(state, seat, "middle_class"):
        cost = -(-cost // st.middle_class_divisor)
    return cost


def stabilize(state: RenaissanceState, seat: str, pay: bool, events: list[Event]) -> None:
    cost = stabilization_cost(state, seat)
    if pay:
        pay_bank(state, seat, cost)
        if not quiet(events):
            events.append(
                event(key="renaissance.event.stabilized", args={"seat": seat, "amount": cost})
            )
    else:
        boxes = misery_for_cost(state.players[seat].misery, cost)
        if not quiet(events):
            events.append(
                event(key="renaissance.event.unstable", args={"seat": seat, "amount": cost})
            )
        misery_change(state, seat, boxes, events)


def relief_price(state: RenaissanceState, seat: str, boxes: int) -> int:
    """AOR-R61: value differences, less this turn's MR, halved with Enlightenment."""
    player = state.players[seat]
    b = player.misery
    dollars = misery_value(b) - misery_value(b - boxes)
    mr = sum(data().advances[a].misery_relief for a in player.bought_this_turn)
    dollars = max(0, dollars - mr)
    if has(state, seat, "enlightenment"):
        dollars = -(-dollars // 2)
    return dollars


def relief_options(state: RenaissanceState, seat: str) -> list[int]:
    """AOR-R61; off with the Euro automatic relief unless both are kept (rulebook text)."""
    if state.options.euro_auto_mr and not state.options.keep_purchased_relief:
        return [0]
    player = state.players[seat]
    top = min(tier(state, seat), player.misery)
    return [n for n in range(top + 1) if relief_price(state, seat, n) <= player.cash]


def relieve(state: RenaissanceState, seat: str, boxes: int, events: list[Event]) -> None:
    if boxes <= 0:
        return
    pay_bank(state, seat, relief_price(state, seat, boxes))
    misery_change(state, seat, -boxes, events)


AUTO_CATEGORIES = ("science", "commerce", "communication")


def auto_relief(state: RenaissanceState, seat: str, events: list[Event]) -> None:
    """AOR-R62 (EU-4): once each at 2, 3 and all advances in Science, Commerce, Communication."""
    d = data()
    player = state.player(seat)
    counts = []
    sizes = []
    for cat in AUTO_CATEGORIES:
        counts.append(sum(1 for a in player.advances if d.advances[a].category == cat))
        sizes.append(sum(1 for a in d.advances.values() if a.category == cat))
    steps = [
        (1, all(c >= 2 for c in counts), 1),
        (2, all(c >= 3 for c in counts), 2),
        (3, all(c >= s for c, s in zip(counts, sizes, strict=True)), 3),
    ]
    for level, reached, boxes in steps:
        if reached and player.auto_mr_steps < level:
            player.auto_mr_steps = level
            misery_change(state, seat, -boxes, events)
