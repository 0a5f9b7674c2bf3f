"""/game card (issue 19 point 1): one card, tile or advance in full, picked from an
autocomplete over the cards the asker may see (never another player's hidden card), in the
asker's language, for every game."""

from __future__ import annotations

import pytest

from bot.i18n import tx
from bot.service import spec_of
from rules.maracaibo import cardtext as ct
from tests.cogs.helpers import open_table
from tests.harness import Harness
from tests.korean import latin_words


@pytest.mark.guild_locale("ko")
async def test_game_card_shows_only_what_the_asker_may_see(harness: Harness) -> None:
    """Spec 13 (Maracaibo hidden hands): a player's autocomplete offers their own hand, never
    the other's; the chosen card reads in Korean with its cost and effect."""
    h = harness
    minji, seojun = (h.member(n, locale="ko") for n in ("민지", "서준"))
    await open_table(h, "maracaibo", ["민지", "서준"])
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None
    state = h.bot.service.state_of(game)
    mine = state.players[game.seat_of(minji.id)].hand
    theirs = state.players[game.seat_of(seojun.id)].hand
    offered = await h.autocomplete(minji, "game card", "name", "")
    values = {c["value"] for c in offered}
    assert set(mine[:5]) & values, offered
    assert not values & set(theirs), "another player's hidden hand was offered"
    card = mine[0]
    name = tx(ct.card_name(card), "ko")
    found = await h.autocomplete(minji, "game card", "name", name[:6])
    assert any(c["value"] == card for c in found)
    shown = await h.slash(minji, "game card", name=card)
    assert shown.ephemeral
    assert "비용" in shown.content and tx(ct.card_effects(card)[0], "ko") in shown.content
    assert not latin_words(shown.content, {"A", "B", "C"}), shown.content
    refused = await h.slash(seojun, "game card", name=card)
    if card not in set(theirs) | set(state.board.display) | set(state.board.discard):
        assert "볼 수 있는" in refused.content, refused.content


@pytest.mark.guild_locale("ko")
@pytest.mark.parametrize(
    ("kind", "players", "options"),
    [("endeavor", 2, ""), ("ilos", 2, ""), ("renaissance", 3, "end_condition=epochs_1")],
)
async def test_game_card_reads_each_games_cards(
    harness: Harness, kind: str, players: int, options: str
) -> None:
    """Every game lists readable cards (buildings, action cards, advances) for /game card."""
    h = harness
    names = ["민지", "서준", "하린"][:players]
    members = [h.member(n, locale="ko") for n in names]
    await open_table(h, kind, names, options)
    game = await h.bot.store.current_game(h.channel().id)
    assert game is not None
    spec = spec_of(game)
    offered = await h.autocomplete(members[0], "game card", "name", "")
    assert offered, "no card offered"
    first = offered[0]
    shown = await h.slash(members[0], "game card", name=first["value"])
    assert first["name"] in shown.content
    assert not latin_words(shown.content), shown.content
    assert len(shown.content.splitlines()) >= 2, "only a name, no text"
    assert spec.visible_cards(h.bot.service.state_of(game), None), "spectators see nothing"
