"""The club's record as players read it (issue 25): what a game that ends leaves in the
archive, each player's statistics, and the texts of ``/game results``, ``/game stats`` and
``/game leaderboard`` (the cards and the leaderboard image carry the same words).

Who is rated: a person by their Discord id, a bot seat by its level (``rules.ai`` levels;
a seat without one is ``BOT_LEVEL``, the random-move bot), a game's automa opponent (a scored seat no
one holds: a solo game's automa) by its seat (``db.club_record``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from bot.i18n import escape_name, t
from db.club_record import ArchivedGame, ArchivedSeat, ArchiveSeat, GameArchive, Rating
from db.store import GameRecord, SeatRecord
from rules.core.spec import GameSpec

BOT_LEVEL = "random"
"""The level of a bot seat that names none (``rules.core.bots.random_action``)."""

LAST_GAMES = 5


def player_of(seat: SeatRecord) -> str:
    """The rated identity of a seat's holder: ``user:<id>`` or ``bot:<level>``."""
    if seat.user_id is not None:
        return f"user:{seat.user_id}"
    return f"bot:{seat.level or BOT_LEVEL}"


def finished_archive(
    game: GameRecord, spec: GameSpec[Any, Any, Any, Any], state: Any
) -> GameArchive:
    """The archive of a game that just ended: every scored seat with its score, rank and
    whether it won, and the whole result (breakdown, notes) as the engine gives it."""
    scores = spec.scores(state)
    seats = []
    for row in scores.seats:
        holder = game.user_of(row.seat)
        seats.append(
            ArchiveSeat(
                seat=row.seat,
                player=player_of(holder) if holder is not None else f"automa:{row.seat}",
                user_id=holder.user_id if holder is not None else None,
                name=holder.name if holder is not None else row.seat,
                score=row.total,
                rank=row.rank,
                winner=row.seat in scores.winners,
            )
        )
    return GameArchive(outcome="finished", seats=tuple(seats), scores_json=scores.model_dump_json())


def abandoned_archive(game: GameRecord) -> GameArchive:
    """The archive of an abandoned game: its seats, no result (never rated)."""
    seats = tuple(
        ArchiveSeat(seat=s.seat, player=player_of(s), user_id=s.user_id, name=s.name)
        for s in game.seats
    )
    return GameArchive(outcome="abandoned", seats=seats)


def title_of(kind: str, lang: str) -> str:
    return t(f"{kind}.title", lang)


def player_name(kind: str, player: str, name: str, lang: str, *, escape: bool = True) -> str:
    """How a rated player is named (a person's name escaped for a message, as it is for a
    picture)."""
    prefix, _, rest = player.partition(":")
    if prefix == "bot":
        level = t(f"core.record.level.{rest}", lang)
        return t("core.record.bot" if escape else "core.record.bot_drawn", lang, level=level)
    if prefix == "automa":
        return t(f"{kind}.seat.{rest}", lang)
    return escape_name(name) if escape else name


def seat_name(kind: str, seat: ArchivedSeat, lang: str) -> str:
    return player_name(kind, seat.player, seat.name, lang)


def result_line(game: ArchivedGame, lang: str, *, channel: bool = False) -> tuple[str, str]:
    """An archived game in short: (its date and title, every seat's score and the winners);
    ``channel`` names the channel it was played in (a server's list)."""
    head = t(
        "core.result_head", lang, date=f"{game.ended_at:%Y-%m-%d}", game=title_of(game.kind, lang)
    )
    if channel:
        head = t("core.record.in_channel", lang, head=head, channel=f"<#{game.channel_id}>")
    totals = ", ".join(f"{seat_name(game.kind, s, lang)} {s.score}" for s in game.seats)
    winners = [seat_name(game.kind, s, lang) for s in game.winners]
    if not winners:
        return head, totals
    return head, f"{totals} · {t('core.winners', lang, winners=winners, count=len(winners))}"


@dataclass(frozen=True)
class PlayerStats:
    """One player's record over archived games (finished ones, newest first)."""

    user_id: int
    name: str
    games: int
    wins: int
    average: float | None
    best: int | None
    favourite: str | None
    last: list[tuple[ArchivedGame, ArchivedSeat]]


def player_stats(user_id: int, name: str, games: list[ArchivedGame]) -> PlayerStats:
    """``games``: the archived finished games the player sat in, newest first."""
    mine = [(g, s) for g in games for s in g.seats if s.user_id == user_id]
    scores = [s.score for _, s in mine if s.score is not None]
    kinds = Counter(g.kind for g, _ in mine)
    favourite = None
    if kinds:
        most = max(kinds.values())
        favourite = next(g.kind for g, _ in mine if kinds[g.kind] == most)  # newest of the most
    return PlayerStats(
        user_id=user_id,
        name=next((s.name for _, s in mine), name),
        games=len(mine),
        wins=sum(1 for _, s in mine if s.winner),
        average=sum(scores) / len(scores) if scores else None,
        best=max(scores) if scores else None,
        favourite=favourite,
        last=mine[:LAST_GAMES],
    )


@dataclass(frozen=True)
class Card:
    """What a stats card or the leaderboard shows, in the reader's words: a title, rows of
    (label, value), then lines (the last games, a leaderboard's players, a note)."""

    title: str
    rows: list[tuple[str, str]]
    lines: list[str]
    note: str = ""

    def text(self) -> str:
        out = [f"**{self.title}**"]
        out += [f"{label}: {value}" for label, value in self.rows]
        out += self.lines
        if self.note:
            out.append(self.note)
        return "\n".join(out)


def _number(value: float) -> str:
    return f"{value:.1f}"


def stats_card(stats: PlayerStats, lang: str, kind: str | None, *, escape: bool = True) -> Card:
    """A player's card (``escape``: for a message; else for a picture)."""
    name = escape_name(stats.name) if escape else stats.name
    title = t("core.stats.title", lang, name=name)
    if kind is not None:
        title = t("core.stats.title_game", lang, name=name, game=title_of(kind, lang))
    if not stats.games:
        return Card(title=title, rows=[], lines=[t("core.stats.none", lang)])
    rows = [
        (t("core.stats.games", lang), str(stats.games)),
        (t("core.stats.wins", lang), str(stats.wins)),
    ]
    if stats.average is not None and stats.best is not None:
        rows.append((t("core.stats.average", lang), _number(stats.average)))
        rows.append((t("core.stats.best", lang), str(stats.best)))
    if stats.favourite is not None and kind is None:
        rows.append((t("core.stats.favourite", lang), title_of(stats.favourite, lang)))
    lines = [t("core.stats.last", lang)]
    for game, seat in stats.last:
        key = "core.stats.last_won" if seat.winner else "core.stats.last_line"
        lines.append(
            t(
                key,
                lang,
                date=f"{game.ended_at:%m-%d}",
                game=title_of(game.kind, lang),
                rank=seat.rank or 0,
                score=seat.score if seat.score is not None else 0,
            )
        )
    return Card(title=title, rows=rows, lines=lines)


def leaderboard_card(kind: str, ratings: list[Rating], lang: str, *, escape: bool = True) -> Card:
    """The leaderboard (``escape``: for a message; else for a picture)."""
    title = t("core.leaderboard.title", lang, game=title_of(kind, lang))
    lines = [
        t(
            "core.leaderboard.row",
            lang,
            rank=i,
            name=player_name(kind, r.player, r.name, lang, escape=escape),
            rating=_number(r.ordinal),
            games=r.games,
            wins=r.wins,
        )
        for i, r in enumerate(ratings, start=1)
    ] or [t("core.leaderboard.none", lang)]
    return Card(title=title, rows=[], lines=lines, note=t("core.leaderboard.note", lang))
