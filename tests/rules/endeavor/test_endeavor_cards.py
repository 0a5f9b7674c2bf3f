"""Draw, the discard pile, population icons, abolition, the Discard phase (END-R70..R74, R85..R88)."""

from __future__ import annotations

from rules.endeavor import SPEC
from rules.endeavor.actions import (
    Activate,
    DiscardCard,
    DrawDeck,
    DrawDiscard,
    EndDiscard,
    SlotGovernor,
    UnslotGovernor,
)
from rules.endeavor.model import EndeavorState, Step
from rules.endeavor.query import card_limit, hand_valid, track_values
from rules.endeavor.scoring import breakdown
from tests.rules.endeavor.endeavor_helpers import (
    act,
    action_phase,
    add_building,
    fill_track,
    give_card,
    harbour,
    legal,
    only,
    place,
    set_action_seat,
    set_steps,
    started,
    take_tokens,
    types,
)


def drawing(players: int = 3) -> tuple[EndeavorState, int]:
    """Action phase with p1 owning a free Theatre (Draw)."""
    s = action_phase(started(players))
    slot = add_building(s, "p1", "theatre")
    harbour(s, "p1", 2)
    for seat in s.seats[1:]:
        harbour(s, seat, 2)
        s.players[seat].buildings[0].disc = False
        s.players[seat].supply += 1
    return s, slot


def draw_options(s: EndeavorState, slot: int) -> tuple[EndeavorState, set[str], set[str]]:
    s = act(s, "p1", Activate(slot=slot))
    opts = legal(s, "p1")
    decks = {a.deck for a in opts if isinstance(a, DrawDeck)}
    pile = {a.card for a in opts if isinstance(a, DrawDiscard)}
    return s, decks, pile


def test_end_r70_r73_t09_draw_from_a_closed_region_with_track_discs() -> None:
    """END-R70 / A18 / END-R73 / END-T09: 3 Far East track discs; v1 adds a harbour disc."""
    s, slot = drawing()
    fill_track(s, "far_east", ["p1"] * 3)
    s, decks, _ = draw_options(s, slot)
    assert "far_east" in decks and "india" not in decks
    harbour_before, supply_before = s.players["p1"].harbour, s.players["p1"].supply
    s = act(s, "p1", DrawDeck(deck="far_east"))
    p = s.players["p1"]
    assert p.cards == ["far_east_1"]
    assert (p.harbour, p.supply) == (harbour_before + 1, supply_before - 1)
    assert s.decks["far_east"][-1] == "far_east_2"
    s.decks["far_east"] = ["far_east_5", "far_east_4"]
    s.removed_cards += ["far_east_3", "far_east_2"]
    set_action_seat(s, "p1")
    s.players["p1"].buildings[slot].disc = False
    s.players["p1"].supply += 1
    s, decks, _ = draw_options(s, slot)
    assert "far_east" not in decks  # value 4 needs 4 discs


def test_end_r71_no_hand_limit_while_drawing() -> None:
    """END-R71: influence 0 (limit 1) but drawing a second card is fine."""
    s, slot = drawing()
    give_card(s, "p1", "europe_0")
    place(s, "london", "p1")
    assert card_limit(s.players["p1"]) == 1
    s, _decks, _ = draw_options(s, slot)
    s = act(s, "p1", DrawDeck(deck="europe"))
    assert len(s.players["p1"].cards) == 2


def test_end_r70_t10_europe_count_covers_both_decks_and_the_pile() -> None:
    """END-R70 / END-R72 / END-T10: 2 discs in Europe: Europe and Slavery tops up to value 2."""
    s, slot = drawing()
    place(s, "london", "p1")
    place(s, "north_sea", "p1")
    s.decks["europe"] = ["europe_5", "europe_4", "europe_3"]
    s.decks["slavery"] = ["slavery_5", "slavery_4", "slavery_3", "slavery_2"]
    s.players["p2"].cards += ["europe_2", "europe_1", "europe_0"]
    s.players["p3"].cards += ["slavery_1", "slavery_0"]
    s.discard_pile = ["africa_1", "india_3"]
    for c in ("africa_1", "india_3"):
        s.decks[c.rsplit("_", 1)[0]].remove(c)
    s2, decks, pile = draw_options(s, slot)
    assert decks == {"slavery"} and pile == {"africa_1"}
    s3 = act(s2, "p1", DrawDiscard(card="africa_1"))
    assert s3.players["p1"].cards == ["africa_1"] and s3.discard_pile == ["india_3"]
    assert s3.players["p1"].harbour == s2.players["p1"].harbour + 1  # population icon


def test_end_r74_t11_abolition() -> None:
    """END-R74 / A13 / END-T11: all held slavery cards set aside; the deck leaves the game."""
    s, _slot = drawing(3)
    give_card(s, "p1", "slavery_0")
    give_card(s, "p1", "slavery_1")
    give_card(s, "p1", "slavery_2")
    give_card(s, "p1", "slavery_3")
    s.players["p1"].cards.remove("slavery_0")
    s.players["p1"].cards.remove("slavery_1")
    s.players["p2"].cards += ["slavery_0", "slavery_1"]
    for c in ("europe_0", "europe_1", "europe_2", "europe_3", "europe_4"):
        give_card(s, "p2", c)
    for node in ("london", "paris", "genoa", "lisbon", "seville"):
        place(s, node, "p3")
    set_action_seat(s, "p3")
    theatre = add_building(s, "p3", "theatre")
    before = track_values(s.players["p1"])
    before2 = track_values(s.players["p2"])
    s = act(s, "p3", Activate(slot=theatre))
    s = act(s, "p3", DrawDeck(deck="europe"))
    p1, p2 = s.players["p1"], s.players["p2"]
    after = track_values(p1)
    assert (before["industry"] - after["industry"], before["wealth"] - after["wealth"]) == (5, 2)
    after2 = track_values(p2)
    assert before2["industry"] - after2["industry"] == 2
    assert before2["wealth"] - after2["wealth"] == 1
    assert len(p1.set_aside) == 2 and len(p2.set_aside) == 2
    assert s.decks["slavery"] == [] and {"slavery_4", "slavery_5"} <= set(s.removed_cards)
    assert s.abolished and "europe_5" in s.players["p3"].cards
    assert breakdown(s, "p1")["slavery"] == -2 and breakdown(s, "p2")["slavery"] == -2
    assert hand_valid(p1)


def _discard_state(s: EndeavorState, seat: str = "p1") -> EndeavorState:
    set_steps(s, [Step(kind="discard", seat=seat)])
    s.round = 1
    return s


def test_end_r85_t12_slavery_extra_and_cap_of_five() -> None:
    """END-R85 / A3 / END-T12 (first case): limit 5, 5 regular + 1 slavery -> one must go."""
    s = started(2)
    take_tokens(s, "p1", "influence", 10)
    for c in ("africa_1", "india_1", "far_east_1", "caribbean_1", "north_america_1"):
        give_card(s, "p1", c)
    give_card(s, "p1", "slavery_0")
    p = s.players["p1"]
    assert card_limit(p) == 5 and not hand_valid(p)
    s = _discard_state(s)
    assert EndDiscard() not in legal(s, "p1")
    s = act(s, "p1", DiscardCard(card="slavery_0"))
    assert s.players["p1"].set_aside == ["slavery_0"]


def test_end_r85_t12_second_case_and_governor_slot() -> None:
    """END-R85 / END-R86 / END-T12 (second case): influence 4 -> limit 3; 3 + 2 slavery + governor."""
    s = started(2)
    take_tokens(s, "p1", "influence", 3)
    for c in ("africa_1", "india_1", "north_america_1", "slavery_0", "slavery_1"):
        give_card(s, "p1", c)
    s.players["p1"].governor_slot = s.governors.pop("africa")  # no influence icons
    p = s.players["p1"]
    assert track_values(p)["influence"] == 3 + 0 and card_limit(p) == 2
    take_tokens(s, "p1", "influence", 1)
    assert card_limit(p) == 3 and not hand_valid(p)
    s = _discard_state(s)
    for card in ("africa_1", "slavery_1"):
        s2 = act(s, "p1", DiscardCard(card=card))
        assert hand_valid(s2.players["p1"])
    s3 = act(s, "p1", DiscardCard(card="slavery_1"))
    assert s3.players["p1"].set_aside == ["slavery_1"]
    s4 = act(s, "p1", DiscardCard(card="africa_1"))
    assert s4.discard_pile == ["africa_1"]


def test_end_r86_discard_only_while_invalid() -> None:
    """END-R86: no discarding beyond what is needed."""
    s = started(2)
    give_card(s, "p1", "africa_1")
    s.players["p1"].governor_slot = s.governors.pop("india")
    s = _discard_state(s)
    opts = legal(s, "p1")
    assert types(opts) == {"end_discard", "unslot_governor"}


def test_end_r87_t13_cascading_discard() -> None:
    """END-R87 / A6 / END-T13: discarding an influence card lowers the limit again."""
    s = started(2)
    take_tokens(s, "p1", "influence", 2)
    for c in ("far_east_2", "india_1", "africa_1", "north_america_1"):  # far_east_2 = F2 W1
        give_card(s, "p1", c)
    p = s.players["p1"]
    assert track_values(p)["influence"] == 4 and card_limit(p) == 3
    s = _discard_state(s)
    s = act(s, "p1", DiscardCard(card="far_east_2"))
    p = s.players["p1"]
    assert card_limit(p) == 2 and not hand_valid(p)
    assert only(s) == "p1" and EndDiscard() not in legal(s, "p1")
    s = act(s, "p1", DiscardCard(card="india_1"))
    assert hand_valid(s.players["p1"])


def test_end_r88_t14_governor_slot_moves_and_discard() -> None:
    """END-R85 / END-R86 / END-R88 / END-T14: an unslotted governor counts; discarding removes it."""
    s = started(2)
    s.players["p1"].governor_slot = s.governors.pop("india")  # C2 F1
    give_card(s, "p1", "africa_1")
    s = _discard_state(s)
    assert breakdown(s, "p1")["buildings_cards"] == 0
    s = act(s, "p1", UnslotGovernor())
    p = s.players["p1"]
    assert p.governor_slot is None and "governor_india" in p.cards
    assert card_limit(p) == 1 and not hand_valid(p)  # 2 regular cards, limit 1
    assert SlotGovernor(card="governor_india") not in legal(s, "p1")  # one arrangement (issue 13)
    s = act(s, "p1", DiscardCard(card="governor_india"))
    p = s.players["p1"]
    assert "governor_india" in s.removed_governors and "governor_india" not in s.discard_pile
    assert track_values(p)["culture"] == 0
    assert breakdown(s, "p1")["buildings_cards"] == 3


def test_discard_phase_is_skipped_when_nothing_to_decide() -> None:
    s = action_phase(started(2))
    for _ in range(3):
        s.players["p1"].cards.append(s.decks["europe"].pop())  # F1 each: limit 2, 3 cards
    s.passed = ["p2"]
    set_action_seat(s, "p1")
    s = act(s, "p1", legal(s, "p1")[-1])  # pass: the action phase ends
    assert only(s) == "p1" and s.queue[0].kind == "discard"
    s = act(s, "p1", DiscardCard(card="europe_0"))
    # p1 is valid again and p2 has nothing to decide: the next round starts
    assert s.round == 2 and s.queue[0].kind == "build"
    assert not SPEC.invariants(s)


def test_end_r88_slotted_governor_prompt_only_in_the_last_round() -> None:
    """END-R85 / END-R88: a slotted governor is worth moving out only before final scoring."""
    from rules.endeavor.flow import advance

    s = started(2)
    s.players["p1"].governor_slot = s.governors.pop("india")
    for rnd, asked in ((1, False), (7, True)):
        t = s.model_copy(deep=True)
        t.round = rnd
        set_steps(t, [Step(kind="discard", seat="p1"), Step(kind="discard", seat="p2")])
        advance(t, [])
        assert (t.queue[:1] == [Step(kind="discard", seat="p1")]) == asked
    u = s.model_copy(deep=True)
    u.players["p1"].cards.append(u.players["p1"].governor_slot or "")
    u.players["p1"].governor_slot = None
    set_steps(u, [Step(kind="discard", seat="p1")])
    advance(u, [])
    assert u.queue == [Step(kind="discard", seat="p1")]  # a governor could go into the slot
