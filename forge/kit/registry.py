"""The registry of card layouts: each layout names its parameters and draws one face.

A layout module declares itself with :func:`layout`::

    @layout("numbered", kinds=("deck",), value=Param("text"), colour=Param("colour", "#ffffff"))
    def draw_numbered(pen, card, p, ctx): ...

``p`` holds the parameters resolved for one card in one language; parameters whose
``scope`` is ``"source"`` are resolved once per row of another component (named by
the layout's ``source`` parameter) and arrive as a list of dicts.

What a layout is written with (:class:`Param`, :class:`CardBox`, :data:`REQUIRED`, :data:`SAFE`)
comes from :mod:`forge.cardspec.vocabulary`, what a spec is checked against; it is named here
too, so that a layout module imports all it needs from one place.
"""
from __future__ import annotations

from typing import Callable

from ..cardspec.vocabulary import PARAM_KINDS, REQUIRED, SAFE, CardBox, Layout, Param

__all__ = ["Param", "Layout", "CardBox", "LAYOUTS", "layout", "REQUIRED", "DoesNotFit", "SAFE"]


class DoesNotFit(ValueError):
    """A layout cannot draw a card's content legibly (e.g. a word too long for the card).
    The renderer turns it into an error located at the card's data line."""


LAYOUTS: dict[str, Layout] = {}


def layout(name: str, kinds: tuple[str, ...] = ("deck",), **params: Param):
    """Register the decorated function as layout ``name``."""
    for pname, p in params.items():
        assert p.kind in PARAM_KINDS, f"{name}.{pname}: unknown param kind {p.kind}"
        assert p.from_spec in ("", "game", "title"), f"{name}.{pname}: unknown spec value {p.from_spec}"

    def register(fn: Callable) -> Callable:
        LAYOUTS[name] = Layout(name, kinds, dict(params), fn, (fn.__doc__ or "").strip())
        return fn

    return register
