"""Scenario builders for the Ilos tests: a state in normal play with a chosen board."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core import Event, RuleViolation
from rules.ilos import SPEC
from rules.ilos.actions import IlosAction, Pay
from rules.ilos.board import BoardFacts
from rules.ilos.components import CARD_TYPES, CardType, Resource, components
from rules.ilos.engine import new_game
from rules.ilos.model import (
    BuildingKind,
    IlosOptions,
    IlosState,
    PlacedTile,
    ShipState,
    SpotState,
    Turn,
    TurnKind,
)

SEATS = ["p1", "p2", "p3", "p4", "p5"]


def at_turn(st: IlosState, turn: int, kind: TurnKind = "actions") -> None:
    """Give the turn to ``st.seats[turn]`` in phase ``kind``: its ``Turn`` alone on the
    decision stack (issue 22, point 1)."""
    st.turn = turn
    st.decisions = [Turn(kind=kind, seat=st.seats[turn])]


def make_state(
    players: int = 2,
    board: Sequence[tuple[str, int, int, int]] = (),
    face_up: Sequence[str] = (),
    stack: Sequence[str] = (),
    seed: int = 0,
    **options: object,
) -> IlosState:
    """A game in normal play (round 1, p1 to act) with exactly this board and tile area."""
    opts = IlosOptions(players=players, **options)
    st = new_game(SEATS[:players], opts, seed)
    at_turn(st, 0)
    st.round = 1
    st.board = [PlacedTile(tile=t, q=q, r=r, rotation=k) for t, q, r, k in board]
    st.face_up = list(face_up)
    st.stack = list(stack)
    used = {t for t, _, _, _ in board} | set(face_up) | set(stack)
    st.box = [t for t in components().tile_order if t not in used]
    for p in st.players:
        p.mulligan_done = True
    return st


def card_type(name: str) -> CardType:
    """The card type called ``name`` (a test naming no card type fails here)."""
    for card in CARD_TYPES:
        if card == name:
            return card
    raise ValueError(f"no Ilos card type {name!r}")


def set_hand(st: IlosState, seat: str, **cards: int) -> None:
    """Give ``seat`` exactly these cards, moving cards between its hand and the deck."""
    hand = st.player(seat).hand
    for card in CARD_TYPES:
        st.deck += [card] * hand[card]
        hand[card] = 0
    for name, n in cards.items():
        card = card_type(name)
        for _ in range(n):
            st.deck.remove(card)
        hand[card] = n


def add_ship(
    st: IlosState, seat: str, region: str | None = None, hideout: str | None = None
) -> str:
    n = sum(1 for s in st.ships if s.owner == seat) + 1
    ship = ShipState(id=f"{seat}.{n}", owner=seat, region=region, hideout=hideout)
    st.ships.append(ship)
    return ship.id


def add_colonist(
    st: IlosState,
    seat: str,
    spot: str,
    building: BuildingKind | None = None,
    label: Resource | None = None,
) -> None:
    """Put a colonist (and its production) on the board, as if it had been played."""
    comp = components()
    st.spots[spot] = SpotState(owner=seat, building=building, label=label)
    player = st.player(seat)
    player.colonists_used += 1
    kind = comp.spot_kind[spot]
    if kind in ("ebony", "spice", "dye", "gold"):
        player.production[kind] += 1
    if building is not None:
        st.building_tokens_left -= 1
        if building == "trading_post" and label is not None:
            player.production[label] += 1


def run(st: IlosState, seat: str, *actions: IlosAction) -> tuple[IlosState, list[Event]]:
    """Apply actions in order, checking each was offered by ``legal_actions``."""
    events: list[Event] = []
    for action in actions:
        assert action in SPEC.legal_actions(st, seat), f"{action} not offered"
        result = SPEC.apply(st, seat, action)
        st = result.state
        events += result.events
    return st, events


def rejected(st: IlosState, seat: str, action: IlosAction) -> RuleViolation:
    """Assert the action is refused (and not offered); return the violation."""
    assert action not in SPEC.legal_actions(st, seat)
    before = st.model_dump_json()
    try:
        SPEC.apply(st, seat, action)
    except RuleViolation as exc:
        assert st.model_dump_json() == before
        return exc
    raise AssertionError(f"{action} was accepted")


def pay(**cards: int) -> Pay:
    return Pay(cards={card_type(name): n for name, n in cards.items()})


def hand_total(st: IlosState, seat: str) -> int:
    return sum(st.player(seat).hand.values())


def island_of(st: IlosState, region: str) -> list[str]:
    facts = BoardFacts(st)
    return facts.island_regions(facts.islands.island(region))
