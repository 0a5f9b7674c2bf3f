"""Fixtures of the Discord tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules.registry import register, unregister
from tests.plugin_game.rules import SPEC


@pytest.fixture
def sealed() -> Iterator[None]:
    """Register the test-only Sealed Bids game before the bot starts (fixture order), remove
    it after."""
    register(SPEC)
    yield
    unregister(SPEC.key)
