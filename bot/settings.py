"""Settings from the environment (and an optional ``.env`` in the working directory)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from dotenv import load_dotenv


class MissingToken(Exception):
    """DISCORD_TOKEN is not set."""


@dataclass(frozen=True)
class Settings:
    token: str
    db_path: str = "referee.sqlite3"
    dev_guild_id: int | None = None
    reminder_hours: float = 24.0
    log_level: str = "INFO"

    @classmethod
    def from_env(cls, *, require_token: bool = True) -> Settings:
        load_dotenv(override=False)
        token = os.environ.get("DISCORD_TOKEN", "").strip()
        if require_token and not token:
            raise MissingToken(
                "DISCORD_TOKEN is not set: put it in the environment or a .env file "
                "(see README.md), or try a game without Discord: "
                "python -m rules play <game> --players 4 --human 1"
            )
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        return cls(
            token=token,
            db_path=os.environ.get("REFEREE_DB", "referee.sqlite3"),
            dev_guild_id=int(guild) if guild else None,
            reminder_hours=float(os.environ.get("REFEREE_REMINDER_HOURS", "24")),
            log_level=os.environ.get("REFEREE_LOG_LEVEL", "INFO"),
        )
