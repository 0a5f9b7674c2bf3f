"""Games started before the 256-bit secrets (issue 18 point 1) keep their generator.

Each log in ``logs/`` is a whole random game with a small seed, written by the engine before
the keyed generator existed (commit c328874), with the state hash that engine printed; it must
replay to exactly that state, draw for draw. The state is hashed in the shape that engine
stored (``legacy_shapes``: the pending decisions moved onto a stack since, issue 22.1).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.core.replay import GameLog, replay
from rules.registry import GAMES
from tests.upgrade.legacy_shapes import old_shape_hash

LOGS = Path(__file__).resolve().parent / "logs"

HASHES = {
    "endeavor": "c2dc36235b2355126c80828d156c14964a40a5b012db8ecd2005394ab8511f8b",
    "ilos": "bfe475d877cd3d0f2786c31736e7a077c29cd96483b6621a9140ff3954e51785",
    "maracaibo": "d75849163ffe0e399158b57539717ca4494cb65503e3e89784d5a9469801fd68",
    "renaissance": "bc228df9941a16963331ec9d07d43a0686695c32cc6e50c80ec720b7e3547fe4",
}


@pytest.mark.parametrize("kind", sorted(HASHES))
def test_a_small_seed_game_replays_to_its_old_state(kind: str) -> None:
    log = GameLog.model_validate(json.loads((LOGS / f"splitmix_{kind}.json").read_text()))
    assert log.seed < 2**64
    state = replay(GAMES[kind], log)
    assert not state.rng.keyed
    assert old_shape_hash(state) == HASHES[kind]
