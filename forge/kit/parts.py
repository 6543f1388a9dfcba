"""Layouts made of positioned parts, declared in YAML instead of Python.

A declared layout (a spec's ``layouts:``, or one of forge's own in ``forge/kit/layouts/``) is a
list of parts drawn in order: shapes, text boxes, images, icons and corner indices, each placed
in a frame of the card (its ``trim``, its ``safe`` zone or its ``bleed``) by ``x``, ``y`` (from the
frame's top-left corner, downwards), ``width`` and ``height`` (lengths or shares of the frame:
:mod:`forge.cardspec.lengths`). :data:`PART_TYPES` lists each type's properties; the card spec
loader (:mod:`forge.cardspec.layouts`) checks them, and :func:`draw_parts` draws the parts of
one card once their templates are resolved.
"""
from __future__ import annotations

from .art.emblems import EMBLEMS, draw_emblem
from .art.pen import MIN_SIZE, TOP, Pen
from .art.symbols import SYMBOLS, draw_symbol
from .images import FITS, placement
from .registry import CardBox

__all__ = ["PART_TYPES", "PROP_KINDS", "draw_parts", "frame_of", "part_box"]

FRAMES = ("trim", "safe", "bleed")
ALIGN = {"left": 0.0, "centre": 0.5, "center": 0.5, "right": 1.0}
VALIGN = {"top": 1.0, "middle": 0.5, "bottom": 0.0, "baseline": None}
FONTS = ("sans", "bold", "serif")

#: what each kind of property holds: x and y lengths (shares of the frame's width or height),
#: absolute lengths, templates (resolved per card: colour, text, file, icon, when), choices
PROP_KINDS = ("x", "y", "pt", "number", "bool", "colour", "text", "file", "icon", "when") + ("choice",)

_PLACE = {"x": ("x", "0%", "from the frame's left edge"), "y": ("y", "0%", "from the frame's top edge, downwards"),
          "width": ("x", "100%", "the box's width"), "height": ("y", "100%", "the box's height")}
_COMMON = {"frame": (("choice", FRAMES), "trim", "what x and y start from: trim, safe or bleed"),
           "when": ("when", "always", "a template: the part is drawn only when it is not empty"),
           "layer": ("number", 0, "parts are drawn by layer, then in order (an inherited part keeps its place)")}
_PAINT = {"fill": ("colour", "", "the inside's colour (empty: none)"),
          "stroke": ("colour", "", "the outline's colour (empty: none)"),
          "stroke_width": ("pt", "1pt", "the outline's width")}
_TEXT = {"font": (("choice", FONTS), "sans", "sans, bold or serif"),
         "size": ("x", "10pt", "the largest size (a share is of the frame's width); shrunk to fit down "
                  "to min_size"),
         "min_size": ("pt", f"{MIN_SIZE:g}pt", f"the smallest size (at least {MIN_SIZE:g} pt)"),
         "colour": ("colour", "#000000", "the text's colour")}

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
    "icon": {**_COMMON, **_PLACE, "icon": ("icon", "", f"an emblem ({', '.join(EMBLEMS)}) or a symbol "
                                           f"({', '.join(SYMBOLS)})"),
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


def draw_parts(pen: Pen, card: CardBox, p: dict, lang: str) -> None:
    """Draw the resolved parts of one card (``p["parts"]``), layer by layer."""
    for part in sorted(p["parts"], key=lambda part: part["layer"]):
        if not part["when"].strip():
            continue
        if part["type"] in ("image", "corners"):         # a clip or a turn: kept to the part
            with pen.saved():
                _DRAW[part["type"]](pen, card, part)
        else:
            _DRAW[part["type"]](pen, card, part)


def _paint(pen: Pen, part: dict) -> bool:
    fill, stroke = part["fill"] or None, part["stroke"] or None
    pen.style(fill, stroke, part["stroke_width"] if stroke else None)
    return bool(fill or stroke)


def _ink(pen: Pen, colour: str) -> None:
    """Text in ``colour`` (the pen's state is set only when it changes)."""
    if (pen.fill, pen.stroke) != (colour, None):
        pen.style(colour)


def _rect(pen: Pen, card: CardBox, part: dict) -> None:
    if _paint(pen, part):
        pen.rect(*part_box(part, card), r=part["radius"])


def _circle(pen: Pen, card: CardBox, part: dict) -> None:
    fx, fy, fw, fh = frame_of(card, part["frame"])
    if _paint(pen, part):
        pen.circle(fx + part["cx"].of(fw, fh), fy + fh - part["cy"].of(fw, fh), part["r"].of(fw, fh))


def _text(pen: Pen, card: CardBox, part: dict) -> None:
    text = part["text"]
    if not text.strip():
        return
    x, y, w, h = part_box(part, card)
    anchor = {0.0: "start", 0.5: "middle", 1.0: "end"}[ALIGN[part["align"]]]
    ax = x + w * ALIGN[part["align"]]
    fw, fh = frame_of(card, part["frame"])[2:]
    size, font, lead = part["size"].of(fw, fh), part["font"], part["leading"]
    _ink(pen, part["colour"])
    if not part["wrap"]:
        size = pen.fit_size(text, size, w, font, part["min_size"])
        pen.text(ax, _first_baseline(part, y, h, pen.block_height(1, size, lead), size), text, size, font, anchor)
        return
    size, lines = pen.fit_lines(text, size, w, h, font, lead, part["min_size"])
    block = pen.block_height(len(lines), size, lead)
    top = _first_baseline(part, y, h, block, size) + TOP * size
    pen.draw_lines(ax, top, lines, size, lead, font, anchor)


def _first_baseline(part: dict, y: float, h: float, block: float, size: float) -> float:
    """The first line's baseline for a block ``block`` tall in the box (y, h), by valign."""
    share = VALIGN[part["valign"]]
    if share is None:                                   # baseline: y names the baseline itself
        return y + h
    top = y + h - (h - block) * (1 - share)
    return top - TOP * size


def _image(pen: Pen, card: CardBox, part: dict) -> None:
    box = part_box(part, card)
    info, reader, _ = part["file"]
    where = placement(part["fit"], box, (info.width, info.height),
                      (ALIGN[part["align"]], {"top": 1.0, "middle": 0.5, "bottom": 0.0}[part["valign"]]))
    if part["fit"] == "cover":
        pen.clip_rect(*box)
    pen.image(reader, *where)


def _icon(pen: Pen, card: CardBox, part: dict) -> None:
    x, y, w, h = part_box(part, card)
    size = min(w, h)
    cx, cy = x + w / 2, y + h / 2
    if part["icon"] in EMBLEMS:
        draw_emblem(pen, part["icon"], cx - size / 2, cy - size / 2, size)
    else:
        _ink(pen, part["colour"])
        draw_symbol(pen, part["icon"], cx, cy, size / 2)


def _corners(pen: Pen, card: CardBox, part: dict) -> None:
    """The index at the frame's top left corner, and turned half a turn at its bottom right."""
    text = part["text"]
    if not text.strip():
        return
    fx, fy, fw, fh = frame_of(card, part["frame"])
    inset, width = part["inset"].of(fw, fh), part["width"].of(fw, fh)
    size = pen.fit_size(text, part["size"].of(fw, fh), width, part["font"], part["min_size"])
    _ink(pen, part["colour"])
    for turned in (False, True):
        with pen.saved():
            if turned:
                pen.translate(2 * fx + fw, 2 * fy + fh)
                pen.rotate(180)
            pen.text(fx + inset, fy + fh - inset - TOP * size, text, size, part["font"], "start")


_DRAW = {"rect": _rect, "circle": _circle, "text": _text, "image": _image, "icon": _icon, "corners": _corners}
assert set(_DRAW) == set(PART_TYPES)
