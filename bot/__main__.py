"""``python -m bot``: run the Discord bot (or explain in one line what is missing)."""

from __future__ import annotations

import sys

from bot.logs import setup_logging
from bot.settings import MissingToken, Settings


def main() -> int:
    try:
        settings = Settings.from_env()
    except MissingToken as exc:
        print(f"referee: {exc}", file=sys.stderr)
        return 2
    setup_logging(settings.log_level)
    from bot.client import create_bot

    bot = create_bot(settings)
    bot.run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
