"""Legacy tiles (spec 12.3): every tile with rule text in the rulebook."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules.core.contract import checked_apply
from rules.maracaibo import components, legacy, sailing
from rules.maracaibo.actions import Ally, CombatAction, Main, Pile, Sail
from rules.maracaibo.combat import start
from rules.maracaibo.model import CampaignPlay, CampaignState, MaracaiboState, Options
from rules.maracaibo.spec import SPEC
from tests.rules.maracaibo.helpers import act, after_setup, at, check_text, put_markers, top_of


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


def test_mar_t8_l4_new_city_behind_the_explorer_gate() -> None:
    """MAR-T8 / L4: enterable only once the explorer reached space 4; in and out cost 3 MP;
    action: delivery, 2 village actions, optionally a figure for 5 VP."""
    from rules.maracaibo.actions import CityAction, Pay, Skip

    s = with_tiles("L4")
    me = s.active
    assert "L4" not in sailing.destinations(s, "havana", 7)
    s.players[me].explorer = "5b"  # passed space 4
    reach = sailing.destinations(s, "havana", 7)
    assert reach["L4"] == 5 and reach["3"] == 3
    assert "L4" in s.board.markets
    s = act(s, me, Sail(to="L4"))
    s = act(s, me, Main(kind="city"))
    s = act(s, me, CityAction())
    assert s.stack[-1].kind == "village" and top_of(s).n == 2
    s = act(s, me, Skip())
    vp = s.players[me].vp
    s = act(s, me, Pay())
    assert s.players[me].vp == vp + 5


def test_l7_new_city_gives_cp_and_a_combat() -> None:
    """L7: behind explorer space 11; +3 CP, then a combat."""
    from rules.maracaibo.actions import CityAction

    s = with_tiles("L7")
    me = s.active
    s.players[me].explorer = "12"
    assert "L7" in sailing.destinations(s, "15", 7)
    s = at(s, me, "L7")
    s.players[me].cp = 0
    s = act(s, me, Main(kind="city"))
    s = act(s, me, CityAction())
    assert s.players[me].cp == 3 and s.stack[-1].kind == "combat"


def test_l1_village_becomes_a_city_with_a_quest() -> None:
    """L1: location 16 is a city; its quest is fulfilled through the city action, then a new
    tile fills the quest space."""
    from rules.maracaibo.actions import CityAction

    s = with_tiles("L1")
    me = s.active
    assert s.board.quests.get("16") and "16" in s.board.markets
    s = at(s, me, "16")
    legal = SPEC.legal_actions(s, me)
    assert Main(kind="city") in legal and Main(kind="village") not in legal
    assert not any(isinstance(a, Main) and a.kind == "quest" for a in legal)
    s.players[me].cp, s.players[me].doubloons, s.players[me].personal = 8, 20, 2
    s.turn.mp = 7
    tile = s.board.quests["16"][0]
    s = act(s, me, Main(kind="city"))
    s = act(s, me, CityAction())
    s = act(s, me, Main(kind="quest", target=tile))
    assert tile in s.players[me].quests and s.board.quests.get("16")


def test_mar_j4_jean_takes_a_legacy_city_only_behind_her_explorer() -> None:
    """MAR-J4 / MAR-J12: Jean follows an upper arrow into L4 only once her explorer passed 4."""
    from rules.maracaibo import automa
    from rules.maracaibo.components import data

    s = SPEC.new_game(["p1"], Options(players=1), 3)
    s.campaign = CampaignPlay(before=CampaignState(), legacy={"L4": ""})
    legacy.arrive(s, [])
    s.board.quests = {}
    s.board.ships["jean"] = "2"
    card = data().automa_cards["A1"]  # 1 step, upper
    assert automa.move_ship(s, card) == "4"
    assert s.jean is not None
    s.jean.explorer = "4"
    assert automa.move_ship(s, card) == "L4"


def test_story_reward_removes_a_skull_tile() -> None:
    """12.2 story reward: remove one skull tile; without L3 Cartagena gets a city tile again."""
    from rules.maracaibo.actions import Choose
    from rules.maracaibo.components import data
    from rules.maracaibo.model import Pending

    s = with_tiles("L3", "L20")
    me = s.active
    assert "14" not in s.board.city_tiles
    s.stack.append(Pending(kind="remove_skull", seat=me, items=["L3", "L20"]))
    s = act(s, me, Choose(option=0))
    assert s.campaign is not None and "L3" not in s.campaign.legacy and "L20" in s.campaign.legacy
    tile = s.board.city_tiles["14"]
    assert 3 in data().city_tiles[tile].player_counts and tile not in s.board.tiles_box


ALL_TILES = ["L1", "L2", "L3", "L4", "L5", "L6", "L7", "L8", "L10", "L11", "L12", "L13"]
ALL_TILES += ["L14", "L15", "L16", "L17", "L18", "L20", "L21", "L23", "L25"]


@pytest.fixture
def every_legacy_tile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """TEST DATA ONLY: a made-up campaign card 01 that puts every legacy tile on the board."""
    data_dir = Path(__file__).resolve().parents[3] / "rules" / "maracaibo" / "data"
    stories = json.loads((data_dir / "story_cards.json").read_text(encoding="utf-8"))
    stories["cards"].append(
        {
            "id": "01",
            "standalone": False,
            "instructions": [
                {"kind": "story_tile", "location": "15"},
                {"kind": "legacy_tile", "tiles": ALL_TILES},
            ],
            "quest": {"cost": {"kind": "cp", "n": 1}, "rewards": []},
            "back": {
                "instructions": [{"kind": "remove_skull"}],
                "options": [{"id": "a", "instructions": []}, {"id": "b", "instructions": []}],
            },
        }
    )
    (tmp_path / "maracaibo").mkdir()
    (tmp_path / "maracaibo" / "story_cards.json").write_text(json.dumps(stories), encoding="utf-8")
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path))
    components.data.cache_clear()
    yield
    monkeypatch.delenv("REFEREE_DATA_DIR")
    components.data.cache_clear()


@pytest.mark.parametrize("players", [1, 4])
def test_random_games_with_every_legacy_tile(every_legacy_tile: None, players: int) -> None:
    """12.3: whole random games with every legacy tile in play keep every invariant."""
    seats = [f"p{i + 1}" for i in range(players)]
    s = SPEC.new_game(seats, Options(players=players, campaign=True), 21)
    assert s.campaign is not None and set(s.campaign.legacy) == set(ALL_TILES)
    rnd = random.Random(21)
    while not SPEC.is_over(s):
        seat = sorted(SPEC.to_act(s))[0]
        actions = SPEC.legal_actions(s, seat)
        for a in actions:
            for lang in ("en", "ko"):
                check_text(SPEC.describe_action(s, seat, a), lang)
        result = checked_apply(SPEC, s, seat, actions[rnd.randrange(len(actions))])
        for event in result.events:
            for lang in ("en", "ko"):
                check_text(event, lang)
        s = result.state
    assert SPEC.campaign_after(s) is not None
