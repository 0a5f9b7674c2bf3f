"""A database with real games of every registered kind, played by random legal moves.

For each game kind: a finished game, a running one, a running one with a takeback (undone
log rows kept), a lobby and an abandoned game; plus a campaign, an open takeback request
with an approval, a claimed reminder, an open seat offer with the taker's consent and a
remembered DM with the closed-DM notice claimed. Every stored state is what the engine produced,
so every log replays to its state.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from db.store import DirectMessage, GameRecord, GameStore, NewAction, SeatRecord
from rules.core.bots import random_action, seat_names
from rules.registry import GAMES


@dataclass
class Populated:
    finished: dict[str, int] = field(default_factory=dict)
    running: dict[str, int] = field(default_factory=dict)
    with_undo: dict[str, int] = field(default_factory=dict)
    lobby: dict[str, int] = field(default_factory=dict)
    abandoned: dict[str, int] = field(default_factory=dict)

    def all_ids(self) -> list[int]:
        return sorted(
            i
            for group in (self.finished, self.running, self.with_undo, self.lobby, self.abandoned)
            for i in group.values()
        )


async def start(store: GameStore, kind: str, channel_id: int, seed: int) -> tuple[GameRecord, Any]:
    spec = GAMES[kind]
    players = spec.min_players
    seats = [SeatRecord(s, 1000 + i, f"Player {i}") for i, s in enumerate(seat_names(players))]
    game = await store.create_game(
        channel_id=channel_id,
        guild_id=42,
        kind=kind,
        creator_id=1000,
        options={"players": players},
        seed=seed,
        seats=seats,
    )
    options = spec.Options.model_validate({"players": players})
    state = spec.new_game([s.seat for s in seats], options, seed)
    game = await store.update_game(
        game.id,
        game.version,
        options=options.model_dump(mode="json"),
        status="active",
        state_json=state.model_dump_json(),
    )
    return game, state


async def play(
    store: GameStore,
    game: GameRecord,
    state: Any,
    steps: int | None,
    rnd: random.Random,
    *,
    batch: int = 6,
) -> tuple[GameRecord, Any]:
    """Play ``steps`` random actions (None: to the end), ``batch`` actions per write."""
    spec = GAMES[game.kind]
    played = 0
    while not spec.is_over(state) and (steps is None or played < steps):
        pending: list[NewAction] = []
        while len(pending) < batch and not spec.is_over(state):
            if steps is not None and played >= steps:
                break
            seat = sorted(spec.to_act(state))[0]
            action = random_action(spec, state, seat, rnd)
            result = spec.apply(state, seat, action)
            state = result.state
            user = game.user_of(seat)
            pending.append(
                NewAction(
                    seat=seat,
                    user_id=user.user_id if user else None,
                    action_json=spec.dump_action(action),
                    interaction_id=rnd.randrange(1, 2**62) if rnd.random() < 0.5 else None,
                    reveals=any(e.reveals for e in result.events),
                )
            )
            played += 1
        over = spec.is_over(state)
        game = await store.record_actions(
            game.id,
            game.version,
            pending,
            state.model_dump_json(),
            "finished" if over else "active",
        )
    return game, state


async def populate(store: GameStore, seed: int = 7) -> Populated:
    rnd = random.Random(seed)
    made = Populated()
    channel = 10_000
    for kind in sorted(GAMES):
        spec = GAMES[kind]
        channel += 1
        game, state = await start(store, kind, channel, rnd.randrange(2**40))
        game, _ = await play(store, game, state, None, rnd)
        assert game.status == "finished"
        made.finished[kind] = game.id

        channel += 1
        game, state = await start(store, kind, channel, rnd.randrange(2**40))
        game, _ = await play(store, game, state, 9, rnd, batch=2)
        made.running[kind] = game.id
        await store.put_campaign(channel, kind, {"games": 1, "note": "항구"})
        await store.request_undo(game.id, game.version, 1001, 3)
        await store.approve_undo(game.id, game.version, 1000)
        await store.claim_reminder(game.id, game.version)
        await store.consent_to_seat(game.id, 1000, 1002, "take", 1002, "새 선수")
        await store.keep_own_dm(game.id, 1001, DirectMessage(77, 78))
        await store.claim_dm_closed_notice(game.id, 1000)

        channel += 1
        game, state = await start(store, kind, channel, rnd.randrange(2**40))
        game, state = await play(store, game, state, 6, rnd, batch=1)
        log = await store.actions(game.id)
        keep = log[2].seq
        options = spec.Options.model_validate(game.options)
        back = spec.new_game([s.seat for s in game.seats], options, game.seed)
        for entry in log[:3]:
            back = spec.apply(back, entry.seat, spec.parse_action(entry.action_json)).state
        game = await store.undo_to(game.id, game.version, keep, back.model_dump_json())
        game, _ = await play(store, game, back, 2, rnd, batch=1)
        made.with_undo[kind] = game.id

        channel += 1
        lobby = await store.create_game(
            channel_id=channel,
            guild_id=None,
            kind=kind,
            creator_id=1000,
            options={},
            seed=rnd.randrange(2**64),  # beyond a signed 64-bit integer
            seats=[SeatRecord("", 1000, "Host"), SeatRecord("", None, "Bot 1")],
        )
        made.lobby[kind] = lobby.id

        channel += 1
        game, state = await start(store, kind, channel, rnd.randrange(2**40))
        game, _ = await play(store, game, state, 4, rnd)
        game = await store.update_game(game.id, game.version, status="abandoned")
        made.abandoned[kind] = game.id
    return made


def edit_a_hand(state_json: str) -> str:
    """The hand-edit of issue 9: the first non-empty list in the state grows to 99 items."""
    state = json.loads(state_json)

    def grow(value: Any) -> bool:
        if isinstance(value, list) and value:
            value.extend([value[0]] * (99 - len(value)))
            return True
        if isinstance(value, dict):
            return any(grow(v) for v in value.values())
        if isinstance(value, list):
            return any(grow(v) for v in value)
        return False

    assert grow(state), "no list to edit in the state"
    return json.dumps(state)
