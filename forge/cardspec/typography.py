"""Printed card text in its language's typography."""
from __future__ import annotations

import re

__all__ = ["typeset"]

#: an apostrophe between two letters (l'ascension, aujourd'hui)
_APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)")


def typeset(value, lang: str):
    """A printed text in its language's typography: in French, the typewriter apostrophe
    between two letters becomes the typographic one (l’ascension), as the rulebooks print it."""
    if isinstance(value, str) and lang.split("-")[0] == "fr" and "'" in value:
        return _APOSTROPHE.sub("\u2019", value)
    return value
