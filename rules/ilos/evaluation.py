"""How an Ilos AI judges a position (rules.ai.hooks): the screen at today's prices (the final
score, ILOS-R123), plus what production will still bring over the turns left, the empty spots
the player's ships already reach (a colonist there is production to come), the hand and the
draw.

The turns left are estimated from the colonist race (ILOS-R120: the round of the 10th
colonist is the last), so production is worth much early and little at the end, where
raising a price (ILOS-R90) or the gold of ruins (ILOS-R96) is worth more. Cards beyond what a
player can spend are worth nothing, so a hoard does not look like wealth: a ship that moves
to an island with empty spots, or explores a new tile, is what turns cards into production.
"""

from __future__ import annotations

from rules.ilos.actions import Cancel, IlosAction, Pay
from rules.ilos.components import FARM_RESOURCES, RESOURCES, Components, components
from rules.ilos.geometry import board_geometry
from rules.ilos.model import IlosState

SCALE = 15.0
"""About one good sale: a lead this big is a clear lead."""

PACE = 1.0
"""Colonists the leader of the colonist race places per round (the turns-left estimate)."""
CARD_VALUE = 0.5
"""Each card in hand, up to ``CARD_CAP`` (a little: a card is worth what playing it brings,
counted once it is played)."""
CARD_CAP = 12
"""Cards beyond this many are worth nothing: more than a player spends before the end."""
DRAW_VALUE = 1.5
"""Each ship in play and each fort: one more card in every draw (ILOS-R22)."""
COLONIST_VALUE = 1.0
"""Each colonist placed: the first tie-break (ILOS-R124)."""
REACH_SHARE = 0.3
"""An empty spot the player's ships reach counts for this share of what a colonist on it
would bring over the turns left (after the next): others may take it first, and it still
costs cards."""
ROLLOUTS_FINISH_DECLARATIONS = True
ROLLOUT_STEPS = 6
"""The search's rollouts (rules.ai.hooks) only finish the card being declared (its
destination, tile, landing and payment: at most 5 steps after a Ship card) and score it, so
a search iteration judges the moves its tree chose, not random further cards of the turn (a
ship moved off its island, a turn ended early), and costs less: 1935 iterations per CPU
second against 1357 (median of 7 positions of an easy game). Strong against easy at 300
iterations, the same seeds, against 4 random steps: 2 seats, 20 games, 15 wins either way,
mean lead over easy +22.6 against +17.8 points; 1 strong + 3 easy, 16 games, 7.5 wins
against 6."""
# Tried in issue 24 from there (strong + easy, seeds 100-119 for 2 seats and 200-215 for
# 1 strong + 3 easy, 300 iterations unless said), none better, so none kept at the time:
# exploration 0.05 with 4 prior visits (4 seats 7/16, mean lead over the best easy -2.0
# points against -3.1: kept since, for larger budgets, ``EXPLORATION``) or 0.2 with 4 (5/16,
# -7.4); scoring the tree's position with no rollout (a card
# half-declared shows nothing: 1 of the first 9 games); greedy follow-ups and nodes
# (GREEDY_FOLLOW_UPS) at the same CPU, 0.3 s a decision (6x fewer iterations): 2 seats
# 16/20 against 15/20, 4 seats 4.5/16, lead -10.1; holdings valued at the price raises each
# player is expected to make on what it holds most of (half a raise per turn left, its share
# of the markers, counted in full): easy with it beat easy without in 89 of 160 games, but
# strong + 3 easy with it won 5/16, lead -8.8 (at double weight easy won 6/40); weighing the
# payments that keep Market cards first: easy with it 13/40 against easy without.
EXPLORATION = 0.05
PRIOR_VISITS = 4
"""The search's exploration and the weight of its one-ply prior (rules.ai.hooks), as in
Maracaibo and Age of Renaissance. Root rewards of an Ilos position differ by a few
thousandths (a point or two of lead, squashed over ``SCALE``), so at the default 0.7 the
visits spread evenly over the best-judged actions (231, 228, 182, 181 visits for rewards
0.781, 0.780, 0.765, 0.765) and the most visited one was a matter of luck; more iterations
then only drowned the prior: 2 seats against easy, seeds 6001-6020, strong's mean lead
+22.9 points at 300 iterations but +8.1 at 1500 (15 of 20 wins against 17). At 0.05: +22.3
at 1500 (15 of 20) and +22.0 at 300 (18 of the first 21), so the search keeps its edge at
the many iterations the 3 s budget buys (some 5,800)."""
PAYMENTS = 2
"""How many of the payments the engine offers (its sensible default first) the AI weighs:
the evaluation tells one card from another only by count."""


def turns_left(state: IlosState) -> dict[str, float]:
    """Productions still to come per seat (ILOS-R22 step 2), this turn's included."""
    return _turns_left(state, components().constants.colonists_per_player)


def _turns_left(state: IlosState, colonists: int) -> dict[str, float]:
    if state.phase == "finished":
        return {seat: 0.0 for seat in state.seats}
    acting = state.phase == "actions"
    if state.last_round:
        later = 0.0
    else:
        leader = max(p.colonists_used for p in state.players)
        later = max(0.0, (colonists - leader) / PACE - 0.5)
        cap = state.options.max_rounds
        if cap is not None:
            later = min(later, float(max(0, cap - state.round)))
    return {
        seat: later + (1.0 if not acting or i >= state.turn else 0.0)
        for i, seat in enumerate(state.seats)
    }


def _reach(state: IlosState, comp: Components, prices: dict[str, int]) -> dict[str, list[float]]:
    """Per seat, what each empty spot its coast ships reach would bring per turn (a ruins
    spot: its one-time gold, marked negative), the best first. Each empty spot's island,
    the ships it needs and its worth are worked out once, then read for every seat."""
    out: dict[str, list[float]] = {seat: [] for seat in state.seats}
    taken = state.spots
    tile_spots = comp.tile_spots
    empty = [
        (sid, region, kind)
        for p in state.board
        for sid, region, kind in tile_spots[p.tile]
        if sid not in taken
    ]
    if not empty:
        return out
    island_of = board_geometry(comp, state.board).islands.of
    coast: dict[tuple[str, str], int] = {}  # own ships on each island's coasts
    for ship in state.ships:
        if ship.region is not None:
            key = (ship.owner, island_of[ship.region])
            coast[key] = coast.get(key, 0) + 1
    farmed: set[str] | None = None  # islands with a colonist on a farm icon
    farm_price = max(prices[r] for r in FARM_RESOURCES)
    gold = float(prices["gold"])
    ruins = -float(comp.constants.ruins_gold * prices["gold"])
    sites = state.building_tokens_left > 0
    spots: list[tuple[str, int, float]] = []  # (island, ships needed, worth)
    for _sid, region, kind in empty:
        island = island_of[region]
        if kind in FARM_RESOURCES:
            spots.append((island, 1, float(prices[kind])))
        elif kind == "gold":
            spots.append((island, 2, gold))
        elif kind == "site" and sites:
            if farmed is None:
                farmed = {
                    island_of[region]
                    for sid, region, kind in _occupied(state, comp)
                    if kind in FARM_RESOURCES
                }
            spots.append((island, 2, float(farm_price) if island in farmed else 1.0))
        elif kind == "ruins":
            spots.append((island, 1, ruins))
    for seat in state.seats:
        worth = [w for island, need, w in spots if coast.get((seat, island), 0) >= need]
        worth.sort(key=abs, reverse=True)
        out[seat] = worth
    return out


def _occupied(state: IlosState, comp: Components) -> list[tuple[str, str, str]]:
    """The occupied spots of the tiles in play: (spot, region, kind)."""
    taken = state.spots
    return [spot for p in state.board for spot in comp.tile_spots[p.tile] if spot[0] in taken]


def evaluate(state: IlosState) -> dict[str, float]:
    comp = components()
    const = comp.constants
    tracks = comp.prices.tracks
    steps = state.price_step
    prices: dict[str, int] = {res: tracks[res][steps[res]] for res in RESOURCES}
    out: dict[str, float] = {}
    if state.phase == "finished":
        for player in state.players:
            out[player.seat] = float(sum(player.screen[r] * prices[r] for r in RESOURCES))
        return out
    colonists = const.colonists_per_player
    left = _turns_left(state, colonists)
    reach = _reach(state, comp, prices)
    drawing: dict[str, int] = {}  # ships in play and forts per seat (ILOS-R22 step 3)
    for ship in state.ships:
        drawing[ship.owner] = drawing.get(ship.owner, 0) + 1
    for spot in state.spots.values():
        if spot.building == "fort":
            drawing[spot.owner] = drawing.get(spot.owner, 0) + 1
    for player in state.players:
        seat = player.seat
        turns = left[seat]
        screen = player.screen
        production = player.production
        value = float(sum(screen[r] * prices[r] for r in RESOURCES))
        value += turns * sum(production[r] * prices[r] for r in RESOURCES)
        value += CARD_VALUE * min(sum(player.hand.values()), CARD_CAP)
        value += DRAW_VALUE * min(turns, 1.0) * drawing.get(seat, 0)
        value += COLONIST_VALUE * player.colonists_used
        free = colonists - player.colonists_used
        for worth in reach[seat][:free]:
            if worth < 0:  # ruins: gold once
                value += REACH_SHARE * -worth
            else:
                value += REACH_SHARE * worth * max(turns - 1.0, 0.0)
        out[seat] = value
    return out


def considered(state: IlosState, seat: str, actions: list[IlosAction]) -> list[IlosAction]:
    """What the AI weighs: never taking back a declaration (it only returns to the position
    before it), and of the payments only the first ``PAYMENTS`` the engine offers."""
    kept: list[IlosAction] = []
    payments = 0
    for action in actions:
        if isinstance(action, Cancel):
            continue
        if isinstance(action, Pay):
            payments += 1
            if payments > PAYMENTS:
                continue
        kept.append(action)
    return kept


def declaring(state: IlosState, seat: str) -> bool:
    """A card play or setup placement is being declared step by step (ILOS-R24)."""
    return state.pending is not None


DECIDED = 0.001
"""The search stops early once every root action's mean reward is within this of 1 or of 0
(rules.ai.hooks): a lead of about seven times ``SCALE`` (some 100 points) in every future
sampled. Against random play strong led by that much from about a third of the game on
and then spent the whole 3 s on each decision, its visits spread evenly over moves all
rewarded 1.0 (a seeded easy-against-random game, 200 iterations a decision: means 0.994
at move 60, 1.0000 at moves 90-120 with 104 visits to each root action); 78 % of the
thinking in 13 games against random went to decisions that used the whole budget. With
this stop, strong's thinking per game against random fell from 264 s (those 13 games) to
128 s (the first 12 after it); against easy, whose games stay close, it stayed near 135 s."""
