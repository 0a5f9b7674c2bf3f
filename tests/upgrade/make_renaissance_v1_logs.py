"""Write the Age of Renaissance rules-version-1 replay fixtures (``renaissance_v1_*.json``).

Run once with the engine of version 1 (before the version-2 changes), from the tree root::

    python -m tests.upgrade.make_renaissance_v1_logs

Each fixture is a ``rules.core.replay.GameLog`` (``rules_version: 1``) of a game played by the
steered test bot (tests/rules/renaissance/renaissance_bot.py), plus the hash of its final
state. ``test_renaissance_versions.py`` replays them under every later engine and checks the
hash (``v1_logs.rules_hash``): version 1 games keep their rules. The ``time_up`` game has one player declare the
agreed time over in turn 3 (the version-1 rule: the next turn is the last).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from rules.core.replay import GameLog, LoggedAction
from rules.renaissance.actions import TimeUp
from rules.renaissance.model import Options
from rules.renaissance.spec import SPEC
from tests.rules.renaissance.renaissance_bot import steer
from tests.upgrade.v1_logs import rules_hash

HERE = Path(__file__).resolve().parent

GAMES: dict[str, tuple[int, int, dict[str, object]]] = {
    "3p_source": (3, 2, {"end_condition": "epochs_2"}),
    "4p_source": (4, 1, {"end_condition": "epochs_2"}),
    "5p_euro": (5, 3, {"end_condition": "epochs_2", "preset": "euro1999"}),
    "4p_time_up": (4, 5, {"end_condition": "epochs_3", "time_limit_minutes": 600}),
}


def record(players: int, seed: int, raw: dict[str, object]) -> dict[str, object]:
    options = Options.model_validate({"players": players, **raw})
    seats = [f"p{i + 1}" for i in range(players)]
    state = SPEC.new_game(seats, options, seed, rules_version=1)
    log = GameLog(
        game="renaissance",
        seats=seats,
        seed=seed,
        options=options.model_dump(mode="json"),
        rules_version=1,
    )
    rnd = random.Random(seed)
    declared = False
    for _ in range(20_000):
        if SPEC.is_over(state):
            break
        at_turn_3 = (state.turn, state.phase) == (3, "play")
        if options.time_limit_minutes and not declared and at_turn_3:
            declared = True
            state = SPEC.apply(state, "p2", TimeUp()).state
            log.actions.append(LoggedAction(seat="p2", action=TimeUp().model_dump(mode="json")))
            continue
        seat = sorted(SPEC.to_act(state))[0]
        action = steer(state, seat, rnd)
        state = SPEC.apply(state, seat, action).state
        log.actions.append(LoggedAction(seat=seat, action=action.model_dump(mode="json")))
    assert SPEC.is_over(state)
    return {"log": log.model_dump(mode="json"), "final_hash": rules_hash(state)}


def main() -> None:
    for name, (players, seed, raw) in GAMES.items():
        path = HERE / "logs" / f"renaissance_v1_{name}.json"
        path.parent.mkdir(exist_ok=True)
        path.write_text(json.dumps(record(players, seed, raw), separators=(",", ":")) + "\n")
        print(path.name, path.stat().st_size)


if __name__ == "__main__":
    main()
