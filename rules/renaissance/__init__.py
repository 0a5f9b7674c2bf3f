"""Age of Renaissance (Avalon Hill 1996 with the Eurogames 1999 changes as options).

The game spec lives in ``rules.renaissance.spec`` (``SPEC``); it is not exported here yet,
so the bot does not offer the game before its renderer and commands exist.
"""
