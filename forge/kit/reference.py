"""Reference cards: a table listing every row of another component (e.g. the rank order)."""
from __future__ import annotations

from .art.emblems import draw_emblem
from .art.pen import Pen, mix
from .registry import CardBox, Param, layout

__all__ = ["draw_reference"]

INK = "#2b2118"


@layout(
    "reference", kinds=("deck",),
    heading=Param("text", help="the card's heading"),
    note=Param("text", "", help="a line under the table"),
    source=Param("component", help="the component whose rows are listed"),
    colour=Param("colour", "#f4ecd8", help="the card's background"),
    value=Param("text", scope="source", help="per listed row: the rank"),
    title=Param("text", "", scope="source", help="per listed row: the name"),
    count=Param("text", "", scope="source", help="per listed row: how many"),
    row_colour=Param("colour", "#888888", scope="source", help="per listed row: its colour"),
    emblem=Param("emblem", "", scope="source", help="per listed row: its emblem"),
)
def draw_reference(pen: Pen, card: CardBox, p: dict, lang: str) -> None:
    """A heading, one line per listed row (chip with the rank, emblem, name, count), a note."""
    w, h, b, safe = card.w, card.h, card.bleed, card.safe
    entries = p["entries"]
    pen.style(p["colour"])
    pen.rect(-b, -b, w + 2 * b, h + 2 * b)
    pen.style(INK)
    head = pen.fit_text(w / 2, h - safe - w * 0.075, p["heading"], w * 0.075, w - 2 * safe, font="serif")
    # the note takes at most a fifth of the card, the table the rest
    note_size, note_lines = pen.fit_lines(p["note"], w * 0.038, w - 2 * safe, (h - 2 * safe) * 0.2, leading=1.26)
    bottom = safe + pen.block_height(len(note_lines), note_size, 1.26) + (2 if note_lines else 0)
    top = h - safe - head * 1.45
    line = min((top - bottom) / max(1, len(entries)), w * 0.1)      # a short list is not stretched
    size = min(line * 0.62, w * 0.05)
    x0, x1 = safe, w - safe
    for i, e in enumerate(entries):
        y = top - (i + 1) * line
        if i % 2 == 0:
            pen.style(mix(p["colour"], INK, 0.07))
            pen.rect(x0, y, x1 - x0, line)
        chip = line * 0.86
        pen.style(e["row_colour"])
        pen.rect(x0 + 1, y + (line - chip) / 2, chip * 1.5, chip, r=chip * 0.2)
        pen.style("#ffffff")
        pen.fit_text(x0 + 1 + chip * 0.75, y + line / 2 - size * 0.36, e["value"], size, chip * 1.3, font="bold")
        if e["emblem"]:
            draw_emblem(pen, e["emblem"], x0 + chip * 1.75, y + (line - chip) / 2, chip)
        pen.style(INK)
        tx = x0 + chip * 2.95
        count = pen.fit_text(x1 - 2, y + line / 2 - size * 0.36, e["count"], size, (x1 - tx) * 0.3, anchor="end")
        count_w = pen.text_width(e["count"], count) + 2
        pen.fit_text(tx, y + line / 2 - size * 0.36, e["title"], size, x1 - tx - count_w - 4, anchor="start")
    pen.style(mix(INK, "#ffffff", 0.25))
    pen.draw_lines(w / 2, bottom - 2, note_lines, note_size, leading=1.26)
