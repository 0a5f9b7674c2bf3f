"""Age of Renaissance (Avalon Hill 1996 with the Eurogames 1999 changes as options).

``SPEC`` (built in ``rules.renaissance.spec``) is what the registry and the generic layers
use; the board images are ``render/renaissance/`` and the commands ``cogs/renaissance.py``.
"""

from rules.renaissance.spec import SPEC

__all__ = ["SPEC"]
