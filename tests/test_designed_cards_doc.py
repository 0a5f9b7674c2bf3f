"""Issue 19 ("done when": "your note lists every card whose text you wrote from designed
data, so a club can compare"): ``docs/designed-cards.md`` is what ``python -m
terminal.designed_cards`` writes from the shipped data and the bot's own card texts now, and
it lists every designed Maracaibo project card and every Endeavor building and card."""

from __future__ import annotations

from terminal import designed_cards


def test_issue19_designed_cards_document_is_up_to_date() -> None:
    text = designed_cards.document()
    assert designed_cards.DOC.read_text(encoding="utf-8") == text, (
        "docs/designed-cards.md is out of date: run python -m terminal.designed_cards"
    )


def test_issue19_designed_cards_document_lists_every_designed_card() -> None:
    from rules.endeavor.components import data as endeavor
    from rules.maracaibo.components import data as maracaibo

    text = designed_cards.DOC.read_text(encoding="utf-8")
    designed = [c for c, card in maracaibo().cards.items() if card.provenance == "designed"]
    assert designed and all(f"\n| {c} | " in text for c in designed)
    rulebook = [c for c, card in maracaibo().cards.items() if card.provenance != "designed"]
    assert rulebook and not any(f"\n| {c} | " in text for c in rulebook)
    assert all(f"\n| {b} | " in text for b in [*endeavor().buildings, *endeavor().cards])
