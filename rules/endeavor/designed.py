"""Endeavor's components written from designed data (``rules.core.designed``): every
building and every asset and governor card, apart from the few values the rulebook fixes."""

from __future__ import annotations

from rules.core.designed import DesignedCards, DesignedSection
from rules.endeavor import cardtext, terms
from rules.endeavor.components import data


def designed_cards() -> DesignedCards:
    d = data()
    buildings = tuple(
        (kind, terms.building(kind), cardtext.building_detail(kind)) for kind in d.buildings
    )
    cards = tuple(
        (cid, terms.card(cid), cardtext.card_detail(cid)) for cid in [*d.cards, *d.governors]
    )
    return DesignedCards(
        note="규칙서가 정하는 몇몇 값을 빼면 건물과 카드는 모두 설계한 데이터입니다 (all "
        "buildings and cards are designed, apart from a few values the rulebook fixes).",
        sections=(
            DesignedSection("건물 (buildings)", "`endeavor/buildings.json`", buildings),
            DesignedSection(
                "자산 카드와 총독 카드 (asset and governor cards)", "`endeavor/cards.json`", cards
            ),
        ),
    )
