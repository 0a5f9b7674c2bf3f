"""Setup: deck preparation, the secret capital bid and its reveal (AOR-R10-R16)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core import Event, Rng, term
from rules.core.models import event
from rules.core.spec import Campaign
from rules.core.versions import chosen_version
from rules.renaissance.components import data
from rules.renaissance.deck import epoch_cards
from rules.renaissance.model import Options, Player, Province, RenaissanceState
from rules.renaissance.versions import VERSIONS


def new_game(
    seats: Sequence[str],
    options: Options,
    seed: int,
    campaign: Campaign | None = None,
    rules_version: int | None = None,
) -> RenaissanceState:
    """AOR-R16 steps 1-3; steps 4-5 wait for every player's secret choices."""
    del campaign
    d = data()
    state = RenaissanceState(
        seats=list(seats),
        seed=seed,
        rng=Rng.from_seed(seed),
        rules_version=chosen_version(VERSIONS, rules_version),
        data_hash=d.hash,
        options=options,
        players={s: Player(seat=s) for s in seats},
        provinces={p: Province() for p in d.provinces},
        order=list(seats),
        bank_net=40 * len(seats),
    )
    pile = epoch_cards(state, 1)
    if options.held_cards_setup:  # AOR-R11
        held = sorted(c for c in pile if d.cards[c].held)
        pile = [c for c in pile if c not in held]
        state.rng.shuffle(pile)
        for s in seats:
            state.player(s).dealt = pile[:3]
            pile = pile[3:]
        state.held_aside = held
    else:
        state.rng.shuffle(pile)
        for s in seats:
            state.player(s).hand = [pile.pop(0)]
    state.draw_pile = pile
    return state


def finish_setup(state: RenaissanceState, events: list[Event]) -> None:
    """Reveal capital bids and rankings, assign capitals (AOR-R13-R15), return cards."""
    d = data()
    seats = state.seats
    if state.options.held_cards_setup:
        pile = list(state.draw_pile)
        for s in seats:
            p = state.player(s)
            assert p.returned is not None
            pile.append(p.returned)
            p.hand = [c for c in p.dealt if c != p.returned]
            p.dealt = []
        if state.options.players <= 4:
            pile += state.held_aside
            state.held_aside = []
        pile.sort()
        state.rng.shuffle(pile)
        state.draw_pile = pile
    rolls: dict[str, list[int]] = {s: [] for s in seats}
    bids = {s: state.players[s].capital_bid or 0 for s in seats}
    groups: dict[int, list[str]] = {}
    for s in seats:
        groups.setdefault(bids[s], []).append(s)
    for tied in groups.values():
        pending = list(tied)
        while len(pending) > 1:
            for s in pending:
                rolls[s].append(state.rng.randint(1, 6))
            counts: dict[int, int] = {}
            for s in pending:
                counts[rolls[s][-1]] = counts.get(rolls[s][-1], 0) + 1
            pending = [s for s in pending if counts[rolls[s][-1]] > 1]
    order = sorted(seats, key=lambda s: (-bids[s], [-r for r in rolls[s]]))
    events.append(
        event(
            key="renaissance.event.capital_bids",
            args={"seats": order, "bids": [bids[s] for s in order]},
            reveals=True,
        )
    )
    taken: list[str] = []
    for rank, s in enumerate(order, start=1):
        p = state.player(s)
        capital = next(c for c in p.ranking if c not in taken)
        taken.append(capital)
        p.capital = capital
        p.pick_rank = rank
        p.cash = 40 - bids[s]
        state.bank_net -= bids[s]
        state.province(capital).dm = s
        events.append(
            event(
                key="renaissance.event.capital",
                args={
                    "seat": s,
                    "capital": term(f"renaissance.province.{capital}"),
                    "ranking": [term(f"renaissance.province.{c}") for c in p.ranking],
                },
                reveals=True,
            )
        )
        for r in rolls[s]:
            events.append(
                event(key="renaissance.event.tie_roll", args={"seat": s, "die": r}, reveals=True)
            )
    state.order = order
    del d
