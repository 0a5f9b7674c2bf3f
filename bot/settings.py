"""Settings from the environment (and an optional ``.env`` in the working directory).

Every variable is validated at start-up (pydantic-settings); a bad value stops the bot with
one line naming the variable and what is wrong, never a traceback.
"""

from __future__ import annotations

import os
from typing import Any, Literal

from pydantic import AliasChoices, Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class SettingsError(Exception):
    """A setting is missing or malformed; the message is one line for the operator."""


class MissingToken(SettingsError):
    """DISCORD_TOKEN is not set."""


def _env(name: str, field: str) -> AliasChoices:
    return AliasChoices(name, field)


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", extra="ignore", populate_by_name=True, frozen=True
    )

    token: str = Field("", validation_alias=_env("DISCORD_TOKEN", "token"))
    db_path: str = Field(
        "referee.sqlite3", min_length=1, validation_alias=_env("REFEREE_DB", "db_path")
    )
    dev_guild_id: int | None = Field(
        None, gt=0, validation_alias=_env("DEV_GUILD_ID", "dev_guild_id")
    )
    reminder_hours: float = Field(
        24.0, ge=0, le=24 * 365, validation_alias=_env("REFEREE_REMINDER_HOURS", "reminder_hours")
    )
    """Idle hours before the acting players are reminded (0 = never)."""
    timeout_hours: float = Field(
        48.0, ge=0, le=24 * 365, validation_alias=_env("REFEREE_TIMEOUT_HOURS", "timeout_hours")
    )
    """Idle hours after which the bot answers a waiting decision that has a default (a secret
    bid of 0, say) for the seats that have not answered (0 = never)."""
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = Field(
        "INFO", validation_alias=_env("REFEREE_LOG_LEVEL", "log_level")
    )
    shard_count: int | None = Field(
        None, ge=1, le=1000, validation_alias=_env("REFEREE_SHARD_COUNT", "shard_count")
    )
    shard_ids: tuple[int, ...] | None = Field(
        None, validation_alias=_env("REFEREE_SHARD_IDS", "shard_ids")
    )
    cooldown_per_10s: int = Field(
        20, ge=0, le=1000, validation_alias=_env("REFEREE_COOLDOWN", "cooldown_per_10s")
    )
    """Interactions one user may make in 10 seconds (0 = no limit)."""
    render_processes: int = Field(
        2, ge=0, le=32, validation_alias=_env("REFEREE_RENDER_PROCESSES", "render_processes")
    )
    """Worker processes drawing images (0 = threads in the bot's process)."""
    ai_processes: int = Field(
        1, ge=0, le=32, validation_alias=_env("REFEREE_AI_PROCESSES", "ai_processes")
    )
    """Worker processes where AI seats think (0 = threads in the bot's process)."""
    ai_seconds: float = Field(
        3.0, gt=0, le=60, validation_alias=_env("REFEREE_AI_SECONDS", "ai_seconds")
    )
    """How long an AI seat may think about one decision (issue 24: 3 s)."""
    data_dir: str | None = Field(None, validation_alias=_env("REFEREE_DATA_DIR", "data_dir"))
    """A folder of component data overrides (``rules.core.data``); the bot hands it on to
    the rules through the process environment at start-up (``apply_data_dir``)."""

    @field_validator("dev_guild_id", "shard_count", "data_dir", mode="before")
    @classmethod
    def _blank_is_none(cls, value: Any) -> Any:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: Any) -> Any:
        return value.strip().upper() if isinstance(value, str) else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_list(cls, value: Any) -> Any:
        # The environment's text is decoded as JSON first, so "1" arrives as the number 1.
        if isinstance(value, int) and not isinstance(value, bool):
            return (value,)
        if isinstance(value, str):
            parts = [p.strip() for p in value.split(",") if p.strip()]
            return tuple(parts) or None
        return value

    @classmethod
    def from_env(cls, *, require_token: bool = True) -> Settings:
        try:
            settings = cls()
        except ValidationError as exc:
            raise SettingsError(one_line(exc)) from None
        if require_token and not settings.token.strip():
            raise MissingToken(
                "DISCORD_TOKEN is not set: put it in the environment or a .env file "
                "(see README.md), or try a game without Discord: "
                "python -m rules play <game> --players 4 --human 1"
            )
        if settings.shard_ids is not None:
            if settings.shard_count is None:
                raise SettingsError("REFEREE_SHARD_IDS needs REFEREE_SHARD_COUNT as well")
            bad = [i for i in settings.shard_ids if not 0 <= i < settings.shard_count]
            if bad:
                raise SettingsError(
                    f"REFEREE_SHARD_IDS: shard {bad[0]} is outside 0..{settings.shard_count - 1}"
                )
        return settings

    def apply_data_dir(self) -> None:
        """Make ``REFEREE_DATA_DIR`` (from the environment or ``.env``) the folder the rules
        read overrides from: they see only the process environment."""
        from rules.core.data import OVERRIDE_ENV, override_dir

        if self.data_dir is not None:
            os.environ[OVERRIDE_ENV] = self.data_dir
        override_dir.cache_clear()


_NAMES = {
    "token": "DISCORD_TOKEN",
    "db_path": "REFEREE_DB",
    "dev_guild_id": "DEV_GUILD_ID",
    "reminder_hours": "REFEREE_REMINDER_HOURS",
    "timeout_hours": "REFEREE_TIMEOUT_HOURS",
    "log_level": "REFEREE_LOG_LEVEL",
    "shard_count": "REFEREE_SHARD_COUNT",
    "shard_ids": "REFEREE_SHARD_IDS",
    "cooldown_per_10s": "REFEREE_COOLDOWN",
    "render_processes": "REFEREE_RENDER_PROCESSES",
    "ai_processes": "REFEREE_AI_PROCESSES",
    "ai_seconds": "REFEREE_AI_SECONDS",
    "data_dir": "REFEREE_DATA_DIR",
}


def one_line(exc: ValidationError) -> str:
    """``NAME: what is wrong (got 'value')`` for the first bad variable."""
    err = exc.errors()[0]
    loc = [str(p) for p in err.get("loc", ())]
    field = loc[0] if loc else ""
    name = _NAMES.get(field, field.upper())
    got = repr(err.get("input"))[:40]
    return f"{name}: {err.get('msg', 'invalid')} (got {got})"
