"""Where a long word may break: soft hyphens (U+00AD) at the hyphenation points of its
language (pyphen's patterns, from LibreOffice's dictionaries).

German makes long words (*Merkmalsplättchen*, *Siegelbewahrer*): on a narrow screen, in a
table column or on a card, such a word would run wider than its room. Each word of at least
:data:`LONG` letters gets its break points; a browser breaks there with a hyphen, and so does
forge's own text wrap on cards (:meth:`forge.kit.art.pen.Pen.wrap`); neither shows them
otherwise. Only the languages of :data:`HYPHENATED` get them: the others' words are short
enough, and their pages are left as written.
"""
from __future__ import annotations

import functools
import re

__all__ = ["SHY", "LONG", "HYPHENATED", "soft_hyphens"]

SHY = "\u00ad"
#: a word long enough to be given its break points
LONG = 12
LONG_WORD = re.compile(rf"[^\W\d_]{{{LONG},}}")
#: language → pyphen's dictionary
HYPHENATED = {"de": "de_DE"}


@functools.lru_cache(maxsize=None)
def _dictionary(name: str):
    import pyphen
    return pyphen.Pyphen(lang=name, left=3, right=3)


def soft_hyphens(text: str, lang: str) -> str:
    """``text`` with soft hyphens in its long words, in a language of :data:`HYPHENATED`
    (any other: as it is). Words that have some already are left alone."""
    name = HYPHENATED.get(lang.lower().split("-")[0])
    if name is None or not LONG_WORD.search(text):
        return text
    return LONG_WORD.sub(lambda m: _dictionary(name).inserted(m[0], hyphen=SHY), text)
