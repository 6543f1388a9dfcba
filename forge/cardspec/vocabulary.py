"""What a card spec's faces are checked against: layouts and their parameters, the names of
forge's emblems and symbols, the box a layout draws in, forge's smallest text.

The print kit (:mod:`forge.kit`) does the drawing: each of its layouts registers a
:class:`Layout` (:func:`forge.kit.registry.layout`), its emblems and symbols are drawn
under the names listed here, and it hands the loader its layouts as a :class:`LayoutTable`
(:data:`forge.kit.LAYOUT_TABLE`). Nothing here draws, so a spec loads without the kit:
with no table, :func:`~forge.cardspec.loader.load_spec` reads the data alone.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

__all__ = ["Param", "Layout", "CardBox", "LayoutTable", "REQUIRED", "SAFE", "MIN_SIZE", "TOP", "DEPTH", "PARAM_KINDS",
           "EMBLEM_NAMES", "SYMBOL_NAMES"]


class _Required:
    """The default of a parameter every face must set (one value, the same in every run)."""

    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED = _Required()
#: the safe zone's inset inside a card's trim: text stays inside it
SAFE = 3 * 72 / 25.4
#: The smallest size, in points, text is shrunk to (fine print such as a card's caption
#: or a marker's fold hint); a layout may name a larger minimum, never a smaller one.
MIN_SIZE = 5.0
#: How far the bundled fonts reach above the baseline (accented capitals) and below it
#: (descenders), in em: a line of text at ``size`` is (TOP + DEPTH) × size tall.
TOP, DEPTH = 0.93, 0.24

#: Parameter kinds: how a value is checked once its templates are resolved (:mod:`.kinds`).
PARAM_KINDS = ("text", "colour", "emblem", "symbol", "number", "bool", "component")
#: The emblems the kit draws (forge/kit/art/emblems.py), in the order messages list them.
EMBLEM_NAMES = ("crown", "mitre", "seal", "coronet", "abbess", "sword", "needle", "trowel", "pot", "crook",
                "pick", "bowl", "jester")
#: The symbols the kit draws (forge/kit/art/symbols.py).
SYMBOL_NAMES = ("circle", "square", "triangle", "diamond", "star", "hexagon", "cross", "heart", "moon", "drop")


@dataclass(frozen=True)
class Param:
    """A layout parameter. ``choices`` limits a text to a list of words; ``range`` bounds a
    number (both checked when the spec is loaded, so a bad value is an error at its line).
    ``from_spec`` gives a face that does not set the parameter a value of the spec's own:
    ``game``, its id; ``title``, its title in the build language (``default`` is then what
    the layout draws with no spec at all)."""

    kind: str
    default: Any = REQUIRED
    scope: str = "card"               # card | source
    help: str = ""
    choices: tuple = ()
    range: tuple[float, float] | None = None
    from_spec: str = ""               # "" | game | title

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


@dataclass(frozen=True)
class LayoutTable:
    """The layouts a face may name, as the print kit hands them to the loader: ``layouts``
    by name; ``declared``, those of them written in YAML, as written (a spec's own
    ``layouts:`` may extend them); ``draw_parts``, what draws a declared layout's parts."""

    layouts: Mapping[str, Layout]
    declared: Mapping[str, Any]
    draw_parts: Callable
