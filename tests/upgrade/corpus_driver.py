"""The driver ``make_corpus`` runs inside a checkout of an older release (issue 17.4).

It is copied into that checkout and run there with the checkout as the current directory, so
every ``bot``, ``db`` and ``rules`` import is the release's own code. It plays games through
the release's ``GameService`` on the release's ``SqliteStore``, with random legal moves from
fixed seeds, so running it twice on one release gives the same games, logs and states.

It uses only what every release since 0676d92 offers (``GameService.new_game / join /
add_bot / start / act / abandon``, ``state_of``, ``rules.core.bots.random_action``) and looks
for the newer parts (stored takeback requests, campaigns) before using them.

    python -m _corpus_driver OUT.sqlite3 [DATA_DIR]

``DATA_DIR``: where to write a club data folder when the release has Maracaibo campaigns
(they need the club's story cards; the release's own campaign tests' story cards are used).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

GUILD = 1_171_000_000_000_000_000
CHANNELS = 1_181_000_000_000_000_000
"""Channel ids: realistic Discord snowflakes (beyond 32 bits), one channel per game."""
USERS = 1_191_000_000_000_000_000
INTERACTIONS = 1_301_000_000_000_000_000
NAMES = ["민지", "서준", "하은", "도윤", "지우", "Alex"]
SHORT = {"ilos": ("max_rounds", "5"), "renaissance": ("end_condition", "epochs_1")}
"""Shorter games where the game offers it (keeps the files small and the tests that play every
running game to its end quick)."""
START = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)


class StepClock:
    """The store's clock: two seconds per reading from a fixed start (same times every run)."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=2)
        return self.now


def campaign_data(folder: Path) -> bool:
    """Write a club data folder with story cards when the release has Maracaibo campaigns (the
    story cards and the added C card of the release's own campaign tests). False: it has none."""
    try:
        from tests.rules.maracaibo import test_maracaibo_campaign as tests
    except ImportError:
        return False
    stories_added = getattr(tests, "TEST_STORIES", None)
    if stories_added is None:
        return False
    shipped = Path("rules") / "maracaibo" / "data"
    target = folder / "maracaibo"
    target.mkdir(parents=True, exist_ok=True)
    stories = json.loads((shipped / "story_cards.json").read_text(encoding="utf-8"))
    stories["cards"] += stories_added
    (target / "story_cards.json").write_text(
        json.dumps(stories, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    projects = json.loads((shipped / "projects.json").read_text(encoding="utf-8"))
    projects["cards"].append(dict(projects["cards"][0], id="C090", deck="C"))
    (target / "projects.json").write_text(
        json.dumps(projects, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    return True


class Driver:
    def __init__(self, service: Any, store: Any) -> None:
        from bot.service import Player

        self.service = service
        self.store = store
        self.Player = Player
        self.channels = 0
        self.interactions = 0
        self.seed = 0
        self.made: list[str] = []

    # ------------------------------------------------------------------ tables
    def player(self, i: int) -> Any:
        return self.Player(user_id=USERS + i, name=NAMES[i])

    async def table(
        self, kind: str, label: str, humans: int, *, bots: int = 0, options: str = ""
    ) -> int:
        """Open a game in a new channel, seat ``humans`` players and ``bots`` bots, start it."""
        self.channels += 1
        channel = CHANNELS + self.channels
        self.seed = random.Random(f"{kind}:{label}:seed").randrange(2**31)
        await self.service.new_game(channel, GUILD, kind, self.player(0), options)
        for i in range(1, humans):
            await self.service.join(channel, self.player(i))
        for _ in range(bots):
            await self.service.add_bot(channel, self.player(0))
        await self.service.start(channel, self.player(0))
        self.made.append(f"{channel} {kind} {label}")
        return channel

    async def lobby(self, kind: str, label: str) -> None:
        self.channels += 1
        channel = CHANNELS + self.channels
        self.seed = random.Random(f"{kind}:{label}:seed").randrange(2**31)
        await self.service.new_game(channel, GUILD, kind, self.player(0), "")
        await self.service.join(channel, self.player(1))
        self.made.append(f"{channel} {kind} {label}")

    # ------------------------------------------------------------------ moves
    async def game(self, channel: int) -> Any:
        return await self.store.current_game(channel)

    async def step(self, channel: int, rnd: random.Random, seat: str | None = None) -> bool:
        """One random legal action by the first acting seat (or ``seat``); False: game over."""
        from bot.service import spec_of
        from rules.core.bots import random_action

        game = await self.game(channel)
        if game is None or game.status != "active":
            return False
        spec = spec_of(game)
        state = self.service.state_of(game)
        if spec.is_over(state):
            return False
        seat = seat or sorted(spec.to_act(state))[0]
        user = game.user_of(seat)
        assert user is not None and user.user_id is not None, "a bot seat is left to act"
        self.interactions += 1

        def choose(now: Any, acting: str) -> list[Any]:
            return [random_action(spec, now, acting, rnd)]

        await self.service.act(
            channel,
            user.user_id,
            choose,
            interaction_id=INTERACTIONS + self.interactions,
            expected_version=game.version,
        )
        return True

    async def play(self, channel: int, rnd: random.Random, steps: int | None) -> int:
        """``steps`` actions (None: to the end); how many were played."""
        played = 0
        while (steps is None or played < steps) and await self.step(channel, rnd):
            played += 1
            assert played < 20_000, "the game does not end"
        return played

    async def acting(self, channel: int) -> frozenset[str]:
        from bot.service import spec_of

        game = await self.game(channel)
        if game is None or game.status != "active":
            return frozenset()
        return frozenset(spec_of(game).to_act(self.service.state_of(game)))

    # ------------------------------------------------------------------ takebacks
    async def last_human(self, channel: int) -> int:
        game = await self.game(channel)
        log = await self.store.actions(game.id)
        user_id: int = next(a.user_id for a in reversed(log) if a.user_id is not None)
        return user_id

    async def undo(self, channel: int, rnd: random.Random) -> None:
        """Take back the latest human action (playing on until one can be taken back)."""
        from bot.errors import UserError

        for _ in range(200):
            user = await self.last_human(channel)
            try:
                if hasattr(self.service, "request_undo"):
                    game = await self.game(channel)
                    if not self.service.undo_voters(game, user):
                        await self.service.undo_alone(channel, user)
                        return
                    game, _request = await self.service.request_undo(channel, user)
                    for voter in sorted(self.service.undo_voters(game, user)):
                        await self.service.vote_undo(channel, game.id, game.version, voter, True)
                else:
                    game, keep = await self.service.undo_target(channel, user)
                    await self.service.undo(channel, game.id, game.version, keep)
                return
            except UserError as exc:
                if exc.key != "error.undo_hidden":
                    raise
            if not await self.step(channel, rnd):
                break
        raise AssertionError("no action could be taken back")

    async def open_takeback(self, channel: int, rnd: random.Random) -> bool:
        """Leave a takeback request open with one approval (releases that store requests)."""
        from bot.errors import UserError

        if not hasattr(self.service, "request_undo"):
            return False
        for _ in range(200):
            user = await self.last_human(channel)
            try:
                game, _request = await self.service.request_undo(channel, user)
            except UserError as exc:
                if exc.key != "error.undo_hidden":
                    raise
                if not await self.step(channel, rnd):
                    break
                continue
            voters = sorted(self.service.undo_voters(game, user))
            assert len(voters) >= 2, "an open request needs two voters, one still to vote"
            await self.service.vote_undo(channel, game.id, game.version, voters[0], True)
            return True
        raise AssertionError("no takeback request could be opened")


async def drive(out: str, campaigns: bool) -> list[str]:
    from bot.service import GameService
    from db.sqlite import SqliteStore
    from rules.registry import GAMES

    store = SqliteStore(out, now=StepClock())
    await store.open()
    holder: dict[str, Driver] = {}
    service = GameService(store, seed_source=lambda: holder["d"].seed)
    d = Driver(service, store)
    holder["d"] = d
    try:
        for kind in sorted(GAMES):
            spec = GAMES[kind]
            low, high = spec.min_players, spec.max_players
            two = max(low, 2)
            mid = min(max(low, 3), high)

            def rnd(label: str, kind: str = kind) -> random.Random:
                return random.Random(f"{kind}:{label}:moves")

            # Finished, and the same game (seed and moves) stopped three actions before its end.
            # Where the release has campaigns, the finished game is a campaign's first game:
            # it writes the channel's campaign and the next game there starts from it.
            campaign = campaigns and "campaign" in spec.Options.model_fields
            name, value = SHORT.get(kind, ("", ""))
            short = f"{name}={value}" if name in spec.Options.model_fields else ""
            pair = "campaign=true" if campaign else short
            channel = await d.table(kind, "finished", mid, options=pair)
            length = await d.play(channel, rnd("finished"), None)
            if campaign:
                assert await store.get_campaign(channel, kind) is not None
                d.made[-1] += " (a campaign's first game)"
                d.channels -= 1  # the next game opens in the same channel
                channel = await d.table(kind, "campaign game 2", 2, options=pair)
                await d.play(channel, rnd("campaign game 2"), 20)
            channel = await d.table(kind, "finished", mid, options=pair)
            d.made[-1] = d.made[-1].replace("finished", "before the end")
            await d.play(channel, rnd("finished"), length - 3)

            channel = await d.table(kind, "early", mid, options=short)
            await d.play(channel, rnd("early"), 3)

            channel = await d.table(kind, "middle", high - 1, bots=1, options=short)
            await d.play(channel, rnd("middle"), 60)

            # A decision several players answer at once (secret or simultaneous), one answered.
            channel = await d.table(kind, "pending decision", mid, options=short)
            moves = rnd("pending decision")
            answered = False
            for _ in range(min(length // 2, 60)):  # never to the end
                waiting = await d.acting(channel)
                if len(waiting) >= 2:
                    answered = await d.step(channel, moves, sorted(waiting)[0])
                    break
                if not await d.step(channel, moves):
                    break
            if not answered:
                d.made[-1] += " (none reached: no decision answered by several at once)"

            channel = await d.table(kind, "taken back", two, options=short)
            moves = rnd("taken back")
            await d.play(channel, moves, 10)
            await d.undo(channel, moves)
            await d.play(channel, moves, 2)

            channel = await d.table(kind, "takeback vote open", mid, options=short)
            moves = rnd("takeback vote open")
            await d.play(channel, moves, 12)
            if not await d.open_takeback(channel, moves):
                d.made[-1] += " (none: the release keeps no takeback requests)"

            channel = await d.table(kind, "abandoned", two, options=short)
            await d.play(channel, rnd("abandoned"), 8)
            await service.abandon(channel, d.player(0), can_manage=False)

            if low == 1:
                channel = await d.table(kind, "solo", 1)
                moves = rnd("solo")
                await d.play(channel, moves, 15)
                await d.undo(channel, moves)
                await d.play(channel, moves, 2)

        await d.lobby(sorted(GAMES)[0], "lobby")
    finally:
        await store.close()
    return d.made


def main(argv: list[str]) -> int:
    out = argv[0]
    data = Path(argv[1]) if len(argv) > 1 else None
    campaigns = data is not None and campaign_data(data)
    if campaigns:
        os.environ["REFEREE_DATA_DIR"] = str(data)
    else:
        os.environ.pop("REFEREE_DATA_DIR", None)
    import bot.service

    here = Path.cwd().resolve()
    assert Path(bot.service.__file__).resolve().is_relative_to(here), (
        f"the release's code must run, not {bot.service.__file__}"
    )
    made = asyncio.run(drive(out, campaigns))
    print("\n".join(made))
    print(f"campaign data: {'written' if campaigns else 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
