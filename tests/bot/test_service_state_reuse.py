"""Issue 23: ``GameService`` reuses the state it parsed or wrote only for the very same stored
text; a change made through another service on the same store is read, never a kept state."""

from __future__ import annotations

import random
from pathlib import Path

from bot.service import GameService, Player
from db import store_for
from rules.core.bots import random_action
from rules.registry import GAMES


async def test_issue23_a_state_kept_in_memory_never_hides_another_writers_move(
    tmp_path: Path,
) -> None:
    store = store_for(str(tmp_path / "games.sqlite3"))
    await store.open()
    try:
        first, second = GameService(store), GameService(store)
        players = [Player(user_id=10 + i, name=f"p{i}") for i in range(4)]
        await first.new_game(1, 1, "endeavor", players[0])
        for p in players[1:]:
            await first.join(1, p)
        await first.start(1, players[0])
        rnd = random.Random(7)
        spec = GAMES["endeavor"]
        for step in range(12):  # the two services take turns: each one's kept state goes stale
            service = (first, second)[step % 2]
            game = await service.current(1)
            assert game.state_json is not None
            state = service.state_of(game)
            assert state == spec.load_state(game.state_json)
            seat = sorted(spec.to_act(state))[0]
            user = next(s.user_id for s in game.seats if s.seat == seat)
            assert user is not None
            outcome = await service.act(1, user, lambda st, se: [random_action(spec, st, se, rnd)])
            assert outcome.state is not None
            other = (second, first)[step % 2]
            now = await other.current(1)
            assert now.version == outcome.game.version
            assert other.state_of(now) == outcome.state
    finally:
        await store.close()
