"""forge's hot-loop draws give what random.Random's own methods give from the same seed."""
import random

import pytest

from forge.engine import below, pick, shuffle

SIZES = [1, 2, 3, 5, 7, 8, 9, 16, 17, 52, 100, 1000, 2**20 + 3]


@pytest.mark.parametrize("seed", range(20))
def test_draws_match_the_standard_librarys_from_one_seed(seed):
    ours, theirs = random.Random(seed), random.Random(seed)
    for n in SIZES:
        assert below(n, ours) == theirs.randrange(n)
        items = list(range(n % 60 + 1))
        mine = list(items)
        shuffle(mine, ours)
        theirs.shuffle(items)
        assert mine == items
        assert pick(mine, ours) == theirs.choice(items)
    assert ours.random() == theirs.random()        # the two streams are still in step


def test_below_draws_every_value_alike():
    rng = random.Random(1)
    counts = [0] * 6
    for _ in range(60_000):
        counts[below(6, rng)] += 1
    assert all(9_500 < c < 10_500 for c in counts)


def test_nothing_to_draw_from_is_an_error_not_a_hang():
    rng = random.Random(0)
    with pytest.raises(ValueError):
        below(0, rng)
    with pytest.raises(IndexError):
        pick([], rng)
