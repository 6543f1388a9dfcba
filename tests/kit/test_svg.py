"""The SVG pen draws the same art as the PDF pen."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from forge.kit.art.emblems import EMBLEMS, draw_emblem
from forge.kit.art.svg import SvgPen
from forge.kit.numbered import draw_numbered
from forge.kit.registry import CardBox

NS = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("name", sorted(EMBLEMS))
def test_every_emblem_renders_to_well_formed_svg(name):
    pen = SvgPen(100, 100, title=name)
    draw_emblem(pen, name, 0, 0, 100)
    root = ET.fromstring(pen.svg())
    shapes = [e for e in root.iter() if e.tag.split("}")[1] in ("path", "rect", "circle", "ellipse")]
    assert len(shapes) >= 3
    assert root.get("viewBox") == "0 0 100 100"


def test_a_card_face_in_svg_carries_its_text():
    card = CardBox(180, 252, 8.5, 8.5)
    pen = SvgPen(card.w, card.h)
    draw_numbered(pen, card, {"value": "7", "title": "Couturière", "caption": "7 dans le jeu",
                              "colour": "#e65100", "emblem": "needle"}, "fr")
    root = ET.fromstring(pen.svg())
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert texts.count("7") == 3 and "Couturière" in texts and "7 dans le jeu" in texts
    # every group opened by a transform or saved() is closed: the XML parsed, and the
    # card's art is inside the flipped top-level group
    assert root[0].get("transform") == "translate(0 252) scale(1 -1)"
    assert root.get("viewBox") == "0 0 180 252"
    widths = {e.get("stroke-width") for e in root.iter() if e.get("stroke-width")}
    assert "2.2" in widths                       # the frame's stroke, as the PDF draws it
