"""The component data sets games play on, as the bot keeps them.

A game plays on the data set it started with (its state's ``data_hash``), even after a
release changes the shipped files or a club changes its override folder. The bot stores
every set it starts a game on in the database (once, by hash) and, before it runs a game's
engine, pins that game's set (``rules.core.data.pin_data_set``); a set that is today's is
left unpinned. See ``rules.core.data`` for how the loaders use a pinned set.
"""

from __future__ import annotations

import logging
from typing import Any

from db.store import GameRecord, GameStore
from rules.core.data import DataSet, current_data_set, pin_data_set, released_data_sets
from rules.core.errors import DataError
from rules.core.spec import GameSpec
from rules.registry import GAMES

log = logging.getLogger(__name__)


_DATA_HASH = '"data_hash":"'


def data_hash_of(state_json: str) -> str | None:
    """The ``data_hash`` a stored state records (None if it has none), read without parsing
    the whole state: every state starts with the base fields (seats, seed, rng, data_hash),
    none of which can hold that key, so its first occurrence is the top-level field."""
    start = state_json.find(_DATA_HASH)
    if start < 0:
        return None
    start += len(_DATA_HASH)
    end = state_json.find('"', start)
    return state_json[start:end] if end > start else None


class DataSetLibrary:
    """Today's data set of every game kind and every set running games started on."""

    def __init__(self) -> None:
        self._sets: dict[str, DataSet] = {}
        self._stored: set[str] = set()

    def today(self, spec: GameSpec[Any, Any, Any, Any]) -> DataSet | None:
        """Today's set of a kind (None for a game without data files, e.g. a test game)."""
        try:
            found = current_data_set(spec)
        except DataError:
            return None
        self._sets.setdefault(found.hash, found)
        return found

    def add(self, data_set: DataSet) -> None:
        self._sets.setdefault(data_set.hash, data_set)

    async def store_today(self, store: GameStore, spec: GameSpec[Any, Any, Any, Any]) -> None:
        """Keep today's set of ``spec`` in the database (once per process): a game is about to
        start on it."""
        today = self.today(spec)
        if today is not None and today.hash not in self._stored:
            await store.put_data_set(today.hash, spec.key, today.to_json())
            self._stored.add(today.hash)

    async def load(self, store: GameStore) -> None:
        """At start-up: store today's sets and the sets earlier releases shipped (games started
        before sets were stored find theirs there), then read every set an open game uses."""
        for spec in GAMES.values():
            await self.store_today(store, spec)
            for released in released_data_sets(spec):
                self.add(released)
                await store.put_data_set(released.hash, spec.key, released.to_json())
        for game in await store.open_games():
            await self.fetch_for(store, game)

    async def fetch_for(self, store: GameStore, game: GameRecord) -> None:
        """Read the set ``game`` started on from the database if this process lacks it (a
        finished game looked back at, a game another process started on other data)."""
        if game.state_json is None:
            return
        wanted = data_hash_of(game.state_json)
        if wanted is None or wanted in self._sets:
            return
        text = await store.get_data_set(wanted)
        if text is not None:
            self.add(DataSet.from_json(text))

    def pin(self, game: GameRecord, data_hash: str) -> bool:
        """Pin ``game``'s data set for what runs next in this context; False if the bot does
        not have it (the game started on data that was never stored here)."""
        spec = GAMES[game.kind]
        today = self.today(spec)
        if today is None or data_hash == today.hash:
            pin_data_set(game.kind, None)
            return True
        found = self._sets.get(data_hash)
        if found is None or found.game != game.kind:
            return False
        pin_data_set(game.kind, found)
        return True
