"""Ilos writes no card text from designed data (``rules.core.designed``)."""

from __future__ import annotations

from rules.core.designed import DesignedCards


def designed_cards() -> DesignedCards:
    return DesignedCards(
        note="행동 카드 6종의 비용과 효과는 규칙서에 실린 그대로입니다 (The six action cards "
        "are the rulebook's). 설계한 데이터는 섬 타일과 가격표뿐이며, 카드 글로 보여 주지 "
        "않습니다 (only the island tiles and the price chart are designed; they have no card "
        "text)."
    )
