"""Text wrapping on cards: French punctuation never starts a line."""
from __future__ import annotations

from forge.kit.art.svg import SvgPen

TEXT = "Face rouge : tout s'inverse ; votez « au hasard » ! Vraiment ? Oui : la moins logique."


def test_no_line_starts_with_a_mark_that_follows_a_space():
    pen = SvgPen(100, 100)
    for width in range(20, 300, 7):
        lines = pen.wrap(TEXT, 10, width)
        assert " ".join(lines) == TEXT                 # nothing lost, spaces kept
        assert not any(line[0] in ":;!?»" for line in lines), (width, lines)
        assert not any(line.endswith("«") for line in lines), (width, lines)
