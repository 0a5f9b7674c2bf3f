"""A game's secret and its generator (issue 18 point 1; ``rules.core.rng``).

The old attack: every game's seed was below 2**31, so a spectator searched all seeds against
the public Maracaibo board and rebuilt every hand. New games get a 256-bit secret that keys
BLAKE2b in counter mode; games started before keep SplitMix64 and replay unchanged
(``tests/upgrade/test_splitmix_games.py``).
"""

from __future__ import annotations

import hashlib
import json
import random
import struct
from typing import Any

import pytest

from bot.service import new_secret
from rules.core import StateUnreadable
from rules.core.bots import random_action
from rules.core.rng import KEYED_FROM, PERSON, Rng
from rules.registry import GAMES

WIDE = 1 << 255
MARACAIBO = GAMES["maracaibo"]
SEATS = ["p1", "p2"]


def _maracaibo(seed: int) -> Any:
    return MARACAIBO.new_game(SEATS, MARACAIBO.Options.model_validate({"players": 2}), seed)


def _hidden(state: Any) -> tuple[Any, ...]:
    """What Maracaibo keeps from the players at the start: the deck order and both hands."""
    return (tuple(state.board.deck), *(tuple(state.players[s].hand) for s in SEATS))


def _public(state: Any) -> str:
    return str(MARACAIBO.view(state, None).model_dump_json())


def test_splitmix_outputs_are_unchanged_for_small_seeds() -> None:
    """Old games (seeds below 2**64) keep SplitMix64: the same numbers as before, the same
    one-number JSON state."""
    rng = Rng.from_seed(7)
    assert rng.model_dump_json() == '{"state":16229561237043763250}'
    assert [rng.next_u64() for _ in range(3)] == [
        712224732807187875,
        2037427868328234838,
        4082410820644681757,
    ]
    assert not Rng.from_seed(KEYED_FROM - 1).keyed
    assert Rng.from_seed(KEYED_FROM).keyed


def test_keyed_outputs_are_blake2b_in_counter_mode() -> None:
    """A wide seed keys BLAKE2b; output ``n`` is word ``n % 8`` of block ``n // 8``. Fixed
    numbers: the sequence may never change (stored games replay from it)."""
    rng = Rng.from_seed(WIDE)
    key = WIDE.to_bytes(32, "big")
    expected: list[int] = []
    for block in range(3):
        digest = hashlib.blake2b(
            block.to_bytes(8, "little"), key=key, digest_size=64, person=PERSON
        ).digest()
        expected.extend(struct.unpack("<8Q", digest))
    drawn = [rng.next_u64() for _ in range(24)]
    assert drawn == expected
    assert drawn[:3] == [3000189632442131675, 2883138669094176370, 14750665170985426886]
    assert rng.state == 24


def test_keyed_state_round_trips_through_json_mid_block() -> None:
    """The stored state is the key and the count of outputs drawn; reloading it in the middle
    of a block continues exactly where the original goes on."""
    rng = Rng.from_seed(new_secret())
    for _ in range(5):
        rng.randbelow(1000)
    text = rng.model_dump_json()
    assert json.loads(text) == {"state": 5, "key": rng.key}
    again = Rng.model_validate_json(text)
    assert [again.randbelow(10**9) for _ in range(20)] == [rng.randbelow(10**9) for _ in range(20)]
    assert again.model_dump_json() == rng.model_dump_json()
    assert again == rng  # the cached block is not part of what is compared


def test_service_secrets_are_256_bits_wide() -> None:
    """Brute force over the service's own secrets: each is 256 bits (top bit set, so always
    the keyed generator) and every one of the 255 bits below varies."""
    drawn = [new_secret() for _ in range(256)]
    assert all(s.bit_length() == 256 for s in drawn)
    assert len(set(drawn)) == len(drawn)
    ones = zeros = 0
    for s in drawn:
        ones |= s
        zeros |= ~s & ((1 << 256) - 1)
    assert ones == (1 << 256) - 1
    assert zeros == (1 << 255) - 1  # only the top bit never varies


def test_every_bit_of_the_secret_changes_the_hidden_order() -> None:
    """The seed space is the whole 256-bit secret: flipping any one of its bits gives another
    deck order and other hands, so no bit can be left out of a search."""
    secret = new_secret()
    seen = {_hidden(_maracaibo(secret))}
    for bit in range(256):
        seen.add(_hidden(_maracaibo(secret ^ (1 << bit))))
    assert len(seen) == 257


def test_a_seed_search_from_the_public_board_finds_old_games_only() -> None:
    """The spectator's attack, scaled down: search seeds against the public board. A game
    whose seed came from a small range is found and its hidden cards rebuilt exactly; a game
    with a 256-bit secret is not (nor could a search of 2**256 secrets be run)."""
    space = 2**8

    def search(public: str) -> Any:
        for seed in range(space):
            candidate = _maracaibo(seed)
            if _public(candidate) == public:
                return candidate
        return None

    old = _maracaibo(173)
    found = search(_public(old))
    assert found is not None and _hidden(found) == _hidden(old)
    new = _maracaibo(new_secret())
    assert search(_public(new)) is None


def test_two_games_with_identical_public_setup_differ_in_hidden_order() -> None:
    """Same seats, same options, two new secrets: the hidden order differs."""
    first, second = _maracaibo(new_secret()), _maracaibo(new_secret())
    assert _hidden(first) != _hidden(second)


@pytest.mark.parametrize("kind", ["ilos", "renaissance"])
def test_games_whose_public_board_is_identical_differ_in_hidden_cards(kind: str) -> None:
    """Issue 18, done when: two games whose public setup is identical, the very same public
    board (found by drawing 256-bit secrets until two boards match; Age of Renaissance
    starts every game on the same board), differ in what is hidden: the seats' own cards.
    The public board does not pin the hidden order, as it did with 31-bit seeds."""
    spec = GAMES[kind]
    seats = [f"p{i + 1}" for i in range(spec.min_players)]
    options = spec.Options.model_validate({"players": spec.min_players})
    draw = random.Random(kind)
    boards: dict[str, Any] = {}
    for _ in range(400):
        state = spec.new_game(seats, options, draw.getrandbits(256) | WIDE)
        board = spec.view(state, None).model_dump_json()
        if board in boards:
            other = boards[board]
            hidden = [spec.view(g, s).model_dump_json() for g in (state, other) for s in seats]
            assert hidden[: len(seats)] != hidden[len(seats) :]
            return
        boards[board] = state
    pytest.fail("no two of 400 games showed the same public board")


@pytest.mark.parametrize("key", sorted(GAMES))
def test_no_view_carries_the_secret(key: str) -> None:
    """Every game's views (each seat and the spectator), at the start and after each of a
    few random moves, hold neither the secret nor the generator state: no ``seed``/``rng``
    field, no digits of either."""
    spec = GAMES[key]
    players = spec.min_players if spec.min_players > 1 else 2
    seats = [f"p{i + 1}" for i in range(players)]
    secret = new_secret()
    state = spec.new_game(seats, spec.Options.model_validate({"players": players}), secret)
    assert state.rng.keyed and state.rng.key is not None
    marks = [*secret_marks(secret), state.rng.key[:16], state.rng.key[-16:]]
    rnd = random.Random(5)
    for _ in range(25):  # the start, and after each of a few random moves
        for viewer in [None, *seats]:
            text = spec.view(state, viewer).model_dump_json()
            assert '"seed"' not in text and '"rng"' not in text
            assert not [m for m in marks if m in text]
        assert not [m for m in marks if m in repr(state)]
        if spec.is_over(state):
            break
        seat = sorted(spec.to_act(state))[0]
        state = spec.apply(state, seat, random_action(spec, state, seat, rnd)).state


def test_an_unreadable_state_error_does_not_echo_the_secret() -> None:
    """A stored state that fails validation is refused by where it failed, never by value
    (pydantic's own message would print the generator's key)."""
    secret = new_secret()
    state = _maracaibo(secret)
    raw = json.loads(state.model_dump_json())
    del raw["rng"]["state"]  # pydantic would report the rest of ``rng``: its key
    with pytest.raises(StateUnreadable) as caught:
        MARACAIBO.load_state(json.dumps(raw))
    text = str(caught.value) + repr(caught.value)
    assert "rng.state" in text
    assert not [m for m in secret_marks(secret) if m in text]
    assert caught.value.__cause__ is None and caught.value.__context__ is None


def secret_marks(secret: int) -> list[str]:
    """Pieces of a secret as it could be printed (decimal or hex, either end)."""
    decimal, hexa = str(secret), f"{secret:064x}"
    return [decimal[:12], decimal[-12:], hexa[:16], hexa[-16:]]
