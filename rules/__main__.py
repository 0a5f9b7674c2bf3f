"""``python -m rules``: play, replay and try games in a terminal (see rules/cli.py)."""

import sys

from rules.cli import main

sys.exit(main())
