"""One bot process per SQLite file: an exclusive ``flock`` on a sidecar ``<file>-lock``.

SQLite itself would let several processes write one file, but the bot keeps things in process
memory that must not be split between processes (the channel locks of ``SqliteStore``), so a
second process must be refused at start-up instead of silently sharing. Every store of one
process on the same file shares the one lock (tests, a restart inside one process, and
maintenance commands run in the bot's own process are fine). The kernel drops the lock when
the process ends, however it ends, so a crash never leaves a stale lock behind.
"""

from __future__ import annotations

import fcntl
import os
import threading

from db.store import StoreError, StoreInUse

_held: dict[str, tuple[int, int]] = {}  # lock file -> (fd, how many stores hold it)
_guard = threading.Lock()


def lock_path(db_path: str) -> str | None:
    """The sidecar lock file of a database file (None for an in-memory database)."""
    if db_path in ("", ":memory:"):
        return None
    return f"{os.path.realpath(db_path)}-lock"


def acquire(db_path: str) -> str | None:
    """Take (or share, within this process) the file's lock; ``StoreInUse`` if another process
    holds it. Returns the key to pass to ``release``."""
    key = lock_path(db_path)
    if key is None:
        return None
    with _guard:
        if key in _held:
            fd, count = _held[key]
            _held[key] = (fd, count + 1)
            return key
        try:
            fd = os.open(key, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError as exc:
            raise StoreError(f"cannot open the database's lock file {key}: {exc}") from exc
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "unknown"
            os.close(fd)
            raise StoreInUse(
                f"{db_path} is already in use by another bot process (pid {holder}): one bot "
                "process per SQLite file. Stop the other process, or move to PostgreSQL "
                "(REFEREE_DB=postgresql://...) to run several processes."
            ) from None
        except BaseException:
            os.close(fd)
            raise
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        _held[key] = (fd, 1)
        return key


def release(key: str | None) -> None:
    if key is None:
        return
    with _guard:
        fd, count = _held[key]
        if count > 1:
            _held[key] = (fd, count - 1)
            return
        del _held[key]
        os.close(fd)  # closing the last descriptor drops the flock
