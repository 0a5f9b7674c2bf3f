"""The 2-player Silent Fleet variant: reactions after each turn (END-R100..R109)."""

from __future__ import annotations

from rules.core import Event
from rules.endeavor.board import (
    closed_regions,
    empty_cities,
    empty_fleets,
    place_on_track,
    remove_token,
)
from rules.endeavor.cards import abolish, deck_area, drawable_decks
from rules.endeavor.components import ActionKind, data
from rules.endeavor.events import event as _event
from rules.endeavor.model import SILENT_FLEET, EndeavorState, SfReaction, Turn
from rules.endeavor.query import node_area, presence_count


def ship_tracks(state: EndeavorState) -> list[str]:
    return closed_regions(state) if state.sf_pool > 0 else []


def ship_fleets(state: EndeavorState) -> list[str]:
    return empty_fleets(state) if state.sf_pool > 0 else []


def occupy_cities(state: EndeavorState, areas: list[str]) -> list[str]:
    """END-R102 / R109: empty cities where the SF is present; same area under opt. 1."""
    if state.sf_pool <= 0:
        return []
    cities = empty_cities(state, SILENT_FLEET)
    if state.options.sf_restricted_occupy:
        cities = [c for c in cities if node_area(state, c) in areas]
    return cities


def draw_decks(state: EndeavorState) -> list[str]:
    """END-R102 / issue 13: deck tops (never the discard pile) in an area where the SF has
    presence (ZH 「沉默的艦隊有勢力的地區」: at least one SF disc there, Europe included, since
    "always present in Europe" is said of players) and value <= the SF count there."""
    return [
        dk
        for dk in drawable_decks(state, SILENT_FLEET)
        if presence_count(state, SILENT_FLEET, deck_area(dk)) >= 1
    ]


def has_targets(state: EndeavorState, stage: ActionKind, areas: list[str]) -> bool:
    if stage == "ship":
        return bool(ship_tracks(state) or ship_fleets(state))
    if stage == "occupy":
        return bool(occupy_cities(state, areas))
    if stage == "draw":
        return bool(draw_decks(state))
    return False


def reaction_after(state: EndeavorState, turn: Turn, events: list[Event]) -> SfReaction | None:
    """END-R102/R104/R105: what the SF reacts to once the turn is complete."""
    if not state.options.silent_fleet or not turn.performed:
        return None
    if turn.source == "token" and state.options.sf_no_token_reactions:
        return None
    kinds = list(dict.fromkeys(turn.performed))
    useful = [k for k in kinds if has_targets(state, k, turn.occupied_areas)]
    if state.rules_version >= 2 and len(kinds) > 1 and useful:
        # v2, END-R104 / DP19: any performed action may be chosen, even one whose reaction
        # does nothing (KO 「실행한 행동 중 … 한 가지 행동을 선택해」, Attack and Payment
        # 「아무 일도 하지 않습니다」); only when none does anything is there nothing to ask.
        return SfReaction(seat=turn.seat, stage="choose", options=kinds, areas=turn.occupied_areas)
    # v1 (issue 13): offer only reactions that do something (Attack and Payment never do)
    if len(useful) > 1:
        return SfReaction(seat=turn.seat, stage="choose", options=useful, areas=turn.occupied_areas)
    if useful:
        return start_stage(state, turn.seat, useful[0], turn.occupied_areas, events)
    if len(kinds) == 1:
        events.append(_event("sf_no_reaction", None, action=kinds[0]))
    else:
        events.append(_event("sf_no_reaction_any", None))
    return None


def start_stage(
    state: EndeavorState, seat: str, kind: ActionKind, areas: list[str], events: list[Event]
) -> SfReaction | None:
    if kind in ("ship", "occupy", "draw") and has_targets(state, kind, areas):
        stage = "ship" if kind == "ship" else "occupy" if kind == "occupy" else "draw"
        return SfReaction(seat=seat, stage=stage, areas=areas)
    events.append(_event("sf_no_reaction", None, action=kind))
    return None


def sf_ship_track(state: EndeavorState, region: str, events: list[Event]) -> None:
    state.sf_pool -= 1
    events.append(_event("sf_shipped_track", None, region=region))
    place_on_track(state, SILENT_FLEET, region, events)


def sf_ship_fleet(state: EndeavorState, fleet: str, events: list[Event]) -> None:
    state.sf_pool -= 1
    state.nodes[fleet] = SILENT_FLEET
    events.append(_event("sf_shipped_fleet", None, fleet=fleet))
    remove_token(state, fleet, events)


def sf_occupy(state: EndeavorState, city: str, events: list[Event]) -> None:
    state.sf_pool -= 1
    state.nodes[city] = SILENT_FLEET
    events.append(_event("sf_occupied", None, city=city))
    remove_token(state, city, events)


def sf_draw(state: EndeavorState, deck: str, events: list[Event]) -> None:
    """A12: the SF's card leaves the game; Abolition still triggers (END-R74)."""
    card = state.own_deck(deck).pop()
    state.removed_cards.append(card)
    events.append(_event("sf_drew", None, card=card, deck=deck))
    if data().cards[card].abolition and not state.abolished:
        abolish(state, events)
