"""Write the Maracaibo and Endeavor rules-version-1 replay fixtures
(``maracaibo_v1_*.json``, ``endeavor_v1_*.json``).

Run once with the version-1 engines (before the version-2 changes), from the tree root::

    python -m tests.upgrade.make_maracaibo_endeavor_v1_logs

Each fixture holds a ``rules.core.replay.GameLog`` (``rules_version: 1``) of a whole seeded
random game and the hash of its final state (``v1_logs.rules_hash``: the state without the
data-set hash, so a later fix to descriptive data files does not read as a rules change).
``test_maracaibo_versions.py`` and ``test_endeavor_versions.py`` replay them under every later
engine and check the hash: games started on version 1 keep their rules.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from rules.core.replay import GameLog, LoggedAction
from rules.registry import GAMES
from tests.upgrade.v1_logs import rules_hash

HERE = Path(__file__).resolve().parent

PLAN: dict[str, list[tuple[dict[str, object], int]]] = {
    "maracaibo": [
        ({"players": 1}, 11),
        ({"players": 2}, 12),
        ({"players": 3}, 13),
        ({"players": 4}, 14),
    ],
    "endeavor": [
        ({"players": 2, "silent_fleet": True}, 21),
        ({"players": 2, "silent_fleet": True}, 34),  # version 2 would ask other SF choices
        ({"players": 2, "silent_fleet": True, "sf_restricted_occupy": True}, 22),
        ({"players": 3}, 23),
        ({"players": 4}, 24),
    ],
}


def main() -> None:
    for game, games in PLAN.items():
        spec = GAMES[game]
        for raw, seed in games:
            options = spec.Options.model_validate(raw)
            seats = [f"p{i + 1}" for i in range(options.players)]
            state = spec.new_game(seats, options, seed, rules_version=1)
            log = GameLog(
                game=game, seats=seats, seed=seed, options=options.model_dump(), rules_version=1
            )
            rnd = random.Random(seed)  # as rules.core.bots.play_random_game
            while not spec.is_over(state):
                seat = sorted(spec.to_act(state))[0]
                actions = spec.legal_actions(state, seat)
                action = actions[rnd.randrange(len(actions))]
                state = spec.apply(state, seat, action).state
                log.actions.append(LoggedAction(seat=seat, action=action.model_dump(mode="json")))
            sf = "_sf" if raw.get("silent_fleet") else ""
            path = HERE / "logs" / f"{game}_v1_{raw['players']}p{sf}_seed{seed}.json"
            path.parent.mkdir(exist_ok=True)
            fixture = {"log": log.model_dump(mode="json"), "final_hash": rules_hash(state)}
            path.write_text(json.dumps(fixture, separators=(",", ":")) + "\n")
            print(path.name, len(log.actions), path.stat().st_size)


if __name__ == "__main__":
    main()
