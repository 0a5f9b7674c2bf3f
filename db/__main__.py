"""Database maintenance.

  python -m db backup PATH                    copy a SQLite database while the bot runs
  python -m db migrate                        apply pending schema migrations
  python -m db check                          file integrity + every game's log vs its state
  python -m db copy SQLITE_PATH POSTGRES_URL  move a SQLite file into an empty PostgreSQL

The database is ``--db PATH_OR_URL``, else the environment variable ``REFEREE_DB``, else
``referee.sqlite3``; a ``postgresql://`` URL means PostgreSQL (``backup`` then prints the
``pg_dump`` command to use instead). ``backup`` and ``check`` are safe while the bot runs.
``migrate`` on a SQLite file and ``copy`` need the bot on that file stopped (one process per
SQLite file; the bot applies migrations itself at start-up).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Sequence

from db.backup import backup_database
from db.postgres import PostgresStore
from db.postgres_url import pg_dump_command, redact
from db.sqlite import SqliteStore
from db.store import StoreError
from db.targets import is_postgres

DEFAULT_DB = "referee.sqlite3"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m db",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    db_help = "database file or postgresql:// URL (default: $REFEREE_DB, else referee.sqlite3)"
    parser.add_argument("--db", dest="db_before", metavar="PATH_OR_URL", help=db_help)
    commands = parser.add_subparsers(dest="command", required=True)
    backup = commands.add_parser("backup", help="copy the database with SQLite's online backup API")
    backup.add_argument("dest", metavar="PATH", help="where to write the copy")
    backup.add_argument("--db", metavar="PATH_OR_URL", help=db_help)
    migrate = commands.add_parser("migrate", help="apply pending schema migrations")
    migrate.add_argument("--db", metavar="PATH_OR_URL", help=db_help)
    check = commands.add_parser(
        "check", help="integrity check and replay of every game's log (exit 0 only if all is well)"
    )
    check.add_argument("--db", metavar="PATH_OR_URL", help=db_help)
    copy = commands.add_parser(
        "copy", help="copy a SQLite database into an empty PostgreSQL database, then verify it"
    )
    copy.add_argument("source", metavar="SQLITE_PATH")
    copy.add_argument("target", metavar="POSTGRES_URL")
    return parser


async def _migrate(target: str) -> tuple[list[int], int]:
    store: SqliteStore | PostgresStore = (
        PostgresStore(target) if is_postgres(target) else SqliteStore(target)
    )
    await store.open()
    try:
        return store.migrations_applied, await store.schema_version()
    finally:
        await store.close()


def _check(target: str) -> int:
    from db.tools import check

    report = asyncio.run(check(target))
    if is_postgres(target):
        print(
            f"{report.target}: integrity check skipped (PostgreSQL checks its own pages; "
            "use pg_amcheck for that)"
        )
    elif report.integrity == "ok":
        print(f"{report.target}: integrity check ok")
    for problem in report.problems:
        print(f"problem: {problem}")
    verdict = (
        "every log replays to its stored state; all is well"
        if report.ok
        else f"{len(report.problems)} problem(s)"
    )
    print(f"{report.target}: {report.games} games checked, {verdict}")
    return 0 if report.ok else 1


def _copy(source: str, target: str) -> int:
    from db.tools import copy_sqlite_to_postgres

    report = asyncio.run(copy_sqlite_to_postgres(source, target))
    counts = ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in report.counts.items())
    print(f"copied {source} to {redact(target)}: {counts}")
    print(f"all {report.games_replayed} games replay to their stored state")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    target: str = (
        getattr(args, "db", None) or args.db_before or os.environ.get("REFEREE_DB") or DEFAULT_DB
    )
    try:
        if args.command == "backup":
            if is_postgres(target):
                # Exit 1: nothing was backed up, so a scheduled job must not look successful.
                command = pg_dump_command(target, args.dest)
                print(f"PostgreSQL is backed up with pg_dump, not here: {command}", file=sys.stderr)
                return 1
            size = backup_database(target, args.dest)
            print(f"backed up {target} to {args.dest} ({size} bytes)")
        elif args.command == "check":
            return _check(target)
        elif args.command == "copy":
            return _copy(args.source, args.target)
        else:
            applied, version = asyncio.run(_migrate(target))
            done = ", ".join(f"{v:04d}" for v in applied) if applied else "nothing to do"
            shown = redact(target) if is_postgres(target) else target
            print(f"{shown}: schema version {version} (applied: {done})")
    except StoreError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
