"""The Ilos engine: setup, the staged decisions, the three-step turn and the end.

Phases: ``mulligan`` (ILOS-R18, in turn order), ``setup`` (the first-island round, ILOS-R19
to R21), ``actions`` (normal turns, ILOS-R22) and ``finished``. The first seat in
``seats`` is the first player (the lobby shuffles seats: ``seat_order="random"``).
Who decides is the decision stack (``rules.core.decisions``, ``rules.ilos.model``): the
seat's ``Turn`` in the phase, with the ``Declaration`` being made on top of it.

Everything said to people is a ``Text`` (``rules.ilos.terms``): refusals are
``ilos.refusal.<code>``, events name places as the board image shows them. Forced
tile-placement steps are taken for the player (``_forced_steps``). Why the last round came
(10th colonist, round cap or stall) is kept in the state and named by the end-of-game event.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Literal

from rules.core import Campaign, Event, Rng, RuleViolation, Text, term
from rules.core.decisions import deciding, top
from rules.core.engine import Engine, Refusal, quiet
from rules.core.models import Arg
from rules.core.versions import BEFORE, chosen_version
from rules.ilos import play, terms
from rules.ilos.actions import (
    Cancel,
    ChooseTile,
    CycleTile,
    EndTurn,
    IlosAction,
    Land,
    Mulligan,
    Occupy,
    Pay,
    PlaceAt,
    PlayBuilding,
    PlayFarm,
    PlayGoldMine,
    PlayMarket,
    PlayRuins,
    PlayShip,
    Rotate,
)
from rules.ilos.board import BoardFacts, draw_count
from rules.ilos.components import CARD_TYPES, RESOURCES, CardType, Resource, components
from rules.ilos.deck import draw_cards, hand_list, sub_multisets
from rules.ilos.geometry import board_land_edges, placement_ok
from rules.ilos.model import (
    Declaration,
    IlosOptions,
    IlosState,
    PlacedTile,
    PlayerState,
    ShipState,
    Turn,
    TurnKind,
)
from rules.ilos.terms import refusal
from rules.ilos.versions import VERSIONS

SPOT_ACTIONS: dict[str, type[PlayFarm] | type[PlayGoldMine] | type[PlayRuins]] = {
    "farm": PlayFarm,
    "gold_mine": PlayGoldMine,
    "ruins": PlayRuins,
}


# --------------------------------------------------------------------------- setup


def new_game(
    seats: Sequence[str],
    options: IlosOptions,
    seed: int,
    campaign: Campaign | None = None,
    rules_version: int | None = None,
) -> IlosState:
    """ILOS-R11 to R17: stack of 4 x players tiles, 3 face up, 5 cards each."""
    comp = components()
    c = comp.constants
    if len(seats) != options.players:
        raise ValueError(f"ilos: {len(seats)} seats but options say {options.players} players")
    if not c.players_min <= len(seats) <= c.players_max:
        raise ValueError("ilos: 2 to 5 players")
    rng = Rng.from_seed(seed)
    tiles = list(comp.tile_order)
    rng.shuffle(tiles)
    n_stack = c.tiles_per_player * len(seats)
    stack, box = tiles[:n_stack], tiles[n_stack:]
    face_up, stack = stack[: c.face_up], stack[c.face_up :]
    deck: list[CardType] = [card.id for card in comp.cards.values() for _ in range(card.count)]
    rng.shuffle(deck)
    players: list[PlayerState] = []
    for seat in seats:
        hand = {t: 0 for t in CARD_TYPES}
        for _ in range(c.start_hand):
            hand[deck.pop()] += 1
        players.append(
            PlayerState(
                seat=seat,
                hand=hand,
                screen={r: 0 for r in RESOURCES},
                production={r: 0 for r in RESOURCES},
            )
        )
    return IlosState(
        seats=list(seats),
        seed=seed,
        rng=rng,
        rules_version=chosen_version(VERSIONS, rules_version),
        data_hash=comp.data_hash,
        options=options,
        players=players,
        deck=deck,
        box=box,
        stack=stack,
        face_up=face_up,
        price_step={r: 0 for r in RESOURCES},
        building_tokens_left=c.building_tokens,
        turns_taken={s: 0 for s in seats},
        decisions=[_turn("mulligan", seats[0])],
    )


def to_act(state: IlosState) -> frozenset[str]:
    return deciding(state.decisions)


def is_over(state: IlosState) -> bool:
    return not state.decisions


@lru_cache(maxsize=64)
def _turn(kind: TurnKind, seat: str) -> Turn:
    """A ``Turn`` is frozen: one instance per phase and seat, shared by every state."""
    return Turn(kind=kind, seat=seat)


def _pass_turn(s: IlosState, kind: TurnKind) -> None:
    """The seat in turn (``s.turn``) decides next, in phase ``kind``: the stack is its
    ``Turn`` alone (every declaration is resolved or cancelled by then)."""
    s.decisions = [_turn(kind, s.active_seat)]


def _setup_fallback(state: IlosState) -> bool:
    """ILOS-R21: every remaining tile has been cycled and none fits."""
    return state.setup_cycles >= len(state.face_up) + len(state.stack)


# --------------------------------------------------------------------------- legal actions


def legal_actions(state: IlosState, seat: str) -> list[IlosAction]:
    now = top(state.decisions)
    if now is None or seat != now.seat:
        return []
    if now.kind == "mulligan":
        player = state.player(seat)
        return [Mulligan(discard=d) for d in sub_multisets(player.hand)]
    facts = BoardFacts(state)
    if isinstance(now, Declaration):
        return _pending_actions(state, facts, seat, now)
    if now.kind == "setup":
        placeable = facts.placeable_face_up()
        if placeable:
            return [ChooseTile(tile=t) for t in placeable]
        if _setup_fallback(state):
            return [Land(region=rid) for rid in play.coast_destinations(facts, None)]
        return [CycleTile(tile=t) for t in state.face_up]
    return _turn_actions(state, facts, seat)


@lru_cache(maxsize=4096)
def _pay_actions(avail: tuple[int, ...], cost: int) -> tuple[Pay, ...]:
    """ILOS-R24: every payment of ``cost`` from the counts ``avail`` (catalogue order), the
    default first; built once per hand and cost (a ``Pay`` is frozen and only read)."""
    held = dict(zip(CARD_TYPES, avail, strict=True))
    options = sub_multisets(held, cost)
    return tuple(Pay(cards=m) for m in sorted(options, key=lambda m: payment_preference(held, m)))


def _pending_actions(
    state: IlosState, facts: BoardFacts, seat: str, pending: Declaration
) -> list[IlosAction]:
    out: list[IlosAction] = []
    comp = facts.comp
    if pending.stage == "destination":
        ship = _ship_by_id(state, pending.ship)
        out += [_land(r) for r in play.coast_destinations(facts, ship)]
        out += [
            _occupy(t)
            for t in play.hideout_destinations(facts)
            if ship is None or ship.hideout != t
        ]
        out += [_choose_tile(t) for t in facts.placeable_face_up()]
    elif pending.stage == "cell":
        assert pending.tile is not None
        cells = sorted({cell for cell, _ in facts.geo.placements(pending.tile)})
        out += [_place_at(q, r) for q, r in cells]
    elif pending.stage == "rotation":
        assert pending.tile is not None and pending.q is not None and pending.r is not None
        rotations = facts.geo.rotations(pending.tile, (pending.q, pending.r))
        out += [_rotate(k) for k in rotations]
    elif pending.stage == "landing":
        assert pending.tile is not None
        out += [_land(rid) for rid in comp.tile_regions[pending.tile]]
    elif pending.stage == "pay":
        assert pending.card is not None
        avail = dict(state.player(seat).hand)
        avail[pending.card] -= 1
        out += _pay_actions(tuple(avail.get(t, 0) for t in CARD_TYPES), pending.cost)
    out.append(_CANCEL)
    return out


def payment_preference(hand: dict[CardType, int], payment: dict[CardType, int]) -> tuple[int, ...]:
    """Sort key putting the sensible default payment first (ILOS-R24 payment choice).

    The default keeps the widest choice: it spends from the card types held most, so the hand
    left over is as even as possible (the sorted remaining counts are compared, largest first).
    """
    left = sorted((hand.get(t, 0) - payment.get(t, 0) for t in CARD_TYPES), reverse=True)
    return tuple(left)


def _turn_actions(state: IlosState, facts: BoardFacts, seat: str) -> list[IlosAction]:
    out: list[IlosAction] = []
    player = state.player(seat)
    hand = player.hand
    comp = facts.comp
    if hand.get("ship", 0) and play.hand_size(state, seat) >= 2:
        candidates = ["new"] + [s.id for s in state.ships if s.owner == seat]
        for ship in candidates:
            try:
                current = play.check_ship_start(state, seat, ship)
            except RuleViolation:
                continue
            if _has_destination(facts, current):
                out.append(_play_ship(ship))
    # Every spot play needs a colonist (check_spot_play): none left, no spot is listed.
    colonist = player.colonists_used < comp.constants.colonists_per_player
    for spot in facts.empty_spots() if colonist else []:
        card = play.SPOT_CARD[comp.spot_kind[spot]]
        if not hand.get(card, 0):
            continue
        island = facts.island_of_spot(spot)
        if facts.coast_ships(seat, island) < comp.cards[card].ships_needed:
            continue  # check_spot_play refuses it: not enough ships (ILOS-R70 and after)
        if card == "building":
            kinds: list[PlayBuilding] = [_play_building(spot, "fort", None)]
            kinds += [_play_building(spot, "trading_post", r) for r in facts.farm_types(island)]
            for act in kinds:
                try:
                    play.check_spot_play(
                        state, facts, seat, card, spot, act.kind, act.copy_resource
                    )
                except RuleViolation:
                    continue
                out.append(act)
            continue
        try:
            play.check_spot_play(state, facts, seat, card, spot)
        except RuleViolation:
            continue
        out.append(_play_spot(card, spot))
    # check_market refuses every resource without a Market card or once one was played
    if hand.get("market", 0) >= 1 and not state.market_used:
        for res in RESOURCES:
            try:
                play.check_market(state, seat, res)
            except RuleViolation:
                continue
            out.append(_play_market(res))
    out.append(_END_TURN)
    return out


# One frozen action per value, shared by every listing (an action is only read).
_CANCEL = Cancel()
_END_TURN = EndTurn()


@cache
def _land(region: str) -> Land:
    return Land(region=region)


@cache
def _occupy(tile: str) -> Occupy:
    return Occupy(tile=tile)


@cache
def _choose_tile(tile: str) -> ChooseTile:
    return ChooseTile(tile=tile)


@cache
def _place_at(q: int, r: int) -> PlaceAt:
    return PlaceAt(q=q, r=r)


@cache
def _rotate(rotation: int) -> Rotate:
    return Rotate(rotation=rotation)


@cache
def _play_ship(ship: str) -> PlayShip:
    return PlayShip(ship=ship)


@cache
def _play_spot(card: CardType, spot: str) -> PlayFarm | PlayGoldMine | PlayRuins:
    return SPOT_ACTIONS[card](spot=spot)


@cache
def _play_building(
    spot: str, kind: Literal["fort", "trading_post"], copy_resource: Resource | None
) -> PlayBuilding:
    if copy_resource is None:
        return PlayBuilding(spot=spot, kind=kind)
    return PlayBuilding(spot=spot, kind=kind, copy_resource=copy_resource)


@cache
def _play_market(resource: Resource) -> PlayMarket:
    return PlayMarket(resource=resource)


def _has_destination(facts: BoardFacts, ship: ShipState | None) -> bool:
    """Any coast but its own, a free hideout but its own, or a tile to explore (ILOS-R50)."""
    comp = facts.comp
    here = ship.region if ship is not None else None
    hideout = ship.hideout if ship is not None else None
    board = facts.state.board
    return (
        any(rid != here for p in board for rid in comp.tile_regions[p.tile])
        or any(p.tile != hideout and facts.hideout_free(p.tile) for p in board)
        or bool(facts.placeable_face_up())
    )


def _ship_by_id(state: IlosState, ship_id: str | None) -> ShipState | None:
    if ship_id is None or ship_id == "new":
        return None
    for s in state.ships:
        if s.id == ship_id:
            return s
    return None


# --------------------------------------------------------------------------- apply


def _refuse(code: Refusal, state: IlosState, seat: str, action: IlosAction) -> RuleViolation:
    if code == "unknown_seat":
        return refusal("not_a_player")
    if code == "not_your_turn":
        return refusal("not_your_turn", seat=state.active_seat)
    return refusal(code)


def copy_state(state: IlosState) -> IlosState:
    """A copy safe to change (``GameState.copied``): placed tiles and spot occupants are
    never changed in place, so they are shared (``IlosState.__shallow_fields__``)."""
    return state.copied()


def _wrong_step(hint: str) -> RuleViolation:
    """Not possible at this step; ``hint`` (``ilos.hint.<hint>``) says what is expected."""
    return refusal("wrong_step", hint=term(f"ilos.hint.{hint}"))


def _dispatch(s: IlosState, seat: str, action: IlosAction, ev: list[Event]) -> None:
    """One action on the copied state; what happened is appended to ``ev``. A search's
    step (``Engine.step``) gives a list that keeps nothing (``quiet``): the texts of the
    events are then not built, every change of the state is made all the same."""
    if isinstance(action, Mulligan):
        _mulligan(s, seat, action, ev)
        return
    if s.phase == "mulligan":
        raise _wrong_step("mulligan")
    pending = s.pending
    if isinstance(action, Cancel):
        if pending is None:
            raise _wrong_step("nothing_declared")
        s.decisions.pop()
        return
    if pending is not None:
        _pending_step(s, seat, pending, action, ev)
    elif s.phase == "setup":
        _setup_step(s, seat, action, ev)
    else:
        _turn_step(s, seat, action, ev)


ENGINE: Engine[IlosState, IlosAction] = Engine(
    is_over=is_over,
    to_act=to_act,
    legal_actions=legal_actions,
    refuse=_refuse,
    dispatch=_dispatch,
    copy=copy_state,
    check_legal=False,  # every step checks its action with its own refusal
)
apply = ENGINE.apply
apply_trusted = ENGINE.apply_trusted
step = ENGINE.step


def _mulligan(s: IlosState, seat: str, action: Mulligan, ev: list[Event]) -> None:
    """ILOS-R18: discard any number, draw back to 5; once, in turn order."""
    if s.phase != "mulligan":
        raise refusal("mulligan_over")
    player = s.player(seat)
    for card, n in action.discard.items():
        if n < 0 or n > player.hand.get(card, 0):
            raise refusal("not_in_hand")
    discarded: list[CardType] = []
    for card in CARD_TYPES:
        n = action.discard.get(card, 0)
        player.hand[card] -= n
        discarded += [card] * n
    s.discard += discarded
    player.mulligan_done = True
    args: dict[str, Arg] = {"seat": seat, "count": len(discarded)}
    key = "ilos.mulligan_hidden"
    if s.options.reveal_cost_cards:
        args["cards"] = terms.cards_list(discarded)
        key = "ilos.mulligan"
    ev.append(Event(key=key if discarded else "ilos.mulligan_kept", args=args, seat=seat))
    if discarded:
        draw_cards(s, seat, len(discarded), ev)
    s.turn += 1
    if s.turn == len(s.seats):
        s.turn = 0
        _pass_turn(s, "setup")
        ev.append(Event(key="ilos.setup_started", args={"seat": s.active_seat}))
    else:
        _pass_turn(s, "mulligan")


def _setup_step(s: IlosState, seat: str, action: IlosAction, ev: list[Event]) -> None:
    facts = BoardFacts(s)
    if isinstance(action, ChooseTile):
        _check_explore_tile(s, facts, action.tile)
        pending = Declaration(seat=seat, purpose="setup", stage="cell", tile=action.tile)
        s.decisions.append(pending)
        _forced_steps(s, seat, pending, ev)
        return
    if isinstance(action, CycleTile):
        if action.tile not in s.face_up:
            raise refusal("not_face_up")
        if facts.placeable_face_up():
            raise refusal("tile_fits")
        if _setup_fallback(s):
            raise refusal("all_cycled")
        i = s.face_up.index(action.tile)
        s.stack.append(action.tile)
        s.face_up[i] = s.stack.pop(0)
        s.setup_cycles += 1
        ev.append(
            Event(
                key="ilos.tile_cycled",
                args={
                    "seat": seat,
                    "tile": terms.tile(action.tile),
                    "revealed": terms.tile(s.face_up[i]),
                },
                seat=seat,
                reveals=True,
            )
        )
        return
    if isinstance(action, Land):
        # ILOS-R21 / D13: the last fallback, a ship without a tile.
        if facts.placeable_face_up() or not _setup_fallback(s):
            raise _wrong_step("setup_tile")
        if action.region not in play.coast_destinations(facts, None):
            raise refusal("unknown_region")
        _new_ship(s, seat, action.region, None, ev)
        _end_setup_turn(s, ev)
        return
    raise _wrong_step("setup_no_cards")


def _check_explore_tile(s: IlosState, facts: BoardFacts, tile: str) -> None:
    if tile not in s.face_up:
        raise refusal("not_face_up")
    if not facts.geo.placements(tile):
        raise refusal("no_placement", tile=terms.tile(tile))


def _end_setup_turn(s: IlosState, ev: list[Event]) -> None:
    s.turn += 1
    s.setup_cycles = 0
    if s.turn < len(s.seats):
        _pass_turn(s, "setup")
        return
    s.turn = 0
    _pass_turn(s, "actions")
    s.round = 1
    ev.append(Event(key="ilos.round_started", args={"round": 1}))
    _start_turn(s, ev)


def _pending_step(
    s: IlosState, seat: str, pending: Declaration, action: IlosAction, ev: list[Event]
) -> None:
    facts = BoardFacts(s)
    comp = facts.comp
    if pending.stage == "destination":
        ship = _ship_by_id(s, pending.ship)
        if isinstance(action, Land):
            if (
                action.region not in comp.region_spots
                or action.region.split(".")[0] not in facts.placed_tiles
            ):
                raise refusal("unknown_region")
            if ship is not None and ship.region == action.region:
                raise refusal("same_place")
            pending.region = action.region
            _to_pay(s, pending)
            return
        if isinstance(action, Occupy):
            if action.tile not in facts.placed_tiles or not comp.tiles[action.tile].hideout:
                raise refusal("no_hideout")
            if ship is not None and ship.hideout == action.tile:
                raise refusal("same_place")
            if not facts.hideout_free(action.tile):
                raise refusal("hideout_taken")
            pending.hideout = action.tile
            _to_pay(s, pending)
            return
        if isinstance(action, ChooseTile):
            _check_explore_tile(s, facts, action.tile)
            pending.tile = action.tile
            pending.stage = "cell"
            _forced_steps(s, seat, pending, ev)
            return
        raise _wrong_step("destination")
    if pending.stage == "cell":
        if not isinstance(action, PlaceAt):
            raise _wrong_step("cell")
        assert pending.tile is not None
        cells = {cell for cell, _ in facts.geo.placements(pending.tile)}
        if (action.q, action.r) not in cells:
            raise refusal("bad_cell")
        pending.q, pending.r = action.q, action.r
        pending.stage = "rotation"
        _forced_steps(s, seat, pending, ev)
        return
    if pending.stage == "rotation":
        if not isinstance(action, Rotate):
            raise _wrong_step("rotation")
        assert pending.tile is not None and pending.q is not None and pending.r is not None
        if not 0 <= action.rotation <= 5 or not placement_ok(
            comp, facts.cells, comp.tiles[pending.tile], (pending.q, pending.r), action.rotation
        ):
            raise refusal("bad_rotation")
        pending.rotation = action.rotation
        pending.stage = "landing"
        _forced_steps(s, seat, pending, ev)
        return
    if pending.stage == "landing":
        if not isinstance(action, Land):
            raise _wrong_step("landing")
        assert pending.tile is not None
        if action.region not in comp.tile_regions[pending.tile]:
            raise refusal("not_new_tile")
        _land_new_tile(s, seat, pending, action.region, ev)
        return
    # stage == "pay"
    if not isinstance(action, Pay):
        raise _wrong_step("pay")
    _pay(s, seat, pending, action, ev)


def _land_new_tile(
    s: IlosState, seat: str, pending: Declaration, region: str, ev: list[Event]
) -> None:
    """The ship lands on a coast of the tile being explored (ILOS-R19 step 3, ILOS-R51(b))."""
    pending.region = region
    if pending.purpose == "setup":
        s.decisions.pop()
        _place_pending_tile(s, seat, pending, ev)
        _new_ship(s, seat, region, None, ev)
        _end_setup_turn(s, ev)
        return
    _to_pay(s, pending)


def _forced_steps(s: IlosState, seat: str, pending: Declaration, ev: list[Event]) -> None:
    """Skip every tile-placement step that has exactly one choice (issue 13, point 7).

    The cell, the rotation and the landing coast of a tile being explored are taken for the
    player when only one is possible (the first tile always goes at the centre), each with an
    event to that player saying what was decided. Taking back the tile (``cancel``) stays
    possible until the tile is placed. The payment is never chosen for the player.
    """
    if s.rules_version == BEFORE:
        return  # version 0: the player takes every step (before 2026-11-23)
    comp = components()
    loud = not quiet(ev)
    while s.pending is pending and pending.tile is not None:
        facts = BoardFacts(s, comp)
        if pending.stage == "cell":
            cells = sorted({c for c, _ in facts.geo.placements(pending.tile)})
            if len(cells) != 1:
                break
            (q, r) = cells[0]
            if loud:
                tile = terms.tile(pending.tile)
                if s.board:
                    args: dict[str, Arg] = {"tile": tile, "cell": terms.cell(s, q, r)}
                    ev.append(Event(key="ilos.auto_cell", args=args, seat=seat, visible_to=[seat]))
                else:
                    args = {"tile": tile}
                    ev.append(
                        Event(key="ilos.auto_first_cell", args=args, seat=seat, visible_to=[seat])
                    )
            pending.q, pending.r = q, r
            pending.stage = "rotation"
        elif pending.stage == "rotation":
            assert pending.q is not None and pending.r is not None
            rotations = facts.geo.rotations(pending.tile, (pending.q, pending.r))
            if len(rotations) != 1:
                break
            pending.rotation = rotations[0]
            pending.stage = "landing"
            if loud:
                tdef = comp.tiles[pending.tile]
                sides = terms.edge_sides(board_land_edges(tdef, rotations[0]))
                args = {"tile": terms.tile(pending.tile), "sides": sides}
                ev.append(Event(key="ilos.auto_rotation", args=args, seat=seat, visible_to=[seat]))
        elif pending.stage == "landing":
            regions = comp.tile_regions[pending.tile]
            if len(regions) != 1:
                break
            if loud:
                args = {"tile": terms.tile(pending.tile), "region": terms.region(s, regions[0])}
                ev.append(Event(key="ilos.auto_landing", args=args, seat=seat, visible_to=[seat]))
            _land_new_tile(s, seat, pending, regions[0], ev)
            return
        else:
            break


def _to_pay(s: IlosState, pending: Declaration) -> None:
    pending.stage = "pay"
    pending.cost = components().cards["ship"].cost
    pending.pirate = False


def _place_pending_tile(s: IlosState, seat: str, pending: Declaration, ev: list[Event]) -> None:
    assert pending.tile is not None and pending.q is not None and pending.r is not None
    assert pending.rotation is not None
    i = s.face_up.index(pending.tile)
    loud = not quiet(ev)
    if loud:
        where = terms.cell(s, pending.q, pending.r)
    s.board.append(
        PlacedTile(tile=pending.tile, q=pending.q, r=pending.r, rotation=pending.rotation)
    )
    if loud:
        args: dict[str, Arg] = {"seat": seat, "tile": terms.tile(pending.tile), "cell": where}
        ev.append(Event(key="ilos.tile_placed", args=args, seat=seat))
    if s.stack:
        s.face_up[i] = s.stack.pop(0)
        if loud:
            args = {"tile": terms.tile(s.face_up[i])}
            ev.append(Event(key="ilos.tile_revealed", args=args, reveals=True))
    else:
        s.face_up.pop(i)


def _new_ship(
    s: IlosState, seat: str, region: str | None, hideout: str | None, ev: list[Event]
) -> None:
    n = sum(1 for x in s.ships if x.owner == seat) + 1
    ship = ShipState(id=f"{seat}.{n}", owner=seat, region=region, hideout=hideout)
    s.ships.append(ship)
    if quiet(ev):
        return
    if hideout is not None:
        ev.append(
            Event(
                key="ilos.pirate_placed",
                args={"seat": seat, "hideout": terms.hideout(hideout)},
                seat=seat,
            )
        )
        return
    assert region is not None
    ev.append(
        Event(
            key="ilos.ship_placed",
            args={"seat": seat, "region": terms.region(s, region)},
            seat=seat,
        )
    )


def _turn_step(s: IlosState, seat: str, action: IlosAction, ev: list[Event]) -> None:
    facts = BoardFacts(s)
    if isinstance(action, EndTurn):
        _end_turn(s, seat, ev)
        return
    if isinstance(action, PlayShip):
        current = play.check_ship_start(s, seat, action.ship)
        if not _has_destination(facts, current):
            raise refusal("no_destination")
        s.decisions.append(
            Declaration(
                seat=seat, purpose="card", stage="destination", card="ship", ship=action.ship
            )
        )
        return
    if isinstance(action, PlayFarm | PlayGoldMine | PlayRuins):
        card: CardType = {
            "play_farm": "farm",
            "play_gold_mine": "gold_mine",
            "play_ruins": "ruins",
        }[action.type]  # type: ignore[assignment]
        cost, pirate = play.check_spot_play(s, facts, seat, card, action.spot)
        s.decisions.append(
            Declaration(
                seat=seat,
                purpose="card",
                stage="pay",
                card=card,
                spot=action.spot,
                cost=cost,
                pirate=pirate,
            )
        )
        return
    if isinstance(action, PlayBuilding):
        cost, pirate = play.check_spot_play(
            s, facts, seat, "building", action.spot, action.kind, action.copy_resource
        )
        s.decisions.append(
            Declaration(
                seat=seat,
                purpose="card",
                stage="pay",
                card="building",
                spot=action.spot,
                building=action.kind,
                copy_resource=action.copy_resource,
                cost=cost,
                pirate=pirate,
            )
        )
        return
    if isinstance(action, PlayMarket):
        _market(s, seat, action, ev)
        return
    raise _wrong_step("declare_first")


def _market(s: IlosState, seat: str, action: PlayMarket, ev: list[Event]) -> None:
    """ILOS-R90: 1 token back to the supply, cover the current price."""
    play.check_market(s, seat, action.resource)
    player = s.player(seat)
    player.hand["market"] -= 1
    s.discard.append("market")
    player.screen[action.resource] -= 1
    s.price_step[action.resource] += 1
    s.market_used = True
    price = components().price(action.resource, s.price_step[action.resource])
    ev.append(
        Event(
            key="ilos.market",
            args={"seat": seat, "resource": terms.resource(action.resource), "price": price},
            seat=seat,
        )
    )


def _pay(s: IlosState, seat: str, pending: Declaration, action: Pay, ev: list[Event]) -> None:
    """ILOS-R24: the action card and exactly ``cost`` other cards go to the discard pile."""
    assert pending.card is not None
    player = s.player(seat)
    avail = dict(player.hand)
    avail[pending.card] -= 1
    if any(n < 0 for n in action.cards.values()) or sum(action.cards.values()) != pending.cost:
        raise refusal("wrong_payment", count=pending.cost)
    for card, n in action.cards.items():
        if n > avail.get(card, 0):
            raise refusal("not_in_hand")
    player.hand[pending.card] -= 1
    paid: list[CardType] = []
    for card in CARD_TYPES:
        n = action.cards.get(card, 0)
        player.hand[card] -= n
        paid += [card] * n
    s.discard.append(pending.card)
    s.discard += paid
    s.decisions.pop()
    if not quiet(ev):
        args: dict[str, Arg] = {
            "seat": seat,
            "card": terms.card(pending.card),
            "count": len(paid),
        }
        key = "ilos.card_paid_pirate" if pending.pirate else "ilos.card_paid"
        if s.options.reveal_cost_cards:
            args["cards"] = terms.cards_list(paid)
        else:
            key += "_hidden"
        # The played card (and, by default, the cost cards) leave a hidden hand face up.
        ev.append(Event(key=key, args=args, seat=seat, reveals=True))
    if pending.card == "ship":
        _ship_effect(s, seat, pending, ev)
    else:
        assert pending.spot is not None
        play.spot_effect(
            s, seat, pending.card, pending.spot, pending.building, pending.copy_resource, ev
        )


def _ship_effect(s: IlosState, seat: str, pending: Declaration, ev: list[Event]) -> None:
    """ILOS-R50 to R56: one ship, one destination."""
    if pending.tile is not None:
        _place_pending_tile(s, seat, pending, ev)
    ship = _ship_by_id(s, pending.ship)
    if ship is None:
        _new_ship(s, seat, pending.region, pending.hideout, ev)
        return
    loud = not quiet(ev)
    if loud:
        origin = terms.ship_place(s, ship.region, ship.hideout)
    ship = s.ships[s.ships.index(ship)] = ship.model_copy()  # ships are shared with the input
    ship.region = pending.region
    ship.hideout = pending.hideout
    if not loud:
        return
    if pending.hideout is not None:
        ev.append(
            Event(
                key="ilos.pirate_moved",
                args={"seat": seat, "origin": origin, "hideout": terms.hideout(pending.hideout)},
                seat=seat,
            )
        )
    else:
        assert pending.region is not None
        ev.append(
            Event(
                key="ilos.ship_moved",
                args={
                    "seat": seat,
                    "origin": origin,
                    "region": terms.region(s, pending.region),
                },
                seat=seat,
            )
        )


# --------------------------------------------------------------------------- turn end


def _end_turn(s: IlosState, seat: str, ev: list[Event]) -> None:
    """ILOS-R22 steps 2 and 3, then the end check (ILOS-R120) and the next turn."""
    player = s.player(seat)
    for res in RESOURCES:
        player.screen[res] += player.production[res]
    if not quiet(ev):
        ev.append(Event(key="ilos.turn_ended", args={"seat": seat}, seat=seat))
        ev.append(
            Event(
                key="ilos.produced",
                args={"seat": seat, "goods": terms.goods_text(player.production)},
                seat=seat,
            )
        )
    draw_cards(s, seat, draw_count(s, seat), ev)
    s.turns_taken[seat] = s.turns_taken.get(seat, 0) + 1
    s.market_used = False
    if s.last_round and s.turn == len(s.seats) - 1:
        s.decisions = []
        ev.append(
            Event(
                key="ilos.game_over",
                args={"round": s.round, "reason": end_reason_text(s)},
                reveals=True,
            )
        )
        return
    s.turn = (s.turn + 1) % len(s.seats)
    _pass_turn(s, "actions")
    if s.turn == 0:
        s.round += 1
        ev.append(Event(key="ilos.round_started", args={"round": s.round}))
    _start_turn(s, ev)


def _start_turn(s: IlosState, ev: list[Event]) -> None:
    """ILOS-R122: the round cap and the stall check, at the start of each turn."""
    cap = s.options.max_rounds
    if not s.last_round and cap is not None and s.turn == 0 and s.round >= cap:
        s.last_round = True
        s.end_reason = "round_cap"
        ev.append(Event(key="ilos.last_round_cap", args={"round": s.round, "count": cap}))
    if not s.last_round and _stalled(s):
        s.last_round = True
        s.end_reason = "stall"
        ev.append(Event(key="ilos.last_round_stall", args={"round": s.round}))
    if not quiet(ev):
        seat = s.active_seat
        ev.append(Event(key="ilos.turn_started", args={"seat": seat}, seat=seat))


def end_reason_text(s: IlosState) -> Text:
    """Which end happened (issue 13, point 9): the 10th colonist, the round cap or the stall."""
    if s.end_reason == "colonists" and s.end_seat is not None:
        count = components().constants.colonists_per_player
        return Text(key="ilos.end.colonists", args={"seat": s.end_seat, "count": count})
    if s.end_reason == "round_cap" and s.options.max_rounds is not None:
        return Text(key="ilos.end.round_cap", args={"count": s.options.max_rounds})
    if s.end_reason == "stall":
        return term("ilos.end.stall")
    return term("ilos.end.last_round")


def _stalled(s: IlosState) -> bool:
    """No empty spot a card could take and no face-up tile that fits; the spots are looked
    at first, as they almost always answer, before working out where tiles fit."""
    facts = BoardFacts(s)
    for spot in facts.empty_spots():
        if facts.comp.spot_kind[spot] != "site" or s.building_tokens_left > 0:
            return False
    return not facts.placeable_face_up()


__all__ = [
    "apply",
    "apply_trusted",
    "hand_list",
    "is_over",
    "legal_actions",
    "new_game",
    "step",
    "to_act",
]
