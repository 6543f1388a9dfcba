"""The printed cards as SVG files for rulebook figures, drawn by the print kit's layouts.

A :class:`~forge.engine.core.CardRef` names a card by its cardspec component and row
fields; :class:`CardArt` finds the row, resolves the face in the page's language and
draws it through the same layout code as the PDF, with an :class:`SvgPen`. Its alt text
is what the face says, or else its label in the page's card notation (``notation``). A card
turned face down (``CardRef.face_down``) is drawn as its component's back, one file for all
the cards that share that back.
"""
from __future__ import annotations

import hashlib
from dataclasses import replace
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
    def __init__(self, name: str, svg: str, alt: str, width: float, height: float, caption: str = "",
                 face_down: bool = False):
        self.name, self.svg, self.alt, self.width, self.height = name, svg, alt, width, height
        self.caption, self.face_down = caption, face_down      # the text drawn on it; its back shown


class CardArt:
    """Draws each distinct card of one game in one language once."""

    def __init__(self, spec: GameSpec | None, lang: str, notation: Callable[[str], str] = str):
        self.spec, self.lang, self.notation = spec, lang, notation
        self.cards: dict[CardRef, Card] = {}      # each drawing once (a back: by its parameters)

    def card(self, ref: CardRef, where: Location) -> Card | None:
        """The drawn card (None when the game has no cardspec to draw from); a card face down
        is its component's back, with the alternative text of its front."""
        if self.spec is None:
            return None
        if ref.face_down:
            front = self.card(replace(ref, face_down=False), where)
            back = self.back(ref, where)
            return Card(back.name, back.svg, front.alt, back.width, back.height, ref.caption, face_down=True)
        if ref in self.cards:
            return self.cards[ref]
        comp, row = self.find(ref, where)
        params = resolve_face(comp.front, row, self.lang, self.spec)
        alt = " ".join(str(params[k]) for k in ("value", "option", "title") if params.get(k)).replace("\u00ad", "") \
            or self.notation(ref.label)
        slug = "-".join(v for _, v in ref.match).lower()
        card = self.draw(comp, comp.front, row, params, alt, slug)
        card.caption = ref.caption
        self.cards[ref] = card
        return card

    def back(self, ref: CardRef, where: Location) -> Card:
        """The back of ``ref``'s card, drawn once for every card that has the same."""
        comp, row = self.find(ref, where)
        if comp.back is None:
            raise InputError(where, f"card '{ref.label}' is face down, but {ref.component} has no back in the "
                             f"cardspec of {self.spec.game}", hint="give the component a back: {layout: back, …}")
        params = resolve_face(comp.back, row, self.lang, self.spec)
        key = CardRef(ref.component, (), repr(sorted(params.items())), face_down=True)   # a back by what it shows
        if key not in self.cards:
            self.cards[key] = self.draw(comp, comp.back, row, params, "", "back")
        return self.cards[key]

    def find(self, ref: CardRef, where: Location):
        """The component and row of ``ref``: a row of the page's language, else of another
        language the kit prints (a section shown from its source edition names that edition's
        cards: Majority's words)."""
        comp = self.spec.components.get(ref.component)
        if comp is None or comp.front is None:
            raise InputError(where, f"card '{ref.label}': the cardspec of {self.spec.game} has no component "
                             f"'{ref.component}' (expected one of: {', '.join(self.spec.components)})")
        want = dict(ref.match)
        langs = [self.lang] + [lang for lang in self.spec.languages if lang != self.lang]
        row = next((r for lang in langs for r in comp.rows_for(lang)
                    if all(str(r.fields.get(k)) == v for k, v in want.items())), None)
        if row is None:
            raise InputError(where, f"card '{ref.label}': no row of {ref.component} has "
                             + ", ".join(f"{k} = {v}" for k, v in want.items()),
                             hint=f"the figure draws the printed cards of {Location.of(self.spec.path)}")
        return comp, row

    def draw(self, comp, face, row, params: dict, alt: str, slug: str) -> Card:
        """``face`` (front or back) of ``row`` as an SVG file named by ``slug`` and its drawing."""
        w, h = comp.size
        pen = SvgPen(w, h, title=alt)
        try:
            face.draws.draw(pen, CardBox(w, h, 0.0, SAFE), params, self.lang)
        except DoesNotFit as exc:
            raise InputError(row.location, f"{exc} (layout '{face.layout}', language {self.lang})",
                             hint="shorten the text, or break it with a space or hyphen") from None
        svg = pen.svg()
        digest = hashlib.sha256(svg.encode()).hexdigest()[:8]
        slug = "".join(ch if ch.isascii() and (ch.isalnum() or ch == "-") else "_" for ch in slug)
        return Card(f"{comp.name}-{slug}-{digest}.svg", svg, alt, w, h)
