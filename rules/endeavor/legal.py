"""Which concrete actions are legal now (complete, staged so each list stays small)."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import cast

from rules.core import Action
from rules.endeavor import silent_fleet as sf
from rules.endeavor.actions import (
    SUB_ACTION_KIND,
    Activate,
    Attack,
    Build,
    Cancel,
    ChooseStart,
    DiscardCard,
    DrawDeck,
    DrawDiscard,
    EndDiscard,
    EndSalary,
    Finish,
    Occupy,
    Pass,
    Payment,
    PaySalary,
    PlaceGovernor,
    PlaceMemorial,
    RemoveBuilding,
    SfDraw,
    SfOccupy,
    SfReactTo,
    SfShipFleet,
    SfShipTrack,
    ShipFleet,
    ShipSea,
    ShipTrack,
    SkipBuild,
    SlotGovernor,
    SpendToken,
    UnslotGovernor,
)
from rules.endeavor.board import (
    attack_targets,
    can_attack,
    can_occupy,
    can_ship,
    closed_regions,
    empty_cities,
    empty_fleets,
    open_regions,
)
from rules.endeavor.cards import can_draw, drawable_decks, drawable_discards
from rules.endeavor.components import ATTRIBUTES, ActionKind, data
from rules.endeavor.model import (
    EndeavorState,
    Memorial,
    PendingGovernor,
    PlayerState,
    SfReaction,
    Step,
    Turn,
)
from rules.endeavor.query import (
    build_level,
    card_limit,
    hand_counts,
    hand_excess,
    hand_valid,
    salary,
    to_act,
)

HARBOUR_NEEDED: dict[ActionKind, int] = {
    "ship": 1,
    "occupy": 1,
    "attack": 2,
    "payment": 0,
    "draw": 0,
}
"""END-R44/R45a: harbour discs an action needs beyond the activating disc."""


def build_options(state: EndeavorState, seat: str) -> tuple[list[str], bool]:
    """DP06: the kinds the player may take, and whether building is compulsory.

    END-R30 (KO 「자신의 건설 등급보다 낮거나 같은 … 건물만 선택할 수 있습니다」): while the tray
    holds a building at or below the build level, taking one is compulsory. END-R33 / issue 13
    (ZH 「如果建築儲備區沒有符合條件的建築板，你可以選擇下一個建造等級的建築板」): when it holds
    none, the player *may* take one of the next level, or build nothing; never two or more
    levels up.
    """
    d = data()
    available = sorted(k for k, n in state.tray.items() if n > 0)
    lvl = build_level(state.players[seat])
    within = [k for k in available if d.buildings[k].level <= lvl]
    if within:
        return within, True
    return [k for k in available if d.buildings[k].level == lvl + 1], False


def scarce_options(state: EndeavorState, seat: str) -> list[str]:
    """END-R106 opt. 3: tray kinds with level <= the player's build level."""
    d = data()
    lvl = build_level(state.players[seat])
    return sorted(k for k, n in state.tray.items() if n > 0 and d.buildings[k].level <= lvl)


def salary_slots(p: PlayerState) -> list[int]:
    """END-R36: any building disc may be paid in the Salary phase (no-payment included)."""
    return [i for i, b in enumerate(p.buildings) if b.disc]


def payment_slots(p: PlayerState, exclude: int | None) -> list[int]:
    """END-R70a / A9: discs on buildings without the no-payment icon, not the activator."""
    d = data()
    return [
        i
        for i, b in enumerate(p.buildings)
        if b.disc and not d.buildings[b.kind].no_payment and i != exclude
    ]


def kind_possible(
    state: EndeavorState, seat: str, kind: ActionKind, harbour: int, exclude: int | None
) -> bool:
    """Whether one action of ``kind`` can be performed with ``harbour`` discs (END-R45/R45a)."""
    if harbour < HARBOUR_NEEDED[kind]:
        return False
    if kind == "ship":
        return can_ship(state)
    if kind == "occupy":
        return can_occupy(state, seat)
    if kind == "attack":
        return can_attack(state, seat)
    if kind == "payment":
        return bool(payment_slots(state.players[seat], exclude))
    return can_draw(state, seat)


def can_activate(state: EndeavorState, seat: str, slot: int) -> bool:
    p = state.players[seat]
    if slot < 0 or slot >= len(p.buildings) or p.buildings[slot].disc or p.harbour < 1:
        return False
    kinds = data().buildings[p.buildings[slot].kind].actions
    targets = _Targets(state, seat)
    return any(targets.possible(k, p.harbour - 1, slot) for k in kinds)


def can_spend(state: EndeavorState, seat: str, token: str) -> bool:
    p = state.players[seat]
    if p.blue_tokens.get(token, 0) < 1:
        return False
    kinds = data().tokens[token].actions
    targets = _Targets(state, seat)
    return any(targets.possible(k, p.harbour, None) for k in kinds)


class _Targets:
    """``kind_possible`` for one seat in one state, each kind's targets looked for at most
    once: whether a Ship, Occupy, Attack or Draw has a target does not depend on the harbour
    or the activated slot, and a Payment needs a payable slot other than the activated one."""

    __slots__ = ("known", "payable", "seat", "state")

    def __init__(self, state: EndeavorState, seat: str) -> None:
        self.state = state
        self.seat = seat
        self.known: dict[ActionKind, bool] = {}
        self.payable: list[int] | None = None

    def possible(self, kind: ActionKind, harbour: int, exclude: int | None) -> bool:
        """``kind_possible(state, seat, kind, harbour, exclude)``."""
        if harbour < HARBOUR_NEEDED[kind]:
            return False
        if kind == "payment":
            if self.payable is None:
                self.payable = payment_slots(self.state.players[self.seat], None)
            return any(i != exclude for i in self.payable)
        found = self.known.get(kind)
        if found is None:
            found = self.known[kind] = kind_possible(self.state, self.seat, kind, harbour, None)
        return found


@functools.cache
def _activate(slot: int) -> Activate:
    """Activating building ``slot``: actions are frozen, so the listings share one per slot."""
    return Activate(slot=slot)


@functools.cache
def _spend_token(token: str) -> SpendToken:
    return SpendToken(token=token)


PASS = Pass()
FINISH = Finish()
CANCEL = Cancel()
END_SALARY = EndSalary()
END_DISCARD = EndDiscard()
SKIP_BUILD = SkipBuild()
UNSLOT_GOVERNOR = UnslotGovernor()
"""Actions without arguments, shared by every listing (actions are frozen)."""


def _openers(state: EndeavorState, seat: str) -> Iterator[Action]:
    """DP08: the buildings that can be activated, then the blue tokens that can be spent."""
    d = data()
    p = state.players[seat]
    targets = _Targets(state, seat)
    harbour = p.harbour
    if harbour >= 1:
        for i, b in enumerate(p.buildings):
            if not b.disc and any(
                targets.possible(k, harbour - 1, i) for k in d.buildings[b.kind].actions
            ):
                yield _activate(i)
    for t in sorted(p.blue_tokens):
        if p.blue_tokens[t] >= 1 and any(
            targets.possible(k, harbour, None) for k in d.tokens[t].actions
        ):
            yield _spend_token(t)


def turn_openers(state: EndeavorState, seat: str) -> list[Action]:
    """DP08: activate a building, spend a blue token, or pass."""
    return [*_openers(state, seat), PASS]


def can_open_turn(state: EndeavorState, seat: str) -> bool:
    """Whether ``turn_openers`` offers more than passing (END-R114: else the seat passes)."""
    return next(_openers(state, seat), None) is not None


START_CHOICES: tuple[Action, ...] = (
    ChooseStart(building="colonial_house"),
    ChooseStart(building="trade_wharf"),
)
MEMORIAL_CHOICES: tuple[Action, ...] = (
    *(PlaceMemorial(track=a) for a in ATTRIBUTES),
    PlaceMemorial(track=None),
)
"""The choices of the start building (DP03) and of a Memorial's disc (DP14), shared."""


@functools.cache
def _remove_building(kind: str) -> RemoveBuilding:
    return RemoveBuilding(kind=kind)


@functools.cache
def _build(kind: str) -> Build:
    return Build(kind=kind)


@functools.cache
def _pay_salary(slot: int) -> PaySalary:
    return PaySalary(slot=slot)


@functools.cache
def _ship_track(region: str) -> ShipTrack:
    return ShipTrack(region=region)


@functools.cache
def _ship_fleet(fleet: str) -> ShipFleet:
    return ShipFleet(fleet=fleet)


@functools.cache
def _ship_sea(region: str) -> ShipSea:
    return ShipSea(region=region)


@functools.cache
def _occupy(city: str) -> Occupy:
    return Occupy(city=city)


@functools.cache
def _attack(space: str) -> Attack:
    return Attack(space=space)


@functools.cache
def _payment(slot: int) -> Payment:
    return Payment(slot=slot)


@functools.cache
def _draw_deck(deck: str) -> DrawDeck:
    return DrawDeck(deck=deck)


@functools.cache
def _draw_discard(card: str) -> DrawDiscard:
    return DrawDiscard(card=card)


def sub_actions(state: EndeavorState, seat: str, only: ActionKind | None = None) -> list[Action]:
    """DP09-DP16: every concrete target of every still-usable icon of the current turn
    (``only``: those of one action kind, without finishing or cancelling the turn). An icon
    is usable (``kind_possible``) when the harbour holds the discs it needs and it has a
    target: its targets listed here."""
    turn = state.turn
    assert turn is not None
    p = state.players[seat]
    exclude = turn.slot if turn.source == "building" else None
    out: list[Action] = []
    for kind in dict.fromkeys(turn.remaining):
        if only is not None and kind != only:
            continue
        if p.harbour < HARBOUR_NEEDED[kind]:
            continue
        if kind == "ship":
            out.extend(_ship_track(r) for r in closed_regions(state))
            out.extend(_ship_fleet(f) for f in empty_fleets(state))
            out.extend(_ship_sea(r) for r in open_regions(state))
        elif kind == "occupy":
            out.extend(_occupy(c) for c in empty_cities(state, seat))
        elif kind == "attack":
            out.extend(_attack(s) for s in attack_targets(state, seat))
        elif kind == "payment":
            out.extend(_payment(i) for i in payment_slots(p, exclude))
        else:
            out.extend(_draw_deck(dk) for dk in drawable_decks(state, seat))
            out.extend(_draw_discard(c) for c in drawable_discards(state, seat))
    if only is not None:
        return out
    if turn.performed:
        out.append(FINISH)
    else:
        out.append(CANCEL)
    return out


def sf_actions(state: EndeavorState) -> list[Action]:
    r = state.sf
    assert r is not None
    if r.stage == "choose":
        return [SfReactTo(action=k) for k in r.options]
    if r.stage == "ship":
        out: list[Action] = [SfShipTrack(region=x) for x in sf.ship_tracks(state)]
        out.extend(SfShipFleet(fleet=f) for f in sf.ship_fleets(state))
        return out
    if r.stage == "occupy":
        return [SfOccupy(city=c) for c in sf.occupy_cities(state, r.areas)]
    return [SfDraw(deck=dk) for dk in sf.draw_decks(state)]


def reduces_excess(p: PlayerState, card: str) -> bool:
    """Issue 13 / END-R86 (KO 「카드나 토큰을 마음대로 버릴 수 없습니다」): a discard must bring the
    hand closer to its limits, counted at the current card limit (END-R85). Discarding the one
    slavery card the +1 allowance already covers does not."""
    d = data()
    n_reg, n_sl = hand_counts(p)
    limit = card_limit(p)
    before = hand_excess(n_reg, n_sl, limit)
    if card in d.cards and d.cards[card].slavery:
        return hand_excess(n_reg, n_sl - 1, limit) < before
    return hand_excess(n_reg - 1, n_sl, limit) < before


def arrangements(p: PlayerState) -> list[Action]:
    """DP18 / END-R85: the governor-slot arrangements other than the current one."""
    d = data()
    out: list[Action] = [SlotGovernor(card=c) for c in dict.fromkeys(p.cards) if c in d.governors]
    if p.governor_slot is not None:
        out.append(UNSLOT_GOVERNOR)
    return out


def discard_actions(state: EndeavorState, seat: str) -> list[Action]:
    """DP18: arrange the governor slot (one decision, before any discard), then discard while
    over the limit (only discards that reduce the excess), or finish."""
    p = state.players[seat]
    out: list[Action] = [] if state.arranged else arrangements(p)
    if hand_valid(p):
        out.append(END_DISCARD)
    else:
        out.extend(DiscardCard(card=c) for c in dict.fromkeys(p.cards) if reduces_excess(p, c))
    return out


def legal_actions(state: EndeavorState, seat: str) -> list[Action]:
    if seat not in to_act(state):
        return []
    step = state.decisions[-1]
    if isinstance(step, Memorial):
        return list(MEMORIAL_CHOICES)
    if isinstance(step, PendingGovernor):
        card = step.card
        return [PlaceGovernor(card=card, slot="governor"), PlaceGovernor(card=card, slot="cards")]
    if isinstance(step, SfReaction):
        return sf_actions(state)
    if isinstance(step, Turn):
        return sub_actions(state, seat)
    p = state.players[seat]
    if step.kind == "start":
        return list(START_CHOICES)
    if step.kind == "scarce":
        return [_remove_building(k) for k in scarce_options(state, seat)]
    if step.kind == "build":
        kinds, compulsory = build_options(state, seat)
        out_b: list[Action] = [_build(k) for k in kinds]
        if kinds and not compulsory:
            out_b.append(SKIP_BUILD)
        return out_b
    if step.kind == "salary":
        out: list[Action] = [_pay_salary(i) for i in salary_slots(p)]
        out.append(END_SALARY)
        return out
    if step.kind == "action":
        return turn_openers(state, seat)
    if step.kind == "discard":
        return discard_actions(state, seat)
    return []


def is_legal(state: EndeavorState, seat: str, action: Action) -> bool:
    """Exactly ``action in legal_actions(state, seat)`` (``Engine.is_legal``, issue 22 point
    2), without listing every legal action where that costs most: in the Action phase an
    opener checks only its own building or token (DP08), and in a turn a sub-action lists only
    the targets of its own action kind (DP09-DP16). Anything else is looked for in the
    listing."""
    if seat not in to_act(state):
        return False
    top = state.decisions[-1]
    kind = type(action)
    if isinstance(top, Step) and top.kind == "action":
        if kind is Activate:
            return can_activate(state, seat, cast("Activate", action).slot)
        if kind is SpendToken:
            return can_spend(state, seat, cast("SpendToken", action).token)
        return kind is Pass
    if isinstance(top, Turn):
        if kind is Finish or kind is Cancel:
            return action == (FINISH if top.performed else CANCEL)
        sub = SUB_ACTION_KIND.get(action.type)
        return sub is not None and action in sub_actions(state, seat, sub)
    return action in legal_actions(state, seat)


def salary_left(state: EndeavorState, seat: str) -> int:
    return salary(state.players[seat]) - state.salary_paid
