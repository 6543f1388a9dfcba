"""The fields a game reads from a worked example or a simulation, declared once per game.

Each game declares, as class attributes,

- ``GIVEN_FIELDS``: what an example's ``given:`` may set (the situation);
- ``OPTION_FIELDS``: the game's options (``options:`` in an example, ``--option`` of
  ``forge simulate``);
- ``EXPECT_FIELDS``: what an example's ``expect:`` may check.

The example checker, ``forge simulate`` and the README's table all read these
declarations, so a misspelt key (``leeder: Bruno``) is an error listing the allowed ones
rather than a key nobody reads.
"""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Field", "problem", "parse_option"]

KINDS = ("bool", "int", "choice", "name", "names", "cards", "cards_by_name", "int_by_name", "votes",
         "word_by_name", "int_by_key", "rows", "ints", "name_by_key", "fraction", "text_by_key", "text", "texts",
         "texts_by_name", "mapping")


@dataclass(frozen=True)
class Field:
    """A declared field: its kind (one of KINDS), what it means, its bounds, and the fields of
    the same block it is read with (``needs``: without them it would be ignored, an error)."""

    kind: str
    help: str
    range: tuple[int, int] | None = None
    choices: tuple[str, ...] = ()
    needs: tuple[str, ...] = ()

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"unknown field kind {self.kind!r} (expected one of: {', '.join(KINDS)})")

    @property
    def expected(self) -> str:
        return {
            "bool": "true or false",
            "int": f"a whole number from {self.range[0]} to {self.range[1]}" if self.range else "a whole number",
            "choice": " or ".join(self.choices),
            "name": "a player's name",
            "names": "a list of players' names",
            "cards": "cards as text, e.g. \"7 7 J\"",
            "cards_by_name": "a mapping of player → cards, e.g. {Alice: \"7 7 J\"}",
            "int_by_name": "a mapping of player → whole number",
            "votes": "a mapping of player → vote, or a list of them (one per turn)",
            "word_by_name": f"a mapping of player → one of {', '.join(self.choices)}",
            "int_by_key": f"a mapping of {' / '.join(self.choices) or 'name'} → whole number",
            "ints": "a list of whole numbers, e.g. [2, 5]",
            "name_by_key": "a mapping of name → player, e.g. {ficelle: Bruno}",
            "fraction": "a number from 0 to 1, e.g. 0.1",
            "text_by_key": f"a mapping of {' / '.join(self.choices)} → text, or a list of them (one per turn)",
            "rows": "a mapping of generation number → list of cards, e.g. {1: [\"4+17\", \"9\"]}",
            "text": "a word or a number",
            "texts": "a list of words, e.g. [\"play 7\", \"pass\"]",
            "texts_by_name": "a mapping of player → list of words, e.g. {Alice: [late]}",
            "mapping": "a mapping of key → value",
        }[self.kind]


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _scalar(v) -> bool:
    return isinstance(v, (str, int)) and not isinstance(v, bool)


def _names(v) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def _mapping_of(v, ok) -> bool:
    return isinstance(v, dict) and all(isinstance(k, str) and ok(x) for k, x in v.items())


def _texts_by(keys, v) -> bool:
    """A mapping of exactly ``keys`` → non-empty text, or a non-empty list of them."""
    one = lambda m: _mapping_of(m, lambda x: isinstance(x, str) and bool(x.strip())) and set(m) == set(keys)  # noqa: E731
    return one(v) or (isinstance(v, list) and bool(v) and all(one(m) for m in v))


def problem(field: Field, value) -> str | None:
    """Why ``value`` does not fit ``field`` (None when it does)."""
    kind = field.kind
    ok = {
        "bool": lambda v: isinstance(v, bool),
        "int": _is_int,
        "choice": lambda v: isinstance(v, str) and v in field.choices,
        "name": lambda v: isinstance(v, str) and bool(v.strip()),
        "names": _names,
        "cards": lambda v: isinstance(v, (str, int)) and not isinstance(v, bool),
        "cards_by_name": lambda v: _mapping_of(v, lambda x: isinstance(x, (str, int)) and not isinstance(x, bool)
                                               or x is None),
        "int_by_name": lambda v: _mapping_of(v, _is_int),
        "votes": lambda v: _mapping_of(v, lambda x: isinstance(x, str)) or (
            isinstance(v, list) and bool(v) and all(_mapping_of(t, lambda x: isinstance(x, str)) for t in v)),
        "word_by_name": lambda v: _mapping_of(v, lambda x: x in field.choices),
        "int_by_key": lambda v: _mapping_of(v, _is_int) and (not field.choices or set(v) <= set(field.choices)),
        "ints": lambda v: isinstance(v, list) and all(_is_int(x) for x in v),
        "name_by_key": lambda v: _mapping_of(v, lambda x: isinstance(x, str)),
        "text_by_key": lambda v: _texts_by(field.choices, v),
        "text": _scalar,
        "mapping": lambda v: isinstance(v, dict),
        "texts": lambda v: isinstance(v, list) and all(_scalar(x) for x in v),
        "texts_by_name": lambda v: _mapping_of(v, lambda x: isinstance(x, list) and all(_scalar(x) for x in x)),
        "fraction": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1,
        "rows": lambda v: isinstance(v, dict) and all(str(k).isdigit() and isinstance(r, list) and all(
            isinstance(x, (str, int)) and not isinstance(x, bool) for x in r) for k, r in v.items()),
    }[kind](value)
    if not ok:
        return f"expected {field.expected}"
    if kind == "int" and field.range and not field.range[0] <= value <= field.range[1]:
        return f"expected {field.expected}"
    if kind in ("int_by_name", "int_by_key") and field.range and \
            not all(field.range[0] <= x <= field.range[1] for x in value.values()):
        return f"expected whole numbers from {field.range[0]} to {field.range[1]}"
    return None


def parse_option(field: Field, text: str):
    """A ``--option KEY=VALUE`` value read for its declared kind; ValueError says what was expected."""
    if field.kind == "bool":
        if text.lower() in ("true", "false"):
            return text.lower() == "true"
    elif field.kind == "int":
        if text.strip().lstrip("-").isdigit() and len(text) <= 12:
            value = int(text)
            if problem(field, value) is None:
                return value
    elif field.kind == "choice":
        if text in field.choices:
            return text
    elif field.kind == "names":
        names = [t.strip() for t in text.split(",") if t.strip()]
        if names and len(text) <= 2000:
            return names
    elif field.kind == "fraction":
        try:
            value = float(text)
        except ValueError:
            value = -1.0
        if 0 <= value <= 1:
            return value
    else:
        raise ValueError(f"cannot be set from the command line (it is {field.expected})")
    raise ValueError(f"expected {field.expected}")
