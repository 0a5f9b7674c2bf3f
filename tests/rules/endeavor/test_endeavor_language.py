"""Every word the rules produce for a Korean player is Korean (issue 7: "text, not prose").

Random whole games (every player count, both sides, Silent Fleet, player-by-player with a
demanded phase order) translate every action label, every event, the refusals, the rules
topics, the action groups and the score categories into Korean. The test fails on any
Latin-alphabet word or raw id in Korean output, on any key missing from either catalog, and
on any id or placeholder left in English output.
"""

from __future__ import annotations

import random
import re
import typing
from typing import Any

import pytest

from bot.i18n import catalog, t, tx
from rules.core import Action, RuleViolation, Text
from rules.endeavor import SPEC, Options
from rules.endeavor.actions import DemandPhaseOrder
from rules.endeavor.model import EndeavorState
from rules.endeavor.scoring import CATEGORIES
from tests.korean import latin_words

KO_NAMES = {f"p{i}": name for i, name in enumerate(("김하나", "이둘", "박셋", "최넷", "정다섯"), 1)}
EN_NAMES = {f"p{i}": f"Player{i}" for i in range(1, 6)}
"""Korean output holds no Latin-alphabet word at all (``tests.korean.latin_words``, no
allowlist): cities, regions and buildings all have Korean names, scoring categories use 가-마,
and the board side and seat letters (shown on the image) are left out of Korean text."""
RAW = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|endeavor\.|[{}]|\bp[1-9]\b")

CONFIGS: list[dict[str, Any]] = [
    {"players": 2, "board_side": "A"},
    {"players": 3, "board_side": "B"},
    {"players": 4, "board_side": "A", "player_by_player": True},
    {"players": 5, "board_side": "B"},
    {
        "players": 2,
        "board_side": "B",
        "silent_fleet": True,
        "sf_restricted_occupy": True,
        "sf_scarce_buildings": True,
    },
    {"players": 2, "board_side": "A", "silent_fleet": True},
]


def keys_of(text: Text) -> set[str]:
    """The key of ``text`` and of every term nested in it."""
    out = {text.key}
    for value in text.args.values():
        items = value if isinstance(value, list) else [value]
        for item in items:
            if isinstance(item, Text):
                out |= keys_of(item)
    return out


class Checker:
    def __init__(self) -> None:
        self.en = catalog("en")
        self.ko = catalog("ko")
        self.seen: set[str] = set()

    def check(self, text: Text) -> None:
        for key in keys_of(text):
            assert key in self.en and key in self.ko, f"{key} missing from a catalog"
        self.seen.add(text.key)
        korean = tx(text, "ko", KO_NAMES)
        assert not latin_words(korean), f"Latin letters in Korean {text.key}: {korean}"
        english = tx(text, "en", EN_NAMES)
        assert not RAW.search(english), f"raw id or placeholder in {text.key}: {english}"


def play(options: Options, seed: int, checker: Checker) -> EndeavorState:
    seats = [f"p{i + 1}" for i in range(options.players)]
    state = SPEC.new_game(seats, options, seed)
    rnd = random.Random(seed)
    demand_at = rnd.randrange(20, 200)
    step = 0
    while not SPEC.is_over(state):
        step += 1
        if step == demand_at:
            for seat in seats:
                for extra in SPEC.anytime_actions(state, seat):
                    checker.check(SPEC.describe_action(state, seat, extra))
                    checker.check(Text(key=f"endeavor.group.{SPEC.action_group(extra)}"))
                    result = SPEC.apply(state, seat, extra)
                    for event in result.events:
                        checker.check(event.text)
                    state = result.state
                    break
        seat = sorted(SPEC.to_act(state))[0]
        actions = SPEC.legal_actions(state, seat)
        for a in actions:
            checker.check(SPEC.describe_action(state, seat, a))
            checker.check(Text(key=f"endeavor.group.{SPEC.action_group(a)}"))
        other = next(s for s in seats if s != seat)
        refuse(state, other, actions[0], checker)
        result = SPEC.apply(state, seat, actions[rnd.randrange(len(actions))])
        for event in result.events:
            assert event.visible_to is None  # open information (END-R110)
            checker.check(event.text)
        state = result.state
    return state


def refuse(state: EndeavorState, seat: str, action: Action, checker: Checker) -> None:
    try:
        SPEC.apply(state, seat, action)
    except RuleViolation as err:
        checker.check(err.text)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{v}" for v in c.values()))
def test_random_games_speak_korean_without_raw_ids(config: dict[str, Any]) -> None:
    """Issue 7 / END-R110: labels, events and refusals of whole games, in Korean and English."""
    checker = Checker()
    for seed in range(4):
        final = play(Options.model_validate(config), 100 * seed + config["players"], checker)
        assert SPEC.scores(final).winners
    for category in CATEGORIES:
        checker.check(Text(key=f"endeavor.score.{category}"))
    assert any(k.startswith("endeavor.action.") for k in checker.seen)
    if config.get("player_by_player"):
        assert "endeavor.phase_order_demanded" in checker.seen
    if config.get("silent_fleet"):
        assert any(k.startswith("endeavor.sf_") for k in checker.seen)


def test_refusals_of_every_kind_are_translated() -> None:
    """Every ``endeavor.refusal.*`` entry exists in both catalogs and is Korean in Korean."""
    checker = Checker()
    refusals = [k for k in checker.en if k.startswith("endeavor.refusal.")]
    assert len(refusals) >= 15
    for key in refusals:
        args: dict[str, Any] = {"count": 3} if key.endswith("seat_count") else {}
        checker.check(Text(key=key, args=args))
    state = SPEC.new_game(["p1", "p2"], Options(players=2), 1)
    try:
        SPEC.apply(state, "p1", DemandPhaseOrder())
        raise AssertionError("accepted")
    except RuleViolation as err:
        checker.check(err.text)


def test_rules_topics_have_titles_and_texts_in_both_languages() -> None:
    """``endeavor.rules.topics`` lists topics; each has a title and a text, Korean in Korean."""
    topics = t("endeavor.rules.topics", "en").split(",")
    assert t("endeavor.rules.topics", "ko").split(",") == topics
    checker = Checker()
    for topic in topics:
        checker.check(Text(key=f"endeavor.rules.title.{topic}"))
        checker.check(Text(key=f"endeavor.rules.{topic}"))


def test_both_catalogs_hold_the_same_keys_and_placeholders() -> None:
    """Every Endeavor key exists in both languages with the same placeholders."""
    en, ko = catalog("en"), catalog("ko")
    ours = [k for k in en if k.startswith("endeavor.")]
    assert sorted(ours) == sorted(k for k in ko if k.startswith("endeavor."))
    field = re.compile(r"{(\w+)}")
    for key in ours:
        value_en, value_ko = en[key], ko[key]
        forms_en = value_en if isinstance(value_en, dict) else {"other": value_en}
        forms_ko = value_ko if isinstance(value_ko, dict) else {"other": value_ko}
        want = set(field.findall(str(forms_en["other"])))
        for form in forms_ko.values():
            assert set(field.findall(str(form))) == want, key
        assert "(s)" not in str(forms_en["other"]), f"{key}: use plural forms"


def test_every_group_phase_and_score_category_has_a_name() -> None:
    """Menus name every action group; the board names every phase; scores every category."""
    from rules.endeavor.describe import GROUPS
    from rules.endeavor.model import StepKind

    checker = Checker()
    for group in set(GROUPS.values()):
        checker.check(Text(key=f"endeavor.group.{group}"))
    for phase in (*typing.get_args(StepKind), "setup", "over"):
        checker.check(Text(key=f"endeavor.phase.{phase}"))
    for category in CATEGORIES:
        checker.check(Text(key=f"endeavor.score.{category}"))
    assert {"setup", "build", "discard", "silent_fleet", "phase_order", "governor"} <= set(
        GROUPS.values()
    )
