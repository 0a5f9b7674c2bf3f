"""One bot process per SQLite file: an exclusive ``flock`` on the database file itself.

SQLite itself would let several processes write one file, but the bot keeps things in process
memory that must not be split between processes (the channel locks of ``SqliteStore``), so a
second process must be refused at start-up instead of silently sharing.

The lock belongs to the file, not to the name it was opened by: it is taken on the database
file's own inode (a ``flock`` on the file, which on Linux is independent of the POSIX locks
SQLite takes on it), so a hardlink or a symlink to the same database meets the same lock, and
no file beside the database can be replaced to get round it. Every store of one process on
the same file shares the one lock, found by the file's device and inode (tests, a restart
inside one process, and maintenance commands run in the bot's own process are fine). The
kernel drops the lock when the process ends, however it ends, so a crash never leaves a
stale lock behind.

The descriptor holding the lock stays open until the last store of the process releases it
(after closing its SQLite connection): closing a descriptor of the database file while SQLite
has the file open would drop SQLite's own POSIX locks.
"""

from __future__ import annotations

import fcntl
import os
import threading

from db.store import StoreError, StoreInUse

Key = tuple[int, int]
"""(device, inode) of a database file."""

_held: dict[Key, tuple[int, int]] = {}  # file identity -> (fd, how many stores hold it)
_guard = threading.Lock()


def file_key(db_path: str) -> Key | None:
    """The identity the lock is held under: the device and inode of the file ``db_path``
    names (following symlinks); None for an in-memory database or a file not there yet."""
    if db_path in ("", ":memory:"):
        return None
    try:
        st = os.stat(db_path)
    except FileNotFoundError:
        return None
    return st.st_dev, st.st_ino


def holder_pid(key: Key) -> str:
    """The process holding a ``flock`` on the file ``key`` (from ``/proc/locks``), if known."""
    dev, ino = key
    wanted = f"{os.major(dev):02x}:{os.minor(dev):02x}:{ino}"
    try:
        with open("/proc/locks", encoding="ascii", errors="replace") as locks:
            for line in locks:
                fields = line.split()
                if "FLOCK" in fields and wanted in fields:
                    return fields[fields.index(wanted) - 1]
    except OSError:
        pass
    return "unknown"


def acquire(db_path: str) -> Key | None:
    """Take (or share, within this process) the file's lock; ``StoreInUse`` if another process
    holds it. Creates an empty database file if there is none yet (SQLite takes an empty file
    as a new database). Returns the key to pass to ``release``."""
    if db_path in ("", ":memory:"):
        return None
    with _guard:
        key = file_key(db_path)
        if key is not None and key in _held:
            fd, count = _held[key]
            _held[key] = (fd, count + 1)
            return key
        try:
            fd = os.open(db_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError as exc:
            raise StoreError(f"cannot open the database file {db_path}: {exc}") from exc
        st = os.fstat(fd)
        key = (st.st_dev, st.st_ino)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise StoreInUse(
                f"{db_path} is already in use by another bot process (pid {holder_pid(key)}): "
                "one bot process per SQLite file. Stop the other process, or move to "
                "PostgreSQL (REFEREE_DB=postgresql://...) to run several processes."
            ) from None
        except BaseException:
            os.close(fd)
            raise
        _held[key] = (fd, 1)
        return key


def release(key: Key | None) -> None:
    if key is None:
        return
    with _guard:
        fd, count = _held[key]
        if count > 1:
            _held[key] = (fd, count - 1)
            return
        del _held[key]
        os.close(fd)  # closing the last descriptor drops the flock
