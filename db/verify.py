"""Does every stored game's log replay to its stored state?

A game is its seed, options, seats, starting campaign and log: ``new_game`` from those, then
every action that was not undone, in order, must give exactly the stored state (compared as
canonical JSON). This is the one check behind ``python -m db check`` and ``python -m db copy``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import fields
from typing import TYPE_CHECKING

from db.rows import Undecodable, chain_problem
from db.snapshot import ActionRow, GameRow, Snapshot
from db.store import state_digest

if TYPE_CHECKING:
    from rules.core.data import DataSet


def describe(game: GameRow) -> str:
    return f"game {game.id} (channel {game.channel_id}, {game.kind}, {game.status})"


def chain_walk(game: GameRow, played: Sequence[ActionRow]) -> str | None:
    """The hash chain of a game's live log, walked row by row: the stored state must be the
    one the game started with (nothing played) and every row must follow from the one before
    (an edited action, seat or state hash, a row removed, put in or damaged breaks it)."""
    assert game.state_json is not None
    if not played:
        if game.initial_hash is not None and state_digest(game.state_json) != game.initial_hash:
            return f"{describe(game)}: stored state is not the state the game started with"
        return None
    if all(a.chain_hash is None for a in played):
        return None  # logged before the chain existed, in a file no new store has opened
    return chain_problem(
        game.initial_hash,
        played,
        lambda seq: (
            f"{describe(game)}: logged action {seq} does not match the log's hash chain "
            "(edited or damaged)"
        ),
    )


def damaged_columns(game: GameRow, log: Sequence[ActionRow]) -> list[str]:
    """The columns of the game's row and log rows whose bytes are not UTF-8."""
    return [f.name for f in fields(game) if isinstance(getattr(game, f.name), Undecodable)] + [
        f"{f.name} of logged action {a.seq}"
        for a in log
        for f in fields(a)
        if isinstance(getattr(a, f.name), Undecodable)
    ]


def replay_problem(
    game: GameRow,
    log: Sequence[ActionRow],
    data_sets: Mapping[str, DataSet] | None = None,
    archived_scores: str | None = None,
) -> str | None:
    """What is wrong with this game's state and log (None: the log replays to the state).

    The game replays on its own rules version and component data set (``data_sets``: the
    sets the database holds, by hash; today's files need none). States are compared in
    canonical form (each loaded and dumped again), so a field added since the state was
    stored, read with its default, is no difference. ``archived_scores``: the result the
    club's record archived for the game (``game_records.scores_json``), which the replayed
    state must score to exactly."""
    from rules.core.data import current_data_set, released_data_sets, using_data_sets
    from rules.core.errors import DataError
    from rules.core.replay import GameSetup, differences, replay_entry, version_of
    from rules.registry import GAMES  # the engines are needed only to replay

    played = [a for a in sorted(log, key=lambda a: a.seq) if not a.undone]
    damaged = damaged_columns(game, log)
    if damaged:
        return f"{describe(game)}: bytes that are not UTF-8 in {', '.join(damaged)}"
    if game.state_json is None:
        if played:
            return f"{describe(game)}: has {len(played)} logged actions but no state"
        return None
    problem = chain_walk(game, played)
    if problem is not None:
        return problem
    hashed = [a.state_hash for a in played if a.state_hash is not None]
    if played and played[-1].state_hash is not None and state_digest(game.state_json) != hashed[-1]:
        return (
            f"{describe(game)}: stored state does not match the hash its last logged action "
            f"(seq {played[-1].seq}) recorded"
        )
    spec = GAMES.get(game.kind)
    if spec is None:
        return f"{describe(game)}: no engine for game kind {game.kind!r} to replay it"
    try:
        stored = spec.load_state(game.state_json)
    except ValueError as exc:
        return f"{describe(game)}: stored state does not load: {_short(exc)}"
    pins: dict[str, DataSet] = {}
    try:
        today = current_data_set(spec).hash
    except DataError:
        today = None  # a game without data files
    if today is not None and stored.data_hash != today:
        known = {d.hash: d for d in released_data_sets(spec)} | dict(data_sets or {})
        if stored.data_hash not in known:
            return (
                f"{describe(game)}: started on component data set {stored.data_hash}, "
                "which the database does not hold"
            )
        pins[game.kind] = known[stored.data_hash]
    try:
        record = game.record()
    except (ValueError, TypeError, KeyError) as exc:
        return f"{describe(game)}: the game row cannot be read: {type(exc).__name__}"
    setup = GameSetup(
        seats=[s.seat for s in record.seats],
        options=record.options,
        seed=record.seed,
        campaign=record.campaign,
    )
    entries = [(a.seat, a.action_json) for a in played]
    with using_data_sets(pins):
        version = version_of(spec, setup, game.state_json, entries)
        try:
            state = setup.start(spec, version)
        except Exception as exc:
            return f"{describe(game)}: cannot set the game up again: {exc!r}"
        for action in played:
            try:
                state = replay_entry(spec, state, action.seat, action.action_json).state
            except Exception as exc:
                return f"{describe(game)}: logged action {action.seq} does not replay: {exc!r}"
    where = differences(game.state_json, state)
    if where is not None:
        return (
            f"{describe(game)}: stored state differs from its log replayed "
            f"({len(played)} actions, rules version {version}); first difference at {where}"
        )
    if archived_scores is not None:
        with using_data_sets(pins):
            scored = spec.scores(state).model_dump_json()
        if scored != archived_scores:
            return f"{describe(game)}: the archived result differs from its replayed log"
    return None


def _short(exc: Exception) -> str:
    return str(exc).splitlines()[0][:200]


def replay_problems(snapshot: Snapshot, game_ids: Iterable[int] | None = None) -> list[str]:
    """Every problem found replaying the snapshot's games (all, or those of ``game_ids``)."""
    from rules.core.data import DataSet

    logs = snapshot.logs()
    data_sets = {row.hash: DataSet.from_json(row.files_json) for row in snapshot.data_sets}
    wanted = set(game_ids) if game_ids is not None else None
    archived = {row.game_id: row.scores_json for row in snapshot.game_records}
    problems = []
    for game in snapshot.games:
        if wanted is not None and game.id not in wanted:
            continue
        problem = replay_problem(game, logs.get(game.id, []), data_sets, archived.get(game.id))
        if problem is not None:
            problems.append(problem)
    return problems
