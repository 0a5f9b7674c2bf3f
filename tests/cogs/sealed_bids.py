"""Playing the test-only Sealed Bids game (``tests/plugin_game``) through the harness, in Korean."""

from __future__ import annotations

from typing import Any

from tests.harness import Harness, Reply


async def bid(h: Harness, member: Any, amount: int) -> Reply:
    """``member`` bids ``amount`` coins by the slash command, picking the Korean choice."""
    offered = await h.autocomplete(member, "sealed bid", "choice", "")
    value = next(c["value"] for c in offered if c["name"] == f"동전 {amount}개 입찰")
    return await h.slash(member, "sealed bid", choice=value)
