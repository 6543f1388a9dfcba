"""Work spread over the machine's cores: tasks run in forked processes, results in order.

A build's units are independent (each component's PDF, each kit's file to print), so the
build renders them on every core the process may use. The tasks are plain functions of the
parent process, inherited by the forked workers (nothing is pickled on the way in); what comes
back is their value, or the located errors they raised, rebuilt in the parent as they were
(any other error of forge's own, such as an output that cannot be written, likewise).
On a single core, with one task, or where ``fork`` does not exist, they run here, one by one.
``FORGE_WORKERS=N`` sets the number of processes (1: none).
"""
from __future__ import annotations

import multiprocessing
import os
import traceback
from bisect import bisect_right
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from itertools import accumulate
from typing import Callable

from .errors import ErrorGroup, ForgeError, InputError

__all__ = ["Later", "run_all", "together", "worker_count"]

_TASKS: list[Callable[[], object]] = []          # the tasks of the pool being run, seen by its forks


def worker_count(tasks: int) -> int:
    """How many processes to run ``tasks`` tasks in."""
    wanted = os.environ.get("FORGE_WORKERS", "")
    cores = int(wanted) if wanted.isdigit() and int(wanted) > 0 else \
        len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return max(1, min(cores, tasks))


def run_all(tasks: list[Callable[[], object]], done: Callable[[int], None] = lambda i: None) -> list:
    """Each task's value, in order; ``done(i)`` as each one ends. The located errors the tasks
    raise are raised together, after all have run, as one group (each message once)."""
    workers = worker_count(len(tasks))
    results: list = [None] * len(tasks)
    if workers == 1:
        for i in range(len(tasks)):
            results[i] = _outcome(tasks[i], forked=False)
            done(i)
    else:
        global _TASKS
        _TASKS = tasks
        try:
            with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
                futures = {pool.submit(_run, i): i for i in range(len(tasks))}
                for future in as_completed(futures):
                    results[futures[future]] = future.result()
                    done(futures[future])
        finally:
            _TASKS = []
    errors = list({str(e): e for outcome in results if outcome[0] == "errors"      # each reported once
                   for e in _rebuilt(outcome[1])}.values())
    crash = next((outcome[1] for outcome in results if outcome[0] == "crash"), None)
    if crash is not None:
        raise RuntimeError(crash)
    failure = next((outcome[1] for outcome in results if outcome[0] == "failure"), None)
    if failure is not None:
        cls, message, hint = failure
        raise cls(message, hint) if hint is not None else cls(message)
    if errors:
        raise ErrorGroup(errors)
    return [outcome[1] for outcome in results]


def _run(i: int) -> tuple:
    return _outcome(_TASKS[i], forked=True)


def _outcome(task: Callable[[], object], forked: bool) -> tuple:
    try:
        return "ok", task()
    except ErrorGroup as group:
        return "errors", [(type(e), e.location, e.message, e.hint) for e in group.errors]
    except InputError as e:
        return "errors", [(type(e), e.location, e.message, e.hint)]
    except ForgeError as e:              # not the input: a file that cannot be written, a tool that fails
        return "failure", (type(e), str(e), getattr(e, "hint", None))
    except Exception as exc:             # a bug: its traceback, as text, raised in the parent
        if not forked:
            raise
        return "crash", f"{type(exc).__name__}: {exc}\n" + "".join(traceback.format_exception(exc))


def _rebuilt(errors: list) -> list[InputError]:
    return [cls(location, message, hint) for cls, location, message, hint in errors]


@dataclass(frozen=True)
class Later:
    """Work to run on every core beside other work (:func:`together`): its ``tasks``, ``done(i)``
    as task ``i`` ends, and ``finish``, which takes the tasks' values (in order) and gives what
    the work gives; ``labels``, one a task, say what each is for."""

    tasks: list[Callable[[], object]]
    finish: Callable[[list], object]
    done: Callable[[int], None] = lambda i: None
    labels: tuple = ()

    def then(self, after: Callable) -> Later:
        """The same work, ``after`` applied to what it gives."""
        return Later(self.tasks, lambda values: after(self.finish(values)), self.done, self.labels)

    def split(self, first: Callable[[int], bool]) -> tuple[Later, Later]:
        """The tasks ``i`` for which ``first(i)``, to run first (giving nothing), and the others,
        which give, when they are done, what the whole work gives."""
        ahead = [i for i in range(len(self.tasks)) if first(i)]
        behind = [i for i in range(len(self.tasks)) if not first(i)]
        values: dict[int, object] = {}

        def rest(found: list) -> object:
            values.update(zip(behind, found))
            return self.finish([values[i] for i in range(len(self.tasks))])
        def labels(picked: list[int]) -> tuple:
            return tuple(self.labels[i] for i in picked) if self.labels else ()
        return (Later([self.tasks[i] for i in ahead], lambda found: values.update(zip(ahead, found)),
                      lambda n: self.done(ahead[n]), labels(ahead)),
                Later([self.tasks[i] for i in behind], rest, lambda n: self.done(behind[n]), labels(behind)))

    def counted(self, step: Callable[[str], None], say: Callable[[int], str]) -> Later:
        """The same work, ``step(say(i))`` called as task ``i`` ends (a progress bar's tick)."""
        def done(i: int) -> None:
            self.done(i)
            step(say(i))
        return Later(self.tasks, self.finish, done, self.labels)


def together(*parts: Later) -> list:
    """Run the tasks of every part in one pool of workers (the first part's first: the longest
    work should come first), then each part's ``finish`` in turn; what each gives."""
    starts = list(accumulate((len(p.tasks) for p in parts), initial=0))

    def done(i: int) -> None:
        k = bisect_right(starts, i) - 1
        parts[k].done(i - starts[k])
    values = run_all([task for part in parts for task in part.tasks], done)
    return [part.finish(values[starts[k]:starts[k + 1]]) for k, part in enumerate(parts)]
