"""Backs that look designed without their optional parts (issue 15, item 4): on a ``back``
layout (a lattice and a medallion of radius 0.3 × the card's width) the title sits in the
middle of the medallion when there is no emblem, and under the emblem when there is one;
either way its words' boxes (``pdftotext -bbox``, see tests/pdftools.py) stay clear of the
medallion's ring. Measured on the back pages of the built kits.
"""
from __future__ import annotations

import pytest

from ..pdftools import card_faces

MM = 72 / 25.4
RING = 2.4 / 2 + 0.5 * MM      # half the ring's stroke and a visible gap
CENTRED = 1 * MM

# (kit, file, title, has an emblem)
BACKS = [
    ("familienbande", "fr/portraits-a4.pdf", "Familienbande", False),
    ("familienbande", "en/tiles-letter.pdf", "Secret trait", False),
    ("majority", "fr/votes-a4.pdf", "Majority", False),
    ("majority", "en/setup-letter.pdf", "Majority", False),
    ("dalmuti", "en/cards-a4.pdf", "The Great Dalmuti", True),
]


def title_box(card) -> tuple[float, float, float, float]:
    ws = card.words
    return (min(w.rect[0] for w in ws), min(w.rect[1] for w in ws),
            max(w.rect[2] for w in ws), max(w.rect[3] for w in ws))


@pytest.mark.parametrize("kit, name, title, emblem", BACKS)
def test_back_title_is_balanced_and_clear_of_the_ring(kit, name, title, emblem, request):
    pdf = request.getfixturevalue(f"{kit}_build") / kit / name
    backs = [card for page in card_faces(pdf)[1::2] for card in page]
    assert backs
    for card in backs:
        assert card.text() == title
        x0, y0, x1, y1 = card.trim
        cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, 0.3 * (x1 - x0)
        bx0, by0, bx1, by1 = title_box(card)
        assert abs((bx0 + bx1) / 2 - cx) < CENTRED
        if not emblem:
            assert abs((by0 + by1) / 2 - cy) < CENTRED, f"title {((by0 + by1) / 2 - cy) / MM:+.2f} mm off centre"
        else:
            assert by1 < cy, "the title sits under the emblem"
        corner = max(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 for x in (bx0, bx1) for y in (by0, by1))
        assert corner < r - RING, f"title's corner {(r - corner) / MM:.2f} mm inside the ring's centre line"
