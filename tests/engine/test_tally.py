"""A Tally's figures are those of the statistics module on the list of values it counts, to the
last digit, so a run's figures do not change when it keeps counts instead of every game."""
from __future__ import annotations

import statistics

from hypothesis import given, settings, strategies as st

from forge.engine.tally import Tally

values = st.lists(st.integers(min_value=-10**6, max_value=10**6), min_size=1, max_size=300)


def tally(data: list[int]) -> Tally:
    t = Tally()
    for v in data:
        t.add(v)
    return t


@settings(max_examples=300, deadline=None)
@given(values)
def test_figures_equal_the_statistics_module_on_the_values(data):
    t = tally(data)
    assert t.mean() == statistics.fmean(data)
    assert t.median() == statistics.median(data)
    assert t.quartiles() == (statistics.quantiles(data, n=4)[::2] if len(data) > 1 else [data[0]] * 2)
    assert t.pstdev() == statistics.pstdev(data)
    assert (t.min(), t.max(), t.total()) == (min(data), max(data), sum(data))


def test_histogram_counts_each_value_once_in_increasing_order():
    assert tally([5, 3, 5, 9, 3, 5]).histogram() == [[3, 2], [5, 3], [9, 1]]
