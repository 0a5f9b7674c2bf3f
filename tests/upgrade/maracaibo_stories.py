"""The campaign tests' story cards for the upgrade fixtures (TEST DATA ONLY).

The rulebook prints no campaign story card, so a Maracaibo game reaches a story vote (D20)
only with the invented cards of ``tests/rules/maracaibo/test_maracaibo_campaign.py``, put in
a ``REFEREE_DATA_DIR`` override while ``stories()`` is open.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from rules.maracaibo import components
from tests.rules.maracaibo.test_maracaibo_campaign import write_test_stories


@contextmanager
def stories() -> Iterator[None]:
    """Maracaibo's data with the test story cards (and their C card) while open."""
    before = os.environ.get("REFEREE_DATA_DIR")
    with tempfile.TemporaryDirectory() as tmp:
        write_test_stories(Path(tmp))
        os.environ["REFEREE_DATA_DIR"] = tmp
        components.data.cache_clear()
        try:
            yield
        finally:
            if before is None:
                del os.environ["REFEREE_DATA_DIR"]
            else:
                os.environ["REFEREE_DATA_DIR"] = before
            components.data.cache_clear()
