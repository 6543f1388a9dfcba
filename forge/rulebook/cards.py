"""The printed cards as SVG files for rulebook figures, drawn by the print kit's layouts.

A :class:`~forge.engine.core.CardRef` names a card by its cardspec component and row
fields; :class:`CardArt` finds the row, resolves the face in the page's language and
draws it through the same layout code as the PDF, with an :class:`SvgPen`. Its alt text
is what the face says, or else its label in the page's card notation (``notation``).
"""
from __future__ import annotations

import hashlib
from typing import Callable

from ..engine.core import CardRef
from ..errors import InputError, Location
from ..kit.art.svg import SvgPen
from ..kit.registry import CardBox, DoesNotFit
from ..kit.render import SAFE
from ..cardspec.loader import resolve_face
from ..cardspec.model import GameSpec

__all__ = ["CardArt", "Card"]


class Card:
    def __init__(self, name: str, svg: str, alt: str, width: float, height: float):
        self.name, self.svg, self.alt, self.width, self.height = name, svg, alt, width, height


class CardArt:
    """Draws each distinct card of one game in one language once."""

    def __init__(self, spec: GameSpec | None, lang: str, notation: Callable[[str], str] = str):
        self.spec, self.lang, self.notation = spec, lang, notation
        self.cards: dict[CardRef, Card] = {}

    def card(self, ref: CardRef, where: Location) -> Card | None:
        """The drawn card (None when the game has no cardspec to draw from)."""
        if self.spec is None:
            return None
        if ref in self.cards:
            return self.cards[ref]
        comp = self.spec.components.get(ref.component)
        if comp is None or comp.front is None:
            raise InputError(where, f"card '{ref.label}': the cardspec of {self.spec.game} has no component "
                             f"'{ref.component}' (expected one of: {', '.join(self.spec.components)})")
        want = dict(ref.match)
        row = next((r for r in comp.rows_for(self.lang) if all(str(r.fields.get(k)) == v for k, v in want.items())), None)
        if row is None:
            raise InputError(where, f"card '{ref.label}': no row of {ref.component} has "
                             + ", ".join(f"{k} = {v}" for k, v in want.items()),
                             hint=f"the figure draws the printed cards of {Location.of(self.spec.path)}")
        params = resolve_face(comp.front, row, self.lang, self.spec)
        w, h = comp.size
        alt = " ".join(str(params[k]) for k in ("value", "option", "title") if params.get(k)) or self.notation(ref.label)
        pen = SvgPen(w, h, title=alt)
        try:
            comp.front.draws.draw(pen, CardBox(w, h, 0.0, SAFE), params, self.lang)
        except DoesNotFit as exc:
            raise InputError(row.location, f"{exc} (layout '{comp.front.layout}', language {self.lang})",
                             hint="shorten the text, or break it with a space or hyphen") from None
        svg = pen.svg()
        digest = hashlib.sha256(svg.encode()).hexdigest()[:8]
        slug = "-".join(v for _, v in ref.match).lower()
        slug = "".join(ch if ch.isascii() and (ch.isalnum() or ch == "-") else "_" for ch in slug)
        card = Card(f"{ref.component}-{slug}-{digest}.svg", svg, alt, w, h)
        self.cards[ref] = card
        return card
