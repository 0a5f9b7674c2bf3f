"""``python -m rules``: play, replay and try games in a terminal.

The tool lives outside the rules (``terminal.cli``: it prints through the bot's catalogs and
the renderer); this entry point, the one module under ``rules/`` allowed to, only hands over
to it.
"""

import sys

from terminal.cli import main

sys.exit(main())
