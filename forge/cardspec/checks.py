"""Checking spec values: every problem of a run is collected, located, and reported once.

:class:`Problems` gathers located errors (and warnings); the small checkers below turn one
value into its checked form or record why it cannot be, so that a spec with five mistakes
gets five lines in one run.
"""
from __future__ import annotations

import difflib
import math
from contextlib import contextmanager
from typing import Any, Callable

from ..errors import ErrorGroup, InputError, LimitError, Location, SpecError, Warning_, describe, excerpt
from ..limits import limit
from .model import MM, parse_length
from .yamlload import LocDict

__all__ = ["Problems", "check_keys", "close_match", "typed", "is_", "enum", "str_list", "length",
           "whole", "plain_value"]


class Problems:
    """Collects located errors (and warnings) so one run reports all of them, each once."""

    def __init__(self) -> None:
        self.errors: list[InputError] = []
        self.warnings: list[Warning_] = []
        self._seen: set[tuple[str, str]] = set()

    def add(self, loc: Location, message: str, hint: str | None = None, cls=SpecError) -> None:
        """Record a problem; the same message at the same place is kept once (an inherited key,
        or a template shared by many cards and languages, would otherwise repeat)."""
        key = (str(loc), message)
        if key not in self._seen:
            self._seen.add(key)
            self.errors.append(cls(loc, message, hint))

    def error(self, exc: InputError) -> None:
        self.add(exc.location, exc.message, exc.hint, type(exc))

    def warn(self, loc: Location, message: str, hint: str | None = None) -> None:
        self.warnings.append(Warning_(loc, message, hint))

    @contextmanager
    def collecting(self):
        """Run a block; an InputError (or a group of them) it raises is recorded, not raised."""
        try:
            yield
        except ErrorGroup as group:
            for e in group.errors:
                self.error(e)
        except InputError as exc:
            self.error(exc)

    def raise_if_any(self) -> None:
        if self.errors:
            raise ErrorGroup(self.errors)


def close_match(key: str, allowed) -> str | None:
    near = difflib.get_close_matches(str(key), [str(a) for a in allowed], n=1)
    return f"did you mean '{near[0]}'?" if near else None


def check_keys(d: LocDict, allowed, what: str, pb: Problems) -> None:
    """An unknown key is an error naming the allowed ones (and the closest, if any)."""
    for key in d:
        if key not in allowed:
            pb.add(d.at(key), f"unknown key {excerpt(key)} in {what} (expected one of: {', '.join(allowed)})",
                   hint=close_match(key, allowed) or "remove it: nothing reads it")


def typed(d: LocDict, key: str, pb: Problems, expected: str, check: Callable[[Any], Any], default=None):
    """``check(d[key])``, or ``default`` when absent; a located error when ``check`` raises
    ValueError/TypeError (a ValueError's message, when it has one, says what is wrong)."""
    if key not in d:
        return default
    value = d[key]
    try:
        return check(value)
    except UnknownChoice as exc:
        pb.add(d.at(key), f"unknown {key} {excerpt(value)} (expected {expected})",
               hint=close_match(value, exc.choices) or f"write one of: {', '.join(exc.choices)}")
    except TypeError:
        pb.add(d.at(key), f"'{key}' has the wrong type (expected {expected}, got {describe(value)})")
    except ValueError as exc:
        why = str(exc) if exc.args else f"expected {expected}"
        pb.add(d.at(key), f"'{key}' is out of range ({why}, got {describe(value)})",
               cls=LimitError if exc.args else SpecError)
    return default


def is_(types, extra: Callable[[Any], bool] = lambda v: True):
    """A checker: the value is of ``types`` (a boolean is not a number) and ``extra`` holds."""
    wanted = types if isinstance(types, tuple) else (types,)

    def check(v):
        if isinstance(v, bool) and bool not in wanted:
            raise TypeError
        if not isinstance(v, wanted) or not extra(v):
            raise TypeError
        return v
    return check


class UnknownChoice(Exception):
    """A text where one of a few words is expected, but none of them (``typed`` says which are)."""

    def __init__(self, choices):
        super().__init__()
        self.choices = list(choices)


def enum(choices):
    """A checker: one of ``choices`` (another text is an unknown choice, anything else the wrong type)."""
    def check(v):
        if not isinstance(v, str):
            raise TypeError
        if v not in choices:
            raise UnknownChoice(choices)
        return v
    return check


def str_list(v):
    if isinstance(v, str):
        return [v]
    if isinstance(v, list) and v and all(isinstance(x, str) for x in v):
        return list(v)
    raise TypeError


def length(lo_mm: float = 0.0, hi_mm: float = math.inf):
    """A checker for a length (``3mm``, ``0.5in``, a bare number in mm) between two bounds."""
    def check(v):
        try:
            value = parse_length(v)
        except ValueError:
            raise TypeError from None    # not a length at all: the wrong type
        if not lo_mm * MM - 1e-9 <= value <= hi_mm * MM + 1e-9:
            raise ValueError(f"expected {lo_mm:g} mm to {hi_mm:g} mm")
        return value
    return check


def whole(lo: int, hi: int):
    """A checker for a whole number between ``lo`` and ``hi`` (a CSV's ``"3"`` counts)."""
    def check(v):
        if isinstance(v, str) and v.strip().lstrip("+-").isdigit() and len(v.strip()) <= 12:
            v = int(v)
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError
        if not lo <= v <= hi:
            raise ValueError(f"expected {lo} to {hi}")
        return v
    return check


def copies_checker(least: int = 1):
    """A checker of copies: a component's from 1, a row's own from 0 (a card kept in the data, not printed)."""
    return whole(least, int(limit("copies")))


def plain_value(v) -> bool:
    """A row field holds a plain value (text, number, boolean or nothing), not a list or mapping."""
    return v is None or isinstance(v, (str, int, float, bool))
