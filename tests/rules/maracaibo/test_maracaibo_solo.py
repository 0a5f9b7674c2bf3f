"""Solo against Jean (MAR-J1 … J16, spec 17.16 and 17.21)."""

from __future__ import annotations

from rules.maracaibo import automa, flow
from rules.maracaibo.actions import Finish, Sail, ScoreChoice
from rules.maracaibo.components import AutomaAction, data
from rules.maracaibo.model import MaracaiboState, Options
from rules.maracaibo.spec import SPEC
from tests.rules.maracaibo.helpers import act, put_markers


def solo(seed: int = 1, **options: object) -> MaracaiboState:
    s = SPEC.new_game(["p1"], Options.model_validate({"players": 1, **options}), seed)
    while s.phase == "setup":
        s = act(s, "p1", SPEC.legal_actions(s, "p1")[0])
    return s


def force_card(s: MaracaiboState, card: str) -> None:
    """Put one automa card on top of Jean's deck (moved from wherever it is)."""
    j = s.jean
    assert j is not None
    for pile in (j.deck, j.discard, j.box):
        if card in pile:
            pile.remove(card)
    j.deck.insert(0, card)


def test_mar_j1_j2_setup_and_deck_per_difficulty() -> None:
    """MAR-J1 / J2 / J3 / J16: 2-player board, the human starts with 8, deck by difficulty."""
    s = solo(difficulty="hard")
    assert s.jean is not None and s.start_player == "p1" and s.players["p1"].doubloons == 8
    letters = sorted(c[0] for c in s.jean.deck)
    assert letters == ["A"] * 4 + ["B"] * 2 + ["C"]
    assert (
        s.board.markers == {"6": "ES", "7": "EN", "8": "FR"} and s.board.city_tiles["11"] == "CT00"
    )
    custom = solo(difficulty="hard", automa_b=3)
    assert custom.jean is not None and sum(c[0] == "B" for c in custom.jean.deck) == 3
    easy = solo(difficulty="very_easy")
    assert easy.jean is not None and sorted(easy.jean.deck) == [f"A{i}" for i in range(1, 6)]


def test_mar_j10_automa_track_vp() -> None:
    """MAR-J10: 3 discs removed -> 2 VP (rulebook example); 0 -> 0; 6 -> 6; capped at 22."""
    assert [automa.track_vp(n) for n in (0, 1, 3, 5, 6, 10, 22, 30)] == [0, 0, 2, 4, 6, 14, 38, 38]


def test_mar_j4_movement_ignores_villages_without_quests() -> None:
    """Spec 17.16 / MAR-J4: villages without a quest are not steps; forks by the arrow."""
    s = solo()
    s.board.quests = {}
    card = data().automa_cards["A4"]  # 2 steps, upper
    assert automa.move_ship(s, card) == "4"  # 1 (city), 4 (city) on the upper route
    lower = data().automa_cards["A5"]  # 2 steps, lower
    assert automa.move_ship(s, lower) == "5"
    s.board.quests = {"3": ["Q01"]}
    assert automa.move_ship(s, card) == "3"


def test_mar_j5_quest_first_ends_her_turn() -> None:
    """Spec 17.16 / MAR-J5: a quest where she stops pre-empts the city and the card actions."""
    s = solo()
    assert s.jean is not None
    force_card(s, "A2")  # 1 step lower, France +1
    tile = s.board.quest_pile.pop(0)
    s.board.quests["1"] = [tile]
    automa.play_turn(s, [])
    assert s.jean.quests == [tile] and s.jean.influence["FR"] == 0
    assert s.board.markets["1"] == ["", ""]


def test_mar_j6_full_market_takes_the_display_card() -> None:
    """Spec 17.16 / MAR-J6: an empty market space gets her disc; a full one: display card N."""
    s = solo()
    assert s.jean is not None
    s.board.quests = {}
    force_card(s, "A2")  # 1 step, display 2, France +1
    automa.play_turn(s, [])
    assert s.board.markets["1"][0] == "jean" and s.jean.discs_removed == 1
    assert s.jean.influence["FR"] == 1


def test_mar_j6_full_market_display() -> None:
    """MAR-J6: with a full market she takes the display card at her card's position."""
    s = solo()
    assert s.jean is not None
    s.board.quests = {}
    s.board.markets["1"] = ["p1", "p1"]
    second = s.board.display[1]
    force_card(s, "A2")
    automa.play_turn(s, [])
    assert s.jean.cards == [second] and all(s.board.display)


def test_mar_j9_special_combat_tie_breaks() -> None:
    """Spec 17.16 / MAR-J9: modified strength, then printed strength, then FR > ES > EN;
    the lowest-numbered empty city is annexed; influence reward with that nation."""
    s = solo()
    assert s.jean is not None
    for pile in s.board.piles:
        if "CB20" in pile:
            pile.remove("CB20")
    s.board.piles[0].insert(0, "CB20")  # FR 5, ES 5, EN 2, no modifier
    automa.combat(s, [], AutomaAction(kind="combat", influence=2))
    assert s.jean.influence["FR"] == 2 and s.board.markers["1"] == "FR"
    s.players["p1"].influence["FR"] = 3  # human noble rank 1 in France
    s.board.piles[0].insert(0, s.jean.tokens.pop())
    automa.combat(s, [], AutomaAction(kind="combat", influence=3, vp=2, extra_village=True))
    assert s.jean.influence["ES"] == 3 and s.board.markers["4"] == "ES"
    assert s.board.markers["2"] == "ES"  # the Warrior's extra village


def test_mar_j13_end_bonuses() -> None:
    """Spec 17.16 / MAR-J13: 5 VP per quest; 1-2 more quests +10, 3 more +20, 4+ more +30."""
    for more, bonus in ((1, 10), (2, 10), (3, 20), (4, 30)):
        s = solo()
        assert s.jean is not None
        s.jean.quests = [s.board.quest_pile.pop(0) for _ in range(more)]
        s.jean.explorer = "start"
        automa.final_bonus(s, [])
        assert s.jean.vp_by["quests"] == 5 * more + bonus


def test_mar_j14_jean_ends_the_round_without_homeward_vp() -> None:
    """Spec 17.21 / MAR-J14: Jean on 21a triggers interim scoring after her turn; no 3 VP;
    the human starts the next round."""
    s = solo()
    assert s.jean is not None
    s.board.ships["jean"] = "20"
    force_card(s, "A1")
    s = act(s, "p1", Sail(to="2"))
    s = act(s, "p1", Finish())
    while s.stack and s.stack[-1].kind == "draw":
        s = act(s, "p1", SPEC.legal_actions(s, "p1")[0])
    assert s.phase == "scoring" and s.board.ships["jean"] == "21a"
    assert s.jean is not None and "homeward" not in s.jean.vp_by
    s = act(s, "p1", ScoreChoice(buy=False))
    assert s.round == 2 and s.active == "p1" and s.board.ships["jean"] == "havana"


def test_mar_j13_jean_counts_for_majority() -> None:
    """MAR-J13: Jean is a player for the influence majority and noble ranks."""
    s = solo()
    assert s.jean is not None
    s.jean.influence["EN"] = 6
    put_markers(s, {"1": "EN"})
    s.phase = "scoring"
    flow._final(s, [])
    assert s.jean.vp_by["majority"] == 3 and s.jean.vp_by["nobility"] > 0
    assert "majority" not in s.players["p1"].vp_by
