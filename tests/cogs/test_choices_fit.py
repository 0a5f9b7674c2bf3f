"""Choices that fit the decision (issue 19 point 5), through the harness in Korean: a bid is
one number input (a modal) with its unit and range, validated strictly; keeping the Ilos
opening hand is a button; the action that ends a turn is a button on the first page."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import spec_of
from db.store import GameRecord
from tests.cogs.helpers import open_id, open_table, press_action, prompt
from tests.harness import Harness, Reply, select_options

NAMES = ["민지", "서준", "하린"]


async def _state(h: Harness) -> tuple[GameRecord, Any]:
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None
    return game, h.bot.service.state_of(game)


def _modal_input(shown: Reply) -> tuple[str, dict[str, Any]]:
    modal = shown.result.modal
    assert modal is not None, "the button answers with a number input"
    field = next(
        c for row in modal["components"] for c in row.get("components", [row]) if c["type"] == 4
    )
    return modal["title"], field


async def _bid(h: Harness, member: Any, menu: Reply, typed: str) -> Reply:
    button = next(i for i in menu.custom_ids if i.startswith("rf:num:"))
    shown = await h.click(member, menu, custom_id=button)
    _title, field = _modal_input(shown)
    return await h.submit_modal(member, shown, {field["custom_id"]: typed})


@pytest.mark.guild_locale("ko")
async def test_issue19_5_aor_r13_r20_bids_are_a_number_input_with_unit_and_range(
    harness: Harness,
) -> None:
    h = harness
    members = [h.member(n, locale="ko") for n in NAMES]
    await open_table(h, "renaissance", NAMES)
    game, state = await _state(h)
    spec = spec_of(game)
    for member in members:
        seat = game.seat_of(member.id)
        assert seat is not None
        while seat in spec.to_act(state):
            menu = await h.click(member, prompt(h), custom_id=open_id(prompt(h)))
            if any(i.startswith("rf:num:") for i in menu.custom_ids):
                break
            await press_action(h, member, menu, spec, state, 0)
            game, state = await _state(h)
        # AOR-R13: the capital bid, $0-$40, as one number input
        assert "수도 입찰" in menu.content and "$" in menu.content and "0~40" in menu.content
        assert not any(i.startswith(("rf:act:", "rf:sel:")) for i in menu.custom_ids)
        button = next(i for i in menu.custom_ids if i.startswith("rf:num:"))
        title, field = _modal_input(await h.click(member, menu, custom_id=button))
        assert title == "수도 입찰" and "$" in field["label"] and "0~40" in field["label"]
        for bad in ("41", "-1", "abc", "1 2", "٣"):
            refused = await _bid(h, member, menu, bad)
            assert "0부터 40까지의 정수" in refused.content, (bad, refused.content)
            after, _ = await _state(h)
            assert after.version == game.version, "a bad number changes nothing"
        await _bid(h, member, menu, "12" if member is members[0] else "3")
        game, state = await _state(h)
        assert state.players[seat].capital_bid == (12 if member is members[0] else 3)

    # AOR-R20: the order-of-play bid, -cash…cash, negative numbers typed either way
    for member in members:
        seat = game.seat_of(member.id)
        assert seat is not None
        if seat not in spec.to_act(state):
            continue
        menu = await h.click(member, prompt(h), custom_id=open_id(prompt(h)))
        cash = state.players[seat].cash
        assert "플레이 순서 입찰" in menu.content and f"-{cash}~{cash}" in menu.content
        refused = await _bid(h, member, menu, str(cash + 1))
        assert "정수를 적어 주세요" in refused.content
        await _bid(h, member, menu, "−1")
        game, state = await _state(h)
        break
    else:
        pytest.fail("no order-of-play bid followed the setup")
    assert state.players[seat].token_bid == -1, "the secret bid is kept until all have bid"


@pytest.mark.guild_locale("ko")
async def test_issue19_5_ilos_keeping_the_opening_hand_is_a_button(harness: Harness) -> None:
    """ILOS-D03: the mulligan's multi-select picks cards to return; keeping is one button."""
    h = harness
    members = [h.member(n, locale="ko") for n in NAMES[:2]]
    await open_table(h, "ilos", NAMES[:2])
    game, state = await _state(h)
    spec = spec_of(game)
    seat = sorted(spec.to_act(state))[0]
    actor = next(m for m in members if game.seat_of(m.id) == seat)
    menu = await h.click(actor, prompt(h), custom_id=open_id(prompt(h)))
    assert "처음 손패 그대로 두기" in menu.labels()
    many = next(i for i in menu.custom_ids if i.startswith("rf:many:"))
    assert select_options(menu.components)[many], "the cards to return are still offered"
    await h.click(actor, menu, label="처음 손패 그대로 두기")
    after, now = await _state(h)
    assert after.version == game.version + 1
    assert now.player(seat).hand == state.player(seat).hand, "the hand was kept"
