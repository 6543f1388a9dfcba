"""The parts a declared layout is made of: each type's properties, and where a part's box lies.

A declared layout (a spec's ``layouts:``, or one of forge's own in ``forge/kit/layouts/``) is a
list of parts drawn in order: shapes, text boxes, images, icons and corner indices, each placed
in a frame of the card (its ``trim``, its ``safe`` zone or its ``bleed``) by ``x``, ``y`` (from the
frame's top-left corner, downwards), ``width`` and ``height`` (lengths or shares of the frame:
:mod:`.lengths`). :data:`PART_TYPES` lists each type's properties; the loader
(:mod:`.layouts`) checks them, :mod:`.parts` resolves their templates for each card, and the
print kit draws them (:func:`forge.kit.parts.draw_parts`).
"""
from __future__ import annotations

from .images import FITS
from .vocabulary import EMBLEM_NAMES, MIN_SIZE, SYMBOL_NAMES, CardBox

__all__ = ["PART_TYPES", "PROP_KINDS", "ALIGN", "VALIGN", "frame_of", "part_box"]

FRAMES = ("trim", "safe", "bleed")
#: where a text or an image sits across its box, and (VALIGN) down it: a share from the left, from the bottom
ALIGN = {"left": 0.0, "centre": 0.5, "center": 0.5, "right": 1.0}
VALIGN = {"top": 1.0, "middle": 0.5, "bottom": 0.0, "baseline": None}

#: what each kind of property holds: x and y lengths (shares of the frame's width or height),
#: absolute lengths, templates (resolved per card: colour, text, file, icon, when), choices
PROP_KINDS = ("x", "y", "pt", "number", "bool", "colour", "text", "file", "icon", "when", "font") + ("choice",)

_PLACE = {"x": ("x", "0%", "from the frame's left edge"), "y": ("y", "0%", "from the frame's top edge, downwards"),
          "width": ("x", "100%", "the box's width"), "height": ("y", "100%", "the box's height")}
_COMMON = {"frame": (("choice", FRAMES), "trim", "what x and y start from: trim, safe or bleed"),
           "when": ("when", "always", "a condition: \"{art}\" (not empty), \"{type} == potion\", \"{cost} > 2\", "
                    "\"{type} in [a, b]\", with not, and, or"),
           "layer": ("number", 0, "parts are drawn by layer, then in order (an inherited part keeps its place)")}
_PAINT = {"fill": ("colour", "", "the inside's colour (empty: none)"),
          "stroke": ("colour", "", "the outline's colour (empty: none)"),
          "stroke_width": ("pt", "1pt", "the outline's width")}
_TEXT = {"font": ("font", "sans", "sans, bold, serif, or a font of the spec's fonts:"),
         "size": ("x", "10pt", "the largest size (a share is of the frame's width); shrunk to fit down "
                  "to min_size"),
         "min_size": ("pt", f"{MIN_SIZE:g}pt", f"the smallest size (at least {MIN_SIZE:g} pt)"),
         "colour": ("colour", "#000000", "the text's colour"),
         "markup": ("bool", True, "read **bold**, *italic*, <br>, <color red>…</color> and {icon} in the text "
                    "(false: print it as written)")}

#: type → property → (kind, default, help)
PART_TYPES: dict[str, dict[str, tuple]] = {
    "rect": {**_COMMON, **_PLACE, **_PAINT, "radius": ("pt", "0pt", "rounded corners' radius")},
    "circle": {**_COMMON, **_PAINT, "cx": ("x", "50%", "the centre, from the frame's left edge"),
               "cy": ("y", "50%", "the centre, from the frame's top edge"),
               "r": ("x", "25%", "the radius (a share is of the frame's width)")},
    "text": {**_COMMON, **_PLACE, **_TEXT, "text": ("text", "", "what is written: a template"),
             "align": (("choice", tuple(ALIGN)), "centre", "left, centre or right in the box"),
             "valign": (("choice", tuple(VALIGN)), "middle", "top, middle, bottom; baseline: y is the "
                        "first line's baseline"),
             "wrap": ("bool", False, "break into lines (else one line, shrunk to the width)"),
             "leading": ("number", 1.3, "line spacing, in sizes")},
    "image": {**_COMMON, **_PLACE, "file": ("file", "", "a PNG, JPEG or WebP file of the project: a template"),
              "fit": (("choice", FITS), "cover", "cover (fill the box, cut the overflow), contain, stretch"),
              "align": (("choice", tuple(ALIGN)), "centre", "where spare room goes across"),
              "valign": (("choice", ("top", "middle", "bottom")), "middle", "where spare room goes down")},
    "icon": {**_COMMON, **_PLACE, "icon": ("icon", "", f"an emblem ({', '.join(EMBLEM_NAMES)}) or a symbol "
                                           f"({', '.join(SYMBOL_NAMES)})"),
             "colour": ("colour", "#000000", "a symbol's colour (emblems have their own)")},
    "corners": {**_COMMON, **_TEXT, "text": ("text", "", "the index: top left, and turned bottom right"),
                "inset": ("x", "3mm", "from the frame's corner to the text's edge"),
                "width": ("x", "30%", "the widest the index may be")},
}


def frame_of(card: CardBox, name: str) -> tuple[float, float, float, float]:
    """The frame (x, y, w, h) in the card's coordinates (y upwards)."""
    if name == "safe":
        return card.safe, card.safe, card.w - 2 * card.safe, card.h - 2 * card.safe
    if name == "bleed":
        return -card.bleed, -card.bleed, card.w + 2 * card.bleed, card.h + 2 * card.bleed
    return 0.0, 0.0, card.w, card.h


def part_box(part: dict, card: CardBox) -> tuple[float, float, float, float]:
    """A part's box (x, y, w, h) in the card's coordinates, y upwards."""
    fx, fy, fw, fh = frame_of(card, part["frame"])
    w, h = part["width"].of(fw, fh), part["height"].of(fw, fh)
    return fx + part["x"].of(fw, fh), fy + fh - part["y"].of(fw, fh) - h, w, h
