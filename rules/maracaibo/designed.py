"""Maracaibo's components written from designed data (``rules.core.designed``): only what
its data files mark ``designed``."""

from __future__ import annotations

from rules.core import term
from rules.core.designed import DesignedCards, DesignedRow, DesignedSection
from rules.maracaibo import cardtext as ct
from rules.maracaibo.components import data
from rules.maracaibo.terms import career_term, tile_term, token_term


def designed_cards() -> DesignedCards:
    d = data()
    sections: list[DesignedSection] = []

    def add(title: str, file: str, rows: list[DesignedRow], designed: bool = True) -> None:
        if designed and rows:
            sections.append(DesignedSection(title, f"`maracaibo/{file}`", tuple(rows)))

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
        (t, term(ct.C + "city_tile_name", number=_number(t)), ct.city_tile_detail(t))
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
    return DesignedCards(
        note="데이터 파일이 `designed`라고 적은 것만 싣습니다 (only what the data files mark "
        "`designed`).",
        sections=tuple(sections),
    )


def _number(tile: str) -> int:
    """A city tile's printed number (the digits of its id)."""
    return int("".join(ch for ch in tile if ch.isdigit()) or 0)
