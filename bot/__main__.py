"""``python -m bot [--shards N --shard-ids a,b]``: run the Discord bot.

Before connecting it checks what would otherwise fail later, and stops with one line saying
what to do: the settings (every variable validated), the component data overrides
(``REFEREE_DATA_DIR``), and the database (``bot.startup``: reachable, writable, not damaged,
not served by another process). ``--check-settings`` stops after the settings and the data.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.settings import Settings


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
    parser.add_argument(
        "--check-settings",
        action="store_true",
        help="read and check every setting and the component data, print them, and exit "
        "(nothing is opened or connected)",
    )
    return parser


def preflight_problem(db_path: str) -> str | None:
    """One line saying why the bot must not start, or None when all is well: the component
    data (``python -m rules check-data DIR`` runs the same check), then the database
    (``bot.startup``; a SQLite file's one-process lock is taken here and kept)."""
    from bot.startup import database_problem
    from rules.core.data import data_problem
    from rules.registry import GAMES

    return data_problem(GAMES) or database_problem(db_path)


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
    settings.apply_data_dir()
    if args.check_settings:
        return _check_settings(settings)
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


def _check_settings(settings: Settings) -> int:
    from db.postgres_url import redact
    from rules.core.data import data_problem
    from rules.registry import GAMES

    problem = data_problem(GAMES)
    if problem is not None:
        print(f"referee: {problem}", file=sys.stderr)
        return 2
    shards = (
        "all shards"
        if settings.shard_count is None
        else f"shards {list(settings.shard_ids or range(settings.shard_count))} "
        f"of {settings.shard_count}"
    )
    print(f"referee: settings ok: database {redact(settings.db_path)}, {shards}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
