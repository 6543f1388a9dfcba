"""The Majority kit as built, read back from the PDFs: every word once and inside its
card's safe zone, fronts and backs of each word card on the same physical card, the vote
sets, setup, point, variant, blank and summary cards, and a byte-identical rebuild."""
from __future__ import annotations

import csv
from collections import Counter

import pytest

from forge.cardspec.model import MM

from ..conftest import ROOT, run_forge, tree_digest
from ..pdftools import box, boxes_nested, card_faces, open_pdf

LANGS = ("fr", "en")
PAPERS = ("a4", "letter")
SAFE = 3 * MM                       # the safe zone's inset from the cut (DESIGN.md)
LEGIBLE = 13.0                      # pt: a word's box is at least this tall
SCORE = {"fr": "Marquer", "en": "Score"}
VARIANT = {"fr": ("Partie normale", "Variante"), "en": ("Normal play", "Variant")}


@pytest.fixture(scope="module")
def kit(majority_build):
    return majority_build


def word_table(lang: str) -> list[dict]:
    with (ROOT / "cardspecs" / "majority" / f"words-{lang}.csv").open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def sides(kit, lang, name, paper="a4"):
    """(front faces, back faces) of a duplex deck, each a list over the sheets' cards."""
    pages = card_faces(kit / "majority" / lang / f"{name}-{paper}.pdf")
    return [f for p in pages[::2] for f in p], [f for p in pages[1::2] for f in p]


def main_text(face) -> str:
    """The card's largest text: the word itself, not its small upside-down copy."""
    return face.text(min_height=face.tallest * 0.8)


def flipped(trim, page_box) -> tuple:
    """Where the back of the card cut at ``trim`` lies once the sheet is turned over its long
    edge: a portrait sheet mirrors left and right, a landscape one top and bottom."""
    x0, y0, x1, y1 = trim
    W, H = page_box[2], page_box[3]
    return (W - x1, y0, W - x0, y1) if W < H else (x0, H - y1, x1, H - y0)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_word_once_on_206_two_sided_cards(kit, lang, paper):
    fronts, backs = sides(kit, lang, "words", paper)
    assert len(fronts) == len(backs) == 206
    printed = [main_text(f) for f in fronts + backs]
    table = word_table(lang)
    listed = [r["front"] for r in table] + [r["back"] for r in table]
    assert len(set(listed)) == 412
    assert Counter(printed) == Counter(listed)       # all 412 words, each exactly once


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_each_back_word_sits_behind_its_front_word(kit, lang, paper):
    """Registration, from the PDF: the back drawn where the turned sheet brings each front
    carries the same card's other word, to 0.01 pt."""
    path = kit / "majority" / lang / f"words-{paper}.pdf"
    pages = card_faces(path)
    reader = open_pdf(path)
    other = {r["front"]: r["back"] for r in word_table(lang)}
    matched = 0
    for i in range(0, len(pages), 2):
        media = box(reader.pages[i], "/MediaBox")
        backs = {tuple(round(v, 2) for v in f.trim): main_text(f) for f in pages[i + 1]}
        for front in pages[i]:
            where = tuple(round(v, 2) for v in flipped(front.trim, media))
            assert backs.get(where) == other[main_text(front)], (i, main_text(front))
            matched += 1
    assert matched == 206


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_no_word_leaves_its_safe_zone_and_all_are_legible(kit, lang, paper):
    fronts, backs = sides(kit, lang, "words", paper)
    for face in fronts + backs:
        x0, y0, x1, y1 = face.trim
        safe = (x0 + SAFE, y0 + SAFE, x1 - SAFE, y1 - SAFE)
        for w in face.words:
            assert safe[0] <= w.rect[0] and w.rect[2] <= safe[2], (w.text, w.rect, safe)
            assert safe[1] <= w.rect[1] and w.rect[3] <= safe[3], (w.text, w.rect, safe)
        big = [w.text for w in face.words if w.height >= face.tallest * 0.8]
        small = [w.text for w in face.words if w.height < face.tallest * 0.8]
        assert face.tallest >= LEGIBLE, main_text(face)
        assert Counter(small) == Counter(big)        # the upside-down copy: the same word


@pytest.mark.parametrize("lang", LANGS)
def test_forty_vote_cards_ten_sets_of_four_and_a_common_back(kit, lang):
    fronts, backs = sides(kit, lang, "votes")
    assert len(fronts) == 40
    found = Counter()
    for f in fronts:
        option = max(f.words, key=lambda w: w.height).text
        numbers = {w.text for w in f.words if w.text.isdigit()}
        assert len(numbers) == 1, f.text()
        found[(int(numbers.pop()), option)] += 1
    assert found == Counter({(p, o): 1 for p in range(1, 11) for o in ("A", "B", "C", SCORE[lang])})
    assert len(backs) == 40 and len({b.form for b in backs}) == 1


@pytest.mark.parametrize("lang", LANGS)
def test_four_setup_cards(kit, lang):
    fronts, backs = sides(kit, lang, "setup")
    signs = sorted(max(f.words, key=lambda w: w.height).text for f in fronts)
    assert signs == ["???", "A", "B", "C"]
    assert len(backs) == 4


@pytest.mark.parametrize("lang", LANGS)
def test_fifty_one_point_and_thirty_five_point_cards(kit, lang):
    fronts, backs = sides(kit, lang, "points")
    for faces in (fronts, backs):                    # the value shows on both faces
        values = Counter(max(f.words, key=lambda w: w.height).text for f in faces)
        assert values == {"1": 50, "5": 30}


@pytest.mark.parametrize("lang", LANGS)
def test_the_variant_card_has_two_different_explained_faces(kit, lang):
    fronts, backs = sides(kit, lang, "variant")
    assert len(fronts) == len(backs) == 1
    green, red = fronts[0], backs[0]
    assert green.form != red.form and green.text() != red.text()
    assert green.text().startswith("= " + VARIANT[lang][0])
    assert red.text().startswith("≠ " + VARIANT[lang][1])
    for face in (green, red):                        # each face explains itself in a sentence or two
        assert len(face.text().split()) > 12


@pytest.mark.parametrize("lang", LANGS)
def test_five_blank_cards_with_a_write_in_area_each_side(kit, lang):
    fronts, backs = sides(kit, lang, "blanks")
    assert len(fronts) == len(backs) == 5
    hint = {f.text() for f in fronts + backs}
    assert len(hint) == 1 and hint.pop()             # only the small "write here" line, both sides


@pytest.mark.parametrize("lang", LANGS)
def test_a_two_sided_rules_summary_card(kit, lang):
    fronts, backs = sides(kit, lang, "summary")
    assert len(fronts) == len(backs) == 1
    assert SCORE[lang] in fronts[0].text() and "20" in backs[0].text()


def test_every_page_has_nested_boxes_and_a_bleed(kit):
    pdfs = sorted((kit / "majority").rglob("*.pdf"))
    assert len(pdfs) == (7 + 1) * 2 * 2               # 7 components and print-all, 2 languages, 2 papers
    for pdf in pdfs:
        assert all(boxes_nested(page) for page in open_pdf(pdf).pages), pdf.name


def test_a_word_too_long_for_its_card_stops_the_build_at_its_line(project):
    """The renderer measures each word: one that would print below the legible size is bad
    input, named at its data line, and the previous kit stays as it was."""
    build = project / "build"
    assert run_forge("build", "majority", "--lang", "fr", "--paper", "a4", "--out", str(build),
                     cwd=project).returncode == 0
    before = tree_digest(build)
    table = project / "cardspecs" / "majority" / "words-fr.csv"
    lines = table.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[5] = lines[5].replace(lines[5].split(",")[1], "anticonstitutionnellement", 1)
    table.write_text("".join(lines), encoding="utf-8")
    result = run_forge("build", "majority", "--lang", "fr", "--paper", "a4", "--out", str(build), cwd=project)
    assert result.returncode == 2
    assert result.stderr.startswith("cardspecs/majority/words-fr.csv:6: the word 'anticonstitutionnellement' "
                                    "fits its card only at"), result.stderr
    assert "Traceback" not in result.stderr and tree_digest(build) == before
