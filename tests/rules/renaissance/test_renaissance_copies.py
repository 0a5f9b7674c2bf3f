"""Copy on write of the provinces (issue 22 point 2): a copy shares the provinces of the
state it came from until one changes through ``province``; the original never changes."""

from __future__ import annotations

from rules.renaissance import SPEC
from rules.renaissance.model import RenaissanceState


def _state() -> RenaissanceState:
    options = SPEC.Options.model_validate({"players": 3})
    return SPEC.new_game(["p1", "p2", "p3"], options, 7)


def test_a_copy_shares_provinces_until_one_changes() -> None:
    original = _state()
    before = original.model_dump_json()
    copy = original.copied()
    pid = next(iter(copy.provinces))
    assert copy.provinces[pid] is original.provinces[pid]
    copy.province(pid).tokens["p1"] = 5
    assert copy.provinces[pid] is not original.provinces[pid]
    assert copy.province(pid) is copy.provinces[pid]  # copied once only
    assert original.model_dump_json() == before
    assert copy.provinces[pid].tokens["p1"] == 5


def test_own_provinces_leaves_nothing_shared() -> None:
    original = _state()
    before = original.model_dump_json()
    copy = original.copied()
    for prov in copy.own_provinces().values():
        prov.white = {"p2": 1}
    assert original.model_dump_json() == before
    assert copy == copy.copied()  # equality ignores what is shared
