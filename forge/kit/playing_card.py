"""A standard 54-card deck: A–10 with their pips, J/Q/K with our own court figures, two
jokers, and a back.

- ``playing_card``: the rank and the suit sign in the top-left corner and, turned, in the
  bottom-right (a fanned hand shows them; ``courts`` gives the letters of J/Q/K in the deck's
  language, V D R in French); A–10 carry their pips in the layout of a common
  deck (:mod:`.art.pips`), J/Q/K a framed double-ended figure. A joker has the word in its
  corners, read downwards, and a jester's hat. Suits are vector paths, and a red pip has a
  white inline, so the deck reads in greyscale and looks the same in the rulebook's SVG.
- ``playing_back``: the common back, a pattern and the medallion of ``back`` with the four
  suit signs and a name in the medallion.
"""
from __future__ import annotations

from collections.abc import Iterator

from .art.emblems import draw_emblem
from .art.pen import TOP, Pen, mix
from .art.pips import BLACK, COURTS, PIP_LAYOUTS, RED, SUIT_SIGNS, draw_court, draw_suit, suit_colour
from .back import PATTERNS, draw_back
from .registry import CardBox, DoesNotFit, Param, layout

__all__ = ["draw_playing_card", "draw_playing_back", "RANKS"]

RANKS = tuple(PIP_LAYOUTS) + COURTS + ("joker",)
PAPER = "#fffdf8"
WHITE = "#ffffff"


def _index_size(card: CardBox) -> float:
    """The corner rank's font size; the corner column is as wide as this size."""
    return min(card.w, card.h) * 0.16


def _condensed(pen: Pen, x: float, y: float, s: str, size: float, max_w: float) -> None:
    """``s`` centred on x, squeezed sideways (never shorter) when wider than ``max_w``."""
    width = pen.text_width(s, size, "bold")
    with pen.saved():
        pen.translate(x, y)
        if width > max_w:
            pen.scale(max_w / width, 1)
        pen.text(0, 0, s, size, font="bold", anchor="middle")


def _both_ends(pen: Pen, card: CardBox) -> Iterator[None]:
    """Run the loop's body twice: as drawn, then turned half round the card's centre."""
    for turned in (False, True):
        with pen.saved():
            if turned:
                pen.translate(card.w, card.h)
                pen.rotate(180)
            yield


def _court_letters(text: str) -> dict[str, str]:
    """The ``courts`` parameter read: what the corners show for J, Q and K."""
    letters = text.split()
    if len(letters) != len(COURTS) or any(len(x) > 2 for x in letters):
        raise DoesNotFit(f"courts {text!r} should be three short letters, for J, Q and K (French: \"V D R\")")
    return dict(zip(COURTS, letters))


def _corners(pen: Pen, card: CardBox, rank: str, suit: str, colour: str) -> None:
    """Rank (as the deck's language writes it) over suit sign, top left and (turned) bottom right,
    the rank's line (up to its accented capitals' height) under the safe line."""
    s = _index_size(card)
    for _ in _both_ends(pen, card):
        x, top = card.safe + s * 0.52, card.h - card.safe
        pen.style(colour)
        baseline = top - s * TOP
        _condensed(pen, x, baseline, rank, s, s * 0.98)
        draw_suit(pen, suit, x, baseline - s * 0.55, s * 0.34)


def _pips(pen: Pen, card: CardBox, rank: str, suit: str) -> None:
    w, h = card.w, card.h
    dx, dy = w * 0.185, h * 0.3
    if rank == "A":
        draw_suit(pen, suit, w / 2, h / 2, w * (0.2 if suit == "♠" else 0.15))
        return
    r = w * 0.072
    for col, row in PIP_LAYOUTS[rank]:
        draw_suit(pen, suit, w / 2 + col * dx, h / 2 + row * dy, r, turned=row < 0)


def _joker(pen: Pen, card: CardBox, colour: str, word: str) -> None:
    """The word down two corners, a jester's hat in a ring, the word under it, a star."""
    w, h, safe = card.w, card.h, card.safe
    ink = RED if colour == "red" else BLACK
    s = _index_size(card) * 0.62
    letters = [ch for ch in word if not ch.isspace()]
    if s * 1.05 * len(letters) > h * 0.45:
        raise DoesNotFit(f"the joker's word {word!r} is too long for its corner (at most 7 letters)")
    for _ in _both_ends(pen, card):
        pen.style(ink)
        for i, ch in enumerate(letters):
            _condensed(pen, safe + s * 0.7, h - safe - s * (0.9 + 1.05 * i), ch, s, s * 1.2)
    r = w * 0.3
    cx, cy = w / 2, h * 0.56
    pen.style(mix(ink, WHITE, 0.88), ink, 1.6)
    pen.circle(cx, cy, r)
    draw_emblem(pen, "jester", cx - r * 0.72, cy - r * 0.68, r * 1.44)
    pen.style(ink)
    size = pen.fit_size(word, w * 0.1, w - 2 * (safe + s * 1.5), "bold")
    pen.text(cx, cy - r - size * 1.3, word, size, font="bold", anchor="middle")
    draw_suit(pen, "♥" if colour == "red" else "♠", cx, cy - r - size * 2.3, size * 0.45)


@layout(
    "playing_card", kinds=("deck",),
    rank=Param("text", help="A, 2–10, J, Q, K or joker", choices=RANKS),
    suit=Param("text", "", help="♠ ♣ ♥ ♦ (empty for a joker)", choices=SUIT_SIGNS + ("",)),
    colour=Param("text", "", help="a joker's colour: red or black (a suited card takes its suit's)",
                 choices=("red", "black", "")),
    joker=Param("text", "JOKER", help="the word printed on a joker"),
    courts=Param("text", "J Q K", help="the corner letters of J, Q and K, in the deck's language (French: V D R)"),
    tag=Param("text", "", help="invisible text that tools read back from the PDF (e.g. the card's notation)"),
)
def draw_playing_card(pen: Pen, card: CardBox, p: dict, lang: str) -> None:
    """A card of a standard deck (see the module's docstring)."""
    w, h, b = card.w, card.h, card.bleed
    rank, suit = p["rank"], p["suit"]
    if (rank == "joker") == bool(suit):
        raise DoesNotFit(f"a '{rank}' card " + ("has no suit" if rank == "joker" else "needs a suit (♠ ♣ ♥ ♦)"))
    if rank == "joker" and not p["colour"]:
        raise DoesNotFit("a joker needs a colour (red or black)")
    pen.style(PAPER)
    pen.rect(-b, -b, w + 2 * b, h + 2 * b)
    ink = suit_colour(suit) if suit else RED if p["colour"] == "red" else BLACK
    inset = card.safe * 0.5
    pen.style(None, mix(ink, PAPER, 0.75), 0.6)
    pen.rect(inset, inset, w - 2 * inset, h - 2 * inset, r=card.safe)
    if rank == "joker":
        _joker(pen, card, p["colour"], p["joker"])
    else:
        _corners(pen, card, _court_letters(p["courts"]).get(rank, rank), suit, ink)
        if rank in COURTS:
            side = card.safe + _index_size(card) * 1.15
            draw_court(pen, rank, suit, side, h * 0.1, w - 2 * side, h * 0.8)
        else:
            _pips(pen, card, rank, suit)
    if p["tag"]:
        pen.tag(card.safe, card.safe, p["tag"])


@layout(
    "playing_back", kinds=("deck",),
    title=Param("text", "", help="a short name in the medallion"),
    colour=Param("colour", "#7b2240", help="the background"),
    accent=Param("colour", "#f0c987", help="the pattern and the medallion's rim"),
    pattern=Param("text", "lattice", help="the ground's pattern, as the back layout's", choices=tuple(PATTERNS)),
)
def draw_playing_back(pen: Pen, card: CardBox, p: dict, lang: str) -> None:
    """The ``back`` layout's pattern and medallion, the four suit signs round a short name."""
    draw_back(pen, card, {"title": "", "colour": p["colour"], "accent": p["accent"], "emblem": "",
                          "pattern": p["pattern"]}, lang)
    cx, cy, r = card.w / 2, card.h / 2, card.w * 0.3
    for suit, angle in zip(("♠", "♥", "♣", "♦"), (0, -90, 180, 90)):     # each pointing outwards
        with pen.saved():
            pen.translate(cx, cy)
            pen.rotate(angle)
            draw_suit(pen, suit, 0, r * 0.66, r * 0.2, colour=p["accent"])
    if p["title"]:
        pen.style(p["accent"])
        pen.fit_text(cx, cy - r * 0.08, p["title"], r * 0.26, r * 0.66, font="serif")
