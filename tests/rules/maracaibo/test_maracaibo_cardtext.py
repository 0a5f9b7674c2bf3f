"""Card texts written from the engine's own data (issue 19 point 1; spec 8 MAR-K15, 16.13).

The rulebook does not print the project cards, quest tiles, careers, city tiles or prestige
costs, so the bot is the only place a player reads them: every text must come from the same
values the engine executes, so it can never disagree with the rules.
"""

from __future__ import annotations

import random
import re

import pytest

from bot.i18n import catalog, tx
from rules.core import Text
from rules.maracaibo import cardtext as ct
from rules.maracaibo.buying import effect_ops
from rules.maracaibo.components import data
from rules.maracaibo.model import Options
from rules.maracaibo.spec import SPEC
from tests.korean import latin_words
from tests.rules.maracaibo.helpers import RAW_ID

BRACES = re.compile(r"[{}]")


def _keys(text: Text) -> set[str]:
    out = {text.key}
    for value in text.args.values():
        for v in value if isinstance(value, list) else [value]:
            if isinstance(v, Text):
                out |= _keys(v)
    return out


def _all_texts() -> list[Text]:
    d = data()
    out: list[Text] = []
    for cid in d.cards:
        out += [ct.card_name(cid), ct.card_detail(cid), ct.card_full(cid)]
    for tile in d.quests:
        out += [ct.quest_detail(tile, {}), ct.quest_full(tile, {})]
    for career in d.careers:
        out += [ct.career_full(career), ct.career_detail_short(career)]
    for building in d.prestige:
        out += [ct.prestige_full(building), ct.prestige_detail(building)]
    for tile in d.city_tiles:
        out.append(ct.city_tile_detail(tile))
    out += [ct.token_detail(token) for token in d.tokens]
    out += [ct.legacy_detail(tile) for tile in d.legacy]
    return out


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_card_tile_and_career_reads_in_both_languages(lang: str) -> None:
    """Issue 19: every component text translates through real catalog keys, with every
    parameter filled, no raw id, and (Korean) no English."""
    known = catalog(lang)
    for text in _all_texts():
        missing = {k for k in _keys(text) if k not in known}
        assert not missing, missing
        out = tx(text, lang)
        assert not BRACES.search(out), out
        assert not RAW_ID.search(out), out
        if lang == "ko":
            assert not latin_words(out, {"A", "B", "C", "L"}), out  # printed on the components


def test_card_effects_are_the_operations_the_engine_executes() -> None:
    """MAR-K15: the text of each income/immediate/assistant effect is made of exactly the
    operations ``buying.effect_ops`` hands the engine (the card's x, nation, synergy filled)."""
    for cid, card in data().cards.items():
        for i, effect in enumerate(card.effects):
            if effect.trigger == "permanent":
                continue
            engine = [
                op.model_copy(update={"source": ""}) if op.op == "income_if_synergy" else op
                for op in effect_ops(cid, i, effect)
            ]
            assert ct._card_ops(effect) == engine, cid
            expected = ct.ops_text(engine)
            assert any(expected in (t.args.get("ops"),) for t in ct.card_effects(cid)), cid


def test_a_card_text_follows_its_data() -> None:
    """A card's cost, income step, end points, compass and synergy appear as its data says,
    so a club's data override changes the text with the rules."""
    card = data().cards["B016"]  # the rulebook's "irregulars": +2 D income, +2 VP with SYN1
    ko = tx(ct.card_full("B016"), "ko")
    assert "비정규부대" in tx(ct.card_name("B016"), "ko")
    assert f"{card.cost.doubloons} 더블론" in ko
    assert "더블론 수입 +2" in ko and "시너지 1 보유 시 점수 수입 +2" in ko
    assert f"게임 종료 시 {card.end_vp}점" in ko and "나침반 1" in ko
    detail = tx(ct.card_detail("B016"), "ko")
    assert detail.startswith("비용 6 더블론") and "더블론 수입 +2" in detail


def test_designed_components_say_so() -> None:
    """Designed data says so where players read it (docs/architecture.md, "Component data")."""
    designed = next(c for c, card in data().cards.items() if card.provenance == "designed")
    assert "설계한 데이터" in tx(ct.card_full(designed), "ko")
    assert "규칙서에 실린" in tx(ct.card_full("B021"), "ko")  # the rulebook's "harbor"


def test_visible_cards_never_show_another_seats_hand() -> None:
    """Spec 13: /game card lists only what the asker may see."""
    state = SPEC.new_game(["p1", "p2", "p3"], Options(players=3), 5)
    rnd = random.Random(5)
    for _ in range(300):
        if SPEC.is_over(state):
            break
        seat = sorted(SPEC.to_act(state))[0]
        state = SPEC.apply(state, seat, rnd.choice(SPEC.legal_actions(state, seat))).state
        for viewer in (None, "p1", "p2"):
            keys = {c.key for c in ct.visible_cards(state, viewer)}
            for other, p in state.players.items():
                if other != viewer:
                    assert not keys & set(p.hand), other
                    public = {p.career} if state.phase != "setup" else set()
                    hidden = {f"career:{c}" for c in set(p.career_options) - public}
                    assert not keys & hidden, other
            if viewer is not None:
                assert set(state.players[viewer].hand) <= keys
