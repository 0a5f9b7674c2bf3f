"""The rules versions of this game, oldest first (see ``rules.core.versions``).

Add a version for every change to legal actions, automatic steps or outcomes, with its
``Text`` in both catalogs, and keep the old behaviour behind ``state.rules_version``.
"""

from __future__ import annotations

from rules.core.models import Text
from rules.core.versions import FIRST, RulesVersion

VERSIONS: tuple[RulesVersion, ...] = (
    FIRST,
    # issue 21: route choice at forks (MAR-T1/T3/T9), IMM_MARKER_VILLAGE_NOBLE without a
    # marker, U1 only for the main action, combat never dead-ends, the reader breaks story-vote
    # ties, Jean's explorer takes a quest within her range
    RulesVersion(2, Text(key="maracaibo.rules_version.2")),
)
