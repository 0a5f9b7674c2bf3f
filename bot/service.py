"""GameService: the single path of every change to a game.

Each change takes the channel's lock, loads the game, checks that the user holds the seat
that must act (``turn``: the one turn check, also used by menus and autocomplete), applies
the action through the engine, lets bot seats move, persists state and log (and, when a
game ends, its campaign) in one transaction, and then hands the outcome to the announcer.
Rebuilding a game from its log happens in one place (``replay``), off the event loop; the
history people see is built from the replayed events filtered for the viewer, never from
raw actions. Cogs translate Discord input into calls here and hold no game logic.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any, Literal, Protocol, get_args, get_origin

from pydantic import ValidationError

from bot import absence
from bot.ai_seats import AiSeats
from bot.clock import Clock, system_clock
from bot.club_record import abandoned_archive, finished_archive
from bot.data_sets import DataSetLibrary
from bot.errors import RulesRefused, UserError, echo
from bot.i18n import escape_name, has, t
from db.club_record import GameArchive
from db.store import (
    ActionRecord,
    DuplicateInteraction,
    GameRecord,
    GameStore,
    NewAction,
    SeatRecord,
    UndoRequest,
    VersionConflict,
    state_digest,
)
from rules.ai import LEVELS, observe
from rules.ai.budget import DEFAULT_SECONDS
from rules.ai.hooks import has_ai
from rules.core import Event, OptionRefused, RuleViolation, StateUnreadable, Text
from rules.core.bots import random_action
from rules.core.data import pin_data_set
from rules.core.replay import GameSetup, reconcile, replay_steps, version_of
from rules.core.score_track import ScoreTrack, score_track
from rules.core.spec import GameSpec
from rules.registry import GAMES

MAX_BOT_STEPS = 5_000
_PARSED_STATES = 512  # games whose last state text and state are kept (``state_of``)

_RECORDS_VERSION = '"rules_version":'
"""Every state written since rules versions exist has this top-level key (``GameState``)."""

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Player:
    user_id: int
    name: str


@dataclass(frozen=True)
class Turn:
    """A seated user's view of the channel's game: the game, its state, their seat."""

    game: GameRecord
    state: Any
    seat: str

    @property
    def spec(self) -> GameSpec[Any, Any, Any, Any]:
        return spec_of(self.game)


@dataclass(frozen=True)
class UndoVoteResult:
    """What one takeback vote did: refused it, or ``left`` approvals still missing (0: done)."""

    refused: bool
    left: int
    requester_id: int


@dataclass(frozen=True)
class HistoryEntry:
    """One logged action's events as one viewer may see them (empty list: nothing visible)."""

    seq: int
    seat: str
    events: list[Event]
    stand_in: str | None = None
    """The level of the AI that played this step for the seat's absent player."""


@dataclass(frozen=True)
class LoggedStep:
    """One live logged action as replayed from the store: its events and who acts after it."""

    seq: int
    events: list[Event]
    acting: frozenset[str]
    over: bool


@dataclass
class Outcome:
    """What one change did: the stored game, its state, and the events to announce."""

    game: GameRecord
    state: Any | None = None
    events: list[Event] = field(default_factory=list)
    started: bool = False
    ended: bool = False
    announce_failed: bool = False
    acting_before: frozenset[str] = frozenset()
    """Who had to act before this change (the presenter posts when this changes)."""
    actor: str | None = None
    """The seat whose own action this change was (its private view is edited in place)."""
    by_user: int | None = None
    """Who made a table change that is no move (abandoning the game)."""
    back: str | None = None
    """The seat whose player came back: the AI that played for them steps aside."""


class Returned(UserError):
    """The press brought its player back (``GameService.return_from_absence``): the AI that
    played their seat stepped aside, and that is all the press did. The player is told so
    privately, down the error path; the channel is told by a post."""


class Announcer(Protocol):
    async def announce(self, outcome: Outcome) -> None: ...


def stopped(game: GameRecord, problem: str) -> UserError:
    """Stop one damaged or edited game: one operator log line (never its state: that holds
    the game's secret), and the refusal its players read; every other game plays on."""
    log.error(
        "game %s (channel %s) stopped: %s; run python -m db check and restore a backup",
        game.id,
        game.channel_id,
        problem,
    )
    return UserError("error.state_mismatch")


def check_intact(game: GameRecord) -> None:
    """Refuse a game whose row, stored state or log head was edited or damaged (the cheap
    check of every load: ``GameRecord.integrity_problem``), or whose kind no engine plays."""
    problem = game.integrity_problem()
    if problem is None and game.kind not in GAMES:
        problem = "no engine plays its kind"
    if problem is not None:
        raise stopped(game, problem)


def new_secret() -> int:
    """A new game's seed, which is its secret (``rules.core.rng``): 256 random bits from the
    operating system, the top one set so the keyed generator always serves it."""
    return secrets.randbits(256) | (1 << 255)


def spec_of(game: GameRecord) -> GameSpec[Any, Any, Any, Any]:
    return GAMES[game.kind]


def names_of(game: GameRecord, *, raw: bool = False) -> dict[str, str]:
    """Seat -> player name, escaped for a message (``bot.i18n.escape_name``: no name can
    mention anyone or bring its own markdown); ``raw`` for pictures and button labels."""
    return {s.seat: s.name if raw else escape_name(s.name) for s in game.seats}


def game_kind(typed: str) -> str:
    """A game's key from what a player typed: the key, or the game's title in either language
    (``일로스``, ``엔데버``; spaces and case ignored), or the start of exactly one title."""
    if typed in GAMES:
        return typed
    wanted = _squash(typed)
    titles = {k: [_squash(t(f"{k}.title", lang)) for lang in LANGS] for k in GAMES}
    exact = [k for k, said in titles.items() if wanted in said or wanted == k]
    if len(exact) == 1:
        return exact[0]
    starts = [k for k, said in titles.items() if wanted and any(s.startswith(wanted) for s in said)]
    return starts[0] if len(starts) == 1 else typed


def parse_options(spec: GameSpec[Any, Any, Any, Any], text: str) -> dict[str, Any]:
    """``"side=B expansion=true"`` -> dict, checked against the game's option names.
    Names and values may be typed in either language (``난이도=매우 쉬움``)."""
    fields = spec.Options.model_fields
    out: dict[str, Any] = {}
    parts: list[str] = []
    for word in text.replace(",", " ").split():
        if "=" not in word and parts and not parts[-1].endswith("="):
            parts[-1] += " " + word  # a value in several words: "난이도=매우 쉬움"
        else:
            parts.append(word)
    for part in parts:
        key, sep, value = part.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise UserError("error.option_format", part=echo(part))
        key = _option_name(spec, key)
        if key == "players":
            raise UserError("error.option_players")
        if key not in fields:
            known = [
                Text(
                    key="core.option_named",
                    args={"name": name, "label": Text(key=f"{spec.key}.option.{name}")},
                )
                for name in sorted(set(fields) - {"players"})
            ]
            known.append(
                Text(
                    key="core.option_named",
                    args={"name": absence.OPTION_NAMES[0], "label": Text(key="core.option_absent")},
                )
            )  # every game's: bot.absence takes it out before the game reads its own
            raise UserError("error.option_unknown", option=echo(key), known=known)
        lowered = value.strip().lower()
        out[key] = YES_NO.get(lowered, _option_value(spec, key, value.strip()))
    return out


YES_NO = {
    "true": True,
    "yes": True,
    "on": True,
    "false": False,
    "no": False,
    "off": False,
    "예": True,
    "네": True,
    "켜기": True,
    "사용": True,
    "아니오": False,
    "아니요": False,
    "끄기": False,
    "사용안함": False,
}
"""Yes and no as players type them, in English and Korean."""

LANGS = ("en", "ko")


def _squash(text: str) -> str:
    return "".join(text.split()).lower()


def _unbracketed(text: str) -> str:
    """``진의 A 카드 수 (난이도 대신)`` -> ``진의 A 카드 수``: a label's asides name no option."""
    return re.sub(r"\([^)]*\)", "", text)


def _option_name(spec: GameSpec[Any, Any, Any, Any], typed: str) -> str:
    """An option's name from what a player typed: the name itself, or its name in either
    language (``<kind>.option.<name>``; spaces ignored), or a word of it that names one
    option only (``난이도``)."""
    fields = spec.Options.model_fields
    if typed in fields:
        return typed
    wanted = _squash(typed)
    if not wanted:
        return typed
    labels: dict[str, list[str]] = {
        str(name): [_squash(_unbracketed(t(f"{spec.key}.option.{name}", lang))) for lang in LANGS]
        for name in fields
        if has(f"{spec.key}.option.{name}")
    }
    exact = [name for name, said in labels.items() if wanted in said]
    if len(exact) == 1:
        return exact[0]
    starts = [name for name, said in labels.items() if any(s.startswith(wanted) for s in said)]
    if len(starts) == 1:
        return starts[0]
    within = [name for name, said in labels.items() if any(wanted in s for s in said)]
    return within[0] if len(within) == 1 else typed


def _option_value(spec: GameSpec[Any, Any, Any, Any], name: str, typed: str) -> str:
    """A one-of option's value from what a player typed: the value itself, or its name in
    either language (``<kind>.option.<name>.<value>``: ``어려움`` for ``hard``)."""
    wanted = _squash(typed)
    for value in _allowed_values(spec, name):
        key = f"{spec.key}.option.{name}.{value}"
        if has(key) and wanted in {_squash(t(key, lang)) for lang in LANGS}:
            return value
    return typed


class GameService:
    def __init__(
        self,
        store: GameStore,
        *,
        clock: Clock = system_clock,
        announcer: Announcer | None = None,
        seed_source: Callable[[], int] | None = None,
        ai: AiSeats | None = None,
    ) -> None:
        self.store = store
        self.ai = ai or AiSeats(processes=0, seconds=DEFAULT_SECONDS)
        """Where AI seats (bots above the random level) think."""
        self.clock = clock
        self.announcer = announcer
        self._seed_source = seed_source or new_secret
        self.data_sets = DataSetLibrary()
        self._reconciled: dict[int, str | None] = {}
        """Per game id whose stored state predates rules versions: that state as its log
        replays to it (``rules.core.replay.reconcile``), or None if the log does not."""
        self._parsed: OrderedDict[int, tuple[str, Any]] = OrderedDict()
        """Per game id, the last state text read or written and that state (``state_of``):
        the store's row stays the truth, a state is reused only for the very same text."""

    # ------------------------------------------------------------------ helpers
    async def prepare(self) -> None:
        """At start-up: keep today's data sets, read those open games use, and find the rules
        version of every open game whose state predates versions."""
        await self.data_sets.load(self.store)
        for game in await self.store.open_games():
            await self._settle_version(game)
        await self.archive_ended_games()

    async def archive_ended_games(self) -> int:
        """Archive (and rate, in the order they ended) the games that ended before the club's
        record existed; a game whose state cannot be scored any more is archived without a
        result. Returns how many were archived."""
        done = 0
        for game in await self.store.unarchived_games():
            archive = abandoned_archive(game)
            if game.status == "finished" and game.state_json is not None:
                try:
                    await self.data_sets.fetch_for(self.store, game)
                    await self._settle_version(game)
                    spec = spec_of(game)
                    archive = finished_archive(game, spec, self.state_of(game))
                except Exception:
                    log.warning("finished game %s cannot be scored to archive it", game.id)
                    archive = GameArchive(outcome="finished", seats=archive.seats)
            done += await self.store.archive_game(game.id, archive)
        return done

    async def _settle_version(self, game: GameRecord) -> None:
        """For a stored state from before rules versions: replay its log (once per process,
        off the event loop) to find the version it plays and to fill in the fields added to
        the engine since; the game plays on from that state (it records both from its next
        move on)."""
        if (
            game.state_json is None
            or _RECORDS_VERSION in game.state_json
            or game.id in self._reconciled
        ):
            return
        log = await self.store.actions(game.id)
        self.state_of(game)  # pins the game's data set for the replay
        found = await asyncio.to_thread(
            reconcile,
            spec_of(game),
            setup_of(game),
            game.state_json,
            [(e.seat, e.action_json) for e in log],
        )
        self._reconciled[game.id] = (
            found.state.model_dump_json() if found.state is not None else None
        )

    async def current(self, channel_id: int) -> GameRecord:
        game = await self.store.current_game(channel_id)
        if game is None:
            raise UserError("error.no_game")
        await self.data_sets.fetch_for(self.store, game)
        await self._settle_version(game)
        return game

    async def viewable(
        self, channel_id: int, game_id: int | None = None, *, guild_id: int | None = None
    ) -> GameRecord:
        """The game people look at in a channel (``/game board``, ``log``, ``hand``): with
        ``game_id``, one of the channel's finished games (or, given ``guild_id``, one of the
        server's); else the running game, else the channel's last finished game (it stays
        until a new game starts), else its lobby."""
        if game_id is not None:
            game = await self.store.get_game(game_id)
            here = game is not None and (
                game.channel_id == channel_id
                or (guild_id is not None and game.guild_id == guild_id)
            )
            if game is None or not here or game.status != "finished":
                raise UserError("error.no_such_result")
        else:
            game = await self.store.current_game(channel_id)
            if game is None or game.status != "active":
                finished = await self.store.finished_games(channel_id, limit=1)
                game = finished[0] if finished else game
            if game is None:
                raise UserError("error.no_game")
        await self.data_sets.fetch_for(self.store, game)
        await self._settle_version(game)
        return game

    def state_of(self, game: GameRecord) -> Any:
        """The game's stored state, with the game's own component data set pinned for what runs
        next in this task (``bot.data_sets``); refused if the game's row, state or the head of
        its log was edited or damaged (``check_intact``), or the bot lacks the data set the
        game started on."""
        check_intact(game)
        if game.state_json is None:
            raise UserError("error.not_started")
        reconciled = self._reconciled.get(game.id)
        if _RECORDS_VERSION in game.state_json or reconciled is None:
            reconciled = game.state_json  # a state from before versions plays as its replay
        state = self._parsed_state(game, reconciled)
        if not self.data_sets.pin(game, state.data_hash):
            log.error(
                "game %s was started on data set %s, which this database does not hold",
                game.id,
                state.data_hash,
            )
            raise UserError("error.data_changed")
        return state

    def _parsed_state(self, game: GameRecord, text: str) -> Any:
        """The state ``text`` holds, parsed once per text: a channel's next command reads the
        row the last one wrote (states are never changed in place: ``apply`` changes a copy)."""
        known = self._parsed.get(game.id)
        if known is not None and known[0] == text:
            self._parsed.move_to_end(game.id)
            return known[1]
        try:
            state = spec_of(game).load_state(text)
        except StateUnreadable as exc:
            raise stopped(game, str(exc)) from None
        self._remember(game.id, text, state)
        return state

    def _remember(self, game_id: int, text: str, state: Any) -> None:
        self._parsed[game_id] = (text, state)
        self._parsed.move_to_end(game_id)
        while len(self._parsed) > _PARSED_STATES:
            self._parsed.popitem(last=False)

    async def turn(
        self, channel_id: int, user_id: int, *, kind: str | None = None, acting: bool = True
    ) -> Turn:
        """The one turn check: the channel's running game (of ``kind``, if given), its state
        and the user's seat; with ``acting`` also that the seat must act now."""
        return self.check_turn(await self.current(channel_id), user_id, kind=kind, acting=acting)

    def check_turn(
        self, game: GameRecord, user_id: int, *, kind: str | None = None, acting: bool = True
    ) -> Turn:
        check_intact(game)  # before anything reads the row (its kind may be damaged)
        if kind is not None and game.kind != kind:
            raise UserError("error.other_game", game=Text(key=f"{game.kind}.title"))
        if game.status != "active":
            raise UserError("error.not_started" if game.status == "lobby" else "error.game_over")
        state = self.state_of(game)
        spec = spec_of(game)
        if spec.is_over(state):
            raise UserError("error.game_over")
        seat = game.seat_of(user_id)
        if seat is None:
            raise UserError("error.not_seated")
        if acting and seat not in spec.to_act(state):
            waiting = sorted(spec.to_act(state))
            raise UserError("error.not_your_turn", names=names_of(game), waiting=waiting)
        return Turn(game=game, state=state, seat=seat)

    async def _announce(self, outcome: Outcome) -> Outcome:
        """Post the outcome; the change is already committed, so a failure here is only logged."""
        if self.announcer is not None:
            try:
                await self.announcer.announce(outcome)
            except Exception:
                log.exception(
                    "announcing game %s version %s failed", outcome.game.id, outcome.game.version
                )
                outcome.announce_failed = True
        return outcome

    async def _locked(self, channel_id: int, work: Callable[[], Awaitable[Outcome]]) -> Outcome:
        async with self.store.channel_lock(channel_id):
            outcome = await work()
        return await self._announce(outcome)

    # ------------------------------------------------------------------ lobby
    async def new_game(
        self,
        channel_id: int,
        guild_id: int | None,
        kind: str,
        creator: Player,
        options_text: str = "",
    ) -> Outcome:
        kind = game_kind(kind)
        if kind not in GAMES:
            titles = [Text(key=f"{k}.title") for k in sorted(GAMES)]
            raise UserError("error.unknown_game", kind=kind[:40], known=titles)
        spec = GAMES[kind]
        game_options, absent_ai = absence.split_option(options_text)
        options = parse_options(spec, game_options)
        checked_options(spec, options)

        async def work() -> Outcome:
            if await self.store.current_game(channel_id) is not None:
                raise UserError("error.channel_busy")
            game = await self.store.create_game(
                channel_id=channel_id,
                guild_id=guild_id,
                kind=kind,
                creator_id=creator.user_id,
                options=options,
                seed=self._seed_source(),
                seats=[SeatRecord(seat="", user_id=creator.user_id, name=creator.name)],
                absent_ai=absent_ai or "",
            )
            return Outcome(game=game)

        return await self._locked(channel_id, work)

    async def _lobby(self, channel_id: int) -> GameRecord:
        game = await self.current(channel_id)
        if game.status != "lobby":
            raise UserError("error.already_started")
        return game

    async def join(self, channel_id: int, player: Player) -> Outcome:
        return await self._add_seat(channel_id, player.user_id, player.name, by=player)

    async def _add_seat(
        self,
        channel_id: int,
        user_id: int | None,
        name: str,
        *,
        by: Player,
        level: str | None = None,
    ) -> Outcome:
        """Seat a player (``user_id``) or a bot (``None``, added by a seated ``by``) in the lobby."""

        async def work() -> Outcome:
            game = await self._lobby(channel_id)
            spec = spec_of(game)
            if user_id is not None and game.seat_of(user_id) is not None:
                raise UserError("error.already_joined")
            if user_id is None and game.seat_of(by.user_id) is None:
                raise UserError("error.not_joined")
            if len(game.seats) >= spec.max_players:
                raise UserError("error.game_full", max=spec.max_players)
            seats = [*game.seats, SeatRecord(seat="", user_id=user_id, name=name, level=level)]
            return Outcome(game=await self.store.update_game(game.id, game.version, seats=seats))

        return await self._locked(channel_id, work)

    async def leave(self, channel_id: int, player: Player) -> Outcome:
        async def work() -> Outcome:
            game = await self._lobby(channel_id)
            if game.seat_of(player.user_id) is None:
                raise UserError("error.not_joined")
            seats = [s for s in game.seats if s.user_id != player.user_id]
            creator = game.creator_id
            if player.user_id == creator:
                heirs = [s.user_id for s in seats if s.user_id is not None]
                if not heirs:
                    raise UserError("error.creator_cannot_leave")
                creator = heirs[0]  # the creator's rights pass to the longest-seated player
            stored = await self.store.update_game(
                game.id, game.version, seats=seats, creator_id=creator
            )
            return Outcome(game=stored)

        return await self._locked(channel_id, work)

    async def add_bot(
        self, channel_id: int, by: Player, level: str = "random", lang: str = "en"
    ) -> Outcome:
        """Seat a bot that plays at ``level`` (``rules.ai.LEVELS``), named in ``lang``."""
        if level not in LEVELS:
            raise UserError("error.bad_input")
        game = await self._lobby(channel_id)
        name = bot_name(level, sum(1 for s in game.seats if s.is_bot) + 1, lang)
        return await self._add_seat(channel_id, None, name, by=by, level=stored_level(level))

    async def set_absent_ai(self, channel_id: int, by: Player, typed: str) -> Outcome:
        """Change, in the lobby, the AI that plays for absent players (``bot.absence``;
        ``off``: none); the creator only, as ``absent=`` when the game is opened."""
        level = absence.level_named(typed)

        async def work() -> Outcome:
            game = await self._lobby(channel_id)
            if by.user_id != game.creator_id:
                raise UserError("error.only_creator_options")
            stored = await self.store.update_game(game.id, game.version, absent_ai=level)
            return Outcome(game=stored)

        return await self._locked(channel_id, work)

    async def start(self, channel_id: int, by: Player) -> Outcome:
        async def work() -> Outcome:
            game = await self._lobby(channel_id)
            spec = spec_of(game)
            if by.user_id != game.creator_id:
                raise UserError("error.only_creator_starts")
            if len(game.seats) < spec.min_players:
                raise UserError("error.too_few_players", min=spec.min_players)
            order = list(game.seats)
            if spec.seat_order == "random":
                random.Random(game.seed).shuffle(order)
            seats = [
                SeatRecord(seat=f"p{i + 1}", user_id=s.user_id, name=s.name, level=s.level)
                for i, s in enumerate(order)
            ]
            try:
                options = validated_options(spec, {**game.options, "players": len(seats)})
            except ValidationError as exc:
                raise UserError("error.bad_options", detail=option_error(spec, exc)) from exc
            campaign = await self.store.get_campaign(channel_id, game.kind)
            pin_data_set(game.kind, None)  # a new game starts on today's data set ...
            await self.data_sets.store_today(self.store, spec)  # ... kept for it from now on
            state = spec.new_game([s.seat for s in seats], options, game.seed, campaign)
            stored = await self.store.update_game(
                game.id,
                game.version,
                seats=seats,
                options=options.model_dump(mode="json"),
                status="active",
                state_json=state.model_dump_json(),
                campaign=campaign,
            )
            outcome = Outcome(game=stored, state=state, started=True)
            return await self._persist(outcome, [])

        return await self._locked(channel_id, work)

    # ------------------------------------------------------------------ play
    async def act(
        self,
        channel_id: int,
        user_id: int,
        choose: Callable[[Any, str], Sequence[Any]],
        *,
        interaction_id: int | None = None,
        expected_version: int | None = None,
        anytime: bool = False,
    ) -> Outcome:
        """Apply the actions ``choose(state, seat)`` returns for the user's acting seat.

        ``choose`` turns the user's input into engine actions (it may raise ``UserError``).
        A stale ``expected_version`` changes nothing and says the prompt is out of date.
        ``anytime`` plays one of the game's ``anytime_actions`` (the seat need not act now).
        A press of a player an AI plays for only brings them back (``Returned``).
        """

        async def work() -> Outcome:
            game = await self.current(channel_id)
            if game.status == "active" and absence.stood_in(game, user_id) is not None:
                return await self._step_aside(game, user_id)  # read under the lock: no race
            if expected_version is not None and expected_version != game.version:
                raise UserError("error.stale_prompt")
            turn = self.check_turn(game, user_id, acting=not anytime)
            spec, seat = turn.spec, turn.seat

            def compute() -> tuple[Any, list[Event], list[NewAction], str]:
                """The engine's work for this change (pure; run off the event loop), and the
                JSON text of the state it leads to."""
                state, text = turn.state, ""
                actions = list(choose(state, seat))
                if not actions:
                    raise UserError("error.no_action")
                if anytime and any(a not in spec.anytime_actions(state, seat) for a in actions):
                    raise UserError("error.not_now")
                events: list[Event] = []
                logged: list[NewAction] = []
                for action in actions:
                    try:
                        result = spec.apply(state, seat, action)
                    except RuleViolation as exc:
                        raise RulesRefused(exc.text, names_of(game)) from exc
                    state = result.state
                    events.extend(result.events)
                    text = state.model_dump_json()
                    logged.append(
                        NewAction(
                            seat=seat,
                            user_id=user_id,
                            action_json=spec.dump_action(action),
                            interaction_id=interaction_id if not logged else None,
                            reveals=any(e.reveals for e in result.events),
                            state_hash=state_digest(text),
                        )
                    )
                return state, events, logged, text

            state, events, logged, text = await asyncio.to_thread(compute)
            outcome = Outcome(
                game=game,
                state=state,
                events=events,
                acting_before=spec.to_act(turn.state),
                actor=seat,
            )
            return await self._persist(outcome, logged, text=text)

        outcome = await self._locked(channel_id, work)
        if outcome.back is not None:
            raise Returned("core.absent_welcome")
        return outcome

    async def time_out(self, channel_id: int, version: int) -> Outcome | None:
        """Answer, for every acting seat that has not, a waiting decision the game gives a
        default (``GameSpec.timeout_actions``), if the channel's game is still at ``version``
        (so of several processes looking at one idle game, one answers). A seat's default may
        take several steps (a whole secret ranking); it stops where a new decision begins.
        In a game with an AI for absent players, that AI plays the waiting players' seats
        instead, from now until they come back.
        ``None``: nothing was due or the game moved on meanwhile."""

        async def work() -> Outcome | None:
            game = await self.store.current_game(channel_id)
            if game is None or game.version != version or game.status != "active":
                return None
            spec = spec_of(game)
            before = self.state_of(game)
            if game.absent_ai:
                return await self._stand_in(game, before)
            rnd = random.Random(f"{game.seed}:{game.version}:timeout")

            def compute() -> tuple[Any, list[Event], list[NewAction]]:
                state, waiting = before, spec.to_act(before)
                events: list[Event] = []
                logged: list[NewAction] = []
                defaulted: list[str] = []
                for seat in sorted(waiting):
                    for _ in range(MAX_BOT_STEPS):
                        acting = spec.to_act(state)
                        if spec.is_over(state) or seat not in acting or acting - waiting:
                            break  # answered, or a new decision began
                        choices = spec.timeout_actions(state, seat)
                        if not choices:
                            break
                        action = choices[rnd.randrange(len(choices))]
                        result = spec.apply(state, seat, action)
                        state = result.state
                        events.extend(result.events)
                        logged.append(
                            NewAction(
                                seat=seat,
                                user_id=None,
                                action_json=spec.dump_action(action),
                                reveals=any(e.reveals for e in result.events),
                                state_hash=state_digest(state.model_dump_json()),
                            )
                        )
                        if seat not in defaulted:
                            defaulted.append(seat)
                if defaulted:
                    events.insert(0, Event(key="core.timed_out", args={"seats": defaulted}))
                return state, events, logged

            state, events, logged = await asyncio.to_thread(compute)
            # the waiting decision was answered: whoever must act now faces a new decision
            # (even the same seats, e.g. the next secret bid), so the post pings them all
            outcome = Outcome(game=game, state=state, events=events)
            return await self._persist(outcome, logged) if logged else None

        try:
            async with self.store.channel_lock(channel_id):
                outcome = await work()
        except UserError:  # the game moved on (another process answered, a player acted)
            return None
        return await self._announce(outcome) if outcome is not None else None

    async def _stand_in(self, game: GameRecord, state: Any) -> Outcome | None:
        """The game's AI for absent players begins to play every acting seat a person holds
        (see ``time_out``), and plays what it must now; seats and moves are stored at once.
        The post says how many whole hours the decision waited."""
        absent = absence.absent_acting(game, spec_of(game).to_act(state))
        if not absent:
            return None
        hours = max(0, int((self.clock() - game.updated_at).total_seconds() // 3600))
        level = Text(key=f"core.record.level.{game.absent_ai}")
        told = Event(
            key="core.absent_ai",
            args={"seats": absent, "hours": hours, "level": level},
        )
        seats = absence.with_stand_ins(game, absent)
        outcome = Outcome(game=replace(game, seats=seats), state=state, events=[told])
        return await self._persist(outcome, [], seats=seats)

    async def return_from_absence(self, channel_id: int, user_id: int) -> None:
        """If an AI plays the user's seat in the channel's game, it steps aside (stored, and
        posted), and ``Returned`` says so; else nothing happens."""
        await self.return_if_absent(channel_id, await self.store.current_game(channel_id), user_id)

    async def return_if_absent(
        self, channel_id: int, game: GameRecord | None, user_id: int
    ) -> None:
        """``return_from_absence`` given the channel's current game as the caller just read
        it (None: the channel has none), so a press reads it once for this and its checks."""
        if await self._come_back(channel_id, game, user_id) is not None:
            raise Returned("core.absent_welcome")

    async def come_back(self, channel_id: int, user_id: int) -> Outcome | None:
        """The AI that plays the user's seat steps aside: the player plays it from now on.
        None: no AI plays for them (nothing changes)."""
        return await self._come_back(channel_id, await self.store.current_game(channel_id), user_id)

    async def _come_back(
        self, channel_id: int, game: GameRecord | None, user_id: int
    ) -> Outcome | None:
        """``come_back`` given the channel's current game as read (the step itself reads it
        again under the channel's lock)."""
        if game is None or game.status != "active" or absence.stood_in(game, user_id) is None:
            return None

        async def work() -> Outcome:
            return await self._step_aside(await self.current(channel_id), user_id)

        return await self._locked(channel_id, work)

    async def _step_aside(self, game: GameRecord, user_id: int) -> Outcome:
        """The AI that plays the user's seat steps aside (stored; under the channel's lock)."""
        seat = absence.stood_in(game, user_id)
        if game.status != "active" or seat is None:
            raise UserError("error.not_absent")
        seats = absence.without_stand_in(game, seat.seat)
        stored = await self.store.update_game(game.id, game.version, seats=seats)
        return Outcome(game=stored, state=self.state_of(stored), back=seat.seat)

    async def stand_in_moves(self, game: GameRecord) -> dict[str, int]:
        """Seat -> how many of its logged moves an AI played for its absent player."""
        counts: dict[str, int] = {}
        for entry in await self.store.actions(game.id):
            if entry.stand_in is not None:
                counts[entry.seat] = counts.get(entry.seat, 0) + 1
        return counts

    async def _persist(
        self,
        outcome: Outcome,
        logged: list[NewAction],
        *,
        seats: list[SeatRecord] | None = None,
        text: str | None = None,
    ) -> Outcome:
        """Let bot seats move, then store the actions and the state in one transaction (with
        ``seats``, when they change too). ``text``: the state's JSON, when already made."""
        game = outcome.game
        spec = spec_of(game)
        state = outcome.state
        logged = [*logged]
        if absence.players_of(game):  # no AI seat: no thread hop for nothing
            bot_events, bot_logged, state = await asyncio.to_thread(self._bot_moves, game, state)
            outcome.events.extend(bot_events)
            logged.extend(bot_logged)
            if bot_logged:
                text = None
        assert state is not None
        if not logged:
            if seats is not None:
                stored = await self.store.update_game(game.id, game.version, seats=seats)
                outcome.game, outcome.state = stored, state
            return outcome
        over = spec.is_over(state)
        if text is None:
            text = state.model_dump_json()
        try:
            stored = await self.store.record_actions(
                game.id,
                game.version,
                logged,
                text,
                "finished" if over else "active",
                campaign=spec.campaign_after(state) if over else None,
                archive=finished_archive(game, spec, state) if over else None,
                seats=seats,
            )
        except DuplicateInteraction as exc:
            raise UserError("error.duplicate") from exc
        except VersionConflict as exc:
            raise UserError("error.stale_prompt") from exc
        if not over and stored.state_json == text:
            self._remember(game.id, text, state)
        outcome.game, outcome.state, outcome.ended = stored, state, over
        return outcome

    def _bot_moves(self, game: GameRecord, state: Any) -> tuple[list[Event], list[NewAction], Any]:
        """Let bot-filled seats, and the seats an AI plays for absent players, move while they
        must act (runs in a thread). A random bot's moves are deterministic per game version;
        an AI decides from its seat's own observation (``rules.ai.observe``) in a worker
        process (``AiSeats``). A move played for an absent player is logged as such."""
        spec = spec_of(game)
        bots = absence.players_of(game)
        standing_in = {s.seat for s in game.seats if s.stand_in and not s.is_bot}
        events: list[Event] = []
        logged: list[NewAction] = []
        rnd = random.Random(f"{game.seed}:{game.version}")
        for _ in range(MAX_BOT_STEPS):
            if spec.is_over(state):
                break
            acting = spec.to_act(state) & bots.keys()
            if not acting:
                break
            seat = sorted(acting)[0]
            action = self._bot_action(game, spec, state, seat, bots[seat], rnd)
            result = spec.apply(state, seat, action)
            state = result.state
            events.extend(result.events)
            logged.append(
                NewAction(
                    seat=seat,
                    user_id=None,
                    action_json=spec.dump_action(action),
                    reveals=any(e.reveals for e in result.events),
                    state_hash=state_digest(state.model_dump_json()),
                    stand_in=bots[seat] if seat in standing_in else None,
                )
            )
        return events, logged, state

    def _bot_action(
        self,
        game: GameRecord,
        spec: GameSpec[Any, Any, Any, Any],
        state: Any,
        seat: str,
        level: str,
        rnd: random.Random,
    ) -> Any:
        if level == "random" or not has_ai(spec):
            return random_action(spec, state, seat, rnd)
        answer = self.ai.decide(game.kind, level, observe(spec, state, seat))
        action = spec.parse_action(answer)
        if action not in spec.legal_actions(state, seat):  # the AI saw only its seat's view
            log.error(
                "game %s: AI seat %s chose an illegal action; a random one instead", game.id, seat
            )
            return random_action(spec, state, seat, rnd)
        return action

    # ------------------------------------------------------------------ table management
    async def abandon(self, channel_id: int, by: Player, *, can_manage: bool) -> Outcome:
        async def work() -> Outcome:
            game = await self.current(channel_id)
            if by.user_id != game.creator_id and not can_manage:
                raise UserError("error.abandon_forbidden")
            archive = abandoned_archive(game) if game.status == "active" else None
            stored = await self.store.update_game(
                game.id, game.version, status="abandoned", archive=archive
            )
            return Outcome(game=stored, ended=True, by_user=by.user_id)

        return await self._locked(channel_id, work)

    async def replace(
        self, channel_id: int, game_id: int, old_user_id: int, new: Player
    ) -> Outcome:
        """Give ``old_user_id``'s seat to ``new``. The callers have the consent of both (the
        taker's press, and the holder's or, when they are gone, a moderator's); this checks
        the seats again under the lock. The creator's rights move with the creator's seat."""

        async def work() -> Outcome:
            game = await self.current(channel_id)
            if game.id != game_id:
                raise UserError("error.stale_prompt")
            if game.seat_of(old_user_id) is None:
                raise UserError("error.replace_not_seated")
            if game.seat_of(new.user_id) is not None:
                raise UserError("error.already_joined")
            seats = [
                SeatRecord(seat=s.seat, user_id=new.user_id, name=new.name)
                if s.user_id == old_user_id
                else s
                for s in game.seats
            ]
            creator = new.user_id if game.creator_id == old_user_id else None
            stored = await self.store.update_game(
                game.id, game.version, seats=seats, creator_id=creator
            )
            return Outcome(game=stored, state=self.state_of(stored) if stored.state_json else None)

        return await self._locked(channel_id, work)

    async def replace_with_ai(
        self, channel_id: int, game_id: int, old_user_id: int, level: str, lang: str
    ) -> Outcome:
        """Give ``old_user_id``'s seat to an AI of ``level``: from now on it is a bot seat
        like one added with ``/game add-bot`` (named in ``lang``), and it plays at once if it
        must act. The callers have the consents (the offer's, as for a person); this checks
        the seat again under the lock. The creator's rights pass to the longest-seated person
        still at the table."""
        if level not in LEVELS:
            levels = absence.level_words(default=False)
            raise UserError("error.absent_level", value=level[:40], levels=levels)

        async def work() -> Outcome:
            game = await self.current(channel_id)
            if game.id != game_id or game.status != "active":
                raise UserError("error.stale_prompt")
            if game.seat_of(old_user_id) is None:
                raise UserError("error.replace_not_seated")
            name = bot_name(level, sum(1 for s in game.seats if s.is_bot) + 1, lang)
            seats = [
                SeatRecord(seat=s.seat, user_id=None, name=name, level=stored_level(level))
                if s.user_id == old_user_id
                else s
                for s in game.seats
            ]
            heirs = [s.user_id for s in seats if s.user_id is not None]
            if game.creator_id == old_user_id and heirs:
                game = await self.store.update_game(
                    game.id, game.version, seats=seats, creator_id=heirs[0]
                )
            outcome = Outcome(game=replace(game, seats=seats), state=self.state_of(game))
            return await self._persist(outcome, [], seats=seats)  # with its moves, if any

        return await self._locked(channel_id, work)

    # ------------------------------------------------------------------ undo
    async def undo_target(self, game: GameRecord, user_id: int) -> int:
        """The log position to go back to: just before the user's latest action.

        Refused when that action or any later one revealed hidden or random information.
        """
        if game.status != "active":
            raise UserError("error.not_started")
        seat = game.seat_of(user_id)
        if seat is None:
            raise UserError("error.not_seated")
        log = await self.store.actions(game.id)
        mine = [a for a in log if a.seat == seat and a.user_id == user_id]
        if not mine:
            raise UserError("error.undo_nothing")
        target = mine[-1].seq
        if any(a.reveals for a in log if a.seq >= target):
            raise UserError("error.undo_hidden")
        return target - 1

    async def request_undo(self, channel_id: int, user_id: int) -> tuple[GameRecord, UndoRequest]:
        """Open a takeback request for the user's latest action (kept in the store)."""

        async def work() -> tuple[GameRecord, UndoRequest]:
            game = await self.current(channel_id)
            keep = await self.undo_target(game, user_id)
            request = await self.store.request_undo(game.id, game.version, user_id, keep)
            if request.requester_id != user_id:
                raise UserError("error.undo_pending")
            return game, request

        async with self.store.channel_lock(channel_id):
            return await work()

    @staticmethod
    def undo_voters(game: GameRecord, requester_id: int) -> set[int]:
        """Every other human player must agree to a takeback."""
        return {s.user_id for s in game.seats if s.user_id and s.user_id != requester_id}

    async def vote_undo(
        self, channel_id: int, game_id: int, version: int, user_id: int, approve: bool
    ) -> UndoVoteResult:
        """Record one vote on the open takeback request of the game at ``version``.

        Who asked and what is kept come from the stored request, never from the button; the
        request is carried out only if it still takes back exactly the requester's latest
        action with nothing hidden revealed since.
        """
        result: UndoVoteResult | None = None

        async def work() -> Outcome:
            nonlocal result
            game = await self.current(channel_id)
            request = await self.store.undo_request(game_id, version)
            if game.id != game_id or game.version != version or request is None:
                raise UserError("error.stale_prompt")
            if user_id not in self.undo_voters(game, request.requester_id):
                raise UserError("error.undo_not_voter")
            if not approve:
                await self.store.close_undo_request(game_id, version)
                result = UndoVoteResult(refused=True, left=0, requester_id=request.requester_id)
                return Outcome(game=game)
            request = await self.store.approve_undo(game_id, version, user_id) or request
            left = self.undo_voters(game, request.requester_id) - request.approvals
            if left:
                result = UndoVoteResult(
                    refused=False, left=len(left), requester_id=request.requester_id
                )
                return Outcome(game=game)
            if await self.undo_target(game, request.requester_id) != request.keep_through_seq:
                await self.store.close_undo_request(game_id, version)
                raise UserError("error.stale_prompt")
            outcome = await self._undo(game, request.keep_through_seq)
            await self.store.close_undo_request(game_id, version)
            result = UndoVoteResult(refused=False, left=0, requester_id=request.requester_id)
            return outcome

        await self._locked(channel_id, work)
        assert result is not None
        return result

    async def undo_alone(self, channel_id: int, user_id: int) -> Outcome:
        """Take back the user's latest action when no other human must agree (bots only)."""

        async def work() -> Outcome:
            game = await self.current(channel_id)
            keep = await self.undo_target(game, user_id)
            if self.undo_voters(game, user_id):
                raise UserError("error.undo_needs_vote")
            return await self._undo(game, keep)

        return await self._locked(channel_id, work)

    async def _undo(self, game: GameRecord, keep_through_seq: int) -> Outcome:
        """Rebuild the state from the log up to ``keep_through_seq`` and store it."""
        log = await self.store.actions(game.id)
        state, _ = await self.replay(game, log, through_seq=keep_through_seq)
        stored = await self.store.undo_to(
            game.id, game.version, keep_through_seq, state.model_dump_json()
        )
        return Outcome(game=stored, state=state, events=[Event(key="core.undone")])

    # ------------------------------------------------------------------ replay and history
    async def replay(
        self, game: GameRecord, log: Sequence[ActionRecord], *, through_seq: int | None = None
    ) -> tuple[Any, list[tuple[ActionRecord, list[Event]]]]:
        """Rebuild a game from its seed, options, seats, campaign and log (off the event loop):
        the state after ``through_seq`` (default: the whole log) and each entry's events."""
        check_intact(game)
        if game.state_json is not None:
            self.state_of(game)  # pins the game's data set for the replay
        try:
            return await asyncio.to_thread(replay_log, game, log, through_seq)
        except (ValueError, RuleViolation) as exc:  # ValidationError is a ValueError
            problem = f"its log does not replay ({type(exc).__name__})"
        raise stopped(game, problem)

    async def logged_steps(self, game: GameRecord) -> tuple[frozenset[str], list[LoggedStep]]:
        """Who acted when the game began, and each live logged action's events with who acts
        after it, replayed from the store (what a hand-over post tells is derived from this
        when this process did not see the earlier steps itself)."""
        if game.state_json is not None:
            self.state_of(game)  # pins the game's data set for the replay
        log = await self.store.actions(game.id)
        return await asyncio.to_thread(logged_steps, game, log)

    async def score_track(self, game: GameRecord) -> ScoreTrack:
        """Every scored seat's score round by round, from the game's replayed log (the chart
        of how the game went), off the event loop."""
        check_intact(game)
        if game.state_json is not None:
            self.state_of(game)  # pins the game's data set for the replay
        log = await self.store.actions(game.id)
        return await asyncio.to_thread(score_track_of, game, log)

    async def history(self, game: GameRecord, viewer: str | None) -> list[HistoryEntry]:
        """Every logged action's events that ``viewer`` (a seat, ``None``: a spectator) may
        see, oldest first; entries whose events are all hidden from the viewer are left out."""
        if game.state_json is None:
            return []
        _, steps = await self.replay(game, await self.store.actions(game.id))
        out = []
        for entry, events in steps:
            shown = [e for e in events if e.visible_for(viewer)]
            if shown:
                out.append(
                    HistoryEntry(
                        seq=entry.seq, seat=entry.seat, events=shown, stand_in=entry.stand_in
                    )
                )
        return out


def bot_name(level: str, number: int, lang: str) -> str:
    """The name of a table's ``number``th bot seat, of ``level``, in ``lang``."""
    if level == "random":
        return f"🤖 {number}"
    return t("core.ai_seat", lang, number=number, level=t(f"core.record.level.{level}", lang))


def stored_level(level: str) -> str | None:
    """A bot seat's level as stored (``None``: the random bot, as before levels existed)."""
    return None if level == "random" else level


@cache
def current_data_hash(kind: str) -> str:
    """The hash of the component data the game kind has loaded (what new games record)."""
    spec = GAMES[kind]
    seats = [f"p{i + 1}" for i in range(spec.min_players)]
    options = spec.Options.model_validate({"players": spec.min_players})
    return str(spec.new_game(seats, options, 0).data_hash)


def setup_of(game: GameRecord) -> GameSetup:
    return GameSetup(
        seats=[s.seat for s in game.seats],
        options=game.options,
        seed=game.seed,
        campaign=game.campaign,
    )


def replay_log(
    game: GameRecord, log: Sequence[ActionRecord], through_seq: int | None = None
) -> tuple[Any, list[tuple[ActionRecord, list[Event]]]]:
    """The one replay of a stored game (see ``GameService.replay``), on the rules version
    the game plays (``rules.core.replay``)."""
    spec = spec_of(game)
    setup = setup_of(game)
    version = rules_version_of(game, log)
    kept = [e for e in log if through_seq is None or e.seq <= through_seq]
    steps: list[tuple[ActionRecord, list[Event]]] = []
    state = None
    for entry, result in zip(
        kept,
        replay_steps(spec, setup, version, [(e.seat, e.action_json) for e in kept]),
        strict=True,
    ):
        state = result.state
        steps.append((entry, list(result.events)))
    return (state if state is not None else setup.start(spec, version)), steps


def score_track_of(game: GameRecord, log: Sequence[ActionRecord]) -> ScoreTrack:
    """See ``GameService.score_track``."""
    entries = [(e.seat, e.action_json) for e in log]
    return score_track(spec_of(game), setup_of(game), rules_version_of(game, log), entries)


def logged_steps(
    game: GameRecord, log: Sequence[ActionRecord]
) -> tuple[frozenset[str], list[LoggedStep]]:
    """See ``GameService.logged_steps``."""
    spec = spec_of(game)
    setup = setup_of(game)
    version = rules_version_of(game, log)
    first = frozenset(spec.to_act(setup.start(spec, version)))
    steps = []
    results = replay_steps(spec, setup, version, [(e.seat, e.action_json) for e in log])
    for entry, result in zip(log, results, strict=True):
        over = spec.is_over(result.state)
        acting = frozenset() if over else frozenset(spec.to_act(result.state))
        steps.append(LoggedStep(entry.seq, list(result.events), acting, over))
    return first, steps


def rules_version_of(game: GameRecord, log: Sequence[ActionRecord]) -> int:
    """The rules version a stored game plays (found by replay for a state from before
    versions: ``rules.core.replay.version_of``)."""
    if game.state_json is None:
        return spec_of(game).rules_version
    entries = [(e.seat, e.action_json) for e in log if not e.undone]
    return version_of(spec_of(game), setup_of(game), game.state_json, entries)


def option_error(spec: GameSpec[Any, Any, Any, Any], exc: ValidationError) -> Text:
    """What is wrong with a game's options, in the player's words: the game's own reason
    (``OptionRefused``), or the option named with the values it takes."""
    err = exc.errors()[0]
    cause = (err.get("ctx") or {}).get("error")
    if isinstance(cause, OptionRefused):
        return cause.text
    loc = [str(p) for p in err.get("loc", ())]
    name = loc[0] if loc else ""
    if name not in spec.Options.model_fields:
        return Text(key="core.option_invalid_any")
    label = Text(key=f"{spec.key}.option.{name}")
    value = echo(str(err.get("input", "")))
    bounds = _bounds(spec, name)
    if bounds is not None:
        low, high = bounds
        args: dict[str, Any] = {"option": label, "value": value, "low": low, "high": high}
        return Text(key="core.option_range", args=args)
    allowed: list[Text | str] = [
        Text(key=f"{spec.key}.option.{name}.{v}") if has(f"{spec.key}.option.{name}.{v}") else v
        for v in _allowed_values(spec, name)
    ]  # in the reader's words where the catalog has them (every one is accepted typed)
    if allowed:
        return Text(
            key="core.option_choose", args={"option": label, "value": value, "allowed": allowed}
        )
    return Text(key="core.option_invalid", args={"option": label, "value": value})


def _allowed_values(spec: GameSpec[Any, Any, Any, Any], name: str) -> list[str]:
    """The values a yes/no or one-of option takes, as players type them."""
    annotation = spec.Options.model_fields[name].annotation
    if annotation is bool:
        return ["true", "false"]
    if get_origin(annotation) is Literal:
        return [str(v) for v in get_args(annotation)]
    return []


def _bounds(spec: GameSpec[Any, Any, Any, Any], name: str) -> tuple[int, int] | None:
    """The smallest and largest whole number an option takes, when it says both."""
    low = high = None
    for rule in spec.Options.model_fields[name].metadata:
        low = getattr(rule, "ge", low)
        high = getattr(rule, "le", high)
    return (low, high) if isinstance(low, int) and isinstance(high, int) else None


def checked_options(spec: GameSpec[Any, Any, Any, Any], options: dict[str, Any]) -> None:
    """Refuse, when a game is opened, option values that no player count can accept (a typo in
    a value, a campaign without its data); checks that depend on the count wait for the start."""
    counts = range(spec.min_players, spec.max_players + 1)
    first: ValidationError | None = None
    for players in counts:
        try:
            validated_options(spec, {**options, "players": players})
            return
        except ValidationError as exc:
            first = first or exc
    assert first is not None
    raise UserError("error.bad_options", detail=option_error(spec, first))


def validated_options(spec: GameSpec[Any, Any, Any, Any], options: dict[str, Any]) -> Any:
    """The game's ``Options`` from ``options``; ``ValidationError`` when the game refuses a
    value. A game's validator failing any other way is a bug in the game: logged, and the
    player is told the options were not accepted, never "something went wrong"."""
    try:
        return spec.Options.model_validate(options)
    except ValidationError:
        raise
    except Exception as exc:
        log.error("the options of %s failed to validate: %r", spec.key, options, exc_info=exc)
        raise UserError("error.bad_options", detail=Text(key="core.option_invalid_any")) from exc
