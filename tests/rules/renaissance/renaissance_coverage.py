"""How far random Age of Renaissance games get, and what they exercise.

    .venv/bin/python -m tests.rules.renaissance.renaissance_coverage [--games 20]
        [--preset source] [--bot steer|nudged] [--epochs 3]

For each player count (3-6) it plays ``--games`` games (seeds 100 x players + g, as the
playouts do; no contract checks, for speed) and prints how each ended (epoch, turns, seats in
chaos, real end: last card drawn or all 26 advances), then over all games: the history cards
never played, advances never bought, ship rows reached and how often each kind of decision
was taken. The playout bots must keep this wide; the guard is
test_renaissance_playouts.py::test_aor_r117_r118_steered_games_reach_the_real_end.
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

from rules.renaissance.actions import (
    Attack,
    BuyAdvance,
    BuyCard,
    CathedralDefence,
    DiscardCard,
    PlayCard,
    QSwap,
    Relief,
    Stabilize,
    WatermillSwap,
)
from rules.renaissance.components import data
from rules.renaissance.model import Options, RenaissanceState
from tests.rules.renaissance.renaissance_bot import steer
from tests.rules.renaissance.renaissance_helpers import Bot, choose, play


def _kind(action: Any) -> str:
    """The decision, split where the choice matters (pay or not, declare or not...)."""
    name = str(action.type)
    if isinstance(action, Relief):
        return f"{name}:{'boxes' if action.boxes else 'none'}"
    if isinstance(action, Attack):
        return f"{name}:{'cathedral' if action.cathedral else 'dice'}"
    if isinstance(action, BuyCard | Stabilize | CathedralDefence | WatermillSwap):
        flag = getattr(action, "buy", None)
        for field in ("pay", "declare", "attempt"):
            flag = getattr(action, field, flag)
        return f"{name}:{flag}"
    if isinstance(action, DiscardCard):
        return f"{name}:{action.card is not None}"
    if isinstance(action, QSwap):
        return f"{name}:{action.direction}"
    return name


def survey(players: int, games: int, preset: str, bot: Bot, epochs: int) -> dict[str, Any]:
    ends: list[tuple[int, int, int, bool]] = []
    cards: Counter[str] = Counter()
    finals: Counter[str] = Counter()
    advances: Counter[str] = Counter()
    ships: Counter[str] = Counter()
    kinds: Counter[str] = Counter()

    def step(before: RenaissanceState, seat: str, action: Any, result: Any) -> None:
        kinds[_kind(action)] += 1
        if isinstance(action, PlayCard):
            cards[action.card] += 1
            if before.phase == "final_play":
                finals[data().cards[action.card].kind] += 1
        if isinstance(action, BuyAdvance):
            advances[action.letter] += 1
        p, was = result.state.players[seat], before.players[seat]
        if (p.ship, p.ship_box) != (was.ship, was.ship_box) and p.ship != "none":
            ships[f"{p.ship} {data().ships[p.ship].boxes[p.ship_box]}"] += 1

    for g in range(games):
        options = Options.model_validate(
            {"players": players, "preset": preset, "end_condition": f"epochs_{epochs}"}
        )
        state, _ = play(options, seed=100 * players + g, checked=False, on_step=step, bot=bot)
        chaos = sum(p.eliminated for p in state.players.values())
        full = any(len(p.advances) == 26 for p in state.players.values())
        ends.append((state.epoch, state.turn, chaos, state.deck_exhausted or full))
    return {
        "ends": ends,
        "cards": cards,
        "finals": finals,
        "advances": advances,
        "ships": ships,
        "kinds": kinds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--preset", default="source", choices=("source", "ah1996", "euro1999"))
    parser.add_argument("--bot", default="steer", choices=("steer", "nudged"))
    parser.add_argument("--epochs", type=int, default=3, choices=(1, 2, 3))
    args = parser.parse_args()
    bot: Bot = steer if args.bot == "steer" else choose
    total: dict[str, Counter[str]] = {}
    for players in (3, 4, 5, 6):
        got = survey(players, args.games, args.preset, bot, args.epochs)
        ends = got["ends"]
        print(
            f"{players} players: epoch reached {dict(Counter(e[0] for e in ends))}, "
            f"real end {sum(e[3] for e in ends)}/{len(ends)}, "
            f"all seats in chaos {sum(e[2] == players for e in ends)}, "
            f"some in chaos {sum(0 < e[2] < players for e in ends)}, "
            f"turns {min(e[1] for e in ends)}-{max(e[1] for e in ends)}"
        )
        for key in ("cards", "finals", "advances", "ships", "kinds"):
            total.setdefault(key, Counter()).update(got[key])
    d = data()
    print("cards never played:", sorted(c for c in d.cards if c not in total["cards"]))
    print("final card play by kind:", dict(total["finals"]))
    print("advances bought:", dict(sorted(total["advances"].items())))
    print("advances never bought:", sorted(a for a in d.advances if a not in total["advances"]))
    print("ship moves to row and value:", dict(sorted(total["ships"].items())))
    print("decisions:", dict(sorted(total["kinds"].items())))


if __name__ == "__main__":
    main()
