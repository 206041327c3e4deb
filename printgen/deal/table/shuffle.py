"""The portable shuffle: SplitMix64, Fisher-Yates, and unbiased dice.

Deal N must be the same on every platform and Python version forever, so the
generator is written out here with explicit 64-bit arithmetic (never
`random`, whose algorithms may change).

1. State: a 64-bit integer, initially the deal number N.
2. `next()`: state = (state + 0x9E3779B97F4A7C15) mod 2**64; z = state;
   z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 mod 2**64;
   z = (z ^ (z >> 27)) * 0x94D049BB133111EB mod 2**64; return z ^ (z >> 31).
3. `below(n)`: an unbiased integer in 0..n-1 by rejection: draw x = next()
   until x < 2**64 - (2**64 mod n); return x mod n.
4. Fisher-Yates: for i = len-1 down to 1: j = below(i + 1); swap items i and j.
5. After the shuffle, each Force roll is two dice drawn from the same stream:
   die = below(6) + 1, first die then second die, roll 1 first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB


class SplitMix64:
    """Sebastiano Vigna's SplitMix64 generator, 64-bit state."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = (self.state + GOLDEN) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * MIX1) & MASK64
        z = ((z ^ (z >> 27)) * MIX2) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """An unbiased integer in range(n), by rejection of the top partial block."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A Fisher-Yates shuffle of a copy of items."""
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return result

    def roll(self) -> tuple[int, int]:
        """A Force roll: two dice 1..6, first die first."""
        return self.below(6) + 1, self.below(6) + 1


def shuffled_deal(number: int, deck: Sequence[T], rolls: int) -> tuple[list[T], list[tuple[int, int]]]:
    """Deal `number`: the deck shuffled from its canonical order, then the rolls."""
    rng = SplitMix64(number)
    order = rng.shuffle(deck)
    return order, [rng.roll() for _ in range(rolls)]
