"""Parts of a declared layout that would print over each other: a located warning.

A text part shrinks and wraps inside its own box, so two texts can only collide where their
boxes do; a corner index (``corners``) takes at most its ``width`` across and one line of its
``size`` down from its inset, at the top left and, turned, at the bottom right. Where a text
box meets another text box or a corner's place, a long enough text would run under the other:
each such pair is a warning at the part's line, for each card size the layout is used at
(``forge build --strict`` makes it an error). Parts drawn only on some cards (``when:``) are
checked too: a warning names both parts, and the designer knows whether they meet.
"""
from __future__ import annotations

from .checks import Problems
from .model import GameSpec
from .part_types import VALIGN, frame_of, part_box
from .parts import face_boxes
from .vocabulary import DEPTH, TOP, CardBox

__all__ = ["check_overlaps"]

_MM = 72 / 25.4
_EPS = 0.01


def check_overlaps(spec: GameSpec, pb: Problems) -> None:
    """Warn where a text part's box meets another text box or a corner index, per layout and card size."""
    seen = set()
    for comp in spec.components.values():
        for face in (comp.front, comp.back):
            lay = getattr(face, "draws", None) if face else None
            if lay is None or not lay.parts:
                continue
            for card in face_boxes(comp):
                key = (lay.name, round(card.w, 2), round(card.h, 2))
                if key in seen:
                    continue
                seen.add(key)
                _check(lay, card, pb)


def _check(lay, card: CardBox, pb: Problems) -> None:
    texts = [(p, _text_zone(p, card)) for p in lay.parts if p.type == "text"]
    corners = [(p, _corner_zones(p, card)) for p in lay.parts if p.type == "corners"]
    size = f"{card.w / _MM:.1f} × {card.h / _MM:.1f} mm cards"
    for i, (a, box_a) in enumerate(texts):
        for b, box_b in texts[i + 1:]:
            if _meet(box_a, box_b):
                pb.warn(a.location, f"layout '{lay.name}': text parts '{a.name}' and '{b.name}' overlap on {size} "
                        f"({_said(box_a)} and {_said(box_b)}): a long text in one would print over the other",
                        hint="move or shorten one of the boxes (y and height), or give them when: conditions "
                             "that never hold together")
        for c, zones in corners:
            if any(_meet(box_a, zone) for zone in zones):
                pb.warn(a.location, f"layout '{lay.name}': text part '{a.name}' ({_said(box_a)}) reaches the corner "
                        f"index '{c.name}' on {size}: a long text would run under the value",
                        hint=f"keep the box {_gap(c, card):.0f} mm from the card's top and bottom edges, or narrow it")


def _text_zone(part, card: CardBox) -> tuple[float, float, float, float]:
    """Where a text part can print: its box when it wraps (the lines are fitted to it), else one
    line of its largest size placed in the box as ``valign`` places it (a single line is shrunk
    to the width only; ``baseline``: the line stands on the box's top edge)."""
    x, y, w, h = part_box({k: part.fixed[k] for k in ("frame", "x", "y", "width", "height")}, card)
    fw, fh = frame_of(card, part.fixed["frame"])[2:]
    share = VALIGN[part.fixed["valign"]]
    if part.fixed["wrap"] and share is not None:
        return x, y, w, h
    size = part.fixed["size"].of(fw, fh)
    line = (TOP + DEPTH) * size
    baseline = y + h if share is None else y + h - (h - line) * (1 - share) - TOP * size
    return x, baseline - DEPTH * size, w, line


def _corner_zones(part, card: CardBox) -> list[tuple[float, float, float, float]]:
    """Where a corner index can print: its width across, one line of its size down, from its inset."""
    fx, fy, fw, fh = frame_of(card, part.fixed["frame"])
    inset, width = part.fixed["inset"].of(fw, fh), part.fixed["width"].of(fw, fh)
    tall = (TOP + DEPTH) * part.fixed["size"].of(fw, fh)
    top_left = (fx + inset, fy + fh - inset - tall, width, tall)
    bottom_right = (fx + fw - inset - width, fy + inset, width, tall)
    return [top_left, bottom_right]


def _gap(part, card: CardBox) -> float:
    fx, fy, fw, fh = frame_of(card, part.fixed["frame"])
    return (part.fixed["inset"].of(fw, fh) + (TOP + DEPTH) * part.fixed["size"].of(fw, fh)) / _MM + 1


def _meet(a, b) -> bool:
    return a[0] + _EPS < b[0] + b[2] and b[0] + _EPS < a[0] + a[2] and a[1] + _EPS < b[1] + b[3] and b[1] + _EPS < a[1] + a[3]


def _said(box) -> str:
    x, y, w, h = (v / _MM for v in box)
    return f"{w:.1f} × {h:.1f} mm at {x:.1f}, {y:.1f} mm from the trim's bottom left"
