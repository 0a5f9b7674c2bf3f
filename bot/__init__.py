"""The Discord side of Referee: settings, the bot client, and the GameService every change goes through."""
