"""Endeavor: Age of Sail in Discord: /endeavor commands and a whole 2-player game (spec section 12)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from bot.i18n import tx
from bot.service import names_of, spec_of
from tests.cogs.helpers import acting_member, open_id, open_table, press_first_choice, prompt
from tests.harness import Harness, custom_ids, select_options

KIND = "endeavor"
# Options a player rarely wants when others exist; a random player that kept picking them would
# pass away whole Action phases or loop activate/cancel (END-R40, DP08).
UNLIKELY = {"Pass", "Cancel", "Move governor out of the slot"}


async def _game_and_state(h: Harness) -> tuple[Any, Any]:
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None
    return game, h.bot.service.state_of(game)


def _legal_labels(game: Any, state: Any, seat: str, group: str) -> list[str]:
    spec = spec_of(game)
    return [
        tx(spec.describe_action(state, seat, a), "en", names_of(game))[:100]
        for a in spec.legal_actions(state, seat)
        if spec.action_group(a) == group
    ]


async def test_end_dp03_start_building_autocomplete_offers_only_legal_choices_and_applies(
    harness: Harness,
) -> None:
    """DP03 / END-R17: the first player picks Colonial House or Trade Wharf via /endeavor."""
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"])
    actor = acting_member(h, members)
    other = next(m for m in members if m is not actor)
    game, state = await _game_and_state(h)
    seat = game.seat_of(actor.id)
    offered = await h.autocomplete(actor, "endeavor start-building", "choice", "")
    names = [c["name"] for c in offered]
    assert sorted(names) == sorted(_legal_labels(game, state, seat, "setup"))
    assert len(names) == 2 and any("Trade Wharf" in n for n in names)
    assert await h.autocomplete(actor, "endeavor build", "choice", "") == [], (
        "no building may be taken during setup"
    )
    assert await h.autocomplete(other, "endeavor start-building", "choice", "") == [], (
        "the player who is not to act is offered nothing"
    )
    typed = await h.autocomplete(actor, "endeavor start-building", "choice", "wharf")
    assert [c["name"] for c in typed] == [n for n in names if "wharf" in n.lower()]

    pick = typed[0]
    reply = await h.slash(actor, "endeavor start-building", choice=pick["value"])
    assert reply.ephemeral and "out of date" not in reply.content
    after, _ = await _game_and_state(h)
    assert after.version == game.version + 1
    log = await h.bot.store.actions(after.id)
    assert len(log) == 1 and log[0].user_id == actor.id and log[0].seat == seat
    assert json.loads(log[0].action_json) == {"type": "choose_start", "building": "trade_wharf"}
    assert "Trade Wharf" in h.last_message().content, "the channel was not told"


async def test_end_dp03_choice_from_an_older_version_is_refused_and_changes_nothing(
    harness: Harness,
) -> None:
    """A value autocompleted before the game moved on is out of date (DP03 choices)."""
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"])
    first = acting_member(h, members)
    old = await h.autocomplete(first, "endeavor start-building", "choice", "")
    assert old
    menu = await h.click(first, prompt(h), custom_id=open_id(prompt(h)))
    await press_first_choice(h, first, menu)
    game, _ = await _game_and_state(h)
    before = len(await h.bot.store.actions(game.id))
    posts = len(h.messages())
    second = acting_member(h, members)
    for member in {first, second}:
        stale = await h.slash(member, "endeavor start-building", choice=old[-1]["value"])
        assert stale.ephemeral and "out of date" in stale.content
    now, _ = await _game_and_state(h)
    assert now.version == game.version
    assert len(await h.bot.store.actions(now.id)) == before
    assert len(h.messages()) == posts


async def test_end_dp08_pass_finish_cancel_only_when_the_engine_offers_them(
    harness: Harness,
) -> None:
    """DP08/DP09: /endeavor pass, finish and cancel are refused outside their moment."""
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"])
    actor = acting_member(h, members)
    other = next(m for m in members if m is not actor)
    game, _ = await _game_and_state(h)
    for name in ("pass", "finish", "cancel"):
        refused = await h.slash(actor, f"endeavor {name}")
        assert refused.ephemeral and "not possible right now" in refused.content, refused.content
    waiting = await h.slash(other, "endeavor pass")
    assert "not your turn" in waiting.content
    stranger = await h.slash(h.member("mallory"), "endeavor pass")
    assert "do not have a seat" in stranger.content
    after, _ = await _game_and_state(h)
    assert after.version == game.version and not await h.bot.store.actions(after.id)


def _offered(menu: Any) -> list[tuple[str, tuple[str, ...]]]:
    """Every option of the private menu's first page: (label, how to choose it)."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for component in _walk(menu.components):
        cid = component.get("custom_id", "")
        if component.get("type") == 2 and cid.startswith("rf:act:"):
            out.append((component.get("label", ""), ("click", cid)))
    for cid, options in select_options(menu.components).items():
        out += [(o["label"], ("select", cid, o["value"])) for o in options]
    return out


def _walk(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for c in components:
        out.append(c)
        out += _walk(c.get("components", []))
    return out


def _latest_prompt(messages: list[Any]) -> Any | None:
    for message in reversed(messages):
        ids = custom_ids([c.to_dict() for c in message.components])
        if any(i.startswith("rf:open:") for i in ids):
            return message
    return None


async def test_end_whole_two_player_game_played_in_discord(harness: Harness) -> None:
    """END DP03-DP18 through Discord: two users play a 2-player game to the final scores.

    Each step the mentioned user presses "Take your turn" on the latest channel prompt and
    picks a seeded-random option of the private menu. Between steps 30 s of virtual time pass
    (players think); this also lets discord.py's 15-minute ephemeral-view timers expire as
    they would in a real game, instead of piling up in the simulator.
    """
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"])
    game, _ = await _game_and_state(h)
    rnd = random.Random(20261121)
    steps = 0
    by_member = {m.id: 0 for m in members}
    while True:
        messages = h.messages()
        if "Game over" in messages[-1].content:
            break
        assert steps < 600, "the game did not end"
        message = _latest_prompt(messages)
        assert message is not None, "no turn prompt in the channel"
        actor = next(m for m in members if f"<@{m.id}>" in message.content.split("To act:")[-1])
        menu = await h.click(actor, message, custom_id=open_id(message))
        options = _offered(menu)
        assert options, menu.content
        wanted = [o for o in options if o[0] not in UNLIKELY] or options
        _label, how = rnd.choice(wanted)
        if how[0] == "click":
            reply = await h.click(actor, menu, custom_id=how[1])
        else:
            reply = await h.select(actor, menu, how[1], [how[2]])
        assert "out of date" not in reply.content and "Not allowed" not in reply.content
        steps += 1
        by_member[actor.id] += 1
        await h.advance(30)

    assert all(n > 20 for n in by_member.values()), by_member
    final = await h.bot.store.get_game(game.id)
    assert final is not None and final.status == "finished" and final.state_json is not None
    log = await h.bot.store.actions(game.id)
    assert len(log) == steps and all(a.user_id in by_member for a in log), "a move was lost"

    state = spec_of(final).load_state(final.state_json)
    scores = spec_of(final).scores(state)
    text = h.last_message().content
    names = names_of(final)
    for row in scores.seats:
        assert re.search(rf"{row.rank}\. {names[row.seat]}: \*\*{row.total}\*\*", text), text
        assert sum(row.breakdown.values()) == row.total
    assert {names[r.seat] for r in scores.seats} == {"alice", "bob"}


async def test_end_r_phase_order_on_demand_by_any_seated_player(harness: Harness) -> None:
    """Player-by-player mode: any seated player may demand the strict phase order at any time,
    also when it is not their turn (KO: 「누구든 … 단계마다 순서대로 진행하도록 요구할 수 있습니다」);
    outside that mode, and for people without a seat, the command is refused."""
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"], "player_by_player=true")
    actor = acting_member(h, members)
    other = next(m for m in members if m is not actor)
    game, _ = await _game_and_state(h)
    stranger = await h.slash(h.member("mallory"), "endeavor phase-order")
    assert "do not have a seat" in stranger.content
    done = await h.slash(other, "endeavor phase-order")
    assert done.ephemeral and "not possible" not in done.content, done.content
    after, _ = await _game_and_state(h)
    assert after.version == game.version + 1
    log = await h.bot.store.actions(after.id)
    assert (
        log[-1].user_id == other.id
        and json.loads(log[-1].action_json)["type"] == "demand_phase_order"
    )
    again = await h.slash(actor, "endeavor phase-order")
    assert "not possible right now" in again.content, "demanding twice changes nothing"


async def test_end_r_phase_order_refused_in_phase_by_phase_games(harness: Harness) -> None:
    h = harness
    members = await open_table(h, KIND, ["alice", "bob"])
    refused = await h.slash(members[1], "endeavor phase-order")
    assert "not possible right now" in refused.content
