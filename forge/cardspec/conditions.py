"""A part's ``when:``: whether it is drawn on a card, read as a small condition language.

::

    when: "{art}"                          # drawn when the field is not empty
    when: "{type} == ingredient"           # == and != compare text (numbers as numbers)
    when: "{cost} >= 3"                    # < > <= >= compare numbers
    when: "{type} in [potion, 'magic wand']"
    when: "not {rare} or {cost} > 5"       # not, and, or (and first); no brackets

Each side is a template (:mod:`.templating`): a field, a string key, or words; a side with
spaces is quoted. The condition is parsed, never evaluated as code: what cannot be read is
a :class:`~.templating.TemplateError` at the part's line when the layout is loaded, and a
side that is not a number where a number is compared is an error at the card's row.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

from ..errors import describe, excerpt
from .templating import TemplateError, resolve

__all__ = ["Condition", "parse_condition", "holds"]

_TOKEN = re.compile(r"""\s*(?:(?P<q>"[^"]*"|'[^']*')|(?P<list>\[[^\]]*\])|(?P<op>==|!=|<=|>=|<|>)"""
                    r"""|(?P<word>[^\s"'\[\]<>=!]+)|(?P<bad>\S))""")
_KEYWORDS = {"and", "or", "not", "in"}
_NUMERIC = {"<", ">", "<=", ">="}


@dataclass(frozen=True)
class Clause:
    """``left`` (op ``right``), negated by ``not``; with no op, ``left`` is tested not empty."""

    left: str
    op: str = ""
    right: str | tuple[str, ...] = ""
    negated: bool = False


#: clauses joined by ``or`` of groups joined by ``and``
Condition = tuple[tuple[Clause, ...], ...]


@lru_cache(maxsize=1024)
def parse_condition(text: str) -> Condition:
    """The condition ``text`` reads as; TemplateError when it cannot be read."""
    tokens = _tokens(text)
    groups: list[list[Clause]] = [[]]
    i = 0
    while True:
        clause, i = _clause(tokens, i, text)
        groups[-1].append(clause)
        if i == len(tokens):
            return tuple(tuple(g) for g in groups)
        joint = tokens[i]
        if joint == ("word", "or"):
            groups.append([])
        elif joint != ("word", "and"):
            raise TemplateError(f"'when' {excerpt(text)}: expected and, or, or the end after a comparison, "
                                f"got {excerpt(joint[1])} (a value with spaces is quoted: \"magic wand\")")
        i += 1


def _tokens(text: str) -> list[tuple[str, str]]:
    out = []
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup
        if kind is None:
            continue
        if kind == "bad":
            raise TemplateError(f"'when' {excerpt(text)}: {excerpt(m[kind])} is not part of a condition "
                                "(expected ==, !=, <, >, <=, >=, in, not, and, or)")
        out.append((kind, m[kind]))
    return out


def _clause(tokens: list, i: int, text: str) -> tuple[Clause, int]:
    negated = False
    if i < len(tokens) and tokens[i] == ("word", "not"):
        negated, i = True, i + 1
    left, i = _operand(tokens, i, text)
    if i == len(tokens) or tokens[i] in (("word", "and"), ("word", "or")):
        if "{" not in left and not left.startswith("@") and left != "always":
            raise TemplateError(f"'when' {excerpt(text)}: {excerpt(left)} names no field, so it always holds "
                                "(a field is written {name}; a value with spaces is quoted: \"salt and pepper\")")
        return Clause(left, negated=negated), i
    kind, op = tokens[i]
    if (kind, op) == ("word", "not") and i + 1 < len(tokens) and tokens[i + 1] == ("word", "in"):
        op, i = "not in", i + 1
    elif kind != "op" and (kind, op) != ("word", "in"):
        raise TemplateError(f"'when' {excerpt(text)}: expected a comparison (==, !=, <, >, <=, >=, in) after "
                            f"{excerpt(left)}, got {excerpt(op)} (a value with spaces is quoted: \"magic wand\")")
    i += 1
    if op.endswith("in"):
        if i == len(tokens) or tokens[i][0] != "list":
            raise TemplateError(f"'when' {excerpt(text)}: '{op}' takes a list: [potion, ingredient]")
        items = tuple(_unquoted(item.strip()) for item in tokens[i][1][1:-1].split(",") if item.strip())
        return Clause(left, op, items, negated), i + 1
    right, i = _operand(tokens, i, text)
    return Clause(left, op, right, negated), i


def _operand(tokens: list, i: int, text: str) -> tuple[str, int]:
    if i == len(tokens):
        raise TemplateError(f"'when' {excerpt(text)} ends where a value is expected")
    kind, value = tokens[i]
    if kind == "q":
        return value[1:-1], i + 1
    if kind == "word" and value not in _KEYWORDS:
        return value, i + 1
    raise TemplateError(f"'when' {excerpt(text)}: expected a value, got {excerpt(value)}")


def _unquoted(item: str) -> str:
    return item[1:-1] if len(item) >= 2 and item[0] == item[-1] and item[0] in "\"'" else item


def holds(text: str, fields: dict, strings: dict[str, str]) -> bool:
    """Whether the condition ``text`` holds for a card's ``fields`` in a language's ``strings``."""
    return any(all(_holds(c, text, fields, strings) for c in group) for group in parse_condition(text))


def _holds(c: Clause, text: str, fields: dict, strings: dict[str, str]) -> bool:
    left = str(resolve(c.left, fields, strings)).strip()
    if not c.op:
        result = left != ""
    elif c.op.endswith("in"):
        result = any(_equal(left, str(resolve(item, fields, strings)).strip()) for item in c.right)
        result = result != (c.op == "not in")
    else:
        right = str(resolve(c.right, fields, strings)).strip()
        if c.op in _NUMERIC:
            a, b = _number(left, c.left, text), _number(right, c.right, text)
            result = {"<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}[c.op]
        else:
            result = _equal(left, right) == (c.op == "==")
    return result != c.negated


def _equal(a: str, b: str) -> bool:
    x, y = _as_number(a), _as_number(b)
    return x == y if x is not None and y is not None else a == b


def _as_number(value: str) -> float | None:
    try:
        number = float(value.replace(",", ".") if value.count(",") == 1 and "." not in value else value)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def _number(value: str, side: str, text: str) -> float:
    number = _as_number(value)
    if number is None:
        err = TemplateError(f"'when' {excerpt(text)}: {excerpt(side)} is {describe(value)}, not a number")
        err.in_value = "{" in side
        raise err
    return number
