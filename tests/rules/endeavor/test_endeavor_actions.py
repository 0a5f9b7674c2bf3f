"""Action phase: activation, blue tokens, '+' and '/', Ship, Occupy, Attack (END-R40..R69, R80)."""

from __future__ import annotations

from bot.i18n import catalog
from rules.core import RuleViolation
from rules.endeavor import SPEC
from rules.endeavor.actions import (
    Activate,
    Attack,
    Cancel,
    Finish,
    Occupy,
    Payment,
    PlaceGovernor,
    PlaceMemorial,
    ShipFleet,
    ShipSea,
    ShipTrack,
    SpendToken,
)
from rules.endeavor.components import data
from rules.endeavor.model import EndeavorState
from rules.endeavor.query import is_open, presence_count, track_values
from tests.rules.endeavor.endeavor_helpers import (
    act,
    act_events,
    action_phase,
    add_building,
    fill_track,
    harbour,
    legal,
    only,
    open_region,
    place,
    set_action_seat,
    started,
    take_tokens,
    types,
)


def fresh(players: int = 2) -> EndeavorState:
    s = action_phase(started(players))
    for seat in s.seats:  # free the start buildings so they can be activated
        s.players[seat].buildings[0].disc = False
        s.players[seat].supply += 1
    return s


def test_end_r41_activate_places_a_harbour_disc_and_starts_a_turn() -> None:
    """END-R41 / END-R34: a harbour disc goes onto the empty activation space."""
    s = fresh()
    harbour(s, "p1", 3)
    s = act(s, "p1", Activate(slot=0))
    assert s.players["p1"].harbour == 2 and s.players["p1"].buildings[0].disc
    assert s.turn is not None and s.turn.remaining == ["ship", "occupy"]
    try:
        SPEC.apply(s, "p2", ShipTrack(region="africa"))
        raise AssertionError("p2 acted out of turn")
    except RuleViolation as err:
        assert err.code == "not_your_turn"


def test_end_r43_slash_building_performs_exactly_one() -> None:
    """END-R43: Colonial House S / O - one action, then the turn ends."""
    s = fresh()
    harbour(s, "p1", 3)
    s = act(s, "p1", Activate(slot=0))
    opts = legal(s, "p1")
    assert types(opts) >= {"ship_track", "occupy", "ship_fleet", "cancel"}
    s = act(s, "p1", ShipTrack(region="africa"))
    assert s.turn is None and only(s) == "p2"


def test_end_r42_t17_plus_building_ship_opens_then_occupy() -> None:
    """END-R42 / END-R64.7 / END-T17: Docks S + O; Ship fills Africa's track, then Occupy there."""
    s = fresh()
    slot = add_building(s, "p1", "docks")
    fill_track(s, "africa", ["p2"] * 4)
    harbour(s, "p1", 3)
    s = act(s, "p1", Activate(slot=slot))
    s = act(s, "p1", ShipTrack(region="africa"))
    assert is_open(s, "africa") and s.turn is not None
    assert only(s) == "p2"  # DP17: p2 won the governor and places it first
    s = act(s, "p2", PlaceGovernor(card="governor_africa", slot="cards"))
    assert only(s) == "p1"
    cities = {a.city for a in legal(s, "p1") if isinstance(a, Occupy)}
    assert "cape_town" in cities
    assert Finish() in legal(s, "p1") and Cancel() not in legal(s, "p1")
    s = act(s, "p1", Occupy(city="cape_town"))
    assert s.nodes["cape_town"] == "p1" and s.turn is None
    assert s.players["p1"].harbour == 0


def test_end_r42_plus_needs_a_disc_per_sub_action() -> None:
    """END-R45a: with a '+' building each sub-action is checked against the harbour at its start."""
    s = fresh()
    slot = add_building(s, "p1", "docks")
    harbour(s, "p1", 2)
    s = act(s, "p1", Activate(slot=slot))
    s = act(s, "p1", ShipFleet(fleet="north_sea"))
    assert s.turn is None  # no harbour disc left for Occupy: the turn ended by itself


def test_end_r42_same_icon_twice_cartographer() -> None:
    """END-R42: Cartographer S + S allows two ships."""
    s = fresh()
    slot = add_building(s, "p1", "cartographer")
    harbour(s, "p1", 4)
    s = act(s, "p1", Activate(slot=slot))
    s = act(s, "p1", ShipTrack(region="india"))
    assert s.turn is not None and s.turn.remaining == ["ship"]
    s = act(s, "p1", ShipTrack(region="india"))
    assert s.tracks["india"] == ["p1", "p1"] and s.turn is None


def test_cancel_takes_back_an_activation_before_anything_happened() -> None:
    s = fresh()
    harbour(s, "p1", 3)
    before = s.model_dump()
    s = act(s, "p1", Activate(slot=0))
    s = act(s, "p1", Cancel())
    assert s.model_dump() == before


def test_end_r44_r45a_t18_harbour_discs_needed() -> None:
    """END-R44 / END-R45a / A25 / END-T18: Shipyard needs 2 harbour discs, a Ship token 1, Barracks 3."""
    s = fresh()
    yard = add_building(s, "p1", "shipyard")
    barracks = add_building(s, "p1", "barracks")
    place(s, "london", "p2")
    harbour(s, "p1", 1)
    s.players["p1"].buildings[0].disc = True
    s.players["p1"].supply -= 1
    take_tokens(s, "p1", "ship", 1)
    opts = legal(s, "p1")
    assert Activate(slot=yard) not in opts
    assert SpendToken(token="ship") in opts
    harbour(s, "p1", 2)
    opts = legal(s, "p1")
    assert Activate(slot=yard) in opts and Activate(slot=barracks) not in opts
    harbour(s, "p1", 3)
    assert Activate(slot=barracks) in legal(s, "p1")


def test_end_r45_a4_building_needs_a_legal_action() -> None:
    """END-R45 / A4: Market (Payment) cannot be activated when no disc can be paid."""
    s = fresh()
    market = add_building(s, "p1", "market")
    harbour(s, "p1", 3)
    assert Activate(slot=market) not in legal(s, "p1")
    workshop = add_building(s, "p1", "workshop")
    assert Activate(slot=workshop) not in legal(s, "p1")
    s.players["p1"].buildings[0].disc = True
    s.players["p1"].supply -= 1
    assert Activate(slot=market) in legal(s, "p1")


def set_token(s: EndeavorState, space: str, kind: str) -> None:
    """Swap tokens so that ``space`` holds ``kind`` (conservation kept)."""
    other = next(sp for sp, k in s.tokens.items() if k == kind and sp != space)
    s.tokens[other], s.tokens[space] = s.tokens[space], kind


def test_end_r46_tokens_take_effect_at_once_blue_go_to_harbour() -> None:
    """END-R46: brown tokens raise the track immediately; blue tokens wait in the harbour."""
    s = fresh()
    cart = add_building(s, "p1", "cartographer")
    harbour(s, "p1", 3)
    set_token(s, "track:india:1", "culture")
    set_token(s, "track:india:2", "attack")
    culture = track_values(s.players["p1"])["culture"]
    s = act(s, "p1", Activate(slot=cart))
    s = act(s, "p1", ShipTrack(region="india"))
    assert track_values(s.players["p1"])["culture"] == culture + 1
    s = act(s, "p1", ShipTrack(region="india"))
    assert s.players["p1"].blue_tokens == {"attack": 1}
    assert track_values(s.players["p1"])["culture"] == culture + 1


def test_end_r41b_spent_blue_token_leaves_the_game() -> None:
    """END-R41b / END-R43: a blue token is removed from play; Occupy/Draw offers one of them."""
    s = fresh()
    take_tokens(s, "p1", "occupy_draw", 1)
    harbour(s, "p1", 1)
    s = act(s, "p1", SpendToken(token="occupy_draw"))
    assert s.spent_tokens == ["occupy_draw"] and not s.players["p1"].blue_tokens
    opts = legal(s, "p1")
    assert types(opts) >= {"occupy", "draw_deck", "cancel"}
    s = act(s, "p1", Occupy(city="london"))
    assert s.turn is None and s.nodes["london"] == "p1"


def test_end_r47_no_voluntary_give_or_discard_actions() -> None:
    """END-R47: cards and tokens are never traded or voluntarily discarded (no such action)."""
    s = fresh()
    s.players["p1"].cards.append(s.decks["europe"].pop())
    names = {a.type for a in legal(s, "p1")}
    assert not names & {"discard_card", "give", "trade"}


# ---- Ship -------------------------------------------------------------------------------


def test_end_r62a_r63_ship_to_the_farthest_empty_track_space_without_presence() -> None:
    """END-R62a / END-R63: no presence needed; the next space is forced; its token is taken."""
    s = fresh()
    harbour(s, "p1", 3)
    token = s.tokens["track:far_east:1"]
    s = act(s, "p1", Activate(slot=0))
    s = act(s, "p1", ShipTrack(region="far_east"))
    assert s.tracks["far_east"] == ["p1"]
    assert "track:far_east:1" not in s.tokens
    held = {*s.players["p1"].tokens, *s.players["p1"].blue_tokens}
    assert token in held


def test_end_r64_t03_opening_and_governor_tie_break() -> None:
    """END-R64 / A5 / END-T03: equal counts -> the disc nearest the deck wins the governor."""
    s = fresh()
    s.tracks["caribbean"] = []
    fill_track(s, "caribbean", ["p1", "p2", "p1"])
    harbour(s, "p1", 3)
    harbour(s, "p2", 3)
    set_action_seat(s, "p2")
    token4 = s.tokens["track:caribbean:4"]
    s, events = act_events(s, "p2", Activate(slot=0))
    s, events = act_events(s, "p2", ShipTrack(region="caribbean"))
    s = act(s, "p2", PlaceGovernor(card="governor_caribbean", slot="governor"))
    keys = [e.key for e in events]
    assert keys.index("endeavor.token_taken") < keys.index("endeavor.governor_gained")
    assert is_open(s, "caribbean")
    p2 = s.players["p2"]
    assert p2.governor_slot == "governor_caribbean"
    assert "caribbean" not in s.governors
    assert track_values(p2)["wealth"] >= 2
    assert token4 in {*p2.tokens, *p2.blue_tokens}


def test_end_r64_majority_wins_and_second_governor_goes_to_cards() -> None:
    """END-R64.5: the governor goes to the slot, or to a card slot if the slot is taken."""
    s = fresh()
    s.players["p1"].governor_slot = s.governors.pop("india")
    fill_track(s, "caribbean", ["p1", "p1", "p2"])
    harbour(s, "p2", 3)
    set_action_seat(s, "p2")
    s = act(s, "p2", Activate(slot=0))
    s = act(s, "p2", ShipTrack(region="caribbean"))  # p1 2 discs, p2 2 discs, p2 nearest
    s = act(s, "p2", PlaceGovernor(card="governor_caribbean", slot="governor"))
    assert s.players["p2"].governor_slot == "governor_caribbean"
    s2 = fresh()
    s2.players["p1"].governor_slot = s2.governors.pop("india")
    fill_track(s2, "caribbean", ["p1", "p1", "p1"])
    harbour(s2, "p2", 3)
    set_action_seat(s2, "p2")
    s2 = act(s2, "p2", Activate(slot=0))
    s2 = act(s2, "p2", ShipTrack(region="caribbean"))
    assert s2.players["p1"].cards == ["governor_caribbean"]
    assert not s2.governor_pending  # the slot is taken: nothing to choose


def test_end_r61_t04_open_region_offers_fleet_and_sea_not_track() -> None:
    """END-R61 / END-R63 / END-T04 / END-R65 / END-R66."""
    s = fresh()
    open_region(s, "india", "p2")
    harbour(s, "p1", 3)
    s = act(s, "p1", Activate(slot=0))
    opts = legal(s, "p1")
    assert ShipTrack(region="india") not in opts
    assert ShipFleet(fleet="arabian_sea") in opts and ShipSea(region="india") in opts
    assert ShipSea(region="africa") not in opts  # closed regions have no open sea to use
    assert ShipFleet(fleet="gulf_of_guinea") not in opts
    s = act(s, "p1", ShipSea(region="india"))
    assert s.open_sea["india"] == {"p1": 1}
    assert presence_count(s, "p1", "india") == 1


def test_end_r65_fleet_takes_token_and_must_be_empty() -> None:
    """END-R65 / END-R62: fleet spaces must be empty (the SF counts too)."""
    s = fresh()
    harbour(s, "p1", 3)
    place(s, "north_sea", "p2")
    s = act(s, "p1", Activate(slot=0))
    assert ShipFleet(fleet="north_sea") not in legal(s, "p1")
    token = s.tokens["mediterranean"]
    s = act(s, "p1", ShipFleet(fleet="mediterranean"))
    assert "mediterranean" not in s.tokens
    assert token in {*s.players["p1"].tokens, *s.players["p1"].blue_tokens}


def test_end_r66_open_sea_is_unlimited_and_has_no_token() -> None:
    s = fresh()
    open_region(s, "india", "p2")
    s.open_sea["india"] = {"p2": 3}
    s.players["p2"].supply -= 3
    harbour(s, "p1", 3)
    tokens_before = dict(s.tokens)
    s = act(s, "p1", Activate(slot=0))
    s = act(s, "p1", ShipSea(region="india"))
    assert s.open_sea["india"] == {"p2": 3, "p1": 1}
    assert s.tokens == tokens_before


# ---- Occupy and connections --------------------------------------------------------------


def test_end_r60_r67_t05_occupy_needs_presence_except_in_europe() -> None:
    """END-R60 / END-R67 / END-T05."""
    s = fresh()
    open_region(s, "india", "p2")
    harbour(s, "p1", 4)
    s1 = act(s, "p1", Activate(slot=0))
    cities = {a.city for a in legal(s1, "p1") if isinstance(a, Occupy)}
    assert "goa" not in cities and "london" in cities
    s.open_sea["india"] = {"p1": 1}
    s.players["p1"].supply -= 1
    s2 = act(s, "p1", Activate(slot=0))
    cities = {a.city for a in legal(s2, "p1") if isinstance(a, Occupy)}
    assert "goa" in cities and "london" in cities


def test_end_r62_occupied_city_is_not_empty() -> None:
    """END-R62: a city with any disc (Silent Fleet included) cannot be occupied."""
    s = fresh()
    place(s, "london", "p2")
    harbour(s, "p1", 3)
    s = act(s, "p1", Activate(slot=0))
    assert Occupy(city="london") not in legal(s, "p1")


def test_end_r68_t06_round_connection_token_only_for_the_first_controller() -> None:
    """END-R68 / END-T06 (side A North America: Boston-New York is round)."""
    s = fresh()
    open_region(s, "north_america", "p1")
    s.players["p2"].supply -= 0
    place(s, "boston", "p1")
    conn_token = s.tokens["boston--new_york"]
    harbour(s, "p1", 3)
    s.open_sea["north_america"] = {"p2": 1}
    s.players["p2"].supply -= 1
    barracks = add_building(s, "p2", "barracks")
    harbour(s, "p2", 6)
    s = act(s, "p1", Activate(slot=0))
    s = act(s, "p1", Occupy(city="new_york"))
    assert "boston--new_york" not in s.tokens
    assert conn_token in {*s.players["p1"].tokens, *s.players["p1"].blue_tokens}
    # p2 attacks New York, then Boston: controls the connection but no token is left
    before = dict(s.players["p2"].tokens), dict(s.players["p2"].blue_tokens)
    s = act(s, "p2", Activate(slot=barracks))
    s = act(s, "p2", Attack(space="new_york"))
    set_action_seat(s, "p2")
    s.players["p2"].buildings[barracks].disc = False
    s.players["p2"].supply += 1
    s = act(s, "p2", Activate(slot=barracks))
    s = act(s, "p2", Attack(space="boston"))
    assert s.nodes["boston"] == s.nodes["new_york"] == "p2"
    assert (dict(s.players["p2"].tokens), dict(s.players["p2"].blue_tokens)) == before


def test_end_r68_a8_fleet_ship_completes_a_connection() -> None:
    """END-R68 / A8: London-North Sea (round) completed by a fleet Ship."""
    s = fresh()
    place(s, "london", "p1")
    harbour(s, "p1", 3)
    s = act(s, "p1", Activate(slot=0))
    s, events = act_events(s, "p1", ShipFleet(fleet="north_sea"))
    assert "endeavor.connection_controlled" in [e.key for e in events]
    assert "london--north_sea" not in s.tokens


def test_end_r68_square_connections_carry_no_token() -> None:
    s = fresh()
    place(s, "north_sea", "p1")
    harbour(s, "p1", 3)
    s = act(s, "p1", Activate(slot=0))
    s, events = act_events(s, "p1", Occupy(city="amsterdam"))  # North Sea-Amsterdam square
    assert "endeavor.connection_controlled" not in [e.key for e in events]


# ---- Attack and Memorial -----------------------------------------------------------------


def test_end_r69_t07_attack_mechanics() -> None:
    """END-R69 / A14 / A15 / END-T07."""
    s = fresh()
    barracks = add_building(s, "p1", "barracks")
    place(s, "paris", "p2")
    harbour(s, "p1", 2)
    assert Activate(slot=barracks) not in legal(s, "p1")
    harbour(s, "p1", 3)
    take_tokens(s, "p1", "attack", 1)
    s2 = act(s, "p1", SpendToken(token="attack"))
    assert {a.space for a in legal(s2, "p1") if isinstance(a, Attack)} == {"paris"}
    sup1, sup2 = s2.players["p1"].supply, s2.players["p2"].supply
    tokens = dict(s2.tokens)
    s2 = act(s2, "p1", Attack(space="paris"))
    assert s2.players["p1"].harbour == 1
    assert s2.players["p1"].supply == sup1 + 1 and s2.players["p2"].supply == sup2 + 1
    assert s2.nodes["paris"] == "p1" and s2.tokens == tokens


def test_end_r69_attack_needs_presence_and_open_area() -> None:
    s = fresh()
    barracks = add_building(s, "p1", "barracks")
    fill_track(s, "africa", ["p2"] * 4)
    place(s, "goree", "p2")
    harbour(s, "p1", 4)
    assert Activate(slot=barracks) not in legal(s, "p1")  # Africa closed, nothing in Europe
    open_region(s, "africa", "p2")
    assert Activate(slot=barracks) not in legal(s, "p1")  # open but p1 not present
    s.open_sea["africa"] = {"p1": 1}
    s.players["p1"].supply -= 1
    assert Activate(slot=barracks) in legal(s, "p1")


def test_end_r80_t08_memorial_defender_and_attacker() -> None:
    """END-R80 / A26 / END-T08: casualties of a Memorial owner become +1 tokens (or supply)."""
    s = fresh()
    add_building(s, "p2", "memorial")
    barracks = add_building(s, "p1", "barracks")
    place(s, "paris", "p2")
    harbour(s, "p1", 3)
    sup2 = s.players["p2"].supply
    s = act(s, "p1", Activate(slot=barracks))
    s = act(s, "p1", Attack(space="paris"))
    assert only(s) == "p2" and s.memorial == ["p2"]
    assert len(legal(s, "p2")) == 5
    culture = track_values(s.players["p2"])["culture"]
    s = act(s, "p2", PlaceMemorial(track="culture"))
    assert track_values(s.players["p2"])["culture"] == culture + 1
    assert s.players["p2"].supply == sup2
    # attacker owns Memorial: their own casualty; declining sends it to the supply
    s2 = fresh()
    add_building(s2, "p1", "memorial")
    barracks = add_building(s2, "p1", "barracks")
    place(s2, "paris", "p2")
    harbour(s2, "p1", 3)
    sup1 = s2.players["p1"].supply
    s2 = act(s2, "p1", Activate(slot=barracks))
    s2 = act(s2, "p1", Attack(space="paris"))
    assert s2.memorial == ["p1"]
    s2 = act(s2, "p1", PlaceMemorial(track="wealth"))
    assert s2.players["p1"].memorial_discs == {"wealth": 1}
    assert s2.players["p1"].supply == sup1
    s3 = fresh()
    add_building(s3, "p1", "memorial")
    barracks = add_building(s3, "p1", "barracks")
    place(s3, "paris", "p2")
    harbour(s3, "p1", 3)
    s3 = act(s3, "p1", Activate(slot=barracks))
    s3 = act(s3, "p1", Attack(space="paris"))
    s3 = act(s3, "p1", PlaceMemorial(track=None))
    assert s3.players["p1"].supply == sup1 + 1


def test_end_r70a_a9_payment_rules() -> None:
    """END-R70a / A9: not the activating disc, not a no-payment building."""
    s = fresh()
    market = add_building(s, "p1", "market")
    docks = add_building(s, "p1", "docks", disc=True)
    harbour(s, "p1", 2)
    assert Activate(slot=market) not in legal(s, "p1")  # only Docks holds a disc: no-payment
    s.players["p1"].buildings[0].disc = True
    s.players["p1"].supply -= 1
    s = act(s, "p1", Activate(slot=market))
    slots = {a.slot for a in legal(s, "p1") if isinstance(a, Payment)}
    assert slots == {0}
    assert docks not in slots and market not in slots
    s = act(s, "p1", Payment(slot=0))
    assert not s.players["p1"].buildings[0].disc and s.players["p1"].harbour == 2
    assert data().buildings["docks"].no_payment


def test_bad_input_is_refused_and_changes_nothing() -> None:
    """Unknown slots, decks, kinds and out-of-phase actions raise RuleViolation; state unchanged."""
    s = fresh()
    harbour(s, "p1", 3)
    before = s.model_dump_json()
    from rules.endeavor.actions import Build, DrawDeck, EndDiscard

    for bad in (
        Activate(slot=99),
        Activate(slot=-1),
        DrawDeck(deck="atlantis"),
        Build(kind="bogus"),
        EndDiscard(),
        Attack(space="london"),
    ):
        try:
            SPEC.apply(s, "p1", bad)
            raise AssertionError(f"accepted {bad}")
        except RuleViolation as err:
            assert err.code == "illegal_action"
            assert err.text.key.startswith("endeavor.refusal.")
            assert err.text.key in catalog("en") and err.text.key in catalog("ko")
    assert s.model_dump_json() == before
    s.over = True
    try:
        SPEC.apply(s, "p1", Activate(slot=0))
        raise AssertionError("accepted after the end")
    except RuleViolation as err:
        assert err.code == "game_over"
