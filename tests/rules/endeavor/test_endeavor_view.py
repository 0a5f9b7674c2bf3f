"""Open information and the view (END-R06, END-R110..R112, END-R14 hidden level 5)."""

from __future__ import annotations

import json
import random
import re

from rules.endeavor import SPEC, Options
from rules.endeavor.components import data
from rules.endeavor.model import EndeavorState
from tests.rules.endeavor.endeavor_helpers import new, started


def _ids(text: str) -> set[str]:
    return set(re.findall(r'"id":"([a-z0-9_:\-]+)"', text))


def _hidden_problems(state: EndeavorState) -> list[str]:
    problems = []
    d = data()
    undrawn = {c for deck in state.decks.values() for c in deck[:-1]}
    for viewer in [None, *state.seats]:
        text = SPEC.view(state, viewer).model_dump_json()
        ids = _ids(text)
        leaked = ids & set(state.hidden_level5)
        if leaked:
            problems.append(f"{viewer}: face-down level 5 {leaked}")
        deck_leak = ids & undrawn
        if deck_leak:
            problems.append(f"{viewer}: undrawn cards {deck_leak}")
        assert set(d.buildings) >= {i for i in ids if i in d.buildings}
    return problems


def test_end_r111_views_hide_face_down_level5_and_deck_order() -> None:
    """END-R111 / END-R14: no view names a face-down level-5 tile or a card below a deck top."""
    s = new(4, seed=9)
    assert not _hidden_problems(s)
    public = json.loads(SPEC.view(s, None).model_dump_json())
    assert public["tray"]["level5_face_down"] == 4
    assert sum(1 for st in public["tray"]["stacks"] if st["building"]["level"] == 5) == 3
    decks = {dk["id"]: dk for a in public["areas"] for dk in a["decks"]}
    assert decks["europe"]["size"] == 6 and decks["europe"]["top"]["id"] == "europe_0"
    assert decks["africa"]["top"]["value"] == 1
    # the check can fail: a view that listed the whole deck would be caught
    assert "africa_2" in {c for c in s.decks["africa"][:-1]}


def test_hidden_information_over_whole_games() -> None:
    """Every state of two random games: no view leaks hidden tiles or deck order."""
    for players, seed in ((2, 5), (5, 6)):
        s = SPEC.new_game([f"p{i + 1}" for i in range(players)], Options(players=players), seed)
        rnd = random.Random(seed)
        steps = 0
        while not s.over:
            seat = sorted(SPEC.to_act(s))[0]
            acts = SPEC.legal_actions(s, seat)
            s = SPEC.apply(s, seat, acts[rnd.randrange(len(acts))]).state
            steps += 1
            if steps % 5 == 0:
                assert not _hidden_problems(s)
        assert not _hidden_problems(s)


def test_end_r06_r110_r112_everything_else_is_public() -> None:
    """END-R06 / END-R110 / END-R112: all seats and the public see the same world."""
    s = started(3, seed=2)
    views = [SPEC.view(s, v).model_dump(exclude={"viewer"}) for v in (None, "p1", "p2", "p3")]
    assert all(v == views[0] for v in views)
    v = SPEC.view(s, None)
    assert v.game == "endeavor" and v.viewer is None
    assert SPEC.view(s, "p2").viewer == "p2"
    assert sum(v.tokens_on_board.values()) == 95
    assert len(v.nodes) == len(data().boards[s.side].nodes)
    assert all(n.x > 0 and n.y > 0 for n in v.nodes)
    assert {a.id for a in v.areas if a.open} == {"europe"}
    p = v.players[0]
    assert p.shore_slots == 8 and p.card_slots == 5
    assert p.buildings[0].building.id == "colonial_house" and p.buildings[0].disc


def test_end_r04_only_europe_is_open_at_start() -> None:
    """END-R04 / END-R61: the six regions start closed with empty tracks."""
    s = new(2)
    v = SPEC.view(s, None)
    regions = [a for a in v.areas if a.region]
    assert len(regions) == 6 and not any(a.open for a in regions)
    assert all(a.governor is not None for a in regions)
