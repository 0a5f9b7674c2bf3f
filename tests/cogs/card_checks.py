"""Issue 19 checks made inside the whole Korean games (tests/cogs/test_korean_games.py): every
card a player chooses shows its cost and effect in the menu, the hand lists every held card's
text, and the automa's turns are told."""

from __future__ import annotations

from typing import Any

from bot.i18n import tx
from bot.menu import DETAIL_LIMIT
from tests.harness import Reply, select_options

# actions that choose a component a player must be able to read (by game)
CARD_CHOICES: dict[str, set[str]] = {
    "maracaibo": {
        "setup_career",
        "setup_plan",
        "setup_discard",
        "plan",
        "buy",
        "discard",
        "deliver",
        "invest",
    },
    "endeavor": {
        "choose_start",
        "build",
        "remove_building",
        "activate",
        "payment",
        "pay_salary",
        "draw_deck",
        "draw_discard",
        "discard_card",
        "slot_governor",
        "place_governor",
        "sf_draw",
    },
    "ilos": {
        "play_ship",
        "play_farm",
        "play_gold_mine",
        "play_building",
        "play_ruins",
        "play_market",
    },
    "renaissance": {"play_card", "return_card", "give_card", "buy_advance"},
}
# choices that are no card but must say what they do as well (issue 19: where a ship sails,
# where an explorer stops, what a combat action costs and gives)
SAID: dict[str, set[str]] = {"maracaibo": {"sail", "explore", "combat_action"}}
# the whole Korean games check the card choices of these games (Maracaibo: spec 8, 9.1, 9.2, 10)
WHOLE_GAME_CARD_CHECKS = frozenset({"maracaibo"})
COST = {"maracaibo": "비용"}


def _clip(text: str) -> str:
    return text if len(text) <= DETAIL_LIMIT else text[: DETAIL_LIMIT - 1] + "…"


def check_menu_details(kind: str, spec: Any, state: Any, seat: str, menu: Reply) -> int:
    """Every select option carries its action's detail as its description (and only select
    options: a choice with a detail is never a bare button); every card choice has one with
    the card's cost and effect. Returns how many card choices were checked."""
    actions = spec.legal_actions(state, seat)
    checked = 0
    buttons = [i for i in menu.custom_ids if i.startswith("rf:act:")]
    for custom_id in buttons:
        index = int(custom_id.rsplit(":", 1)[1])
        assert spec.describe_detail(state, seat, actions[index]) is None, (
            f"{actions[index]} has a detail but is a button without a description"
        )
    for select, options in select_options(menu.components).items():
        if not select.startswith("rf:sel:"):
            continue  # a many-choice select names items, not legal actions
        for option in options:
            action = actions[int(option["value"])]
            detail = spec.describe_detail(state, seat, action)
            shown = option.get("description") or ""
            if detail is None:
                assert not shown, option
                continue
            assert shown == _clip(tx(detail, "ko")), (shown, action)
            if kind in WHOLE_GAME_CARD_CHECKS and action.type in CARD_CHOICES[kind]:
                checked += 1
                assert shown, f"no description for {action}"
                if action.type != "setup_career" and kind in COST:
                    assert COST[kind] in shown, f"no cost in {shown!r}"
    for action in actions:
        if kind in WHOLE_GAME_CARD_CHECKS and action.type in CARD_CHOICES[kind] | SAID[kind]:
            assert spec.describe_detail(state, seat, action) is not None, action
    return checked


def check_hand_text(kind: str, state: Any, seat: str, hand: Reply) -> int:
    """/game hand: the text sent with the hand image names every held card with its text."""
    if kind != "maracaibo":
        return 0
    from rules.maracaibo import cardtext as ct

    p = state.players[seat]
    for card in [*p.hand, *p.plan]:
        assert tx(ct.card_name(card), "ko") in hand.content, card
        assert tx(ct.card_detail(card), "ko") in hand.content, card
    return len(p.hand) + len(p.plan)


def jean_played(before: Any, after: Any) -> bool:
    """Did Jean (Maracaibo's automa) take a turn between two states? She plays one automa
    card from her deck each turn (MAR-J3)."""
    j0, j1 = getattr(before, "jean", None), getattr(after, "jean", None)
    if j0 is None or j1 is None:
        return False
    return (len(j0.deck), len(j0.discard)) != (len(j1.deck), len(j1.discard))


def jean_changed(before: Any, after: Any) -> bool:
    """Did anything of Jean's change (a turn, or points at a scoring)?"""
    j0, j1 = getattr(before, "jean", None), getattr(after, "jean", None)
    return j0 is not None and j1 is not None and j0 != j1
