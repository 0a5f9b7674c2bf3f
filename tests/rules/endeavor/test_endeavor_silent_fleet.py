"""The 2-player Silent Fleet variant (END-R100..R109, END-T16, END-T19)."""

from __future__ import annotations

from rules.endeavor import SPEC
from rules.endeavor.actions import (
    Activate,
    Attack,
    Build,
    DrawDeck,
    Occupy,
    Pass,
    RemoveBuilding,
    SfDraw,
    SfOccupy,
    SfReactTo,
    SfShipFleet,
    SfShipTrack,
    ShipFleet,
    ShipTrack,
    SpendToken,
)
from rules.endeavor.components import data
from rules.endeavor.model import SILENT_FLEET, EndeavorState
from rules.endeavor.query import build_level
from tests.rules.endeavor.endeavor_helpers import (
    act,
    act_events,
    action_phase,
    add_building,
    fill_track,
    give_card,
    harbour,
    legal,
    new,
    only,
    open_region,
    place,
    started,
    take_tokens,
    types,
)


def sf_game(**opts: bool) -> EndeavorState:
    s = action_phase(started(2, "A", silent_fleet=True, **opts))
    for seat in s.seats:
        s.players[seat].buildings[0].disc = False
        s.players[seat].supply += 1
        harbour(s, seat, 4)
    return s


def test_end_r101_setup_has_a_35_disc_pool_and_no_mat() -> None:
    """END-R101 / END-R107: a 35-disc pool; the SF has no seat, mat or score."""
    s = new(2, silent_fleet=True)
    assert s.sf_pool == 35 and SILENT_FLEET not in s.players
    assert s.side == "A"
    assert new(2, "B", silent_fleet=True).side == "B"


def test_end_r102_r104_t16_plus_building_reacts_once_to_a_chosen_action() -> None:
    """END-R102 / END-R103 / END-R104 / END-T16: Docks S + O -> choose which one; one reaction."""
    s = sf_game()
    docks = add_building(s, "p1", "docks")
    s = act(s, "p1", Activate(slot=docks))
    s = act(s, "p1", ShipTrack(region="africa"))
    s = act(s, "p1", Occupy(city="london"))
    assert s.sf is not None and only(s) == "p1"
    assert set(legal(s, "p1")) == {SfReactTo(action="ship"), SfReactTo(action="occupy")}
    s = act(s, "p1", SfReactTo(action="occupy"))
    cities = {a.city for a in legal(s, "p1") if isinstance(a, SfOccupy)}
    assert "paris" in cities and "london" not in cities
    assert not {c for c in cities if data().nodes["A"][c].area != "europe"}
    pool = s.sf_pool
    token = s.tokens["paris"]
    removed = list(s.removed_tokens)
    s = act(s, "p1", SfOccupy(city="paris"))
    assert s.nodes["paris"] == SILENT_FLEET and s.sf_pool == pool - 1
    assert s.removed_tokens == [*removed, token]
    assert s.sf is None and only(s) == "p2"


def test_end_r102_sf_ship_track_next_space_and_governor_removed() -> None:
    """END-R102: SF ship goes to the next track space; an SF majority removes the governor."""
    s = sf_game()
    fill_track(s, "caribbean", [SILENT_FLEET, SILENT_FLEET])
    fill_track(s, "caribbean", ["p2"])
    s = act(s, "p1", Activate(slot=0))
    s = act(s, "p1", ShipTrack(region="africa"))
    opts = legal(s, "p1")
    assert types(opts) == {"sf_ship_track", "sf_ship_fleet"}
    token = s.tokens["track:caribbean:4"]
    s = act(s, "p1", SfShipTrack(region="caribbean"))
    assert s.tracks["caribbean"][-1] == SILENT_FLEET
    assert "governor_caribbean" in s.removed_governors
    assert token in s.removed_tokens


def test_end_r102_sf_occupy_needs_sf_presence_outside_europe() -> None:
    """END-R102 / A28: Europe always; an open region only with SF presence."""
    s = sf_game()
    open_region(s, "india", "p1")
    s.players["p1"].supply -= 0
    s = act(s, "p1", Activate(slot=0))
    s = act(s, "p1", Occupy(city="goa"))
    cities = {a.city for a in legal(s, "p1") if isinstance(a, SfOccupy)}
    assert "bombay" not in cities and "london" in cities
    s2 = sf_game()
    open_region(s2, "india", "p1")
    s2.open_sea["india"] = {SILENT_FLEET: 1}
    s2.sf_pool -= 1
    s2 = act(s2, "p1", Activate(slot=0))
    s2 = act(s2, "p1", Occupy(city="goa"))
    assert "bombay" in {a.city for a in legal(s2, "p1") if isinstance(a, SfOccupy)}


def test_end_r102_sf_never_takes_connection_tokens() -> None:
    """END-R102 / END-T16: an SF disc completing a round connection leaves the token."""
    s = sf_game()
    place(s, "north_sea", SILENT_FLEET)
    s = act(s, "p1", Activate(slot=0))
    s = act(s, "p1", Occupy(city="paris"))
    s = act(s, "p1", SfOccupy(city="london"))
    assert "london--north_sea" in s.tokens


def test_end_r102_sf_draw_abolition_and_attack_on_sf() -> None:
    """END-R102 / END-R74 / A12 / A14: SF Draw of Europe v5 abolishes; attacked SF discs return."""
    s = sf_game()
    theatre = add_building(s, "p1", "theatre")
    for c in ("europe_0", "europe_1", "europe_2", "europe_3", "europe_4"):
        give_card(s, "p2", c)
    give_card(s, "p1", "slavery_0")
    for node in ("london", "paris", "genoa", "lisbon", "seville"):
        place(s, node, SILENT_FLEET)
    place(s, "hamburg", "p2")
    place(s, "amsterdam", "p1")
    s = act(s, "p1", Activate(slot=theatre))
    s = act(s, "p1", DrawDeck(deck="slavery"))
    assert "europe" in {a.deck for a in legal(s, "p1") if isinstance(a, SfDraw)}
    s = act(s, "p1", SfDraw(deck="europe"))
    assert s.abolished and "europe_5" in s.removed_cards
    assert s.players["p1"].set_aside == ["slavery_0", "slavery_1"]
    assert s.decks["slavery"] == []
    barracks = add_building(s, "p2", "barracks")
    pool = s.sf_pool
    s = act(s, "p2", Activate(slot=barracks))
    s = act(s, "p2", Attack(space="london"))
    assert s.sf_pool == pool + 1 and s.nodes["london"] == "p2"
    assert s.sf is None  # no reaction to an attack


def test_end_r105_tokens_react_unless_optional_rule_2_and_pass_never() -> None:
    """END-R105 / END-R106 opt. 2: blue tokens trigger reactions unless opt. 2; passing never."""
    s = sf_game()
    take_tokens(s, "p1", "ship", 1)
    s1 = act(s, "p1", SpendToken(token="ship"))
    s1 = act(s1, "p1", ShipFleet(fleet="north_sea"))
    assert s1.sf is not None and s1.sf.stage == "ship"
    s2 = sf_game(sf_no_token_reactions=True)
    take_tokens(s2, "p1", "ship", 1)
    s2 = act(s2, "p1", SpendToken(token="ship"))
    s2 = act(s2, "p1", ShipFleet(fleet="north_sea"))
    assert s2.sf is None and only(s2) == "p2"
    s3 = act(s, "p1", Pass())
    assert s3.sf is None


def test_end_r106_r109_restricted_occupy() -> None:
    """END-R106 opt. 1 / END-R109: the SF city must be in the area the player just occupied."""
    s = sf_game(sf_restricted_occupy=True)
    open_region(s, "india", "p1")
    s.open_sea["india"] = {SILENT_FLEET: 1}
    s.sf_pool -= 1
    s = act(s, "p1", Activate(slot=0))
    s = act(s, "p1", Occupy(city="goa"))
    cities = {a.city for a in legal(s, "p1") if isinstance(a, SfOccupy)}
    assert cities and all(data().nodes["A"][c].area == "india" for c in cities)


def test_end_r106_scarce_buildings_non_crown_player_removes_one() -> None:
    """END-R106 opt. 3 / A20 / DP05: before Build the non-crown player removes a building."""
    s = new(2, "A", seed=5, silent_fleet=True, sf_scarce_buildings=True)
    from rules.endeavor.actions import ChooseStart

    while s.queue and s.queue[0].kind == "start":
        s = act(s, only(s), ChooseStart(building="colonial_house"))
    assert s.queue[0].kind == "scarce"
    seat = only(s)
    assert seat != s.crown
    opts = legal(s, seat)
    lvl = build_level(s.players[seat])
    kinds = [a.kind for a in opts if isinstance(a, RemoveBuilding | Build)]
    assert opts and len(kinds) == len(opts)
    assert all(data().buildings[kind].level <= lvl for kind in kinds)
    assert isinstance(opts[0], RemoveBuilding)
    s = act(s, seat, opts[0])
    assert s.removed_buildings == [opts[0].kind]
    assert s.queue[0].kind == "build"


def test_end_r107_empty_pool_means_no_reaction() -> None:
    """END-R107: without SF discs a Ship/Occupy reaction does nothing."""
    s = sf_game()
    s.sf_pool = 0
    s.nodes.update({})
    # keep the SF count at 35: park the whole pool in the Far East open sea
    open_region(s, "far_east", "p2")
    s.open_sea["far_east"] = {SILENT_FLEET: 35}
    s = act(s, "p1", Activate(slot=0))
    s, events = act_events(s, "p1", ShipTrack(region="africa"))
    assert s.sf is None and "endeavor.sf_no_reaction" in [e.key for e in events]


def test_end_r103_the_acting_player_decides_sf_moves() -> None:
    """END-R103: the SF's choices are made by the player whose turn it was."""
    s = sf_game()
    s = act(s, "p1", Activate(slot=0))
    s = act(s, "p1", ShipFleet(fleet="north_sea"))
    assert SPEC.to_act(s) == frozenset({"p1"})
    assert SfShipFleet(fleet="bay_of_biscay") in legal(s, "p1")
    assert legal(s, "p2") == []
