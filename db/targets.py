"""What ``REFEREE_DB`` names: a ``postgresql://`` URL means PostgreSQL, anything else is a
SQLite file path."""

from __future__ import annotations


def is_postgres(target: str) -> bool:
    return target.startswith(("postgresql://", "postgres://"))
