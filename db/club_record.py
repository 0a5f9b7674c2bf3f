"""The club's record as the stores keep it: every ended game archived with its seats and
result, and a rating per player, game kind and server (issue 25).

A finished or abandoned game gets one archive row (``game_records``) and one row per scored
seat (``record_seats``), written in the transaction that ends the game. A finished game with
at least two ranked seats also updates the ratings (``ratings``) of its players in that same
transaction, with openskill's Plackett-Luce model (2 to 6 players, shared ranks for ties);
each seat row keeps the rating before and after, so a rating can always be traced back.

A rated player is a text identity: ``user:<discord id>`` for a person, ``bot:<level>`` for a
bot seat (one identity per bot level, so a club sees how strong a level plays), and
``automa:<seat>`` for a game's own automa opponent (a scored seat no one holds). Two seats of
one identity in one game (two bots of a level) are rated as the two players they were, from
the same rating, and the identity keeps the mean of their new ratings.

Nothing here touches a database: the stores read and write the rows, this module says what
they hold and computes the new ratings.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, Protocol

from openskill.models import PlackettLuce

Outcome = Literal["finished", "abandoned"]
NO_GUILD = 0
"""The ``guild_id`` ratings of games played outside a server are kept under."""


def rating_model() -> PlackettLuce:
    """The rating model (openskill's defaults: mu 25, sigma 25/3)."""
    return PlackettLuce()


@dataclass(frozen=True)
class ArchiveSeat:
    """One seat of an ended game as the archive keeps it. ``score`` and ``rank`` are None
    for an abandoned game (it has no result)."""

    seat: str
    player: str
    user_id: int | None
    name: str
    score: int | None = None
    rank: int | None = None
    winner: bool = False


@dataclass(frozen=True)
class GameArchive:
    """What the service hands the store when a game ends: its outcome, result (the engine's
    ``Scores`` as JSON, with the breakdown) and seats."""

    outcome: Outcome
    seats: tuple[ArchiveSeat, ...]
    scores_json: str | None = None

    @property
    def rated(self) -> bool:
        return (
            self.outcome == "finished"
            and len(self.seats) >= 2
            and all(s.rank is not None for s in self.seats)
        )


@dataclass(frozen=True)
class SeatRating:
    """A seat's rating before and after its game (None: the game was not rated)."""

    mu_before: float | None = None
    sigma_before: float | None = None
    mu_after: float | None = None
    sigma_after: float | None = None


@dataclass(frozen=True)
class ArchivedSeat(ArchiveSeat):
    rating: SeatRating = field(default_factory=SeatRating)


@dataclass(frozen=True)
class ArchivedGame:
    """An archived game as read back: ``game_id`` is the game's row (its log is
    ``GameStore.actions(game_id)``)."""

    game_id: int
    guild_id: int | None
    channel_id: int
    kind: str
    outcome: Outcome
    options: dict[str, object]
    scores_json: str | None
    rated: bool
    started_at: datetime
    ended_at: datetime
    seats: list[ArchivedSeat]

    @property
    def winners(self) -> list[ArchivedSeat]:
        return [s for s in self.seats if s.winner]


@dataclass(frozen=True)
class Rating:
    """A player's rating for one game kind in one server."""

    guild_id: int
    kind: str
    player: str
    user_id: int | None
    name: str
    mu: float
    sigma: float
    games: int
    wins: int
    updated_at: datetime

    @property
    def ordinal(self) -> float:
        """The rating shown: mu - 3 sigma (a cautious estimate; new players start at 0)."""
        return self.mu - 3 * self.sigma


def new_ratings(
    seats: Sequence[ArchiveSeat], current: Mapping[str, tuple[float, float]]
) -> list[SeatRating]:
    """Each seat's rating before and after its game: ``current`` holds each player's
    (mu, sigma) (a player missing from it starts at the model's defaults); ranks are the
    seats' ranks (equal ranks are ties)."""
    model = rating_model()
    before = [current.get(s.player, (model.mu, model.sigma)) for s in seats]
    teams = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    ranks = [float(s.rank if s.rank is not None else len(seats)) for s in seats]
    rated = model.rate(teams, ranks=ranks)
    return [
        SeatRating(mu_before=mu, sigma_before=sigma, mu_after=team[0].mu, sigma_after=team[0].sigma)
        for (mu, sigma), team in zip(before, rated, strict=True)
    ]


def merged(
    seats: Sequence[ArchiveSeat], ratings: Sequence[SeatRating]
) -> dict[str, tuple[float, float, bool]]:
    """Per player of the game: the (mu, sigma) to keep (the mean over the player's seats) and
    whether one of its seats won."""
    out: dict[str, list[tuple[float, float, bool]]] = {}
    for seat, rating in zip(seats, ratings, strict=True):
        assert rating.mu_after is not None and rating.sigma_after is not None
        out.setdefault(seat.player, []).append((rating.mu_after, rating.sigma_after, seat.winner))
    return {
        player: (
            sum(v[0] for v in values) / len(values),
            sum(v[1] for v in values) / len(values),
            any(v[2] for v in values),
        )
        for player, values in out.items()
    }


# -------------------------------------------------------------------- what a store writes


class ArchiveWriter(Protocol):
    """The few statements a store runs to archive a game, on the connection of the
    transaction that ends it (each store implements them in its own SQL)."""

    async def archived(self, game_id: int) -> bool: ...

    async def insert_record(
        self, game_id: int, archive: GameArchive, rated: bool, ended_at: Any
    ) -> None: ...

    async def current_ratings(
        self, guild_id: int, kind: str, players: Sequence[str]
    ) -> dict[str, tuple[float, float]]:
        """The players' (mu, sigma), read so that no other transaction rates this server's
        game kind until this one ends."""
        ...

    async def put_rating(
        self,
        guild_id: int,
        kind: str,
        seat: ArchiveSeat,
        mu: float,
        sigma: float,
        won: bool,
        now: Any,
    ) -> None: ...

    async def insert_seats(
        self, game_id: int, seats: Sequence[ArchiveSeat], ratings: Sequence[SeatRating]
    ) -> None: ...


async def write_archive(
    writer: ArchiveWriter,
    game_id: int,
    guild_id: int | None,
    kind: str,
    archive: GameArchive,
    *,
    ended_at: Any,
    now: Any,
) -> bool:
    """Archive one ended game and rate it (see the module); False if it was archived already."""
    if await writer.archived(game_id):
        return False
    rated = archive.rated
    await writer.insert_record(game_id, archive, rated, ended_at)
    seats = archive.seats
    ratings = [SeatRating() for _ in seats]
    if rated:
        guild = guild_id if guild_id is not None else NO_GUILD
        players = sorted({s.player for s in seats})
        current = await writer.current_ratings(guild, kind, players)
        ratings = new_ratings(seats, current)
        kept = merged(seats, ratings)
        for seat in seats:
            if seat.player in kept:
                mu, sigma, won = kept.pop(seat.player)
                await writer.put_rating(guild, kind, seat, mu, sigma, won, now)
    await writer.insert_seats(game_id, seats, ratings)
    return True


SEAT_COLUMNS = (
    "game_id, seat, player, user_id, name, score, rank, winner, "
    "mu_before, sigma_before, mu_after, sigma_after"
)
RECORD_COLUMNS = (
    "game_id, guild_id, channel_id, kind, outcome, options_json, scores_json, rated, "
    "started_at, ended_at"
)
RATING_COLUMNS = "guild_id, kind, player, user_id, name, mu, sigma, games, wins, updated_at"


def seat_rows(
    game_id: int, seats: Sequence[ArchiveSeat], ratings: Sequence[SeatRating]
) -> list[tuple[Any, ...]]:
    """The ``record_seats`` rows of a game, in ``SEAT_COLUMNS`` order (``winner`` a bool)."""
    return [
        (
            game_id,
            s.seat,
            s.player,
            s.user_id,
            s.name,
            s.score,
            s.rank,
            s.winner,
            r.mu_before,
            r.sigma_before,
            r.mu_after,
            r.sigma_after,
        )
        for s, r in zip(seats, ratings, strict=True)
    ]


def archived_game(row: Any, seats: Sequence[Any], when: Callable[[Any], datetime]) -> ArchivedGame:
    """An archive row and its seat rows as read (any row indexed by column name)."""
    read = [
        ArchivedSeat(
            seat=str(s["seat"]),
            player=str(s["player"]),
            user_id=s["user_id"],
            name=str(s["name"]),
            score=s["score"],
            rank=s["rank"],
            winner=bool(s["winner"]),
            rating=SeatRating(s["mu_before"], s["sigma_before"], s["mu_after"], s["sigma_after"]),
        )
        for s in seats
    ]
    read.sort(key=lambda s: (s.rank is None, s.rank or 0, s.seat))
    return ArchivedGame(
        game_id=int(row["game_id"]),
        guild_id=row["guild_id"],
        channel_id=int(row["channel_id"]),
        kind=str(row["kind"]),
        outcome=row["outcome"],
        options=json.loads(row["options_json"]),
        scores_json=row["scores_json"],
        rated=bool(row["rated"]),
        started_at=when(row["started_at"]),
        ended_at=when(row["ended_at"]),
        seats=read,
    )


def rating_of(row: Any, when: Callable[[Any], datetime]) -> Rating:
    return Rating(
        guild_id=int(row["guild_id"]),
        kind=str(row["kind"]),
        player=str(row["player"]),
        user_id=row["user_id"],
        name=str(row["name"]),
        mu=float(row["mu"]),
        sigma=float(row["sigma"]),
        games=int(row["games"]),
        wins=int(row["wins"]),
        updated_at=when(row["updated_at"]),
    )
