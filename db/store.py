"""The storage interface. Nothing outside ``db/`` writes SQL; SQLite (``db.sqlite``) and
PostgreSQL (``db.postgres``) implement this same protocol, and ``db.open_store`` picks one.

A game row is one channel's game. ``version`` increases by one with every write; every write
names the version it read (optimistic concurrency) and fails with ``VersionConflict`` if
another write came first. State and action-log changes commit in one transaction.

Everything several bot processes must agree on lives here, not in process memory: the channel
lock (``channel_lock``), pending takeback votes (``request_undo`` and friends), which
reminders were sent (``claim_reminder``), seat offers and their consents (``consent_to_seat``)
and what the bot remembers of each player's DMs (``take_own_dm`` and friends).
"""

from __future__ import annotations

import hashlib
import json
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from typing import Any, Literal, Protocol

from db.club_record import ArchivedGame, GameArchive, Rating

GameStatus = Literal["lobby", "active", "finished", "abandoned"]
OPEN_STATUSES: tuple[GameStatus, ...] = ("lobby", "active")


class StoreError(Exception):
    """Base of store errors."""


class ChannelBusy(StoreError):
    """The channel already has a game in the lobby or in progress."""


class GameNotFound(StoreError):
    """No game has this id (a write named a game that does not exist)."""


class VersionConflict(StoreError):
    """Someone else changed the game since it was read."""


class DuplicateInteraction(StoreError):
    """This Discord interaction was already recorded (a double press or a retry)."""


class StoreInUse(StoreError):
    """Another process already serves this SQLite file (one bot process per file)."""


def state_digest(state_json: str) -> str:
    """The hash a log row keeps of the state it produced: SHA-256 of the stored JSON text."""
    return hashlib.sha256(state_json.encode("utf-8", "surrogatepass")).hexdigest()


def chain_link(previous: str, seq: int, seat: str, action_json: str, state_hash: str | None) -> str:
    """One log row's link in its game's hash chain: SHA-256 over the chain hash of the live
    row before it (for the first row, the hash of the state the game started with; ``""``
    when that is unknown, for games started before the chain existed), the row's position,
    seat and action, and the hash of the state it produced."""
    fields = json.dumps([previous, seq, seat, action_json, state_hash or ""])  # ASCII only
    return hashlib.sha256(fields.encode()).hexdigest()


@dataclass(frozen=True)
class ChainHead:
    """The last live row of a game's log, as loading the game checks it."""

    seq: int
    seat: str
    action_json: str
    state_hash: str | None
    chain_hash: str | None
    previous: str | None
    """The chain hash this row links to (the live row before it, else the game's initial
    hash, else ``""``); None if the row before has no chain hash (nothing to check)."""

    def link_intact(self) -> bool:
        if self.chain_hash is None or self.previous is None:
            return True
        expected = chain_link(self.previous, self.seq, self.seat, self.action_json, self.state_hash)
        return expected == self.chain_hash


@dataclass(frozen=True)
class SeatRecord:
    """A seat: ``user_id`` is None for a bot-filled seat, whose ``level`` is how it plays
    (``rules.ai`` levels; ``None`` is the random-move bot, as every bot before levels).
    ``stand_in``: the level of the AI playing a person's seat while they are absent (issue
    24 point 3; None: the person plays it)."""

    seat: str
    user_id: int | None
    name: str
    level: str | None = None
    stand_in: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.user_id is None

    def as_json(self) -> dict[str, Any]:
        """As stored in a game's seats (``level`` only when set, so older rows stay as
        they were)."""
        out: dict[str, Any] = {"seat": self.seat, "user_id": self.user_id, "name": self.name}
        if self.level is not None:
            out["level"] = self.level
        if self.stand_in is not None:
            out["stand_in"] = self.stand_in
        return out

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> SeatRecord:
        level, stand_in = raw.get("level"), raw.get("stand_in")
        return cls(
            seat=str(raw["seat"]),
            user_id=raw["user_id"],
            name=str(raw["name"]),
            level=None if level is None else str(level),
            stand_in=None if stand_in is None else str(stand_in),
        )


@dataclass(frozen=True)
class GameRecord:
    id: int
    channel_id: int
    guild_id: int | None
    kind: str
    status: GameStatus
    creator_id: int
    options: dict[str, Any]
    seed: int = field(repr=False)
    """The game's secret (``rules.core.rng``): never shown or logged."""
    seats: list[SeatRecord]
    state_json: str | None
    version: int
    created_at: datetime
    updated_at: datetime
    campaign: dict[str, Any] | None
    """The channel's campaign state this game started from (None: no campaign)."""
    last_state_hash: str | None = None
    """SHA-256 of the state the last live logged action produced (None: no such action, or
    logged before hashes were kept); a stored state that does not hash to it was altered."""
    initial_hash: str | None = None
    """SHA-256 of the state the game started with (None: not started, or started before
    the chain existed and played since)."""
    head: ChainHead | None = None
    """The last live row of the log (None: nothing logged, or everything undone)."""
    damage: str | None = field(default=None, repr=False)
    """Why the row could not be read as it was written (None: it could); such a game is
    stopped, the other fields hold what could be read."""
    absent_ai: str = ""
    """The AI level that plays for a player absent past the time limit (``bot.absence``;
    ``""``: nobody plays for an absent player)."""

    def chain_previous(self) -> str:
        """The chain hash the next logged row links to."""
        if self.head is not None:
            return self.head.chain_hash or ""
        return self.initial_hash or ""

    def integrity_problem(self) -> str | None:
        """What is wrong with this game's stored row, state or the head of its log, checked
        cheaply (one hash of the state, one of the last row) whenever a game is loaded; None
        when nothing is. ``python -m db check`` walks the whole chain and replays the log.
        Found once per record (a record never changes)."""
        return self._integrity_problem

    @cached_property
    def _integrity_problem(self) -> str | None:
        if self.damage is not None:
            return self.damage
        if self.state_json is None:
            return None
        digest = state_digest(self.state_json)
        head = self.head
        if head is None:
            if self.initial_hash is not None and digest != self.initial_hash:
                return "the stored state is not the state the game started with"
            return None
        if head.state_hash is not None and digest != head.state_hash:
            return f"the stored state does not match its last logged action (seq {head.seq})"
        if not head.link_intact():
            return f"the last logged action (seq {head.seq}) does not match the log's hash chain"
        return None

    def seat_of(self, user_id: int) -> str | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None

    def user_of(self, seat: str) -> SeatRecord | None:
        for s in self.seats:
            if s.seat == seat:
                return s
        return None


@dataclass(frozen=True)
class NewAction:
    """One action to append to the log with the state it leads to."""

    seat: str
    user_id: int | None
    action_json: str
    interaction_id: int | None = None
    reveals: bool = False
    state_hash: str | None = None
    """SHA-256 of the state JSON this action produced (``db.store.state_digest``)."""
    stand_in: str | None = None
    """The level of the AI that played this action for the seat's absent player."""


@dataclass(frozen=True)
class ActionRecord:
    game_id: int
    seq: int
    seat: str
    user_id: int | None
    action_json: str
    interaction_id: int | None
    reveals: bool
    undone: bool
    created_at: datetime
    state_hash: str | None = None
    chain_hash: str | None = None
    stand_in: str | None = None
    """The level of the AI that played this action for the seat's absent player (None: the
    seat's own player, its bot, or the game's default answer)."""


@dataclass(frozen=True)
class UndoRequest:
    """A pending takeback: ``requester_id`` asked, while the game was at ``version``, to go
    back to the log position ``keep_through_seq``; ``approvals`` are the users who agreed so
    far (recorded by any process)."""

    game_id: int
    version: int
    requester_id: int
    keep_through_seq: int
    approvals: frozenset[int]
    created_at: datetime


@dataclass(frozen=True)
class SeatConsent:
    """A seat offer after one consent was recorded (by any process). ``complete``: this very
    call gave the second consent and closed the offer, so its caller moves the seat; True
    for exactly one call per offer."""

    taker_name: str | None
    given_by: int | None
    complete: bool
    taker_level: str | None = None
    """The level of the AI the seat is offered to (taker 0), as the offer's first consent
    recorded it; None: the taker is a person."""


@dataclass(frozen=True)
class DirectMessage:
    """A DM the bot sent: its DM channel and message ids (enough to edit it later)."""

    channel_id: int
    message_id: int


class GameStore(Protocol):
    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def create_game(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        kind: str,
        creator_id: int,
        options: dict[str, Any],
        seed: int,
        seats: list[SeatRecord],
        absent_ai: str = "",
    ) -> GameRecord:
        """New game in ``lobby`` status; ``ChannelBusy`` if the channel has an open game.
        ``absent_ai``: the AI level that plays for absent players (``""``: none)."""
        ...

    async def current_game(self, channel_id: int) -> GameRecord | None:
        """The channel's open (lobby or active) game, else None."""
        ...

    async def get_game(self, game_id: int) -> GameRecord | None: ...

    async def finished_games(self, channel_id: int, limit: int = 25) -> list[GameRecord]:
        """The channel's finished games (status ``finished``; not abandoned ones), the most
        recently finished first, at most ``limit``."""
        ...

    async def open_games(self) -> list[GameRecord]:
        """Every lobby or active game (used at start-up)."""
        ...

    async def idle_games(self, unchanged_since: datetime) -> list[GameRecord]:
        """Active games not changed after ``unchanged_since`` (the reminder loop's query; an
        index on the active games' last change keeps it from reading every open game)."""
        ...

    async def update_game(
        self,
        game_id: int,
        expected_version: int,
        *,
        seats: list[SeatRecord] | None = None,
        options: dict[str, Any] | None = None,
        status: GameStatus | None = None,
        state_json: str | None = None,
        campaign: dict[str, Any] | None = None,
        creator_id: int | None = None,
        archive: GameArchive | None = None,
        absent_ai: str | None = None,
    ) -> GameRecord:
        """Change the given fields (others stay); version + 1. ``VersionConflict`` if stale.

        ``campaign`` records the campaign state the game started from (set once, at start);
        ``creator_id`` hands the creator's rights on (when the creator's seat changes hands);
        ``archive`` archives the game in the same transaction (an abandoned game)."""
        ...

    async def record_actions(
        self,
        game_id: int,
        expected_version: int,
        actions: list[NewAction],
        state_json: str,
        status: GameStatus,
        *,
        campaign: dict[str, Any] | None = None,
        archive: GameArchive | None = None,
        seats: list[SeatRecord] | None = None,
    ) -> GameRecord:
        """Append ``actions`` to the log and store the state they lead to, in one transaction
        (with the game's ``seats``, when given: an AI that began or stopped playing for an
        absent player).

        ``campaign`` (when not None) replaces the channel's campaign state for the game's kind
        in the same transaction; so does ``archive`` archive the game that ends and update its
        players' ratings (``archive_game``).

        ``DuplicateInteraction`` if an interaction id was already recorded for this game;
        ``VersionConflict`` if the version moved. Nothing is written when either is raised.
        """
        ...

    async def actions(self, game_id: int, *, include_undone: bool = False) -> list[ActionRecord]:
        """The game's log in order (undone actions are kept, and left out unless asked)."""
        ...

    async def undo_to(
        self, game_id: int, expected_version: int, keep_through_seq: int, state_json: str
    ) -> GameRecord:
        """Mark every action after ``keep_through_seq`` undone (kept, never deleted) and store
        the rebuilt state, in one transaction."""
        ...

    def channel_lock(self, channel_id: int) -> AbstractAsyncContextManager[None]:
        """Held around every change to a channel's game, so changes to one channel happen one
        at a time across every process sharing the database (``async with``). Not re-entrant:
        a task holding a channel's lock must not take it again."""
        ...

    # -- shared between processes: takeback votes and reminders ------------------------

    async def request_undo(
        self, game_id: int, version: int, requester_id: int, keep_through_seq: int
    ) -> UndoRequest:
        """Open a takeback request on the game as it is at ``version`` and return it.

        If a request is already open at this game and version, that one is returned unchanged
        (the first request stands; compare ``requester_id``). ``GameNotFound`` for an unknown
        game, ``VersionConflict`` if the game is no longer at ``version``.
        """
        ...

    async def undo_request(self, game_id: int, version: int) -> UndoRequest | None:
        """The open takeback request at this game and version, else None. Handlers take who
        asked and what is kept from here, never from a button's ``custom_id``."""
        ...

    async def approve_undo(self, game_id: int, version: int, user_id: int) -> UndoRequest | None:
        """Add ``user_id``'s approval to the open request (a repeat is harmless) and return the
        request with every approval recorded so far by any process; None if no request is
        open at this game and version."""
        ...

    async def close_undo_request(self, game_id: int, version: int) -> bool:
        """Close the open request at this game and version (carried out, refused or stale).
        True only for the one call that closed it, so exactly one process reports the outcome.
        Closed requests are kept, never deleted."""
        ...

    async def claim_reminder(self, game_id: int, version: int) -> bool:
        """Claim the turn reminder for the game at ``version``: True for exactly one caller
        across every process and restart, False for everyone after. Send the reminder only
        on True (claim first, then send: a crash in between loses one reminder rather than
        repeating it)."""
        ...

    # -- shared between processes: seat offers and players' DMs --------------------------

    async def consent_to_seat(
        self,
        game_id: int,
        holder_id: int,
        taker_id: int,
        consent: Literal["take", "give"],
        user_id: int,
        taker_name: str | None = None,
        taker_level: str | None = None,
    ) -> SeatConsent:
        """Record one consent to the open offer of ``holder_id``'s seat to ``taker_id``
        (opening the offer if none is open): "take" by the taker (with the name they sit
        under; for an AI, taker 0 of ``taker_level``, the consent of whoever offered it),
        "give" by ``user_id`` (the holder, or a moderator for a holder who left). A
        repeat is harmless. One atomic statement records it and, when both consents are now
        there, closes the offer: ``complete`` for exactly one call across every process, so
        a seat changes hands once (a press after that opens a new offer)."""
        ...

    async def take_own_dm(self, game_id: int, user_id: int) -> DirectMessage | None:
        """The remembered DM of the player's latest own step in this game, forgotten by this
        call (so two updates never both edit it); None if there is none."""
        ...

    async def keep_own_dm(self, game_id: int, user_id: int, dm: DirectMessage) -> None:
        """Remember ``dm`` as the player's latest own step's DM (the next own step edits it)."""
        ...

    async def claim_dm_closed_notice(self, game_id: int, user_id: int) -> bool:
        """Claim telling the game's channel that the player's DMs are closed: True for
        exactly one caller per game and player, across every process and restart."""
        ...

    async def get_campaign(self, channel_id: int, kind: str) -> dict[str, Any] | None: ...

    async def put_campaign(self, channel_id: int, kind: str, data: dict[str, Any]) -> None: ...

    # -- component data sets games play on ---------------------------------------------

    async def put_data_set(self, hash: str, kind: str, files_json: str) -> bool:
        """Store a game kind's data set under its hash (``rules.core.data.DataSet``) unless
        one is stored there already (a set never changes); True if this call stored it."""
        ...

    async def get_data_set(self, hash: str) -> str | None:
        """The stored data set with this hash (``DataSet.to_json`` text), else None."""
        ...

    # -- the club's record: archived games and ratings (db.club_record) ------------------

    async def archive_game(self, game_id: int, archive: GameArchive) -> bool:
        """Archive an ended game (its seats and result) and, when ``archive.rated``, update its
        players' ratings for its kind and server, in one transaction; a game is archived once
        (False: it already was). ``record_actions`` and ``update_game`` do the same inside
        the transaction that ends a game."""
        ...

    async def unarchived_games(self) -> list[GameRecord]:
        """Finished and abandoned games without an archive row (ended before the archive
        existed), the earliest ended first."""
        ...

    async def archived_games(
        self,
        *,
        guild_id: int | None,
        channel_id: int | None = None,
        kind: str | None = None,
        user_id: int | None = None,
        outcome: str | None = "finished",
        limit: int = 25,
    ) -> list[ArchivedGame]:
        """Archived games of a server (``guild_id``; None: games outside any server), or of
        one channel, of one kind and with one player if asked, the most recently ended first.
        ``outcome`` None lists abandoned games too."""
        ...

    async def ratings(self, guild_id: int | None, kind: str, limit: int = 25) -> list[Rating]:
        """The ratings of a game kind in a server, highest ordinal (mu - 3 sigma) first."""
        ...

    async def backup(self, path: str) -> None:
        """Copy the whole database to ``path`` while it stays in use."""
        ...
