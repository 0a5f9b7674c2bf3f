"""Loading component data files, with per-file overrides from ``REFEREE_DATA_DIR``.

Shipped data lives in ``rules/<game>/data/``. An operator may point ``REFEREE_DATA_DIR`` at
a folder holding ``<game>/<file>`` replacements; each one is validated exactly like the
shipped file. A validation failure raises ``DataError`` naming the file, at load time.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from rules.core.errors import DataError

if TYPE_CHECKING:
    from collections.abc import Mapping

    from rules.core.spec import GameSpec

M = TypeVar("M", bound=BaseModel)

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
    """The bytes ``load_model`` validates and where they come from (``override:<path>`` or
    ``shipped``)."""
    override = _override_path(game, filename)
    if override is not None:
        return override.read_bytes(), f"override:{override}"
    ref = resources.files(f"rules.{game}").joinpath("data", filename)
    return ref.read_bytes(), "shipped"


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
