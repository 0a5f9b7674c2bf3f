"""Shared helpers of the Maracaibo tests: a local translator over the game's catalogs,
a random playout with every contract check, and small state builders."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any, Literal

from rules.core import Event, Text
from rules.core.contract import checked_apply
from rules.core.replay import GameLog, LoggedAction
from rules.maracaibo.actions import MaracaiboAction
from rules.maracaibo.model import MainStep, MaracaiboState, Options, Pending, Scoring
from rules.maracaibo.spec import SPEC

LOCALES = Path(__file__).resolve().parents[3] / "rules" / "maracaibo" / "locales"
CATALOGS: dict[str, dict[str, Any]] = {
    lang: json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
    for lang in ("en", "ko")
}
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
RAW_ID = re.compile(r"\b(?:[AB]\d{3}|CB\d\d|CT\d\d|Q\d\d|CR\d|PB_\w+|SYN\d|U\d{1,2}|G\d|p\d)\b")


def render(text: Text | Event, lang: str) -> str:
    """Translate like the bot does (seat ids shown as a name, nested texts, plurals)."""
    key = text.key
    args = text.args
    entry = CATALOGS[lang][key]
    if isinstance(entry, dict):
        count = args.get("count")
        entry = entry["one"] if count == 1 and "one" in entry else entry["other"]
    shown: dict[str, Any] = {}
    for name, value in args.items():
        if isinstance(value, Text):
            shown[name] = render(value, lang)
        elif isinstance(value, list):
            shown[name] = ", ".join(
                render(v, lang) if isinstance(v, Text) else str(v) for v in value
            )
        elif isinstance(value, str) and re.fullmatch(r"p\d", value):
            shown[name] = "플레이어" if lang == "ko" else "Player"
        else:
            shown[name] = value
    return str(entry).format(**shown)


def play(
    players: int,
    seed: int,
    *,
    labels: bool = False,
    max_steps: int = 6000,
    difficulty: str = "normal",
) -> tuple[MaracaiboState, GameLog]:
    options = Options.model_validate({"players": players, "difficulty": difficulty})
    seats = [f"p{i + 1}" for i in range(players)]
    state = SPEC.new_game(seats, options, seed)
    log = GameLog(
        game="maracaibo",
        seats=seats,
        seed=seed,
        options=options.model_dump(),
        rules_version=state.rules_version,
    )
    rnd = random.Random(seed)
    for _ in range(max_steps):
        if SPEC.is_over(state):
            return state, log
        seat = sorted(SPEC.to_act(state))[0]
        actions = SPEC.legal_actions(state, seat)
        if labels:
            for a in actions:
                for lang in ("en", "ko"):
                    check_text(SPEC.describe_action(state, seat, a), lang)
                assert SPEC.action_group(a)
        action = actions[rnd.randrange(len(actions))]
        result = checked_apply(SPEC, state, seat, action)
        if labels:
            for event in result.events:
                for lang in ("en", "ko"):
                    check_text(event, lang)
        log.actions.append(LoggedAction(seat=seat, action=action.model_dump(mode="json")))
        state = result.state
    raise AssertionError(f"game {seed} did not end")


def check_text(text: Text | Event, lang: str) -> str:
    out = render(text, lang)
    assert out, text
    assert not RAW_ID.search(out), (lang, out)
    if lang == "ko":
        assert not LATIN_WORD.search(out), out
    return out


def act(state: MaracaiboState, seat: str, action: MaracaiboAction) -> MaracaiboState:
    assert action in SPEC.legal_actions(state, seat), (action, SPEC.legal_actions(state, seat))
    after: MaracaiboState = checked_apply(SPEC, state, seat, action).state
    return after


def after_setup(players: int = 3, seed: int = 1) -> MaracaiboState:
    """A game whose simultaneous setup is done (first legal choice everywhere)."""
    state = SPEC.new_game([f"p{i + 1}" for i in range(players)], Options(players=players), seed)
    while state.phase == "setup":
        seat = sorted(SPEC.to_act(state))[0]
        state = act(state, seat, SPEC.legal_actions(state, seat)[0])
    return state


def at(state: MaracaiboState, seat: str, loc: str, mp: int = 1) -> MaracaiboState:
    """A copy where ``seat`` has just sailed ``mp`` MP to ``loc`` and takes its main action."""
    s = state.model_copy(deep=True)
    s.active = seat
    s.board.ships[seat] = loc
    s.turn.step = "main"
    s.turn.mp = mp
    s.turn.stops = [loc]
    s.turn.main_done = False
    s.stack = [MainStep(seat=seat)]
    return s


def top_of(state: MaracaiboState) -> Pending:
    """The decision a turn or a scoring opened that is on top of the stack now."""
    top = state.opened()
    assert top is not None, state.stack
    return top


def start_scoring(state: MaracaiboState, kind: Literal["interim", "final"], trigger: str) -> None:
    """``state``'s turn ends in a scoring (MAR-R2, spec 10): the turn leaves the decision
    stack and the scoring starts (``ops.run`` then asks for its steps)."""
    state.stack = [d for d in state.stack if not isinstance(d, MainStep)]
    state.phase = "scoring"
    state.scoring = Scoring(kind=kind, trigger=trigger)


def hand_of(state: MaracaiboState, seat: str, kinds: list[str]) -> MaracaiboState:
    """A copy where ``seat``'s hand is cards showing exactly these goods/objects (taken from
    the deck so that every card stays in one place)."""
    from rules.maracaibo.query import card

    s = state.model_copy(deep=True)
    p = s.players[seat]
    s.board.deck.extend(p.hand)
    p.hand = []
    for kind in kinds:
        pick = next(
            c for c in s.board.deck if card(c).discard_as == kind and card(c).family == "income"
        )
        s.board.deck.remove(pick)
        p.hand.append(pick)
    return s


def give_card(
    state: MaracaiboState, seat: str, card_id: str, where: str = "tableau"
) -> MaracaiboState:
    """A copy where ``card_id`` (moved out of wherever it was) is in ``seat``'s hand or tableau."""
    s = state.model_copy(deep=True)
    b = s.board
    for pile in (b.deck, b.discard, b.box):
        if card_id in pile:
            pile.remove(card_id)
    if card_id in b.display:
        b.display[b.display.index(card_id)] = ""
    for p in s.players.values():
        for area in (p.hand, p.plan, p.tableau):
            if card_id in area:
                area.remove(card_id)
    getattr(s.players[seat], where).append(card_id)
    return s


def find_card(effect: str, **params: object) -> str:
    from rules.maracaibo.components import data

    for c in data().cards.values():
        for e in c.effects:
            if e.id == effect and all(getattr(e, k) == v for k, v in params.items()):
                return c.id
    raise KeyError(effect)


def put_markers(state: MaracaiboState, markers: dict[str, str]) -> None:
    """Place ownership markers taken from their supplies (in place)."""
    from rules.maracaibo.gains import take_marker

    for loc, nation in markers.items():
        assert take_marker(state, nation)
        state.board.markers[loc] = nation


def trim_hand(state: MaracaiboState, seat: str, keep: int) -> None:
    """Keep the first ``keep`` hand cards; the others go back to the box (in place)."""
    p = state.players[seat]
    state.board.box += p.hand[keep:]
    p.hand = p.hand[:keep]
