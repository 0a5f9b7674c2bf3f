"""New game setup (END-R10..R19, END-R113): all randomness comes from the seed."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core import Campaign, Rng, RuleViolation, Text
from rules.core.versions import chosen_version
from rules.endeavor.components import circle_spaces, data
from rules.endeavor.flow import advance
from rules.endeavor.model import EndeavorState, Options, PlayerState, Step
from rules.endeavor.versions import VERSIONS


def new_game(
    seats: Sequence[str],
    options: Options,
    seed: int,
    campaign: Campaign | None = None,
    rules_version: int | None = None,
) -> EndeavorState:
    d = data()
    if len(seats) != options.players:
        raise RuleViolation(
            "bad_setup",
            Text(key="endeavor.refusal.seat_count", args={"count": options.players}),
        )
    if len(set(seats)) != len(seats):
        raise RuleViolation("bad_setup", Text(key="endeavor.refusal.duplicate_seats"))
    rng = Rng.from_seed(seed)
    board = d.boards[options.board_side]
    # END-R11: shuffle the 95 tokens onto every circular space
    bag = [t.id for t in d.tokens.values() for _ in range(t.count)]
    rng.shuffle(bag)
    tokens = dict(zip(circle_spaces(board), bag, strict=True))
    # END-R14: level 1-4 stacks face up; 7 level-5 tiles shuffled, 4 face down, 3 face up
    tray = {b.id: b.copies for b in d.buildings.values() if not b.start and b.level < 5}
    level5 = sorted(b.id for b in d.buildings.values() if b.level == 5)
    rng.shuffle(level5)
    hidden, visible = level5[:4], level5[4:]
    for kind in sorted(visible):
        tray[kind] = 1
    # END-R12: decks stacked 5-4-3-2-1(-0) from the bottom; the last list item is the top
    decks = {deck: list(reversed(ids)) for deck, ids in d.deck_cards.items()}
    # END-R16: random start player
    crown = rng.choice(list(seats))
    players = {s: PlayerState(seat=s, supply=d.tracks.discs_per_player) for s in seats}
    regions = [a.id for a in board.areas if a.region]
    i = list(seats).index(crown)
    order = list(seats)[i:] + list(seats)[:i]
    state = EndeavorState(
        seats=list(seats),
        seed=seed,
        rng=rng,
        rules_version=chosen_version(VERSIONS, rules_version),
        data_hash=d.hash,
        options=options,
        side=options.board_side,
        crown=crown,
        decisions=[Step(kind="start", seat=s) for s in reversed(order)],  # order[0] on top
        players=players,
        tray=tray,
        hidden_level5=hidden,
        tokens=tokens,
        tracks={r: [] for r in regions},
        open_sea={r: {} for r in regions},
        decks=decks,
        governors={r: d.governor_of[r] for r in regions},
        sf_pool=d.tracks.silent_fleet_discs if options.silent_fleet else 0,
    )
    advance(state, [])
    return state
