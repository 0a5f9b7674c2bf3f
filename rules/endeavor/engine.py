"""``apply``: check the action, change a copy of the state, report what happened."""

from __future__ import annotations

from rules.core import Action, Event, RuleViolation
from rules.core.engine import Engine, Refusal
from rules.core.engine import refusal as core_refusal
from rules.endeavor import board, cards
from rules.endeavor import silent_fleet as sf
from rules.endeavor.actions import (
    SUB_ACTION_KIND,
    Activate,
    Attack,
    Build,
    ChooseStart,
    DemandPhaseOrder,
    DiscardCard,
    DrawDeck,
    DrawDiscard,
    Occupy,
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
from rules.endeavor.components import data
from rules.endeavor.events import event as _event
from rules.endeavor.flow import (
    advance,
    demand_phase_order,
    own_turn,
    pass_on,
    pop_step,
    to_act,
)
from rules.endeavor.legal import is_legal, kind_possible, legal_actions
from rules.endeavor.model import EndeavorState, OwnedBuilding, PendingGovernor, SfReaction, Turn
from rules.endeavor.query import node_area
from rules.endeavor.terms import term_args


def is_over(state: EndeavorState) -> bool:
    return state.over


def refusal(code: str, reason: str | None = None, /, **args: str | int) -> RuleViolation:
    """A refusal: stable ``code``, text ``endeavor.refusal.<reason or code>`` (no prose)."""
    return core_refusal("endeavor.refusal", code, reason, **term_args(args))


def _why_illegal(state: EndeavorState, seat: str, action: Action) -> str:
    """Which ``endeavor.refusal.<reason>`` explains an illegal action best."""
    p = state.players[seat]
    if isinstance(action, DemandPhaseOrder):
        return "phase_order_unavailable"
    if state.memorial:
        return "memorial_pending"
    if state.governor_pending:
        return "governor_pending"
    if state.sf is not None:
        return "sf_pending"
    if isinstance(action, Activate):
        if action.slot >= len(p.buildings) or action.slot < 0:
            return "no_building_in_slot"
        if p.buildings[action.slot].disc:
            return "slot_taken"
        if not data().buildings[p.buildings[action.slot].kind].actions:
            return "no_action"
        return "activation_impossible"
    if isinstance(action, Attack):
        return "attack_impossible"
    if isinstance(action, Occupy):
        return "occupy_impossible"
    if isinstance(action, Payment):
        return "payment_impossible"
    if isinstance(action, DrawDeck | DrawDiscard):
        return "draw_impossible"
    if isinstance(action, Build | SkipBuild):
        return "build_unavailable"
    if isinstance(action, DiscardCard):
        return "discard_not_allowed"
    if isinstance(action, SlotGovernor | UnslotGovernor):
        return "arrangement_done"
    return "not_now"


def anytime_actions(state: EndeavorState, seat: str) -> list[Action]:
    """DP23 / END-R22 (issue 13): in player-by-player mode any seated player may demand the
    strict phase order, once for the rest of the game, whoever is to act."""
    if state.over or seat not in state.seats:
        return []
    if state.options.player_by_player and not state.strict_order:
        return [DemandPhaseOrder()]
    return []


def _refuse(code: Refusal, state: EndeavorState, seat: str, action: Action) -> RuleViolation:
    if code == "illegal_action":
        return refusal(code, _why_illegal(state, seat, action))
    return refusal(code)


def _demand_phase_order(s: EndeavorState, seat: str, action: Action, events: list[Event]) -> None:
    demand_phase_order(s)
    events.append(_event("phase_order_demanded", seat, seat=seat))


def _is_demand(action: Action) -> bool:
    return isinstance(action, DemandPhaseOrder)


def _perform(s: EndeavorState, seat: str, action: Action, events: list[Event]) -> None:
    t = action.type
    if isinstance(action, ChooseStart):
        p = s.player(seat)
        p.buildings = [OwnedBuilding(kind=action.building, disc=True)]
        p.supply -= 1
        pop_step(s)
        events.append(_event("start_chosen", seat, seat=seat, building=action.building))
    elif isinstance(action, RemoveBuilding):
        s.tray[action.kind] -= 1
        s.removed_buildings.append(action.kind)
        pop_step(s)
        events.append(_event("building_removed", seat, seat=seat, building=action.kind))
    elif isinstance(action, Build):
        p = s.player(seat)
        s.tray[action.kind] -= 1
        p.buildings.append(OwnedBuilding(kind=action.kind))
        pop_step(s)
        events.append(_event("built", seat, seat=seat, building=action.kind))
    elif isinstance(action, SkipBuild):
        pop_step(s)
        events.append(_event("build_declined", seat, seat=seat))
    elif isinstance(action, PaySalary):
        p = s.player(seat)
        p.with_disc(action.slot, False)
        p.harbour += 1
        s.salary_paid += 1
        events.append(
            _event("salary_paid", seat, seat=seat, building=p.buildings[action.slot].kind)
        )
    elif t == "end_salary":
        pop_step(s)
    elif isinstance(action, Activate):
        p = s.player(seat)
        kind = data().buildings[p.buildings[action.slot].kind]
        p.harbour -= 1
        p.with_disc(action.slot, True)
        s.decisions.append(
            Turn(
                seat=seat,
                source="building",
                slot=action.slot,
                structure=kind.structure,
                remaining=list(kind.actions),
            )
        )
        events.append(_event("activated", seat, seat=seat, building=kind.id))
    elif isinstance(action, SpendToken):
        p = s.player(seat)
        info = data().tokens[action.token]
        p.blue_tokens[action.token] -= 1
        if p.blue_tokens[action.token] == 0:
            del p.blue_tokens[action.token]
        s.spent_tokens.append(action.token)
        s.decisions.append(
            Turn(
                seat=seat,
                source="token",
                token=action.token,
                structure="slash" if len(info.actions) > 1 else "single",
                remaining=list(info.actions),
            )
        )
        events.append(_event("token_spent", seat, seat=seat, token=action.token))
    elif t == "pass":
        s.passed.append(seat)
        pass_on(s, seat)
        events.append(_event("passed", seat, seat=seat))
    elif t in SUB_ACTION_KIND:
        _sub_action(s, seat, action, events)
    elif t == "finish":
        _end_turn(s, events)
    elif t == "cancel":
        p = s.player(seat)
        turn = s.decisions.pop()  # the turn is on top: nothing was performed yet
        assert isinstance(turn, Turn)
        if turn.source == "building" and turn.slot is not None:
            p.with_disc(turn.slot, False)
            p.harbour += 1
        elif turn.token is not None:
            p.blue_tokens[turn.token] = p.blue_tokens.get(turn.token, 0) + 1
            idx = len(s.spent_tokens) - 1 - s.spent_tokens[::-1].index(turn.token)
            s.spent_tokens.pop(idx)
        events.append(_event("cancelled", seat, seat=seat))
    elif isinstance(action, PlaceMemorial):
        p = s.player(seat)
        s.decisions.pop()  # the Memorial choice on top
        if action.track is None:
            p.supply += 1
            events.append(_event("memorial_declined", seat, seat=seat))
        else:
            p.memorial_discs[action.track] = p.memorial_discs.get(action.track, 0) + 1
            events.append(_event("memorial_placed", seat, seat=seat, track=action.track))
    elif isinstance(action, SfReactTo):
        r = s.decisions.pop()
        assert isinstance(r, SfReaction)
        events.append(_event("sf_reacts_to", seat, seat=seat, action=action.action))
        stage = sf.start_stage(s, seat, action.action, r.areas, events)
        if stage is not None:
            s.decisions.append(stage)
        else:
            pass_on(s, seat)
    elif isinstance(action, SfShipTrack | SfShipFleet | SfOccupy | SfDraw):
        s.decisions.pop()  # the reaction on top, resolved by this action
        if isinstance(action, SfShipTrack):
            sf.sf_ship_track(s, action.region, events)
        elif isinstance(action, SfShipFleet):
            sf.sf_ship_fleet(s, action.fleet, events)
        elif isinstance(action, SfOccupy):
            sf.sf_occupy(s, action.city, events)
        else:
            sf.sf_draw(s, action.deck, events)
        pass_on(s, seat)
    elif isinstance(action, PlaceGovernor):
        p = s.player(seat)
        pending = s.decisions.pop()  # the governor on top
        assert isinstance(pending, PendingGovernor)
        if action.slot == "governor":
            p.cards.remove(pending.card)
            p.governor_slot = pending.card
            events.append(_event("governor_slotted", seat, seat=seat, card=pending.card))
        else:
            events.append(_event("governor_to_cards", seat, seat=seat, card=pending.card))
    elif isinstance(action, DiscardCard):
        s.arranged = True
        cards.discard(s, seat, action.card, events)
    elif isinstance(action, SlotGovernor):
        p = s.player(seat)
        s.arranged = True
        p.cards.remove(action.card)
        if p.governor_slot is not None:
            p.cards.append(p.governor_slot)
            events.append(_event("governor_unslotted", seat, seat=seat, card=p.governor_slot))
        p.governor_slot = action.card
        events.append(_event("governor_slotted", seat, seat=seat, card=action.card))
    elif t == "unslot_governor":
        p = s.player(seat)
        assert p.governor_slot is not None
        s.arranged = True
        p.cards.append(p.governor_slot)
        events.append(_event("governor_unslotted", seat, seat=seat, card=p.governor_slot))
        p.governor_slot = None
    elif t == "end_discard":
        pop_step(s)
    else:  # pragma: no cover - the union is closed
        raise refusal("illegal_action", "not_now")


def _sub_action(s: EndeavorState, seat: str, action: Action, events: list[Event]) -> None:
    turn = own_turn(s)
    kind = SUB_ACTION_KIND[action.type]
    if isinstance(action, ShipTrack):
        board.ship_track(s, seat, action.region, events)
    elif isinstance(action, ShipFleet):
        board.ship_fleet(s, seat, action.fleet, events)
    elif isinstance(action, ShipSea):
        board.ship_sea(s, seat, action.region, events)
    elif isinstance(action, Occupy):
        board.occupy(s, seat, action.city, events)
        turn.occupied_areas.append(node_area(s, action.city))
    elif isinstance(action, Attack):
        board.attack(s, seat, action.space, events)
    elif isinstance(action, Payment):
        p = s.player(seat)
        p.with_disc(action.slot, False)
        p.harbour += 1
        events.append(_event("payment", seat, seat=seat, building=p.buildings[action.slot].kind))
    elif isinstance(action, DrawDeck):
        cards.draw_deck(s, seat, action.deck, events)
    elif isinstance(action, DrawDiscard):
        cards.draw_discard(s, seat, action.card, events)
    turn.remaining.remove(kind)
    turn.performed.append(kind)
    if turn.structure != "plus":
        _end_turn(s, events)
        return
    p = s.players[seat]
    exclude = turn.slot if turn.source == "building" else None
    if not any(kind_possible(s, seat, k, p.harbour, exclude) for k in turn.remaining):
        _end_turn(s, events)


def _end_turn(s: EndeavorState, events: list[Event]) -> None:
    """END-R102: once the turn is complete the Silent Fleet may react; then the next player."""
    stack = s.decisions
    at = next(i for i in range(len(stack) - 1, -1, -1) if isinstance(stack[i], Turn))
    turn = stack.pop(at)  # under any Memorial or governor choice it caused
    assert isinstance(turn, Turn)
    reaction = sf.reaction_after(s, turn, events)
    if reaction is not None:
        stack.insert(at, reaction)  # in the turn's place: after those choices
    else:
        pass_on(s, turn.seat)


ENGINE: Engine[EndeavorState, Action] = Engine(
    is_over=is_over,
    to_act=to_act,
    legal_actions=legal_actions,
    refuse=_refuse,
    dispatch=_perform,
    settle=advance,
    is_anytime=_is_demand,
    anytime_actions=anytime_actions,
    anytime=_demand_phase_order,
    copy=EndeavorState.step_copy,
    is_legal=is_legal,
)
apply = ENGINE.apply
apply_trusted = ENGINE.apply_trusted
