"""Board actions: Ship, Occupy, Attack, trade tokens, connections, region opening (END-R60..R69)."""

from __future__ import annotations

from collections.abc import Iterator

from rules.core import Event
from rules.core.decisions import wait_behind
from rules.core.versions import BEFORE
from rules.endeavor.components import data, track_space
from rules.endeavor.events import event as _event
from rules.endeavor.model import SILENT_FLEET, EndeavorState, Memorial, PendingGovernor
from rules.endeavor.query import is_open, is_present


def take_token(state: EndeavorState, seat: str, space: str, events: list[Event]) -> None:
    """Take the trade token on ``space`` if one remains (END-R46)."""
    kind = state.tokens.pop(space, None)
    if kind is None:
        return
    info = data().tokens[kind]
    p = state.player(seat)
    if info.attribute is not None:
        p.tokens[info.attribute] = p.tokens.get(info.attribute, 0) + 1
    else:
        p.blue_tokens[kind] = p.blue_tokens.get(kind, 0) + 1
    events.append(_event("token_taken", seat, seat=seat, token=kind))


def remove_token(state: EndeavorState, space: str, events: list[Event]) -> None:
    """Silent Fleet placements remove the token from the game (END-R102)."""
    kind = state.tokens.pop(space, None)
    if kind is not None:
        state.removed_tokens.append(kind)
        events.append(_event("token_removed", None, token=kind))


# ---- targets -------------------------------------------------------------------------


def _is_open(state: EndeavorState, lengths: dict[str, int], area: str) -> bool:
    """``query.is_open`` with the side's track lengths at hand."""
    return area == "europe" or len(state.tracks[area]) >= lengths[area]


def closed_regions(state: EndeavorState) -> list[str]:
    d = data()
    lengths = d.track_lengths[state.side]
    return [r for r in d.regions[state.side] if not _is_open(state, lengths, r)]


def open_regions(state: EndeavorState) -> list[str]:
    d = data()
    lengths = d.track_lengths[state.side]
    return [r for r in d.regions[state.side] if _is_open(state, lengths, r)]


def empty_fleets(state: EndeavorState) -> list[str]:
    """END-R65: empty fleet spaces in Europe or an open region."""
    return list(_empty_fleets(state))


def _empty_fleets(state: EndeavorState) -> Iterator[str]:
    d = data()
    lengths = d.track_lengths[state.side]
    taken = state.nodes
    for node, area in d.fleets[state.side]:
        if node not in taken and _is_open(state, lengths, area):
            yield node


def empty_cities(state: EndeavorState, who: str) -> list[str]:
    """END-R67: empty cities in Europe or an open region where ``who`` is present."""
    return list(_empty_cities(state, who))


def _empty_cities(state: EndeavorState, who: str) -> Iterator[str]:
    d = data()
    lengths = d.track_lengths[state.side]
    taken = state.nodes
    present: dict[str, bool] = {}
    for node, area in d.cities[state.side]:
        if node in taken or not _is_open(state, lengths, area):
            continue
        here = present.get(area)
        if here is None:
            here = present[area] = is_present(state, who, area)
        if here:
            yield node


def attack_targets(state: EndeavorState, seat: str) -> list[str]:
    """END-R69: opponents' (or Silent Fleet) city/fleet discs in open areas with presence."""
    return sorted(_attack_targets(state, seat))


def _attack_targets(state: EndeavorState, seat: str) -> Iterator[str]:
    d = data()
    nodes = d.nodes[state.side]
    lengths = d.track_lengths[state.side]
    present: dict[str, bool] = {}
    for node, occ in state.nodes.items():
        if occ == seat:
            continue
        area = nodes[node].area
        if not _is_open(state, lengths, area):
            continue
        here = present.get(area)
        if here is None:
            here = present[area] = is_present(state, seat, area)
        if here:
            yield node


def can_ship(state: EndeavorState) -> bool:
    """END-R63/R65: a Ship action has a target: any region (closed: its shipping track;
    open: its open sea) or an empty fleet space."""
    return bool(data().regions[state.side]) or next(_empty_fleets(state), None) is not None


def can_occupy(state: EndeavorState, who: str) -> bool:
    """END-R67: an Occupy action has a target (``empty_cities`` is not empty)."""
    return next(_empty_cities(state, who), None) is not None


def can_attack(state: EndeavorState, seat: str) -> bool:
    """END-R69: an Attack action has a target (``attack_targets`` is not empty)."""
    return next(_attack_targets(state, seat), None) is not None


# ---- effects -------------------------------------------------------------------------


def check_connections(state: EndeavorState, seat: str, events: list[Event]) -> None:
    """END-R68: the first player ever to control a round connection takes its token."""
    for conn in data().boards[state.side].connections:
        if conn.shape != "round" or conn.id not in state.tokens:
            continue
        if state.nodes.get(conn.a) == seat and state.nodes.get(conn.b) == seat:
            events.append(_event("connection_controlled", seat, seat=seat, connection=conn.id))
            take_token(state, seat, conn.id, events)


def place_on_track(state: EndeavorState, who: str, region: str, events: list[Event]) -> None:
    """END-R63/R64: next free space (farthest from the deck first); opens the region when full."""
    track = state.own_track(region)
    track.append(who)
    space = track_space(region, len(track))
    if who == SILENT_FLEET:
        remove_token(state, space, events)
    else:
        take_token(state, who, space, events)
    if is_open(state, region):
        open_region(state, region, events)


def governor_winner(track: list[str]) -> str:
    """END-R64 / A5: most discs on the track; ties go to the disc nearest the deck."""
    counts: dict[str, int] = {}
    for who in track:
        counts[who] = counts.get(who, 0) + 1
    best = max(counts.values())
    tied = {who for who, c in counts.items() if c == best}
    for who in reversed(track):
        if who in tied:
            return who
    raise AssertionError("empty track")


def open_region(state: EndeavorState, region: str, events: list[Event]) -> None:
    """END-R64: the region opens; its governor goes to the winner (or leaves the game for SF)."""
    events.append(_event("region_opened", None, region=region))
    winner = governor_winner(state.tracks[region])
    gov = state.governors.pop(region, None)
    if gov is None:
        return
    if winner == SILENT_FLEET:
        state.removed_governors.append(gov)
        events.append(_event("governor_removed", None, region=region))
        return
    p = state.player(winner)
    if state.rules_version == BEFORE and p.governor_slot is None:
        p.governor_slot = gov  # version 0: straight into the empty slot (before 2026-11-23)
        events.append(_event("governor_gained", winner, seat=winner, region=region))
        return
    p.cards.append(gov)
    events.append(_event("governor_gained", winner, seat=winner, region=region))
    if p.governor_slot is None and not any(g.seat == winner for g in state.governor_pending):
        # DP17 (KO: the governor slot or a card slot): the winner chooses
        choice = PendingGovernor(seat=winner, card=gov)
        wait_behind(state.decisions, choice, lambda d: isinstance(d, Memorial | PendingGovernor))


def ship_track(state: EndeavorState, seat: str, region: str, events: list[Event]) -> None:
    state.player(seat).harbour -= 1
    events.append(_event("shipped_track", seat, seat=seat, region=region))
    place_on_track(state, seat, region, events)


def ship_fleet(state: EndeavorState, seat: str, fleet: str, events: list[Event]) -> None:
    state.player(seat).harbour -= 1
    state.nodes[fleet] = seat
    events.append(_event("shipped_fleet", seat, seat=seat, fleet=fleet))
    take_token(state, seat, fleet, events)
    check_connections(state, seat, events)


def ship_sea(state: EndeavorState, seat: str, region: str, events: list[Event]) -> None:
    state.player(seat).harbour -= 1
    sea = state.own_sea(region)
    sea[seat] = sea.get(seat, 0) + 1
    events.append(_event("shipped_sea", seat, seat=seat, region=region))


def occupy(state: EndeavorState, seat: str, city: str, events: list[Event]) -> None:
    state.player(seat).harbour -= 1
    state.nodes[city] = seat
    events.append(_event("occupied", seat, seat=seat, city=city))
    take_token(state, seat, city, events)
    check_connections(state, seat, events)


def has_memorial(state: EndeavorState, seat: str) -> bool:
    d = data()
    return any(d.buildings[b.kind].special == "memorial" for b in state.players[seat].buildings)


def casualty(state: EndeavorState, who: str) -> None:
    """A casualty disc goes to its supply, the SF pool, or waits for a Memorial choice (END-R80)."""
    if who == SILENT_FLEET:
        state.sf_pool += 1
    elif has_memorial(state, who):
        wait_behind(state.decisions, Memorial(seat=who), lambda d: isinstance(d, Memorial))
    else:
        state.player(who).supply += 1


def attack(state: EndeavorState, seat: str, space: str, events: list[Event]) -> None:
    """END-R69: attacker casualty, defender casualty, then the attacker's disc takes the space."""
    p = state.player(seat)
    defender = state.nodes[space]
    p.harbour -= 1
    casualty(state, seat)
    del state.nodes[space]
    casualty(state, defender)
    p.harbour -= 1
    state.nodes[space] = seat
    events.append(_event("attacked", seat, seat=seat, space=space, defender=defender))
    check_connections(state, seat, events)
