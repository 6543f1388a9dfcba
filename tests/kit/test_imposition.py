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
