"""The engine's own pseudo-random number generator.

A saved game is a seed plus a log of actions, so the random sequence must stay the
same in every future version and on every Python. We therefore pin our own
algorithm (xoshiro128**, seeded through splitmix32) instead of `random.Random`.
Its whole state is four 32-bit words: plain JSON that lives inside the game state.
The golden test in tests/unit/test_engine_prng.py pins the sequence.
"""

from __future__ import annotations

from typing import Any, MutableSequence, TypeVar

MASK32 = 0xFFFFFFFF
T = TypeVar("T")


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (32 - k))) & MASK32


def _splitmix32(x: int) -> tuple[int, int]:
    x = (x + 0x9E3779B9) & MASK32
    z = x
    z = ((z ^ (z >> 16)) * 0x85EBCA6B) & MASK32
    z = ((z ^ (z >> 13)) * 0xC2B2AE35) & MASK32
    return x, (z ^ (z >> 16)) & MASK32


def seed_state(seed: int) -> list[int]:
    """Four non-zero-in-total 32-bit words from any integer seed."""
    x = seed & MASK32
    hi = (seed >> 32) & MASK32
    words = []
    for i in range(4):
        x, z = _splitmix32(x ^ (hi if i == 0 else 0))
        words.append(z)
    if not any(words):
        words[0] = 1
    return words


class Rng:
    """Draws from a xoshiro128** state held in a JSON list, advancing it in place.

    Use it on the list inside a state that `apply` has already copied:
    `rng = Rng(state["rng"])`.
    """

    __slots__ = ("s",)

    def __init__(self, words: MutableSequence[int]):
        if len(words) != 4:
            raise ValueError("a PRNG state is four 32-bit words")
        self.s = words

    def next_u32(self) -> int:
        s = self.s
        result = (_rotl((s[1] * 5) & MASK32, 7) * 9) & MASK32
        t = (s[1] << 9) & MASK32
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 11)
        return result

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (MASK32 + 1) - ((MASK32 + 1) % n)
        while True:
            v = self.next_u32()
            if v < limit:
                return v % n

    def between(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], both ends included."""
        return low + self.below(high - low + 1)

    def d6(self) -> int:
        return self.between(1, 6)

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork_seed(self) -> int:
        """A 32-bit seed for an independent stream (for example a bot's own)."""
        return self.next_u32()
