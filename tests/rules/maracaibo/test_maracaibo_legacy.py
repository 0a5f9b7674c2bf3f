"""Legacy tiles whose rules act (spec 12.3): L2/L8/L18, L3, L5, L6, L11, L20-L23, L25."""

from __future__ import annotations

from rules.maracaibo import legacy, sailing
from rules.maracaibo.actions import Ally, CombatAction, Main, Pile, Sail
from rules.maracaibo.combat import start
from rules.maracaibo.model import CampaignPlay, CampaignState, MaracaiboState, Options
from rules.maracaibo.spec import SPEC
from tests.rules.maracaibo.helpers import act, after_setup, at, put_markers


def with_tiles(*tiles: str) -> MaracaiboState:
    s = after_setup()
    s.campaign = CampaignPlay(before=CampaignState(), legacy={t: "" for t in tiles})
    legacy.arrive(s, [])
    return s


def test_mar_t2_route_costs_three() -> None:
    """MAR-T2: L2 makes the route 1 -> 2 cost 3 MP."""
    s = with_tiles("L2")
    reach = sailing.destinations(s, "havana", 7)
    assert reach["1"] == 1 and reach["2"] == 4 and reach["6"] == 7 and "7" not in reach


def test_mar_t7_toll_or_stop() -> None:
    """MAR-T7: L11 at 3: passing costs 2 doubloons; without them the ship stops there."""
    s = with_tiles("L11")
    me = s.active
    s.players[me].doubloons = 1
    assert set(sailing.destinations(s, "havana", 7)) == {"1", "2", "3"}
    s.players[me].doubloons = 5
    s = act(s, me, Sail(to="6"))
    assert s.players[me].doubloons == 3


def test_l3_plague_in_cartagena() -> None:
    """MAR-V4 / L3: the city tile and marker leave; no city or village action there."""
    s = after_setup()
    put_markers(s, {"14": "FR"})
    s.campaign = CampaignPlay(before=CampaignState(), legacy={"L3": "14"})
    legacy.arrive(s, [])
    assert "14" not in s.board.city_tiles and "14" not in s.board.markers
    assert s.board.removed_markers["FR"] == 1
    s = at(s, s.active, "14")
    assert not any(
        isinstance(a, Main) and a.kind in ("city", "village")
        for a in SPEC.legal_actions(s, s.active)
    )


def test_l5_l25_bonuses_when_stopping() -> None:
    """MAR-T13: L5 gives a figure before the main action; L25 gives 6 VP."""
    s = with_tiles("L5", "L25")
    me = s.active
    figures = s.players[me].personal
    s = act(s, me, Sail(to="7"))
    assert s.players[me].personal == figures + 1
    s2 = with_tiles("L25")
    s2.board.ships[me] = "12"
    s2 = act(s2, me, Sail(to="18"))
    assert s2.players[me].vp_by["legacy"] == 6


def test_l20_no_village_action() -> None:
    """MAR-V4 / L20-L23: no village action there (other main actions remain)."""
    s = with_tiles("L20")
    s = at(s, s.active, "3")
    assert Main(kind="village") not in SPEC.legal_actions(s, s.active)


def test_ca_silver_fleet() -> None:
    """8.6 CA_SILVER_FLEET: 10 or 11 strength: marker on the space, +3 influence, +8 D."""
    s = with_tiles("L6")
    me = s.active
    s = at(s, me, "1")
    start(s, [], me)
    s = act(s, me, Pile(pile=0))
    s = act(s, me, next(a for a in SPEC.legal_actions(s, me) if isinstance(a, Ally)))
    assert s.combat is not None
    s.combat.strength = 10
    ally = s.combat.ally
    money = s.players[me].doubloons
    s = act(s, me, CombatAction(action="silver_fleet", target="10"))
    assert s.board.markers["L6:10"] == ally and s.players[me].doubloons >= money + 8
    assert s.players[me].influence[ally] >= 3


def test_l10_l17_disc_tiles() -> None:
    """L10-L17: before the main action pay the cost, take the reward, move a disc onto the
    tile; a full tile is unusable; 2 players: one disc pre-placed on L11-L17."""
    from rules.maracaibo.actions import Pay, RemoveDisc

    two = SPEC.new_game(["p1", "p2"], Options(players=2), 3)
    two.campaign = CampaignPlay(before=CampaignState(), legacy={"L10": "", "L12": ""})
    legacy.arrive(two, [])
    assert two.campaign.tile_discs == {"L10": 0, "L12": 1}
    s = with_tiles("L12")
    me = s.active
    assert s.campaign is not None and s.campaign.tile_discs == {"L12": 0}
    s.players[me].cp = 2
    s = act(s, me, Sail(to="6"))
    assert s.stack[-1].kind == "disc_tile"
    money, vp = s.players[me].doubloons, s.players[me].vp
    s = act(s, me, Pay())
    s = act(s, me, RemoveDisc(section="U4"))
    assert s.campaign is not None and s.campaign.tile_discs["L12"] == 1
    assert s.players[me].cp == 1 and s.players[me].discs["U4"] == 1
    assert s.players[me].doubloons == money + 2 and s.players[me].vp == vp + 1
    s.campaign.tile_discs["L12"] = 3
    assert legacy.disc_tile(s, "6") is None
