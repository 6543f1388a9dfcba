"""Every text of every kit is printed whole and inside its box, read back from the PDFs.

For each game, language and paper the real command builds, every word poppler finds
(``pdftotext -bbox``) must lie inside exactly one card's trim rectangle, or, for the
sheet's label, in the margin clear of the card block; on boards, inside the page less
its margin (a board printed with bleed, whole or in pieces: on a piece, or off them 5 mm
inside the page). And nothing is cut short: every word of each printed parameter (the spec's
text, resolved for that card) is found on that card.
"""
from __future__ import annotations

import pytest

from forge.cardspec.loader import load_spec, resolve_face
from forge.kit import LAYOUT_TABLE

from ..conftest import GAMES, ROOT, kit
from ..pdftools import Sheet, open_pdf, box, overlaps, placements, sheets, within, words

MM = 72 / 25.4

#: The parameters each layout prints as text (the others choose colours, symbols, art).
PRINTED = {
    "numbered": ("value", "title", "caption"),
    "colour_card": ("caption",),
    "rule_card": ("title", "text", "phrases", "say"),
    "cat_back": ("title", "subtitle"),
    "back": ("title",),
    "reference": ("heading", "note"),
    "portrait": ("card",),
    "trait_tile": ("label", "family"),
    "standee": ("label", "fold"),
    "summary": ("heading", "text"),
    "word": ("word",),
    "blank": ("hint",),
    "vote": ("option", "note", "player"),
    "setup": ("sign", "caption", "note"),
    "points": ("value", "caption"),
    "signal": ("heading", "text", "mark"),
    "panel": ("heading", "text"),
    "playing_card": (),                  # indices and pips: words only checked to stay on their card
    "playing_back": ("title",),
    "zone_board": ("heading", "note"),   # its zones' texts hold separators and card codes not printed
    "track": ("title", "start", "generation", "first_generation", "lap"),
    "track_back": ("title", "heading_turn", "turn", "heading_scoring", "scoring", "heading_end",
                   "end", "penalty_heading"),
}
#: What a reference card prints of each row it lists.
ENTRY_PRINTED = ("value", "title", "count")


def _pdf(out, spec, comp, lang, paper):
    name = "track-cut.pdf" if comp.name == "track-cut" else f"{comp.name}-{paper}.pdf"   # track-cut: its own page
    return out / spec.game / lang / name


def _cards(comp, lang):
    """The component's rows, each as many times as it is printed."""
    return [row for row in comp.rows_for(lang) for _ in range(row.copies)]


def _shown(value) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _texts(face, row, lang, spec) -> list[str]:
    """The texts ``face`` prints for ``row``, from the spec."""
    params = resolve_face(face, row, lang, spec)
    texts = [_shown(params[name]) for name in PRINTED[face.layout] if _shown(params.get(name, ""))]
    for entry in params.get("entries", []):
        texts += [_shown(entry[name]) for name in ENTRY_PRINTED if _shown(entry.get(name, ""))]
    return texts


def _missing(texts: list[str], found) -> list[str]:
    """The words of ``texts`` not printed among ``found`` (a word broken over two lines is
    found too: spaces are ignored)."""
    printed = "".join(w.text for w in found)
    return [word for text in texts for word in text.split() if word not in printed]


def _strays(sheet: Sheet) -> list[str]:
    """Words neither inside exactly one card nor in the margin clear of every card."""
    out = []
    for w in sheet.words:
        homes = [card for card in sheet.cards if within(w.rect, card.trim)]
        in_margin = not homes and not overlaps(w.rect, sheet.block) and within(w.rect, sheet.media)
        if len(homes) != 1 and not in_margin:
            out.append(f"'{w.text}' at {tuple(round(v, 1) for v in w.rect)} leaves its card")
    return out


def _check_deck(path, spec, comp, lang) -> list[str]:
    pages = sheets(path)
    step = 2 if comp.print.duplex != "off" and comp.back is not None else 1
    cards = _cards(comp, lang)
    per_sheet = len(pages[0].cards)
    problems = []
    for k in range(0, len(pages), step):
        rows = cards[k // step * per_sheet:(k // step + 1) * per_sheet]
        for sheet, face in zip(pages[k:k + step], (comp.front, comp.back)):
            where = f"{path.name} page {k + 1 + (face is comp.back)}"
            assert len(sheet.cards) == len(rows), where
            problems += [f"{where}: {p}" for p in _strays(sheet)]
            for card, row in zip(sheet.cards, rows):
                missing = _missing(_texts(face, row, lang, spec), card.words)
                if missing:
                    problems.append(f"{where}: the card of {row.location} lacks {missing}")
    return problems


def _check_pages(path, spec, comp, lang) -> list[str]:
    """Boards and sheets: one page per row and side, every word inside the margin."""
    reader = open_pdf(path)
    faces = [comp.front, comp.back] if comp.print.duplex != "off" and comp.back is not None else [comp.front]
    rows = [(row, face) for row in _cards(comp, lang) for face in faces]
    assert len(reader.pages) == len(rows)
    problems = []
    m = comp.print.margin
    for i, (page, found, (row, face)) in enumerate(zip(reader.pages, words(path), rows), 1):
        x0, y0, x1, y1 = box(page, "/MediaBox")
        inner = (x0 + m, y0 + m, x1 - m, y1 - m)
        problems += [f"{path.name} page {i}: '{w.text}' at {tuple(round(v, 1) for v in w.rect)} "
                     "is in the margin or off the page" for w in found if not within(w.rect, inner)]
        missing = _missing(_texts(face, row, lang, spec), found)
        if missing:
            problems.append(f"{path.name} page {i}: lacks {missing}")
    return problems


def _check_pieces(path, spec, comp, lang) -> list[str]:
    """A board printed with bleed, whole or in pieces (Familienbande's track), fronts and
    backs alternating: every word lies on a piece (one drawn over a cut runs across it) or,
    the sheet's label, off them at least 5 mm inside the page; each side's texts are found
    on that side's pages."""
    reader = open_pdf(path)
    faces = [comp.front, comp.back] if comp.print.duplex != "off" and comp.back is not None else [comp.front]
    found: list[list] = [[] for _ in faces]
    problems = []
    for i, (page, page_words) in enumerate(zip(reader.pages, words(path))):
        arts = [pl.rect for pl in placements(page, reader)]
        x0, y0, x1, y1 = box(page, "/MediaBox")
        inner = (x0 + 5 * MM, y0 + 5 * MM, x1 - 5 * MM, y1 - 5 * MM)
        problems += [f"{path.name} page {i + 1}: '{w.text}' at {tuple(round(v, 1) for v in w.rect)} is off "
                     "the pieces and within 5 mm of the edge" for w in page_words
                     if not any(overlaps(w.rect, art) for art in arts) and not within(w.rect, inner)]
        found[i % len(faces)] += page_words
    for face, side_words in zip(faces, found):
        for row in _cards(comp, lang):
            missing = _missing(_texts(face, row, lang, spec), side_words)
            if missing:
                problems.append(f"{path.name}: the {face.layout} of {row.location} lacks {missing}")
    return problems


def _check(path, comp):
    """How to read the component's PDF: cards on sheets, a board with bleed, or whole pages."""
    if comp.kind == "deck":
        return _check_deck
    page = open_pdf(path).pages[0]
    return _check_pages if box(page, "/TrimBox") == box(page, "/MediaBox") else _check_pieces


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_every_text_is_printed_whole_inside_its_card(request, game, lang, paper):
    out = kit(request, game)
    spec = load_spec(ROOT / "cardspecs" / f"{game}.yaml", ROOT, LAYOUT_TABLE)
    problems = []
    for comp in spec.components.values():
        path = _pdf(out, spec, comp, lang, paper)
        problems += _check(path, comp)(path, spec, comp, lang)
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])
