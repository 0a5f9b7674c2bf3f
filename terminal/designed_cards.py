"""Write ``docs/designed-cards.md``: every card, tile and advance whose text the bot writes
from designed component data (not printed in the rulebooks), per game, with its id, its name
and the text the bot shows, in Korean (the name in English too), so a club can compare it
with its box (issue 19, "your note lists every card whose text you wrote from designed data").

    python -m terminal.designed_cards           # rewrite the document
    python -m terminal.designed_cards --check   # exit 1 if the document is out of date

The texts come from the same functions the bot's ``/game card`` uses (``rules/<game>/
cardtext.py``) and the bot's catalogs, over the shipped data (``REFEREE_DATA_DIR`` unset).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from bot.i18n import Translator
from rules.core import Text, term

DOC = Path(__file__).resolve().parent.parent / "docs" / "designed-cards.md"
KO = Translator("ko", {})
EN = Translator("en", {})

Row = tuple[str, Text, Text]
"""A component's id, its name and the text the bot shows for it."""


def _cell(words: str) -> str:
    """One table cell: a text's lines joined by line breaks, its own bars escaped."""
    lines = (" ".join(line.split()) for line in words.replace("|", "\\|").splitlines())
    return "<br>".join(line for line in lines if line)


def _table(rows: Iterable[Row]) -> list[str]:
    out = [
        "| id | 이름 | name | 봇이 보여 주는 글 (text the bot shows) |",
        "| --- | --- | --- | --- |",
    ]
    for ident, name, text in rows:
        cells = (ident, KO.text(name), EN.text(name), KO.text(text))
        out.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    return out


def _endeavor() -> list[tuple[str, str, list[Row]]]:
    from rules.endeavor import cardtext, terms
    from rules.endeavor.components import data

    d = data()
    buildings = [
        (kind, terms.building(kind), cardtext.building_detail(kind)) for kind in d.buildings
    ]
    cards = [(cid, terms.card(cid), cardtext.card_detail(cid)) for cid in [*d.cards, *d.governors]]
    return [
        ("건물 (buildings)", "`endeavor/buildings.json`", buildings),
        ("자산 카드와 총독 카드 (asset and governor cards)", "`endeavor/cards.json`", cards),
    ]


def _maracaibo() -> list[tuple[str, str, list[Row]]]:
    from rules.maracaibo import cardtext as ct
    from rules.maracaibo.components import data
    from rules.maracaibo.terms import career_term, tile_term, token_term

    d = data()
    sections: list[tuple[str, str, list[Row]]] = []

    def add(title: str, file: str, rows: list[Row], designed: bool = True) -> None:
        if designed and rows:
            sections.append((title, f"`maracaibo/{file}`", rows))

    cards = [
        (cid, ct.card_name(cid), ct.card_detail(cid))
        for cid, card in d.cards.items()
        if card.provenance == "designed"
    ]
    add("프로젝트 카드 (project cards)", "projects.json", cards)
    quests = [
        (q, tile_term(q), ct.quest_detail(q, {}))
        for q, tile in d.quests.items()
        if tile.provenance == "designed"
    ]
    add("퀘스트 타일 (quest tiles)", "quests.json", quests)
    careers = [(c, career_term(c), ct.career_detail(c)) for c in d.careers]
    add("경력 카드 (career cards)", "careers.json", careers, d.career_file.provenance == "designed")
    prestige = [(b, term(f"maracaibo.prestige.{b}"), ct.prestige_detail(b)) for b in d.prestige]
    add(
        "명성 건물 (prestige buildings)",
        "prestige.json",
        prestige,
        d.prestige_file.provenance == "designed",
    )
    cities = [
        (
            t,
            term(ct.C + "city_tile_name", number=int("".join(ch for ch in t if ch.isdigit()) or 0)),
            ct.city_tile_detail(t),
        )
        for t in d.city_tiles
    ]
    add("도시 타일 (city tiles)", "city_tiles.json", cities)
    tokens = [(t, token_term(t), ct.token_detail(t)) for t in d.tokens]
    add(
        "전투 토큰 (combat tokens)", "combat_tokens.json", tokens, d.combat.provenance == "designed"
    )
    legacy = [
        (t, term(f"maracaibo.legacy.{t}"), ct.legacy_detail(t))
        for t in sorted(d.legacy, key=lambda t: int(t[1:]))
        if any(r.provenance == "designed" for r in d.legacy[t])
    ]
    add("유산 타일 (legacy tiles)", "legacy.json", legacy)
    return sections


GAMES: list[tuple[str, str, Callable[[], list[tuple[str, str, list[Row]]]] | None, str]] = [
    (
        "일로스",
        "Ilos",
        None,
        "행동 카드 6종의 비용과 효과는 규칙서에 실린 그대로입니다 (The six action cards are "
        "the rulebook's). 설계한 데이터는 섬 타일과 가격표뿐이며, 카드 글로 보여 주지 않습니다 "
        "(only the island tiles and the price chart are designed; they have no card text).",
    ),
    (
        "인데버: 항해의 시대",
        "Endeavor: Age of Sail",
        _endeavor,
        "규칙서가 정하는 몇몇 값을 빼면 건물과 카드는 모두 설계한 데이터입니다 (all buildings "
        "and cards are designed, apart from a few values the rulebook fixes).",
    ),
    (
        "마라카이보",
        "Maracaibo",
        _maracaibo,
        "데이터 파일이 `designed`라고 적은 것만 싣습니다 (only what the data files mark "
        "`designed`).",
    ),
    (
        "르네상스",
        "Age of Renaissance",
        None,
        "역사 카드와 발전 카드는 공개된 팬 데이터에서 옮겼고, 설계한 카드는 없습니다 (the "
        "history cards and advances come from public fan data: no card is designed). 설계한 "
        "데이터는 수입표와 지도 위치뿐입니다 (only the income table and map positions are "
        "designed).",
    ),
]


def document() -> str:
    """The whole document, as the shipped data and catalogs write it now."""
    body: list[str] = []
    counts: list[str] = []
    for ko, en, rows_of, note in GAMES:
        body += ["", f"## {ko} ({en})", "", note]
        total = 0
        for title, file, rows in rows_of() if rows_of else []:
            total += len(rows)
            body += ["", f"### {title}: {len(rows)}", "", f"{file}", "", *_table(rows)]
        counts.append(f"| {ko} ({en}) | {total} |")
    head = [
        "# 설계한 카드 목록 (Cards written from designed data)",
        "",
        "<!-- Generated by `python -m terminal.designed_cards`; do not edit by hand. -->",
        "",
        "규칙서에는 카드와 타일의 내용이 다 실려 있지 않아서, Referee는 규칙에 맞게 **설계한** "
        "데이터로 게임을 진행합니다. 아래는 봇이 설계한 데이터로 글을 쓰는 카드, 타일, 건물을 "
        "모두 모은 것입니다: 번호(id), 이름, 그리고 `/game card`와 메뉴에서 봇이 보여 주는 "
        "글입니다. 상자의 실물과 비교해 다르면 `docs/club-data.md`의 방법으로 데이터 파일을 "
        "바꾸세요. 글은 엔진이 실행하는 값에서 만들어지므로, 파일을 바꾸면 글도 규칙도 함께 "
        "바뀝니다.",
        "",
        "The rulebooks do not print every card and tile, so Referee plays with **designed** "
        "data. This lists every card, tile and building whose text the bot writes from designed "
        "data: its id, its name and the text the bot shows (`/game card`, menus), in Korean. "
        "Compare it with your box; replace a data file as `docs/club-data.md` explains (the "
        "text is written from the values the engine plays with, so it changes with them).",
        "",
        "| 게임 (game) | 개수 (count) |",
        "| --- | --- |",
        *counts,
    ]
    return "\n".join([*head, *body]) + "\n"


def main(argv: list[str]) -> int:
    text = document()
    if "--check" in argv:
        if DOC.read_text(encoding="utf-8") != text:
            print(f"{DOC.name} is out of date: run python -m terminal.designed_cards")
            return 1
        return 0
    DOC.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
