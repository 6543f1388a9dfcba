"""Imposition geometry, checked against arithmetic done by hand."""
from __future__ import annotations

import pytest

from forge.kit.imposition import impose, mirror_axis

MM = 72 / 25.4
A4 = (210 * MM, 297 * MM)
LETTER = (215.9 * MM, 279.4 * MM)
POKER = (63.5 * MM, 88.9 * MM)


def test_poker_on_a4_butts_three_by_three():
    # 3 × 63.5 = 190.5 mm + 2 × 3 mm bleed + 2 × 5 mm margin = 206.5 ≤ 210: fits butted;
    # with 6 mm gaps, 3 × 63.5 + 2 × 6 + 16 = 218.5 > 210: only 2 across.
    imp = impose(A4, POKER, 3 * MM, 5 * MM)
    assert (imp.cols, imp.rows, imp.gap, imp.landscape) == (3, 3, 0.0, False)
    x0, y0, x1, y1 = imp.trim_block()
    assert x0 == pytest.approx((210 - 190.5) / 2 * MM) and y0 == pytest.approx((297 - 266.7) / 2 * MM)


def test_poker_on_letter_prefers_landscape_four_by_two():
    # portrait: 3 rows need 266.7 + 16 = 282.7 mm > 279.4 → 3 × 2 = 6; landscape: 4 × 2 = 8
    imp = impose(LETTER, POKER, 3 * MM, 5 * MM)
    assert (imp.cols, imp.rows, imp.landscape) == (4, 2, True)


def test_tarot_keeps_bleed_apart_when_the_gap_fits_as_many():
    # 70 × 120 mm on A4 portrait: butted 2 × 2, and with 6 mm gaps (2 × 70 + 6 + 16 = 162 ≤ 210,
    # 2 × 120 + 6 + 16 = 262 ≤ 297) also 2 × 2; landscape butted gives 4 × 1. A tie keeps the gap.
    imp = impose(A4, (70 * MM, 120 * MM), 3 * MM, 5 * MM)
    assert (imp.cols, imp.rows, imp.landscape) == (2, 2, False)
    assert imp.gap == pytest.approx(6 * MM)


def test_partial_sheet_keeps_full_bleed_next_to_empty_slots():
    imp = impose(A4, POKER, 3 * MM, 5 * MM)
    [only] = imp.slots(1)
    x0, y0, x1, y1 = only.art
    sides = (only.x - x0, only.y - y0, x1 - only.x - only.w, y1 - only.y - only.h)
    assert sides == pytest.approx((3 * MM,) * 4)
    full = imp.slots()
    assert full[0].art[2] == pytest.approx(full[0].x + full[0].w)     # butted: no bleed into a neighbour


def test_long_edge_mirrors_columns_on_portrait_and_rows_on_landscape():
    assert mirror_axis("long-edge", landscape=False) == "x"
    assert mirror_axis("long-edge", landscape=True) == "y"
    assert mirror_axis("short-edge", landscape=False) == "y"


def test_card_too_big_for_paper():
    from forge.kit.imposition import NoFit
    with pytest.raises(NoFit):
        impose(A4, (300 * MM, 400 * MM), 3 * MM, 5 * MM)


def test_euro_on_letter_keeps_its_gaps_and_moves_up_for_the_label():
    # landscape 4 × 2 with 6 mm gaps: 2 × 92 + 6 + 6 = 196 of 215.9 mm, 9.95 mm each side when
    # centred, under the 13.4 mm the label needs (5.2 mm to the page's edge, two 7 pt lines
    # 6.0 mm, a 1.5 mm crop mark from the bleed's edge and 0.75 mm clear of it; and 9.7 mm
    # across); moved up, 13.4 mm below and 6.5 mm above (at least the 5 mm margin): the same
    # 8 cards, each with its full bleed
    from forge.kit.sheet import label_room
    foot = label_room(True)
    assert foot / MM == pytest.approx(13.4, abs=0.05)
    imp = impose(LETTER, (59 * MM, 92 * MM), 3 * MM, 5 * MM, foot=foot)
    assert (imp.cols, imp.rows, imp.landscape) == (4, 2, True) and imp.gap == pytest.approx(6 * MM)
    x0, y0, x1, y1 = imp.bleed_block()
    assert y0 == pytest.approx(foot) and 215.9 * MM - y1 == pytest.approx((215.9 - 196) * MM - foot)
    assert x0 == pytest.approx((279.4 - 260) / 2 * MM)


def test_a_block_too_big_to_centre_the_label_moves_or_loses_a_row():
    # 190 × 270 mm on A4 portrait: 7 mm each side across, 10.5 mm above and below: moved up
    from forge.kit.sheet import label_room
    foot = label_room(True)
    imp = impose(A4, (190 * MM, 270 * MM), 3 * MM, 5 * MM, orientation="portrait", foot=foot)
    x0, y0, x1, y1 = imp.bleed_block()
    assert y0 == pytest.approx(foot) and 297 * MM - y1 == pytest.approx((297 - 276) * MM - foot)
    # two 190 × 135 mm cards, butted, leave the same room; the label takes a row's place only when
    # nothing else is left: 190 × 137 mm, two rows, 297 - 280 = 17 mm, a row less
    two = impose(A4, (190 * MM, 137 * MM), 3 * MM, 5 * MM, orientation="portrait", spacing="butt", foot=foot)
    assert (two.cols, two.rows) == (1, 1)


@pytest.mark.parametrize("preset", ["poker", "bridge", "tarot", "mini", "euro", "mini-euro", "square"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_preset_imposes_on_both_papers_with_a_band_for_its_label(preset, paper):
    from forge.cardspec.model import CARD_PRESETS, PAPERS
    from forge.kit.sheet import label_room
    foot = label_room(True)
    page = tuple(v * MM for v in PAPERS[paper])
    imp = impose(page, tuple(v * MM for v in CARD_PRESETS[preset]), 3 * MM, 5 * MM, foot=foot)
    x0, y0, x1, y1 = imp.bleed_block()
    W, H = imp.page
    bands = (x0, y0, W - x1, H - y1)
    assert min(bands) >= 5 * MM - 1e-6 and max(bands) >= foot - 1e-6
    assert imp.per_sheet >= 1


def test_a_card_that_fits_no_paper_names_the_largest_that_would():
    from forge.kit.imposition import NoFit
    with pytest.raises(NoFit) as caught:
        impose(LETTER, (210 * MM, 280 * MM), 3 * MM, 5 * MM, foot=14.4 * MM)
    said = str(caught.value)
    assert "210.0 × 280.0 mm card" in said and "215.9 × 279.4 mm paper" in said
    assert "the largest card that fits is 199.9 × 254.0 mm" in said


def test_a_deck_smaller_than_a_sheet_gets_a_grid_just_big_enough_centred():
    # four poker cards on A4 (a sheet holds 3 × 3, butted): three across and one under them,
    # 190.5 × 177.8 mm, in the middle of the page: (210 − 190.5) / 2 = 9.75 mm each side,
    # (297 − 177.8) / 2 = 59.6 mm above and below; the fourth card under the first
    imp = impose(A4, POKER, 3 * MM, 5 * MM, count=4)
    assert (imp.cols, imp.rows, imp.gap) == (3, 2, 0.0)
    x0, y0, x1, y1 = imp.trim_block()
    assert (x0, y0) == pytest.approx((9.75 * MM, 59.6 * MM))
    slots = imp.slots(4)
    assert (slots[3].x, slots[3].y) == pytest.approx((x0, y0))
    # five 18 × 39 mm markers (dozens fit a sheet): one row of five, centred both ways
    imp = impose(A4, (18 * MM, 39 * MM), 3 * MM, 5 * MM, foot=13.4 * MM, count=5)
    assert (imp.cols, imp.rows) == (5, 1)
    x0, y0, x1, y1 = imp.trim_block()
    W, H = imp.page
    assert x0 == pytest.approx(W - x1) and y0 == pytest.approx(H - y1)
    # a deck that fills its sheets keeps the full grid
    assert impose(A4, POKER, 3 * MM, 5 * MM, count=20).per_sheet == 9
