"""A face's value once its template is resolved, checked (and converted) by its parameter's kind.

The kinds are those of :data:`~forge.cardspec.vocabulary.PARAM_KINDS`: a colour becomes
``#rrggbb``, a number a float within the parameter's range; an emblem, a symbol or a
component must be one forge (or the spec) knows, a text one of the parameter's choices.
A value that fails raises :class:`~forge.cardspec.templating.TemplateError` marked
``in_value`` (the fault lies in the value, which may come from a card's row).
"""
from __future__ import annotations

import math

from ..errors import describe
from .colours import EXPECTED, colour_hint, parse_colour
from .model import GameSpec
from .templating import TemplateError
from .vocabulary import EMBLEM_NAMES, SYMBOL_NAMES

__all__ = ["check_kind", "value_error"]


def value_error(message: str, hint: str | None = None) -> TemplateError:
    """The error for a value that is not of its parameter's kind."""
    exc = TemplateError(message)
    exc.in_value, exc.hint = True, hint
    return exc


def check_kind(p, value, spec: GameSpec):
    """``value`` checked (and converted) for the parameter declaration ``p``."""
    kind = p.kind
    if kind == "colour":
        colour = parse_colour(value)
        if colour is None:
            raise value_error(f"not a colour (expected {EXPECTED}, got {describe(value)})", colour_hint(value))
        return colour
    elif kind == "emblem":
        if value != "" and value not in EMBLEM_NAMES:
            raise value_error(f"unknown emblem (expected one of: {', '.join(EMBLEM_NAMES)}; got {describe(value)})")
    elif kind == "symbol":
        if value not in SYMBOL_NAMES:
            raise value_error(f"unknown symbol (expected one of: {', '.join(SYMBOL_NAMES)}; got {describe(value)})")
    elif kind == "number":
        try:
            number = float(value)
        except (TypeError, ValueError, OverflowError):
            raise value_error(f"not a number (expected a number, got {describe(value)})") from None
        lo, hi = p.range or (-1e6, 1e6)
        if not math.isfinite(number) or not lo <= number <= hi:
            raise value_error(f"out of range (expected a number from {lo:g} to {hi:g}, got {describe(value)})")
        return number
    elif kind == "bool":
        if not isinstance(value, bool):
            raise value_error(f"not a boolean (expected true or false, got {describe(value)})")
    elif kind == "component":
        if value not in spec.components:
            raise value_error(f"unknown component (expected one of: {', '.join(spec.components)}; "
                              f"got {describe(value)})")
    elif kind == "text":
        text = "" if value is None else str(value)
        if p.choices and text not in p.choices:
            raise value_error(f"unknown value (expected one of: {', '.join(p.choices)}; got {describe(text)})")
        return text
    return value
