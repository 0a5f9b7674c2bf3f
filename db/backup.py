"""Online backup of the SQLite database with SQLite's backup API.

The copy is taken through a separate read connection in one step, so it is one consistent
snapshot of committed data: in WAL mode the reader neither waits for nor blocks the bot's
writer, and a transaction the bot has not committed yet is not in the copy. The copy is
written beside the destination, checked, switched to a single-file journal mode (so the
backup is one self-contained file) and then renamed into place, so ``dest`` is never a
half-written file.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from pathlib import Path

from db.store import StoreError


class BackupError(StoreError):
    """The backup could not be made (missing source, bad destination, failed check)."""


SIDE_FILES = ("-wal", "-shm", "-journal", "-lock")
"""The files SQLite (and older versions of the bot's lock) keep beside a database file."""


def live_file(src: Path, dst: Path) -> str | None:
    """What ``dst`` is of the live database ``src`` (the database itself or one of its side
    files), or None. Compared by resolved path and by the file's identity (device and
    inode), so a symlink or a hardlink to the database or a side file is caught, and so is
    a side file named after another link to the database."""
    names = {src: "the database itself"}
    names.update({Path(f"{src}{side}"): f"the database's {side[1:]} file" for side in SIDE_FILES})
    if dst in names:
        return names[dst]
    if dst.exists():
        for path, name in names.items():
            if path.exists() and os.path.samefile(path, dst):
                return name
    for side in SIDE_FILES:
        base = Path(str(dst).removesuffix(side))
        if dst.name.endswith(side) and base.exists() and os.path.samefile(base, src):
            return f"the database's {side[1:]} file"
    return None


def backup_database(source: str | os.PathLike[str], dest: str | os.PathLike[str]) -> int:
    """Copy the database file ``source`` to ``dest`` while it may be in use; returns the size
    of the copy in bytes. ``source`` must exist (it is never created)."""
    src = Path(source).resolve()
    dst = Path(dest).resolve()
    if not src.is_file():
        raise BackupError(f"no database at {src}")
    live = live_file(src, dst)
    if live is not None:
        raise BackupError(
            f"the backup destination {dest} is {live}: writing there would destroy the live "
            "database; choose another path"
        )
    if dst.is_dir():
        raise BackupError(f"the backup destination is a directory: {dst}")
    if Path(f"{dst}-wal").exists():
        raise BackupError(f"{dst} looks like a database in use (it has a -wal file)")
    tmp = dst.with_name(f".{dst.name}.{os.getpid()}.tmp")
    tmp.unlink(missing_ok=True)
    try:
        # mode=rw: fail rather than create an empty database if the file vanished.
        with (
            closing(sqlite3.connect(f"{src.as_uri()}?mode=rw", uri=True)) as src_conn,
            closing(sqlite3.connect(tmp)) as dst_conn,
        ):
            src_conn.execute("PRAGMA busy_timeout = 5000")
            src_conn.backup(dst_conn)  # pages=-1: the whole database in one step
            mode = dst_conn.execute("PRAGMA journal_mode = DELETE").fetchone()[0]
            check = dst_conn.execute("PRAGMA quick_check").fetchone()[0]
            if mode != "delete" or check != "ok":
                raise BackupError(f"the copy failed its check (journal {mode}, check {check})")
        with open(tmp, "rb") as copied:
            os.fsync(copied.fileno())
        os.replace(tmp, dst)
    except sqlite3.Error as exc:
        raise BackupError(f"backup of {src} failed: {exc}") from exc
    finally:
        tmp.unlink(missing_ok=True)
    return dst.stat().st_size
