"""Korean particles after run-time words (issue 7, "Korean first"): ``이(가)`` and the other
two-form particles of the Korean catalogs are settled by the word before them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.i18n import t
from bot.josa import settle_particles
from rules.core import Text


@pytest.mark.parametrize(
    ("raw", "settled"),
    [
        ("민지이(가) 베네치아을(를) 수도로 받았습니다", "민지가 베네치아를 수도로 받았습니다"),
        ("하린이(가) 제노아을(를) 골랐습니다", "하린이 제노아를 골랐습니다"),
        ("서준은(는) 런던와(과) 파리을(를)", "서준은 런던과 파리를"),
        ("아바나(으)로, 서울(으)로, 런던(으)로", "아바나로, 서울로, 런던으로"),
        ("3을(를) 2을(를) 7(으)로 10이(가)", "3을 2를 7로 10이"),
        ("**민지**이(가) 왔습니다", "**민지**가 왔습니다"),
        ("Alex이(가) <@12>을(를)", "Alex이(가) <@12>을(를)"),  # unreadable: both forms stay
        ("괄호(이하 생략)", "괄호(이하 생략)"),
    ],
)
def test_particles_follow_the_last_sound(raw: str, settled: str) -> None:
    assert settle_particles(raw) == settled


def test_translations_settle_particles_after_names_and_terms() -> None:
    names = {"p1": "민지", "p2": "하린"}
    venice = Text(key="renaissance.province.venice")
    capital = t(
        "renaissance.event.capital", "ko", names=names, seat="p1", capital=venice, ranking=[venice]
    )
    assert capital.startswith("민지가 베네치아를 수도로"), capital
    text = t("core.timed_out", "ko", names=names, seats=["p1", "p2"])
    assert "민지, 하린님이" in text


def test_every_korean_catalog_writes_variable_particles_in_both_forms() -> None:
    """A particle glued to a placeholder must be written in both forms ("{x}을(를)"), since
    the word is not known when the catalog is written (fixed forms read wrong half the time)."""
    root = Path(__file__).resolve().parents[2]
    fixed = ("을 ", "를 ", "이 ", "가 ", "은 ", "는 ", "로 ", "와 ", "과 ")
    bad: list[str] = []
    for path in [*root.glob("rules/*/locales/ko.json"), *root.glob("bot/locales/ko/*.json")]:
        for key, entry in json.loads(path.read_text(encoding="utf-8")).items():
            for text in entry.values() if isinstance(entry, dict) else [entry]:
                # a sum of money ("${amount}를": 달러를) always takes the same particle
                for part in re.split(r"(?<!\$)\{[^}]*\}", text)[1:]:
                    if part.startswith(fixed) or part in {p.strip() for p in fixed}:
                        bad.append(f"{path.parent.parent.name}:{key}: }}{part[:8]}")
    assert not bad, bad[:20]
