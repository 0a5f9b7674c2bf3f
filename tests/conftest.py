"""Shared fixtures: the real bot on a real SQLite file inside simcord's offline Discord."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncpg  # type: ignore[import-untyped]
import pytest

from bot.client import RefereeBot
from tests.db.conftest import POSTGRES_ENV, postgres_unavailable
from tests.harness import Harness, attached, new_bot


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "referee.sqlite3"


@pytest.fixture
def clock_holder() -> dict[str, Any]:
    return {}


@pytest.fixture
def simcord_bot(db_path: Path, clock_holder: dict[str, Any]) -> RefereeBot:
    """Used by simcord's own ``simcord_env`` fixture (which keeps its clocks in the test's context)."""
    return new_bot(db_path, clock_holder)


@pytest.fixture
async def harness(
    request: pytest.FixtureRequest,
    simcord_env: Any,
    db_path: Path,
    clock_holder: dict[str, Any],
) -> AsyncIterator[Harness]:
    """The real bot in simcord; ``@pytest.mark.guild_locale("ko")`` sets the server's locale."""
    marker = request.node.get_closest_marker("guild_locale")
    locale = marker.args[0] if marker else "en-US"
    async with attached(simcord_env, db_path, clock_holder, guild_locale=locale) as h:
        yield h


@pytest.fixture
async def postgres_url() -> AsyncIterator[str]:
    """A ``REFEREE_DB`` URL naming a fresh schema on the test PostgreSQL server, dropped
    afterwards (the test is skipped, with the reason, when the server does not answer)."""
    reason = postgres_unavailable()
    if reason is not None:
        pytest.skip(reason)
    url = os.environ[POSTGRES_ENV]
    schema = f"referee_test_{uuid.uuid4().hex[:12]}"
    try:
        yield f"{url}{'&' if '?' in url else '?'}schema={schema}"
    finally:
        conn = await asyncpg.connect(url)
        try:
            await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        finally:
            await conn.close()
