"""A distribution of whole numbers kept as counts: what a run of millions of games keeps of each
game's length or score, in memory that grows with the number of different values, not of games.

Its figures are those :mod:`statistics` gives for the list of values it stands for, computed
the same way: :meth:`Tally.mean` (``fmean``), :meth:`Tally.median` (``median``: the middle value,
or the mean of the middle two), :meth:`Tally.quartiles` (``quantiles(n=4)``, its default
"exclusive" method, first and third) and :meth:`Tally.pstdev` (the population standard
deviation, from the exact sum of squares).
"""
from __future__ import annotations

import math
import sys
from bisect import bisect_right
from collections import Counter
from fractions import Fraction
from itertools import accumulate

__all__ = ["Tally"]

_WIDTH = 2 * sys.float_info.mant_dig + 3


def _sqrt(n: int, m: int) -> float:
    """The square root of n/m correctly rounded to a float, as :mod:`statistics` takes it
    (an integer square root with enough bits, rounded to odd, then divided once)."""
    def rto(a: int, b: int) -> int:
        root = math.isqrt(a // b)
        return root | (root * root * b != a)
    q = (n.bit_length() - m.bit_length() - _WIDTH) // 2
    if q >= 0:
        return (rto(n, m << 2 * q) << q) / 1
    return rto(n << -2 * q, m) / (1 << -q)


class Tally:
    """How many times each whole number was seen."""

    def __init__(self) -> None:
        self.counts: Counter = Counter()
        self.n = 0
        self._sorted: tuple[list[int], list[int]] | None = None

    def add(self, value: int) -> None:
        self.counts[value] += 1
        self.n += 1
        self._sorted = None

    def merge(self, counts: dict[int, int]) -> None:
        """Add ``{value: how many times}`` (another tally's counts)."""
        self.counts.update(counts)
        self.n += sum(counts.values())
        self._sorted = None

    def total(self) -> int:
        return sum(v * c for v, c in self.counts.items())

    def at(self, k: int) -> int:
        """The ``k``-th value (from 0) of the values in increasing order."""
        if self._sorted is None:
            values = sorted(self.counts)
            self._sorted = values, list(accumulate(self.counts[v] for v in values))
        values, ends = self._sorted
        return values[bisect_right(ends, k)]

    def mean(self) -> float:
        return float(self.total()) / self.n

    def median(self) -> float:
        half = self.n // 2
        return self.at(half) if self.n % 2 else (self.at(half - 1) + self.at(half)) / 2

    def quartiles(self) -> list[float]:
        """The first and third quartiles, as ``statistics.quantiles(values, n=4)[::2]``; a
        single value is both."""
        if self.n < 2:
            return [self.at(0)] * 2
        m = self.n + 1
        found = []
        for i in (1, 3):
            j = min(max(i * m // 4, 1), self.n - 1)
            delta = i * m - j * 4
            found.append((self.at(j - 1) * (4 - delta) + self.at(j) * delta) / 4)
        return found

    def pstdev(self) -> float:
        mean = Fraction(self.total(), self.n)
        variance = sum(c * (v - mean) ** 2 for v, c in self.counts.items()) / self.n
        return _sqrt(variance.numerator, variance.denominator)

    def min(self) -> int:
        return min(self.counts)

    def max(self) -> int:
        return max(self.counts)

    def histogram(self) -> list[list[int]]:
        """``[[value, count], …]`` in increasing value."""
        return [[v, self.counts[v]] for v in sorted(self.counts)]

    def summary(self) -> dict:
        """mean, median, quartiles, min and max."""
        return {"mean": self.mean(), "median": self.median(), "quartiles": self.quartiles(),
                "min": self.min(), "max": self.max()}
