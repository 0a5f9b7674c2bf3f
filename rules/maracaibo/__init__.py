"""Maracaibo (마라카이보): 1-4 players (solo against Jean), campaign and legacy tiles.

``SPEC`` (built in ``rules.maracaibo.spec``) is what the registry and the generic layers use;
the board images are ``render/maracaibo/`` and the commands ``cogs/maracaibo.py``.
"""

from rules.maracaibo.spec import SPEC

__all__ = ["SPEC"]
