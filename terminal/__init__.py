"""Referee in a terminal: play, replay and check a club's data without Discord
(``python -m rules``, see ``terminal.cli``)."""
