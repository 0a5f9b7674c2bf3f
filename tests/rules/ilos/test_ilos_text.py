"""Text, not prose (issue 7): every label, event and refusal of Ilos is a catalog key with
parameters, in English and Korean, with game terms as their own keys and places named as the
board image shows them; no raw id and no English reaches a Korean player."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from rules.core import Event, RuleViolation, Text
from rules.core.bots import seat_names
from rules.ilos import SPEC
from rules.ilos.actions import (
    GROUPS,
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
from rules.ilos.components import CARD_TYPES, RESOURCES, components
from rules.ilos.model import IlosOptions, IlosState
from rules.ilos.terms import cards_text, region_at, region_sides, spot_at, tile_number

from .ilos_catalog import LATIN_WORD, RAW_ID, catalog, show
from .ilos_helpers import add_ship, make_state, rejected

NAMES = {"p1": "김민수", "p2": "이영희", "p3": "박철수", "p4": "최지우", "p5": "정하늘"}


def _korean_clean(text: str, where: str) -> None:
    assert not LATIN_WORD.search(text), f"Latin letters in Korean {where}: {text!r}"
    assert not RAW_ID.search(text), f"raw id in Korean {where}: {text!r}"


def _english_clean(text: str, where: str) -> None:
    assert not RAW_ID.search(text), f"raw id in English {where}: {text!r}"
    assert "(s)" not in text, f"no real plural in {where}: {text!r}"


def _check(text: Text, where: str, used: set[str]) -> None:
    _english_clean(show("en", text, NAMES, used), where)
    _korean_clean(show("ko", text, NAMES, used), where)


def _malformed(state: IlosState, seat: str, rnd: random.Random) -> list[IlosAction]:
    """Actions of every kind aimed at this state, most of them illegal now."""
    comp = components()
    tiles = list(comp.tile_order)
    spots = list(comp.spot_kind)
    regions = list(comp.region_spots)
    own = [s.id for s in state.ships if s.owner == seat] or ["new"]
    return [
        Mulligan(discard={"ship": 1}),
        ChooseTile(tile=rnd.choice(tiles)),
        CycleTile(tile=rnd.choice(tiles)),
        PlaceAt(q=rnd.randint(-3, 3), r=rnd.randint(-3, 3)),
        Rotate(rotation=rnd.randint(0, 5)),
        Land(region=rnd.choice(regions)),
        Occupy(tile=rnd.choice(tiles)),
        PlayShip(ship=rnd.choice([*own, "new", "p9.9"])),
        PlayFarm(spot=rnd.choice(spots)),
        PlayGoldMine(spot=rnd.choice(spots)),
        PlayRuins(spot=rnd.choice(spots)),
        PlayBuilding(spot=rnd.choice(spots), kind="fort", copy_resource=rnd.choice([None, "dye"])),
        PlayBuilding(spot=rnd.choice(spots), kind="trading_post", copy_resource="gold"),
        PlayMarket(resource=rnd.choice(RESOURCES)),
        Pay(cards={rnd.choice(CARD_TYPES): rnd.randint(0, 3)}),
        Cancel(),
        EndTurn(),
    ]


def _play(players: int, seed: int, used: set[str], refusals: set[str]) -> list[Event]:
    """A random game; every offered label, every event and a sample of refusals is checked."""
    rnd = random.Random(seed)
    seats = seat_names(players)
    state = SPEC.new_game(seats, IlosOptions(players=players, max_rounds=12), seed)
    events: list[Event] = []
    while not SPEC.is_over(state):
        (seat,) = SPEC.to_act(state)
        actions = SPEC.legal_actions(state, seat)
        for action in actions:
            _check(SPEC.describe_action(state, seat, action), f"label of {action}", used)
        if rnd.random() < 0.3:
            actor = rnd.choice([seat, seat, rnd.choice(seats)])
            for bad in _malformed(state, actor, rnd):
                try:
                    SPEC.apply(state, actor, bad)
                except RuleViolation as exc:
                    assert exc.text.key == f"ilos.refusal.{exc.code}", exc
                    refusals.add(exc.code)
                    _check(exc.text, f"refusal {exc.code}", used)
        result = SPEC.apply(state, seat, actions[rnd.randrange(len(actions))])
        for event in result.events:
            _check(event.text, f"event {event.key}", used)
        events += result.events
        state = result.state
    for note in SPEC.scores(state).notes:
        _check(note, "score note", used)
    return events


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (3, 17), (4, 29), (5, 41)])
def test_ilos_korean_output_has_no_english_and_no_raw_ids(players: int, seed: int) -> None:
    """Issue 7 (Text, not prose): random games translated into Korean; every describe_action
    label of every offered action, every event, every refusal met and every score note comes
    out without a Latin-alphabet word or a raw id (no allowlist is needed: tiles are labelled
    with numbers), and every key used exists in both catalogs."""
    used: set[str] = set()
    refusals: set[str] = set()
    events = _play(players, seed, used, refusals)
    assert any(e.key == "ilos.game_over" for e in events)
    assert len(refusals) >= 8, refusals
    assert used <= set(catalog("en")) and used <= set(catalog("ko"))


def test_ilos_korean_through_the_bot_translator() -> None:
    """The same texts through ``bot.i18n`` (the translator the bot uses): Korean, clean."""
    i18n = pytest.importorskip("bot.i18n")
    state = SPEC.new_game(["p1", "p2"], IlosOptions(players=2), 3)
    rnd = random.Random(3)
    for _ in range(400):
        if SPEC.is_over(state):
            break
        (seat,) = SPEC.to_act(state)
        actions = SPEC.legal_actions(state, seat)
        for action in actions:
            text = i18n.tx(SPEC.describe_action(state, seat, action), "ko", NAMES)
            _korean_clean(text, "label")
        result = SPEC.apply(state, seat, rnd.choice(actions))
        for event in result.events:
            _korean_clean(i18n.tx(event.text, "ko", NAMES), f"event {event.key}")
        state = result.state


def test_ilos_both_catalogs_have_the_same_keys_and_placeholders() -> None:
    """Every key in both languages, with the same placeholders in every plural form."""
    en, ko = catalog("en"), catalog("ko")
    assert set(en) == set(ko), sorted(set(en) ^ set(ko))

    def fields(entry: Any) -> set[str]:
        forms = [entry] if isinstance(entry, str) else list(entry.values())
        found = [set(re.findall(r"{(\w+)}", form)) for form in forms]
        assert all(f == found[0] for f in found), entry
        return found[0]

    for key in en:
        assert fields(en[key]) == fields(ko[key]), key
        for entry in (en[key], ko[key]):
            assert isinstance(entry, str) or set(entry) <= {"zero", "one", "other"}, key
    for key, entry in ko.items():
        if key.startswith("ilos.") and key != "ilos.rules.topics":
            text = entry if isinstance(entry, str) else " ".join(entry.values())
            assert not LATIN_WORD.search(re.sub(r"{\w+}", "", text)), f"English in ko {key}"


def test_ilos_every_refusal_code_has_a_text_in_both_languages() -> None:
    """Issue 7: ``RuleViolation`` carries ``ilos.refusal.<code>``; every code the engine can
    raise (found in its source) has an English and a Korean entry."""
    import inspect

    from rules.ilos import engine, play, terms

    source = "\n".join(inspect.getsource(m) for m in (engine, play, terms))
    codes = set(re.findall(r'refusal\(\s*"(\w+)"', source))
    assert len(codes) >= 30
    for code in codes:
        assert f"ilos.refusal.{code}" in catalog("en"), code
        assert f"ilos.refusal.{code}" in catalog("ko"), code
    exc = rejected(make_state(board=[("T04", 0, 0, 0)]), "p2", EndTurn())
    assert exc.code == "not_your_turn" and exc.text.key == "ilos.refusal.not_your_turn"
    assert show("en", exc.text, NAMES) == "It is 김민수's turn."
    assert show("ko", exc.text, NAMES) == "지금은 김민수 님의 차례입니다."


def test_ilos_cards_text_has_real_plurals() -> None:
    """Issue 7: no "card(s)": English "1 Ship" / "2 Ships", Korean "선박 2장"."""
    texts = cards_text({"ship": 2, "market": 1, "gold_mine": 0})
    assert [show("en", t) for t in texts] == ["2 Ships", "1 Market"]
    assert [show("ko", t) for t in texts] == ["선박 2장", "시장 1장"]
    one = Text(key="ilos.action.pay", args={"count": 1, "cards": cards_text({"farm": 1})})
    many = Text(key="ilos.action.pay", args={"count": 2, "cards": cards_text({"farm": 2})})
    assert show("en", one) == "Pay 1 card: 1 Farm"
    assert show("en", many) == "Pay 2 cards: 2 Farms"
    assert show("ko", many) == "카드 2장 지불: 농장 2장"


def test_ilos_rules_topics_groups_and_score_categories_have_titles() -> None:
    """Issue 7 ("일로스: first_island"): every rules topic has a short title and a text, every
    action group and every score category a name, in both languages; the cog's group names
    stay as they are."""
    for lang in ("en", "ko"):
        cat = catalog(lang)
        topics = str(cat["ilos.rules.topics"]).split(",")
        assert {"first_island", "end", "names"} <= set(topics)
        for topic in topics:
            assert cat[f"ilos.rules.title.{topic}"] and cat[f"ilos.rules.{topic}"], topic
            assert len(str(cat[f"ilos.rules.title.{topic}"])) <= 30
        for group in set(GROUPS.values()):
            assert f"ilos.group.{group}" in cat, group
        for category in RESOURCES:
            assert f"ilos.score.{category}" in cat
    assert set(GROUPS.values()) >= {
        "mulligan",
        "explore",
        "ship",
        "farm",
        "gold_mine",
        "building",
        "ruins",
        "market",
        "pay",
        "cancel",
        "end_turn",
    }
    assert catalog("ko")["ilos.rules.title.first_island"] == "첫 번째 섬"


def test_ilos_korean_terms_are_the_rulebooks() -> None:
    """The Korean catalog uses the rulebook's words for cards, resources and pieces."""
    ko = catalog("ko")
    expected = {
        "ilos.card.ship": "선박",
        "ilos.card.farm": "농장",
        "ilos.card.gold_mine": "금광",
        "ilos.card.building": "건물",
        "ilos.card.ruins": "유적지",
        "ilos.card.market": "시장",
        "ilos.resource.ebony": "흑단",
        "ilos.resource.spice": "향신료",
        "ilos.resource.dye": "안료",
        "ilos.resource.gold": "금",
        "ilos.spot.site": "건설 지역",
        "ilos.term.hideout": "해적 은신처",
    }
    for key, word in expected.items():
        assert ko[key] == word, key
    text = " ".join(str(v) for v in ko.values())
    for word in (
        "해적선",
        "요새",
        "교역소",
        "개척자",
        "가림판",
        "생산 보드",
        "자원 시세표",
        "시세 마커",
        "탐험 지역",
        "탐험 타일 더미",
        "플레이 영역",
        "해안",
        "버린 카드 더미",
    ):
        assert word in text, word


# ------------------------------------------------------------------------- place names


def test_ilos_tiles_are_named_by_their_printed_number() -> None:
    """Tiles are called by the number the board prints on them (T04 is tile 4)."""
    assert [tile_number(t) for t in ("T01", "T04", "T20")] == [1, 4, 20]
    view = SPEC.view(make_state(board=[("T04", 0, 0, 0)], face_up=["T07"]), None)
    assert view.board[0].number == 4 and view.face_up[0].number == 7


def test_ilos_coast_and_spot_names_are_unique_on_every_tile_in_every_rotation() -> None:
    """A coast is named by its tile's compass side (north = top of the board image), a spot
    by its kind and tile: names never collide on a tile, whatever its rotation."""
    comp = components()
    for tile in comp.tile_order:
        for rotation in range(6):
            names = [show("en", region_at(r, rotation)) for r in comp.tile_regions[tile]]
            assert len(set(names)) == len(names), (tile, rotation, names)
            spots = [s for r in comp.tile_regions[tile] for s in comp.region_spots[r]]
            spot_names = [show("en", spot_at(s, rotation)) for s in spots]
            assert len(set(spot_names)) == len(spot_names), (tile, rotation)
    assert region_sides("T18", 0) == {"T18.a": ("e", 0), "T18.b": ("w", 0)}
    assert show("en", region_at("T18.a", 0)) == "the east coast of tile 18"
    assert show("en", region_at("T18.a", 3)) == "the west coast of tile 18"
    assert show("ko", region_at("T18.a", 3)) == "18번 타일 서쪽 해안"
    assert show("en", region_at("T04.a", 2)) == "the coast of tile 4"
    assert show("en", region_at("T07.b", 0)) == "the islet in the middle of tile 7"
    assert show("en", spot_at("T04.a.0", 0)) == "the ebony icon on tile 4"
    assert show("ko", spot_at("T04.a.3", 0)) == "4번 타일의 건설 지역"


def test_ilos_labels_name_places_as_the_board_shows_them() -> None:
    """describe_action: tile numbers, compass sides, spot kinds; no ids."""
    st = make_state(board=[("T04", 0, 0, 0)], face_up=["T07", "T18"], stack=["T12"])
    add_ship(st, "p1", region="T04.a")
    label = SPEC.describe_action
    assert show("en", label(st, "p1", PlayFarm(spot="T04.a.0"))) == (
        "Farm on the ebony icon on tile 4"
    )
    assert show("ko", label(st, "p1", PlayFarm(spot="T04.a.0"))) == "농장: 4번 타일의 흑단 아이콘"
    assert show("en", label(st, "p1", ChooseTile(tile="T07"))) == (
        "Explore tile 7 (spice, dye, gold, ruins, pirate hideout)"
    )
    assert show("en", label(st, "p1", PlaceAt(q=1, r=0))) == ("Place the tile south-east of tile 4")
    assert show("en", label(st, "p1", PlayShip(ship="p1.1"))) == (
        "Ship: move your ship from the coast of tile 4"
    )
    assert show(
        "en",
        label(st, "p1", PlayBuilding(spot="T04.a.3", kind="trading_post", copy_resource="spice")),
    ) == ("Trading post on the building site on tile 4, copying spice")
    assert show("ko", label(st, "p1", PlayMarket(resource="dye"))) == (
        "시장: 안료 1개를 버려 시세 올리기"
    )
