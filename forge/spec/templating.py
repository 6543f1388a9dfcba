"""Text templates in card specs.

A layout parameter may be

* a literal: ``"Le Grand Dalmuti"``;
* a field reference: ``"{rank}"`` is replaced by the card's ``rank`` field;
* a string key: ``"@rank.{rank}"`` looks up ``rank.7`` in the strings table of the
  build language, and the looked-up text may itself use ``{field}``
  (``copies: "{count} dans le jeu"``).

``{{`` and ``}}`` write literal braces.
"""
from __future__ import annotations

import string

__all__ = ["TemplateError", "resolve"]

_FORMATTER = string.Formatter()


class TemplateError(Exception):
    """A template names an unknown field or string key; ``args[0]`` says which."""


def _fill(text: str, fields: dict) -> str:
    out = []
    try:
        parsed = list(_FORMATTER.parse(text))
    except ValueError as exc:
        raise TemplateError(f"malformed template {text!r}: {exc}") from None
    for literal, name, spec, conv in parsed:
        out.append(literal)
        if name is None:
            continue
        if name not in fields:
            known = ", ".join(sorted(fields)) or "none"
            raise TemplateError(f"unknown field '{name}' in {text!r} (expected one of: {known})")
        value = fields[name]
        out.append(format(value, spec or ""))
    return "".join(out)


def resolve(value, fields: dict, strings: dict[str, str]):
    """Resolve one parameter value for a card (fields) in one language (strings)."""
    if not isinstance(value, str):
        return value
    text = _fill(value, fields)
    if text.startswith("@"):
        key = text[1:]
        if key not in strings:
            raise TemplateError(f"unknown string key '{key}' (expected a key of the strings table)")
        text = _fill(strings[key], fields)
    return text
