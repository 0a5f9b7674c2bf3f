"""discord.py cogs: the generic /game commands and one cog per game."""
