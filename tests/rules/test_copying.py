"""State copies without serialising (issue 22 point 2, ``rules.core.copying``): a copy equals
its original, dumps to the same JSON, and changing any container or mutable model inside the
copy leaves the original as it was; shallow fields share their items; private attributes
are a new dict of the same values (a cache the copy replaces leaves the original's)."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from rules.core.copying import deep_copy, full_copy
from rules.core.rng import Rng


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)
    name: str


class Leaf(BaseModel):
    count: int = 0
    tags: list[str] = Field(default_factory=list)


class Root(BaseModel):
    number: int
    kind: Literal["a", "b"] = "a"
    maybe: Leaf | None = None
    leaves: dict[str, Leaf] = Field(default_factory=dict)
    rows: list[list[int]] = Field(default_factory=list)
    pairs: list[tuple[str, int]] = Field(default_factory=list)
    frozen: Frozen = Frozen(name="x")
    anything: Any = None
    either: int | list[int] = 0
    shared: list[Leaf] = Field(default_factory=list)
    rng: Rng = Field(default_factory=lambda: Rng.from_seed(1 << 255))
    _cache: dict[str, int] = PrivateAttr(default_factory=dict)

    __shallow_fields__: ClassVar[tuple[str, ...]] = ("shared",)


def sample() -> Root:
    root = Root(
        number=3,
        maybe=Leaf(count=1, tags=["t"]),
        leaves={"k": Leaf(count=2, tags=["u", "v"])},
        rows=[[1, 2], [3]],
        pairs=[("p", 1)],
        anything={"deep": [1, {"x": [2]}]},
        either=[4, 5],
        shared=[Leaf(count=9)],
    )
    root._cache["hit"] = 1
    root.rng.next_u64()  # fills the generator's private block cache
    return root


def test_a_copy_is_equal_and_dumps_the_same() -> None:
    """Issue 22 point 2: the copy is the same state (equal, same JSON)."""
    original = sample()
    copy = deep_copy(original)
    assert copy == original
    assert copy.model_dump_json() == original.model_dump_json()
    assert copy.model_fields_set == original.model_fields_set


def test_changing_the_copy_leaves_the_original() -> None:
    """Issue 22 point 2: nothing mutable is shared, outside the shallow fields' items."""
    original = sample()
    before = original.model_dump_json()
    copy = deep_copy(original)
    assert copy.maybe is not None
    copy.maybe.tags.append("new")
    copy.leaves["k"].count += 1
    copy.leaves["k"].tags.append("w")
    copy.rows[0].append(7)
    copy.pairs.append(("q", 2))
    copy.anything["deep"][1]["x"].append(3)
    assert isinstance(copy.either, list)
    copy.either.append(6)
    copy.shared.append(Leaf())
    copy._cache = {"hit": 2}
    copy.rng.next_u64()
    assert original.model_dump_json() == before
    assert original._cache == {"hit": 1}
    assert copy.frozen is original.frozen  # frozen models are shared
    assert copy.shared[0] is original.shared[0]  # a shallow field shares its items


def test_a_full_copy_shares_no_item_of_the_shallow_fields() -> None:
    """Issue 22 point 2: ``full_copy`` is the same copy with the shallow fields' items copied
    too (a game's copy for code that changes it without its copy-on-write discipline)."""
    original = sample()
    before = original.model_dump_json()
    copy = full_copy(original)
    assert copy == original
    assert copy.model_dump_json() == before
    assert copy.shared[0] is not original.shared[0]
    copy.shared[0].count += 1
    copy.shared[0].tags.append("x")
    copy.leaves["k"].tags.append("y")
    assert original.model_dump_json() == before
    assert deep_copy(original).shared[0] is original.shared[0]  # deep_copy still shares them


class Mixed(BaseModel):
    """A list of several model classes (a game's decision stack: some frozen, some not)."""

    items: list[Leaf | Frozen] = Field(default_factory=list)
    one: Leaf | Frozen | None = None


def test_a_union_of_models_copies_each_by_its_class() -> None:
    """Issue 22 points 1 and 2: in a union of model classes each item is copied as its class
    is (a mutable model anew, a frozen one shared); ``None`` stays ``None``."""
    original = Mixed(items=[Leaf(count=1, tags=["a"]), Frozen(name="f")], one=Leaf(count=2))
    copy = deep_copy(original)
    assert copy == original and copy.model_dump_json() == original.model_dump_json()
    assert copy.items[1] is original.items[1]
    assert copy.items[0] is not original.items[0] and copy.one is not original.one
    assert isinstance(copy.items[0], Leaf) and isinstance(copy.one, Leaf)
    copy.items[0].tags.append("b")
    copy.one.count += 1
    assert (
        original.model_dump_json()
        == Mixed(
            items=[Leaf(count=1, tags=["a"]), Frozen(name="f")], one=Leaf(count=2)
        ).model_dump_json()
    )
    assert deep_copy(Mixed(one=Frozen(name="g"))).one == Frozen(name="g")
    assert deep_copy(Mixed()).one is None


class WithShared(BaseModel):
    """A model with a field its copies share outright (``__shared_fields__``)."""

    fixed: Leaf = Field(default_factory=Leaf)
    names: list[str] = Field(default_factory=list)
    free: Leaf = Field(default_factory=Leaf)

    __shared_fields__: ClassVar[tuple[str, ...]] = ("fixed", "names")


def test_a_shared_field_is_the_same_value_in_a_step_copy_and_new_in_a_full_copy() -> None:
    """A field named in ``__shared_fields__`` (never changed in place: a game's options) is
    the original's own value in ``deep_copy`` and a copy in ``full_copy``; the rest is copied
    as always."""
    original = WithShared(fixed=Leaf(count=1, tags=["a"]), names=["p1"], free=Leaf(count=2))
    copy = deep_copy(original)
    assert copy == original and copy.model_dump_json() == original.model_dump_json()
    assert copy.fixed is original.fixed and copy.names is original.names
    assert copy.free is not original.free
    full = full_copy(original)
    assert full == original
    assert full.fixed is not original.fixed and full.names is not original.names
    full.fixed.tags.append("b")
    full.names.append("p2")
    assert original.fixed.tags == ["a"] and original.names == ["p1"]
