"""Redacted history (issue 7, point 4): whatever a person can read in the game's history
(``/game log`` is built from events filtered by ``Event.visible_for``) tells them nothing
the engine's own views have not shown them.

An event marked ``reveals`` is itself the engine saying "this is now shown to whoever may see
the event" (a card played face up, bids revealed): what it carries counts as seen. Every
other event may carry only what the viewer's views have shown.

Property, over random games of every registered game (and the options that hide more): for
every event visible to a viewer (each seat, and ``None`` for a spectator), every id it
carries (string arguments and the ids of nested item terms, i.e. terms without arguments)
that the engine shows to
some seat but not to the public (hidden information, by the engine's own views) must already
have appeared in one of this viewer's own views, up to and including the view right after
that event.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from rules.core import Event, Text
from rules.core.bots import seat_names
from rules.core.spec import GameSpec
from rules.registry import GAMES
from tests.plugin_game.rules import SPEC as SEALED

STEPS = 160
SEEDS = (1, 2)
# Options that hide more than the defaults (tests may name games; generic code may not).
HIDING_OPTIONS: dict[str, list[dict[str, Any]]] = {"ilos": [{"reveal_cost_cards": False}]}


def _strings(value: Any, out: set[str]) -> set[str]:
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            out.add(str(k))
            _strings(v, out)
    elif isinstance(value, list):
        for v in value:
            _strings(v, out)
    return out


def _carried(value: Any, seats: set[str]) -> Iterator[str]:
    """The ids an event argument carries (seat ids are names, not secrets)."""
    if isinstance(value, Text):
        if not value.args:  # a term naming an item (a card, a resource): its id
            yield value.key.rsplit(".", 1)[-1]
        for arg in value.args.values():  # a phrase: what it carries is in its arguments
            yield from _carried(arg, seats)
    elif isinstance(value, str) and value not in seats:
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _carried(item, seats)


def _configs() -> list[tuple[GameSpec[Any, Any, Any, Any], dict[str, Any]]]:
    specs = [*GAMES.values(), SEALED]
    out = []
    for spec in specs:
        for extra in [{}, *HIDING_OPTIONS.get(spec.key, [])]:
            out.append((spec, extra))
    return out


@pytest.mark.parametrize(
    ("spec", "extra"),
    _configs(),
    ids=lambda v: getattr(v, "key", None) or ",".join(f"{k}={x}" for k, x in v.items()) or "-",
)
def test_history_never_tells_a_viewer_more_than_their_views(
    spec: GameSpec[Any, Any, Any, Any], extra: dict[str, Any]
) -> None:
    players = min(4, spec.max_players)
    for seed in SEEDS:
        options = spec.Options.model_validate({"players": players, **extra})
        seats = seat_names(players)
        state = spec.new_game(seats, options, seed)
        rnd = random.Random(seed)
        viewers: list[str | None] = [None, *seats]
        before = _shown(spec, state, viewers)
        seen = {v: set(before[v]) for v in viewers}
        for _ in range(STEPS):
            if spec.is_over(state):
                break
            seat = sorted(spec.to_act(state))[0]
            actions = spec.legal_actions(state, seat)
            result = spec.apply(state, seat, actions[rnd.randrange(len(actions))])
            after = _shown(spec, result.state, viewers)
            shown = {v: before[v] | after[v] for v in viewers}
            # what some seat is shown but the public is not: hidden information
            private = set().union(*(shown[v] for v in seats)) - shown[None]
            for viewer in viewers:
                seen[viewer] |= after[viewer]
                hidden = private - shown[viewer]
                for event in result.events:
                    _check(event, viewer, seen[viewer], hidden, set(seats))
            state, before = result.state, after


def _shown(
    spec: GameSpec[Any, Any, Any, Any], state: Any, viewers: list[str | None]
) -> dict[str | None, set[str]]:
    """Every string each viewer's view of ``state`` shows (each view built once per state)."""
    return {v: _strings(spec.view(state, v).model_dump(mode="json"), set()) for v in viewers}


def _check(
    event: Event, viewer: str | None, seen: set[str], hidden: set[str], seats: set[str]
) -> None:
    if not event.visible_for(viewer) or event.reveals:
        return
    for value in _carried(Text(key=event.key, args=event.args), seats):
        if value == event.key.rsplit(".", 1)[-1]:
            continue  # the event's own message id
        assert value not in hidden or value in seen, (
            f"{event.key} tells {viewer or 'a spectator'} {value!r}, which their views never showed"
        )


def test_the_check_catches_a_card_told_to_someone_who_never_saw_it() -> None:
    leak = Event(key="x.paid", args={"seat": "p1", "cards": [Text(key="x.card.gold_mine")]})
    with pytest.raises(AssertionError, match="gold_mine"):
        _check(leak, None, seen={"ship"}, hidden={"gold_mine"}, seats={"p1", "p2"})
    secret = leak.model_copy(update={"visible_to": ["p1"]})
    _check(secret, None, seen=set(), hidden={"gold_mine"}, seats={"p1", "p2"})
