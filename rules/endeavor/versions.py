"""The rules versions of this game, oldest first (see ``rules.core.versions``).

Add a version for every change to legal actions, automatic steps or outcomes, with its
``Text`` in both catalogs, and keep the old behaviour behind ``state.rules_version``.
"""

from __future__ import annotations

from rules.core.models import Text
from rules.core.versions import BEFORE, FIRST, RulesVersion

VERSIONS: tuple[RulesVersion, ...] = (
    # before 2026-11-23: a governor gained went straight into an empty governor slot
    RulesVersion(BEFORE, Text(key="endeavor.rules_version.0")),
    FIRST,
    # END-R104 / DP19: the Silent Fleet reacts to whichever performed action the player picks
    RulesVersion(2, Text(key="endeavor.rules_version.2")),
)
