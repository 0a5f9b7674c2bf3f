"""Helpers for the Endeavor tests: build positions directly while keeping every count conserved."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules.core import Action, Event
from rules.core.contract import checked_apply
from rules.endeavor import SPEC, Options
from rules.endeavor.components import data
from rules.endeavor.model import SILENT_FLEET, EndeavorState, OwnedBuilding, Step


def seats(n: int) -> list[str]:
    return [f"p{i + 1}" for i in range(n)]


def new(players: int = 2, side: str | None = None, seed: int = 1, **opts: Any) -> EndeavorState:
    raw: dict[str, Any] = {"players": players, **opts}
    if side is not None:
        raw["board_side"] = side
    return SPEC.new_game(seats(players), Options.model_validate(raw), seed)


def act(state: EndeavorState, seat: str, action: Action) -> EndeavorState:
    """Apply with every contract check (JSON round trip, invariants, views)."""
    return checked_apply(SPEC, state, seat, action).state


def act_events(
    state: EndeavorState, seat: str, action: Action
) -> tuple[EndeavorState, list[Event]]:
    result = checked_apply(SPEC, state, seat, action)
    return result.state, result.events


def only(state: EndeavorState) -> str:
    acting = SPEC.to_act(state)
    assert len(acting) == 1, acting
    return next(iter(acting))


def started(players: int = 2, side: str | None = "A", seed: int = 1, **opts: Any) -> EndeavorState:
    """A new game after every player chose Colonial House."""
    from rules.endeavor.actions import ChooseStart

    s = new(players, side, seed, **opts)
    while s.queue and s.queue[0].kind == "start":
        s = act(s, only(s), ChooseStart(building="colonial_house"))
    return s


def action_phase(state: EndeavorState, first: str = "p1") -> EndeavorState:
    """The same position, moved to the Action phase of round 1 with ``first`` holding the crown."""
    s = state.model_copy(deep=True)
    s.round = max(s.round, 1)
    s.crown = first
    set_steps(
        s, [Step(kind="action", seat=first)] + [Step(kind="discard", seat=x) for x in s.seats]
    )
    s.passed = []
    return s


def set_steps(s: EndeavorState, steps: list[Step]) -> None:
    """Make ``steps`` the round's steps, the current one first, with nothing else waiting
    (issue 22.1: the steps are the bottom of the decision stack, the current one on top)."""
    s.decisions = list(reversed(steps))


def set_action_seat(s: EndeavorState, seat: str) -> None:
    """The Action phase, the current step, goes on with ``seat`` to act (END-R40)."""
    for i in range(len(s.decisions) - 1, -1, -1):
        if isinstance(s.decisions[i], Step):
            s.decisions[i] = Step(kind="action", seat=seat)
            return
    raise AssertionError("no step")


def harbour(state: EndeavorState, seat: str, n: int) -> None:
    """Set the harbour to ``n`` discs, moving discs from/to the supply."""
    p = state.players[seat]
    p.supply += p.harbour - n
    p.harbour = n


def add_building(state: EndeavorState, seat: str, kind: str, disc: bool = False) -> int:
    """Give a building from the tray (or the face-down level 5); returns its shore slot."""
    if state.tray.get(kind, 0) > 0:
        state.tray[kind] -= 1
    else:
        state.hidden_level5.remove(kind)
    p = state.players[seat]
    p.buildings.append(OwnedBuilding(kind=kind, disc=disc))
    if disc:
        p.supply -= 1
    return len(p.buildings) - 1


def place(state: EndeavorState, node: str, who: str) -> None:
    """Put a disc of ``who`` on a city or fleet (its token stays on the board)."""
    if who == SILENT_FLEET:
        state.sf_pool -= 1
    else:
        state.players[who].supply -= 1
    state.nodes[node] = who


def fill_track(state: EndeavorState, region: str, whos: list[str]) -> None:
    """Put discs on a shipping track in fill order (tokens stay; no governor is awarded)."""
    for who in whos:
        if who == SILENT_FLEET:
            state.sf_pool -= 1
        else:
            state.players[who].supply -= 1
        state.tracks[region].append(who)


def open_region(state: EndeavorState, region: str, who: str = "p2") -> None:
    length = data().areas[state.side][region].track_length
    fill_track(state, region, [who] * (length - len(state.tracks[region])))


def give_card(state: EndeavorState, seat: str, card: str) -> None:
    """Move a card from its deck (wherever it is) to a player's cards."""
    for deck in state.decks.values():
        if card in deck:
            deck.remove(card)
    if card in state.governors.values():
        region = next(r for r, g in state.governors.items() if g == card)
        del state.governors[region]
    state.players[seat].cards.append(card)


def take_tokens(state: EndeavorState, seat: str, kind: str, n: int) -> None:
    """Move ``n`` tokens of ``kind`` from the board to a player."""
    spaces = [sp for sp, k in state.tokens.items() if k == kind][:n]
    assert len(spaces) == n
    info = data().tokens[kind]
    p = state.players[seat]
    for sp in spaces:
        del state.tokens[sp]
        if info.attribute is not None:
            p.tokens[info.attribute] = p.tokens.get(info.attribute, 0) + 1
        else:
            p.blue_tokens[kind] = p.blue_tokens.get(kind, 0) + 1


def legal(state: EndeavorState, seat: str) -> list[Action]:
    return SPEC.legal_actions(state, seat)


def types(actions: list[Action]) -> set[str]:
    return {a.type for a in actions}


def random_positions(seeds: range) -> Iterator[tuple[EndeavorState, str, list[Action]]]:
    """Every decision of seeded uniformly random 2-player games: the state, the seat to act
    and its legal actions (the game goes on with a random one of them)."""
    import random

    for seed in seeds:
        state = SPEC.new_game(seats(2), Options(players=2), seed)
        rnd = random.Random(seed)
        while not SPEC.is_over(state):
            seat = min(SPEC.to_act(state))
            legal = SPEC.legal_actions(state, seat)
            yield state, seat, legal
            state = SPEC.apply(state, seat, legal[rnd.randrange(len(legal))]).state
