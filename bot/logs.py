"""Structured logging: one line per record, ``key=value`` pairs, tracebacks to the log only."""

from __future__ import annotations

import logging
import sys


class KeyValueFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        base = (
            f"time={self.formatTime(record, '%Y-%m-%dT%H:%M:%S')} level={record.levelname} "
            f"logger={record.name} msg={record.getMessage()!r}"
        )
        extra = getattr(record, "fields", None)
        if isinstance(extra, dict):
            base += "".join(f" {k}={v!r}" for k, v in extra.items())
        if record.exc_info:
            base += "\n" + self.formatException(record.exc_info)
        return base


def setup_logging(level: str = "INFO") -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(KeyValueFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    logging.getLogger("discord.http").setLevel(logging.WARNING)
