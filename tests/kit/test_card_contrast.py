"""Text on a Chat vert card reads against its colour: every word drawn on a card's ground (its
corner indices, its caption) has a WCAG contrast of at least 4.5:1 with that ground, for each
of the four colours, drawn by the kit's own layout code (as SVG, where each text's colour and
place can be read)."""
from __future__ import annotations

import re

import pytest

from forge.cardspec.colours import contrast
from forge.cardspec.loader import load_spec, resolve_face
from forge.kit import LAYOUT_TABLE
from forge.kit.art.suits import SUITS
from forge.kit.art.svg import SvgPen
from forge.kit.registry import CardBox
from forge.kit.render import SAFE

from ..conftest import ROOT

TEXT = re.compile(r'<text transform="translate\(([-\d.]+) ([-\d.]+)\) scale\(1 -1\)"[^>]*fill="(#[0-9a-f]{6})">')


@pytest.mark.parametrize("suit", sorted(SUITS))
def test_words_on_a_coloured_ground_have_at_least_4_5_to_1(suit):
    spec = load_spec(ROOT / "cardspecs" / "chatvert.yaml", ROOT, LAYOUT_TABLE)
    comp = spec.components["cards"]
    rows = [r for r in comp.rows_for("fr") if r.fields.get("colour") == suit]
    assert rows
    w, h = comp.size
    cx, cy, r = w / 2, h / 2, min(w * 0.36, h * 0.26)             # the white disc (forge/kit/colour_card.py)
    on_ground = []
    for row in rows:
        pen = SvgPen(w, h)
        comp.front.draws.draw(pen, CardBox(w, h, 0.0, SAFE), resolve_face(comp.front, row, "fr", spec), "fr")
        on_ground += [fill for x, y, fill in TEXT.findall(pen.svg())
                      if (float(x) - cx) ** 2 + (float(y) - cy) ** 2 > (1.05 * r) ** 2]
    assert on_ground
    worst = min(contrast(fill, SUITS[suit].colour) for fill in on_ground)
    assert worst >= 4.5, f"{suit}: {worst:.2f}:1"
