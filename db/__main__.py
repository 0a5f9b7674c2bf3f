"""Database maintenance: ``python -m db backup PATH`` and ``python -m db migrate``.

The database is ``--db PATH``, else the environment variable ``REFEREE_DB``, else
``referee.sqlite3``. Both commands are safe while the bot runs.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Sequence

from db.backup import backup_database
from db.sqlite import SqliteStore
from db.store import StoreError

DEFAULT_DB = "referee.sqlite3"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m db", description=__doc__)
    db_help = "database file (default: $REFEREE_DB, else referee.sqlite3)"
    parser.add_argument("--db", dest="db_before", metavar="PATH", help=db_help)
    commands = parser.add_subparsers(dest="command", required=True)
    backup = commands.add_parser("backup", help="copy the database with SQLite's online backup API")
    backup.add_argument("dest", metavar="PATH", help="where to write the copy")
    backup.add_argument("--db", metavar="PATH", help=db_help)
    migrate = commands.add_parser("migrate", help="apply pending schema migrations")
    migrate.add_argument("--db", metavar="PATH", help=db_help)
    return parser


async def _migrate(path: str) -> tuple[list[int], int]:
    store = SqliteStore(path)
    await store.open()
    try:
        return store.migrations_applied, await store.schema_version()
    finally:
        await store.close()


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    path: str = args.db or args.db_before or os.environ.get("REFEREE_DB") or DEFAULT_DB
    try:
        if args.command == "backup":
            size = backup_database(path, args.dest)
            print(f"backed up {path} to {args.dest} ({size} bytes)")
        else:
            applied, version = asyncio.run(_migrate(path))
            done = ", ".join(f"{v:04d}" for v in applied) if applied else "nothing to do"
            print(f"{path}: schema version {version} (applied: {done})")
    except StoreError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
