"""Sealed Bids: a small game that lives only in the tests folder.

It proves the plug-in contract: registered at run time (``rules.registry.register``), it
brings its own rules, catalogs (``tests/plugin_game/locales``), renderer and command table,
and the bot plays it without any generic module naming it. It exercises what games 3 and 4
need: simultaneous secret choices (every seat bids privately; bids are revealed together),
redacted history (a bid is visible only to its bidder until the reveal) and a campaign (each
finished game adds to the channel's campaign, and the next game starts with one coin more
per game played).
"""
