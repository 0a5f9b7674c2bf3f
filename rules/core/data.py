"""Loading component data files, with per-file overrides from ``REFEREE_DATA_DIR``, and the
data sets running games keep.

Shipped data lives in ``rules/<game>/data/``. An operator may point ``REFEREE_DATA_DIR`` at
a folder holding ``<game>/<file>`` replacements; each one is validated exactly like the
shipped file. A validation failure raises ``DataError`` naming the file, at load time.

A game plays on the data set it started with. A ``DataSet`` is the exact bytes of the files a
game's loader read, named by their combined hash (the ``data_hash`` every state records). The
bot stores each data set once and, before it runs a game's engine, pins that game's set
(``pin_data_set``): the game's loader (decorated with ``per_data_set``) then builds its
components from the pinned bytes instead of today's files. Pinning is scoped to the current
context (a ``ContextVar``: one asyncio task, or a worker call given the pins), so one channel's
old game never changes what another channel sees; unpinned, a loader reads today's files.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

from pydantic import BaseModel, ValidationError

from rules.core.errors import DataError

if TYPE_CHECKING:
    from collections.abc import Mapping

    from rules.core.spec import GameSpec

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)

OVERRIDE_ENV = "REFEREE_DATA_DIR"


@dataclass(frozen=True)
class Loaded(Generic[M]):
    """A validated data file: its model, the SHA-256 of its bytes and where it came from."""

    value: M
    sha256: str
    source: str


def _override_path(game: str, filename: str) -> Path | None:
    root = os.environ.get(OVERRIDE_ENV)
    if not root:
        return None
    candidate = Path(root) / game / filename
    return candidate if candidate.is_file() else None


def read_data(game: str, filename: str) -> tuple[bytes, str]:
    """The bytes ``load_model`` validates and where they come from (``stored:<hash>`` for a
    pinned data set, else ``override:<path>`` or ``shipped``)."""
    pinned = _pins().get(game)
    if pinned is not None:
        raw = pinned.file(filename)
        source = f"stored:{pinned.hash}"
    else:
        override = _override_path(game, filename)
        if override is not None:
            raw, source = override.read_bytes(), f"override:{override}"
        else:
            raw = resources.files(f"rules.{game}").joinpath("data", filename).read_bytes()
            source = "shipped"
    reads = _READS.get()
    if reads is not None:
        reads.append((filename, raw))
    return raw, source


def load_model(game: str, filename: str, model: type[M]) -> Loaded[M]:
    """Read and validate one data file (override first, then the shipped copy)."""
    raw, source = read_data(game, filename)
    try:
        value = model.model_validate_json(raw)
    except ValidationError as exc:
        raise DataError(f"{game}/{filename} ({source}) is invalid:\n{exc}") from exc
    return Loaded(value=value, sha256=hashlib.sha256(raw).hexdigest(), source=source)


def combined_hash(parts: list[str]) -> str:
    """One short hash naming a whole data set (recorded in every new game's state)."""
    return hashlib.sha256("".join(parts).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class DataSet:
    """The exact files one game's loader read, in the order it read them."""

    game: str
    files: tuple[tuple[str, bytes], ...]

    @functools.cached_property
    def hash(self) -> str:
        """The combined hash of the files: the ``data_hash`` of games started on this set
        (computed once: a pinned game's loader reads it at every call)."""
        return combined_hash([hashlib.sha256(raw).hexdigest() for _name, raw in self.files])

    def file(self, filename: str) -> bytes:
        for name, raw in self.files:
            if name == filename:
                return raw
        raise DataError(f"{self.game} data set {self.hash} has no file {filename}")

    def to_json(self) -> str:
        """The set as stored: ``{"game": ..., "files": [[name, text], ...]}`` (UTF-8 text)."""
        files = [[name, raw.decode()] for name, raw in self.files]
        return json.dumps({"game": self.game, "files": files}, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> DataSet:
        raw = json.loads(text)
        files = tuple((str(name), str(body).encode()) for name, body in raw["files"])
        return cls(game=str(raw["game"]), files=files)


_PINNED: ContextVar[dict[str, DataSet] | None] = ContextVar(
    "referee_pinned_data_sets", default=None
)
"""The data set pinned per game in this context (none: today's files)."""


def _pins() -> dict[str, DataSet]:
    return _PINNED.get() or {}


_READS: ContextVar[list[tuple[str, bytes]] | None] = ContextVar("referee_data_reads", default=None)
"""While a loader builds, the files it reads (to know today's ``DataSet``)."""

_CURRENT: dict[str, DataSet] = {}
"""Per game, the data set its loader read from today's files (filled on first load)."""


def pin_data_set(game: str, data_set: DataSet | None) -> None:
    """From here on in this context, ``game``'s loader uses ``data_set`` (None: today's
    files). The bot pins the set of the game it is about to run."""
    pins = dict(_pins())
    if data_set is None:
        pins.pop(game, None)
    else:
        if data_set.game != game:
            raise ValueError(f"a {data_set.game} data set cannot be pinned for {game}")
        pins[game] = data_set
    _PINNED.set(pins)


def pinned_data_sets() -> dict[str, DataSet]:
    """The pins in force here (to hand to a worker process with ``using_data_sets``)."""
    return dict(_pins())


@contextmanager
def using_data_sets(pins: dict[str, DataSet]) -> Iterator[None]:
    """Run a block with exactly these pins (a worker process running a pinned game's job)."""
    token = _PINNED.set(dict(pins))
    try:
        yield
    finally:
        _PINNED.reset(token)


class DataLoader(Protocol[T_co]):
    """A game's data loader as ``per_data_set`` makes it: call it for the data of the data set
    in force; ``cache_clear()`` forgets every data set built (tests that change the override
    folder)."""

    def __call__(self) -> T_co: ...

    def cache_clear(self) -> None: ...

    @property
    def __wrapped__(self) -> Callable[[], T_co]:
        """The loader as written, building afresh on every call (no data set, no cache)."""
        ...


def per_data_set(game: str) -> Callable[[Callable[[], T]], DataLoader[T]]:
    """Decorate a game's data loader: built once per data set, the pinned one or today's.

    The decorated loader keeps ``cache_clear()`` (tests that change the override folder)."""

    def decorate(build: Callable[[], T]) -> DataLoader[T]:
        built: dict[str | None, T] = {}
        lock = threading.Lock()

        def loader() -> T:
            # The engines call this in every step: one context lookup and one dict lookup.
            pins = _PINNED.get()
            pinned = pins.get(game) if pins else None
            key = pinned.hash if pinned is not None else None
            found = built.get(key)
            if found is not None:
                return found
            with lock:
                if key not in built:
                    reads: list[tuple[str, bytes]] = []
                    token = _READS.set(reads)
                    try:
                        built[key] = build()
                    finally:
                        _READS.reset(token)
                    if key is None:
                        _CURRENT[game] = DataSet(game=game, files=tuple(reads))
                return built[key]

        def cache_clear() -> None:
            with lock:
                built.clear()
                _CURRENT.pop(game, None)

        functools.update_wrapper(loader, build)
        loader.cache_clear = cache_clear  # type: ignore[attr-defined]  # a function's new attribute
        return cast(DataLoader[T], loader)

    return decorate


def current_data_set(spec: GameSpec[Any, Any, Any, Any]) -> DataSet:
    """Today's data set of a game (its loader runs if it has not yet, with no pin)."""
    with using_data_sets({}):
        spec.data_source()
    try:
        return _CURRENT[spec.key]
    except KeyError:
        raise DataError(f"{spec.key}: its data loader is not decorated with per_data_set") from None


@cache
def override_dir() -> str | None:
    return os.environ.get(OVERRIDE_ENV) or None


def check_override_dir(packages: dict[str, str]) -> None:
    """Refuse an override folder that would be silently ignored (one ``DataError`` line).

    ``packages`` maps each game's key to its rules package. The folder must exist; each of its
    sub-folders must be a game's key; each file in one must replace a data file that game
    ships. Then every override is loaded by its game as usual and validated there.
    """
    root = override_dir()
    if root is None:
        return
    folder = Path(root)
    if not folder.is_dir():
        raise DataError(f"{OVERRIDE_ENV}={root} is not a folder; fix the path or unset it")
    for sub in sorted(folder.iterdir()):
        if not sub.is_dir():
            raise DataError(f"{OVERRIDE_ENV}: {sub.name} is not a game folder (use <game>/<file>)")
        if sub.name not in packages:
            known = ", ".join(sorted(packages))
            raise DataError(f"{OVERRIDE_ENV}: no game called {sub.name!r} (games: {known})")
        shipped = set(shipped_files(packages[sub.name]))
        for file in sorted(sub.iterdir()):
            if file.name not in shipped:
                names = ", ".join(sorted(n for n in shipped if n.endswith(".json")))
                raise DataError(
                    f"{OVERRIDE_ENV}: {sub.name}/{file.name} replaces no shipped file "
                    f"(files: {names})"
                )
            if not file.is_file():
                what = "a broken link" if file.is_symlink() and not file.exists() else "not a file"
                raise DataError(
                    f"{OVERRIDE_ENV}: {sub.name}/{file.name} is {what}: replace it with the "
                    "data file or remove it"
                )


def shipped_files(package: str) -> list[str]:
    """The names of the files a game's rules package ships in its ``data/`` folder."""
    return sorted(e.name for e in resources.files(package).joinpath("data").iterdir())


def problem_line(exc: DataError) -> str:
    """One line for an operator: the error's first line and, when a file fails its schema,
    the first bad field (``cards[0].cost``) with what is wrong there."""
    first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    cause = exc.__cause__
    if not isinstance(cause, ValidationError):
        return first
    # An unknown field name comes first: it is usually a typo, and the "missing" errors
    # beside it (the name that was meant) are named with it.
    errors = sorted(cause.errors(), key=lambda e: e["type"] != "extra_forbidden")
    if not errors:
        return first
    error = errors[0]
    where = _where(error["loc"])
    what = str(error["msg"])
    if error["type"] == "extra_forbidden":
        parent = error["loc"][:-1]
        missing = [
            str(e["loc"][-1])
            for e in errors
            if e["type"] == "missing" and e["loc"][:-1] == parent and e["loc"]
        ]
        what = "unknown field" + (f" (missing here: {', '.join(missing)})" if missing else "")
        errors = [e for e in errors if not (e["type"] == "missing" and e["loc"][:-1] == parent)]
    value = error.get("input")
    if error["type"] not in ("missing", "extra_forbidden", "json_invalid") and isinstance(
        value, str | int | float | bool
    ):
        got = repr(value)
        what += f" (got {got if len(got) <= 60 else got[:57] + '...'})"
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    field = f"field {where}: " if where else ""
    return f"{first.removesuffix(':')}: {field}{what}{more}"


def _where(loc: tuple[int | str, ...]) -> str:
    """``("cards", 0, "cost")`` as ``cards[0].cost``."""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in loc).lstrip(".")


def data_problem(games: Mapping[str, GameSpec[Any, Any, Any, Any]]) -> str | None:
    """Check the component data as the bot does before it starts: the override folder
    (``check_override_dir``), then every game loads and validates its data, overrides
    included. One line saying what is wrong (``problem_line``), or None when all is well."""
    try:
        check_override_dir({key: spec.package for key, spec in games.items()})
        for spec in games.values():
            spec.data_source()
    except DataError as exc:
        return problem_line(exc)
    return None


RELEASED_FOLDER = "data_released"
"""Per game, the data sets earlier releases shipped that differ from today's files
(``rules/<game>/data_released/<hash>.json``, ``DataSet.to_json``): games started before the
bot stored data sets in its database find theirs here. Made by ``python -m rules.released``."""


def released_data_sets(spec: GameSpec[Any, Any, Any, Any]) -> list[DataSet]:
    """The data sets earlier releases of ``spec``'s game shipped (checked against their names)."""
    folder = resources.files(spec.package).joinpath(RELEASED_FOLDER)
    if not folder.is_dir():
        return []
    found = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".json"):
            continue
        data_set = DataSet.from_json(entry.read_bytes())
        if data_set.game != spec.key or f"{data_set.hash}.json" != entry.name:
            raise DataError(f"{spec.key}/{RELEASED_FOLDER}/{entry.name} does not hash to its name")
        found.append(data_set)
    return found
