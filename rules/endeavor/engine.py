"""``apply``: check the action, change a copy of the state, report what happened."""

from __future__ import annotations

from rules.core import Action, Event, Result, RuleViolation
from rules.endeavor import board, cards
from rules.endeavor import silent_fleet as sf
from rules.endeavor.actions import (
    SUB_ACTION_KIND,
    Activate,
    Attack,
    Build,
    ChooseStart,
    DiscardCard,
    DrawDeck,
    DrawDiscard,
    Occupy,
    Payment,
    PaySalary,
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
    SlotGovernor,
    SpendToken,
)
from rules.endeavor.components import data
from rules.endeavor.events import event as _event
from rules.endeavor.flow import advance, next_action_seat, pop_step, to_act
from rules.endeavor.legal import kind_possible, legal_actions
from rules.endeavor.model import EndeavorState, OwnedBuilding, Turn
from rules.endeavor.query import node_area


def is_over(state: EndeavorState) -> bool:
    return state.over


def _why_illegal(state: EndeavorState, seat: str, action: Action) -> str:
    p = state.players[seat]
    if state.memorial:
        return "First choose a track for your Memorial casualty disc (or decline)."
    if state.sf is not None:
        return "First resolve the Silent Fleet reaction."
    if isinstance(action, Activate):
        if action.slot >= len(p.buildings) or action.slot < 0:
            return "You have no building in that shore slot."
        if p.buildings[action.slot].disc:
            return "That building's activation space is already taken."
        if not data().buildings[p.buildings[action.slot].kind].actions:
            return "That building has no action."
        return "None of that building's actions can be carried out now (harbour discs or targets)."
    if isinstance(action, Attack):
        return (
            "You need 2 harbour discs and presence in an open area, against another player's disc."
        )
    if isinstance(action, Occupy):
        return (
            "You can only occupy an empty city in Europe or an open region where you are present."
        )
    if isinstance(action, Payment):
        return "That disc cannot be paid (no disc, the no-payment icon, or the building you just used)."
    if isinstance(action, DrawDeck | DrawDiscard):
        return "You do not have enough discs in that area for this card."
    if isinstance(action, Build):
        return "That building is not available at your build level."
    if isinstance(action, DiscardCard):
        return "You may only discard while over your card limit, and only cards you hold."
    return "That move is not allowed right now."


def apply(state: EndeavorState, seat: str, action: Action) -> Result[EndeavorState]:
    if state.over:
        raise RuleViolation("game_over", "The game is over.")
    if seat not in state.seats:
        raise RuleViolation("unknown_seat", "You are not playing in this game.")
    if seat not in to_act(state):
        raise RuleViolation("not_your_turn", "It is not your turn.")
    if action not in legal_actions(state, seat):
        raise RuleViolation("illegal_action", _why_illegal(state, seat, action))
    s = EndeavorState.model_validate(state.model_dump())  # a deep copy (faster than deepcopy)
    events: list[Event] = []
    _perform(s, seat, action, events)
    advance(s, events)
    return Result(state=s, events=events)


def _perform(s: EndeavorState, seat: str, action: Action, events: list[Event]) -> None:
    d = data()
    p = s.players[seat]
    t = action.type
    if isinstance(action, ChooseStart):
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
        s.tray[action.kind] -= 1
        p.buildings.append(OwnedBuilding(kind=action.kind))
        pop_step(s)
        events.append(_event("built", seat, seat=seat, building=action.kind))
    elif isinstance(action, PaySalary):
        p.buildings[action.slot].disc = False
        p.harbour += 1
        s.salary_paid += 1
        events.append(
            _event("salary_paid", seat, seat=seat, building=p.buildings[action.slot].kind)
        )
    elif t == "end_salary":
        pop_step(s)
    elif isinstance(action, Activate):
        kind = d.buildings[p.buildings[action.slot].kind]
        p.harbour -= 1
        p.buildings[action.slot].disc = True
        s.turn = Turn(
            seat=seat,
            source="building",
            slot=action.slot,
            structure=kind.structure,
            remaining=list(kind.actions),
        )
        events.append(_event("activated", seat, seat=seat, building=kind.id))
    elif isinstance(action, SpendToken):
        info = d.tokens[action.token]
        p.blue_tokens[action.token] -= 1
        if p.blue_tokens[action.token] == 0:
            del p.blue_tokens[action.token]
        s.spent_tokens.append(action.token)
        s.turn = Turn(
            seat=seat,
            source="token",
            token=action.token,
            structure="slash" if len(info.actions) > 1 else "single",
            remaining=list(info.actions),
        )
        events.append(_event("token_spent", seat, seat=seat, token=action.token))
    elif t == "pass":
        s.passed.append(seat)
        s.action_seat = next_action_seat(s, seat)
        events.append(_event("passed", seat, seat=seat))
    elif t in SUB_ACTION_KIND:
        _sub_action(s, seat, action, events)
    elif t == "finish":
        _end_turn(s, events)
    elif t == "cancel":
        turn = s.turn
        assert turn is not None
        if turn.source == "building" and turn.slot is not None:
            p.buildings[turn.slot].disc = False
            p.harbour += 1
        elif turn.token is not None:
            p.blue_tokens[turn.token] = p.blue_tokens.get(turn.token, 0) + 1
            idx = len(s.spent_tokens) - 1 - s.spent_tokens[::-1].index(turn.token)
            s.spent_tokens.pop(idx)
        s.turn = None
        events.append(_event("cancelled", seat, seat=seat))
    elif isinstance(action, PlaceMemorial):
        s.memorial.pop(0)
        if action.track is None:
            p.supply += 1
            events.append(_event("memorial_declined", seat, seat=seat))
        else:
            p.memorial_discs[action.track] = p.memorial_discs.get(action.track, 0) + 1
            events.append(_event("memorial_placed", seat, seat=seat, track=action.track))
    elif isinstance(action, SfReactTo):
        r = s.sf
        assert r is not None
        events.append(_event("sf_reacts_to", seat, seat=seat, action=action.action))
        s.sf = sf.start_stage(s, seat, action.action, r.areas, events)
        if s.sf is None:
            s.action_seat = next_action_seat(s, seat)
    elif isinstance(action, SfShipTrack | SfShipFleet | SfOccupy | SfDraw):
        if isinstance(action, SfShipTrack):
            sf.sf_ship_track(s, action.region, events)
        elif isinstance(action, SfShipFleet):
            sf.sf_ship_fleet(s, action.fleet, events)
        elif isinstance(action, SfOccupy):
            sf.sf_occupy(s, action.city, events)
        else:
            sf.sf_draw(s, action.deck, events)
        s.sf = None
        s.action_seat = next_action_seat(s, seat)
    elif isinstance(action, DiscardCard):
        cards.discard(s, seat, action.card, events)
    elif isinstance(action, SlotGovernor):
        p.cards.remove(action.card)
        p.governor_slot = action.card
        events.append(_event("governor_slotted", seat, seat=seat, card=action.card))
    elif t == "unslot_governor":
        assert p.governor_slot is not None
        p.cards.append(p.governor_slot)
        events.append(_event("governor_unslotted", seat, seat=seat, card=p.governor_slot))
        p.governor_slot = None
    elif t == "end_discard":
        pop_step(s)
    else:  # pragma: no cover - the union is closed
        raise RuleViolation("illegal_action", "Unknown action.")


def _sub_action(s: EndeavorState, seat: str, action: Action, events: list[Event]) -> None:
    turn = s.turn
    assert turn is not None
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
        p = s.players[seat]
        p.buildings[action.slot].disc = False
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
    turn = s.turn
    assert turn is not None
    s.turn = None
    s.sf = sf.reaction_after(s, turn, events)
    if s.sf is None:
        s.action_seat = next_action_seat(s, turn.seat)
