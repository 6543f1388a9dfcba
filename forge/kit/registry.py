"""The registry of card layouts: each layout names its parameters and draws one face.

A layout module declares itself with :func:`layout`::

    @layout("numbered", kinds=("deck",), value=Param("text"), colour=Param("colour", "#ffffff"))
    def draw_numbered(pen, card, p, ctx): ...

``p`` holds the parameters resolved for one card in one language; parameters whose
``scope`` is ``"source"`` are resolved once per row of another component (named by
the layout's ``source`` parameter) and arrive as a list of dicts.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

__all__ = ["Param", "Layout", "CardBox", "LAYOUTS", "layout", "REQUIRED", "DoesNotFit", "SAFE"]

REQUIRED = object()
#: the safe zone's inset inside a card's trim: text stays inside it
SAFE = 3 * 72 / 25.4

#: Parameter kinds: how a value is checked once its templates are resolved.
PARAM_KINDS = ("text", "colour", "emblem", "symbol", "number", "bool", "component")


class DoesNotFit(ValueError):
    """A layout cannot draw a card's content legibly (e.g. a word too long for the card).
    The renderer turns it into an error located at the card's data line."""


@dataclass(frozen=True)
class Param:
    """A layout parameter. ``choices`` limits a text to a list of words; ``range`` bounds a
    number (both checked when the spec is loaded, so a bad value is an error at its line)."""

    kind: str
    default: Any = REQUIRED
    scope: str = "card"               # card | source
    help: str = ""
    choices: tuple = ()
    range: tuple[float, float] | None = None

    @property
    def required(self) -> bool:
        return self.default is REQUIRED


@dataclass(frozen=True)
class CardBox:
    """The geometry a layout draws in: trim ``w`` × ``h`` at the origin, ``bleed`` around it
    (art that should reach the cut runs to −bleed … w+bleed) and ``safe``, the inset that
    text must stay inside."""

    w: float
    h: float
    bleed: float
    safe: float


@dataclass(frozen=True)
class Layout:
    name: str
    kinds: tuple[str, ...]
    params: dict[str, Param]
    draw: Callable = field(compare=False)
    doc: str = ""
    parts: tuple = ()                 # a declared layout's parts (forge/cardspec/layouts.py)


LAYOUTS: dict[str, Layout] = {}


def layout(name: str, kinds: tuple[str, ...] = ("deck",), **params: Param):
    """Register the decorated function as layout ``name``."""
    for pname, p in params.items():
        assert p.kind in PARAM_KINDS, f"{name}.{pname}: unknown param kind {p.kind}"

    def register(fn: Callable) -> Callable:
        LAYOUTS[name] = Layout(name, kinds, dict(params), fn, (fn.__doc__ or "").strip())
        return fn

    return register
