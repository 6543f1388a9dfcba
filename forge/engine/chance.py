"""Seeded draws for a game's hot loop: the numbers ``random.Random.randrange(n)``,
``choice`` and ``shuffle`` give (Python 3.11's algorithm: rejection sampling on
``getrandbits``), without their argument checks and method layers.

A playout spends a third of its time in ``randrange`` and ``shuffle``; these give the same
draws from the same ``rng`` for a fraction of it. Since forge, not Python, now defines them,
a seed's games stay the same on any Python version.
"""
from __future__ import annotations

import random
from typing import MutableSequence, Sequence, TypeVar

__all__ = ["below", "pick", "shuffle"]

T = TypeVar("T")


def below(n: int, rng: random.Random) -> int:
    """A number from 0 to n - 1 (n ≥ 1), each as likely: what ``rng.randrange(n)`` draws."""
    if n < 1:
        raise ValueError(f"no number from 0 to {n} - 1")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def pick(items: Sequence[T], rng: random.Random) -> T:
    """One of ``items`` (not empty), each as likely: what ``rng.choice(items)`` draws."""
    if not items:
        raise IndexError("cannot pick from an empty sequence")
    return items[below(len(items), rng)]


def shuffle(items: MutableSequence, rng: random.Random) -> None:
    """Shuffle ``items`` in place: the order ``rng.shuffle(items)`` gives."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
