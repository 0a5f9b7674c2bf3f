"""Round structure, build, growth and salary (END-R20..R36)."""

from __future__ import annotations

import itertools

from rules.core import Action, Event, RuleViolation
from rules.endeavor import SPEC
from rules.endeavor.actions import Build, EndSalary, Pass, PaySalary
from rules.endeavor.components import data
from rules.endeavor.flow import current_phase
from rules.endeavor.model import EndeavorState, Step
from rules.endeavor.query import growth, salary, track_values
from tests.rules.endeavor.endeavor_helpers import (
    act,
    add_building,
    harbour,
    legal,
    only,
    set_steps,
    started,
    take_tokens,
    types,
)


def _build_first(s: EndeavorState, seat: str) -> EndeavorState:
    return act(s, seat, legal(s, seat)[0])


def test_end_r20_r21_phases_in_order_from_the_crown_holder() -> None:
    """END-R20 / END-R21: Build, Growth, Salary, Action, Discard; each in turn order from the crown."""
    s = started(3, seed=4)
    order = s.seats[s.seats.index(s.crown) :] + s.seats[: s.seats.index(s.crown)]
    assert [st.kind for st in s.queue] == ["build"] * 3 + ["growth"] * 3 + ["salary"] * 3 + [
        "action"
    ] + ["discard"] * 3
    assert [st.seat for st in s.queue[:3]] == order
    seen = []
    while current_phase(s) == "build":
        seat = only(s)
        seen.append(seat)
        s = _build_first(s, seat)
    assert seen == order
    assert current_phase(s) in ("salary", "action")


def test_end_r22_player_by_player_option() -> None:
    """END-R22: optionally build + growth + salary are resolved player by player."""
    s = started(3, seed=4, player_by_player=True)
    kinds = [st.kind for st in s.queue[:9]]
    assert kinds == ["build", "growth", "salary"] * 3
    first = only(s)
    s = _build_first(s, first)
    # growth of the first player is automatic before the second player builds
    assert s.players[first].harbour >= 2


def test_end_r23_crown_passes_left_and_seven_rounds() -> None:
    """END-R23 / END-R05: the crown moves clockwise each round; the game ends after round 7."""
    from rules.core.bots import play_random_game

    crowns: list[str] = []

    def watch(before: EndeavorState, seat: str, action: Action, after: EndeavorState) -> None:
        if after.round != before.round and not after.over:
            crowns.append(after.crown)

    from rules.endeavor import Options

    final, _ = play_random_game(SPEC, Options(players=3), 11, on_step=watch)
    assert final.over and final.round == 7
    assert len(crowns) == 7  # round 1 (after the start choices) .. round 7
    for a, b in itertools.pairwise(crowns):
        assert final.seats.index(b) == (final.seats.index(a) + 1) % 3
    assert all(len(p.buildings) <= 8 for p in final.players.values())


def test_end_r24_tracks_are_derived_from_holdings() -> None:
    """END-R24 / END-R02: buildings + cards + governors + tokens + Memorial discs."""
    s = started(2)
    p = s.players["p1"]
    add_building(s, "p1", "university")
    take_tokens(s, "p1", "industry", 2)
    p.cards.append(s.decks["north_america"].pop())  # NA 1: I2
    p.governor_slot = s.governors.pop("india")  # C2 F1
    p.memorial_discs["wealth"] = 1
    p.supply -= 1
    assert track_values(p) == {"industry": 5, "culture": 4, "wealth": 1, "influence": 1}
    assert not SPEC.invariants(s)


def test_end_r30_build_is_mandatory_and_limited_by_level() -> None:
    """END-R30 / END-R31 / END-R32 / END-R34: one building at most the build level; icons at once; duplicates ok."""
    s = started(2)
    seat = only(s)
    options = legal(s, seat)
    assert types(options) == {"build"}  # no pass while a building can be taken
    assert {data().buildings[a.kind].level for a in options if isinstance(a, Build)} == {
        1
    }  # industry 0 -> level 1
    s2 = act(s, seat, Build(kind="shipyard"))
    p = s2.players[seat]
    assert p.buildings[-1].kind == "shipyard" and not p.buildings[-1].disc
    assert track_values(p)["industry"] == 1
    try:
        SPEC.apply(s, seat, Build(kind="bank"))
        raise AssertionError("level 2 accepted at build level 1")
    except RuleViolation as err:
        assert err.code == "illegal_action"
    s3 = s2.model_copy(deep=True)
    add_building(s3, seat, "shipyard")
    assert [b.kind for b in s3.players[seat].buildings].count("shipyard") == 2


def test_end_r33_empty_tray_builds_nothing() -> None:
    s = started(2)
    for kind in list(s.tray):
        s.removed_buildings += [kind] * s.tray[kind]
        s.tray[kind] = 0
    set_steps(s, [Step(kind="build", seat="p1"), Step(kind="growth", seat="p1")])
    assert not SPEC.invariants(s)
    from rules.endeavor.flow import advance

    events: list[Event] = []
    advance(s, events)
    assert "endeavor.build_skipped" in [e.key for e in events]


def test_end_r35_growth_moves_culture_level_discs() -> None:
    """END-R35: growth level from culture, limited by the supply."""
    s = started(2)
    seat = only(s)
    take_tokens(s, seat, "culture", 3)
    assert growth(s.players[seat]) == 3
    s = act(s, seat, Build(kind="market"))
    while current_phase(s) == "build":
        s = _build_first(s, only(s))
    assert s.players[seat].harbour == 3
    other = next(x for x in s.seats if x != seat)
    assert s.players[other].harbour == 2
    s2 = started(2)
    s2.players["p1"].harbour += s2.players["p1"].supply - 1
    s2.players["p1"].supply = 1
    while current_phase(s2) == "build":
        s2 = _build_first(s2, only(s2))
    assert s2.players["p1"].supply == 0


def test_end_r36_t02_salary_cap_and_no_payment_buildings() -> None:
    """END-R36 / A7 / END-T02: wealth 4 -> salary 3; Docks (no-pay) may be paid in Salary."""
    s = started(2)
    p = s.players["p1"]
    p.buildings[0].disc = False
    p.supply += 1
    slots = [add_building(s, "p1", k, disc=True) for k in ("docks", "shipyard", "market", "bank")]
    take_tokens(s, "p1", "wealth", 1)  # market W1 + bank W2 + token = 4
    assert track_values(p)["wealth"] == 4 and salary(p) == 3
    set_steps(s, [Step(kind="salary", seat="p1"), Step(kind="action", seat=s.crown)])
    offered = [a for a in legal(s, "p1") if isinstance(a, PaySalary)]
    assert {a.slot for a in offered} == set(slots)
    assert EndSalary() in legal(s, "p1")
    s = act(s, "p1", PaySalary(slot=slots[0]))
    s = act(s, "p1", PaySalary(slot=slots[1]))
    s = act(s, "p1", PaySalary(slot=slots[2]))
    # the cap of 3 is reached: the salary step is over
    assert current_phase(s) == "action"
    assert s.players["p1"].buildings[slots[3]].disc
    assert s.players["p1"].harbour == 3


def test_end_r40_pass_ends_the_players_action_phase() -> None:
    """END-R40: passing takes the player out; the phase ends when everyone has passed."""
    from tests.rules.endeavor.endeavor_helpers import action_phase

    s = action_phase(started(2))
    harbour(s, "p1", 3)
    harbour(s, "p2", 3)
    s.players["p2"].buildings[0].disc = False
    s.players["p2"].supply += 1
    s = act(s, "p1", Pass())
    assert "p1" in s.passed and only(s) == "p2"
    s = act(s, "p2", Pass())
    assert current_phase(s) != "action"
