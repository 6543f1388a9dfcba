"""Tasks spread over forked workers (forge/workers.py) give back what they would give in the
parent: values in order, located errors all together, and forge's other errors as they were."""
from __future__ import annotations

import pytest

from forge.errors import ErrorGroup, Location, OutputError, SpecError
from forge.workers import Later, run_all, together

WORKERS = ["1", "2"]                  # in this process; in two forked workers


def _unwritable():
    raise OutputError("cannot write out/x.pdf", hint="free some space")


def _bad(line: int):
    def task():
        raise SpecError(Location("cardspecs/g.yaml", line), "a bad key", hint="remove it")
    return task


@pytest.mark.parametrize("workers", WORKERS)
def test_values_come_back_in_order(workers, monkeypatch):
    monkeypatch.setenv("FORGE_WORKERS", workers)
    assert run_all([lambda i=i: i * i for i in range(6)]) == [0, 1, 4, 9, 16, 25]


@pytest.mark.parametrize("workers", WORKERS)
def test_located_errors_come_back_together(workers, monkeypatch):
    monkeypatch.setenv("FORGE_WORKERS", workers)
    with pytest.raises(ErrorGroup) as raised:
        run_all([_bad(3), lambda: 1, _bad(7)])
    assert [str(e) for e in raised.value.errors] == ["cardspecs/g.yaml:3: a bad key", "cardspecs/g.yaml:7: a bad key"]


@pytest.mark.parametrize("workers", WORKERS)
def test_an_output_error_comes_back_with_its_hint(workers, monkeypatch):
    monkeypatch.setenv("FORGE_WORKERS", workers)
    with pytest.raises(OutputError) as raised:
        run_all([lambda: 1, _unwritable, lambda: 2])
    assert str(raised.value) == "cannot write out/x.pdf" and raised.value.hint == "free some space"
    assert raised.value.exit_code == 2


@pytest.mark.parametrize("workers", WORKERS)
def test_work_run_together_gives_each_part_its_own_values(workers, monkeypatch):
    monkeypatch.setenv("FORGE_WORKERS", workers)
    ticks = []
    squares = Later([lambda i=i: i * i for i in range(4)], sum, ticks.append)
    words = Later([lambda: "a", lambda: "b"], "".join)
    assert together(words, squares) == ["ab", 14]
    assert sorted(ticks) == [0, 1, 2, 3]


def test_work_split_in_two_gives_the_whole_when_its_second_part_is_done():
    work = Later([lambda i=i: i for i in range(5)], list, labels=("x", "y", "x", "y", "x"))
    first, second = work.split(lambda i: work.labels[i] == "x")
    assert together(first) == [None]
    assert together(second) == [[0, 1, 2, 3, 4]]
