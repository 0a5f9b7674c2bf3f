"""The start-up checks ``python -m bot`` runs before it connects to Discord.

Each check returns one line for the operator saying what is wrong and what to do, or None.
The advice matches the cause: a file or folder the bot's user may not write is a permission
problem (the data is fine, do not restore anything), a damaged file needs the latest backup,
a second process on the same SQLite file must be stopped, an unreachable PostgreSQL server
must be started or named correctly.

The operating system's answer decides the advice (``access_problem`` is given the error), so
the advice is the same whatever user runs the bot; root, which ignores file modes, simply
never gets that error.
"""

from __future__ import annotations

import asyncio
import errno
import os
import uuid
from pathlib import Path

import asyncpg  # type: ignore[import-untyped]

from db import filelock
from db.postgres import PostgresStore
from db.postgres_url import redact, split_schema
from db.store import StoreError, StoreInUse
from db.targets import is_postgres

POSTGRES_TIMEOUT = 15.0
"""Seconds to wait for PostgreSQL at start-up before calling it unreachable."""


def access_problem(path: Path, exc: OSError, *, folder: bool) -> str:
    """The line for an operating-system error met while opening ``path`` for writing."""
    what = f"the folder {path} holding the database" if folder else f"the database file {path}"
    beside = " (SQLite writes its -wal, -shm and -journal files beside the database)"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return (
            f"the bot's user may not write {what}{beside if folder else ''}: this is a "
            "permission problem, not damage; give that user write access (chown or chmod) "
            "and start again"
        )
    if exc.errno == errno.EROFS:
        return (
            f"{what} is on a read-only file system: mount it writable or set REFEREE_DB "
            "to a writable place"
        )
    return f"cannot write {what}: {exc.strerror or exc}"


def probe_folder(folder: Path) -> None:
    """Create and remove a file in ``folder`` (raises the ``OSError`` if the bot may not)."""
    probe = folder / f".referee-write-test-{uuid.uuid4().hex}"
    fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    os.close(fd)
    probe.unlink()


def probe_file(path: Path) -> None:
    """Open ``path`` for reading and writing (raises the ``OSError`` if the bot may not)."""
    os.close(os.open(path, os.O_RDWR))


def sqlite_problem(db_path: str) -> str | None:
    """A SQLite database the bot can keep: a writable file (or none yet) in an existing,
    writable folder, passing SQLite's integrity check."""
    from db.tools import sqlite_integrity

    path = Path(db_path)
    if path.is_dir():
        return (
            f"REFEREE_DB={db_path} is a folder: name the database file inside it "
            f"(e.g. REFEREE_DB={path / 'referee.sqlite3'})"
        )
    folder = path.resolve().parent
    if not folder.is_dir():
        return (
            f"the folder {folder} for the database does not exist: create it "
            f"(mkdir -p {folder}) or set REFEREE_DB to a file in an existing folder"
        )
    if path.exists() and not path.is_file():
        return f"REFEREE_DB={db_path} is not a regular file: name a database file"
    try:
        probe_folder(folder)
    except OSError as exc:
        return access_problem(folder, exc, folder=True)
    if path.is_file():
        try:
            probe_file(path)
        except OSError as exc:
            return access_problem(path, exc, folder=False)
        problems = sqlite_integrity(db_path)
        if problems:
            return (
                f"the database {db_path} is damaged ({problems[0]}); stop, restore the latest "
                "backup (python -m db backup makes them) and run python -m db check"
            )
    return None


def hold_sqlite_lock(db_path: str) -> str | None:
    """Take the one-process lock of the SQLite file for the rest of this process (the bot's
    store shares it); one line if another process holds it. Returns the line or None."""
    try:
        filelock.acquire(db_path)
    except StoreInUse as exc:
        return str(exc)
    except StoreError as exc:
        return str(exc)
    return None


async def _postgres_open(url: str) -> None:
    store = PostgresStore(url)
    await asyncio.wait_for(store.open(), POSTGRES_TIMEOUT)
    await store.close()


def postgres_problem(url: str) -> str | None:
    """Connect once (creating the schema and applying migrations as the bot would); one line
    naming what failed: the URL, the schema name, the server, the login or the database."""
    try:
        shown = redact(url)
    except ValueError:
        shown = "(an unparsable URL)"
    try:
        split_schema(url)
        asyncio.run(_postgres_open(url))
    except StoreError as exc:
        cause = exc.__cause__
        if cause is None:
            return f"REFEREE_DB={shown}: {exc}"
        return _postgres_cause(shown, cause)
    except (TimeoutError, OSError) as exc:
        return _postgres_cause(shown, exc)
    except ValueError as exc:
        return f"REFEREE_DB={shown} is not a valid PostgreSQL URL: {exc}"
    except asyncpg.PostgresError as exc:
        return f"PostgreSQL at {shown} refused to set up the tables: {_first_line(exc)}"
    except Exception as exc:  # an unparsable URL surfaces as asyncpg's own errors
        return f"REFEREE_DB={shown} is not a usable PostgreSQL URL: {_first_line(exc)}"
    return None


def _postgres_cause(shown: str, cause: BaseException) -> str:
    login = (asyncpg.InvalidPasswordError, asyncpg.InvalidAuthorizationSpecificationError)
    if isinstance(cause, asyncpg.InvalidCatalogNameError):
        return (
            f"PostgreSQL has no such database ({shown}): create it "
            "(createdb --owner USER NAME) or fix the database name in REFEREE_DB"
        )
    if isinstance(cause, login):
        return (
            f"PostgreSQL refused the login for {shown}: check the user and password in "
            f"REFEREE_DB ({_first_line(cause)})"
        )
    if isinstance(cause, TimeoutError | OSError):
        return (
            f"cannot reach PostgreSQL at {shown} ({_first_line(cause) or 'timed out'}): start "
            "the server or fix the host and port in REFEREE_DB"
        )
    return f"PostgreSQL at {shown} failed at start-up: {_first_line(cause)}"


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def database_problem(db_path: str) -> str | None:
    """The database checks of start-up, for either kind of database."""
    if is_postgres(db_path):
        return postgres_problem(db_path)
    if db_path == ":memory:":
        return None
    return sqlite_problem(db_path) or hold_sqlite_lock(db_path)
