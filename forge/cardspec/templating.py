"""Text templates in card specs.

A layout parameter may be

* a literal: ``"Fox & Hens"``;
* a field reference: ``"{rank}"`` is replaced by the card's ``rank`` field;
* a string key: ``"@rank.{rank}"`` looks up ``rank.7`` in the strings table of the
  build language, and the looked-up text may itself use ``{field}``
  (``copies: "{count} dans le jeu"``).

``{{`` and ``}}`` write literal braces.
"""
from __future__ import annotations

import re
import string
from typing import Collection

__all__ = ["TemplateError", "resolve"]

_FORMATTER = string.Formatter()
#: the format specs a template may use after a field: {n:02d}, {price:.2f}, {name:>8}
_SPEC = re.compile(r"^[<>^]?[+-]?0?\d{0,2}(?:\.\d{1,2})?[dfs%]?$")


class TemplateError(Exception):
    """A template names an unknown field or string key, or a value is not of its kind;
    ``args[0]`` says which. ``param`` is the layout parameter (set by the resolver) and
    ``in_value`` says the fault lies in a card's data rather than in the template."""

    param: str | None = None
    in_value: bool = False
    row = None                 # the row of another component the value came from, if any


def _fill(text: str, fields: dict, keep: Collection[str] = ()) -> str:
    out = []
    try:
        parsed = list(_FORMATTER.parse(text))
    except ValueError as exc:
        raise TemplateError(f"malformed template {text[:60]!r}: {exc} (write {{{{ and }}}} for literal braces)") from None
    for literal, name, spec, conv in parsed:
        out.append(literal)
        if name is None:
            continue
        if name not in fields and name in keep and not spec and not conv:
            out.append(f"{{{name}}}")               # an inline icon, read by forge.cardspec.markup
            continue
        if name not in fields:
            known = ", ".join(sorted(fields)) or "none"
            raise TemplateError(f"unknown field {name[:40]!r} in {text[:60]!r} (expected one of: {known})")
        value = fields[name]
        if spec and not _SPEC.match(spec):
            raise TemplateError(f"unsupported format {{{name}:{spec[:20]}}} in {text[:60]!r} "
                                "(expected e.g. {n:02d}, {x:.2f} or {s:>8})")
        try:
            out.append(format(value, spec or ""))
        except (ValueError, TypeError) as exc:
            raise TemplateError(f"cannot format field '{name}' with ':{spec}' ({exc})") from None
    return "".join(out)


def resolve(value, fields: dict, strings: dict[str, str], keep: Collection[str] = ()):
    """Resolve one parameter value for a card (fields) in one language (strings); a ``{name}``
    of ``keep`` that is no field stays as written (an inline icon)."""
    if not isinstance(value, str):
        return value
    text = _fill(value, fields, keep)
    if text.startswith("@"):
        key = text[1:]
        if key not in strings:
            exc = TemplateError(f"unknown string key {key[:60]!r} (expected a key of the strings table)")
            exc.in_value = "{" in value           # a key made of a card's fields: that card's fault
            if exc.in_value:
                exc.hint = f"add '{key[:60]}' to the strings of each language, or correct the card's field"
            raise exc
        text = _fill(strings[key], fields, keep)
    return text
