"""Fitting text: shrink to fit down to the minimum, else DoesNotFit; never a crash, never a
cut. Widths are measured here with reportlab's own font metrics, not the pen's."""
from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from forge.kit.art.pen import MIN_SIZE, ReportlabPen
from forge.kit.art.svg import SvgPen
from forge.kit.fonts import register_fonts
from forge.kit.numbered import draw_numbered
from forge.kit.registry import LAYOUTS, REQUIRED, CardBox, DoesNotFit

MM = 72 / 25.4
NS = "{http://www.w3.org/2000/svg}"
LONG = "A" * 60                                     # one unbreakable 60-character word


def width(text: str, size: float, font: str = "sans") -> float:
    return stringWidth(text, register_fonts()[font], size)


def pdf_pen() -> ReportlabPen:
    return ReportlabPen(Canvas(io.BytesIO()), register_fonts())


@pytest.fixture(params=["svg", "pdf"])
def pen(request):
    """Both backends: the layouts draw the same through either."""
    return SvgPen(100, 100) if request.param == "svg" else pdf_pen()


@pytest.mark.parametrize("max_width", [0.0, -5.0, -1e9])
def test_no_room_is_does_not_fit_not_a_crash(pen, max_width):
    with pytest.raises(DoesNotFit, match="'Jester'"):
        pen.fit_text(0, 0, "Jester", 10, max_width)
    with pytest.raises(DoesNotFit, match="no room"):
        pen.fit_lines("Alone: 13.", 10, max_width, 50)
    with pytest.raises(DoesNotFit, match="no room"):
        pen.fit_lines("Alone: 13.", 10, 50, max_width)


def test_empty_text_fits_anywhere(pen):
    assert pen.fit_size("", 9, 0) == 9
    assert pen.fit_lines("", 9, 0, 0) == (9, [])
    assert pen.fit_lines("  \n ", 9, -1, -1) == (9, [])


def test_one_line_shrinks_to_its_width_but_not_under_the_minimum(pen):
    text = "Tailleur de pierres"
    assert pen.fit_size(text, 12, 1000) == 12                          # room enough: unchanged
    box = width(text, 8)                                                # exactly 8 pt's width
    assert pen.fit_size(text, 12, box) == pytest.approx(8)
    assert width(text, MIN_SIZE) > width(text, MIN_SIZE * 0.9)
    with pytest.raises(DoesNotFit) as err:
        pen.fit_size(text, 12, width(text, MIN_SIZE * 0.9))             # needs 4.5 pt
    assert "'Tailleur de pierres'" in str(err.value) and f"{MIN_SIZE:g} pt" in str(err.value)
    assert pen.fit_size(text, 12, width(text, 4), min_size=3.5) == pytest.approx(4)


def test_a_size_asked_under_the_minimum_is_refused(pen):
    with pytest.raises(DoesNotFit, match="under the 5 pt minimum"):
        pen.fit_text(0, 0, "Ears", 4.0, 1000)


def test_wrapped_lines_fit_width_and_height_at_the_largest_size(pen):
    text = "Alone: 13. With others: their rank. 2 in the deck."
    box_w, box_h = 110.0, 40.0
    size, lines = pen.fit_lines(text, 14, box_w, box_h, leading=1.2)
    assert " ".join(lines) == text                                      # nothing dropped
    assert all(width(line, size) <= box_w + 1e-6 for line in lines)
    assert pen.block_height(len(lines), size, 1.2) <= box_h
    bigger = size * 1.01                                                # a little larger fails
    wrapped = pen.wrap(text, bigger, box_w)
    assert (pen.block_height(len(wrapped), bigger, 1.2) > box_h
            or any(width(line, bigger) > box_w for line in wrapped))


def test_a_word_wider_than_its_box_does_not_fit_however_tall_the_box(pen):
    with pytest.raises(DoesNotFit) as err:
        pen.fit_lines(f"short {LONG} words", 9, 100, 10_000)
    assert "'AAAA" in str(err.value) and "wider than its 35.3 mm box" in str(err.value)


def test_too_many_lines_names_the_text_and_what_the_box_holds(pen):
    with pytest.raises(DoesNotFit, match=r"its 35\.3 × 3\.5 mm box holds 1"):
        pen.fit_lines("one two three four five six seven eight nine ten", 9, 100, 10)
    with pytest.raises(DoesNotFit):
        pen.fit_lines("one two three", 9, 1000, 1000, max_lines=0)


def card_params(lay) -> dict:
    """Plausible parameters for any layout: defaults, else a value of the right kind."""
    sample = {"text": "Word", "colour": "#336699", "emblem": "crown", "symbol": "circle",
              "number": 7, "component": "deck", "bool": True}
    params = {}
    for name, prm in lay.params.items():
        if prm.scope == "source":
            continue
        choices = getattr(prm, "choices", ())
        params[name] = (choices[0] if choices else prm.default if prm.default is not REQUIRED
                        else sample[prm.kind])
    params.update({"gender": "m", "trait": "ears", "trait1": "ears", "trait2": "nose", "trait3": "lips"})
    params["entries"] = [{"value": "1", "title": "One", "count": "× 1", "row_colour": "#888888", "emblem": ""}]
    if lay.parts:                  # a declared layout (forge/kit/layouts): its parts, resolved as for a card
        from forge.cardspec.parts import resolve_parts
        params["parts"] = resolve_parts(lay.parts, dict(params), {}, None, None)
    return params


@pytest.mark.parametrize("side", [0.0, 0.5 * MM, 2 * MM])
@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_every_layout_on_a_tiny_card_refuses_or_draws_never_crashes(name, side):
    lay = LAYOUTS[name]
    for pen in (SvgPen(side, side), pdf_pen()):
        try:
            lay.draw(pen, CardBox(side, side * 1.4, 0.0, 3 * MM), card_params(lay), "en")
        except DoesNotFit:
            pass


def test_the_svg_card_shows_its_whole_caption_and_refuses_the_same_long_word():
    card = CardBox(180, 252, 8.5, 8.5)
    params = {"value": "★", "title": "Jester", "colour": "#2e7d32", "emblem": "jester",
              "caption": "Alone: 13. With others: their rank. 2 in the deck, whatever the deck."}
    svg = SvgPen(card.w, card.h)
    draw_numbered(svg, card, params, "en")
    texts = [t.text for t in ET.fromstring(svg.svg()).iter(f"{NS}text")]
    assert " ".join(texts).endswith(params["caption"])                  # every caption line drawn
    for pen in (SvgPen(card.w, card.h), ReportlabPen(Canvas(io.BytesIO()), register_fonts())):
        with pytest.raises(DoesNotFit, match="'AAAA"):
            draw_numbered(pen, card, {**params, "title": LONG}, "en")
