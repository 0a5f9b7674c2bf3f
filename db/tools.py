"""Maintenance behind ``python -m db``: moving a SQLite file to PostgreSQL, and checking a
database (file integrity and every game's log against its state)."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

from db.postgres import PostgresStore
from db.postgres_url import redact
from db.snapshot import Snapshot, read_postgres, read_sqlite, write_postgres
from db.sqlite import SqliteStore
from db.store import StoreError
from db.targets import is_postgres
from db.verify import replay_problems


class CopyRefused(StoreError):
    """The copy was rolled back: the target was not empty, or the copy did not verify."""


@dataclass
class CopyReport:
    counts: dict[str, int]
    games_replayed: int


async def copy_sqlite_to_postgres(sqlite_path: str, url: str) -> CopyReport:
    """Copy every row of the SQLite file into the empty PostgreSQL database at ``url``.

    The SQLite file is opened as a store first, so a bot still running on it is refused
    (``StoreInUse``: stop it first, or moves made during the copy would be lost) and pending
    SQLite migrations are applied. Everything is written in one PostgreSQL transaction, read
    back inside it and compared row for row, and every copied game's log is replayed to its
    stored state; any difference rolls the whole copy back (``CopyRefused``).
    """
    if not Path(sqlite_path).is_file():
        raise StoreError(f"no database at {sqlite_path}")
    if not is_postgres(url):
        raise StoreError(f"the target must be a postgresql:// URL, not {url!r}")
    async with SqliteStore(sqlite_path):
        source = read_sqlite(sqlite_path)
    target = PostgresStore(url)
    await target.open()
    try:
        async with target.connection() as conn, conn.transaction():
            await write_postgres(conn, source)
            copied = await read_postgres(conn)
            if copied != source:
                differing = [
                    name
                    for name in source.counts()
                    if getattr(copied, name) != getattr(source, name)
                ]
                raise CopyRefused(f"the copy differs from the source in {', '.join(differing)}")
            problems = replay_problems(copied)
            if problems:
                raise CopyRefused(
                    "copied games do not replay to their stored state (nothing was copied):\n"
                    + "\n".join(problems)
                )
    finally:
        await target.close()
    return CopyReport(counts=source.counts(), games_replayed=len(source.games))


@dataclass
class CheckReport:
    target: str
    integrity: str
    """``ok``, the problems SQLite found, or why the check did not apply."""
    games: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.integrity in ("ok", "skipped") and not self.problems


def sqlite_integrity(path: str) -> list[str]:
    """``PRAGMA integrity_check`` and ``foreign_key_check`` on the file, read-only (safe while
    the bot runs). Empty when all is well."""
    uri = f"{Path(path).resolve().as_uri()}?mode=ro"
    try:
        with closing(sqlite3.connect(uri, uri=True)) as conn:
            conn.execute("PRAGMA busy_timeout = 5000")
            rows = [str(r[0]) for r in conn.execute("PRAGMA integrity_check(20)")]
            problems = [] if rows == ["ok"] else rows
            for table, rowid, parent, _ in conn.execute("PRAGMA foreign_key_check"):
                problems.append(f"{table} row {rowid} refers to a missing {parent} row")
    except sqlite3.DatabaseError as exc:
        return [f"not a readable SQLite database: {exc}"]
    return problems


async def read_postgres_target(url: str) -> Snapshot:
    """Every row of the PostgreSQL store at ``url``, as one consistent view."""
    store = PostgresStore(url)
    await store.open()
    try:
        async with (
            store.connection() as conn,
            conn.transaction(isolation="repeatable_read", readonly=True),
        ):
            return await read_postgres(conn)
    finally:
        await store.close()


async def check(target: str) -> CheckReport:
    """Check the database ``target`` (a SQLite path or a PostgreSQL URL)."""
    if is_postgres(target):
        report = CheckReport(target=redact(target), integrity="skipped")
        snapshot = await read_postgres_target(target)
    else:
        if not Path(target).is_file():
            raise StoreError(f"no database at {target}")
        integrity = sqlite_integrity(target)
        report = CheckReport(target=target, integrity="ok" if not integrity else "")
        if integrity:
            report.problems.extend(f"integrity: {line}" for line in integrity)
            report.integrity = "failed"
        try:
            snapshot = read_sqlite(target, lenient=True)
        except StoreError as exc:
            report.problems.append(str(exc))
            snapshot = Snapshot()
    report.games = len(snapshot.games)
    report.problems.extend(replay_problems(snapshot))
    return report
