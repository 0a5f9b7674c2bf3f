"""Overview rules and rule-ID coverage of this test suite (END-R01, END-R02, END-R114)."""

from __future__ import annotations

import re
import typing
from pathlib import Path

from rules.endeavor import SPEC
from rules.endeavor.actions import EndeavorAction
from rules.endeavor.components import ATTRIBUTES
from tests.rules.endeavor.endeavor_helpers import new

RULE_IDS = [
    "01",
    "02",
    "03",
    "04",
    "05",
    "06",
    "07",
    "08",
    "10",
    "11",
    "12",
    "13",
    "14",
    "15",
    "16",
    "17",
    "18",
    "19",
    "20",
    "21",
    "22",
    "23",
    "24",
    "30",
    "31",
    "32",
    "33",
    "34",
    "35",
    "36",
    "40",
    "41",
    "42",
    "43",
    "44",
    "45",
    "45a",
    "46",
    "47",
    "48",
    "50",
    "51",
    "52",
    "53",
    "60",
    "61",
    "62",
    "62a",
    "63",
    "64",
    "65",
    "66",
    "67",
    "68",
    "69",
    "70",
    "70a",
    "71",
    "72",
    "73",
    "74",
    "80",
    "81",
    "85",
    "86",
    "87",
    "88",
    "89",
    "90",
    "91",
    "92",
    "93",
    "94",
    "95",
    "100",
    "101",
    "102",
    "103",
    "104",
    "105",
    "106",
    "107",
    "108",
    "109",
    "110",
    "111",
    "112",
    "113",
    "114",
]


def test_end_r01_r02_honour_goal_and_four_attributes() -> None:
    """END-R01 / END-R02: four attributes per empire; the most honour wins after round 7."""
    assert ATTRIBUTES == ("industry", "culture", "wealth", "influence")
    s = new(3)
    assert not SPEC.is_over(s)
    assert SPEC.title == "Endeavor: Age of Sail"


def test_end_r114_forced_steps_have_no_action() -> None:
    """END-R114: growth, track space, tokens, population, opening, abolition, crown, scoring
    are resolved by the engine; no action kind exists for them."""
    union = typing.get_args(typing.get_args(EndeavorAction)[0])
    names = {typing.get_args(m.model_fields["type"].annotation)[0] for m in union}
    assert not names & {"growth", "take_token", "open_region", "abolish", "pass_crown", "score"}
    assert {"pass", "activate", "build", "discard_card"} <= names


def test_every_rule_id_is_named_by_a_test() -> None:
    """Each END-R rule ID of the spec appears in a test name or docstring of this suite."""
    here = Path(__file__).parent
    text = "\n".join(p.read_text(encoding="utf-8") for p in here.glob("test_*.py"))
    named = {m.lower() for m in re.findall(r"END-R(\d+a?)\b", text)}
    named |= {m.lower() for m in re.findall(r"end_r(\d+a?)(?=_)", text)}
    missing = [i for i in RULE_IDS if i not in named]
    assert not missing, missing
