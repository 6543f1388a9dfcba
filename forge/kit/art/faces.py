"""Procedural portraits: a face drawn in code, the same for a card every time.

:func:`features` picks a face's look from the game's id and the card's number (a seeded
RNG): head shape, skin tone, hair style and colour, eyes, clothing colour and details. The
card's traits then shape the face, more strongly the more often the trait appears on the card:

- ears: bigger ears standing out (1×, 2×, 3× grow);
- glasses: thin round frames, then thick square frames, then big tinted ones;
- nose: a larger, stronger nose;
- lips: red lips, fuller with each repeat;
- lock: an orange lock of hair over the forehead, larger with each repeat.

Women have longer hair styles, eyelashes and earrings or a necklace; men shorter hair and
some a moustache or beard (never over the lips when lips is a trait), so gender reads at a glance.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from .pen import Pen, mix

__all__ = ["Features", "features", "draw_face", "HEADS", "HAIR_STYLES"]

INK = "#2a211c"
SKINS = ["#f6d7c3", "#efc3a4", "#e0ac84", "#c98e62", "#a86f47", "#7d4f31"]
HAIR = ["#1f1a17", "#4a2f1f", "#7a4a28", "#c9a15c", "#e3cf93", "#9a9a9a", "#5b2a2a"]
CLOTHES = ["#3f5aa8", "#2f7d6d", "#7b3f8c", "#b5523b", "#3b3b3b", "#5f8f2f", "#a8326e", "#2c6f9e", "#8a6d3b"]
BACKS = ["#e9f1f7", "#f6eee0", "#eef5ea", "#f3e9f2", "#f7f1dc", "#e8eef0"]
HEADS = ("oval", "round", "long", "square")
HAIR_STYLES = {"m": ("short", "crew", "parted", "bald", "curly"),
               "f": ("long", "bob", "bun", "ponytail", "curly")}
EYES = ("dots", "almond", "smile")


@dataclass(frozen=True)
class Features:
    gender: str
    head: str
    skin: int
    hair_style: str
    hair_colour: int
    eyes: str
    clothes: int
    back: int
    extra: str              # m: moustache | beard | none ; f: earrings | necklace | both
    traits: tuple[tuple[str, int], ...]

    def count(self, trait: str) -> int:
        return dict(self.traits).get(trait, 0)


def features(game: str, card: int, gender: str, traits: list[str]) -> Features:
    """The look of card ``card`` of the game ``game`` (deterministic)."""
    rng = random.Random(f"{game}-face-{card}")
    counts = tuple(sorted(Counter(traits).items()))
    extra_choices = ("moustache", "beard", "none", "none") if gender == "m" else ("earrings", "necklace", "both")
    extra = rng.choice(extra_choices)
    if gender == "m" and "lips" in dict(counts) and extra == "moustache":
        extra = "none"
    return Features(gender, rng.choice(HEADS), rng.randrange(len(SKINS)), rng.choice(HAIR_STYLES[gender]),
                    rng.randrange(len(HAIR)), rng.choice(EYES), rng.randrange(len(CLOTHES)),
                    rng.randrange(len(BACKS)), extra, counts)


def draw_face(pen: Pen, f: Features, x: float, y: float, w: float, h: float) -> None:
    """Draw the portrait in the box (x, y, w, h), y up; the box is filled edge to edge."""
    skin = SKINS[f.skin]
    hair = HAIR[f.hair_colour]
    pen.style(BACKS[f.back])
    pen.rect(x, y, w, h)
    with pen.saved():
        pen.clip_rect(x, y, w, h)
        R = min(w * 0.34, h * 0.3)                     # head radius
        cx, cy = x + w / 2, y + h * 0.56
        rx, ry = {"oval": (0.8, 1.0), "round": (0.9, 0.9), "long": (0.7, 1.06), "square": (0.86, 0.96)}[f.head]
        rx, ry = rx * R, ry * R
        _body(pen, f, cx, y, cy - ry, R, skin)
        _hair_back(pen, f, cx, cy, rx, ry, hair)
        _ears(pen, f, cx, cy, rx, ry, skin)
        pen.style(skin, mix(skin, INK, 0.45), R * 0.035)
        if f.head == "square":
            pen.rect(cx - rx, cy - ry, 2 * rx, 2 * ry, r=rx * 0.45)
        else:
            pen.ellipse(cx, cy, rx, ry)
        _hair_front(pen, f, cx, cy, rx, ry, hair)
        _eyes(pen, f, cx, cy, rx, ry)
        _nose(pen, f, cx, cy, rx, ry, skin)
        _mouth(pen, f, cx, cy, rx, ry, skin, hair)
        _glasses(pen, f, cx, cy, rx, ry)
        _lock(pen, f, cx, cy, rx, ry)


def _body(pen: Pen, f: Features, cx, bottom, chin, R, skin) -> None:
    cloth = CLOTHES[f.clothes]
    pen.style(mix(skin, INK, 0.12))
    pen.rect(cx - R * 0.28, chin - R * 0.35, R * 0.56, R * 0.55)
    top = chin - R * 0.28
    pen.style(cloth, mix(cloth, INK, 0.5), R * 0.035)
    pen.path([("M", cx - R * 1.45, bottom - 2), ("L", cx - R * 1.3, top - R * 0.35),
              ("C", cx - R * 1.1, top - R * 0.02, cx - R * 0.6, top, cx - R * 0.3, top),
              ("L", cx + R * 0.3, top), ("C", cx + R * 0.6, top, cx + R * 1.1, top - R * 0.02, cx + R * 1.3, top - R * 0.35),
              ("L", cx + R * 1.45, bottom - 2), ("Z",)])
    if f.gender == "m":
        pen.style("#ffffff", mix(cloth, INK, 0.5), R * 0.03)                       # shirt collar
        pen.polygon([(cx - R * 0.3, top), (cx, top - R * 0.32), (cx - R * 0.12, top - R * 0.4), (cx - R * 0.38, top - R * 0.1)])
        pen.polygon([(cx + R * 0.3, top), (cx, top - R * 0.32), (cx + R * 0.12, top - R * 0.4), (cx + R * 0.38, top - R * 0.1)])
        pen.style(mix(cloth, "#d4a017", 0.6), INK, R * 0.025)                       # tie
        pen.polygon([(cx - R * 0.08, top - R * 0.3), (cx + R * 0.08, top - R * 0.3), (cx + R * 0.13, top - R * 0.95),
                     (cx, top - R * 1.1), (cx - R * 0.13, top - R * 0.95)])
    else:
        pen.style(skin, None)                                                     # neckline
        pen.path([("M", cx - R * 0.36, top + 0.5), ("C", cx - R * 0.3, top - R * 0.45, cx + R * 0.3, top - R * 0.45,
                                                     cx + R * 0.36, top + 0.5), ("Z",)])
        if f.extra in ("necklace", "both"):
            pen.style("#f4f0e6", INK, R * 0.02)
            for i in range(7):
                t = (i - 3) / 3.4
                pen.circle(cx + t * R * 0.32, top - R * 0.18 - (1 - t * t) * R * 0.12, R * 0.045)


def _hair_back(pen: Pen, f: Features, cx, cy, rx, ry, hair) -> None:
    pen.style(hair, mix(hair, INK, 0.4), rx * 0.03)
    if f.hair_style == "long":
        pen.path([("M", cx - rx * 1.2, cy - ry * 1.25), ("C", cx - rx * 1.45, cy + ry * 0.4, cx - rx * 0.9, cy + ry * 1.3, cx, cy + ry * 1.22),
                  ("C", cx + rx * 0.9, cy + ry * 1.3, cx + rx * 1.45, cy + ry * 0.4, cx + rx * 1.2, cy - ry * 1.25), ("Z",)])
    elif f.hair_style == "bob":
        pen.path([("M", cx - rx * 1.18, cy - ry * 0.45), ("C", cx - rx * 1.35, cy + ry * 0.9, cx - rx * 0.7, cy + ry * 1.28, cx, cy + ry * 1.22),
                  ("C", cx + rx * 0.7, cy + ry * 1.28, cx + rx * 1.35, cy + ry * 0.9, cx + rx * 1.18, cy - ry * 0.45), ("Z",)])
    elif f.hair_style == "bun":
        pen.circle(cx, cy + ry * 1.2, rx * 0.42)
    elif f.hair_style == "ponytail":
        pen.path([("M", cx + rx * 0.6, cy + ry * 0.7), ("C", cx + rx * 1.7, cy + ry * 0.9, cx + rx * 1.6, cy - ry * 0.5, cx + rx * 1.25, cy - ry * 1.1),
                  ("C", cx + rx * 1.2, cy - ry * 0.3, cx + rx * 1.0, cy + ry * 0.3, cx + rx * 0.55, cy + ry * 0.35), ("Z",)])
    elif f.hair_style == "curly" and f.gender == "f":
        for i in range(12):
            a = i / 11
            pen.circle(cx + (a - 0.5) * rx * 2.6, cy - ry * 0.2 + (1 - abs(a - 0.5) * 2) * ry * 1.25, rx * 0.38)


def _ears(pen: Pen, f: Features, cx, cy, rx, ry, skin) -> None:
    n = f.count("ears")
    grow = 1 + 0.55 * n
    erx, ery = rx * 0.2 * grow, ry * 0.24 * grow
    for side in (-1, 1):
        ex = cx + side * (rx * 0.96 + erx * 0.35 * (grow - 1))
        pen.style(skin, mix(skin, INK, 0.5), rx * 0.035)
        pen.ellipse(ex, cy - ry * 0.02, erx, ery)
        pen.style(None, mix(skin, INK, 0.4), rx * 0.03)
        pen.path([("M", ex + side * erx * 0.3, cy + ery * 0.45),
                  ("C", ex - side * erx * 0.35, cy + ery * 0.3, ex - side * erx * 0.35, cy - ery * 0.35, ex + side * erx * 0.2, cy - ery * 0.5)])
        if f.gender == "f" and f.extra in ("earrings", "both"):
            pen.style("#e0b13a", INK, rx * 0.02)
            pen.circle(ex, cy - ry * 0.02 - ery * 0.95, rx * 0.07)


def _hair_front(pen: Pen, f: Features, cx, cy, rx, ry, hair) -> None:
    pen.style(hair, mix(hair, INK, 0.4), rx * 0.03)
    s = f.hair_style
    top = cy + ry
    if s == "bald":
        for side in (-1, 1):
            pen.path([("M", cx + side * rx * 0.98, cy + ry * 0.15), ("C", cx + side * rx * 1.05, cy + ry * 0.5, cx + side * rx * 0.85, cy + ry * 0.7,
                                                                   cx + side * rx * 0.7, cy + ry * 0.72),
                      ("C", cx + side * rx * 0.8, cy + ry * 0.45, cx + side * rx * 0.85, cy + ry * 0.3, cx + side * rx * 0.98, cy + ry * 0.15), ("Z",)])
        return
    if s == "curly":
        n = 9
        for i in range(n):
            a = i / (n - 1)
            px = cx + (a - 0.5) * rx * 1.9
            py = cy + ry * 0.55 + (1 - (2 * a - 1) ** 2) * ry * 0.45
            pen.circle(px, py, rx * 0.3)
        return
    if s == "crew":                                              # short and flat on top, following the skull
        pen.path([("M", cx - rx * 1.0, cy + ry * 0.25),
                  ("C", cx - rx * 1.02, top + ry * 0.02, cx - rx * 0.6, top + ry * 0.2, cx, top + ry * 0.2),
                  ("C", cx + rx * 0.6, top + ry * 0.2, cx + rx * 1.02, top + ry * 0.02, cx + rx * 1.0, cy + ry * 0.25),
                  ("C", cx + rx * 0.85, cy + ry * 0.62, cx - rx * 0.85, cy + ry * 0.62, cx - rx * 1.0, cy + ry * 0.25), ("Z",)])
        return
    # a cap of hair over the top of the head; the fringe's shape varies
    dip = {"short": 0.55, "parted": 0.5, "long": 0.45, "bob": 0.35, "bun": 0.6, "ponytail": 0.55}[s]
    pen.path([("M", cx - rx * 1.03, cy + ry * 0.05),
              ("C", cx - rx * 1.1, top + ry * 0.35, cx + rx * 1.1, top + ry * 0.35, cx + rx * 1.03, cy + ry * 0.05),
              ("C", cx + rx * 0.8, cy + ry * dip, cx + rx * 0.2, cy + ry * (dip + 0.05), cx - (rx * 0.3 if s == "parted" else 0), cy + ry * (dip + 0.2)),
              ("C", cx - rx * 0.5, cy + ry * dip, cx - rx * 0.85, cy + ry * dip * 0.6, cx - rx * 1.03, cy + ry * 0.05), ("Z",)])
    if s == "parted":
        pen.style(None, mix(hair, "#ffffff", 0.35), rx * 0.04)
        pen.line(cx - rx * 0.3, cy + ry * (dip + 0.2), cx - rx * 0.2, top + ry * 0.05)


def _eyes(pen: Pen, f: Features, cx, cy, rx, ry) -> None:
    ey = cy + ry * 0.12
    for side in (-1, 1):
        ex = cx + side * rx * 0.38
        if f.eyes == "smile":
            pen.style(None, INK, rx * 0.06)
            pen.path([("M", ex - rx * 0.14, ey), ("C", ex - rx * 0.07, ey + ry * 0.1, ex + rx * 0.07, ey + ry * 0.1, ex + rx * 0.14, ey)])
        elif f.eyes == "almond":
            pen.style("#ffffff", INK, rx * 0.03)
            pen.ellipse(ex, ey, rx * 0.16, ry * 0.085)
            pen.style("#3b2a20")
            pen.circle(ex, ey, ry * 0.065)
        else:
            pen.style(INK)
            pen.circle(ex, ey, rx * 0.075)
        pen.style(None, INK, rx * 0.05)                                  # eyebrow
        pen.path([("M", ex - rx * 0.17, ey + ry * 0.2), ("C", ex - rx * 0.05, ey + ry * 0.28, ex + rx * 0.08, ey + ry * 0.27, ex + rx * 0.18, ey + ry * 0.2)])
        if f.gender == "f":                                              # eyelashes
            pen.style(None, INK, rx * 0.03)
            for k in (-1, 0, 1):
                bx = ex + side * rx * 0.12 + k * rx * 0.04
                pen.line(bx, ey + ry * 0.07, bx + side * rx * 0.05, ey + ry * 0.15)


def _nose(pen: Pen, f: Features, cx, cy, rx, ry, skin) -> None:
    n = f.count("nose")
    k = 1 + 0.6 * n
    ny = cy - ry * 0.12
    if n:
        pen.style(mix(skin, "#b5543c", 0.25 + 0.1 * n), mix(skin, INK, 0.6), rx * 0.04)
        pen.path([("M", cx - rx * 0.03, ny + ry * 0.28 * k ** 0.5),
                  ("C", cx + rx * 0.12 * k, ny + ry * 0.05, cx + rx * 0.2 * k, ny - ry * 0.12 * k, cx + rx * 0.08 * k, ny - ry * 0.14 * k),
                  ("C", cx - rx * 0.05 * k, ny - ry * 0.17 * k, cx - rx * 0.2 * k, ny - ry * 0.12 * k, cx - rx * 0.16 * k, ny - ry * 0.04 * k),
                  ("C", cx - rx * 0.08, ny + ry * 0.02, cx - rx * 0.06, ny + ry * 0.2, cx - rx * 0.03, ny + ry * 0.28 * k ** 0.5), ("Z",)])
    else:
        pen.style(None, mix(skin, INK, 0.55), rx * 0.04)
        pen.path([("M", cx, ny + ry * 0.12), ("C", cx + rx * 0.08, ny - ry * 0.02, cx + rx * 0.04, ny - ry * 0.08, cx - rx * 0.06, ny - ry * 0.08)])


def _mouth(pen: Pen, f: Features, cx, cy, rx, ry, skin, hair) -> None:
    n = f.count("lips")
    my = cy - ry * 0.5
    if n:
        k = 0.75 + 0.3 * n
        pen.style("#d62839", "#7a1020", rx * 0.03)
        pen.path([("M", cx - rx * 0.3 * k, my),
                  ("C", cx - rx * 0.2 * k, my + ry * 0.13 * k, cx - rx * 0.08 * k, my + ry * 0.12 * k, cx, my + ry * 0.06 * k),
                  ("C", cx + rx * 0.08 * k, my + ry * 0.12 * k, cx + rx * 0.2 * k, my + ry * 0.13 * k, cx + rx * 0.3 * k, my),
                  ("C", cx + rx * 0.15 * k, my - ry * 0.16 * k, cx - rx * 0.15 * k, my - ry * 0.16 * k, cx - rx * 0.3 * k, my), ("Z",)])
        pen.style(None, "#7a1020", rx * 0.025)
        pen.line(cx - rx * 0.27 * k, my + ry * 0.005, cx + rx * 0.27 * k, my + ry * 0.005)
    else:
        pen.style(None, mix(skin, INK, 0.6), rx * 0.045)
        pen.path([("M", cx - rx * 0.2, my + ry * 0.03), ("C", cx - rx * 0.08, my - ry * 0.06, cx + rx * 0.08, my - ry * 0.06, cx + rx * 0.2, my + ry * 0.03)])
    if f.gender == "m" and f.extra == "moustache" and not n:
        pen.style(hair, mix(hair, INK, 0.4), rx * 0.02)
        pen.path([("M", cx, my + ry * 0.15), ("C", cx - rx * 0.2, my + ry * 0.22, cx - rx * 0.35, my + ry * 0.1, cx - rx * 0.38, my - ry * 0.02),
                  ("C", cx - rx * 0.2, my + ry * 0.06, cx - rx * 0.1, my + ry * 0.08, cx, my + ry * 0.08),
                  ("C", cx + rx * 0.1, my + ry * 0.08, cx + rx * 0.2, my + ry * 0.06, cx + rx * 0.38, my - ry * 0.02),
                  ("C", cx + rx * 0.35, my + ry * 0.1, cx + rx * 0.2, my + ry * 0.22, cx, my + ry * 0.15), ("Z",)])
    if f.gender == "m" and f.extra == "beard":
        pen.style(mix(hair, skin, 0.25), None)
        pen.path([("M", cx - rx * 0.95, cy - ry * 0.1), ("C", cx - rx * 0.9, cy - ry * 1.15, cx + rx * 0.9, cy - ry * 1.15, cx + rx * 0.95, cy - ry * 0.1),
                  ("C", cx + rx * 0.7, cy - ry * 0.45, cx + rx * 0.45, cy - ry * 0.72, cx, cy - ry * 0.72),
                  ("C", cx - rx * 0.45, cy - ry * 0.72, cx - rx * 0.7, cy - ry * 0.45, cx - rx * 0.95, cy - ry * 0.1), ("Z",)])


def _glasses(pen: Pen, f: Features, cx, cy, rx, ry) -> None:
    n = f.count("glasses")
    if not n:
        return
    ey = cy + ry * 0.12
    frame = [rx * 0.05, rx * 0.09, rx * 0.12][n - 1]
    size = [0.22, 0.26, 0.31][n - 1]
    lens = [None, "#fff3b0", "#f2c200"][n - 1]
    pen.style(None, INK, frame)
    pen.line(cx - rx * 0.14, ey + ry * 0.02, cx + rx * 0.14, ey + ry * 0.02)
    for side in (-1, 1):
        ex = cx + side * rx * 0.38
        pen.style(lens, INK, frame)
        if n == 1:
            pen.circle(ex, ey, rx * size)
        else:
            pen.rect(ex - rx * size, ey - ry * size * 0.8, rx * size * 2, ry * size * 1.6, r=rx * 0.08)
        pen.style(None, INK, frame * 0.8)
        pen.line(ex + side * rx * size, ey + ry * 0.05, cx + side * rx * 0.98, ey + ry * 0.1)
    if lens == "#f2c200":                                           # dark tinted lenses still show the eyes' place
        pen.style("#5a4a00")
        for side in (-1, 1):
            pen.circle(cx + side * rx * 0.38, ey, rx * 0.07)


def _lock(pen: Pen, f: Features, cx, cy, rx, ry) -> None:
    n = f.count("lock")
    if not n:
        return
    k = 0.6 + 0.3 * n
    lx, ly = cx + rx * 0.2, cy + ry * 0.86
    pen.style("#f08c00", "#8a4a00", rx * 0.035)
    pen.path([("M", lx - rx * 0.25 * k, ly + ry * 0.2 * k),
              ("C", lx + rx * 0.5 * k, ly + ry * 0.35 * k, lx + rx * 0.55 * k, ly - ry * 0.3 * k, lx + rx * 0.05 * k, ly - ry * 0.45 * k),
              ("C", lx - rx * 0.25 * k, ly - ry * 0.55 * k, lx - rx * 0.35 * k, ly - ry * 0.25 * k, lx - rx * 0.12 * k, ly - ry * 0.18 * k),
              ("C", lx + rx * 0.02 * k, ly - ry * 0.3 * k, lx + rx * 0.3 * k, ly - ry * 0.25 * k, lx + rx * 0.25 * k, ly - ry * 0.05 * k),
              ("C", lx + rx * 0.2 * k, ly + ry * 0.12 * k, lx - rx * 0.05 * k, ly + ry * 0.12 * k, lx - rx * 0.25 * k, ly + ry * 0.2 * k), ("Z",)])
