"""Age of Renaissance writes no card text from designed data (``rules.core.designed``)."""

from __future__ import annotations

from rules.core.designed import DesignedCards


def designed_cards() -> DesignedCards:
    return DesignedCards(
        note="역사 카드와 발전 카드는 공개된 팬 데이터에서 옮겼고, 설계한 카드는 없습니다 "
        "(the history cards and advances come from public fan data: no card is designed). "
        "설계한 데이터는 수입표와 지도 위치뿐입니다 (only the income table and map positions "
        "are designed)."
    )
