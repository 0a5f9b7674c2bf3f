"""Hidden information (spec 13): hands, combat tokens, face-down buildings, deck order and
setup choices never reach another seat's view or a public event."""

from __future__ import annotations

import random

from rules.core import Event, Text
from rules.core.contract import checked_apply
from rules.maracaibo.model import MaracaiboState, Options
from rules.maracaibo.spec import SPEC


def _card_keys(value: object) -> set[str]:
    out: set[str] = set()
    if isinstance(value, Text):
        if value.key in ("maracaibo.card", "maracaibo.card_named"):
            out.add(f"{value.args['deck']}{value.args['number']:03d}")
        for v in value.args.values():
            out |= _card_keys(v)
    elif isinstance(value, list):
        for v in value:
            out |= _card_keys(v)
    return out


def _secrets(s: MaracaiboState, viewer: str | None) -> set[str]:
    hidden: set[str] = set(s.board.deck) | set(s.board.box) | set(s.board.prestige_box)
    hidden |= {x.building for x in s.board.prestige if not x.revealed}
    hidden |= {t for pile in s.board.piles for t in pile}
    if s.jean is not None:
        hidden |= set(s.jean.cards) | set(s.jean.deck) | set(s.jean.box)
    for seat, p in s.players.items():
        if seat != viewer:
            hidden |= set(p.hand) | set(p.tokens) | set(p.setup_discards) | set(p.career_options)
            if s.phase == "setup":
                hidden |= set(p.plan) | ({p.career} if p.career else set())
    return hidden


def _event_cards(event: Event) -> set[str]:
    return set().union(*(_card_keys(v) for v in event.args.values()))


def test_mar_hidden_information_never_leaks() -> None:
    """Spec 13: for every viewer (and spectators) in random games, no secret id in the view
    and no hidden card named by an event that viewer may see."""
    for players, seed in ((1, 4), (2, 5), (3, 6), (4, 7)):
        s = SPEC.new_game([f"p{i + 1}" for i in range(players)], Options(players=players), seed)
        rnd = random.Random(seed)
        while not SPEC.is_over(s):
            seat = sorted(SPEC.to_act(s))[0]
            actions = SPEC.legal_actions(s, seat)
            seen = {c for c in s.board.display if c}  # face up before: taking one is public
            result = checked_apply(SPEC, s, seat, actions[rnd.randrange(len(actions))])
            s = result.state
            for viewer in [None, *s.seats]:
                view = SPEC.view(s, viewer).model_dump_json()
                for secret in _secrets(s, viewer):
                    assert f'"{secret}"' not in view, (viewer, secret)
                for event in result.events:
                    if event.visible_for(viewer):
                        others = set().union(
                            *(set(p.hand) for x, p in s.players.items() if x != viewer)
                        )
                        assert not (_event_cards(event) & (others - seen)), (viewer, event)
