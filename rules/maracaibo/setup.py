"""Setup of a standalone game with story card 75 (MAR-S1 … S16)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core import Event, Rng
from rules.core.spec import Campaign
from rules.core.versions import chosen_version
from rules.maracaibo import automa, flow, gains, quests
from rules.maracaibo import campaign as campaign_rules
from rules.maracaibo.components import NATIONS, data
from rules.maracaibo.model import (
    Board,
    MaracaiboState,
    Options,
    Player,
    PrestigeSlot,
    SetupChoice,
)
from rules.maracaibo.query import card_term
from rules.maracaibo.terms import career_term
from rules.maracaibo.versions import VERSIONS


def new_game(
    seats: Sequence[str],
    options: Options,
    seed: int,
    campaign: Campaign | None = None,
    rules_version: int | None = None,
) -> MaracaiboState:
    """Everything random comes from ``seed``. With ``options.campaign`` the channel's
    campaign state (``None`` for the first game) replaces story card 75 (spec 12.1);
    without it a campaign state passed in is ignored."""
    d = data()
    rng = Rng.from_seed(seed)
    n = len(seats)
    solo = n == 1
    if solo:
        n = 2  # MAR-J1 / J16: solo is set up as a 2-player game
    if len(seats) != options.players:
        raise ValueError("seat count does not match options.players")
    b = Board()
    b.ships = {x: "havana" for x in seats}
    # MAR-S2: two face-down combat piles.
    tokens = list(d.tokens)
    rng.shuffle(tokens)
    half = (len(tokens) + 1) // 2
    b.piles = [tokens[:half], tokens[half:]]
    # MAR-S3: face-up quest pile; one tile on each explorer quest space.
    b.quest_pile = list(d.quests)
    rng.shuffle(b.quest_pile)
    for space in d.explorer.spaces:
        if space.quest:
            b.explorer_quests[space.id] = b.quest_pile.pop(0)
    # MAR-S4: city tiles.
    used_count = 2 if n == 2 else n
    tiles = [t for t in d.city_tiles.values() if used_count in t.player_counts]
    if n == 2:
        maracaibo = next(t for t in tiles if t.maracaibo)
        spot = next(loc.id for loc in d.board.locations if loc.maracaibo)
        b.city_tiles[spot] = maracaibo.id
    pool = [t.id for t in tiles if not t.maracaibo and not t.always_used]
    rng.shuffle(pool)
    chosen = [t.id for t in tiles if t.always_used and not t.maracaibo] + pool[:2]
    rng.shuffle(chosen)
    for slot, tile in zip(d.board.city_tile_slots, chosen, strict=True):
        b.city_tiles[slot] = tile
    b.tiles_box = sorted(t for t in d.city_tiles if t not in b.city_tiles.values())
    for loc in d.board.locations:
        market = d.city_tiles[b.city_tiles[loc.id]].market if loc.id in b.city_tiles else loc.market
        if market and (loc.id in b.city_tiles or not loc.tile_slot):
            b.markets[loc.id] = ["" for _ in market]
    # MAR-S5: 8 A cards each; 40 B cards with the other A cards form the deck.
    play = campaign_rules.start(campaign, options.chapter) if options.campaign else None
    a_cards = [c.id for c in d.cards.values() if c.deck == "A"]
    b_cards = [c.id for c in d.cards.values() if c.deck == "B"]
    rng.shuffle(a_cards)
    rng.shuffle(b_cards)
    setup = d.tracks.setup_cards
    hands = {
        x: a_cards[i * setup["deal_a"] : (i + 1) * setup["deal_a"]] for i, x in enumerate(seats)
    }
    rest_a = a_cards[len(seats) * setup["deal_a"] :]
    b.deck = rest_a + b_cards[: setup["b_cards"]]
    b.box = sorted(b_cards[setup["b_cards"] :])
    if play is not None:
        b.deck += play.c_cards  # 12.1: C cards in the pool stay in the project deck
    b.box += sorted(c for c in d.cards if d.cards[c].deck == "C" and c not in b.deck)
    rng.shuffle(b.deck)
    b.display = [b.deck.pop(0) for _ in range(d.tracks.display)]
    # MAR-S6 / S7: synergy supply; prestige buildings.
    b.synergy_supply = {k: d.synergy.per_kind for k in d.synergy.kinds}
    buildings = list(d.prestige)
    rng.shuffle(buildings)
    slots = d.prestige_file.slots
    b.prestige = [
        PrestigeSlot(building=x, revealed=i == 0 or options.prestige_face_up)
        for i, x in enumerate(buildings[:slots])
    ]
    b.prestige_box = sorted(buildings[slots:])
    # MAR-S8 / S9: ownership markers.
    b.supply = {nation: list(d.tracks.influence.marker_spaces) for nation in NATIONS}
    b.removed_markers = {nation: 0 for nation in NATIONS}
    state = MaracaiboState(
        seats=list(seats),
        seed=seed,
        rng=rng,
        rules_version=chosen_version(VERSIONS, rules_version),
        data_hash=d.hash,
        options=options,
        board=b,
    )
    ev: list[Event] = []
    if n == 2:
        for where, nation in d.board.two_player_markers.items():
            gains.take_marker(state, nation)
            state.board.markers[where] = nation
    if play is not None:
        # 12.1: campaign games skip MAR-S10 and read the campaign's story cards instead.
        state.story = ""
        state.campaign = play
        campaign_rules.setup_reading(state, ev)
    else:
        # MAR-S10: story card 75 (or 76 / 77 when a club's data has them).
        state.story = options.story
        story = d.stories[state.story]
        if any(i.kind != "quests" for i in story.instructions):
            # 76 / 77 use legacy tiles and extra cards: they live in a campaign part that
            # is never written back (campaign_after is None without the campaign option).
            state.campaign = campaign_rules.start(None)
            state.campaign.in_play = [state.story]
            for ins in story.instructions:
                if ins.when == "setup":
                    campaign_rules.follow(state, ev, state.story, ins, None)
        else:
            for ins in story.instructions:
                if ins.kind == "quests" and ins.when == "setup":
                    quests.add_tiles(state, ev, ins.at.get(quests.story_column(n), []))
    # MAR-S11 … S16: players.
    careers = list(d.careers)
    rng.shuffle(careers)
    start = seats[0] if solo else state.rng.choice(list(seats))  # MAR-J3: the human starts
    seat_list = list(seats)
    order = seat_list[seat_list.index(start) :] + seat_list[: seat_list.index(start)]
    ship = d.ship
    for i, seat in enumerate(order):
        state.players[seat] = Player(
            doubloons=d.tracks.start_doubloons[i],
            cp=ship.cp_start,
            personal=ship.figures["personal"],
            general=ship.figures["total"] - ship.figures["personal"] - ship.figures["career"],
            career_figures=ship.figures["career"],
            hand=hands[seat],
            career_options=careers[2 * i : 2 * i + 2],
            influence={nation: 0 for nation in NATIONS},
            inc_d=d.tracks.doubloon_income.start,
            inc_vp=d.tracks.vp_income.start,
            discs={sec.id: sec.discs for sec in ship.sections},
        )
    state.players = {x: state.players[x] for x in seats}
    state.start_player = start
    state.active = start
    # MAR-S15 / S16: every player's secret choices, at once.
    state.stack.insert(0, SetupChoice(seat=seats[0], waiting=list(seats)))
    if solo:
        automa.setup(state)
    return state


def reveal_setup(s: MaracaiboState, ev: list[Event]) -> None:
    """MAR-S16: every choice is revealed at once; discards go to the discard pile."""
    for seat in s.seats:
        p = s.player(seat)
        s.board.discard.extend(p.setup_discards)
        p.setup_discards = []
        ev.append(
            Event(
                key="maracaibo.event.setup_revealed",
                args={
                    "seat": seat,
                    "career": career_term(p.career),
                    "card": card_term(p.plan[0]),
                },
                seat=seat,
                reveals=True,
            )
        )
        p.career_options = []
    s.phase = "play"
    flow.start_turn(s, ev, s.start_player)
