"""Languages written right to left: the page's ``dir``, and text put in the order it is drawn.

A page in such a language (Hebrew, Arabic…) is ``dir="rtl"``: the browser mirrors its layout
(the stylesheet says start and end, not left and right) and sets each paragraph from the
right; the cards of a figure stay left to right (``direction: ltr`` on them), as the table
shows them. On a card, forge draws a text glyph by glyph from the left (reportlab): a text
holding right-to-left letters is first put in its visual order (the Unicode bidirectional
algorithm, python-bidi), so that Hebrew reads right. Letters that join (Arabic) are not
shaped: reportlab shapes only with rlbidi, which is not on PyPI.
"""
from __future__ import annotations

import re

__all__ = ["RTL", "direction", "visual"]

#: languages written right to left (their ISO 639 codes)
RTL = frozenset({"ar", "arc", "ckb", "dv", "fa", "he", "ps", "sd", "ug", "ur", "yi"})
#: a letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko…)
RTL_LETTER = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")


def direction(lang: str) -> str:
    """``rtl`` or ``ltr``, the ``dir`` of a page in ``lang``."""
    return "rtl" if lang.lower().split("-")[0] in RTL else "ltr"


def visual(text: str) -> str:
    """``text`` in the order its glyphs are drawn from the left: unchanged unless it holds a
    right-to-left letter."""
    if not RTL_LETTER.search(text):
        return text
    from bidi import get_display
    return get_display(text)
