"""Drawing the parts of a layout declared in YAML instead of Python.

A declared layout (a spec's ``layouts:``, or one of forge's own in ``forge/kit/layouts/``) is a
list of parts drawn in order: shapes, text boxes, images, icons and corner indices. Their types
and properties, and where each part's box lies in its frame, are what the card spec checks
(:mod:`forge.cardspec.part_types`); :func:`draw_parts` draws the parts of one card once their
templates are resolved (:mod:`forge.cardspec.parts`).
"""
from __future__ import annotations

from ..cardspec.images import placement
from ..cardspec.part_types import ALIGN, PART_TYPES, VALIGN, frame_of, part_box
from .art.emblems import EMBLEMS, draw_emblem
from .art.pen import TOP, Pen
from .art.symbols import draw_symbol
from .registry import CardBox
from .rich_text import Setter

__all__ = ["draw_parts"]


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


def _rect(pen: Pen, card: CardBox, part: dict) -> None:
    if _paint(pen, part):
        pen.rect(*part_box(part, card), r=part["radius"])


def _circle(pen: Pen, card: CardBox, part: dict) -> None:
    fx, fy, fw, fh = frame_of(card, part["frame"])
    if _paint(pen, part):
        pen.circle(fx + part["cx"].of(fw, fh), fy + fh - part["cy"].of(fw, fh), part["r"].of(fw, fh))


def _text(pen: Pen, card: CardBox, part: dict) -> None:
    """A text box: styled runs (:mod:`forge.cardspec.markup`) set at the largest size that fits."""
    if not part["text"].strip():
        return
    x, y, w, h = part_box(part, card)
    share = ALIGN[part["align"]]
    fw, fh = frame_of(card, part["frame"])[2:]
    size, lead = part["size"].of(fw, fh), part["leading"]
    setter = Setter(pen, part["runs"], part["family"], part["colour"], part["images"])
    size, lines = setter.fit(size, w, h, lead, part["min_size"], part["wrap"])
    block = pen.block_height(len(lines), size, lead)
    setter.draw(x + w * share, _first_baseline(part, y, h, block, size), lines, size, lead, share)


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
        pen.style(part["colour"])
        draw_symbol(pen, part["icon"], cx, cy, size / 2)


def _corners(pen: Pen, card: CardBox, part: dict) -> None:
    """The index at the frame's top left corner, and turned half a turn at its bottom right."""
    if not part["text"].strip():
        return
    fx, fy, fw, fh = frame_of(card, part["frame"])
    inset, width = part["inset"].of(fw, fh), part["width"].of(fw, fh)
    setter = Setter(pen, part["runs"], part["family"], part["colour"], part["images"])
    size, lines = setter.fit(part["size"].of(fw, fh), width, fh, 1.0, part["min_size"], wrap=False)
    for turned in (False, True):
        with pen.saved():
            if turned:
                pen.translate(2 * fx + fw, 2 * fy + fh)
                pen.rotate(180)
            setter.draw(fx + inset, fy + fh - inset - TOP * size, lines, size, 1.0, 0.0)


_DRAW = {"rect": _rect, "circle": _circle, "text": _text, "image": _image, "icon": _icon, "corners": _corners}
assert set(_DRAW) == set(PART_TYPES)
