"""The rules versions of this game, oldest first (see ``rules.core.versions``).

Add a version for every change to legal actions, automatic steps or outcomes, with its
``Text`` in both catalogs, and keep the old behaviour behind ``state.rules_version``.

Version 2 (the rulebook read again, issue 21): ship capacity belongs to each player's own
fleet (AOR-R75/R77/R87, A23); a player always expands from and into its own capital
(AOR-R72/R85, A7); the agreed time limit needs every player's agreement and ends the current
turn (AOR-R10/R117, A12); War! cessions respect the winner's overseas limits (AOR-D8,
R78/R79); another player's failed attack leaves my first attempt alone (AOR-R88); the
Renaissance swap is offered at the start of phase 7 too (AOR-R26); when everyone falls into
chaos no one wins (ranked by elimination order); Rebellion may not target another player's
capital but may free the player's own.
"""

from __future__ import annotations

from rules.core.models import Text
from rules.core.versions import FIRST, RulesVersion

VERSIONS: tuple[RulesVersion, ...] = (
    FIRST,
    RulesVersion(2, Text(key="renaissance.rules_version.2")),
)

V2 = 2
"""The first version with the rules of issue 21 (``state.rules_version >= V2``)."""
