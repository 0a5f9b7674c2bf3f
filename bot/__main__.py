"""``python -m bot [--shards N --shard-ids a,b]``: run the Discord bot.

Before connecting it checks what would otherwise fail later, and stops with one line saying
what to do: the settings (every variable validated), the component data overrides
(``REFEREE_DATA_DIR``), and the database (a SQLite file must pass ``PRAGMA integrity_check``;
restore a backup if not).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--shards", type=int, metavar="N", help="total Discord shards (REFEREE_SHARD_COUNT)"
    )
    parser.add_argument(
        "--shard-ids",
        metavar="A,B",
        help="the shards this process serves, e.g. 0,1 (REFEREE_SHARD_IDS)",
    )
    return parser


def preflight_problem(db_path: str) -> str | None:
    """One line saying why the bot must not start, or None when all is well."""
    from db import is_postgres
    from rules.core.data import data_problem
    from rules.registry import GAMES

    problem = data_problem(GAMES)  # also what ``python -m rules check-data DIR`` runs
    if problem is not None:
        return problem
    if not is_postgres(db_path) and Path(db_path).is_file():
        from db.tools import sqlite_integrity

        problems = sqlite_integrity(db_path)
        if problems:
            return (
                f"the database {db_path} is damaged ({problems[0]}); stop, restore the latest "
                "backup (python -m db backup makes them) and run python -m db check"
            )
    return None


def main(argv: Sequence[str] | None = None) -> int:
    from bot.settings import Settings, SettingsError

    args = _parser().parse_args(argv)
    if args.shards is not None:
        os.environ["REFEREE_SHARD_COUNT"] = str(args.shards)
    if args.shard_ids is not None:
        os.environ["REFEREE_SHARD_IDS"] = args.shard_ids
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        print(f"referee: {exc}", file=sys.stderr)
        return 2
    problem = preflight_problem(settings.db_path)
    if problem is not None:
        print(f"referee: {problem}", file=sys.stderr)
        return 2
    from bot.logs import setup_logging

    setup_logging(settings.log_level)
    from bot.client import create_bot

    bot = create_bot(settings)
    bot.run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
