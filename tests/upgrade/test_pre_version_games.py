"""Issue 17.1: games written before rules versions existed are matched to the version that
reproduces them, and play on under it.

The release of 2026-11-21 (0676d92) let a player take every tile-placement step in Ilos and put
a gained Endeavor governor straight into an empty governor slot; later releases take forced
placement steps automatically (Ilos) and ask where a governor goes (Endeavor DP17). Those old
behaviours are version 0 of each game.
"""

from __future__ import annotations

from pathlib import Path

from db.snapshot import read_sqlite
from db.verify import replay_problems
from rules.core.replay import GameSetup, version_of
from rules.registry import GAMES

RELEASES = Path(__file__).parent / "releases"


def _versions(release: str) -> dict[int, tuple[str, int]]:
    snapshot = read_sqlite(RELEASES / f"{release}.sqlite3")
    logs = snapshot.logs()
    found = {}
    for game in snapshot.games:
        if game.state_json is None:
            continue
        record = game.record()
        setup = GameSetup(
            seats=[s.seat for s in record.seats],
            options=record.options,
            seed=record.seed,
            campaign=record.campaign,
        )
        entries = [(a.seat, a.action_json) for a in logs[game.id] if not a.undone]
        found[game.id] = (game.kind, version_of(GAMES[game.kind], setup, game.state_json, entries))
    return found


def test_old_release_games_are_found_to_play_version_0_where_replay_needs_it() -> None:
    """ILOS-D (forced steps) and END DP17 / END-R64: the 0676d92 games that reach those steps
    replay only under version 0; the others under version 1; db check finds no problem."""
    versions = _versions("0676d92")
    zero = {gid for gid, (_kind, v) in versions.items() if v == 0}
    assert {kind for gid, (kind, _v) in versions.items() if gid in zero} == {"ilos", "endeavor"}
    assert all(v in (0, 1) for _kind, v in versions.values())
    assert replay_problems(read_sqlite(RELEASES / "0676d92.sqlite3")) == []


def test_games_of_the_release_before_versions_replay_as_version_1() -> None:
    """1eab34d already had today's forced steps and DP17: none of its games is version 0."""
    assert all(v == 1 for _kind, v in _versions("1eab34d").values())
