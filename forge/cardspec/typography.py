"""Printed card text in its language's typography."""
from __future__ import annotations

import re

from ..i18n.hyphens import soft_hyphens

__all__ = ["typeset", "breakable"]

#: an apostrophe between two letters (l'ascension, aujourd'hui)
_APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)")


#: a quotation in straight double quotes
_QUOTED = re.compile(r'(?<![\w"])"([^"\n]+)"(?![\w"])')


def typeset(value, lang: str):
    """A printed text in its language's typography, as the rulebooks print it: in French and
    German the typewriter apostrophe between two letters becomes the typographic one
    (l’ascension, geht’s); in German "…" becomes „…“."""
    if not isinstance(value, str):
        return value
    kind = lang.split("-")[0]
    if kind in ("fr", "de") and "'" in value:
        value = _APOSTROPHE.sub("\u2019", value)
    if kind == "de" and '"' in value:
        value = _QUOTED.sub("\u201e\\1\u201c", value)
    return value


def breakable(value, lang: str):
    """A text drawn on a card, typeset, its long words given their break points (in German:
    :mod:`forge.i18n.hyphens`), where the card's text wrap may break them with a hyphen."""
    value = typeset(value, lang)
    return soft_hyphens(value, lang) if isinstance(value, str) else value
