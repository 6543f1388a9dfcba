"""The bundled fonts cover French and the suit signs, and are the only fonts used."""
from __future__ import annotations

from reportlab.pdfbase import pdfmetrics

from forge.cardspec.fonts import BUILTIN_FILES
from forge.kit.fonts import FONT_DIR, register_fonts

FRENCH = "àâäçéèêëîïôöùûüÿœæÀÂÇÉÈÊËÎÏÔÙÛÜŸŒÆ«»’€"
SUITS = "♠♥♦♣"


def test_bundled_fonts_cover_french_and_suits():
    for logical, name in register_fonts().items():
        face = pdfmetrics.getFont(name).face
        missing = [ch for ch in FRENCH + SUITS if ord(ch) not in face.charToGlyph]
        assert not missing, f"{logical} ({name}) lacks {''.join(missing)}"


def test_fonts_ship_inside_the_package():
    assert FONT_DIR.parent.name == "forge"
    assert sorted(p.name for p in FONT_DIR.glob("*.ttf")) == sorted(BUILTIN_FILES.values())
