"""Charts drawn as inline SVG a screen reader can read, shared by the rulebooks' appendix of
simulated games (:mod:`forge.rulebook.about`) and a study's report (:mod:`forge.report`).

Each is an ``<svg role="img">`` with a ``<title>`` and a ``<desc>`` that says every figure the
picture shows in the page's language (the tables beside them give the same figures). Numbers
are written by the caller's formatters (the page's decimal mark and percent sign); the drawing
uses only the stylesheet's classes (``chart-*``), so it follows the page's colours and prints
in black and white. One kind a module:

- :func:`seat_chart` (:mod:`.seats`): wins by seat with 95 % bands against the equal share;
- :func:`box_chart` (:mod:`.boxes`): spreads (lengths, scores) as boxes, a row each;
- :func:`dot_chart` (:mod:`.dots`): figures with intervals against a reference, a row each;
- :func:`histogram_chart` (:mod:`.bars`): a distribution as bars;
- :func:`matrix_chart` (:mod:`.matrix`): changes by pair, rule × rule.

Why drawn here rather than by a plotting library: the charts are a few lines and rectangles
each, they must carry their figures in words (``<desc>``) and follow the page's stylesheet and
language, and they are written into pages built on every save; matplotlib's SVG has no such
text (its ``<title>`` is not the chart's), draws with inline styles and needs 30 MB more to
install, and Vega-Lite renders ahead of time only through Node.
"""
from __future__ import annotations

from .bars import histogram_chart
from .boxes import box_chart
from .dots import dot_chart
from .matrix import matrix_chart
from .seats import seat_chart

__all__ = ["seat_chart", "box_chart", "dot_chart", "histogram_chart", "matrix_chart"]
