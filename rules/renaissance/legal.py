"""Every legal action of a seat right now (complete, so random bots finish games)."""

from __future__ import annotations

import functools
from typing import Literal

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
    RankCapital,
    Relief,
    RemovalSource,
    RenaissanceAction,
    ReturnCard,
    Stabilize,
    TokenBid,
    UpgradeShip,
    Watermill,
    WatermillSwap,
)
from rules.renaissance.board import reach
from rules.renaissance.cards import cedable, markers_available, play_options
from rules.renaissance.components import data
from rules.renaissance.expansion import can_attack, can_buy_card, can_cathedral, can_place
from rules.renaissance.flow import available_capitals, to_act
from rules.renaissance.model import RenaissanceState
from rules.renaissance.purchase import (
    affordable,
    can_buy,
    can_upgrade,
    claim_options,
    credits,
    open_to,
    relief_options,
    stabilization_cost,
)

WATERMILL_COMMODITIES = ("grain", "cloth", "wine", "metal")

# Actions are frozen: the listings share one of each of the most frequent, built as before.
END_STEP = EndStep()


@functools.cache
def _capital_bid(amount: int) -> CapitalBid:
    return CapitalBid(amount=amount)


@functools.cache
def _token_bid(amount: int) -> TokenBid:
    return TokenBid(amount=amount)


@functools.cache
def _place(province: str) -> Place:
    return Place(province=province)


@functools.cache
def _attack(province: str) -> Attack:
    return Attack(province=province)


@functools.cache
def _buy_unclaimed(letter: str) -> BuyAdvance:
    return BuyAdvance(letter=letter, claims=[])


@functools.cache
def _buy_claiming(letter: str, claims: tuple[str, ...]) -> BuyAdvance:
    return BuyAdvance(letter=letter, claims=list(claims))


@functools.cache
def _return(card: str) -> ReturnCard:
    return ReturnCard(card=card)


@functools.cache
def _rank(capital: str) -> RankCapital:
    return RankCapital(capital=capital)


@functools.cache
def _q_swap(direction: Literal["before", "after", "none"]) -> QSwap:
    return QSwap(direction=direction)


@functools.cache
def _discard(card: str) -> DiscardCard:
    return DiscardCard(card=card)


@functools.cache
def _cathedral_attack(province: str) -> Attack:
    return Attack(province=province, cathedral=True)


@functools.cache
def _relief(boxes: int) -> Relief:
    return Relief(boxes=boxes)


@functools.cache
def _give(card: str) -> GiveCard:
    return GiveCard(card=card)


NO_DISCARD = DiscardCard()
BUY_CARD = BuyCard(buy=True)
NO_CARD = BuyCard(buy=False)
PAY = Stabilize(pay=True)
NO_PAY = Stabilize(pay=False)
UPGRADE = UpgradeShip()
EXPANSION_CARD = ExpansionCard()
LOSE_CASH = CivilWarLoss(lose="cash")
LOSE_TOKENS = CivilWarLoss(lose="tokens")
FROM_EXPANSION = RemovalSource(source="expansion")
LEAVE_EMPTY = RemovalSource(source="empty")
DECLARE = CathedralDefence(declare=True)
NO_DECLARE = CathedralDefence(declare=False)
ATTEMPT = WatermillSwap(attempt=True)
NO_ATTEMPT = WatermillSwap(attempt=False)
_DIRECTIONS: tuple[Literal["before", "after", "none"], ...] = ("before", "after", "none")


def legal_actions(state: RenaissanceState, seat: str) -> list[RenaissanceAction]:
    if seat not in to_act(state):
        return []
    if state.interrupting() is not None:
        return _pending(state, seat)
    player = state.players[seat]
    phase = state.phase
    out: list[RenaissanceAction] = []
    if phase == "setup":
        if state.options.held_cards_setup and player.returned is None:
            return [_return(c) for c in player.dealt]
        left = [c for c in available_capitals(state) if c not in player.ranking]
        if left:
            return [_rank(c) for c in left]
        return [_capital_bid(n) for n in range(41)]
    if phase == "bid":
        return [_token_bid(n) for n in range(-player.cash, player.cash + 1)]
    if phase == "q_swap":
        return [_q_swap(d) for d in _DIRECTIONS if _q_ok(state, seat, d)]
    if phase == "watermill":
        out.append(Watermill(change="none"))
        for c in WATERMILL_COMMODITIES:
            out.append(Watermill(commodity=c, change="shortage"))
            out.append(Watermill(commodity=c, change="surplus"))
            if state.markers.get(c):
                out.append(Watermill(commodity=c, change="remove"))
        return out
    if phase == "buyoff":
        for c, n in sorted(state.markers.items()):
            if n and player.cash >= data().commodities[c].value:
                out.append(BuyOff(commodity=c))
        return [*out, END_STEP]
    if phase == "buy_cards":
        from rules.renaissance.effects import has

        if not player.v_decided and has(state, seat, "urban_ascendancy"):
            if player.cash >= 10 and not state.deck_exhausted:
                return [BUY_CARD, NO_CARD]
            return [NO_CARD]
        discards: list[RenaissanceAction] = [_discard(c) for c in sorted(set(player.hand))]
        return [*discards, NO_DISCARD]
    if phase in ("play", "final_play"):
        final = phase == "final_play"
        for card in sorted(set(player.hand)):
            out.extend(play_options(state, seat, card, final))
        if not final:
            out.append(END_STEP)
        return out
    if phase == "purchase":
        if player.purchase_step == "buy":
            if can_upgrade(state, seat):
                out.append(UPGRADE)
            credited = credits(state, seat)
            for letter in sorted(data().advances):
                if not open_to(state, seat, letter):
                    continue
                for claims in claim_options(state, seat, letter):
                    # can_buy, claims listed
                    if affordable(state, seat, letter, claims, credited[letter]):
                        out.append(
                            _buy_claiming(letter, tuple(claims))
                            if claims
                            else _buy_unclaimed(letter)
                        )
            return [*out, END_STEP]
        if player.purchase_step == "stabilize":
            cost = stabilization_cost(state, seat)
            if player.cash >= cost:
                return [PAY, NO_PAY]
            return [NO_PAY]
        return [_relief(n) for n in relief_options(state, seat)]
    if phase == "expansion":
        room = reach(state, seat)
        provinces = state.provinces
        placing = player.expansion >= 1
        markers: bool | None = None  # markers_available, the same for every province
        for p in sorted(room):
            prov = provinces[p]
            if prov.dm is None and not prov.tokens:
                # an empty province: can_place is expansion and room left, can_attack False
                if placing and room[p] >= 1:
                    out.append(_place(p))
                continue
            if can_place(state, seat, p, room):
                out.append(_place(p))
            if markers is None:
                markers = markers_available(state, seat)
            if can_attack(state, seat, p, room, markers):
                out.append(_attack(p))
                if can_cathedral(state, seat, p):
                    out.append(_cathedral_attack(p))
        if can_buy_card(state, seat):
            out.append(EXPANSION_CARD)
        return [*out, END_STEP]
    return out


def is_legal(state: RenaissanceState, seat: str, action: RenaissanceAction) -> bool:
    """Exactly ``action in legal_actions(state, seat)`` (issue 22, the checked path): the
    phases with many choices look only at the part of the listing that can hold an action
    of this type (one card's plays, one advance's claims, one province's actions)."""
    if seat not in to_act(state) or state.interrupting() is not None:
        return action in legal_actions(state, seat)
    phase = state.phase
    player = state.players[seat]
    if isinstance(action, EndStep) and phase in ("buyoff", "play", "purchase", "expansion"):
        return phase != "purchase" or player.purchase_step == "buy"
    if phase in ("play", "final_play"):
        return (
            isinstance(action, PlayCard)
            and action.card in player.hand
            and action in play_options(state, seat, action.card, phase == "final_play")
        )
    if phase == "purchase" and player.purchase_step == "buy":
        if isinstance(action, UpgradeShip):
            return can_upgrade(state, seat)
        if not isinstance(action, BuyAdvance):
            return False
        letter = action.letter
        if letter not in data().advances or letter in player.advances:
            return False
        return can_buy(state, seat, letter, action.claims)  # claims among claim_options
    if phase == "expansion":
        if isinstance(action, ExpansionCard):
            return can_buy_card(state, seat)
        if isinstance(action, Place):
            room = reach(state, seat)
            return action.province in room and can_place(state, seat, action.province, room)
        if isinstance(action, Attack):
            room = reach(state, seat)
            p = action.province
            if p not in room or not can_attack(state, seat, p, room):
                return False
            return not action.cathedral or can_cathedral(state, seat, p)
        return False
    return action in legal_actions(state, seat)


def _q_ok(state: RenaissanceState, seat: str, direction: str) -> bool:
    from rules.renaissance.effects import has

    if direction == "none":
        return True
    active = state.active()
    i = active.index(seat)
    j = i - 1 if direction == "before" else i + 1
    return 0 <= j < len(active) and not has(state, active[j], "renaissance")


def _pending(state: RenaissanceState, seat: str) -> list[RenaissanceAction]:
    item = state.interrupting()
    assert item is not None
    player = state.players[seat]
    if item.kind == "civil_war":
        return [LOSE_CASH, LOSE_TOKENS]
    if item.kind == "removal":
        # DP-16: an expansion token only while one is left (else the province stays empty)
        return [FROM_EXPANSION, LEAVE_EMPTY] if player.expansion > 0 else [LEAVE_EMPTY]
    if item.kind == "war_cede":
        assert item.other is not None
        return [Cede(province=p) for p in cedable(state, seat, item.other)]
    if item.kind == "pirates":
        return [
            PirateTarget(province=p)
            for p, prov in sorted(state.provinces.items())
            if prov.dm is not None and data().provinces[p].coasts
        ]
    if item.kind == "cathedral_defence":
        return [DECLARE, NO_DECLARE]
    if item.kind == "watermill":
        return [ATTEMPT, NO_ATTEMPT]
    return [_give(c) for c in sorted(set(player.hand))]
