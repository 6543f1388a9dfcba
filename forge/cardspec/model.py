"""The resolved form of a card spec: what the print engine consumes.

All lengths here are in PDF points (1 pt = 1/72 in). Specs write lengths with a
unit (``63.5mm``, ``2.5in``, ``12pt``, ``1cm``); a bare number means millimetres.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import Location

__all__ = [
    "MM", "CARD_PRESETS", "PAPERS", "parse_length", "PrintSettings", "Face", "Row",
    "Component", "GameSpec",
]

MM = 72 / 25.4

#: Card sizes in millimetres (width, height), portrait.
CARD_PRESETS: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "tarot": (70.0, 120.0),
    "mini": (44.45, 63.5),          # mini American
    "euro": (59.0, 92.0),
    "mini-euro": (44.0, 68.0),
    "square": (70.0, 70.0),
}

#: Paper sizes in millimetres (width, height), portrait.
PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
}

_UNITS = {"mm": MM, "cm": 10 * MM, "in": 72.0, "pt": 1.0}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*$")


def parse_length(value) -> float:
    """``"3mm"`` → 8.5039… pt. A bare number is millimetres. Raises ValueError."""
    if isinstance(value, bool):
        raise ValueError("a boolean is not a length")
    if isinstance(value, (int, float)):
        return float(value) * MM
    if isinstance(value, str):
        m = _LENGTH.match(value)
        if m:
            return float(m.group(1)) * _UNITS[m.group(2) or "mm"]
    raise ValueError(f"not a length: {value!r}")


@dataclass(frozen=True)
class PrintSettings:
    """How a component is laid out on paper (lengths in points)."""

    papers: tuple[str, ...] = ("a4",)
    orientation: str = "auto"          # auto | portrait | landscape
    bleed: float = 3 * MM
    crop_marks: bool = True
    corner_radius: float = 0.0         # > 0: a rounded cut line round each card on the fronts (kit/sheet.py)
    duplex: str = "long-edge"          # long-edge | short-edge | off
    layout: str = "duplex"             # duplex | gutterfold: a deck's backs beside its fronts (kit/gutterfold.py)
    back_offset: tuple[float, float] = (0.0, 0.0)
    margin: float = 5 * MM             # page edge → bleed edge, at least
    spacing: str = "auto"              # auto | bleed (a gap of 2 × bleed) | butt (shared cut lines)
    ink_saver: bool = False            # light fills and outlines (kit/inks.py)
    colour: str = "rgb"                # rgb | cmyk (kit/inks.py)


@dataclass(frozen=True)
class Face:
    """One side's layout: the layout name and its raw (still templated) parameters."""

    layout: str
    params: dict
    location: Location
    param_locations: dict = field(default_factory=dict, compare=False)   # name → where it is written
    impl: object = field(default=None, compare=False)   # the Layout (forge's, or declared in the spec)

    @property
    def draws(self):
        """The Layout that draws this face (None when the spec was loaded without layouts)."""
        return self.impl


@dataclass(frozen=True)
class Row:
    """One line of card data: its fields and where it was written."""

    fields: dict
    location: Location
    copies: int = 1


@dataclass
class Component:
    """A printable component of a game: a deck of cards, a sheet or a board."""

    name: str
    kind: str                          # deck | sheet | board
    size: tuple[float, float]          # card or page trim size, points
    rows: list[Row]                    # the cards' data, the same in every language…
    front: Face
    back: Face | None
    print: PrintSettings
    location: Location
    title: str = ""
    lang_rows: dict[str, list[Row]] = field(default_factory=dict)   # …or one list per language
    tts: dict = field(default_factory=dict)          # Tabletop Simulator's name and description: .tabletop

    def rows_for(self, lang: str) -> list[Row]:
        """The rows built in ``lang``: its own data file's when ``data`` names ``{lang}``."""
        return self.lang_rows.get(lang, self.rows)

    def count(self, lang: str) -> int:
        return sum(r.copies for r in self.rows_for(lang))

    @property
    def card_count(self) -> int:
        """Cards in the deck (per-language data: the largest language's count)."""
        if self.lang_rows:
            return max(self.count(lang) for lang in self.lang_rows)
        return sum(r.copies for r in self.rows)


@dataclass
class GameSpec:
    """A whole game: metadata, strings per language, and components."""

    game: str
    path: str
    title: str
    authors: list[str]
    languages: list[str]
    strings: dict[str, dict[str, str]]
    components: dict[str, Component] = field(default_factory=dict)
    string_locations: dict[str, Location] = field(default_factory=dict)
    titles: dict[str, str] = field(default_factory=dict)    # title resolved per language
    folder: object = None                                    # the spec's folder (a Path): images resolve from it
    root: object = None                                      # the project (a Path): every path stays inside
    warnings: list = field(default_factory=list)            # located warnings (Warning_) met when loading
    images: dict = field(default_factory=dict)              # image path → (ImageInfo, lowest dpi at print size)
    play_time: tuple[int, int] | None = None                 # minutes: (shortest, longest)
    icons: dict = field(default_factory=dict)               # name → (ImageInfo, PdfImage, where): icons:
    fonts: dict = field(default_factory=dict)               # name → ProjectFont: fonts: (forge/cardspec/fonts.py)
    licence: str = ""                                        # the game's licence, credited on its PDFs
