"""The seeded random generator kept inside every game state.

A game's seed *is* its secret: whoever knows it can compute every hidden card, every deck
order and every future draw, so it must never leave the database (no view, event, image,
log line or error carries the state's ``seed`` or ``rng``; ``repr`` leaves them out too).

Two generators, chosen by the width of the seed, both fully described by JSON so that
replaying a game's log from its seed reproduces every draw exactly, on any Python version:

- **Keyed (every game the bot starts now).** A seed of 2**64 or more (the service draws
  ``secrets.randbits(256) | 1 << 255``: 256 bits, the top one set so it is always this
  generator) is the key of BLAKE2b (``hashlib``, a keyed hash, i.e. a pseudo-random function)
  in counter mode: block ``b`` is ``blake2b(b as 8 little-endian bytes, key=secret,
  person=PERSON, digest_size=64)``, eight 64-bit little-endian outputs. Knowing any number of
  outputs tells nothing about the key or about other outputs, so the public board (face-up
  cards, a revealed draw) cannot be searched back to the seed: the search space is the whole
  256-bit secret. The stored state is ``{"state": n, "key": "<hex>"}``, ``n`` the number of
  outputs drawn so far (block ``n // 8``, position ``n % 8``); the block being read is cached
  beside it (not stored), so one hash call serves eight draws.
- **SplitMix64 (games started before, and tests with small seeds).** A seed below 2**64
  keeps the original generator: the whole state is one 64-bit integer (``{"state": n}``,
  byte for byte as it always was), so old games replay unchanged. Its outputs reveal its
  state, and a small seed can be searched: it is never used for a new game.

Engines call these methods on the state's own copy; nothing else in the rules may produce
randomness.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from pydantic import BaseModel, Field, PrivateAttr

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

KEYED_FROM = 1 << 64
"""Seeds at or above this use the keyed generator; below it, SplitMix64."""
MAX_KEY_BYTES = 64  # BLAKE2b's longest key
PERSON = b"referee.rng.v1"
"""BLAKE2b personalisation: these outputs are this generator's and nothing else's."""
_WORDS = struct.Struct("<8Q")


def _is_none(value: object) -> bool:
    return value is None


def keyed_block(key: str, index: int) -> tuple[int, ...]:
    """Block ``index`` of the keyed generator with secret ``key`` (hex): eight 64-bit outputs."""
    digest = hashlib.blake2b(
        index.to_bytes(8, "little"), key=bytes.fromhex(key), digest_size=64, person=PERSON
    ).digest()
    return _WORDS.unpack(digest)


class Rng(BaseModel):
    """Deterministic generator; ``state`` (and ``key`` when keyed) is all that is stored."""

    state: int
    """SplitMix64: its 64-bit state. Keyed: how many 64-bit outputs were drawn so far."""
    key: str | None = Field(default=None, exclude_if=_is_none, repr=False)
    """The keyed generator's secret (hex); absent (None) for SplitMix64."""

    _block: tuple[int, tuple[int, ...]] | None = PrivateAttr(default=None)

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        if seed >= KEYED_FROM:
            width = max(32, (seed.bit_length() + 7) // 8)
            if width > MAX_KEY_BYTES:
                raise ValueError(f"a seed may be at most {MAX_KEY_BYTES * 8} bits wide")
            return cls(state=0, key=seed.to_bytes(width, "big").hex())
        return cls(state=(seed * 0xD1B54A32D192ED03 + 0x2545F4914F6CDD1D) & _MASK)

    def __eq__(self, other: object) -> bool:
        """Equal when what is stored is equal (the cached block is not part of the state)."""
        if not isinstance(other, Rng):
            return NotImplemented
        return self.state == other.state and self.key == other.key

    __hash__ = None  # type: ignore[assignment]  # mutable, like every pydantic model

    @property
    def keyed(self) -> bool:
        return self.key is not None

    def next_u64(self) -> int:
        key = self.key
        if key is not None:
            # Straight to the instance's dicts: pydantic's attribute hooks would cost more
            # than the hash (the cached block is private; ``state`` needs no validation).
            drawn = self.state
            index = drawn >> 3  # eight outputs per block
            cache = self.__pydantic_private__
            assert cache is not None
            block = cache["_block"]
            if block is None or block[0] != index:
                block = cache["_block"] = (index, keyed_block(key, index))
            self.__dict__["state"] = drawn + 1
            return int(block[1][drawn & 7])
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in ``[lo, hi]``."""
        return lo + self.randbelow(hi - lo + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]
