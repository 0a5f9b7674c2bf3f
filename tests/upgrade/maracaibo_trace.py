"""Step digests of Maracaibo games (``decision_trace``) for every setting its decision stack
has: 1-4 players, the solo difficulties, and campaign games with story votes (D20).

Like ``decision_trace`` it imports only ``rules`` and the upgrade helpers, so it runs
against any checkout that has them: ``PYTHONPATH=<checkout> python
tests/upgrade/maracaibo_trace.py [SEEDS]`` prints one line per game, to ``diff`` with
another checkout's. A campaign game is played with the campaign tests' story cards
(``maracaibo_stories``): random campaign games from the start (a line says how many vote
steps each reached), then games from the round-1 scoring where a player claimed story tile
S1, so that the back of card 01 is voted on (``make_decision_snapshots._maracaibo_vote``),
each with its random votes and play after.
"""

from __future__ import annotations

import hashlib
import random
import sys
from typing import Any

from rules.registry import GAMES
from tests.upgrade.decision_trace import play
from tests.upgrade.maracaibo_stories import stories

DIFFICULTIES = ("very_easy", "easy", "normal", "hard", "very_hard")


def _digest(state: Any, seed: int) -> tuple[int, int, str]:
    spec = GAMES["maracaibo"]
    whole = hashlib.sha256()
    steps = votes = 0
    for before, step in play(spec, state, random.Random(seed)):
        top = before.stack[-1] if before.stack else None
        votes += top is not None and top.kind == "vote"
        whole.update(step.digest.encode())
        steps += 1
    return steps, votes, whole.hexdigest()[:16]


def _new(raw: dict[str, Any], seed: int, version: int | None = None) -> Any:
    spec = GAMES["maracaibo"]
    options = spec.Options.model_validate(raw)
    seats = [f"p{i + 1}" for i in range(int(raw["players"]))]
    return spec.new_game(seats, options, seed, rules_version=version)


def _vote_start(players: int, reader: str, version: int, seed: int) -> Any:
    """The round-1 scoring of a campaign game where ``reader`` claimed story tile S1."""
    from rules.maracaibo.model import Scoring
    from rules.maracaibo.ops import run

    spec = GAMES["maracaibo"]
    s = _new({"players": players, "campaign": True}, seed, version)
    rnd = random.Random(seed)
    while s.phase == "setup":
        seat = sorted(spec.to_act(s))[0]
        legal = spec.legal_actions(s, seat)
        s = spec.apply(s, seat, legal[rnd.randrange(len(legal))]).state
    s = s.copied()
    for loc, tiles in list(s.board.quests.items()):
        if "S1" in tiles:
            s.board.quests[loc] = [t for t in tiles if t != "S1"]
            if not s.board.quests[loc]:
                del s.board.quests[loc]
    s.players[reader].quests.append("S1")
    s.phase = "scoring"
    s.scoring = Scoring(kind="interim", trigger=s.active)
    _leave_turn(s)
    run(s, [])
    return s


def _leave_turn(s: Any) -> None:
    """The turn's own decision, where the engine keeps one on its stack, is left (the
    scoring starts after the turn)."""
    s.stack = [d for d in s.stack if d.kind != "turn"]


def main(argv: list[str]) -> int:
    seeds = int(argv[0]) if argv else 10
    for players in range(1, 5):
        for seed in range(seeds):
            raw: dict[str, Any] = {"players": players}
            steps, _, digest = _digest(_new(raw, seed), seed)
            print(f"{players}p seed {seed}: {steps} steps {digest}", flush=True)
    for difficulty in DIFFICULTIES:
        for seed in range(2):
            raw = {"players": 1, "difficulty": difficulty}
            steps, _, digest = _digest(_new(raw, 100 + seed), seed)
            print(f"solo {difficulty} seed {100 + seed}: {steps} steps {digest}", flush=True)
    with stories():
        for players in range(1, 5):
            for seed in range(2):
                raw = {"players": players, "campaign": True}
                steps, votes, digest = _digest(_new(raw, 200 + seed), seed)
                line = f"campaign {players}p seed {200 + seed}: {steps} steps, {votes} votes"
                print(f"{line} {digest}", flush=True)
        for players in range(2, 5):
            for version in (1, 2):
                for seed in range(3):
                    reader = f"p{seed % players + 1}"
                    start = _vote_start(players, reader, version, 300 + seed)
                    steps, votes, digest = _digest(start, seed)
                    line = f"vote {players}p v{version} reader {reader} seed {300 + seed}"
                    print(f"{line}: {steps} steps, {votes} votes {digest}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
