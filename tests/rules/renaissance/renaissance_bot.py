"""A steered random test bot for Age of Renaissance: always one of the legal actions, chosen
with the seeded ``random.Random`` only, but played so that games last to the real end.

The plain nudged bot (``choose`` in renaissance_helpers) takes misery from every side and
most games end with every seat in chaos in the middle of an epoch. This one keeps its hand
small, pays stabilization, buys advances that build its tier (misery relief, AOR-R61/R62),
buys relief back, aims harmful events at others and bids modestly; every choice still has
a random part so that every card, advance, ship row and special action turns up.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from rules.renaissance.actions import (
    Attack,
    BuyAdvance,
    BuyCard,
    BuyOff,
    CapitalBid,
    CathedralDefence,
    Cede,
    CivilWarLoss,
    DiscardCard,
    EndStep,
    ExpansionCard,
    GiveCard,
    PirateTarget,
    Place,
    PlayCard,
    QSwap,
    Relief,
    RemovalSource,
    RenaissanceAction,
    Stabilize,
    TokenBid,
    UpgradeShip,
    Watermill,
    WatermillSwap,
)
from rules.renaissance.cards import is_burden, payout
from rules.renaissance.components import CATEGORIES, data
from rules.renaissance.effects import has
from rules.renaissance.legal import legal_actions
from rules.renaissance.model import RenaissanceState
from rules.renaissance.purchase import price, stabilization_cost

# events that cost every player (the one who plays them included) misery boxes
SELF_HARM = ("famine", "mysticism_abounds", "revolutionary_uprisings", "religious_strife")


T = TypeVar("T")


def _pick(rnd: random.Random, items: Sequence[T]) -> T:
    return items[rnd.randrange(len(items))]


def _category_count(state: RenaissanceState, seat: str, category: str) -> int:
    held = state.players[seat].advances
    return sum(1 for a in held if data().advances[a].category == category)


def own_harm(state: RenaissanceState, seat: str, effect: str) -> int:
    """Misery boxes an everyone-suffers event would cost ``seat`` itself (AOR-D8)."""
    if state.players[seat].enlightened_ruler and effect != "famine":
        return 0
    if effect == "famine":
        grain = sum(1 for p in data().suppliers["grain"] if state.provinces[p].dm == seat)
        return max(0, 4 - grain - (1 if has(state, seat, "improved_agriculture") else 0))
    if effect == "mysticism_abounds":
        return max(0, 4 - _category_count(state, seat, "science"))
    if effect == "revolutionary_uprisings":
        return _category_count(state, seat, "commerce")
    return _category_count(state, seat, "religion")


def _play_value(state: RenaissanceState, seat: str, action: PlayCard) -> float | None:
    """How much ``seat`` wants this play (None: not now)."""
    info = data().cards[action.card]
    others = [s for s in state.active() if s != seat]
    if info.kind == "commodity":
        assert action.commodity is not None
        return 1.0 + payout(state, seat, action.commodity) / 10
    if info.kind == "leader":
        return 1.0 if action.protection <= 2 else None
    effect = info.effect
    if effect in SELF_HARM:
        harm = own_harm(state, seat, effect)
        return 0.5 if harm <= 1 else None
    if effect in ("civil_war", "alchemists_gold", "war"):
        return 1.0 if action.target_seat in others else None
    if effect == "rebellion":
        assert action.province is not None
        return 1.0 if state.provinces[action.province].dm in others else None
    if effect == "the_crusades":
        return 0.5 if state.players[seat].misery < 10 else None
    if effect == "black_death":
        assert action.area is not None
        mine = 0
        for p, pinfo in data().provinces.items():
            if pinfo.area == action.area and pinfo.overseas is None:
                prov = state.provinces[p]
                mine += prov.tokens.get(seat, 0) + (3 if prov.dm == seat else 0)
        return 1.0 / (1 + mine)
    return 1.0


def _choose_play(
    state: RenaissanceState, seat: str, actions: list[RenaissanceAction], rnd: random.Random
) -> RenaissanceAction:
    plays = [a for a in actions if isinstance(a, PlayCard)]
    final = state.phase == "final_play"
    scored = [(v, a) for a in plays if (v := _play_value(state, seat, a)) is not None]
    if not final and (not scored or rnd.random() < 0.08):
        return EndStep()
    if not scored:  # final play: every playable card must go; least harm to the player
        return _pick(rnd, plays)
    best = max(v for v, _ in scored)
    # mostly the best kind of play; sometimes any wanted one, for variety
    pool = (
        [a for v, a in scored if v >= best * 0.5] if rnd.random() < 0.7 else [a for _, a in scored]
    )
    return _pick(rnd, pool)


def _reserve(state: RenaissanceState, seat: str) -> int:
    """Cash kept back in the purchase phase: the stabilization cost of the hand (AOR-R60)."""
    return stabilization_cost(state, seat) + 5


def _choose_purchase(
    state: RenaissanceState, seat: str, actions: list[RenaissanceAction], rnd: random.Random
) -> RenaissanceAction:
    player = state.players[seat]
    spare = player.cash - _reserve(state, seat)
    upgrade = [a for a in actions if isinstance(a, UpgradeShip)]
    buys = [a for a in actions if isinstance(a, BuyAdvance)]
    if upgrade and spare >= 25 and rnd.random() < (0.6 if player.ship == "none" else 0.25):
        return upgrade[0]
    best: dict[str, tuple[int, BuyAdvance]] = {}
    for a in buys:
        cost, fees = price(state, seat, a.letter, a.claims)
        total = cost + fees
        if total <= spare and (a.letter not in best or total < best[a.letter][0]):
            best[a.letter] = (total, a)
    if not best or rnd.random() < 0.05:
        return EndStep()
    counts = {
        c: _category_count(state, seat, c) for c in {a.category for a in data().advances.values()}
    }
    low = min(counts.values())
    focus = CATEGORIES[(state.seed + state.seats.index(seat)) % len(CATEGORIES)]
    weights = []
    options = []
    for letter, (total, a) in sorted(best.items()):
        adv = data().advances[letter]
        w = 1.0 + adv.misery_relief / 10
        if counts[adv.category] == low:
            w *= 4  # a step towards the next tier: relief (AOR-R61) and auto relief (R62)
        if total < adv.cost:
            w *= 2  # a leader or credit makes it cheap now
        w *= 1 + adv.cost / 60  # the dearer the advance, the more it scores (AOR-R120)
        if adv.category == focus:
            w *= 4  # each seat follows one chain of prerequisites to its end
        weights.append(w)
        options.append(a)
    return rnd.choices(options, weights=weights)[0]


def _place_weight(state: RenaissanceState, seat: str, province: str) -> float:
    """Concentrate tokens: finish a market, then go on with one, then open a small one."""
    info = data().provinces[province]
    prov = state.provinces[province]
    mine = prov.tokens.get(seat, 0)
    if info.kind == "satellite":
        return 0.5
    if prov.count() > mine:
        return 0.5  # shared with another player: no dominance without competition
    if mine + 1 >= info.size:
        return 20.0
    if mine:
        return 8.0
    return (4.0 if info.commodities else 2.0) / info.size


def _choose_expansion(
    state: RenaissanceState, seat: str, actions: list[RenaissanceAction], rnd: random.Random
) -> RenaissanceAction:
    player = state.players[seat]
    places = [a for a in actions if isinstance(a, Place)]
    attacks = [a for a in actions if isinstance(a, Attack)]
    card = [a for a in actions if isinstance(a, ExpansionCard)]
    if card and len(player.hand) <= 1 and rnd.random() < 0.05:
        return card[0]
    cathedral = [a for a in attacks if a.cathedral]
    if cathedral and rnd.random() < 0.7:
        return _pick(rnd, cathedral)
    home = [a for a in attacks if a.province == player.capital]
    if home:
        return home[0]  # win the capital back
    if attacks and rnd.random() < 0.15:
        return _pick(rnd, attacks)
    if places and rnd.random() < 0.98:
        weights = [_place_weight(state, seat, a.province) for a in places]
        return rnd.choices(places, weights=weights)[0]
    if attacks and rnd.random() < 0.5:
        return _pick(rnd, attacks)
    return EndStep()


def steer(state: RenaissanceState, seat: str, rnd: random.Random) -> RenaissanceAction:
    """A legal action of ``seat``, random but steered away from chaos (see the module)."""
    actions = legal_actions(state, seat)
    if len(actions) == 1:
        return actions[0]
    player = state.players[seat]
    first = actions[0]
    others = [s for s in state.active() if s != seat]
    if isinstance(first, CapitalBid):
        return CapitalBid(amount=rnd.randint(0, 8))
    if isinstance(first, TokenBid):
        top = min(12, player.cash // 3)
        return TokenBid(amount=-1 if player.cash and rnd.random() < 0.05 else rnd.randint(0, top))
    if isinstance(first, CivilWarLoss):
        tokens_lost = -(-player.expansion // 2)
        cash_lost = min(-(-player.written_cash // 2), player.cash)
        lose = "tokens" if tokens_lost * 2 <= cash_lost or rnd.random() < 0.2 else "cash"
        return CivilWarLoss(lose=lose)
    if isinstance(first, PirateTarget):
        theirs = [
            a
            for a in actions
            if isinstance(a, PirateTarget) and state.provinces[a.province].dm in others
        ]
        return _pick(rnd, theirs or actions)
    if isinstance(first, CathedralDefence):
        return CathedralDefence(declare=rnd.random() < 0.9)
    if isinstance(first, WatermillSwap):
        return WatermillSwap(attempt=rnd.random() < 0.6)
    if isinstance(first, GiveCard):
        dead = [a for a in actions if isinstance(a, GiveCard) and is_burden(state, a.card)]
        return _pick(rnd, dead or actions)
    if isinstance(first, Cede | RemovalSource | QSwap | Watermill):
        return _pick(rnd, actions)
    if isinstance(first, BuyOff) or (state.phase == "buyoff" and isinstance(first, EndStep)):
        offs = [a for a in actions if isinstance(a, BuyOff)]
        return _pick(rnd, offs) if offs and rnd.random() < 0.2 else EndStep()
    if isinstance(first, BuyCard):
        want = len(player.hand) <= 2 and player.cash >= 30 and rnd.random() < 0.6
        return BuyCard(buy=want) if BuyCard(buy=want) in actions else BuyCard(buy=False)
    if isinstance(first, DiscardCard):
        burdens = [c for c in player.hand if is_burden(state, c)]
        if burdens:
            return DiscardCard(card=_pick(rnd, sorted(burdens)))
        if len(player.hand) >= 3 and rnd.random() < 0.6:
            return _pick(rnd, actions)
        return DiscardCard()
    if state.phase in ("play", "final_play"):
        return _choose_play(state, seat, actions, rnd)
    if state.phase == "purchase":
        if isinstance(first, UpgradeShip | BuyAdvance | EndStep):
            return _choose_purchase(state, seat, actions, rnd)
        if isinstance(first, Stabilize):
            return Stabilize(pay=True) if Stabilize(pay=True) in actions else first
        relief = [a for a in actions if isinstance(a, Relief)]
        return max(relief, key=lambda a: a.boxes)
    if state.phase == "expansion":
        return _choose_expansion(state, seat, actions, rnd)
    return _pick(rnd, actions)


__all__ = ["own_harm", "steer"]
